"""The lesson's three challenges, as pure checks on what the learner has set up.

Each check takes the sentence's tokens, the head id, whether the causal mask is
on, and the query position, and says whether the challenge is met. They hold
for any sentence, not only the lesson's. Ties are never broken: a query whose
strongest weight is shared by several keys (its favourites) meets a challenge
only when every favourite does what the challenge asks. What the learner found
is returned as data (``Finding``); the app words it in the learner's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .attention import head_weights
from .heads import word_ids
from .readout import Focus, focus, top_keys
from .tokens import LESSON_TOKENS

#: The query the lesson itself uses as its worked example for challenge 1.
_LESSON_EXAMPLE_QUERY = 7

Check = Callable[[Sequence[str], str, bool, int], bool]


def _is_lesson_example(tokens: Sequence[str], query: int) -> bool:
    """The lesson's worked example: query 7 of the lesson's sentence or a translation
    of it with the same pattern of repeated words ("die Katze jagte die Maus. ...")."""
    return (
        query == _LESSON_EXAMPLE_QUERY
        and len(tokens) == len(LESSON_TOKENS)
        and bool((word_ids(tokens) == word_ids(LESSON_TOKENS)).all())
    )


def _favourites(
    tokens: Sequence[str], head_id: str, causal: bool, query: int
) -> tuple[tuple[int, ...], float]:
    """The query's top keys (a tie gives several) and their shared weight."""
    return top_keys(head_weights(head_id, tokens, causal), query)


def _found_by_copy(ids: np.ndarray, key: int, query: int) -> bool:
    """True when ``key`` follows an earlier copy of the query's word (the induction move)."""
    return key >= 1 and key - 1 != query and ids[key - 1] == ids[query]


# -- challenge 1: the induction head predicts the next word -----------------------------------


def induction_match(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str | None:
    """How challenge 1 is met: ``"copy"``, ``"fallback"``, or None when it is not.

    Met on the induction head with the mask on when every favourite of the query
    holds the same word as the token right after the query (the lesson's own
    example excepted). ``"copy"``: the favourites follow an earlier copy of the
    query's word; ``"fallback"``: the query had no such copy and its favourite is
    position 0, which only happens to hold the next word.
    """
    if head_id != "induction" or not causal or not 0 <= query < len(tokens) - 1:
        return None
    if _is_lesson_example(tokens, query):
        return None
    keys, _ = _favourites(tokens, head_id, causal, query)
    ids = word_ids(tokens)
    if not all(ids[k] == ids[query + 1] for k in keys):
        return None
    return "copy" if all(_found_by_copy(ids, k, query) for k in keys) else "fallback"


def induction_predicts_next(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Challenge 1's check: see ``induction_match``."""
    return induction_match(tokens, head_id, causal, query) is not None


def _copy_example(tokens: Sequence[str]) -> int | None:
    """A query (not the lesson's example) that meets challenge 1 by the induction move."""
    for query in range(len(tokens) - 1):
        if induction_match(tokens, "induction", True, query) == "copy":
            return query
    return None


# -- challenge 2: the same-word head with nothing to copy ---------------------------------------


def first_occurrence(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Same-word head, mask on: the query's word has no earlier copy."""
    if head_id != "same_word" or not causal or not 0 <= query < len(tokens):
        return False
    ids = word_ids(tokens)
    return bool(not (ids[:query] == ids[query]).any())


# -- challenge 3: looking ahead once the mask is off --------------------------------------------


def looks_ahead(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Mask off, any head: every favourite of the query comes after it."""
    if causal or not 0 <= query < len(tokens):
        return False
    keys, _ = _favourites(tokens, head_id, causal, query)
    return all(k > query for k in keys)


@dataclass(frozen=True)
class Finding:
    """What the learner found when a challenge is met, as data the app puts into words.

    ``focus`` is the query's favourite keys and their weight. For challenge 1,
    ``next_token`` is the word after the query, ``match`` is ``"copy"`` or
    ``"fallback"`` (see ``induction_match``) and ``example`` a query that meets it
    by the induction move (None when the sentence has none).
    """

    challenge_id: str
    focus: Focus
    next_token: str | None = None
    match: str | None = None
    example: int | None = None


@dataclass(frozen=True)
class Challenge:
    """A goal for the learner, by id, and the check that says it is reached.

    Its title, hint and the way ties are judged are worded by the app.
    """

    id: str
    check: Check

    def is_met(self, tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
        """True when this state satisfies the challenge."""
        return self.check(tokens, head_id, causal, query)

    def finding(self, tokens: Sequence[str], head_id: str, causal: bool, query: int) -> Finding:
        """What the learner found (the state should meet the challenge)."""
        found = focus(head_weights(head_id, tokens, causal), query)
        if self.id != "induction_next":
            return Finding(self.id, found)
        return Finding(
            self.id,
            found,
            next_token=tokens[query + 1] if query + 1 < len(tokens) else None,
            match=induction_match(tokens, head_id, causal, query),
            example=_copy_example(tokens),
        )


CHALLENGES: tuple[Challenge, ...] = (
    Challenge("induction_next", induction_predicts_next),
    Challenge("first_occurrence", first_occurrence),
    Challenge("look_ahead", looks_ahead),
)


def met_challenges(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> frozenset[str]:
    """Ids of every challenge the given state satisfies."""
    return frozenset(c.id for c in CHALLENGES if c.is_met(tokens, head_id, causal, query))


def challenge(challenge_id: str) -> Challenge:
    """The challenge with this id (KeyError when there is none)."""
    for candidate in CHALLENGES:
        if candidate.id == challenge_id:
            return candidate
    raise KeyError(challenge_id)
