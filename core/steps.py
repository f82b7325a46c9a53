"""A head's three moves, kept apart: raw scores, masked scores, weights.

Used to show that weights are not drawn by hand: the rule gives scores, the
causal mask writes ``-inf`` over the future, and the softmax does the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .heads import get_head
from .masks import causal_mask
from .softmax import attention_weights


@dataclass(frozen=True, eq=False)
class AttentionSteps:
    """Scores, masked scores and weights of one head on one sentence.

    Every array is (n, n), rows are queries and columns keys, and read-only.
    With the mask off, ``masked_scores`` equals ``scores`` and ``hidden`` is
    all False.
    """

    tokens: tuple[str, ...]
    head_id: str
    causal: bool
    scores: np.ndarray
    masked_scores: np.ndarray
    weights: np.ndarray
    hidden: np.ndarray

    @property
    def score_range(self) -> tuple[float, float]:
        """Lowest and highest raw score: the scale the scores are coloured on."""
        return float(self.scores.min()), float(self.scores.max())


def attention_steps(tokens: Sequence[str], head_id: str, causal: bool = True) -> AttentionSteps:
    """The three steps of ``head_id`` on ``tokens``.

    The weights come from :func:`core.attention_weights` on the raw scores, so
    they are exactly the weights every other view shows.
    """
    tokens = tuple(tokens)
    scores = np.asarray(get_head(head_id).scores(tokens), dtype=float)
    n = len(tokens)
    hidden = causal_mask(n) if causal else np.zeros((n, n), dtype=bool)
    masked = np.where(hidden, -np.inf, scores)
    weights = attention_weights(scores, causal=causal)
    for array in (scores, masked, weights, hidden):
        array.flags.writeable = False
    return AttentionSteps(tokens, head_id, causal, scores, masked, weights, hidden)
