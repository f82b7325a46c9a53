"""Where a query looks most, as data: key positions and their shared weight.

The words ("cat (7) looks most at chased (2), 92%") are the app's job, in the
learner's language; this module only finds the facts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Weights this close to the row maximum count as a tie.
TIE_TOLERANCE = 1e-9
#: Ties among more keys than this are counted, not listed.
MAX_NAMED_TIES = 3


def top_keys(weights: np.ndarray, query: int) -> tuple[tuple[int, ...], float]:
    """The key positions ``query`` attends to most, and that weight.

    Ties are reported, never broken: in the lesson's sentence the induction
    head's query 6 gives ``((1, 4), 0.48...)``.
    """
    weights = np.asarray(weights)
    n = weights.shape[0]
    if not 0 <= query < n:
        raise IndexError(f"query {query} is outside the sentence (0 to {n - 1})")
    row = weights[query]
    best = float(row.max())
    keys = np.flatnonzero(row >= best - TIE_TOLERANCE * max(best, 1e-300))
    return tuple(int(k) for k in keys), best


@dataclass(frozen=True)
class Focus:
    """Where one query looks most: its favourite keys (several for a tie) and their weight."""

    query: int
    keys: tuple[int, ...]
    weight: float  # the weight of each favourite

    @property
    def is_tie(self) -> bool:
        return len(self.keys) > 1

    @property
    def is_spread(self) -> bool:
        """A tie too wide to list: the readout counts the keys instead of naming them."""
        return len(self.keys) > MAX_NAMED_TIES


def focus(weights: np.ndarray, query: int) -> Focus:
    """The query's favourite keys on ``weights`` (n, n), ties kept."""
    keys, weight = top_keys(weights, query)
    return Focus(query, keys, weight)
