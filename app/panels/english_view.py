"""The English page: the heads of a small model that has read English, on your sentence.

- what the model reads, as chips: its start token at position 0, then your words;
- every head of both layers as a small map, with its verdict measured on held-out
  text ("on prose: first token 0.68; on repeats: induction 0.66") or "no clear pattern";
- the selected head large, with numbers, the query row outlined and a readout;
- the head detector: the selected head's held-out score against each pattern and
  the kind of text it was read on, and "where is this pattern in the model?";
- the model's five likeliest next words at the query;
- what formed in the model and what did not, measured on text it never trained on.

The controller's page results read the model the first time this page shows a result
(start-up costs nothing) and compute everything the page draws (see
``app/model/english_results.py``); a damaged file is reported on the page. The model's own
words (tokens, guesses) stay English in every language: it has read nothing else, and
the page says so.
"""

from __future__ import annotations

import functools

import numpy as np
from PySide6.QtWidgets import QPushButton, QScrollArea, QVBoxLayout, QWidget

import core
from app.model.english_results import EnglishResult
from app.model.page_results import PageResults
from app.model.results import AttentionResult
from app.model.state import AppState
from app.panels.english.chips import ModelTokens
from app.panels.english.detector import DetectorPanel
from app.panels.english.predictions import PredictionBars
from app.panels.english.wording import (
    about_text,
    head_title,
    map_subtitle,
    predictions_title,
    start_token,
    start_token_note,
    words_note,
)
from app.panels.learned.heads_section import focus_sentence, mask_note, wrapped_label
from app.panels.learned.matrices import MatricesCanvas, Matrix
from app.panels.learned.mini_maps import LearnedHeadGrid
from app.panels.matrix_painting import GREY_LUT, row_label
from app.text.errors import weights_error
from app.text.resources import load_json
from app.text.wording import QT_TRANSLATE_NOOP, display_tokens, fill, token_label, translate
from app.ui.flow_row import FlowRow
from app.ui.theme import THEMES, Theme
from core.english import BOS


@functools.cache
def english_examples() -> dict[str, tuple[str, int]]:
    """The page's example sentences by id, each with the query it starts on: the lesson's
    two, and a passage that repeats, its query in the repeat so that induction shows.
    They stay English in every language (``resources/text/examples.json``, English
    only): the model has read nothing else."""
    entries = load_json("text/examples.json")["english_model"]
    return {str(e["id"]): (str(e["sentence"]), int(e["query"])) for e in entries}


EXAMPLE_TITLES = {
    "mary_and_john": QT_TRANSLATE_NOOP("EnglishView", "Mary and John"),
    "lesson": QT_TRANSLATE_NOOP("EnglishView", "The lesson's sentence"),
    "repeated": QT_TRANSLATE_NOOP("EnglishView", "A repeated passage"),
}


def load_failed() -> str:
    return translate("EnglishView", "The English model could not be loaded.")


def too_long_text(limit: int, n_tokens: int) -> str:
    return fill(
        translate(
            "EnglishView",
            "This model reads at most %1 tokens and the sentence has %2; shorten it to see "
            "the model's heads.",
        ),
        limit,
        n_tokens,
    )


def language_note(typing: bool = True) -> str:
    """What the model reads; ``typing`` False where nobody can type (a kiosk)."""
    if not typing:
        return translate(
            "EnglishView",
            "This model has read only English: its words and its guesses stay English "
            "whatever language the program speaks.",
        )
    return translate(
        "EnglishView",
        "This model has read only English: type English sentences. Its words and its "
        "guesses stay English whatever language the program speaks.",
    )


