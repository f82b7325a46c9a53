"""core.steps: raw scores, masked scores and weights, kept apart."""

import dataclasses
import subprocess
import sys

import numpy as np
import pytest
from lesson_sketch import lesson_induction_scores

import core
from core.steps import attention_steps

LESSON = core.LESSON_TOKENS


def test_raw_scores_are_the_rules_numbers():
    steps = attention_steps(LESSON, "induction")
    np.testing.assert_array_equal(steps.scores, lesson_induction_scores(LESSON))
    assert steps.scores[7].tolist() == [2, 0, 5, 0, 0, 0, 0, 0, 0, 0]
    # the rule scores the future too: row 0 finds "the" before keys 4 and 7
    assert steps.scores[0].tolist() == [2, 0, 0, 0, 5, 0, 0, 5, 0, 0]


def test_the_mask_writes_minus_infinity_over_the_future_only():
    steps = attention_steps(LESSON, "induction")
    future = np.triu(np.ones((10, 10), dtype=bool), k=1)
    assert np.all(steps.masked_scores[future] == -np.inf)
    np.testing.assert_array_equal(steps.masked_scores[~future], steps.scores[~future])
    np.testing.assert_array_equal(steps.hidden, future)
    assert steps.masked_scores[0, 4] == -np.inf and steps.scores[0, 4] == 5


def test_weights_are_the_softmax_every_view_shows():
    for head_id in core.HEADS:
        for causal in (True, False):
            steps = attention_steps(LESSON, head_id, causal)
            np.testing.assert_array_equal(steps.weights, core.head_weights(head_id, LESSON, causal))
    steps = attention_steps(LESSON, "induction")
    assert f"{steps.weights[7, 2]:.2f}" == "0.92"
    assert steps.weights[0, 9] == 0.0


def test_with_the_mask_off_nothing_is_hidden():
    steps = attention_steps(LESSON, "same_word", causal=False)
    assert not steps.hidden.any()
    assert np.isfinite(steps.masked_scores).all()
    np.testing.assert_array_equal(steps.masked_scores, steps.scores)
    assert steps.weights[0, 9] > 0.3  # the first "the" now sees its later copies


def test_score_range_gives_the_scale_of_the_scores():
    assert attention_steps(LESSON, "previous_token").score_range == (0.0, 8.0)
    assert attention_steps(LESSON, "induction").score_range == (0.0, 5.0)
    assert attention_steps(LESSON, "broad").score_range == (0.0, 0.0)


def test_steps_are_frozen_and_read_only():
    steps = attention_steps(LESSON, "induction")
    with pytest.raises(dataclasses.FrozenInstanceError):
        steps.causal = False
    for array in (steps.scores, steps.masked_scores, steps.weights, steps.hidden):
        with pytest.raises(ValueError):
            array[0, 0] = 1


def test_unknown_head_names_the_valid_ones():
    with pytest.raises(KeyError, match="induction"):
        attention_steps(LESSON, "nope")


def test_the_new_core_modules_load_no_qt():
    code = (
        "import sys, core.steps, core.induction_story; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', "
        "'pyqtgraph', 'app')]; print(bad)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
