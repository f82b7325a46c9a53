"""How two layers build an induction head, step by step, on any sentence.

Layer 1 is the previous-token head: each position j takes in token j - 1.
Layer 2 matches the query's word against what each position took in; the
positions that match hold B, the token that followed an earlier copy of the
query A. Done that way the weights equal the one-layer induction rule's. A last
step shows why the causal mask lets a model cache earlier rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .attention import head_weights
from .heads import FALLBACK, STRONG, word_ids
from .masks import causal_mask
from .softmax import attention_weights
from .tokens import normalize_word

#: Rows that differ by less than this are "unchanged": a longer row adds
#: exact zeros, but the softmax may then sum in another order (last-bit noise).
UNCHANGED_TOLERANCE = 1e-12


@dataclass(frozen=True, eq=False)
class LayerOne:
    """The previous-token head, and what each position carries after it."""

    weights: np.ndarray  # (n, n), causal
    carried_index: np.ndarray  # (n,) position j - 1 that j took in; -1 for position 0
    carried: tuple[str | None, ...]  # that token, None for position 0
    cells: np.ndarray  # (n - 1, 2) the cells (j, j - 1) to highlight


@dataclass(frozen=True, eq=False)
class LayerTwo:
    """The query's search over carried tokens, and what it predicts."""

    query: int
    word: str
    matches: tuple[int, ...]  # visible positions carrying the query's word
    cells: np.ndarray  # (k, 2) the cells (query, match) to highlight
    scores: np.ndarray  # (n, n) scores built from the carried tokens
    weights: np.ndarray  # (n, n) their causal softmax
    predictions: tuple[tuple[str, float], ...]  # (token B, weight), most likely first
    queries_with_copy: tuple[int, ...]  # every query that has a match (to suggest one)

    @property
    def has_copy(self) -> bool:
        """Whether the query's word appeared earlier, so there is a B to find."""
        return bool(self.matches)

    @property
    def row(self) -> np.ndarray:
        return self.weights[self.query]


@dataclass(frozen=True, eq=False)
class Agreement:
    """The two-layer weights next to the constructed induction head's."""

    induction_weights: np.ndarray  # (n, n) from core.head_weights("induction")
    max_difference: float

    @property
    def agree(self) -> bool:
        return self.max_difference <= UNCHANGED_TOLERANCE


@dataclass(frozen=True, eq=False)
class CacheFrame:
    """The weights once the first ``length`` tokens have arrived."""

    length: int
    masked: np.ndarray  # (length, length), mask on
    unmasked: np.ndarray  # (length, length), mask off
    changed_masked: np.ndarray  # (length - 1,) bool: earlier rows that moved, mask on
    changed_unmasked: np.ndarray  # (length - 1,) bool: the same, mask off


@dataclass(frozen=True, eq=False)
class CacheStory:
    """One frame per prefix of the sentence."""

    head_id: str
    frames: tuple[CacheFrame, ...]

    @property
    def cache_holds(self) -> bool:
        """True when, with the mask on, no earlier row ever changed."""
        return not any(frame.changed_masked.any() for frame in self.frames)


@dataclass(frozen=True, eq=False)
class InductionStory:
    """Everything the walk-through shows for one sentence and query."""

    tokens: tuple[str, ...]
    query: int
    layer_one: LayerOne
    layer_two: LayerTwo
    agreement: Agreement
    cache: CacheStory


def layer_one(tokens: Sequence[str]) -> LayerOne:
    """What the previous-token head moves into each position."""
    weights = head_weights("previous_token", tokens, causal=True)
    n = len(tokens)
    positions = np.arange(n)
    # Read the carried position off the head's own pattern; a position that
    # looks at itself (only position 0) has nothing before it to carry.
    carried_index = np.argmax(weights, axis=1)
    carried_index[carried_index == positions] = -1
    carried = tuple(tokens[int(k)] if k >= 0 else None for k in carried_index)
    has_previous = carried_index >= 0
    cells = np.column_stack((positions[has_previous], carried_index[has_previous]))
    return LayerOne(_frozen(weights), _frozen(carried_index), carried, _frozen(cells))


