"""The Learned page: the heads of a small trained model, next to the constructed ones.

Three parts, one at a time, chosen with the buttons on top:

- **Learned heads**: every head of the trained model on the current sentence as a small
  map, labelled with its measured score; the selected one large, with numbers,
  the query row outlined and a readout in the main readout's words;
- **Side by side**: the constructed induction head against the learned model's
  best one, on the lesson's sentence and on a repeat of random symbols;
- **Train**: train the model again from scratch in a child process, watch the
  loss fall as the induction head forms, and use the result for the session.

Which model is in use, which part is shown and which head is large are session state
(``AppState.learned_*``); the models and their weights come from ``app.model.learned_results``,
which reads the shipped weights on the page's first ``show_result`` (the page costs the
window's start-up nothing). A damaged file is reported on the page, and training still
works.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QButtonGroup, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.accessibility.radio_group import one_tab_stop
from app.adapters.training import TrainingRunner
from app.model.learned_results import Comparison, LearnedModel, LearnedResults
from app.model.results import AttentionResult
from app.model.state import LEARNED_FIELDS, LEARNED_SECTIONS, AppState, TrainedWeights
from app.panels.learned.compare import ComparisonView
from app.panels.learned.heads_section import HeadsSection, wrapped_label
from app.panels.learned.model import model_description
from app.panels.learned.train_panel import TrainPanel
from app.panels.matrix_painting import GREY_LUT
from app.text.errors import weights_error
from app.text.wording import fill, translate
from app.ui.binding import listen
from app.ui.flow_row import FlowRow
from app.ui.theme import THEMES, Theme
from core.learned import QUICK_TRAINING, TrainConfig, TrainResult, WeightsError


def section_title(name: str) -> str:
    titles = {
        "heads": translate("LearnedView", "Learned heads"),
        "compare": translate("LearnedView", "Side by side"),
        "train": translate("LearnedView", "Train"),
    }
    return titles[name]


def load_error_text(error: WeightsError) -> str:
    return fill(
        translate(
            "LearnedView",
            "The trained model could not be loaded. %1 You can still train one "
            "yourself under Train.",
        ),
        weights_error(error),
    )


def shape_text(model: LearnedModel) -> str:
    shape = translate(
        "LearnedView",
        "%1 layers of %2 heads, trained on random tokens whose second half repeats part "
        "of the first. Nobody told the heads where to look.",
    )
    return f"{model_description(model)} {fill(shape, model.n_layers, model.n_heads)}"


class LearnedView(QWidget):
    """The learned model's heads, a comparison with the rule, and training it again.

    Parameters
    ----------
    state : AppState
    results : LearnedResults
        Where the models and their weights come from (the controller's).
    config : TrainConfig
        What 'Train from scratch' trains.
    """

    def __init__(
        self,
        state: AppState,
        results: LearnedResults,
        config: TrainConfig = QUICK_TRAINING,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._results = results
        self._result: AttentionResult | None = None
        self._shown_model: LearnedModel | None = None  # whose small maps are laid out
        self._compared: Comparison | None = None  # what the comparison last drew
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self._lut = GREY_LUT
        self.setAccessibleName(translate("LearnedView", "Heads of a trained model"))

        self.runner = TrainingRunner(self)
        self.source = wrapped_label(name="summary")
        self.error = wrapped_label(name="error")
        self.error.hide()
        self.heads = HeadsSection()
        self.heads.head_clicked.connect(self._on_map_clicked)
        self.heads.row_clicked.connect(state.set_query)
        self.compare = ComparisonView()
        self.train_panel = TrainPanel(self.runner, config)
        self.train_panel.use_requested.connect(self.use_result)
        self.train_panel.shipped_requested.connect(self.use_shipped)
        self.sections: dict[str, QWidget] = {
            "heads": self.heads,
            "compare": self.compare,
            "train": self.train_panel,
        }
        # The heads part's widgets, by the names tests and the window's checks use.
        self.grid, self.big_map, self.readout = (
            self.heads.grid,
            self.heads.big_map,
            self.heads.readout,
        )
        self.vocab_note, self.mask_note = self.heads.vocab_note, self.heads.mask_note
        self.score_note, self.heads_error = self.heads.score_note, self.heads.heads_error
        self._lay_out(self._section_buttons())
        listen(self, state.changed, self._on_state_changed)
        listen(self, state.session_changed, self.runner.cancel)  # a new visitor: no training
        self._refresh()

    def _section_buttons(self) -> QWidget:
        self.section_buttons: dict[str, QPushButton] = {}
        group = QButtonGroup(self)
        buttons = FlowRow(spacing=8)  # wraps at large text instead of widening the page
        for name in LEARNED_SECTIONS:
            button = QPushButton(section_title(name))
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, n=name: self.show_section(n))
            group.addButton(button)
            buttons.addWidget(button)
            self.section_buttons[name] = button
        one_tab_stop(group)  # Tab lands on the section shown; arrows choose
        return buttons

    def _lay_out(self, buttons: QWidget) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        layout.addWidget(buttons)
        layout.addWidget(self.source)
        layout.addWidget(self.error)
        for widget in self.sections.values():
            layout.addWidget(widget)
        layout.addStretch(1)

    # -- what the window calls ---------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        """Draw the learned heads on the result's sentence, query and mask setting."""
        self._result = result
        self._refresh()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self.heads.set_style(theme, font_px, self._lut)
        self.compare.set_style(theme, font_px, self._lut)
        self.train_panel.set_theme(theme, font_px)
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in self.section_buttons.values():
            button.setMinimumHeight(height)

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        self._lut = np.asarray(lut, dtype=np.uint8)
        self.heads.set_style(self._theme, self._font_px, self._lut)
        self.compare.set_style(self._theme, self._font_px, self._lut)
        self._refresh()

    def shutdown(self) -> None:
        """Stop a training run and its process (the window's closeEvent calls this)."""
        self.runner.shutdown()

    # -- choices on the page, written to the state -------------------------------------

    def show_section(self, name: str) -> None:
        """Show one part of the page: 'heads', 'compare' or 'train'."""
        self._state.show_learned_section(name)

    def current_section(self) -> str:
        return self._state.learned_section

    def select_head(self, layer: int, head: int) -> None:
        """Show one learned head large."""
        self._state.select_learned_head(layer, head)

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
        weights = TrainedWeights(result.params, result.steps_done, result.seed)
        with self._state.batch():
            self._state.use_learned_weights(weights)
            self._state.show_learned_section("heads")

    def use_shipped(self) -> None:
        """Back to the model that comes with the program."""
        self._state.use_learned_weights(None)

    # -- what is drawn ---------------------------------------------------------------------

    @property
    def model(self) -> LearnedModel | None:
        """The model in use, once the page has been handed a result and could read it."""
        if self._result is None:
            return None
        model = self._results.model(self._state.learned_weights)
        return model if isinstance(model, LearnedModel) else None

    @property
    def load_error(self) -> WeightsError | None:
        """Why the shipped weights could not be read, while they are the ones in use."""
        if self._result is None:
            return None
        model = self._results.model(self._state.learned_weights)
        return model if isinstance(model, WeightsError) else None

    @property
    def selected(self) -> tuple[int, int]:
        """(layer, head) drawn large: the learner's choice, else the best induction head."""
        model = self.model
        chosen = self._state.learned_head
        if model is None:
            return chosen or (0, 0)
        if chosen is None or chosen[0] >= model.n_layers or chosen[1] >= model.n_heads:
            return model.n_layers - 1, model.best_induction_head
        return chosen

    @property
    def selected_weights(self) -> np.ndarray | None:
        """The selected head's weights on the current sentence, as drawn large."""
        grid = self.big_map.matrices
        return grid[0].weights if grid else None

    def _on_state_changed(self, names: frozenset[str]) -> None:
        if names & LEARNED_FIELDS:
            self._refresh()

    def _refresh(self) -> None:
        section = self._state.learned_section
        for key, widget in self.sections.items():
            widget.setVisible(key == section)
            self.section_buttons[key].setChecked(key == section)
        error, model = self.load_error, self.model
        self.error.setVisible(error is not None)
        if error is not None:
            self.error.setText(load_error_text(error))
            self.train_panel.set_origin("none")
        self.source.setVisible(model is not None and section != "train")
        self.heads.set_available(model is not None)
        self.compare.set_available(model is not None)
        if model is None or self._result is None:
            return
        if model is not self._shown_model:
            self._shown_model = model
            self.source.setText(shape_text(model))
            self.heads.show_model(model)
            self.train_panel.set_origin(model.origin)
        if section == "compare":
            self._draw_comparison(model)
        elif section == "heads":
            self.heads.draw(
                model, self._results.heads(model, self._result.tokens), self._result, self.selected
            )

    def _draw_comparison(self, model: LearnedModel) -> None:
        comparison = self._results.comparison(model)
        if comparison is not self._compared:
            self._compared = comparison
            self.compare.show_comparison(comparison, model.n_layers - 1, model.best_induction_head)
