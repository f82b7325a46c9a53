"""Scores, data and inference helpers of the learned model."""

import numpy as np
import pytest

import core
from core.learned import (
    QUICK_TRAINING,
    attention_patterns,
    induction_scores,
    init_params,
    previous_token_scores,
    repeated_sequence,
    sentence_attention,
    sentence_ids,
    training_batch,
)


def one_hot_rows(n, columns):
    patterns = np.zeros((n, n))
    patterns[np.arange(n), columns] = 1.0
    return patterns


def test_scores_of_ideal_heads_are_one_and_of_others_zero():
    n, p = 12, 6
    i = np.arange(n)
    previous = one_hot_rows(n, np.maximum(i - 1, 0))
    induction = one_hot_rows(n, np.where(i >= p, i - p + 1, 0))
    assert previous_token_scores(previous) == pytest.approx(1.0)
    assert induction_scores(induction, p) == pytest.approx(1.0)
    assert induction_scores(previous, p) == pytest.approx(0.0)
    assert previous_token_scores(np.eye(n)) == pytest.approx(0.0)


def test_scores_keep_leading_axes():
    patterns = np.broadcast_to(np.eye(8), (3, 2, 4, 8, 8))
    assert previous_token_scores(patterns).shape == (3, 2, 4)
    assert induction_scores(patterns, 4).shape == (3, 2, 4)


def test_training_batches_repeat_a_segment_of_varying_length_and_start():
    # A huge vocabulary makes chance repeats practically impossible.
    ids, predictable = training_batch(np.random.default_rng(0), 200, 64, 10**9, 4, 32)
    assert ids.shape == (200, 64) and predictable.shape == (200, 63)
    periods, starts = set(), set()
    for row, mask in zip(ids, predictable, strict=True):
        targets = np.flatnonzero(mask) + 1  # positions of tokens that copy an earlier one
        # Token targets[0] copies the second token of the first copy.
        start = np.flatnonzero(np.isin(row, row[targets]))[0] - 1
        period = int(targets[0]) - 1 - start
        # A contiguous span, each token repeating the one a period earlier; the
        # first token of the second copy repeats too but is not predictable.
        assert np.all(np.diff(targets) == 1)
        assert np.all(row[targets] == row[targets - period])
        assert row[targets[0] - 1] == row[start]
        assert len(set(row.tolist())) == 64 - len(targets) - 1
        periods.add(period)
        starts.add(int(start))
    assert len(periods) > 15 and len(starts) > 20
    assert min(periods) >= 4 and max(periods) <= 32


def test_repeated_sequence_is_seeded_and_repeats_distinct_tokens():
    a = repeated_sequence(7, period=10, vocab_size=64)
    assert np.array_equal(a, repeated_sequence(7, period=10, vocab_size=64))
    assert not np.array_equal(a, repeated_sequence(8, period=10, vocab_size=64))
    assert a.shape == (20,) and np.array_equal(a[:10], a[10:])
    assert len(set(a[:10].tolist())) == 10 and a.max() < 64


def test_sentence_ids_number_words_by_first_appearance_ignoring_case():
    ids = sentence_ids(["The", "cat", "saw", "the", "CAT", "."])
    assert ids.tolist() == [0, 1, 2, 0, 1, 3]
    assert sentence_ids(core.LESSON_TOKENS).tolist() == [0, 1, 2, 0, 3, 4, 0, 1, 2, 0]
    distinct = [f"w{i}" for i in range(core.MAX_TOKENS)]
    assert sentence_ids(distinct).tolist() == list(range(core.MAX_TOKENS))


@pytest.mark.parametrize("n", [0, core.MAX_TOKENS + 1])
def test_sentence_ids_refuse_empty_and_too_long_sentences(n):
    with pytest.raises(ValueError, match="1 to 64 tokens"):
        sentence_ids(["a"] * n)


@pytest.fixture(scope="module")
def params():
    return init_params(QUICK_TRAINING.model, np.random.default_rng(0))


@pytest.mark.parametrize("text", ["a", "the cat sat", " ".join(f"w{i % 40}" for i in range(64))])
def test_sentence_attention_is_masked_and_rows_sum_to_one(params, text):
    tokens = core.tokenize(text)
    n = len(tokens)
    weights = sentence_attention(params, tokens)
    assert weights.shape == (2, 2, n, n) and weights.dtype == np.float64
    assert np.all(weights[..., core.causal_mask(n)] == 0.0)
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, rtol=1e-12)


def test_attention_patterns_batched_match_single(params):
    ids = np.stack([repeated_sequence(s, 16, 64) for s in range(3)])
    batched = attention_patterns(params, ids)
    assert batched.shape == (3, 2, 2, 32, 32)
    np.testing.assert_allclose(batched[1], attention_patterns(params, ids[1]), rtol=1e-5)


@pytest.mark.parametrize(
    "ids", [np.zeros(65, dtype=int), np.array([0, 64]), np.array([-1]), np.array([0.5])]
)
def test_attention_patterns_refuse_bad_ids(params, ids):
    with pytest.raises(ValueError):
        attention_patterns(params, ids)
