"""Where the query looks most, in words big enough for the back row."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from app.model.results import AttentionResult
from app.text.wording import translate


class Readout(QLabel):
    """'cat (7) looks most at chased (2), 92%'; a tie names every key."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readout")
        self.setWordWrap(True)
        # No fixed accessible name: the sentence itself is the name, so a screen reader
        # reads what the room sees.
        self.setAccessibleDescription(translate("Readout", "Where the query looks most"))

    def show_result(self, result: AttentionResult) -> None:
        if result.readout_text == self.text():
            return
        # A screen reader hears the change from the window's herald (with what
        # changed: the head, the mask ...), and from the label's new name.
        self.setText(result.readout_text)
