"""The lesson's challenges as checks on (tokens, head, mask, query)."""

import pytest

import core
from core.challenges import (
    challenge,
    first_occurrence,
    induction_match,
    induction_predicts_next,
    looks_ahead,
)

LESSON = core.LESSON_TOKENS


def solutions(check, head, causal, tokens=LESSON):
    return [q for q in range(len(tokens)) if check(tokens, head, causal, q)]


def test_challenge_one_accepts_every_query_whose_favourite_holds_the_next_word():
    # chased (2) -> the (0), next is "the"; . (5) -> the (0), next is "the";
    # chased (8) -> the (3), next is "the". The second cat (7) is the lesson's example.
    assert solutions(induction_predicts_next, "induction", True) == [2, 5, 8]
    assert solutions(induction_predicts_next, "induction", False) == []
    assert solutions(induction_predicts_next, "same_word", True) == []


def test_challenge_one_says_how_each_answer_was_found():
    assert induction_match(LESSON, "induction", True, 2) == "fallback"
    assert induction_match(LESSON, "induction", True, 5) == "fallback"
    assert induction_match(LESSON, "induction", True, 8) == "copy"
    assert induction_match(LESSON, "induction", True, 7) is None  # the lesson's own example
    assert induction_match(LESSON, "induction", True, 9) is None  # nothing comes next


def test_challenge_one_finding_names_the_fallback_and_where_the_induction_move_is():
    found = challenge("induction_next").finding(LESSON, "induction", True, 2)
    assert (found.focus.query, found.focus.keys, round(found.focus.weight, 2)) == (2, (0,), 0.79)
    assert found.next_token == "the"
    assert found.match == "fallback"
    assert found.example == 8  # where the real move can be seen on this sentence
    copy = challenge("induction_next").finding(LESSON, "induction", True, 8)
    assert (copy.focus.keys, round(copy.focus.weight, 2), copy.match) == ((3,), 0.91, "copy")


def test_the_lessons_example_is_recognised_in_a_translation_with_the_same_pattern():
    german = core.tokenize("die Katze jagte die Maus. die Katze jagte die")
    assert induction_match(german, "induction", True, 7) is None  # the worked example
    assert solutions(induction_predicts_next, "induction", True, german) == [2, 5, 8]


def test_challenge_one_counts_the_given_example_in_other_sentences():
    tokens = core.tokenize("a dog ran . a dog ran")
    # . (3) gets there by the fallback (a (0) is next), a (4) and dog (5) by the copy.
    assert solutions(induction_predicts_next, "induction", True, tokens) == [3, 4, 5]
    assert induction_match(tokens, "induction", True, 3) == "fallback"


def test_challenge_one_refuses_a_tie_unless_every_favourite_holds_the_next_word():
    # the (6) splits between cat (1) and dog (4); the next token is cat: not every one.
    keys, _ = core.top_keys(core.head_weights("induction", LESSON, True), 6)
    assert keys == (1, 4)
    assert not induction_predicts_next(LESSON, "induction", True, 6)
    tokens = core.tokenize("x a x b x a")
    keys, _ = core.top_keys(core.head_weights("induction", tokens, True), 4)
    assert keys == (1, 3)  # "a" and "b" both followed an earlier x
    assert not induction_predicts_next(tokens, "induction", True, 4)
    tokens = core.tokenize("x a x a x a")
    keys, _ = core.top_keys(core.head_weights("induction", tokens, True), 4)
    assert keys == (1, 3)  # both favourites hold "a", the next token
    assert induction_match(tokens, "induction", True, 4) == "copy"


def test_same_word_challenge_wants_a_first_occurrence():
    assert solutions(first_occurrence, "same_word", True) == [0, 1, 2, 4, 5]
    assert solutions(first_occurrence, "same_word", False) == []
    assert solutions(first_occurrence, "induction", True) == []


def test_look_ahead_accepts_a_tie_whose_favourites_all_come_later():
    # Mask off, the first "the" ties at 32% on 3, 6 and 9 (the same-word card's own prompt).
    keys, _ = core.top_keys(core.head_weights("same_word", LESSON, False), 0)
    assert keys == (3, 6, 9)
    assert looks_ahead(LESSON, "same_word", False, 0)
    # Induction head, query 0: 48% each on dog (4) and cat (7).
    keys, weight = core.top_keys(core.head_weights("induction", LESSON, False), 0)
    assert keys == (4, 7) and round(weight, 2) == 0.48
    assert looks_ahead(LESSON, "induction", False, 0)
    assert solutions(looks_ahead, "same_word", False) == [0, 1, 2]
    assert solutions(looks_ahead, "same_word", True) == []


def test_look_ahead_refuses_a_tie_that_includes_the_query_or_earlier_keys():
    assert solutions(looks_ahead, "broad", False) == []  # the even spread includes key 0
    assert solutions(looks_ahead, "previous_token", False) == []
    # the (3) ties over 0, 6 and 9 with the mask off: 0 is behind it.
    keys, _ = core.top_keys(core.head_weights("same_word", LESSON, False), 3)
    assert keys == (0, 6, 9)
    assert not looks_ahead(LESSON, "same_word", False, 3)


def test_look_ahead_finding_lists_the_tie():
    found = challenge("look_ahead").finding(LESSON, "same_word", False, 0)
    assert found.focus.keys == (3, 6, 9) and round(found.focus.weight, 2) == 0.32
    assert found.match is None and found.next_token is None


def test_met_challenges_lists_ids():
    assert core.challenges.met_challenges(LESSON, "induction", True, 8) == {"induction_next"}
    assert [c.id for c in core.CHALLENGES] == ["induction_next", "first_occurrence", "look_ahead"]
    with pytest.raises(KeyError):
        challenge("nope")
