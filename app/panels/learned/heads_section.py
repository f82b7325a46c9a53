"""The Learned page's first part: every learned head on the sentence, the selected one large.

Each head of the trained model is a small map labelled with its measured score; the
selected one is drawn large with numbers, the query row outlined, and a readout in the
main readout's words. It draws what ``app.model.learned_results`` computed.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import core
from app.model.learned_results import LearnedModel, SentenceHeads
from app.model.results import AttentionResult
from app.panels.learned.matrices import MatricesCanvas, Matrix
from app.panels.learned.mini_maps import LearnedHeadGrid
from app.panels.learned.model import head_name, job_name
from app.panels.matrix_painting import GREY_LUT, row_label
from app.text.wording import display_tokens, fill, format_weight, readout_text, translate
from app.ui.theme import Theme
from core.readout import focus

#: Symbols listed in the note; a 64-token sentence would fill the page with numbers.
IDS_SHOWN = 32


def vocab_note() -> str:
    return translate(
        "LearnedView",
        "The model knows no English: each different word gets its own symbol, numbered in "
        "order of first appearance, so a repeated word is a repeated symbol.",
    )


def mask_note() -> str:
    return translate(
        "LearnedView",
        "The main view has the causal mask off, but this model was trained with it and is "
        "always shown with it.",
    )


def score_note() -> str:
    return translate(
        "LearnedView",
        "Under each map, its score on repeated random tokens: the average weight it puts on "
        "the previous token (layer 1) or on the token after an earlier copy (layer 2).",
    )


def tap_hint() -> str:
    return translate(
        "LearnedView",
        "Tap a map to show it large; tap a row of the large map to choose the query.",
    )


def too_long_text(context_length: int, n_tokens: int) -> str:
    too_long = translate(
        "LearnedView",
        "This model reads at most %1 tokens and the sentence has %2; shorten it to see "
        "the learned heads.",
    )
    return fill(too_long, context_length, n_tokens)


def focus_sentence(tokens: Sequence[str], weights: np.ndarray, query: int) -> str:
    """'cat (7) looks most at chased (2), 61%', or '… is split between …' for a tie."""
    return readout_text(display_tokens(tuple(tokens)), focus(weights, query))


def wrapped_label(text: str = "", name: str | None = None) -> QLabel:
    """A word-wrapping label, optionally named for the style sheet."""
    label = QLabel(text)
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label


class HeadsSection(QWidget):
    """Small maps of every learned head, the selected one large, and its readout."""

    #: (layer, head) of a small map the learner clicked or tapped.
    head_clicked = Signal(int, int)
    #: A row of the large map was tapped: that token becomes the query.
    row_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.vocab_note = wrapped_label(name="summary")
        self.mask_note = wrapped_label(mask_note())
        self.mask_note.hide()
        self.grid = LearnedHeadGrid()
        self.grid.head_clicked.connect(self.head_clicked)
        self.score_note = wrapped_label(score_note(), "summary")
        self.big_map = MatricesCanvas(clickable=True)
        self.big_map.setAccessibleName(translate("LearnedView", "The selected learned head, large"))
        self.big_map.row_clicked.connect(self.row_clicked)
        self.readout = wrapped_label(name="figure")
        # Its sentence is its name (a fixed name would hide it from screen readers).
        self.readout.setAccessibleDescription(
            translate("LearnedView", "Where the query looks, in the learned head")
        )
        self.heads_error = wrapped_label(name="error")
        self.heads_error.hide()
        self._lut = GREY_LUT
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        for widget in (
            self.mask_note,
            self.heads_error,
            self.grid,
            self.score_note,
            self.big_map,
            self.readout,
            wrapped_label(tap_hint(), "summary"),
            self.vocab_note,
        ):
            layout.addWidget(widget)

    def set_style(self, theme: Theme, font_px: int, lut: np.ndarray) -> None:
        self._lut = lut
        self.grid.set_theme(theme, font_px)
        self.big_map.set_style(theme, font_px, lut)
        self.mask_note.setStyleSheet(f"color: {theme.text}; font-weight: bold;")

    def show_model(self, model: LearnedModel) -> None:
        """One small map per head of ``model``, each labelled with its score."""
        self.grid.set_shape(model.n_layers, model.n_heads)
        for (layer, head), mini in self.grid.maps.items():
            job, scores = model.score(layer)
            mini.set_subtitle(f"{job_name(job)} {format_weight(scores[head])}")

    def set_available(self, available: bool) -> None:
        """Without a model only the notes about the mask and errors stay."""
        for part in (self.vocab_note, self.grid, self.score_note, self.big_map):
            part.setVisible(available)
        if not available:
            self.readout.setVisible(False)

    def draw(
        self,
        model: LearnedModel,
        heads: SentenceHeads,
        result: AttentionResult,
        selected: tuple[int, int],
    ) -> None:
        """Draw the heads on the result's sentence; ``selected`` is shown large."""
        tokens = result.tokens
        self.mask_note.setVisible(not result.causal)
        if heads.weights is None:
            self.heads_error.setText(too_long_text(model.context_length, len(tokens)))
            self.heads_error.show()
            for part in (self.grid, self.big_map, self.readout):
                part.hide()
            return
        self.heads_error.hide()
        ids = [str(i) for i in heads.ids]
        shown = " ".join(ids[:IDS_SHOWN]) + (" …" if len(ids) > IDS_SHOWN else ".")
        here = fill(translate("LearnedView", "Here: %1"), shown)
        self.vocab_note.setText(f"{vocab_note()} {here}")
        hidden = core.causal_mask(len(tokens))
        for (layer, head), mini in self.grid.maps.items():
            mini.set_content(heads.weights[layer, head], hidden, self._lut)
        self.grid.set_selected(*selected)
        weights = heads.weights[selected]
        labels = [row_label(tokens, i) for i in range(len(tokens))]
        title = fill(translate("LearnedView", "%1 on your sentence"), head_name(*selected))
        self.big_map.set_content([Matrix(title, weights, hidden)], labels, result.query)
        self.readout.setText(focus_sentence(tokens, weights, result.query))
        self.readout.show()
