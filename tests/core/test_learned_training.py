"""Training: determinism, progress reports, cancelling, the optimiser."""

import dataclasses
import threading

import numpy as np
import pytest

from core.learned import QUICK_TRAINING, Adam, ModelConfig, TrainConfig, TrainProgress, train
from core.learned.train import learning_rate

SMALL = TrainConfig(
    model=ModelConfig(vocab_size=16, context_length=16, d_model=16, n_heads=2, d_head=4),
    steps=6,
    batch_size=4,
    max_period=8,
    eval_period=8,
    report_every=2,
)


def test_same_seed_gives_identical_params_and_another_seed_does_not():
    a, b, c = train(SMALL, 1), train(SMALL, 1), train(SMALL, 2)
    assert all(np.array_equal(a.params[k], b.params[k]) for k in a.params)
    assert [(p.step, p.loss) for p in a.history] == [(p.step, p.loss) for p in b.history]
    assert not np.array_equal(a.params["w_q"], c.params["w_q"])


def test_the_default_model_trains_deterministically_for_a_few_steps():
    config = dataclasses.replace(QUICK_TRAINING, steps=3, report_every=3)
    a, b = train(config, 7), train(config, 7)
    assert all(np.array_equal(a.params[k], b.params[k]) for k in a.params)
    assert a.params["embed"].dtype == np.float32


def test_progress_reports_every_k_steps_and_at_the_end():
    reports = []
    result = train(dataclasses.replace(SMALL, steps=7, report_every=3), 0, reports.append)
    assert [r.step for r in reports] == [3, 6, 7]
    assert result.history == tuple(reports) and not result.cancelled and result.steps_done == 7
    for r in reports:
        assert r.total_steps == 7 and np.isfinite(r.loss) and r.elapsed_seconds >= 0
        assert 0 <= r.induction_score <= 1 and 0 <= r.previous_token_score <= 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        reports[0].step = 99


def test_returning_false_from_the_callback_cancels():
    seen = []

    def stop_at_second_report(report: TrainProgress):
        seen.append(report.step)
        return len(seen) < 2

    result = train(dataclasses.replace(SMALL, steps=100), 0, stop_at_second_report)
    assert seen == [2, 4] and result.cancelled and result.steps_done == 4


def test_an_event_set_from_another_thread_stops_training_before_the_next_step():
    config = dataclasses.replace(QUICK_TRAINING, report_every=1)
    cancel, third_step = threading.Event(), threading.Event()
    reports, outcome = [], {}

    def on_progress(report: TrainProgress):
        reports.append(report.step)
        if report.step == 3:
            third_step.set()
            # Hold the loop here until the other thread has set the event, so the
            # check before step 4 must see it (no race with a busy machine's clock).
            assert cancel.wait(30)

    worker = threading.Thread(
        target=lambda: outcome.update(result=train(config, 0, on_progress, cancel))
    )
    worker.start()
    assert third_step.wait(30), "no progress report"
    cancel.set()
    worker.join(30)
    assert not worker.is_alive()
    result = outcome["result"]
    # The event is checked before every step: not one more step is taken.
    assert result.cancelled and result.steps_done == 3 and reports == [1, 2, 3]


def test_an_event_set_before_the_start_takes_no_step():
    cancel = threading.Event()
    cancel.set()
    result = train(SMALL, 0, cancel=cancel)
    assert result.cancelled and result.steps_done == 0 and result.history == ()


def test_training_lowers_the_loss():
    config = dataclasses.replace(SMALL, steps=120, report_every=20, learning_rate=1e-2)
    history = train(config, 0).history
    assert history[-1].loss < history[0].loss - 0.3


def test_learning_rate_warms_up_then_decays_to_a_tenth():
    config = dataclasses.replace(SMALL, steps=100, warmup_steps=10, learning_rate=1.0)
    rates = [learning_rate(config, s) for s in range(100)]
    assert rates[0] == pytest.approx(0.1) and rates[9] == pytest.approx(1.0)
    assert np.all(np.diff(rates[9:]) <= 0)
    assert rates[-1] == pytest.approx(0.1, abs=1e-3)


def test_adam_minimises_a_quadratic_and_clips_big_gradients():
    params = {"x": np.array([5.0, -3.0])}
    adam = Adam(params, clip_norm=1.0)
    norms = [adam.step(params, {"x": 2 * params["x"]}, lr=0.1) for _ in range(300)]
    np.testing.assert_allclose(params["x"], 0, atol=1e-2)
    assert norms[0] == pytest.approx(2 * np.hypot(5, 3))


@pytest.mark.parametrize(
    "changes",
    [{"steps": 0}, {"max_period": 40}, {"min_period": 9, "max_period": 8}, {"learning_rate": 0}],
)
def test_train_config_refuses_bad_values(changes):
    with pytest.raises(ValueError):
        dataclasses.replace(QUICK_TRAINING, **changes)


@pytest.mark.slow
def test_training_from_scratch_forms_both_heads():
    """What the Train button runs (its settings and first seed) must grow both heads:
    the previous-token head in layer 1 and the induction head in layer 2."""
    result = train(QUICK_TRAINING, 1)
    last = result.history[-1]
    assert result.steps_done == QUICK_TRAINING.steps and not result.cancelled
    assert last.previous_token_score > 0.6, last
    assert last.induction_score > 0.6, last
    assert last.loss < result.history[0].loss


def test_weight_decay_shrinks_matrices_and_leaves_vectors_and_plain_adam_alone():
    def stepped(weight_decay):
        params = {"w": np.ones((2, 2)), "b": np.ones(2)}
        grads = {"w": np.zeros((2, 2)), "b": np.zeros(2)}
        Adam(params, weight_decay=weight_decay).step(params, grads, lr=0.1)
        return params

    plain, decayed = stepped(0.0), stepped(0.5)
    assert (plain["w"] == 1).all() and (plain["b"] == 1).all()  # no gradient, no change
    assert decayed["w"] == pytest.approx(np.full((2, 2), 1 - 0.1 * 0.5))
    assert (decayed["b"] == 1).all()  # biases and gains are not decayed
