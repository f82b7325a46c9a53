"""Attention computations: one constructed head, and real multi-head attention."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .heads import get_head
from .softmax import attention_weights


def head_weights(head_id: str, tokens: Sequence[str], causal: bool = True) -> np.ndarray:
    """Weights (n, n) of a constructed head on ``tokens``."""
    return attention_weights(get_head(head_id).scores(tokens), causal=causal)


def multi_head_attention(
    x: np.ndarray,
    w_q: np.ndarray,
    w_k: np.ndarray,
    w_v: np.ndarray,
    w_o: np.ndarray,
    n_heads: int,
    causal: bool = True,
) -> tuple[np.ndarray, np.ndarray]:
    """Multi-head self-attention, vectorised across heads.

    ``head_i = softmax((X W_Q)_i (X W_K)_i^T / sqrt(d_k) + M) (X W_V)_i``, where
    ``(.)_i`` takes columns ``i*d_k`` to ``(i+1)*d_k``; the heads are
    concatenated and multiplied by ``W_O`` on the right.

    Parameters
    ----------
    x : ndarray, shape (n, d_model)
    w_q, w_k, w_v, w_o : ndarray, shape (d_model, d_model)
    n_heads : int
        Must divide d_model.
    causal : bool
        Apply the causal mask.

    Returns
    -------
    output : ndarray, shape (n, d_model)
    weights : ndarray, shape (n_heads, n, n)
        In the dtype of the inputs (float32 stays float32).
    """
    x = np.asarray(x)
    if x.ndim != 2:
        raise ValueError(f"x must be (n, d_model), got shape {x.shape}")
    n, d_model = x.shape
    for name, w in (("w_q", w_q), ("w_k", w_k), ("w_v", w_v), ("w_o", w_o)):
        if np.shape(w) != (d_model, d_model):
            raise ValueError(f"{name} must be ({d_model}, {d_model}), got {np.shape(w)}")
    if n_heads < 1 or d_model % n_heads:
        raise ValueError(f"{n_heads} heads do not divide d_model = {d_model}")
    d_k = d_model // n_heads

    def split(projected: np.ndarray) -> np.ndarray:
        # (n, d_model) -> (h, n, d_k): head i owns columns i*d_k .. (i+1)*d_k.
        return projected.reshape(n, n_heads, d_k).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scale = np.asarray(1.0 / np.sqrt(d_k), dtype=q.dtype)
    weights = attention_weights(q @ k.transpose(0, 2, 1) * scale, causal=causal)
    heads = weights @ v  # (h, n, d_k)
    concat = heads.transpose(1, 0, 2).reshape(n, d_model)
    return concat @ w_o, weights
