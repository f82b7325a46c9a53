"""Side by side: the constructed induction head against the learned model's best one.

Once on the lesson's sentence and once on a repeated run of random symbols. The
cells the rule points at are ringed on both maps, so the eye can check that the
learned head finds the same ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import core
from core.heads import STRONG
from core.learned import attention_patterns, repeated_sequence

from ...lesson import lesson_sentence
from ...qt_typing import present
from ...theme import Theme
from ...wording import fill, translate
from ..matrix_painting import GREY_LUT, row_label
from .matrices import MatricesCanvas, Matrix
from .model import LearnedModel

#: The random repeat: eight symbols, then the same eight again, always from this seed.
REPEAT_SEED = 3
REPEAT_PERIOD = 8


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


def symbol_tokens(ids: Iterable[int]) -> tuple[str, ...]:
    """Token ids written as symbols: 17 -> 't17'."""
    return tuple(f"t{int(i)}" for i in ids)


def rule_cells(tokens: Sequence[str]) -> np.ndarray:
    """(k, 2) visible cells where the constructed induction head finds its target."""
    n = len(tokens)
    strong = core.get_head("induction").scores(tokens) == STRONG
    return np.argwhere(strong & ~core.causal_mask(n))


def pair(
    model: LearnedModel, tokens: Sequence[str], learned: np.ndarray
) -> tuple[list[Matrix], list[str]]:
    """The rule's and the learned head's matrices on ``tokens``, and the row labels."""
    n = len(tokens)
    hidden = core.causal_mask(n)
    cells = rule_cells(tokens)
    layer, head = model.n_layers - 1, model.best_induction_head
    matrices = [
        Matrix(
            translate("ComparisonView", "Constructed induction head"),
            core.head_weights("induction", tokens),
            hidden,
            cells,
        ),
        Matrix(
            fill(translate("ComparisonView", "Learned: layer %1 · head %2"), layer + 1, head),
            learned,
            hidden,
            cells,
        ),
    ]
    return matrices, [row_label(tuple(tokens), i) for i in range(n)]


class ComparisonView(QWidget):
    """Two pairs of maps, a ring legend and one sentence on what to notice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model: LearnedModel | None = None
        self.repeat_ids = np.zeros(0, dtype=np.int64)
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

    def set_model(self, model: LearnedModel) -> None:
        """Recompute both pairs for this model."""
        self.model = model
        tokens = tuple(core.tokenize(lesson_sentence()))  # the language in use's lesson
        learned = model.attention(tokens)[-1, model.best_induction_head]
        matrices, labels = pair(model, tokens, learned)
        self.sentence_canvas.set_content(matrices, labels, None)
        vocab = int(model.params["embed"].shape[0])
        self.repeat_ids = repeated_sequence(REPEAT_SEED, REPEAT_PERIOD, vocab)
        symbols = symbol_tokens(self.repeat_ids)
        patterns = attention_patterns(model.params, self.repeat_ids).astype(np.float64)
        learned = patterns[-1, model.best_induction_head]
        matrices, labels = pair(model, symbols, learned)
        self.repeat_canvas.set_content(matrices, labels, None)
        heading = translate("ComparisonView", "On random symbols, %1 and then the same %1 again:")
        self.repeat_title.setText(
            f"{fill(heading, REPEAT_PERIOD)} " + " ".join(symbols[:REPEAT_PERIOD]) + " …"
        )

    def set_available(self, available: bool) -> None:
        """Without a model there is nothing to compare: everything hides."""
        layout = present(self.layout())
        for index in range(layout.count()):
            present(present(layout.itemAt(index)).widget()).setVisible(available)

    def set_style(self, theme: Theme, font_px: int, lut: np.ndarray = GREY_LUT) -> None:
        for canvas in (self.sentence_canvas, self.repeat_canvas):
            canvas.set_style(theme, font_px, lut)
