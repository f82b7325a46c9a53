"""What the window shows: every head's attention on a sentence or a token sequence."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .model import Params, forward
from .vocab import sentence_ids


def attention_patterns(params: Params, ids: np.ndarray) -> np.ndarray:
    """Attention weights of every head of the model on token ids.

    Parameters
    ----------
    params : dict of ndarray
    ids : array_like of int, shape (n,) or (batch, n)
        Token ids below the vocabulary size; ``1 <= n <= context_length``.

    Returns
    -------
    ndarray, shape (n_layers, n_heads, n, n) or (batch, n_layers, n_heads, n, n)
        In the dtype of ``params``. Rows sum to 1; weights above the diagonal
        (keys after their query) are exactly 0.
    """
    ids = np.asarray(ids)
    vocab, context = params["embed"].shape[0], params["pos_embed"].shape[0]
    if ids.ndim not in (1, 2) or not 1 <= ids.shape[-1] <= context:
        raise ValueError(
            f"ids must be (n,) or (batch, n) with 1 <= n <= {context}, got {ids.shape}"
        )
    if ids.dtype.kind not in "iu" or ids.min() < 0 or ids.max() >= vocab:
        raise ValueError(f"ids must be integers from 0 to {vocab - 1}")
    _, cache = forward(params, ids[None] if ids.ndim == 1 else ids)
    patterns = np.stack(cache.weights, axis=1)
    return patterns[0] if ids.ndim == 1 else patterns


def sentence_attention(params: Params, tokens: Sequence[str]) -> np.ndarray:
    """Every head's weights on a sentence, computed in float64.

    Words become ids with :func:`~core.learned.vocab.sentence_ids` (one id per
    distinct word, case-insensitive, in order of first appearance).

    Parameters
    ----------
    params : dict of ndarray
        E.g. ``load_weights().params`` or ``train(...).params``.
    tokens : sequence of str
        1 to ``context_length`` tokens (64 for the shipped model).

    Returns
    -------
    ndarray, shape (n_layers, n_heads, n, n)
        ``n = len(tokens)``; rows sum to 1, exactly 0 above the diagonal.
    """
    ids = sentence_ids(tokens, params["pos_embed"].shape[0])
    params64 = {name: np.asarray(value, dtype=np.float64) for name, value in params.items()}
    return attention_patterns(params64, ids)
