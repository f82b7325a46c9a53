"""Edit the sentence: every panel follows as you type; a bad sentence never replaces a good one."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import core
from app.model.state import AppState
from app.text.errors import token_error
from app.text.lesson import examples, lesson_sentence
from app.text.wording import fill, format_count, translate
from app.ui.binding import listen

#: Longer text is refused while typing; a sentence has at most 64 tokens anyway.
#: Counted in characters (code points), like Python's len(), never in UTF-16 units.
MAX_CHARS = 4000
#: The field's own limit, in UTF-16 units (Qt's count): room for MAX_CHARS characters
#: even when every one is an emoji (two units). A paste is cut to it at once, then
#: to MAX_CHARS characters.
FIELD_UNITS = 2 * MAX_CHARS
#: Typing pauses this long before the panels recompute, so fast typing never stutters.
TYPING_PAUSE_MS = 120


def _still_showing() -> str:
    return translate("SentenceEditor", "Still showing the last sentence that worked.")


class SentenceEditor(QWidget):
    """A line edit, a way back to the lesson's sentence, examples, and inline messages."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.edit = QLineEdit()
        self.edit.setAccessibleName(translate("SentenceEditor", "Sentence"))
        self.edit.setPlaceholderText(
            fill(translate("SentenceEditor", "Type a sentence of up to %1 words and marks"), 64)
        )
        self.edit.setMaxLength(FIELD_UNITS)
        self.edit.setClearButtonEnabled(True)
        self.lesson_button = QPushButton(translate("SentenceEditor", "Lesson sentence"))
        self.lesson_button.setAccessibleName(
            translate("SentenceEditor", "Back to the lesson's sentence")
        )
        self.lesson_button.clicked.connect(lambda: self.use(lesson_sentence()))
        self.examples = QComboBox()
        self.examples.setAccessibleName(translate("SentenceEditor", "Example sentences"))
        self.examples.addItem(translate("SentenceEditor", "Examples…"))
        # Size to the closed label, not to the longest example (the list opens wider).
        self.examples.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.examples.setMinimumContentsLength(9)
        #: Sentences picked to show each head at its best, in the language in use.
        self.example_sentences = {e.label: e.sentence for e in examples()}
        for label in self.example_sentences:
            self.examples.addItem(label)
        self.examples.activated.connect(self._on_example)
        self.message = QLabel()
        self.message.setObjectName("error")
        self.message.setWordWrap(True)
        self.message.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(TYPING_PAUSE_MS)
        self._timer.timeout.connect(self.apply_text)
        self.edit.textEdited.connect(lambda _text: self._timer.start())
        self.edit.textChanged.connect(self._keep_within_limit)
        self.edit.returnPressed.connect(self.apply_text)

        row = QHBoxLayout()
        row.addWidget(QLabel(translate("SentenceEditor", "Sentence:")))
        row.addWidget(self.edit, 1)
        row.addWidget(self.lesson_button)
        row.addWidget(self.examples)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.message)
        listen(self, state.sentence_changed, self.show_sentence)
        self.show_sentence(state.sentence)

    def show_sentence(self, text: str) -> None:
        """Sync the field to the state (not while the learner is mid-edit of it)."""
        if self.edit.text() != text and not self._timer.isActive():
            with QSignalBlocker(self.edit):
                self.edit.setText(text)
        self._say("")

    def use(self, text: str) -> None:
        """Put ``text`` in the field and apply it at once."""
        self._timer.stop()
        self.edit.setText(text)
        self.apply_text()

    def apply_text(self) -> None:
        """Try the field's text; on trouble say why and keep the last good sentence."""
        self._timer.stop()
        text = self.edit.text()
        if len(text) >= MAX_CHARS:
            too_long = translate(
                "SentenceEditor", "That is too long: keep the sentence under %1 characters."
            )
            self._say(f"{fill(too_long, format_count(MAX_CHARS))} {_still_showing()}")
            return
        try:
            self._state.set_sentence(text)
        except core.TokenError as error:
            self._say(f"{token_error(error)} {_still_showing()}")
            return
        self._say("")

    def _keep_within_limit(self, text: str) -> None:
        """Cut the field to MAX_CHARS characters (a paste may bring more)."""
        if len(text) > MAX_CHARS:
            with QSignalBlocker(self.edit):
                self.edit.setText(text[:MAX_CHARS])

    def _on_example(self, index: int) -> None:
        if index > 0:
            self.use(self.example_sentences[self.examples.itemText(index)])
        with QSignalBlocker(self.examples):
            self.examples.setCurrentIndex(0)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.edit.setAccessibleDescription(text)
