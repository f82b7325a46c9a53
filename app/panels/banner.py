"""A short, friendly confirmation that floats over the window and goes away by itself."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

#: How long a confirmation stays up.
SHOW_MS = 3500


class Banner(QLabel):
    """A rounded label centred at the top of its parent; clicking it dismisses it."""

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

    def say(self, text: str) -> None:
        self.setText(text)
        parent = self.parentWidget()
        width = min(parent.width() - 40, max(320, self.fontMetrics().horizontalAdvance(text) + 60))
        self.setFixedWidth(width)
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, 12)
        self.raise_()
        self.show()
        self._timer.start(SHOW_MS)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self.hide()
        event.accept()
