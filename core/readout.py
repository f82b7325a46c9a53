"""What a query looks at most, said in words."""

from __future__ import annotations

from collections.abc import Sequence

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


def format_weight(weight: float) -> str:
    """A weight as every page writes it, two decimals: 0.9168 -> '0.92', 1 -> '1.00'."""
    return f"{weight:.2f}"


def format_percent(weight: float) -> str:
    """A weight as a whole percentage: 0.9168 -> '92%'."""
    return f"{weight:.0%}"


def token_label(tokens: Sequence[str], position: int) -> str:
    """'chased (2)': a token with its position."""
    return f"{tokens[position]} ({position})"


def describe_focus(tokens: Sequence[str], weights: np.ndarray, query: int) -> str:
    """Where the query looks most, e.g. 'chased (2), 92%'.

    A tie names every key and says the weight is each one's:
    'cat (1) and dog (4), 48% each'; a wider tie is counted: '8 tokens, 12% each'.
    """
    keys, weight = top_keys(weights, query)
    labels = [token_label(tokens, k) for k in keys]
    if len(labels) == 1:
        return f"{labels[0]}, {format_percent(weight)}"
    if len(labels) > MAX_NAMED_TIES:  # an even spread: a count reads better than a list
        return f"{len(labels)} tokens, {format_percent(weight)} each"
    names = ", ".join(labels[:-1]) + " and " + labels[-1]
    return f"{names}, {format_percent(weight)} each"


def describe_query(tokens: Sequence[str], weights: np.ndarray, query: int) -> str:
    """The whole sentence the readout shows: 'cat (7) looks most at chased (2), 92%',
    or 'the (6) is split between cat (1) and dog (4), 48% each' for a tie."""
    keys, _ = top_keys(weights, query)
    verb = "is split between" if len(keys) > 1 else "looks most at"
    return f"{token_label(tokens, query)} {verb} {describe_focus(tokens, weights, query)}"
