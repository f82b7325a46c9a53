"""Pattern scores: hand-computed values on the lesson sentence, loops as reference."""

import subprocess
import sys
from math import exp

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.pattern_scores import (
    detection_pattern,
    pattern_score,
    similarity_score,
    uniformity_score,
)

LESSON = core.LESSON_TOKENS
WORDS = ["the", "The", "cat", "dog", ".", "a"]
sentences = st.lists(st.sampled_from(WORDS), min_size=1, max_size=20)


def score(head_id, pattern_id=None, tokens=LESSON, causal=True):
    weights = core.head_weights(head_id, tokens, causal)
    return pattern_score(pattern_id or head_id, tokens, weights, causal)


def loop_pattern(pattern_id, tokens):
    """Each detection pattern as a plain double loop over (query i, key j)."""
    words = [t.lower() for t in tokens]
    n = len(tokens)
    p = np.zeros((n, n), dtype=bool)
    for i in range(n):
        for j in range(n):
            if pattern_id == "previous_token":
                p[i, j] = j == i - 1
            elif pattern_id == "same_word":
                p[i, j] = j < i and words[j] == words[i]
            elif pattern_id == "induction":
                p[i, j] = j >= 1 and j - 1 < i and words[j - 1] == words[i]
            elif pattern_id == "first_token":
                p[i, j] = j == 0
            elif pattern_id == "broad":
                p[i, j] = j <= i
    return p


@settings(max_examples=60, deadline=None)
@given(sentences, st.sampled_from(list(core.HEADS)))
def test_patterns_match_the_loops(tokens, pattern_id):
    assert np.array_equal(detection_pattern(pattern_id, tokens), loop_pattern(pattern_id, tokens))


def test_induction_pattern_on_the_lesson_sentence():
    cells = {tuple(map(int, c)) for c in np.argwhere(detection_pattern("induction", LESSON))}
    # the(3) -> cat(1); the(6) -> cat, dog; cat(7) -> chased(2); chased(8) -> the(3);
    # the(9) -> cat, dog, cat.
    assert cells == {(3, 1), (6, 1), (6, 4), (7, 2), (8, 3), (9, 1), (9, 4), (9, 7)}


# -- hand-computed values ----------------------------------------------------------------


def test_previous_token_head_on_its_pattern():
    # Row i >= 1 sees i + 1 keys: 8 on key i - 1, 0 on the other i. Row 0 has no choice.
    expected = np.mean([exp(8) / (exp(8) + i) for i in range(1, 10)])
    assert score("previous_token") == pytest.approx(expected, abs=1e-12)
    assert score("previous_token") == pytest.approx(0.9983, abs=1e-4)


def test_induction_head_on_its_pattern():
    e2, e5 = exp(2), exp(5)
    rows = [
        e5 / (e2 + e5 + 2),  # the (3): cat(1); keys 2, 3 score 0
        2 * e5 / (e2 + 2 * e5 + 4),  # the (6): cat(1), dog(4)
        e5 / (e2 + e5 + 6),  # cat (7): chased(2), the table's 0.92
        e5 / (e2 + e5 + 7),  # chased (8): the(3), the table's 0.91
        3 * e5 / (e2 + 3 * e5 + 6),  # the (9): cat, dog, cat, 0.32 each
    ]
    assert score("induction") == pytest.approx(np.mean(rows), abs=1e-12)
    assert score("induction") == pytest.approx(0.941, abs=1e-3)


def test_same_word_head_on_its_pattern():
    e2, e5 = exp(2), exp(5)
    rows = [
        e5 / (e5 + e2 + 2),  # the (3): the(0); itself 2; cat, chased 0
        2 * e5 / (2 * e5 + e2 + 4),  # the (6): the(0), the(3)
        e5 / (e5 + e2 + 6),  # cat (7): cat(1)
        e5 / (e5 + e2 + 7),  # chased (8): chased(2)
        3 * e5 / (3 * e5 + e2 + 6),  # the (9): three earlier copies
    ]
    assert score("same_word") == pytest.approx(np.mean(rows), abs=1e-12)


