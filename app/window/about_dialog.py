"""Help > About: the version, the licences (the program's and everyone else's), and where
the log file is, for a bug report."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.text.wording import fill, translate
from app.ui.dialog_size import resize_within_screen

# The About text's width in average characters (a plain comment: lupdate would take a
# documentation comment for a note to the translators of the next text).
ABOUT_CHARS = 60
# The notice's width in characters (its own lines are at most 78), and its height.
NOTICE_CHARS = 80
NOTICE_LINES = 40


def _buttons(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addStretch(1)
    for button in buttons:
        row.addWidget(button)
    return row


def _label(text: str, selectable: bool = False) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if selectable:  # the log file's path, to copy into a message
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class AboutDialog(QDialog):
    """Who made it, under which licence, on whose work, and where its log file is."""

    def __init__(self, parent: QWidget) -> None:
        from app.log_file import log_path
        from app.version import app_version

        super().__init__(parent)
        self.setWindowTitle(translate("MainWindow", "About Attention Heads"))
        self.about = _label(
            fill(
                translate(
                    "MainWindow",
                    "Attention Heads — Version %1\n\nAttention Heads shows where the heads of "
                    "a transformer look and what the causal mask hides. It works entirely "
                    "offline. Free software under the MIT licence.",
                ),
                app_version(),
            )
        )
        self.others = _label(
            translate(
                "AboutDialog",
                "It is built on the work of others: Qt and Qt for Python (under the LGPL), "
                "NumPy, pyqtgraph, regex and Python, each under its own licence. "
                "Third-party licences shows them all, with their texts.",
            )
        )
        self.log_file = _label(
            fill(translate("AboutDialog", "Log file, to send with a bug report:\n%1"), log_path()),
            selectable=True,
        )
        self.log_file.setWordWrap(False)  # a path broken at its hyphens reads as two
        self.licences_button = QPushButton(translate("AboutDialog", "Third-party licences…"))
        self.licences_button.clicked.connect(self.show_notices)
        self.close_button = QPushButton(translate("AboutDialog", "Close"))
        self.close_button.setDefault(True)
        self.close_button.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        for label in (self.about, self.others, self.log_file):
            layout.addWidget(label)
        layout.addLayout(_buttons(self.licences_button, self.close_button))
        self.ensurePolished()  # the theme's font, which the measures below depend on
        width = max(self.fontMetrics().averageCharWidth() * ABOUT_CHARS, layout.sizeHint().width())
        resize_within_screen(self, width, layout.totalHeightForWidth(width))

    def show_notices(self) -> None:
        dialog = NoticesDialog(self)
        dialog.exec()
        dialog.deleteLater()


class NoticesDialog(QDialog):
    """The third-party notice: a bundle's own file, or made from the installed metadata."""

    def __init__(self, parent: QWidget) -> None:
        from app.notices import notice

        super().__init__(parent)
        self.setWindowTitle(translate("AboutDialog", "Third-party licences"))
        try:
            text = notice()
        except OSError as error:  # a bundle whose file was removed
            text = fill(
                translate("AboutDialog", "The third-party notice could not be read: %1"),
                error.strerror or str(error),
            )
        self.text = QPlainTextEdit(text)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.close_button = QPushButton(translate("AboutDialog", "Close"))
        self.close_button.setDefault(True)
        self.close_button.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addLayout(_buttons(self.close_button))
        self.ensurePolished()
        self.text.ensurePolished()  # the theme's font, which the measures below depend on
        metrics = self.text.fontMetrics()
        margins = layout.contentsMargins()
        chrome = margins.left() + margins.right() + 2 * self.text.frameWidth()
        chrome += self.text.verticalScrollBar().sizeHint().width() + 2 * metrics.averageCharWidth()
        resize_within_screen(
            self,
            metrics.horizontalAdvance("M" * NOTICE_CHARS) + chrome,
            metrics.lineSpacing() * NOTICE_LINES,
        )
