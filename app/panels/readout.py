"""Where the query looks most, in words big enough for the back row."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from core.readout import token_label

from ..results import AttentionResult, display_tokens


class Readout(QLabel):
    """'cat (7) looks most at chased (2), 92%'; a tie names every key."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readout")
        self.setWordWrap(True)
        self.setAccessibleName("Where the query looks")

    def show_result(self, result: AttentionResult) -> None:
        query = token_label(display_tokens(result.tokens), result.query)
        verb = "is split between" if len(result.focus_keys) > 1 else "looks most at"
        text = f"{query} {verb} {result.focus_text}"
        self.setText(text)
        self.setAccessibleDescription(text)
