"""A sentence built from word tiles: a kiosk visitor has taps, not a keyboard.

The tiles are the words of the sentences the kiosk offers (in the language in use), so a
visitor who taps "the cat ... the cat" still gets the repeats the heads react to.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import core
from app.kiosk.drag import drag_to_scroll
from app.kiosk.touch import TOUCH_PX
from app.text.wording import fill, translate
from app.ui.flow_row import FlowRow

#: The longest sentence a visitor can build: about as long as the kiosk's own sentences
#: (11 to 17 tokens), so the chips and the heatmap stay readable from a distance.
MAX_TILE_WORDS = 16
#: Space between tiles.
TILE_GAP = 8
#: The tiles' text size: up to this on a wide screen, down to this where room is short.
TILE_MAX_PX = 60
TILE_MIN_PX = 24


def tile_words(sentences: list[str]) -> list[str]:
    """Every word and punctuation mark of ``sentences``, once each, in reading order."""
    words: list[str] = []
    for sentence in sentences:
        for token in core.tokenize(sentence):
            if token not in words:
                words.append(token)
    return words


class WordTiles(QWidget):
    """Tiles to tap, the sentence so far, and Remove last / Clear / Use.

    Emits ``built`` with the sentence when the visitor taps "Use this sentence".
    """

    built = Signal(str)

    def __init__(self, words: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The words tapped so far, in order.
        self.chosen: list[str] = []
        self.sentence = QLabel()
        self.sentence.setObjectName("readout")
        self.sentence.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        #: One button per word, by word: each as wide as its own word.
        self.tiles: dict[str, QPushButton] = {}
        # A flow of tiles sized to their words: where each one stands depends on the
        # width alone, and that never changes while a visitor builds a sentence.
        grid_holder = self._flow = FlowRow(spacing=TILE_GAP)
        for word in words:
            tile = QPushButton(word)
            tile.setObjectName("wordTile")
            tile.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # no focus ring left by a tap
            tile.setAccessibleName(fill(translate("WordTiles", "Add the word %1"), word))
            tile.clicked.connect(lambda _=False, w=word: self.add(w))
            self.tiles[word] = tile
            self._flow.addWidget(tile)
        scroll = QScrollArea()
        scroll.setWidget(grid_holder)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        # No bar that comes and goes (it would narrow the flow and move every tile):
        # a finger or the mouse drags the tiles instead.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        drag_to_scroll(scroll)
        self._scroll = scroll
        self._holder = grid_holder
        #: The tiles' text size: a wide screen gets larger tiles, never smaller than 24 px.
        self.tile_px = 0
        #: The largest the tiles may get (the picker's type scale, see ``set_largest_px``).
        self._largest_px = TILE_MAX_PX

        self.remove_last = QPushButton(translate("WordTiles", "⌫ Remove last word"))
        self.remove_last.clicked.connect(self.remove)
        self.clear = QPushButton(translate("WordTiles", "Clear"))
        self.clear.clicked.connect(self.start_over)
        self.use = QPushButton(translate("WordTiles", "Use this sentence"))
        self.use.clicked.connect(self._use)
        # Two rows: in German the three buttons are wider than a 1024 px screen's dialog.
        row = QHBoxLayout()
        for button in (self.remove_last, self.clear):
            row.addWidget(button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.sentence)
        layout.addWidget(self.status)
        layout.addWidget(scroll, 1)
        layout.addLayout(row)
        layout.addWidget(self.use, 0, Qt.AlignmentFlag.AlignRight)
        self._show()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._reserve_lines()
        QTimer.singleShot(0, self, self._fit_tiles)  # once the tiles' room has its size

    def set_largest_px(self, px: int) -> None:
        """Tiles never larger than ``px`` (one type scale with the page around them)."""
        if px != self._largest_px:
            self._largest_px = px
            self._fit_tiles()

    def _fit_tiles(self) -> None:
        """The largest tiles whose rows all fit the room at once (a wide screen's dialog
        was half empty): decided when the room changes size, never while tapping."""
        room = self._scroll.viewport().size()
        smallest = max(TILE_MIN_PX, self.font().pixelSize())
        for px in range(max(smallest, self._largest_px), smallest - 1, -2):
            self._size_tiles(px)
            if self._flow.heightForWidth(room.width()) <= room.height():
                return
        self._size_tiles(smallest)

    def _size_tiles(self, px: int) -> None:
        if px != self.tile_px:
            self.tile_px = px
            self._holder.setStyleSheet(
                f"QPushButton#wordTile {{ font-size: {px}px; "
                f"min-height: {max(TOUCH_PX - 8, round(px * 1.6))}px; }}"
            )

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._reserve_lines()

    def _reserve_lines(self) -> None:
        """The sentence and the message keep the height of their longest text, so that
        the tiles under them never move while a visitor taps."""
        width = self.width()
        longest = " ".join([max(self.tiles, key=len, default="…")] * MAX_TILE_WORDS)
        for label, texts in (
            (self.sentence, [longest]),
            (self.status, [_empty_message(), _full_message(), _count_message(MAX_TILE_WORDS)]),
        ):
            probe = QLabel(label)  # the label's own font and style
            probe.setObjectName(label.objectName())
            probe.setWordWrap(True)
            probe.ensurePolished()
            height = max(_height_of(probe, text, width) for text in texts)
            probe.deleteLater()
            if label.minimumHeight() != height:
                label.setFixedHeight(height)

    def add(self, word: str) -> None:
        """Put ``word`` at the end of the sentence (nothing happens once it is full)."""
        if len(self.chosen) < MAX_TILE_WORDS:
            self.chosen.append(word)
            self._show()

    def remove(self) -> None:
        """Take the last word away."""
        if self.chosen:
            self.chosen.pop()
            self._show()

    def start_over(self) -> None:
        self.chosen.clear()
        self._show()

    def text(self) -> str:
        """The sentence as it is written: punctuation follows its word ("store, John");
        the tokenizer reads the same tokens back."""
        return written(self.chosen)

    def _show(self) -> None:
        count = len(self.chosen)
        full = count >= MAX_TILE_WORDS
        self.sentence.setText(self.text() if count else "…")
        if count == 0:
            message = translate("WordTiles", "Tap the words below to build a sentence.")
        elif full:
            message = fill(
                translate(
                    "WordTiles",
                    "The sentence is full: %1 words at most. Remove a word, or use it.",
                ),
                MAX_TILE_WORDS,
            )
        else:
            message = fill(
                translate(
                    "WordTiles",
                    "%1 of at most %2 words. Tap “Use this sentence” to see how the heads read it.",
                ),
                count,
                MAX_TILE_WORDS,
            )
        self.status.setText(message)
        for tile in self.tiles.values():
            tile.setEnabled(not full)
        for button in (self.remove_last, self.clear, self.use):
            button.setEnabled(count > 0)

    def _use(self) -> None:
        if self.chosen:
            self.built.emit(self.text())


def written(tokens: list[str]) -> str:
    """``tokens`` joined as a sentence is written: no space before punctuation."""
    text = ""
    for token in tokens:
        glued = text and not any(c.isalnum() for c in token)
        text += token if glued or not text else " " + token
    return text


def _empty_message() -> str:
    return translate("WordTiles", "Tap the words below to build a sentence.")


def _full_message() -> str:
    return fill(
        translate("WordTiles", "The sentence is full: %1 words at most. Remove a word, or use it."),
        MAX_TILE_WORDS,
    )


def _count_message(count: int) -> str:
    return fill(
        translate(
            "WordTiles",
            "%1 of at most %2 words. Tap “Use this sentence” to see how the heads read it.",
        ),
        count,
        MAX_TILE_WORDS,
    )


def _height_of(label: QLabel, text: str, width: int) -> int:
    label.setText(text)
    return label.heightForWidth(max(1, width))
