"""Where the query looks most, in words big enough for the back row."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from ..results import AttentionResult


class Readout(QLabel):
    """'cat (7) looks most at chased (2), 92%'; a tie names every key."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readout")
        self.setWordWrap(True)
        self.setAccessibleName("Where the query looks")

    def show_result(self, result: AttentionResult) -> None:
        self.setText(result.readout_text)
        self.setAccessibleDescription(result.readout_text)
