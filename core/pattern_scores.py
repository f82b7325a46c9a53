"""How well a head's weights fit the pattern it is named after: a single score.

For the four heads that predict particular keys we use the measure of the head
detector in TransformerLens (``transformer_lens.head_detector``, error measure
``"mul"``): for a 0/1 detection pattern ``P`` (n x n, 1 on the cells the pattern
predicts) and weights ``A``::

    score = sum(A * P) / sum(A)

that is, the share of the head's attention that lands on predicted cells. The
broad head predicts no particular key, so it gets a uniformity score instead
(see ``uniformity_score``). Both lie between 0 and 1.

Choices, and why
----------------
* Detection patterns are causal (lower triangular), as in TransformerLens:
  "earlier copies", "the token before". With the mask off a head may spend
  weight on later tokens; that weight counts as a miss, so the score shows how
  much the mask mattered to the head.
* Rows considered: only queries with a choice (two or more visible keys) for
  which the pattern predicts at least one cell. TransformerLens sums over every
  row, so a row with nothing to find (the first word of a sentence for the
  previous-token pattern, a word seen for the first time for the duplicate
  pattern) caps even a perfect head below 1; on our short sentences half the
  rows can be such rows. A query with one visible key gives it all its weight
  whatever the head, so it says nothing about the head either.
* ``exclude_bos`` and ``exclude_current_token`` default to False, as in
  TransformerLens. Our sentences have no beginning-of-sequence token: position
  0 is a real word, and it is exactly what the first-token head is about.
  Keeping the current token means a duplicate-token head that falls back on
  itself is marked down, which is what the pattern (other copies) asks for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .heads import (  # noqa: F401  (the patterns are this module's public names too)
    EVENNESS,
    HEADS,
    broad_pattern,
    duplicate_token_pattern,
    first_token_pattern,
    get_head,
    induction_pattern,
    previous_token_pattern,
)
from .masks import causal_mask


def _visible(n: int, causal: bool) -> np.ndarray:
    """Boolean (n, n): True where query i may see key j."""
    return ~causal_mask(n) if causal else np.ones((n, n), dtype=bool)


#: Head id -> builder of its detection pattern, a boolean (n, n) array (from the registry).
DETECTION_PATTERNS: dict[str, Callable[[Sequence[str]], np.ndarray]] = {
    head.id: head.pattern for head in HEADS.values()
}


def detection_pattern(head_id: str, tokens: Sequence[str]) -> np.ndarray:
    """The cells ``head_id``'s pattern predicts on ``tokens``: boolean (n, n)."""
    return get_head(head_id).pattern(tokens)


def _rows_with_choice(n: int, causal: bool) -> np.ndarray:
    """Boolean (n,): queries that see at least two keys."""
    return _visible(n, causal).sum(axis=1) >= 2


def similarity_score(
    weights: np.ndarray,
    pattern: np.ndarray,
    causal: bool = True,
    *,
    exclude_bos: bool = False,
    exclude_current_token: bool = False,
) -> float | None:
    """Share of attention on the predicted cells: TransformerLens's "mul" measure.

    Parameters
    ----------
    weights : ndarray, shape (n, n)
        Attention weights; rows are queries.
    pattern : ndarray of bool, shape (n, n)
        The detection pattern.
    causal : bool
        Whether the mask was on (decides which queries have a choice).
    exclude_bos, exclude_current_token : bool
        Drop key 0, or each query's own key, from both sums (as TransformerLens).

    Returns
    -------
    float or None
        ``sum(A * P) / sum(A)`` over the rows considered (see the module
        docstring); None when no row is considered.
    """
    a = np.array(weights, dtype=float)
    p = np.array(pattern, dtype=bool)
    if a.ndim != 2 or a.shape[0] != a.shape[1] or a.shape != p.shape:
        raise ValueError(f"weights {a.shape} and pattern {p.shape} must be the same square shape")
    if exclude_bos:
        a[:, 0] = 0.0
        p[:, 0] = False
    if exclude_current_token:
        np.fill_diagonal(a, 0.0)
        np.fill_diagonal(p, False)
    rows = p.any(axis=1) & _rows_with_choice(len(a), causal)
    total = a[rows].sum()
    if not rows.any() or total <= 0.0:
        return None
    return float(np.where(p[rows], a[rows], 0.0).sum() / total)


def uniformity_score(weights: np.ndarray, causal: bool = True) -> float | None:
    """How evenly each query spreads over the keys it can see, from 0 to 1.

    For each query with a choice, 1 minus the total-variation distance between
    its weights and the even spread over its visible keys (the share of weight
    that would have to move to make the row perfectly even), averaged over the
    queries. 1 means perfectly even; a row that puts everything on one of k
    keys scores 1/k. None when no query has a choice.
    """
    a = np.asarray(weights, dtype=float)
    n = len(a)
    visible = _visible(n, causal)
    even = visible / visible.sum(axis=1, keepdims=True)
    rows = _rows_with_choice(n, causal)
    if not rows.any():
        return None
    distance = 0.5 * np.abs(a[rows] - even[rows]).sum(axis=1)
    return float(np.mean(1.0 - distance))


def pattern_score(
    head_id: str, tokens: Sequence[str], weights: np.ndarray, causal: bool
) -> float | None:
    """How well ``weights`` fit the pattern of ``head_id`` on ``tokens``, 0 to 1.

    A head measured by ``EVENNESS`` (broad) gets ``uniformity_score``; the others
    ``similarity_score`` against ``detection_pattern(head_id, tokens)`` with
    TransformerLens's default options. None when the pattern has no cell to score on this
    sentence (induction on a sentence without a repeated word, say).
    """
    a = np.asarray(weights)
    n = len(tokens)
    if a.shape != (n, n):
        raise ValueError(f"weights must be ({n}, {n}) for {n} tokens, got {a.shape}")
    head = get_head(head_id)
    if head.measure == EVENNESS:
        return uniformity_score(a, causal)
    return similarity_score(a, head.pattern(tokens), causal)
