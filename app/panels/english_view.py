"""The English page: the heads of a small model that has read English, on your sentence.

- every head of both layers as a small map, named after the constructed pattern it
  fits best ("previous token 0.87") or "no clear pattern";
- the selected head large, with numbers, the query row outlined and a readout;
- the head detector: the selected head's score against each constructed pattern on
  this sentence and on fixed probe texts, and "where is this head in the model?";
- the model's five likeliest next words at the query;
- what formed in the model and what did not, measured on text it never trained on.

The weights are read on the first ``show_result`` (start-up costs nothing); a damaged
file is reported on the page in the Learned page's words.
"""

from __future__ import annotations

import os

import numpy as np
from PySide6.QtWidgets import QPushButton, QScrollArea, QVBoxLayout, QWidget

import core
from core.english import weights as english_weights
from core.english.analysis import EnglishRun, head_label, probe_scores
from core.english.probes import MARY_AND_JOHN

from ..flow_layout import FlowLayout
from ..results import AttentionResult, display_tokens
from ..state import AppState
from ..theme import THEMES, Theme
from ..wording import head_name, token_label
from .english.detector import DetectorPanel
from .english.model import EnglishSession
from .english.predictions import PredictionBars
from .learned.matrices import MatricesCanvas, Matrix
from .learned.mini_maps import LearnedHeadGrid
from .learned_view import focus_sentence, mask_note, wrapped_label
from .matrix_painting import GREY_LUT, row_label

#: Example sentences: the lesson's two, and a passage that repeats so induction can show.
EXAMPLES = {
    "Mary and John": MARY_AND_JOHN,
    "The cat chased the dog": core.LESSON_SENTENCE,
    "A repeated passage": "Moses spoke to Aaron in the tent of meeting. Moses spoke to",
}
TAP_HINT = "Tap a map to show it large; tap a row of the large map to choose the query."
LOAD_FAILED = "The English model could not be loaded."


