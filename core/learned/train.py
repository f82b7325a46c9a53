"""The training loop: plain NumPy, free of any threading or process concerns.

The window runs it in a child process (``app/training.py``); scripts and tests call it
directly. Progress goes to a callback every ``report_every`` steps; the caller can
stop training by returning False from it or by setting a ``threading.Event``, which
is checked before every step (a step takes some 20 ms).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .config import TrainConfig
from .data import training_batch
from .metrics import evaluate
from .model import Params, init_params, loss_and_grads
from .optim import Adam


@dataclass(frozen=True)
class TrainProgress:
    """One progress report.

    Attributes
    ----------
    step, total_steps : int
        Steps done so far, and planned.
    loss : float
        Mean training loss (nats) over the steps since the previous report,
        weighted as in training (see ``TrainConfig.random_token_weight``), so
        it is dominated by the copied tokens and drops sharply when the
        induction head forms.
    induction_score, previous_token_score : float
        Best last-layer induction score and best first-layer previous-token
        score on the fixed evaluation batch (see :mod:`core.learned.metrics`).
    elapsed_seconds : float
        Wall time since training started.
    """

    step: int
    total_steps: int
    loss: float
    induction_score: float
    previous_token_score: float
    elapsed_seconds: float


@dataclass(frozen=True)
class TrainResult:
    """What :func:`train` returns.

    Attributes
    ----------
    params : dict of ndarray
        The trained weights (as of the last step taken, if cancelled).
    config : TrainConfig
    seed : int
    history : tuple of TrainProgress
        Every report, in order: plot ``loss`` and ``induction_score`` against
        ``step`` to see the loss fall when the induction head forms.
    cancelled : bool
        True if training stopped before ``config.steps``.
    steps_done : int
        Optimiser steps taken.
    """

    params: Params
    config: TrainConfig
    seed: int
    history: tuple[TrainProgress, ...]
    cancelled: bool
    steps_done: int


#: Receives each report; returning False cancels training.
ProgressCallback = Callable[[TrainProgress], "bool | None"]


def learning_rate(config: TrainConfig, step: int) -> float:
    """Linear warm-up, then a cosine decay to a tenth of the peak."""
    if step < config.warmup_steps:
        return config.learning_rate * (step + 1) / config.warmup_steps
    span = max(config.steps - config.warmup_steps, 1)
    progress = min((step - config.warmup_steps) / span, 1.0)
    return config.learning_rate * (0.1 + 0.45 * (1 + math.cos(math.pi * progress)))


def train(
    config: TrainConfig,
    seed: int,
    on_progress: ProgressCallback | None = None,
    cancel: threading.Event | None = None,
    dtype: type[np.floating] = np.float32,
) -> TrainResult:
    """Train a model from scratch on repeated random sequences.

    Parameters
    ----------
    config : TrainConfig
    seed : int
        Same seed, config and machine: bit-identical weights.
    on_progress : callable, optional
        Called with a :class:`TrainProgress` every ``config.report_every`` steps
        and after the last one, from the code that runs the loop; returning False
        cancels training. Keep it quick.
    cancel : threading.Event, optional
        Set it from any thread to stop before the next step.
    dtype : numpy dtype
        float32 (fast) or float64.

    Returns
    -------
    TrainResult
    """
    init_seed, data_seed = np.random.SeedSequence(seed).spawn(2)
    params = init_params(config.model, np.random.default_rng(init_seed), dtype)
    data_rng = np.random.default_rng(data_seed)
    adam = Adam(params, clip_norm=config.clip_norm)
    history: list[TrainProgress] = []
    losses: list[float] = []
    start = time.perf_counter()
    step = 0
    while step < config.steps and not (cancel is not None and cancel.is_set()):
        ids, predictable = training_batch(
            data_rng,
            config.batch_size,
            config.model.context_length,
            config.model.vocab_size,
            config.min_period,
            config.max_period,
        )
        weights = np.where(predictable, 1.0, config.random_token_weight)
        loss, grads = loss_and_grads(params, ids, weights)
        adam.step(params, grads, learning_rate(config, step))
        losses.append(loss)
        step += 1
        if step % config.report_every == 0 or step == config.steps:
            report = _report(params, config, step, losses, time.perf_counter() - start)
            losses.clear()
            history.append(report)
            if on_progress is not None and on_progress(report) is False:
                break
    return TrainResult(params, config, seed, tuple(history), step < config.steps, step)


def _report(
    params: Params, config: TrainConfig, step: int, losses: list[float], elapsed: float
) -> TrainProgress:
    scores = evaluate(params, config.eval_period, losses=False)
    return TrainProgress(
        step=step,
        total_steps=config.steps,
        loss=float(np.mean(losses)),
        induction_score=scores.induction,
        previous_token_score=scores.previous_token,
        elapsed_seconds=elapsed,
    )
