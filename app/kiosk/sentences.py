"""Sentences a visitor picks by tapping, or builds from word tiles: the kiosk has no
keyboard to type one."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

import core
from app.kiosk.drag import drag_to_scroll
from app.kiosk.word_tiles import WordTiles, tile_words
from app.model.state import AppState
from app.text.lesson import examples, exhibit_examples
from app.text.wording import translate
from app.ui.dialog_size import resize_within_screen


def kiosk_sentences() -> dict[str, str]:
    """Every sentence a visitor can choose, by the label on its button."""
    # The examples in the language in use, then the exhibit's own sentences (short,
    # every one shows a head at work; ``resources/text[/<code>]/examples.json``).
    return {e.label: e.sentence for e in (*examples(), *exhibit_examples())}


class SentenceButton(QPushButton):
    """A button that shows a sentence's label and the sentence itself, wrapped onto as
    many lines as the width needs (a button's own text is one line, cut at the edges)."""

    def __init__(self, label: str, sentence: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(label)
        self.setAccessibleDescription(sentence)
        # As tall as the tallest in its row: a row of buttons reads as one row.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.words = QLabel(f"<b>{escape(label)}</b><br>{escape(sentence)}", self)
        self.words.setWordWrap(True)
        self.words.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.words.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.words.setStyleSheet("background: transparent;")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        # A button passes no height-for-width on: grow to the wrapped words' height.
        left, top, right, bottom = WORDS_MARGINS
        inner = self.width() - left - right
        needed = self.words.heightForWidth(inner) + top + bottom
        if self.minimumHeight() != needed:
            self.setMinimumHeight(needed)
        self.words.setGeometry(left, top, inner, self.height() - top - bottom)
        super().resizeEvent(event)


#: Space around a sentence button's words: left, top, right, bottom.
WORDS_MARGINS = (12, 8, 12, 8)
#: The picker's text size is its height over this (a 1080 px screen: 36 px), never
#: under the room's size; headings and tiles are this much larger.
PICKER_LINES = 30
HEADING_SCALE = 1.25
TILE_SCALE = 1.5


def picker_px(height: int, floor: int) -> int:
    """The picker's text size on a page ``height`` px tall, at least ``floor``."""
    return max(floor, height // PICKER_LINES)


class SentencePicker(QDialog):
    """A page of large buttons, one per sentence; a tap picks one and closes the page."""

    picked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("SentencePicker", "Choose a sentence"))
        self.setModal(True)
        #: The list of sentences, and the word tiles (see ``build_own``).
        self.pages = QStackedWidget()
        list_page = QWidget()
        layout = QVBoxLayout(list_page)
        layout.setContentsMargins(0, 0, 0, 0)
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
            button = SentenceButton(label, sentence)
            button.clicked.connect(lambda _=False, s=sentence: self._pick(s))
            grid.addWidget(button, index // 2, index % 2)
            self.buttons[label] = button
        # No stretch under the rows: on a large screen the buttons grow to fill the
        # page (at 1920x1080 it stood more than half blank), on a small one they scroll.
        holder = QWidget()
        holder.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        drag_to_scroll(scroll)
        layout.addWidget(scroll, 1)
        self.pages.addWidget(list_page)
        sentences = list(kiosk_sentences().values())
        self.tiles = WordTiles(tile_words(sentences))
        self.tiles.built.connect(self._pick)
        self.pages.addWidget(self.tiles)

        self.build_own = QPushButton(translate("SentencePicker", "Build your own sentence…"))
        self.build_own.clicked.connect(lambda: self._show_page(self.tiles))
        self.to_list = QPushButton(translate("SentencePicker", "Ready-made sentences…"))
        self.to_list.clicked.connect(lambda: self._show_page(list_page))
        self.cancel = QPushButton(translate("SentencePicker", "Back"))
        self.cancel.clicked.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.build_own)
        row.addWidget(self.to_list)
        row.addStretch(1)
        row.addWidget(self.cancel)
        outer = QVBoxLayout(self)
        outer.addWidget(self.pages, 1)
        outer.addLayout(row)
        self._show_page(list_page)

    def set_base_style(self, style: str) -> None:
        """The window's style sheet, which the picker's own type scale is added to."""
        self._base_style = style
        self._scale_px = 0
        self._restyle()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._restyle()

    def _restyle(self) -> None:
        """One type scale for the whole picker, from its height: the buttons, the words
        and the messages at one size (never under the room's), headings a quarter larger,
        tiles at most half as large again (a large screen's page held 24 px buttons
        beside 60 px tiles)."""
        style = getattr(self, "_base_style", None)
        if style is None:
            return
        px = picker_px(self.height(), self.font().pixelSize())
        if px == self._scale_px:
            return
        self._scale_px = px
        self.setStyleSheet(
            f"{style}\nQDialog QPushButton, QDialog QLabel {{ font-size: {px}px; }}"
            f"\nQDialog QLabel#readout {{ font-size: {round(px * HEADING_SCALE)}px; }}"
        )
        self.tiles.set_largest_px(round(px * TILE_SCALE))

    def _show_page(self, page: QWidget) -> None:
        self.pages.setCurrentWidget(page)
        self.build_own.setVisible(page is not self.tiles)
        self.to_list.setVisible(page is self.tiles)

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
        self.picker.set_base_style(window.styleSheet())
        self.picker.picked.connect(self._use)
        resize_within_screen(self.picker, round(window.width() * 0.9), window.height())
        self.picker.open()  # not exec(): the kiosk's timers keep running

    def _use(self, sentence: str) -> None:
        try:
            self._state.set_sentence(sentence)
        except core.TokenError:  # our own sentences all tokenize; never crash a kiosk
            return
