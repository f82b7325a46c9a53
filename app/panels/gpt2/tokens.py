"""The GPT-2 page's token chips: tap one, or move along them with the keyboard.

The chips of the English page (``ModelTokens``), one tab stop more: Left and Right move
the query to the token before or after, Home and End to the first and the last (never to
the start token), and the query's chip wears the focus ring. A token of one letter gets
a square chip, large enough for a fingertip.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QPainter
from PySide6.QtWidgets import QWidget

from app.panels.english.chips import ModelTokens
from app.ui.painting import paint_focus_ring

KEYS = {Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End}


class TokenChips(ModelTokens):
    """``position_clicked(position)`` on a tap, or on a key that moves the query."""

    min_width_ratio = 1.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def event(self, event: QEvent) -> bool:
        # The chips' keys come before the window's (Left / Right move the stage's query).
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in KEYS
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        first, last = int(self.start), len(self.labels) - 1
        if event.key() not in KEYS or last < first or self.query is None:
            super().keyPressEvent(event)
            return
        target = {
            Qt.Key.Key_Left: self.query - 1,
            Qt.Key.Key_Right: self.query + 1,
            Qt.Key.Key_Home: first,
            Qt.Key.Key_End: last,
        }[Qt.Key(event.key())]
        if first <= target <= last and target != self.query:
            self.position_clicked.emit(target)
        event.accept()

    def paintEvent(self, event) -> None:  # noqa: N802
        super().paintEvent(event)
        rects = self._layout(self.width())
        if self.hasFocus() and self.query is not None and 0 <= self.query < len(rects):
            painter = QPainter(self)
            paint_focus_ring(painter, rects[self.query].adjusted(-3, -3, 3, 3), self._theme.focus)
            painter.end()

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.update()
