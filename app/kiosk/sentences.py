"""Sentences a visitor picks by tapping: the kiosk has no keyboard to type one."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

import core

from ..dialog_size import resize_within_screen
from ..lesson import examples, exhibit_examples
from ..state import AppState
from ..wording import translate


def kiosk_sentences() -> dict[str, str]:
    """Every sentence a visitor can choose, by the label on its button."""
    # The examples in the language in use, then the exhibit's own sentences (short,
    # every one shows a head at work; ``resources/text[/<code>]/examples.json``).
    return {e.label: e.sentence for e in (*examples(), *exhibit_examples())}


class SentencePicker(QDialog):
    """A page of large buttons, one per sentence; a tap picks one and closes the page."""

    picked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("SentencePicker", "Choose a sentence"))
        self.setModal(True)
        layout = QVBoxLayout(self)
        heading = QLabel(
            translate("SentencePicker", "Tap a sentence to see how the heads read it.")
        )
        heading.setObjectName("readout")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        grid = QGridLayout()
        grid.setSpacing(12)
        #: The sentence buttons, by label.
        self.buttons: dict[str, QPushButton] = {}
        for index, (label, sentence) in enumerate(kiosk_sentences().items()):
            button = QPushButton(f"{label}\n{sentence}")
            button.setAccessibleName(label)
            button.setAccessibleDescription(sentence)
            button.clicked.connect(lambda _=False, s=sentence: self._pick(s))
            grid.addWidget(button, index // 2, index % 2)
            self.buttons[label] = button
        layout.addLayout(grid)
        self.cancel = QPushButton(translate("SentencePicker", "Back"))
        self.cancel.clicked.connect(self.reject)
        layout.addWidget(self.cancel, 0, Qt.AlignmentFlag.AlignRight)

    def _pick(self, sentence: str) -> None:
        self.picked.emit(sentence)
        self.accept()


class SentenceChooser(QPushButton):
    """The kiosk's "Other sentences" button; it opens the picker over the exhibit."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(translate("SentencePicker", "Other sentences…"), parent)
        self._state = state
        self.setAccessibleName(translate("SentencePicker", "Choose another sentence"))
        self.picker: SentencePicker | None = None
        self.clicked.connect(self.open_picker)

    def open_picker(self) -> None:
        window = self.window()
        self.picker = SentencePicker(window)
        self.picker.setStyleSheet(window.styleSheet())
        self.picker.picked.connect(self._use)
        resize_within_screen(self.picker, round(window.width() * 0.9), window.height())
        self.picker.open()  # not exec(): the kiosk's timers keep running

    def _use(self, sentence: str) -> None:
        try:
            self._state.set_sentence(sentence)
        except core.TokenError:  # our own sentences all tokenize; never crash a kiosk
            return
