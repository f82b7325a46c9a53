"""A short, friendly confirmation that floats over the window and goes away by itself."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

#: How long a confirmation stays up.
SHOW_MS = 3500


class Banner(QLabel):
    """A rounded label centred at the top of its parent; clicking it dismisses it.

    It fits itself to its text again when the text size changes or its parent is
    resized while it is up (a teacher may press P for presenter mode right after a
    confirmation appears).
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAccessibleName("Confirmation")
        self.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        parent.installEventFilter(self)

    def say(self, text: str) -> None:
        self.setText(text)
        self._fit()
        self.raise_()
        self.show()
        self._timer.start(SHOW_MS)

    def _fit(self) -> None:
        """One line if it fits, else wrapped to the parent's width; centred at the top."""
        self.ensurePolished()  # the style sheet's font decides the size
        parent = self.parentWidget()
        one_line = self.fontMetrics().horizontalAdvance(self.text()) + 60
        width = max(1, min(parent.width() - 40, max(320, one_line)))
        self.setFixedWidth(width)  # first: the label measures its height at its width
        self.setFixedHeight(self.heightForWidth(width))
        self.move((parent.width() - width) // 2, 12)

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and self.isVisible():
            self._fit()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        resized = watched is self.parentWidget() and event.type() == QEvent.Type.Resize
        if resized and self.isVisible():
            self._fit()
        return False

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self.hide()
        event.accept()