def test_broad_head_is_perfectly_even_and_first_token_is_not():
    assert score("broad") == pytest.approx(1.0, abs=1e-12)
    # First token: row i puts w = e^8 / (e^8 + i) on key 0; moving w - 1/(i+1) evens it.
    expected = np.mean([1 - (exp(8) / (exp(8) + i) - 1 / (i + 1)) for i in range(1, 10)])
    assert score("first_token", "broad") == pytest.approx(expected, abs=1e-12)
    assert score("first_token", "broad") < 0.25


def test_broad_head_on_the_first_token_pattern_is_its_even_share():
    # Row i gives key 0 exactly 1 / (i + 1); row 0 (no choice) is left out.
    expected = np.mean([1 / (i + 1) for i in range(1, 10)])
    assert score("broad", "first_token") == pytest.approx(expected, abs=1e-12)


# -- own pattern high, others low -----------------------------------------------------------


@pytest.mark.parametrize("causal", [True, False])
def test_each_head_scores_highest_on_its_own_pattern(causal):
    table = {(h, p): score(h, p, causal=causal) or 0.0 for h in core.HEADS for p in core.HEADS}
    # The first-token head does fairly well on the same-word pattern: "the" (0) is an
    # earlier copy for three of its five rows. With the mask off same-word also loses
    # the weight it puts on later copies, so the margin is smaller.
    margin = 0.3 if causal else 0.1
    for head_id in core.HEADS:
        own = table[head_id, head_id]
        assert own > (0.9 if causal else 0.75), head_id
        others = [table[head_id, p] for p in core.HEADS if p != head_id]
        assert own > max(others) + margin, head_id
        rivals = [table[h, head_id] for h in core.HEADS if h != head_id]
        assert own > max(rivals) + margin, head_id


def test_positional_heads_score_low_on_word_patterns():
    for head_id in ("previous_token", "broad"):
        for pattern_id in ("same_word", "induction"):
            assert score(head_id, pattern_id) < 0.25


def test_mask_off_lowers_same_word_but_barely_moves_previous_token():
    # With the mask off the first "the" finds later copies: weight the causal pattern misses.
    assert score("same_word", causal=False) < score("same_word") - 0.1
    assert abs(score("previous_token", causal=False) - score("previous_token")) < 0.01


# -- nothing to score ---------------------------------------------------------------------------


@pytest.mark.parametrize("head_id", ["same_word", "induction"])
def test_no_repeated_word_gives_none(head_id):
    tokens = ["a", "cat", "sat", "down"]
    assert score(head_id, tokens=tokens) is None
    assert score(head_id, tokens=tokens, causal=False) is None


@pytest.mark.parametrize("head_id", list(core.HEADS))
@pytest.mark.parametrize("causal", [True, False])
def test_a_single_token_has_nothing_to_score(head_id, causal):
    assert score(head_id, tokens=["hello"], causal=causal) is None


def test_a_repeat_right_away_is_enough_for_induction():
    # "a a": key 1 follows an earlier "a" and is visible to query 1.
    assert score("induction", tokens=["a", "a"]) is not None


# -- the TransformerLens options ----------------------------------------------------------------


def test_excluding_bos_and_current_token_renormalises_over_the_rest():
    weights = np.array([[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.2, 0.3, 0.5]])
    pattern = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]], dtype=bool)
    assert similarity_score(weights, pattern) == pytest.approx((0.5 + 0.3) / 2)
    # Without the current token, row 1 keeps 0.5 (all on target), row 2 keeps 0.5 of 1.
    assert similarity_score(weights, pattern, exclude_current_token=True) == pytest.approx(
        (0.5 + 0.3) / (0.5 + 0.5)
    )
    # Without key 0, row 1's only predicted cell is gone; row 2 keeps 0.3 of 0.8.
    assert similarity_score(weights, pattern, exclude_bos=True) == pytest.approx(0.3 / 0.8)


def test_uniformity_of_a_one_hot_row_is_one_over_the_keys():
    weights = np.array([[1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    assert uniformity_score(weights) == pytest.approx((1 / 2 + 1 / 3) / 2)
    assert uniformity_score(weights, causal=False) == pytest.approx(1 / 3)


def test_bad_input_is_refused():
    with pytest.raises(KeyError, match="unknown head"):
        detection_pattern("nope", LESSON)
    with pytest.raises(ValueError, match="must be"):
        pattern_score("induction", LESSON, np.eye(3), True)


def test_the_module_loads_no_qt():
    code = (
        "import sys, core.pattern_scores; "
        "print([m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'app')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
