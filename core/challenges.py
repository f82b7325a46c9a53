"""The lesson's three challenges, as pure checks on what the learner has set up.

Each check takes the sentence's tokens, the head id, whether the causal mask is
on, and the query position, and says whether the challenge is met. They hold
for any sentence, not only the lesson's. Ties are never broken: a query whose
strongest weight is shared by several keys (its favourites) meets a challenge
only when every favourite does what the challenge asks. Each challenge also
words the confirmation for the state that met it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .attention import head_weights
from .heads import word_ids
from .readout import format_percent, token_label, top_keys
from .tokens import LESSON_TOKENS

#: The query the lesson itself uses as its worked example for challenge 1.
_LESSON_EXAMPLE_QUERY = 7

Check = Callable[[Sequence[str], str, bool, int], bool]
Confirm = Callable[[Sequence[str], str, bool, int], str]


def _is_lesson_example(tokens: Sequence[str], query: int) -> bool:
    return tuple(tokens) == LESSON_TOKENS and query == _LESSON_EXAMPLE_QUERY


def _favourites(
    tokens: Sequence[str], head_id: str, causal: bool, query: int
) -> tuple[tuple[int, ...], float]:
    """The query's top keys (a tie gives several) and their shared weight."""
    return top_keys(head_weights(head_id, tokens, causal), query)


def _found_by_copy(ids: np.ndarray, key: int, query: int) -> bool:
    """True when ``key`` follows an earlier copy of the query's word (the induction move)."""
    return key >= 1 and key - 1 != query and ids[key - 1] == ids[query]


def _names(tokens: Sequence[str], keys: Sequence[int]) -> str:
    labels = [token_label(tokens, k) for k in keys]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _looks(tokens: Sequence[str], keys: Sequence[int], weight: float) -> str:
    """'looks most at chased (2), 92%' or 'splits evenly between ..., 48% each'."""
    if len(keys) == 1:
        return f"looks most at {_names(tokens, keys)}, {format_percent(weight)}"
    return f"splits evenly between {_names(tokens, keys)}, {format_percent(weight)} each"


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


def confirm_induction(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str:
    """What the learner found for challenge 1, and whether the induction move found it."""
    keys, weight = _favourites(tokens, head_id, causal, query)
    found = (
        f"{token_label(tokens, query)} {_looks(tokens, keys, weight)}, "
        f"and “{tokens[query + 1]}” is indeed the next token."
    )
    if induction_match(tokens, head_id, causal, query) == "copy":
        return found + " That is the induction move: find the earlier copy, look at what followed."
    example = _copy_example(tokens)
    where = (
        f" Compare {token_label(tokens, example)}, which does find one."
        if example is not None
        else ""
    )
    return (
        found + f" But that was the first-token fallback, not the induction move:"
        f" “{tokens[query]}” has no earlier copy to follow, so position 0 won by default." + where
    )


def note_induction(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str:
    """The banner's short word on challenge 1: said only when the fallback got there."""
    if induction_match(tokens, head_id, causal, query) == "fallback":
        return "Only through the first-token fallback, not the induction move: see Goals."
    return ""


def no_note(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str:
    return ""


# -- challenge 2: the same-word head with nothing to copy ---------------------------------------


def first_occurrence(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Same-word head, mask on: the query's word has no earlier copy."""
    if head_id != "same_word" or not causal or not 0 <= query < len(tokens):
        return False
    ids = word_ids(tokens)
    return bool(not (ids[:query] == ids[query]).any())


def confirm_first_occurrence(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str:
    keys, weight = _favourites(tokens, head_id, causal, query)
    return (
        f"{token_label(tokens, query)} has no earlier copy, so it {_looks(tokens, keys, weight)}."
    )


# -- challenge 3: looking ahead once the mask is off --------------------------------------------


def looks_ahead(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Mask off, any head: every favourite of the query comes after it."""
    if causal or not 0 <= query < len(tokens):
        return False
    keys, _ = _favourites(tokens, head_id, causal, query)
    return all(k > query for k in keys)


def confirm_looks_ahead(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str:
    keys, weight = _favourites(tokens, head_id, causal, query)
    later = "it" if len(keys) == 1 else "all of them"
    return (
        f"{token_label(tokens, query)} {_looks(tokens, keys, weight)}, {later} after the query."
        " With the mask on, none of that weight would be allowed."
    )


@dataclass(frozen=True)
class Challenge:
    """A goal for the learner, the check that says it is reached, and its confirmation."""

    id: str
    title: str
    hint: str
    ties: str  # how a tie between favourites is judged, in words
    check: Check
    confirm: Confirm
    note: Confirm = no_note  # a short remark for the banner ("" for none)

    def is_met(self, tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
        """True when this state satisfies the challenge."""
        return self.check(tokens, head_id, causal, query)

    def confirmation(self, tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str:
        """The sentence that tells the learner what they found (the state must meet it)."""
        return self.confirm(tokens, head_id, causal, query)

    def short_note(self, tokens: Sequence[str], head_id: str, causal: bool, query: int) -> str:
        """A few words for a passing banner; the Goals page shows ``confirmation``."""
        return self.note(tokens, head_id, causal, query)


CHALLENGES: tuple[Challenge, ...] = (
    Challenge(
        "induction_next",
        "Predict the next word",
        "Induction head, mask on: find a query (other than the lesson's second 'cat') "
        "whose strongest look lands on the same word as the token right after it.",
        "If the query splits its attention evenly, every key in the tie must hold that word.",
        induction_predicts_next,
        confirm_induction,
        note_induction,
    ),
    Challenge(
        "first_occurrence",
        "Nothing to copy",
        "Same-word head, mask on: pick a word that has not appeared before and see "
        "where it looks when it has no earlier copy.",
        "Any tie counts here: only the word matters.",
        first_occurrence,
        confirm_first_occurrence,
    ),
    Challenge(
        "look_ahead",
        "Peek at the future",
        "Switch the causal mask off and find a query whose favourite key comes after it.",
        "If the query splits its attention evenly, it counts when every key in the tie "
        "comes after the query.",
        looks_ahead,
        confirm_looks_ahead,
    ),
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