class EnglishView(QWidget):
    """Heads, head detector and next-word guesses of the English model.

    Parameters
    ----------
    state : AppState
    page_results : PageResults
        Where the controller keeps the English model's results.
    """

    def __init__(
        self, state: AppState, page_results: PageResults, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._page_results = page_results
        #: What the page draws: the controller's English result for the last sentence.
        self.english: EnglishResult | None = None
        self._result: AttentionResult | None = None
        self._drawn: tuple | None = None  # what the maps show: the run and the selected head
        self._started = False  # the first model result chooses the head to show
        self.selected: tuple[int, int] = (0, 0)
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self._lut = GREY_LUT
        self.setAccessibleName(translate("EnglishView", "Heads of a model that has read English"))
        self._build_parts()
        self._lay_out(self._example_row())

    def set_typing(self, typing: bool) -> None:
        """Whether the learner can type a sentence (not on a kiosk): the note says so."""
        self.language_note.setText(language_note(typing))

    def _build_parts(self) -> None:
        """The page's widgets, each named for the screen reader."""
        self.error = wrapped_label(name="error")
        self.error.hide()
        self.mask_note = wrapped_label(mask_note())
        self.mask_note.hide()
        self.language_note = wrapped_label(language_note(), "summary")
        self.unknown_note = wrapped_label(name="summary")
        self.chips = ModelTokens()
        self.chips.position_clicked.connect(self._on_position_clicked)
        self.start_note = wrapped_label(start_token_note(), "summary")
        self.predictions_title = wrapped_label(name="figure")
        self.predictions = PredictionBars()
        self.grid = LearnedHeadGrid()
        self.grid.setAccessibleName(
            translate("EnglishView", "Heads of the English model, small maps")
        )
        self.grid.head_clicked.connect(self._on_map_clicked)
        self.big_map = MatricesCanvas(clickable=True)
        self.big_map.setAccessibleName(
            translate("EnglishView", "The selected head of the English model, large")
        )
        self.big_map.row_clicked.connect(self._on_position_clicked)
        self.readout = wrapped_label(name="figure")
        self.readout.setAccessibleName(
            translate("EnglishView", "Where the query looks, in the selected head")
        )
        self.detector = DetectorPanel()
        self.detector.find_requested.connect(self.find_head)
        self.about = wrapped_label(name="summary")
        self.about.setAccessibleName(
            translate("EnglishView", "What formed in this model and what did not")
        )
        self.model_parts = (
            self.language_note,
            self.chips,
            self.predictions_title,
            self.predictions,
            self.grid,
            self.big_map,
            self.readout,
            self.detector,
        )

    def _lay_out(self, example_row: QWidget) -> None:
        """Examples on top, then the model's guesses, its heads, the detector, the story."""
        tap_hint = translate(
            "EnglishView",
            "Tap a map to show it large; tap a row of the large map to choose the query.",
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        for widget in (
            example_row,
            self.error,
            self.mask_note,
            self.language_note,
            self.unknown_note,
            self.chips,
            self.start_note,
            self.predictions_title,
            self.predictions,
            self.grid,
            wrapped_label(tap_hint, "summary"),
            self.big_map,
            self.readout,
            self.detector,
            self.about,
        ):
            layout.addWidget(widget)
        layout.addStretch(1)

    def _example_row(self) -> QWidget:
        """One button per example sentence, titled in the learner's language."""
        self.example_buttons: dict[str, QPushButton] = {}
        row = FlowRow(spacing=8)
        for example_id, (text, query) in english_examples().items():
            button = QPushButton(translate("EnglishView", EXAMPLE_TITLES[example_id]))
            button.setToolTip(fill(translate("EnglishView", "Sets the sentence: %1"), text))
            button.clicked.connect(lambda _=False, t=text, q=query: self._set_example(t, q))
            row.addWidget(button)
            self.example_buttons[example_id] = button
        return row

    def _set_example(self, sentence: str, query: int) -> None:
        self._state.set_sentence(sentence)
        self._state.set_query(query)

    # -- what the window calls ---------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        """Draw the model on the result's sentence and query (the first call reads it)."""
        self._result = result
        self.english = self._page_results.english(result)
        about = self.english.about
        if about is not None and not self._started:
            # Start on the head most like the lesson's induction head, as the Learned page does.
            self._started = True
            self.selected = about.start_head
            self.grid.set_shape(about.n_layers, about.n_heads)
            self.about.setText(about_text(about))
            self.detector.show_formations(about.formations)
        self._refresh()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self.grid.set_theme(theme, font_px)
        self.big_map.set_style(theme, font_px, self._lut)
        self.predictions.set_theme(theme, font_px)
        self.chips.set_theme(theme, font_px)
        self.mask_note.setStyleSheet(f"color: {theme.text}; font-weight: bold;")
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in (*self.example_buttons.values(), self.detector.find_button):
            button.setMinimumHeight(height)
        self.detector.chooser.setMinimumHeight(height)

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        self._lut = np.asarray(lut, dtype=np.uint8)
        self.big_map.set_style(self._theme, self._font_px, self._lut)
        self._drawn = None  # every map in the new colours
        self._refresh()

    # -- choices on the page -------------------------------------------------------------

    def select_head(self, layer: int, head: int) -> None:
        """Show one head large, with its detector scores."""
        self.selected = (layer, head)
        self.detector.clear_answer()
        self._refresh()

    def find_head(self, pattern: str) -> None:
        """Show the head of the model closest to a pattern, and say how close."""
        if self.english is None or not self.english.rankings:
            return
        ranking = self.english.rankings[pattern]
        self.selected = (ranking[0].layer, ranking[0].head)
        self._refresh()
        self.detector.show_answer(pattern, ranking)

    def _on_position_clicked(self, position: int) -> None:
        """A chip or a row of the large map: that word becomes the query (not the start token)."""
        run = self.english.run if self.english is not None else None
        offset = run.offset if run is not None else 0
        if position >= offset:
            self._state.set_query(position - offset)

    def _on_map_clicked(self, layer: int, head: int) -> None:
        self.select_head(layer, head)
        scroll = self.parent()
        while scroll is not None and not isinstance(scroll, QScrollArea):
            scroll = scroll.parent()
        if scroll is not None:  # in a short side panel the large map may be out of sight
            scroll.ensureWidgetVisible(self.readout, 0, 0)

    # -- drawing ------------------------------------------------------------------------------

    def _refresh(self) -> None:
        english, result = self.english, self._result
        if english is None or result is None:  # nothing read yet: nothing to show
            for part in (*self.model_parts, self.about):
                part.hide()
            return
        run = english.run
        self.error.setVisible(english.error is not None or english.context_length is not None)
        if english.error is not None:
            self.error.setText(f"{load_failed()} {weights_error(english.error)}")
        elif english.context_length is not None:
            self.error.setText(too_long_text(english.context_length, len(result.tokens)))
        for part in self.model_parts:
            part.setVisible(run is not None)
        self.about.setVisible(english.about is not None)
        self.unknown_note.setVisible(run is not None and bool(run.unknown_words or run.read_as))
        self.start_note.setVisible(run is not None and run.offset > 0)
        self.mask_note.setVisible(run is not None and not result.causal)
        if run is not None:
            self._draw(result, english)

    def _draw(self, result: AttentionResult, english: EnglishResult) -> None:
        run = english.run
        assert run is not None  # _refresh draws only a loaded model
        # The run itself, not its id: a new run may reuse a freed one's address.
        key = (run, self.selected)
        if key != self._drawn:  # a new query alone redraws only what depends on it
            self._drawn = key
            self._draw_heads(english)
        position = english.query + run.offset  # the query's place among the model's positions
        labels = self._labels(run.positions)
        self.predictions_title.setText(
            predictions_title(token_label(display_tokens(labels), position))
        )
        self.predictions.set_predictions(english.predictions)
        self.big_map.set_query(position)
        self.chips.set_query(position)
        self.readout.setText(focus_sentence(labels, run.weights[self.selected], position))

    @staticmethod
    def _labels(positions: tuple[str, ...]) -> tuple[str, ...]:
        """The model's positions as shown: the start token in the learner's language."""
        return tuple(start_token() if t == BOS else t for t in positions)

    def _draw_heads(self, english: EnglishResult) -> None:
        """The unknown words, every small map, the selected head large and its detector."""
        run = english.run
        assert run is not None
        positions = self._labels(run.positions)
        if run.unknown_words or run.read_as:
            self.unknown_note.setText(words_note(run.unknown_words, run.read_as))
        self.chips.set_tokens(positions, start=run.offset > 0)
        hidden = core.causal_mask(len(positions))
        for (layer, head), mini in self.grid.maps.items():
            mini.set_content(run.weights[layer, head], hidden, self._lut)
            mini.set_subtitle(map_subtitle(run.verdicts[layer][head]))
        self.grid.set_selected(*self.selected)
        layer, head = self.selected
        labels = [row_label(positions, i) for i in range(len(positions))]
        matrix = Matrix(head_title(layer, head), run.weights[layer, head], hidden)
        self.big_map.set_content([matrix], labels, english.query + run.offset)
        self.detector.show_verdict(run.verdicts[layer][head])

    # -- for tests --------------------------------------------------------------------------

    @property
    def selected_weights(self) -> np.ndarray | None:
        """The selected head's weights as drawn large."""
        grid = self.big_map.matrices
        return grid[0].weights if grid else None
