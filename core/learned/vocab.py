"""From a sentence's words to the model's token ids.

The learned model was trained on random token ids, not on English, so a word
has no fixed id. What matters to an induction head is which tokens repeat, and
that is what the mapping keeps: distinct words (compared case-insensitively)
get ids 0, 1, 2, ... in order of first appearance, so "The cat saw the cat"
becomes [0, 1, 2, 0, 1]. The same sentence always gives the same ids.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..heads import word_ids
from ..tokens import MAX_TOKENS


def sentence_ids(tokens: Sequence[str], context_length: int = MAX_TOKENS) -> np.ndarray:
    """Token ids for ``tokens``: one id per distinct word, in order of first appearance.

    Parameters
    ----------
    tokens : sequence of str
        Words and punctuation marks, e.g. from :func:`core.tokenize`.
    context_length : int
        Longest sequence the model reads. Its vocabulary is at least this
        large (``ModelConfig`` checks), so every id fits.

    Returns
    -------
    ndarray of int64, shape (len(tokens),)

    Raises
    ------
    ValueError
        If there are no tokens or more than the model's context length.
    """
    if not 1 <= len(tokens) <= context_length:
        raise ValueError(f"the learned model reads 1 to {context_length} tokens, got {len(tokens)}")
    return word_ids(tokens).astype(np.int64)
