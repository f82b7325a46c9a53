"""Where the query looks most, in words big enough for the back row."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from app.model.results import AttentionResult
from app.text.wording import readout_of, translate
from app.ui.fitting import FittedText


class Readout(QLabel):
    """'cat (7) looks most at chased (2), 92%'; a tie names every key.

    In a room (see ``fit_sizes``) the readout keeps the height it was given: a longer
    sentence takes a smaller size, never another line of the room's height.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readout")
        self.setWordWrap(True)
        # No fixed accessible name: the sentence itself is the name, so a screen reader
        # reads what the room sees.
        self.setAccessibleDescription(translate("Readout", "Where the query looks most"))
        self.fitted = FittedText(self, "readout")

    def fit_sizes(self, sizes: tuple[int, int] | None) -> None:
        """Fit the words to this label's fixed size, from ``sizes[0]`` px down to
        ``sizes[1]`` (then cut with "…"); ``None`` lets the text size decide again."""
        self.fitted.set_sizes(sizes)

    def show_result(self, result: AttentionResult) -> None:
        text = readout_of(result)
        if text == self.fitted.full_text and self.text():
            return
        # A screen reader hears the change from the window's herald (with what
        # changed: the head, the mask ...), and from the label's new name.
        self.fitted.show(text)
        if self.text() != text:
            self.setAccessibleName(text)  # cut on screen, whole when read
        elif self.accessibleName():
            self.setAccessibleName("")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fitted.refit()
