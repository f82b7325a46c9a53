"""The GPT-2 page's model part: what it reads, its guesses, every head small, the head
finder, the selected head large with its readout and its scores.

It draws a ``GPT2Page`` (``app.model.gpt2_results``) and reports taps; the page writes
them to the state. A new text redraws the chips and every small map, a new head what
shows the head, a new query only what shows the query.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

import core
from app.accessibility import events
from app.model.gpt2_results import GPT2Page
from app.panels.english.predictions import PredictionBars
from app.panels.english.wording import start_token
from app.panels.gpt2 import wording as words
from app.panels.gpt2.finder import HeadFinder, HeadScores
from app.panels.gpt2.grid import HeadMapGrid
from app.panels.gpt2.tokens import TokenChips
from app.panels.learned.heads_section import focus_sentence, wrapped_label
from app.panels.learned.matrices import MatricesCanvas, Matrix
from app.panels.matrix_painting import GREY_LUT, row_label
from app.text.wording import token_label, translate
from app.ui.theme import Theme
from core.gpt2 import PATTERNS


def shown_labels(page: GPT2Page) -> list[str]:
    """The model's positions as shown: the start token in the learner's language."""
    positions = list(page.run.positions)
    if page.run.offset:
        positions[0] = start_token()
    return positions


class GPT2Heads(QWidget):
    """Chips, guesses, the grid of heads, the finder, the large map and the scores.

    Signals: ``head_clicked(layer, head)``, ``position_clicked(position)`` (a chip or a
    row of the large map) and ``find_requested(pattern)``.
    """

    head_clicked = Signal(int, int)
    position_clicked = Signal(int)
    find_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lut = GREY_LUT
        self._drawn: tuple | None = None  # (run, head) the maps show
        self.chips = TokenChips()
        self.chips.setAccessibleName(translate("GPT2View", "The tokens the model reads"))
        self.chips.position_clicked.connect(self.position_clicked)
        self.predictions_title = wrapped_label(name="figure")
        self.predictions = PredictionBars()
        self.grid = HeadMapGrid()
        self.grid.head_clicked.connect(self.head_clicked)
        self.big_map = MatricesCanvas(clickable=True)
        self.big_map.setAccessibleName(translate("GPT2View", "The selected head, large"))
        self.big_map.row_clicked.connect(self.position_clicked)
        self.readout = wrapped_label(name="figure")
        self.readout.setAccessibleName(
            translate("GPT2View", "Where the query looks, in the selected head")
        )
        self.finder = HeadFinder()
        self.finder.find_requested.connect(self.find_requested)
        self.scores = HeadScores()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        notes = f"{words.tokens_note()} {words.start_token_note()}"
        for widget in (
            self.chips, wrapped_label(notes, "summary"), self.predictions_title, self.predictions,
            wrapped_label(words.grid_note(), "summary"), self.grid,
            wrapped_label(words.legend(PATTERNS), "summary"), self.finder, self.big_map,
            self.readout, self.scores,
        ):  # fmt: skip
            layout.addWidget(widget)

    def set_style(self, theme: Theme, font_px: int, lut: np.ndarray) -> None:
        self._lut = lut
        self._drawn = None  # every map in the new colours
        self.grid.set_theme(theme, font_px)
        self.big_map.set_style(theme, font_px, lut)
        self.predictions.set_theme(theme, font_px)
        self.chips.set_theme(theme, font_px)
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in self.finder.buttons.values():
            button.setMinimumHeight(height)

    def draw(self, page: GPT2Page) -> None:
        run, position = page.run, page.position
        labels = shown_labels(page)
        if self._drawn is None or self._drawn[0] is not run:
            if self._drawn is not None:
                self.finder.clear_answer()  # it spoke of the text before
            self._draw_run(page, labels)
        if self._drawn != (run, page.head):
            self._drawn = (run, page.head)
            self._draw_head(page, labels)
        self.predictions_title.setText(words.predictions_title(token_label(labels, position)))
        self.predictions.set_predictions(page.predictions)
        moved = self.chips.query != position
        self.chips.set_query(position)
        self.big_map.set_query(position)
        self.readout.setText(focus_sentence(labels, run.weights[page.head], position))
        if moved and self.chips.hasFocus() and events.is_active():
            events.announce(self.chips, self.readout.text())  # the key's news

    def _draw_run(self, page: GPT2Page, labels: list[str]) -> None:
        """The chips and every small map, for a new text (or new colours)."""
        run = page.run
        self.chips.set_tokens(labels, start=run.offset > 0)
        strongest = page.strongest
        captions = [[words.map_caption(s) for s in row] for row in strongest]
        summaries = [[words.head_summary(i, j, s) for j, s in enumerate(row)]
                     for i, row in enumerate(strongest)]  # fmt: skip
        hidden = core.causal_mask(len(labels))
        self.grid.set_content(run.weights, hidden, self._lut, captions, summaries)

    def _draw_head(self, page: GPT2Page, labels: list[str]) -> None:
        """The selected head: marked in the grid, large, and its scores."""
        run, (layer, head) = page.run, page.head
        self.grid.set_selected(layer, head)
        title = words.head_title(layer, head, page.repeats)
        rows = [row_label(tuple(labels), i) for i in range(len(labels))]
        hidden = core.causal_mask(len(labels))
        matrix = Matrix(title, run.weights[layer, head], hidden)
        self.big_map.set_content([matrix], rows, page.position)
        scores = {p: run.head_score(layer, head, p) for p in PATTERNS}
        best = page.strongest[layer][head]
        self.scores.show_head(scores, words.verdict(best, layer, head, page.repeats))

    @property
    def selected_weights(self) -> np.ndarray | None:
        """The selected head's weights as drawn large."""
        grid = self.big_map.matrices
        return grid[0].weights if grid else None
