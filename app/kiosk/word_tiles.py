"""A sentence built from word tiles: a kiosk visitor has taps, not a keyboard.

The tiles are the words of the sentences the kiosk offers (in the language in use), so a
visitor who taps "the cat ... the cat" still gets the repeats the heads react to.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QScroller,
    QVBoxLayout,
    QWidget,
)

import core
from app.text.wording import fill, translate

#: The longest sentence a visitor can build: about as long as the kiosk's own sentences
#: (11 to 17 tokens), so the chips and the heatmap stay readable from a distance.
MAX_TILE_WORDS = 16
#: Space between tiles.
TILE_GAP = 8


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
        #: One button per word, by word.
        self.tiles: dict[str, QPushButton] = {}
        grid_holder = QWidget()
        self._grid = QGridLayout(grid_holder)
        self._grid.setSpacing(TILE_GAP)
        self._grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        for word in words:
            tile = QPushButton(word)
            tile.setAccessibleName(fill(translate("WordTiles", "Add the word %1"), word))
            tile.clicked.connect(lambda _=False, w=word: self.add(w))
            self.tiles[word] = tile
        self.columns = 0
        scroll = QScrollArea()
        scroll.setWidget(grid_holder)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        QScroller.grabGesture(scroll.viewport(), QScroller.ScrollerGestureType.TouchGesture)
        self._scroll = scroll
        scroll.viewport().installEventFilter(self)

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

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        if watched is self._scroll.viewport() and event.type() == QEvent.Type.Resize:
            self._reflow()
        return super().eventFilter(watched, event)

    def _reflow(self) -> None:
        """As many tiles to a row as the width holds, all as wide as the widest word."""
        if not self.tiles:
            return
        widest = max(tile.sizeHint().width() for tile in self.tiles.values())
        room = self._scroll.viewport().width() - 2 * TILE_GAP
        columns = max(1, (room + TILE_GAP) // (widest + TILE_GAP))
        if columns == self.columns:
            return
        self.columns = columns
        for index, tile in enumerate(self.tiles.values()):
            tile.setMinimumWidth(widest)
            self._grid.addWidget(tile, index // columns, index % columns)

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
        """The sentence as the tokenizer reads it."""
        return " ".join(self.chosen)

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
