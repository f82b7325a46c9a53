"""Masked, numerically stable softmax over the rows of a score matrix."""

from __future__ import annotations

import numpy as np

from .masks import causal_mask


def attention_weights(scores: np.ndarray, causal: bool = True) -> np.ndarray:
    """Turn scores into attention weights, row by row.

    Parameters
    ----------
    scores : array_like, shape (..., n, n) when causal, (..., n, m) otherwise
        Rows are queries, columns keys. ``-inf`` hides a key; NaN and ``+inf``
        are refused.
    causal : bool
        If True, every key after its query gets ``-inf`` before the softmax,
        so its weight is exactly 0.

    Returns
    -------
    ndarray
        Same shape; every row sums to 1. Float inputs keep their precision,
        anything else becomes float64.
    """
    s = np.array(scores, dtype=np.result_type(np.asarray(scores).dtype, np.float32))
    if s.ndim < 2:
        raise ValueError(f"scores must be at least 2-D, got shape {s.shape}")
    if causal:
        if s.shape[-1] != s.shape[-2]:
            raise ValueError(f"a causal mask needs square scores, got shape {s.shape}")
        s[..., causal_mask(s.shape[-1])] = -np.inf
    if not np.all(s < np.inf):  # one pass catches both NaN and +inf
        raise ValueError("scores contain NaN or +inf")
    row_max = s.max(axis=-1, keepdims=True)
    if not np.all(np.isfinite(row_max)):
        raise ValueError("a row of scores hides every key")
    # Subtracting the row maximum keeps exp() in range for huge scores; a score
    # so far below the maximum that the difference overflows simply weighs 0.
    with np.errstate(over="ignore"):
        s -= row_max
    np.exp(s, out=s)
    s /= s.sum(axis=-1, keepdims=True)
    return s
