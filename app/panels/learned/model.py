"""The learned model the page shows, with the scores that say what each head does.

No Qt here: loading, scoring and attention on a sentence are plain NumPy calls.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.learned import (
    SHIPPED_WEIGHTS,
    Evaluation,
    Params,
    evaluate,
    load_weights,
    sentence_attention,
    sentence_ids,
)
from core.learned.metrics import EVAL_PERIOD

from ...wording import fill, format_count, translate


@dataclass(frozen=True, eq=False)
class LearnedModel:
    """Weights in use on the page, and their scores on repeated random tokens.

    Attributes
    ----------
    params : dict of ndarray
    evaluation : Evaluation
        Per-head scores on the fixed evaluation batch of ``core.learned``.
    origin : str
        'shipped' or 'trained'.
    description : str
        What the page says about where the weights come from.
    """

    params: Params
    evaluation: Evaluation
    origin: str
    description: str

    @classmethod
    def from_params(cls, params: Params, origin: str, description: str) -> LearnedModel:
        """Score ``params`` (some 50 ms for the shipped size) and wrap them."""
        period = min(EVAL_PERIOD, int(params["pos_embed"].shape[0]) // 2)
        return cls(params, evaluate(params, period, losses=False), origin, description)

    @property
    def n_layers(self) -> int:
        return int(self.params["w_q"].shape[0])

    @property
    def n_heads(self) -> int:
        return int(self.params["w_q"].shape[2])

    @property
    def context_length(self) -> int:
        return int(self.params["pos_embed"].shape[0])

    @property
    def best_induction_head(self) -> int:
        """The head of the last layer with the highest induction score."""
        return int(np.argmax(self.evaluation.induction_per_head[-1]))

    def score(self, layer: int) -> tuple[str, np.ndarray]:
        """The job a layer's heads are scored on, and every head's score.

        The first layer is where a previous-token head forms, the last where an
        induction head forms; a layer in between gets whichever of the two its
        best head does better.
        """
        previous = (
            translate("LearnedModel", "previous token"),
            self.evaluation.previous_token_per_head[layer],
        )
        induction = (
            translate("LearnedModel", "induction"),
            self.evaluation.induction_per_head[layer],
        )
        if layer == 0 and self.n_layers > 1:
            return previous
        if layer == self.n_layers - 1:
            return induction
        return max(previous, induction, key=lambda job: float(np.max(job[1])))

    def attention(self, tokens: Sequence[str]) -> np.ndarray:
        """Every head's weights on ``tokens``, (n_layers, n_heads, n, n), causal.

        Raises
        ------
        ValueError
            If the sentence is longer than the model's context.
        """
        return sentence_attention(self.params, tokens)

    def ids(self, tokens: Sequence[str]) -> np.ndarray:
        """The symbol of each token: one per distinct word, in order of first appearance."""
        return sentence_ids(tokens, self.context_length)


def head_name(layer: int, head: int) -> str:
    """'Layer 1 · head 0': layers count from 1 as in the lesson, heads from 0."""
    return fill(translate("LearnedModel", "Layer %1 · head %2"), layer + 1, head)


def load_model(path: str | os.PathLike = SHIPPED_WEIGHTS) -> LearnedModel:
    """The model that comes with the program.

    Raises
    ------
    core.learned.WeightsError
        If the file is missing, damaged or does not fit the model.
    """
    saved = load_weights(path)
    steps = saved.info.get("training", {}).get("steps")
    description = (
        fill(
            translate(
                "LearnedModel",
                "Showing the model that comes with the program, trained for %1 steps:",
            ),
            format_count(steps),
        )
        if isinstance(steps, int)
        else translate("LearnedModel", "Showing the model that comes with the program:")
    )
    return LearnedModel.from_params(saved.params, "shipped", description)
