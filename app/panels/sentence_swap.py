"""A note that says when "Show me" replaced the learner's sentence, with a way back."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.model.state import AppState
from app.panels.card_text import ShowMe, Snapshot
from app.text.wording import fill, shorten, translate
from app.ui.binding import listen

#: The learner's sentence is quoted up to this many characters.
QUOTE_CHARS = 48


class SwapNotice(QFrame):
    """'Show me put the lesson sentence in place of yours' and 'Back to your sentence'.

    It remembers the learner's own state from before the first swap (a second Show
    me on another sentence keeps it), and goes away when they go back or type a
    sentence of their own.
    """

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.setObjectName("tryPrompt")
        #: What the learner had before Show me swapped their sentence (None: nothing to undo).
        self.saved: Snapshot | None = None
        self._swapped_to: str | None = None
        self._applying = False
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.back_button = QPushButton(translate("SwapNotice", "Back to your sentence"))
        self.back_button.clicked.connect(self.go_back)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.back_button)
        box = QVBoxLayout(self)
        box.addWidget(self.text)
        box.addLayout(row)
        self.hide()
        listen(self, state.sentence_changed, self._on_sentence)

    def apply(self, show: ShowMe) -> None:
        """Press Show me: set the state up, and say so if the sentence had to change."""
        self._applying = True
        try:
            before = show.apply(self._state)
        finally:
            self._applying = False
        if before is None:
            return
        if self.saved is None:
            self.saved = before
        self._swapped_to = self._state.sentence
        template = (
            translate("SwapNotice", "Show me put the lesson's sentence in place of yours, “%1”.")
            if show.uses_lesson
            else translate("SwapNotice", "Show me put its own sentence in place of yours, “%1”.")
        )
        self.text.setText(fill(template, shorten(self.saved.sentence, QUOTE_CHARS)))
        self.back_button.setAccessibleDescription(
            fill(translate("SwapNotice", "Back to “%1”"), self.saved.sentence)
        )
        self.show()

    def go_back(self) -> None:
        """Restore the learner's sentence, head, query and mask."""
        saved, self.saved = self.saved, None
        self._forget()
        if saved is not None:
            saved.restore(self._state)

    def _forget(self) -> None:
        self.saved = None
        self._swapped_to = None
        self.hide()

    def _on_sentence(self, sentence: str) -> None:
        # A sentence the learner chose themselves ends the offer to go back.
        if not self._applying and self._swapped_to is not None and sentence != self._swapped_to:
            self._forget()


def prompt_note(show: ShowMe, tokens: tuple[str, ...]) -> str:
    """Under a prompt: which sentence it is written for, when that is not the learner's."""
    if not show.replaces(tokens):
        return ""
    if show.uses_lesson:
        return translate(
            "SwapNotice",
            "Written for the lesson's sentence: Show me switches to it, and you can come back.",
        )
    return translate(
        "SwapNotice",
        "Written for the sentence it names: Show me switches to it, and you can come back.",
    )