class EnglishView(QWidget):
    """Heads, head detector and next-word guesses of the English model.

    Parameters
    ----------
    state : AppState
    weights_path : path-like, optional
        The weights file (tests point it at a damaged copy); the shipped one by default.
    """

    def __init__(
        self,
        state: AppState,
        weights_path: str | os.PathLike | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._state = state
        self.session = EnglishSession(weights_path or english_weights.ENGLISH_WEIGHTS)
        self._result: AttentionResult | None = None
        self._run: EnglishRun | None = None
        self._drawn: tuple | None = None  # what the maps show: run, selected head, colours
        self.selected: tuple[int, int] = (0, 0)
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self._lut = GREY_LUT
        self.setAccessibleName("Heads of a model that has read English")

        self.example_buttons: dict[str, QPushButton] = {}
        examples = FlowLayout(spacing=8)
        for title, text in EXAMPLES.items():
            button = QPushButton(title)
            button.setToolTip(text)
            button.clicked.connect(lambda _=False, t=text: self._state.set_sentence(t))
            examples.addWidget(button)
            self.example_buttons[title] = button
        example_row = QWidget()
        example_row.setLayout(examples)

        self.error = wrapped_label(name="error")
        self.error.hide()
        self.mask_note = wrapped_label(mask_note())
        self.mask_note.hide()
        self.unknown_note = wrapped_label(name="summary")
        self.predictions_title = wrapped_label(name="figure")
        self.predictions = PredictionBars()
        self.grid = LearnedHeadGrid()
        self.grid.setAccessibleName("Heads of the English model, small maps")
        self.grid.head_clicked.connect(self._on_map_clicked)
        self.big_map = MatricesCanvas(clickable=True)
        self.big_map.setAccessibleName("The selected head of the English model, large")
        self.big_map.row_clicked.connect(self._state.set_query)
        self.readout = wrapped_label(name="figure")
        self.readout.setAccessibleName("Where the query looks, in the selected head")
        self.detector = DetectorPanel()
        self.detector.find_requested.connect(self.find_head)
        self.about = wrapped_label(name="summary")
        self.about.setAccessibleName("What formed in this model and what did not")
        self.model_parts = (
            self.unknown_note,
            self.predictions_title,
            self.predictions,
            self.grid,
            self.big_map,
            self.readout,
            self.detector,
        )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        for widget in (
            example_row,
            self.error,
            self.mask_note,
            self.unknown_note,
            self.predictions_title,
            self.predictions,
            self.grid,
            wrapped_label(TAP_HINT, "summary"),
            self.big_map,
            self.readout,
            self.detector,
            self.about,
        ):
            layout.addWidget(widget)
        layout.addStretch(1)

    # -- what the window calls ---------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        """Draw the model on the result's sentence and query (the first call loads it)."""
        self._result = result
        first_use = self.session.model is None and self.session.load_error is None
        if first_use and self.session.ensure_loaded() is not None:
            self._set_model()
        self._refresh()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self.grid.set_theme(theme, font_px)
        self.big_map.set_style(theme, font_px, self._lut)
        self.predictions.set_theme(theme, font_px)
        self.mask_note.setStyleSheet(f"color: {theme.text}; font-weight: bold;")
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in (*self.example_buttons.values(), self.detector.find_button):
            button.setMinimumHeight(height)
        self.detector.chooser.setMinimumHeight(height)

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        self._lut = np.asarray(lut, dtype=np.uint8)
        self.big_map.set_style(self._theme, self._font_px, self._lut)
        self._refresh()

    # -- choices on the page -------------------------------------------------------------

    def select_head(self, layer: int, head: int) -> None:
        """Show one head large, with its detector scores."""
        self.selected = (layer, head)
        self.detector.clear_answer()
        self._refresh()

    def find_head(self, head_id: str) -> None:
        """Show the head of the model closest to a constructed head, and say how close."""
        if self._run is None:
            return
        ranking = self._run.where_is(head_id)
        layer, head = ranking[0][:2]
        self.selected = (layer, head)
        self._refresh()
        self.detector.show_answer(head_id, ranking)

    def _on_map_clicked(self, layer: int, head: int) -> None:
        self.select_head(layer, head)
        scroll = self.parent()
        while scroll is not None and not isinstance(scroll, QScrollArea):
            scroll = scroll.parent()
        if scroll is not None:  # in a short side panel the large map may be out of sight
            scroll.ensureWidgetVisible(self.readout, 0, 0)

    # -- drawing ------------------------------------------------------------------------------

    def _set_model(self) -> None:
        model = self.session.model
        if model is None:
            return
        self.grid.set_shape(model.config.n_layers, model.config.n_heads)
        # Start on the head most like the lesson's induction head, as the Learned page does.
        scores = probe_scores(model)[..., list(core.HEADS).index("induction")]
        layer, head = np.unravel_index(int(np.argmax(scores)), scores.shape)
        self.selected = (int(layer), int(head))
        self.about.setText(self.session.description())

    def _refresh(self) -> None:
        error = self.session.load_error
        self.error.setVisible(error is not None)
        if error is not None:
            self.error.setText(f"{LOAD_FAILED} {error}")
        result = self._result
        loaded = self.session.model is not None and result is not None
        for part in self.model_parts:
            part.setVisible(loaded)
        self.about.setVisible(self.session.model is not None)
        if loaded and result is not None:
            self._draw(result)

    def _draw(self, result: AttentionResult) -> None:
        tokens = result.tokens
        self.mask_note.setVisible(not result.causal)
        run = self.session.run(tokens)
        key = (id(run), self.selected, id(self._lut))
        if key != self._drawn:  # a new query alone redraws only what depends on it
            self._run, self._drawn = run, key
            self._draw_heads(run)
        query = result.query
        self.predictions_title.setText(
            f"After {token_label(display_tokens(tokens), query)}, the model's five likeliest "
            "next words:"
        )
        self.predictions.set_predictions(run.predictions(query))
        self.big_map.set_query(query)
        self.readout.setText(focus_sentence(tokens, run.weights[self.selected], query))

    def _draw_heads(self, run: EnglishRun) -> None:
        """The unknown words, every small map, the selected head large and its detector."""
        tokens = run.tokens
        unknown = run.unknown_words
        self.unknown_note.setVisible(bool(unknown))
        if unknown:
            self.unknown_note.setText(
                "Words it does not know, read as one 'unknown word' token: "
                + ", ".join(unknown[:12])
                + (" …" if len(unknown) > 12 else ".")
            )
        hidden = core.causal_mask(len(tokens))
        for (layer, head), mini in self.grid.maps.items():
            mini.set_content(run.weights[layer, head], hidden, self._lut)
            match = run.detections[layer][head].match
            name = "no clear pattern" if match is None else head_name(match[0]).lower()
            mini.set_subtitle(name if match is None else f"{name} {match[1]:.2f}")
        self.grid.set_selected(*self.selected)
        layer, head = self.selected
        labels = [row_label(tokens, i) for i in range(len(tokens))]
        title = f"{head_label(layer, head).capitalize()} on your sentence"
        matrix = Matrix(title, run.weights[layer, head], hidden)
        query = None if self._result is None else self._result.query
        self.big_map.set_content([matrix], labels, query)
        self.detector.show_detection(run.detections[layer][head])

    # -- for tests --------------------------------------------------------------------------

    @property
    def selected_weights(self) -> np.ndarray | None:
        """The selected head's weights as drawn large."""
        grid = self.big_map.matrices
        return grid[0].weights if grid else None
