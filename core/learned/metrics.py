"""How much a trained model behaves like it has induction heads.

All scores are measured on sequences ``segment + segment`` of period ``p``
(see :func:`~core.learned.data.repeated_batch`):

- previous-token score of a head: its mean weight on key ``i - 1`` over all
  queries ``i >= 1``;
- induction score: its mean weight, over the queries ``i`` of the second copy
  (``p <= i < 2p``), on key ``i - p + 1``, the token that followed the earlier
  copy of token ``i``;
- copy losses: the mean next-token loss on the first copy (tokens ``1 .. p-1``)
  and on the second (tokens ``p+1 .. 2p-1``). Tokens 0 and ``p`` are left
  out: nothing in the sequence can predict them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..tokens import MAX_TOKENS
from .data import repeated_batch
from .inference import attention_patterns
from .model import Params, token_losses

#: Seed, size and period of the fixed evaluation batch.
EVAL_SEED = 12345
EVAL_BATCH = 16
EVAL_PERIOD = MAX_TOKENS // 2


def previous_token_scores(patterns: np.ndarray) -> np.ndarray:
    """Mean weight on key ``i - 1``; ``patterns`` (..., n, n) -> (...)."""
    n = patterns.shape[-1]
    i = np.arange(1, n)
    return patterns[..., i, i - 1].mean(axis=-1)


def induction_scores(patterns: np.ndarray, period: int) -> np.ndarray:
    """Mean weight on key ``i - period + 1`` over ``period <= i < 2 * period``.

    ``patterns`` (..., n, n) with ``n >= 2 * period`` -> (...).
    """
    if patterns.shape[-1] < 2 * period:
        raise ValueError(f"need at least {2 * period} positions, got {patterns.shape[-1]}")
    i = np.arange(period, 2 * period)
    return patterns[..., i, i - period + 1].mean(axis=-1)


def copy_losses(params: Params, ids: np.ndarray, period: int) -> tuple[float, float]:
    """Mean loss on the first and on the second copy of ``segment + segment`` batches."""
    losses = token_losses(params, np.atleast_2d(ids))  # column t - 1 predicts token t
    return float(losses[:, : period - 1].mean()), float(losses[:, period : 2 * period - 1].mean())


@dataclass(frozen=True)
class Evaluation:
    """Scores of a model on the fixed evaluation batch.

    Attributes
    ----------
    induction : float
        Best induction score among the heads of the last layer.
    previous_token : float
        Best previous-token score among the heads of the first layer.
    induction_per_head, previous_token_per_head : ndarray, shape (n_layers, n_heads)
    first_copy_loss, second_copy_loss : float
        Mean next-token loss (nats) on each copy.
    """

    induction: float
    previous_token: float
    induction_per_head: np.ndarray
    previous_token_per_head: np.ndarray
    first_copy_loss: float
    second_copy_loss: float


def evaluation_batch(
    vocab_size: int, period: int = EVAL_PERIOD, seed: int = EVAL_SEED
) -> np.ndarray:
    """The fixed batch behind :func:`evaluate`, shape (EVAL_BATCH, 2 * period)."""
    return repeated_batch(np.random.default_rng(seed), EVAL_BATCH, period, vocab_size)


def evaluate(
    params: Params, period: int = EVAL_PERIOD, seed: int = EVAL_SEED, losses: bool = True
) -> Evaluation:
    """Scores of a model on ``EVAL_BATCH`` sequences ``segment + segment``.

    Parameters
    ----------
    params : dict of ndarray
    period : int
        Length of the segment; ``2 * period`` must fit in the context.
    seed : int
        Seed of the batch; the default makes every evaluation comparable.
    losses : bool
        Also compute the copy losses (else they are NaN); a little slower.

    Returns
    -------
    Evaluation
    """
    ids = evaluation_batch(params["embed"].shape[0], period, seed)
    patterns = attention_patterns(params, ids).astype(np.float64)
    induction = induction_scores(patterns, period).mean(axis=0)
    previous = previous_token_scores(patterns).mean(axis=0)
    first, second = copy_losses(params, ids, period) if losses else (np.nan, np.nan)
    return Evaluation(
        induction=float(induction[-1].max()),
        previous_token=float(previous[0].max()),
        induction_per_head=induction,
        previous_token_per_head=previous,
        first_copy_loss=first,
        second_copy_loss=second,
    )
