"""Help > Keyboard shortcuts: the whole table, readable at any text size."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.text.wording import translate
from app.ui.dialog_size import SCREEN_SHARE, resize_within_screen
from app.ui.qt_typing import present
from app.window.shortcuts import shortcuts_html

#: Width of the table in average characters: a key column and a short sentence.
WIDTH_CHARS = 80


class ShortcutsDialog(QDialog):
    """The shortcut table in the window's text size. It scrolls when it is taller than
    the screen (a message box grew past the screen's bottom at presenter sizes)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("ShortcutsDialog", "Keyboard shortcuts"))
        self.table = QLabel(shortcuts_html())
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.table.setWordWrap(True)
        self.table.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # A stop for Tab with a caret: a screen reader reads the list when the dialog
        # opens (the focus starts here) and line by line with the arrows.
        self.table.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.table.setAccessibleName(translate("ShortcutsDialog", "Keyboard shortcuts"))
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.table)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a frame; the list is the stop
        self.close_button = QPushButton(translate("ShortcutsDialog", "Close"))
        self.close_button.setDefault(True)
        self.close_button.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll_area, 1)
        layout.addLayout(buttons)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def fit(self) -> None:
        """As large as the table needs, within 90% of the screen."""
        self.ensurePolished()
        self.table.ensurePolished()
        screen_w = self.screen().availableGeometry().width() * SCREEN_SHARE
        width = round(min(self.table.fontMetrics().averageCharWidth() * WIDTH_CHARS, screen_w))
        layout = present(self.layout())
        margins = layout.contentsMargins()
        table_h = self.table.heightForWidth(width - margins.left() - margins.right())
        chrome = margins.top() + margins.bottom() + layout.spacing()
        resize_within_screen(self, width, table_h + chrome + self.close_button.sizeHint().height())
