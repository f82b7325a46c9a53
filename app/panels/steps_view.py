"""Scores, then the mask, then the softmax: the selected head's weights in three steps.

The page draws the ``AttentionSteps`` the controller published (``PageResults.steps``);
its picture is ``steps.canvas``, its words ``steps.words``.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.model.page_results import PageResults
from app.model.results import AttentionResult
from app.model.state import AppState
from app.panels.formula import FormulaView
from app.panels.lesson_formulas import attention_formula, tie_text, worked_example
from app.panels.matrix_painting import MINUS_INF
from app.panels.steps.canvas import StepsCanvas
from app.panels.steps.words import skip_note
from app.text.wording import fill, head_name, translate
from app.ui.theme import Theme
from core.steps import AttentionSteps


class StepsView(QWidget):
    """The selected head on the current sentence: scores, masked scores, weights."""

    def __init__(
        self, state: AppState, results: PageResults, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._results = results
        self.setAccessibleName(translate("StepsView", "Scores, then mask, then softmax"))
        self.title = QLabel()
        self.title.setObjectName("figure")
        self.title.setWordWrap(True)
        intro = translate(
            "StepsView",
            "The head's rule gives every pair of tokens a score. The causal mask then puts "
            "%1 on every key that comes after its query, and the softmax turns each row into "
            "weights. Rows are queries, columns are keys: tap a row to make it the query.",
        )
        self.intro = QLabel(fill(intro, MINUS_INF))
        self.intro.setObjectName("summary")
        self.intro.setWordWrap(True)
        self.formula = FormulaView()
        self.formula.set_formula(*attention_formula())
        self.tie = QLabel(tie_text(True))
        self.tie.setWordWrap(True)
        self.tie.setTextFormat(Qt.TextFormat.RichText)
        self.example = QLabel()
        self.example.setWordWrap(True)
        self.example.setTextFormat(Qt.TextFormat.RichText)
        self.example.setAccessibleName(translate("StepsView", "The formula on the query's row"))
        self.skip_note = QLabel(skip_note())
        self.skip_note.setWordWrap(True)
        self.skip_note.hide()
        self.canvas = StepsCanvas(state)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        for widget in (
            self.title,
            self.intro,
            self.formula,
            self.tie,
            self.example,
            self.skip_note,
            self.canvas,
        ):
            layout.addWidget(widget)
        layout.addStretch(1)

    @property
    def steps(self) -> AttentionSteps | None:
        return self.canvas.steps

    def show_result(self, result: AttentionResult) -> None:
        steps = self._results.steps(result)
        if steps is not self.canvas.steps:  # a new sentence, head or mask
            self.canvas.set_steps(steps, result.query)
            name = head_name(result.head_id)
            title = translate("StepsView", "%1 head: scores, then mask, then softmax")
            self.title.setText(fill(title, name))
            self.skip_note.setVisible(not result.causal)
            self.tie.setText(tie_text(result.causal))
        else:
            self.canvas.set_query(result.query)
        self.example.setText(worked_example(self.canvas.shown_steps, result.query))

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self.canvas.theme = theme
        self.canvas.font_px = font_px
        self.skip_note.setStyleSheet(f"color: {theme.text}; font-weight: bold;")
        self.formula.set_style(round(font_px * 1.15), theme.text)
        self.canvas.updateGeometry()
        self.canvas.update()

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        lut = np.asarray(lut, dtype=np.uint8)
        if lut.ndim != 2 or lut.shape[1] != 4:
            raise ValueError(f"a lookup table must be (N, 4) RGBA, got shape {lut.shape}")
        self.canvas.lut = lut
        self.canvas.update()
