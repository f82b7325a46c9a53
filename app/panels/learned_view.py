"""The Learned page: the heads of a small trained model, next to the constructed ones.

Three parts, one at a time, chosen with the buttons on top:

- **Learned heads**: every head of the trained model on the current sentence as a small
  map, labelled with its measured score; the selected one large, with numbers,
  the query row outlined and a readout in the main readout's words;
- **Side by side**: the constructed induction head against the learned model's
  best one, on the lesson's sentence and on a repeat of random symbols;
- **Train**: train the model again from scratch in a child process, watch the
  loss fall as the induction head forms, and use the result for the session.

The shipped weights are read on the first ``show_result`` (the page costs the
window's start-up nothing); a damaged file is reported on the page, and training
still works.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
from PySide6.QtWidgets import (
    QButtonGroup,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import core
from core.learned import QUICK_TRAINING, SHIPPED_WEIGHTS, TrainConfig, TrainResult, WeightsError
from core.readout import focus

from ..flow_layout import FlowLayout
from ..results import AttentionResult, display_tokens
from ..state import AppState
from ..theme import THEMES, Theme
from ..training import TrainingRunner
from ..wording import fill, format_count, format_weight, readout_text, translate
from .learned.compare import ComparisonView
from .learned.matrices import MatricesCanvas, Matrix
from .learned.mini_maps import LearnedHeadGrid
from .learned.model import LearnedModel, head_name, load_model
from .learned.train_panel import TrainPanel
from .matrix_painting import GREY_LUT, row_label

SECTIONS = ("heads", "compare", "train")


def section_title(name: str) -> str:
    titles = {
        "heads": translate("LearnedView", "Learned heads"),
        "compare": translate("LearnedView", "Side by side"),
        "train": translate("LearnedView", "Train"),
    }
    return titles[name]


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


#: Symbols listed in the note; a 64-token sentence would fill the page with numbers.
IDS_SHOWN = 32


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


class LearnedView(QWidget):
    """The learned model's heads, a comparison with the rule, and training it again.

    Parameters
    ----------
    state : AppState
    weights_path : path-like, optional
        The shipped weights (tests point it at a damaged copy).
    config : TrainConfig
        What 'Train from scratch' trains.
    """

    def __init__(
        self,
        state: AppState,
        weights_path: str | os.PathLike = SHIPPED_WEIGHTS,
        config: TrainConfig = QUICK_TRAINING,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._weights_path = weights_path
        self.model: LearnedModel | None = None
        self.load_error: str | None = None
        self._shipped: LearnedModel | None = None
        self._result: AttentionResult | None = None
        self._attention: np.ndarray | None = None  # (layers, heads, n, n) on the sentence
        self._attention_key: tuple | None = None
        self._compare_model: LearnedModel | None = None
        self.selected: tuple[int, int] = (0, 0)
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self._lut = GREY_LUT
        self.setAccessibleName(translate("LearnedView", "Heads of a trained model"))

        self.runner = TrainingRunner(self)
        self.section_buttons: dict[str, QPushButton] = {}
        group = QButtonGroup(self)
        top = FlowLayout(spacing=8)  # wraps at large text sizes instead of widening the page
        for name, title in ((n, section_title(n)) for n in SECTIONS):
            button = QPushButton(title)
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, n=name: self.show_section(n))
            group.addButton(button)
            top.addWidget(button)
            self.section_buttons[name] = button
        buttons = QWidget()
        buttons.setLayout(top)

        self.source = wrapped_label(name="summary")
        self.error = wrapped_label(name="error")
        self.error.hide()
        self.compare = ComparisonView()
        self.train_panel = TrainPanel(self.runner, config)
        self.sections: dict[str, QWidget] = {
            "heads": self._build_heads(),
            "compare": self.compare,
            "train": self.train_panel,
        }
        self.train_panel.use_requested.connect(self.use_result)
        self.train_panel.shipped_requested.connect(self.use_shipped)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        layout.addWidget(buttons)
        layout.addWidget(self.source)
        layout.addWidget(self.error)
        for widget in self.sections.values():
            layout.addWidget(widget)
        layout.addStretch(1)
        self.show_section("heads")

    def _build_heads(self) -> QWidget:
        page = QWidget()
        self.vocab_note = wrapped_label(name="summary")
        self.mask_note = wrapped_label(mask_note())
        self.mask_note.hide()
        self.grid = LearnedHeadGrid()
        self.grid.head_clicked.connect(self._on_map_clicked)
        self.score_note = wrapped_label(score_note(), "summary")
        self.big_map = MatricesCanvas(clickable=True)
        self.big_map.setAccessibleName(translate("LearnedView", "The selected learned head, large"))
        self.big_map.row_clicked.connect(self._state.set_query)
        self.readout = wrapped_label(name="figure")
        # Its sentence is its name (a fixed name would hide it from screen readers).
        self.readout.setAccessibleDescription(
            translate("LearnedView", "Where the query looks, in the learned head")
        )
        self.heads_error = wrapped_label(name="error")
        self.heads_error.hide()
        layout = QVBoxLayout(page)
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
        return page

    # -- what the window calls ---------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        """Draw the learned heads on the result's sentence, query and mask setting."""
        self._result = result
        self._ensure_model()
        self._refresh()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self.grid.set_theme(theme, font_px)
        self.big_map.set_style(theme, font_px, self._lut)
        self.compare.set_style(theme, font_px, self._lut)
        self.train_panel.set_theme(theme, font_px)
        self.mask_note.setStyleSheet(f"color: {theme.text}; font-weight: bold;")
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in self.section_buttons.values():
            button.setMinimumHeight(height)

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        self._lut = np.asarray(lut, dtype=np.uint8)
        self.big_map.set_style(self._theme, self._font_px, self._lut)
        self.compare.set_style(self._theme, self._font_px, self._lut)
        self._refresh()

    def shutdown(self) -> None:
        """Stop a training run and its process (the window's closeEvent calls this)."""
        self.runner.shutdown()

    def reset_session(self) -> None:
        """As for a new visitor: no training, the shipped model, the Heads part."""
        self.runner.cancel()
        if self.model is not None and self.model.origin != "shipped":
            self.use_shipped()
        self.show_section("heads")

    # -- choices on the page -------------------------------------------------------------

    def show_section(self, name: str) -> None:
        """Show one part of the page: 'heads', 'compare' or 'train'."""
        for key, widget in self.sections.items():
            widget.setVisible(key == name)
            self.section_buttons[key].setChecked(key == name)
        if name != "train" and self._result is not None:
            self._ensure_model()  # not before the first show_result: start-up stays quick
        self._refresh()

    def current_section(self) -> str:
        return next(k for k, w in self.sections.items() if not w.isHidden())

    def select_head(self, layer: int, head: int) -> None:
        """Show one learned head large."""
        self.selected = (layer, head)
        self._refresh()

    def _on_map_clicked(self, layer: int, head: int) -> None:
        self.select_head(layer, head)
        # In a short side panel the large map may be out of sight: bring it in.
        scroll = self.parent()
        while scroll is not None and not isinstance(scroll, QScrollArea):
            scroll = scroll.parent()
        if scroll is not None:
            scroll.ensureWidgetVisible(self.readout, 0, 0)

    def use_result(self, result: TrainResult) -> None:
        """Show the model from a training run for the rest of the session (nothing is saved)."""
        description = fill(
            translate(
                "LearnedView",
                "Showing the model you trained (%1 steps from random weights, seed %2):",
            ),
            format_count(result.steps_done),
            result.seed,
        )
        self._set_model(LearnedModel.from_params(result.params, "trained", description))
        self.show_section("heads")

    def use_shipped(self) -> None:
        """Back to the model that comes with the program."""
        if self._shipped is not None:
            self._set_model(self._shipped)
        else:
            self.model = None
            self._ensure_model(retry=True)
            self._refresh()

    # -- the model -------------------------------------------------------------------------

    def _ensure_model(self, retry: bool = False) -> None:
        """Read the shipped weights if no model is in use yet (a damaged file only once)."""
        if self.model is not None or (self.load_error is not None and not retry):
            return
        try:
            self._shipped = load_model(self._weights_path)
        except WeightsError as exc:
            self.load_error = str(exc)
            self.model = None
            self.train_panel.set_origin("none")
            return
        self._set_model(self._shipped)

    def _set_model(self, model: LearnedModel) -> None:
        self.model, self.load_error = model, None
        self._attention_key = None
        self.selected = (model.n_layers - 1, model.best_induction_head)
        self.grid.set_shape(model.n_layers, model.n_heads)
        for (layer, head), mini in self.grid.maps.items():
            job, scores = model.score(layer)
            mini.set_subtitle(f"{job} {format_weight(scores[head])}")
        self.train_panel.set_origin(model.origin)
        self._refresh()

    # -- drawing ------------------------------------------------------------------------------

    def _refresh(self) -> None:
        self.error.setVisible(self.load_error is not None)
        if self.load_error is not None:
            self.error.setText(
                fill(
                    translate(
                        "LearnedView",
                        "The trained model could not be loaded. %1 You can still train one "
                        "yourself under Train.",
                    ),
                    self.load_error,
                )
            )
        model = self.model
        has_model = model is not None
        self.source.setVisible(has_model and self.sections["train"].isHidden())
        if model is not None:
            shape = translate(
                "LearnedView",
                "%1 layers of %2 heads, trained on random tokens whose second half repeats part "
                "of the first. Nobody told the heads where to look.",
            )
            self.source.setText(f"{model.description} {fill(shape, model.n_layers, model.n_heads)}")
        for part in (self.vocab_note, self.grid, self.score_note, self.big_map):
            part.setVisible(has_model)
        self.compare.set_available(has_model)
        if model is None or self._result is None:
            self.readout.setVisible(False)
            return
        if not self.sections["compare"].isHidden() and self._compare_model is not model:
            self.compare.set_model(model)
            self._compare_model = model
        if not self.sections["heads"].isHidden():
            self._refresh_heads(model, self._result)

    def _sentence_attention(self, model: LearnedModel, tokens: tuple[str, ...]) -> np.ndarray:
        key = (id(model), tokens)
        if key != self._attention_key or self._attention is None:
            self._attention = model.attention(tokens)
            self._attention_key = key
        return self._attention

    def _refresh_heads(self, model: LearnedModel, result: AttentionResult) -> None:
        tokens = result.tokens
        self.mask_note.setVisible(not result.causal)
        try:
            weights = self._sentence_attention(model, tokens)
        except ValueError:
            too_long = translate(
                "LearnedView",
                "This model reads at most %1 tokens and the sentence has %2; shorten it to see "
                "the learned heads.",
            )
            self.heads_error.setText(fill(too_long, model.context_length, len(tokens)))
            self.heads_error.show()
            for part in (self.grid, self.big_map, self.readout):
                part.hide()
            return
        self.heads_error.hide()
        ids = [str(i) for i in model.ids(tokens)]
        shown = " ".join(ids[:IDS_SHOWN]) + (" …" if len(ids) > IDS_SHOWN else ".")
        here = fill(translate("LearnedView", "Here: %1"), shown)
        self.vocab_note.setText(f"{vocab_note()} {here}")
        hidden = core.causal_mask(len(tokens))
        for (layer, head), mini in self.grid.maps.items():
            mini.set_content(weights[layer, head], hidden, self._lut)
        self.grid.set_selected(*self.selected)
        layer, head = self.selected
        selected = weights[layer, head]
        labels = [row_label(tokens, i) for i in range(len(tokens))]
        title = fill(translate("LearnedView", "%1 on your sentence"), head_name(layer, head))
        self.big_map.set_content([Matrix(title, selected, hidden)], labels, result.query)
        self.readout.setText(focus_sentence(tokens, selected, result.query))
        self.readout.show()

    # -- for tests and the window ----------------------------------------------------------

    @property
    def selected_weights(self) -> np.ndarray | None:
        """The selected head's weights on the current sentence, as drawn large."""
        grid = self.big_map.matrices
        return grid[0].weights if grid else None
