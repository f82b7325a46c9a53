"""The lesson's three challenges, as pure checks on what the learner has set up.

Each check takes the sentence's tokens, the head id, whether the causal mask is
on, and the query position, and says whether the challenge is met. They hold
for any sentence, not only the lesson's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .attention import head_weights
from .heads import word_ids
from .readout import top_keys
from .tokens import LESSON_TOKENS

#: The query the lesson itself uses as its worked example for challenge 1.
_LESSON_EXAMPLE_QUERY = 7


def _is_lesson_example(tokens: Sequence[str], query: int) -> bool:
    return tuple(tokens) == LESSON_TOKENS and query == _LESSON_EXAMPLE_QUERY


def induction_predicts_next(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Induction head, mask on: the query's single top key is an induction match
    (the token after an earlier copy of the query's word) and holds the same
    word as the token right after the query. The lesson's own example does not
    count."""
    if head_id != "induction" or not causal or query + 1 >= len(tokens):
        return False
    if _is_lesson_example(tokens, query):
        return False
    keys, weight = top_keys(head_weights(head_id, tokens, causal), query)
    if len(keys) != 1 or weight <= 0.5:
        return False
    key = keys[0]
    ids = word_ids(tokens)
    found_by_copy = key >= 1 and key - 1 != query and ids[key - 1] == ids[query]
    return bool(found_by_copy and ids[key] == ids[query + 1])


def first_occurrence(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Same-word head, mask on: the query's word has no earlier copy."""
    if head_id != "same_word" or not causal or not 0 <= query < len(tokens):
        return False
    ids = word_ids(tokens)
    return bool(not (ids[:query] == ids[query]).any())


def looks_ahead(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
    """Mask off, any head: the query's single top key comes after it."""
    if causal or not 0 <= query < len(tokens):
        return False
    keys, _ = top_keys(head_weights(head_id, tokens, causal), query)
    return len(keys) == 1 and keys[0] > query


@dataclass(frozen=True)
class Challenge:
    """A goal for the learner and the check that says it is reached."""

    id: str
    title: str
    hint: str
    check: Callable[[Sequence[str], str, bool, int], bool]

    def is_met(self, tokens: Sequence[str], head_id: str, causal: bool, query: int) -> bool:
        """True when this state satisfies the challenge."""
        return self.check(tokens, head_id, causal, query)


CHALLENGES: tuple[Challenge, ...] = (
    Challenge(
        "induction_next",
        "Predict the next word",
        "Induction head, mask on: find another query (not the second 'cat') whose "
        "strongest look lands on the word that really comes next.",
        induction_predicts_next,
    ),
    Challenge(
        "first_occurrence",
        "Nothing to copy",
        "Same-word head, mask on: pick a word that has not appeared before and see "
        "where it looks when it has no earlier copy.",
        first_occurrence,
    ),
    Challenge(
        "look_ahead",
        "Peek at the future",
        "Switch the causal mask off and find a query whose favourite key comes after it.",
        looks_ahead,
    ),
)


def met_challenges(tokens: Sequence[str], head_id: str, causal: bool, query: int) -> frozenset[str]:
    """Ids of every challenge the given state satisfies."""
    return frozenset(c.id for c in CHALLENGES if c.is_met(tokens, head_id, causal, query))
