"""The masked softmax: exact zeros, rows summing to 1, finite under stress."""

import numpy as np
import pytest

import core


def test_causal_mask_marks_keys_after_the_query():
    mask = core.causal_mask(4)
    assert mask.dtype == bool
    assert mask.tolist() == [
        [False, True, True, True],
        [False, False, True, True],
        [False, False, False, True],
        [False, False, False, False],
    ]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rows_sum_to_one_and_masked_weights_are_exactly_zero(dtype):
    scores = np.random.default_rng(0).normal(size=(50, 50)).astype(dtype)
    w = core.attention_weights(scores)
    assert w.dtype == dtype
    assert np.all(w[core.causal_mask(50)] == 0.0)
    np.testing.assert_allclose(w.sum(axis=1), 1, rtol=1e-6)


def test_input_is_not_modified():
    scores = np.arange(9.0).reshape(3, 3)
    core.attention_weights(scores)
    assert scores[0, 2] == 2.0


def test_huge_scores_stay_finite():
    scores = np.array([[1e308, -1e308, 0.0], [1e300, 1e300, -1e300], [-1e308, 1e308, 1e308]])
    for causal in (True, False):
        w = core.attention_weights(scores, causal=causal)
        assert np.all(np.isfinite(w))
        np.testing.assert_allclose(w.sum(axis=1), 1)
    np.testing.assert_allclose(core.attention_weights(scores, causal=False)[2], [0, 0.5, 0.5])


def test_row_with_one_visible_key_gets_all_the_weight():
    w = core.attention_weights(np.full((3, 3), -1e308))
    assert w[0].tolist() == [1.0, 0.0, 0.0]


def test_batched_scores_are_masked_per_matrix():
    w = core.attention_weights(np.zeros((2, 3, 3)))
    np.testing.assert_allclose(w[1, 2], [1 / 3] * 3)
    assert w[0, 0, 1] == 0.0


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nan_and_positive_infinity_are_refused(bad):
    scores = np.zeros((3, 3))
    scores[1, 0] = bad
    with pytest.raises(ValueError, match="NaN"):
        core.attention_weights(scores)


def test_a_row_that_hides_every_key_is_refused():
    scores = np.zeros((2, 2))
    scores[0, 0] = -np.inf
    with pytest.raises(ValueError, match="hides every key"):
        core.attention_weights(scores)


def test_causal_mask_needs_square_scores():
    with pytest.raises(ValueError, match="square"):
        core.attention_weights(np.zeros((2, 3)))
    assert core.attention_weights(np.zeros((2, 3)), causal=False).shape == (2, 3)


@pytest.mark.slow  # a 4096 x 4096 matrix: seconds
def test_large_matrix_is_handled():
    w = core.attention_weights(np.random.default_rng(1).normal(size=(4096, 4096)))
    np.testing.assert_allclose(w.sum(axis=1), 1)
