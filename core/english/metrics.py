"""What the English model learned, measured on held-out text.

Every score is an average over fixed windows of text the model never trained on:

- previous token: weight on key ``i - 1``, over queries ``i >= 1``;
- first token (the sink): weight on key 0, over queries ``i >= 1``;
- same word: weight on earlier copies of the query's word, over queries whose
  (known) word appeared earlier in the window;
- broad: how evenly a query spreads over the keys it sees (1 minus the
  total-variation distance to the even spread), over queries ``i >= 1``;
- induction: on a stretch of ``p`` words followed by itself, weight on key
  ``i - p + 1`` (the word after the earlier copy of the query) over the
  queries of the second copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..learned.metrics import induction_scores, previous_token_scores
from ..learned.model import Params, forward
from .bigram import Bigram
from .data import prose_windows, repeated_windows

#: How many held-out windows the scores average over, and the repeated stretch's length.
EVAL_WINDOWS = 64
EVAL_PERIOD = 32
#: The five patterns, in the order of ``core.HEADS``.
PATTERNS = ("previous_token", "same_word", "induction", "first_token", "broad")


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def first_token_scores(patterns: np.ndarray) -> np.ndarray:
    """Mean weight on key 0 over queries ``i >= 1``; (..., n, n) -> (...)."""
    return patterns[..., 1:, 0].mean(axis=-1)


def broad_scores(patterns: np.ndarray) -> np.ndarray:
    """Mean closeness to the even causal spread over queries ``i >= 1``; (..., n, n) -> (...)."""
    n = patterns.shape[-1]
    even = np.tril(np.ones((n, n))) / np.arange(1, n + 1)[:, None]
    distance = 0.5 * np.abs(patterns[..., 1:, :] - even[1:]).sum(axis=-1)
    return (1 - distance).mean(axis=-1)


def same_word_scores(patterns: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """Weight on earlier copies of the query's word, averaged over queries that have one.

    ``patterns`` (batch, layers, heads, n, n), ``ids`` (batch, n) -> (layers, heads).
    The unknown-word id 0 is left out: two unknown words are not the same word.
    """
    copies = np.tril(ids[:, :, None] == ids[:, None, :], k=-1) & (ids[:, :, None] != 0)
    rows = copies.any(axis=-1)  # (batch, n)
    on_copies = (patterns * copies[:, None, None]).sum(axis=-1)  # (batch, layers, heads, n)
    count = max(int(rows.sum()), 1)
    return (on_copies * rows[:, None, None]).sum(axis=(0, 3)) / count


@dataclass(frozen=True)
class EnglishEvaluation:
    """Scores of the model on held-out text; per-head arrays are (n_layers, n_heads).

    Attributes
    ----------
    loss, bigram_loss : float
        Mean next-word loss (nats) of the model and of the smoothed bigram model
        on the same held-out windows.
    scores : dict[str, Any] of str to ndarray
        Per-head score of each pattern in :data:`PATTERNS`.
    second_copy_accuracy : float
        Share of the words of the second copy (after its first word) that the
        model's top guess gets right.
    first_copy_loss, second_copy_loss : float
    """

    loss: float
    bigram_loss: float
    scores: dict[str, np.ndarray]
    second_copy_accuracy: float
    first_copy_loss: float
    second_copy_loss: float

    def best(self, pattern: str) -> tuple[float, int, int]:
        """Highest score of a pattern and its (layer, head)."""
        per_head = self.scores[pattern]
        layer, head = np.unravel_index(int(np.argmax(per_head)), per_head.shape)
        return float(per_head[layer, head]), int(layer), int(head)

    def to_dict(self) -> dict[str, Any]:
        """Plain dict with rounded numbers, for JSON."""
        return {
            "heldout_loss": round(self.loss, 4),
            "bigram_loss": round(self.bigram_loss, 4),
            "second_copy_accuracy": round(self.second_copy_accuracy, 4),
            "first_copy_loss": round(self.first_copy_loss, 4),
            "second_copy_loss": round(self.second_copy_loss, 4),
            "head_scores": {k: np.round(v, 4).tolist() for k, v in self.scores.items()},
        }


def _patterns(params: Params, windows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Log-probabilities (batch, n, vocab) and weights (batch, layers, heads, n, n)."""
    logits, cache = forward(params, windows)
    return _log_softmax(logits.astype(np.float64)), np.stack(cache.weights, axis=1).astype(float)


def evaluate_english(params: Params, heldout: np.ndarray, bigram: Bigram) -> EnglishEvaluation:
    """Score ``params`` on fixed windows of the held-out ids (see the module docstring)."""
    n = params["pos_embed"].shape[0]
    prose = prose_windows(heldout, EVAL_WINDOWS, n)
    log_p, weights = _patterns(params, prose)
    targets = prose[:, 1:, None]
    loss = float(-np.take_along_axis(log_p[:, :-1], targets, axis=-1).mean())
    scores = {
        "previous_token": previous_token_scores(weights).mean(axis=0),
        "same_word": same_word_scores(weights, prose),
        "first_token": first_token_scores(weights).mean(axis=0),
        "broad": broad_scores(weights).mean(axis=0),
    }
    period = EVAL_PERIOD
    repeats = repeated_windows(heldout, EVAL_WINDOWS, period)
    log_p, weights = _patterns(params, repeats)
    scores["induction"] = induction_scores(weights, period).mean(axis=0)
    nll = -np.take_along_axis(log_p[:, :-1], repeats[:, 1:, None], axis=-1)[..., 0]
    second = slice(period, 2 * period - 1)  # predictions of words p + 1 .. 2p - 1
    guesses = log_p[:, second].argmax(axis=-1)
    return EnglishEvaluation(
        loss=loss,
        bigram_loss=bigram.loss(prose),
        scores={name: scores[name] for name in PATTERNS},
        second_copy_accuracy=float((guesses == repeats[:, period + 1 :]).mean()),
        first_copy_loss=float(nll[:, : period - 1].mean()),
        second_copy_loss=float(nll[:, second].mean()),
    )
