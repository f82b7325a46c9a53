"""The lesson's challenges as checks on (tokens, head, mask, query)."""

import core
from core.challenges import first_occurrence, induction_predicts_next, looks_ahead

LESSON = core.LESSON_TOKENS


def solutions(check, head, causal, tokens=LESSON):
    return [q for q in range(len(tokens)) if check(tokens, head, causal, q)]


def test_induction_challenge_answer_in_the_lesson_is_position_8():
    assert solutions(induction_predicts_next, "induction", True) == [8]
    assert solutions(induction_predicts_next, "induction", False) == []
    assert solutions(induction_predicts_next, "same_word", True) == []


def test_induction_challenge_counts_the_given_example_in_other_sentences():
    tokens = core.tokenize("a dog ran . a dog ran")
    assert solutions(induction_predicts_next, "induction", True, tokens) == [4, 5]


def test_same_word_challenge_wants_a_first_occurrence():
    assert solutions(first_occurrence, "same_word", True) == [0, 1, 2, 4, 5]
    assert solutions(first_occurrence, "same_word", False) == []
    assert solutions(first_occurrence, "induction", True) == []


def test_look_ahead_needs_the_mask_off_and_a_single_later_favourite():
    assert solutions(looks_ahead, "same_word", False) == [1, 2]
    assert solutions(looks_ahead, "same_word", True) == []
    assert solutions(looks_ahead, "broad", False) == []  # an even spread is a tie
    assert solutions(looks_ahead, "previous_token", False) == []


def test_met_challenges_lists_ids():
    assert core.challenges.met_challenges(LESSON, "induction", True, 8) == {"induction_next"}
    assert [c.id for c in core.CHALLENGES] == ["induction_next", "first_occurrence", "look_ahead"]
