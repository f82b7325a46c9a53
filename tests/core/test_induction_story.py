"""core.induction_story: two layers build the induction head; the mask makes a cache work."""

import numpy as np
import pytest

import core
from core.induction_story import (
    UNCHANGED_TOLERANCE,
    cache_story,
    induction_story,
    layer_one,
)

LESSON = core.LESSON_TOKENS
ABCD = ("a", "b", "c", "d", "a", "b", "c", "d")


def reference_two_layers(tokens, query):
    """The two-layer mechanism written out with loops: the reference for the fast code."""
    n = len(tokens)
    carried = [None] + list(tokens[:-1])  # layer 1: position j holds token j - 1
    scores = np.zeros(n)
    for j in range(n):
        if carried[j] is not None and carried[j] == tokens[query] and j - 1 != query:
            scores[j] = 5
        elif j == 0:
            scores[j] = 2
    scores[query + 1 :] = -np.inf
    weights = np.exp(scores - scores.max())
    return weights / weights.sum()


# -- layer 1 --------------------------------------------------------------------------


def test_layer_one_moves_each_previous_token_forward():
    first = layer_one(LESSON)
    assert first.carried == (None, *LESSON[:-1])  # each position carries its predecessor
    assert first.carried_index.tolist() == [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert first.cells.tolist() == [[j, j - 1] for j in range(1, 10)]
    # the highlighted cells are where the previous-token head puts its weight
    assert np.all(first.weights[first.cells[:, 0], first.cells[:, 1]] > 0.99)


def test_layer_one_on_a_single_token_carries_nothing():
    first = layer_one(("hello",))
    assert first.carried == (None,)
    assert first.cells.shape == (0, 2)


# -- layer 2 --------------------------------------------------------------------------


def test_second_cat_finds_chased_through_the_first_cat():
    story = induction_story(LESSON, 7)
    two = story.layer_two
    # the earlier "cat" is at 1, so position 2 ("chased") carries "cat"
    assert story.layer_one.carried[2] == "cat"
    assert two.matches == (2,)
    assert two.cells.tolist() == [[7, 2]]
    assert [token for token, _ in two.predictions] == ["chased"]
    assert f"{two.predictions[0][1]:.2f}" == "0.92"
    assert f"{two.row[2]:.2f}" == "0.92"
    assert two.has_copy


def test_last_the_splits_between_what_followed_each_earlier_the():
    two = induction_story(LESSON, 9).layer_two
    assert two.matches == (1, 4, 7)  # cat, dog, cat: each follows a "the"
    assert two.cells.tolist() == [[9, 1], [9, 4], [9, 7]]
    (first, w_first), (second, w_second) = two.predictions
    assert (first, second) == ("cat", "dog")
    assert f"{w_first:.2f}" == "0.65" and f"{w_second:.2f}" == "0.32"


def test_a_tie_keeps_both_predictions():
    two = induction_story(LESSON, 6).layer_two
    assert two.matches == (1, 4)
    assert [t for t, _ in two.predictions] == ["cat", "dog"]
    assert two.predictions[0][1] == pytest.approx(two.predictions[1][1])


@pytest.mark.parametrize(("query", "matches", "predicted"), [(4, (1,), "b"), (7, (4,), "a")])
def test_another_sentence(query, matches, predicted):
    two = induction_story(ABCD, query).layer_two
    assert two.matches == matches
    assert two.cells.tolist() == [[query, m] for m in matches]
    assert two.predictions[0][0] == predicted
    assert two.predictions[0][1] > 0.9


def test_only_repeated_tokens_have_a_copy():
    assert induction_story(ABCD, 0).layer_two.queries_with_copy == (4, 5, 6, 7)
    assert induction_story(LESSON, 0).layer_two.queries_with_copy == (3, 6, 7, 8, 9)


@pytest.mark.parametrize(("tokens", "query"), [(LESSON, 4), (LESSON, 2), (LESSON, 0), (ABCD, 3)])
def test_no_earlier_copy_finds_nothing_and_rests_on_the_first_token(tokens, query):
    two = induction_story(tokens, query).layer_two
    assert not two.has_copy
    assert two.matches == () and two.predictions == ()
    assert two.cells.shape == (0, 2)
    assert int(np.argmax(two.row)) == 0


def test_matches_follow_the_query_word_case_insensitively():
    two = induction_story(("The", "cat", "saw", "the"), 3).layer_two
    assert two.matches == (1,)
    assert two.predictions[0][0] == "cat"


@pytest.mark.parametrize("tokens", [LESSON, ABCD, ("x",), ("a", "a", "a"), tuple("abcabcab")])
def test_two_layers_match_the_loop_reference_and_the_induction_head(tokens):
    for query in range(len(tokens)):
        story = induction_story(tokens, query)
        np.testing.assert_allclose(
            story.layer_two.row, reference_two_layers(tokens, query), atol=1e-12
        )
        assert story.agreement.agree
        assert story.agreement.max_difference == 0.0
        np.testing.assert_array_equal(
            story.agreement.induction_weights, core.head_weights("induction", tokens)
        )


def test_query_outside_the_sentence_is_refused():
    with pytest.raises(IndexError):
        induction_story(LESSON, 10)


# -- the KV cache -------------------------------------------------------------------------


def test_one_frame_per_token():
    cache = cache_story(LESSON)
    assert [f.length for f in cache.frames] == list(range(1, 11))
    assert cache.frames[4].masked.shape == (5, 5)
    assert cache.frames[0].changed_masked.shape == (0,)


@pytest.mark.parametrize("tokens", [LESSON, ABCD])
def test_with_the_mask_on_earlier_rows_never_change(tokens):
    cache = cache_story(tokens)
    assert cache.cache_holds
    for before, now in zip(cache.frames, cache.frames[1:], strict=False):
        t = now.length
        assert not now.changed_masked.any()
        np.testing.assert_allclose(now.masked[: t - 1, : t - 1], before.masked, atol=1e-12)
        assert np.all(now.masked[: t - 1, t - 1] == 0)  # nobody looks at the newcomer


@pytest.mark.parametrize("tokens", [LESSON, ABCD])
def test_without_the_mask_earlier_rows_change(tokens):
    cache = cache_story(tokens)
    for now in cache.frames[1:]:
        assert now.changed_unmasked.any()
    # token 2 arrives: the first row gives it weight and stops being [1.0]
    second = cache.frames[1]
    assert second.changed_unmasked.tolist() == [True]
    assert second.unmasked[0, 0] < 0.9 and second.unmasked[0, 1] > 0.1
    assert cache.frames[0].unmasked[0, 0] == 1.0


def test_last_bit_noise_is_not_a_change():
    # At 64 tokens the softmax sums longer rows in another order; the rows stay the
    # same to far below anything a person could see, and the cache still holds.
    tokens = tuple(f"w{i % 7}" for i in range(64))
    cache = cache_story(tokens)
    assert cache.cache_holds
    assert UNCHANGED_TOLERANCE <= 1e-12


def test_a_cache_story_can_be_reused_for_another_query():
    first = induction_story(LESSON, 7)
    second = induction_story(LESSON, 9, cache=first.cache)
    assert second.cache is first.cache
    assert second.layer_two.matches == (1, 4, 7)
    with pytest.raises(ValueError):
        induction_story(ABCD[:3], 0, cache=first.cache)


def test_results_are_read_only():
    story = induction_story(LESSON, 7)
    for array in (story.layer_one.weights, story.layer_two.weights, story.cache.frames[2].masked):
        with pytest.raises(ValueError):
            array[0, 0] = 0.5
