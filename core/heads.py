"""The five constructed heads: each scores (query, key) pairs by a simple rule.

All rules are vectorised over the n x n grid. Rows are queries (i), columns keys
(j). The scores are raw: the causal mask and the softmax come afterwards
(see ``core.attention``), exactly as in a real head.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .tokens import normalize_word

#: Score of the key a rule is looking for.
STRONG = 5.0
#: Score of a fallback key, used by rules that may find nothing.
FALLBACK = 2.0
#: Score of a positional head's target. Large enough that the other keys share
#: under 3 % of a row even at 64 tokens, so hiding or showing the future barely
#: moves these heads.
POSITIONAL = 8.0


def word_ids(tokens: Sequence[str]) -> np.ndarray:
    """One integer per token; equal integers mean the same word (case-insensitive)."""
    first_seen: dict[str, int] = {}
    ids = [first_seen.setdefault(normalize_word(t), len(first_seen)) for t in tokens]
    return np.array(ids, dtype=np.intp)


def _same_word(tokens: Sequence[str]) -> np.ndarray:
    """Boolean (n, n): True where query i and key j are the same word."""
    ids = word_ids(tokens)
    return ids[:, None] == ids[None, :]


def previous_token_scores(tokens: Sequence[str]) -> np.ndarray:
    """Previous token: key i - 1 scores 8, every other key 0.

    Position 0 has no previous token, so it scores itself 8 instead and stays
    where it is. No high score ever lies in the future, so the mask hardly
    matters to this head.
    """
    n = len(tokens)
    scores = np.zeros((n, n))
    i = np.arange(n)
    scores[i, np.maximum(i - 1, 0)] = POSITIONAL
    return scores


def same_word_scores(tokens: Sequence[str]) -> np.ndarray:
    """Same word: other copies of the query's word score 5, the query itself 2.

    With the mask on, a word that has appeared before looks back at its earlier
    copies; a word seen for the first time has nothing to find and falls back
    to itself. With the mask off it also finds the copies that come later.
    """
    n = len(tokens)
    scores = np.where(_same_word(tokens), STRONG, 0.0)
    scores[np.diag_indices(n)] = FALLBACK
    return scores


def induction_scores(tokens: Sequence[str]) -> np.ndarray:
    """Induction: the lesson's rule, A B ... A -> B.

    Key j scores 5 when the token before it (j - 1) is the query's word and
    j - 1 is not the query itself; otherwise key 0 scores 2 as a fallback;
    everything else scores 0.
    """
    n = len(tokens)
    scores = np.zeros((n, n))
    if n == 0:
        return scores
    scores[:, 0] = FALLBACK
    ids = word_ids(tokens)
    # Key j >= 1 matches when the token at j - 1 is the query's word ...
    match = ids[:, None] == ids[None, :-1]
    # ... unless j - 1 is the query's own position.
    np.fill_diagonal(match, False)
    np.copyto(scores[:, 1:], STRONG, where=match)
    return scores


def first_token_scores(tokens: Sequence[str]) -> np.ndarray:
    """First token: key 0 scores 8, everything else 0 (an attention sink).

    Position 0 is visible to every query, so the mask hardly matters here.
    """
    n = len(tokens)
    scores = np.zeros((n, n))
    scores[:, :1] = POSITIONAL
    return scores


def broad_scores(tokens: Sequence[str]) -> np.ndarray:
    """Broad: every key scores 0, so the softmax spreads each row evenly."""
    n = len(tokens)
    return np.zeros((n, n))


@dataclass(frozen=True)
class Head:
    """A constructed head: an id and its scoring rule (the app gives it a name)."""

    id: str
    rule: Callable[[Sequence[str]], np.ndarray]

    def scores(self, tokens: Sequence[str]) -> np.ndarray:
        """Raw scores, shape (n, n): rows are queries, columns keys."""
        return self.rule(tokens)


HEADS: dict[str, Head] = {
    head.id: head
    for head in (
        Head("previous_token", previous_token_scores),
        Head("same_word", same_word_scores),
        Head("induction", induction_scores),
        Head("first_token", first_token_scores),
        Head("broad", broad_scores),
    )
}


def get_head(head_id: str) -> Head:
    """The head with this id; a KeyError names the valid ids."""
    try:
        return HEADS[head_id]
    except KeyError:
        raise KeyError(f"unknown head {head_id!r}; choose one of: {', '.join(HEADS)}") from None
