"""Side by side: the constructed induction head against the learned model's best one.

Once on the lesson's sentence and once on a repeated run of random symbols. The
cells the rule points at are ringed on both maps, so the eye can check that the
learned head finds the same ones. The weights come from ``app.model.learned_results``.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import core
from app.model.learned_results import REPEAT_PERIOD, Comparison, RulePair
from app.panels.learned.matrices import MatricesCanvas, Matrix
from app.panels.matrix_painting import GREY_LUT, row_label
from app.text.wording import fill, translate
from app.ui.qt_typing import present
from app.ui.theme import Theme


def notice_text() -> str:
    return translate(
        "ComparisonView",
        "What to notice: on the sentence the learned head is fuzzier than the rule, but it "
        "mostly lands on the same ringed cells; on the random repeat, where only the repeat "
        "can help, it is nearly as sharp as the rule.",
    )


def ring_note() -> str:
    return translate(
        "ComparisonView",
        "Ringed: the cells the rule looks for, the token after an earlier copy of the query.",
    )


def pair_matrices(pair: RulePair, layer: int, head: int) -> tuple[list[Matrix], list[str]]:
    """The rule's and the learned head's matrices, and the row labels."""
    hidden = core.causal_mask(len(pair.tokens))
    matrices = [
        Matrix(
            translate("ComparisonView", "Constructed induction head"),
            pair.rule,
            hidden,
            pair.cells,
        ),
        Matrix(
            fill(translate("ComparisonView", "Learned: layer %1 · head %2"), layer + 1, head),
            pair.learned,
            hidden,
            pair.cells,
        ),
    ]
    return matrices, [row_label(pair.tokens, i) for i in range(len(pair.tokens))]


class ComparisonView(QWidget):
    """Two pairs of maps, a ring legend and one sentence on what to notice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.notice = QLabel(notice_text())
        self.notice.setWordWrap(True)
        self.sentence_title = QLabel(translate("ComparisonView", "On the lesson's sentence"))
        self.sentence_title.setObjectName("figure")
        self.sentence_canvas = MatricesCanvas()
        self.sentence_canvas.setAccessibleName(
            translate("ComparisonView", "The rule and the learned head on the sentence")
        )
        self.repeat_title = QLabel()
        self.repeat_title.setObjectName("figure")
        self.repeat_title.setWordWrap(True)
        self.repeat_canvas = MatricesCanvas()
        self.repeat_canvas.setAccessibleName(
            translate("ComparisonView", "The rule and the learned head on random symbols")
        )
        self.rings = QLabel(ring_note())
        self.rings.setWordWrap(True)
        self.rings.setObjectName("summary")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        for widget in (
            self.notice,
            self.rings,
            self.sentence_title,
            self.sentence_canvas,
            self.repeat_title,
            self.repeat_canvas,
        ):
            layout.addWidget(widget)

    def show_comparison(self, comparison: Comparison, layer: int, head: int) -> None:
        """Draw both pairs; ``layer`` and ``head`` name the learned head compared."""
        self.comparison = comparison
        for pair, canvas in (
            (comparison.sentence, self.sentence_canvas),
            (comparison.repeat, self.repeat_canvas),
        ):
            matrices, labels = pair_matrices(pair, layer, head)
            canvas.set_content(matrices, labels, None)
        heading = translate("ComparisonView", "On random symbols, %1 and then the same %1 again:")
        symbols = comparison.repeat.tokens[:REPEAT_PERIOD]
        self.repeat_title.setText(f"{fill(heading, REPEAT_PERIOD)} " + " ".join(symbols) + " …")

    def set_available(self, available: bool) -> None:
        """Without a model there is nothing to compare: everything hides."""
        layout = present(self.layout())
        for index in range(layout.count()):
            present(present(layout.itemAt(index)).widget()).setVisible(available)

    def set_style(self, theme: Theme, font_px: int, lut: np.ndarray = GREY_LUT) -> None:
        for canvas in (self.sentence_canvas, self.repeat_canvas):
            canvas.set_style(theme, font_px, lut)
