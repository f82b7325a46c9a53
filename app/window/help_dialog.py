"""Help > Keyboard shortcuts: the whole table, readable at any text size and by ear.

The keys are a table of two columns, a row per key: a screen reader names the table,
then reads the row the focus is on ("F1, This list"), and the arrows read the others
(a label holding the table was read as its name alone, or twice over in pieces).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.text.wording import translate
from app.ui.dialog_size import SCREEN_SHARE, resize_within_screen
from app.ui.qt_typing import present
from app.window.shortcuts import SHORTCUTS

#: Width of the table in average characters: a key column and a short sentence.
WIDTH_CHARS = 80


class ShortcutTable(QTableWidget):
    """Rows as tall as their words at the table's width, whatever that width becomes."""

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.resizeRowsToContents()


def shortcut_table() -> QTableWidget:
    """The keys and what each does, a row each, to read and not to edit."""
    table = ShortcutTable(len(SHORTCUTS), 2)
    table.setObjectName("shortcuts")
    table.horizontalHeader().hide()
    table.verticalHeader().hide()
    table.setShowGrid(False)
    table.setWordWrap(True)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setTabKeyNavigation(False)  # Tab goes on to "Close"; the arrows go row by row
    table.setAccessibleName(translate("ShortcutsDialog", "Keyboard shortcuts"))
    for row, shortcut in enumerate(SHORTCUTS.values()):
        keys = QTableWidgetItem(" / ".join(shortcut.keys))
        bold = QFont(keys.font())
        bold.setBold(True)
        keys.setFont(bold)
        text = QTableWidgetItem(shortcut.text())
        for column, item in enumerate((keys, text)):  # a key beside its first line
            item.setTextAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            table.setItem(row, column, item)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    table.setCurrentCell(0, 0)
    return table


class ShortcutsDialog(QDialog):
    """The shortcut table in the window's text size. It scrolls when it is taller than
    the screen (a message box grew past the screen's bottom at presenter sizes)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("ShortcutsDialog", "Keyboard shortcuts"))
        self.table = shortcut_table()
        self.close_button = QPushButton(translate("ShortcutsDialog", "Close"))
        self.close_button.setDefault(True)
        self.close_button.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        # A screen reader starts on the list (its first row), not on "Close".
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def fit(self) -> None:
        """As large as the table needs, within 90% of the screen."""
        self.ensurePolished()
        self.table.ensurePolished()
        screen_w = self.screen().availableGeometry().width() * SCREEN_SHARE
        width = round(min(self.table.fontMetrics().averageCharWidth() * WIDTH_CHARS, screen_w))
        layout = present(self.layout())
        margins = layout.contentsMargins()
        self.table.resize(width - margins.left() - margins.right(), self.table.height())
        self.table.resizeRowsToContents()
        frame = 2 * self.table.frameWidth()
        table_h = sum(self.table.rowHeight(r) for r in range(self.table.rowCount())) + frame
        chrome = margins.top() + margins.bottom() + layout.spacing()
        resize_within_screen(self, width, table_h + chrome + self.close_button.sizeHint().height())