def layer_two(tokens: Sequence[str], query: int, first: LayerOne) -> LayerTwo:
    """Score every key by whether it carries the query's word, then softmax."""
    n = len(tokens)
    if not 0 <= query < n:
        raise IndexError(f"query {query} is outside the sentence (0 to {n - 1})")
    ids = word_ids(tokens)
    index = first.carried_index
    carried_ids = np.where(index >= 0, ids[np.maximum(index, 0)], -1)
    # Key j matches query i when j carries i's word, unless what j carries is i itself.
    match = (ids[:, None] == carried_ids[None, :]) & (index[None, :] != np.arange(n)[:, None])
    scores = np.where(match, STRONG, 0.0)
    scores[:, 0] = FALLBACK  # key 0 carries nothing; it is where a query with no match rests
    weights = attention_weights(scores, causal=True)
    visible = match & ~causal_mask(n)
    matches = np.flatnonzero(visible[query])
    cells = np.column_stack((np.full(len(matches), query), matches)).astype(np.intp)
    return LayerTwo(
        query=query,
        word=tokens[query],
        matches=tuple(int(j) for j in matches),
        cells=_frozen(cells),
        scores=_frozen(scores),
        weights=_frozen(weights),
        predictions=_predictions(tokens, matches, weights[query]),
        queries_with_copy=tuple(int(i) for i in np.flatnonzero(visible.any(axis=1))),
    )


def _predictions(
    tokens: Sequence[str], matches: np.ndarray, row: np.ndarray
) -> tuple[tuple[str, float], ...]:
    """The tokens at the matching positions, their weights summed per word."""
    totals: dict[str, float] = {}
    spelling: dict[str, str] = {}
    for j in matches:  # a loop over the few matches, not over cells
        token = tokens[int(j)]
        word = normalize_word(token)
        spelling.setdefault(word, token)
        totals[word] = totals.get(word, 0.0) + float(row[j])
    ranked = sorted(totals.items(), key=lambda item: -item[1])  # stable: first seen wins ties
    return tuple((spelling[word], weight) for word, weight in ranked)


def agreement(tokens: Sequence[str], second: LayerTwo) -> Agreement:
    """Compare the two-layer weights with the one-layer induction rule's."""
    induction = head_weights("induction", tokens, causal=True)
    difference = float(np.max(np.abs(induction - second.weights))) if len(tokens) else 0.0
    return Agreement(_frozen(induction), difference)


def cache_story(tokens: Sequence[str], head_id: str = "induction") -> CacheStory:
    """Weights after each token arrives, with the mask on and off.

    For each prefix, an earlier row counts as changed when it differs from the
    previous frame's row (including weight given to the newcomer) by more than
    ``UNCHANGED_TOLERANCE``.
    """
    frames: list[CacheFrame] = []
    before: dict[bool, np.ndarray] = {}
    for length in range(1, len(tokens) + 1):
        prefix = tokens[:length]
        now = {causal: head_weights(head_id, prefix, causal=causal) for causal in (True, False)}
        changed = {causal: _changed_rows(now[causal], before.get(causal)) for causal in now}
        frames.append(
            CacheFrame(
                length=length,
                masked=_frozen(now[True]),
                unmasked=_frozen(now[False]),
                changed_masked=_frozen(changed[True]),
                changed_unmasked=_frozen(changed[False]),
            )
        )
        before = now
    return CacheStory(head_id, tuple(frames))


def _changed_rows(now: np.ndarray, before: np.ndarray | None) -> np.ndarray:
    """Which of the earlier rows of ``now`` differ from ``before``."""
    if before is None:
        return np.zeros(0, dtype=bool)
    earlier = now[:-1]
    padded = np.pad(before, ((0, 0), (0, 1)))  # an old row gave the newcomer nothing
    return np.max(np.abs(earlier - padded), axis=1) > UNCHANGED_TOLERANCE


def induction_story(
    tokens: Sequence[str], query: int, cache: CacheStory | None = None
) -> InductionStory:
    """All steps of the walk-through for ``tokens`` and the query position.

    ``cache`` may pass in the cache story of the same tokens: it does not
    depend on the query, so a caller that only moved the query can reuse it.
    """
    tokens = tuple(tokens)
    if cache is not None and len(cache.frames) != len(tokens):
        raise ValueError("the cache story belongs to a sentence of another length")
    first = layer_one(tokens)
    second = layer_two(tokens, query, first)
    return InductionStory(
        tokens=tokens,
        query=query,
        layer_one=first,
        layer_two=second,
        agreement=agreement(tokens, second),
        cache=cache if cache is not None else cache_story(tokens),
    )


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array
