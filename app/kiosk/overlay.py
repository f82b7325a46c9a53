"""A widget that covers its parent window completely and follows its size."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from app.model.state import AppState
from app.ui.qt_typing import present
from app.ui.theme import THEMES, Theme


class Overlay(QWidget):
    """Covers the whole parent, above every sibling, and catches input while shown.

    Catching input matters: a visitor's touch on an overlay must never also press
    the button underneath it.
    """

    def __init__(self, parent: QWidget, state: AppState) -> None:
        super().__init__(parent)
        self._state = state
        self.hide()
        parent.installEventFilter(self)

    @property
    def theme(self) -> Theme:
        return THEMES[self._state.theme_id]

    def show_over(self) -> None:
        """Show on top of everything in the parent."""
        self.setGeometry(present(self.parentWidget()).rect())
        self.show()
        self.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(present(self.parentWidget()).rect())
        return False


def scaled_font(base: QFont, px: float, bold: bool = False) -> QFont:
    """``base`` at ``px`` pixels (never below 12), for text sized by the screen."""
    font = QFont(base)
    font.setPixelSize(max(12, round(px)))
    font.setBold(bold)
    return font
