"""The five constructed heads, in one registry: ``HEADS``.

Each entry is what ``core`` knows of a head, declared once: its scoring rule, the
detection pattern its weights are scored against over a sentence's tokens
(``core.pattern_scores``) and over a trained model's token ids (the English and GPT-2
models' analyses), how that score is measured, and the text a trained head shows it
on. Every table of the analyses is made from here. A sixth head is one more entry here
plus its words (``app/text/head_words.py``) and its card in every language's
``heads.json``; ``tests/test_head_registry.py`` adds one and finds it everywhere.

All rules are vectorised over the n x n grid. Rows are queries (i), columns keys
(j). The scores are raw: the causal mask and the softmax come afterwards
(see ``core.attention``), exactly as in a real head.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

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


# -- detection patterns: the cells a head of each kind is expected to attend to ------------
# Causal (lower triangular), as in TransformerLens's head detector; see core.pattern_scores.


def previous_token_pattern(tokens: Sequence[str]) -> np.ndarray:
    """Key i - 1 for every query i >= 1 (position 0 has no previous token)."""
    n = len(tokens)
    return np.eye(n, k=-1, dtype=bool)


def duplicate_token_pattern(tokens: Sequence[str]) -> np.ndarray:
    """Earlier copies of the query's word (case-insensitive), never the query itself."""
    ids = word_ids(tokens)
    return np.tril(ids[:, None] == ids[None, :], k=-1)


def induction_pattern(tokens: Sequence[str]) -> np.ndarray:
    """Keys j >= 1 whose previous token j - 1 is the query's word, with j - 1 < i.

    This is the duplicate pattern moved one key to the right: where the word
    appeared before, the token that followed it.
    """
    n = len(tokens)
    pattern = np.zeros((n, n), dtype=bool)
    pattern[:, 1:] = duplicate_token_pattern(tokens)[:, :-1]
    return pattern


def first_token_pattern(tokens: Sequence[str]) -> np.ndarray:
    """Key 0 for every query: the attention sink."""
    n = len(tokens)
    pattern = np.zeros((n, n), dtype=bool)
    pattern[:, :1] = True
    return pattern


def broad_pattern(tokens: Sequence[str]) -> np.ndarray:
    """Every key the causal mask leaves visible: an even spread predicts them all."""
    n = len(tokens)
    return np.tril(np.ones((n, n), dtype=bool))


#: How a head's weights are scored against its pattern: the share of attention on the
#: pattern's cells (TransformerLens's "mul" measure), or how evenly each query spreads
#: over what it sees (a head that predicts no particular key).
SHARE = "share"
EVENNESS = "evenness"


#: The texts a trained model's head is measured on: prose, and prose followed by a copy
#: of itself (where induction has something to find).
PROSE = "prose"
REPEATS = "repeats"


@dataclass(frozen=True)
class IdGrid:
    """A batch of token-id sequences as queries (rows) and keys (columns), for patterns
    over a trained model's ids. Position 0 is its start token; the unknown word and the
    start token are no word, so no copy of anything.

    Attributes
    ----------
    query, key : ndarray of int
        Positions, shaped (n, 1) and (1, n), to compare.
    earlier : ndarray of bool, (batch, n, n)
        The key is an earlier copy of the query's word.
    after_copy : ndarray of bool, (batch, n, n)
        The key comes right after an earlier copy of the query's word.
    """

    query: np.ndarray
    key: np.ndarray
    earlier: np.ndarray
    after_copy: np.ndarray

    def everywhere(self, cells: np.ndarray) -> np.ndarray:
        """A positional pattern (n, n) for every sequence of the batch."""
        return np.broadcast_to(cells, self.earlier.shape)


@dataclass(frozen=True)
class Pattern:
    """Where a kind of head looks, in a trained model: the cells over token ids, how a
    head's weights are scored against them (``SHARE`` or ``EVENNESS``) and the text
    it is measured on (``PROSE`` or ``REPEATS``)."""

    id: str
    on_ids: Callable[[IdGrid], np.ndarray]
    measure: str = SHARE
    text: str = PROSE


@dataclass(frozen=True)
class Head(Pattern):
    """A constructed head (the app gives it a name): a pattern with a rule of its own.

    Attributes
    ----------
    rule : callable
        Tokens -> raw scores, (n, n): rows are queries, columns keys.
    pattern : callable
        Tokens -> its detection pattern, boolean (n, n), which ``core.pattern_scores``
        scores weights against by ``measure``.
    """

    rule: Callable[[Sequence[str]], np.ndarray] = field(kw_only=True)
    pattern: Callable[[Sequence[str]], np.ndarray] = field(kw_only=True)

    def scores(self, tokens: Sequence[str]) -> np.ndarray:
        """Raw scores, shape (n, n): rows are queries, columns keys."""
        return self.rule(tokens)


#: The registry, in the order buttons, maps and tables show the heads.
HEADS: dict[str, Head] = {
    head.id: head
    for head in (
        Head(
            "previous_token",
            lambda g: g.everywhere((g.key == g.query - 1) & (g.query >= 2)),
            rule=previous_token_scores,
            pattern=previous_token_pattern,
        ),
        Head(
            "same_word",
            lambda g: g.earlier,
            rule=same_word_scores,
            pattern=duplicate_token_pattern,
        ),
        Head(
            "induction",
            lambda g: g.after_copy,
            text=REPEATS,
            rule=induction_scores,
            pattern=induction_pattern,
        ),
        Head(
            "first_token",
            lambda g: g.everywhere((g.key == 0) & (g.query >= 1)),
            rule=first_token_scores,
            pattern=first_token_pattern,
        ),
        Head(
            "broad",
            lambda g: g.everywhere((g.key <= g.query) & (g.query >= 1)),
            measure=EVENNESS,
            rule=broad_scores,
            pattern=broad_pattern,
        ),
    )
}


def get_head(head_id: str) -> Head:
    """The head with this id; a KeyError names the valid ids."""
    try:
        return HEADS[head_id]
    except KeyError:
        raise KeyError(f"unknown head {head_id!r}; choose one of: {', '.join(HEADS)}") from None
