"""Training the English model: Adam on windows of the text, with the learned model's code."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..learned.config import ModelConfig
from ..learned.model import Params, init_params, loss_and_grads
from ..learned.optim import Adam
from .config import EnglishTraining
from .data import Stream, training_batch


@dataclass(frozen=True)
class EnglishProgress:
    """One report: steps done, mean training loss since the last report, seconds so far."""

    step: int
    total_steps: int
    loss: float
    elapsed_seconds: float


def learning_rate(config: EnglishTraining, step: int) -> float:
    """Linear warm-up, then a cosine decay to a tenth of the peak."""
    if step < config.warmup_steps:
        return config.learning_rate * (step + 1) / config.warmup_steps
    progress = min((step - config.warmup_steps) / max(config.steps - config.warmup_steps, 1), 1)
    return config.learning_rate * (0.1 + 0.45 * (1 + math.cos(math.pi * progress)))


def train_english(
    model: ModelConfig,
    config: EnglishTraining,
    streams: tuple[Stream, ...],
    bos: int,
    on_progress: Callable[[EnglishProgress], None] | None = None,
    report_every: int = 50,
) -> Params:
    """Train from scratch on the training part of each source (``streams``, in the order of
    ``config.mix``); same seed, data and machine give the same weights.

    Returns
    -------
    dict of ndarray
        float32 parameters, shaped by ``model``.
    """
    init_seed, data_seed = np.random.SeedSequence(config.seed).spawn(2)
    params = init_params(model, np.random.default_rng(init_seed), np.float32)
    rng = np.random.default_rng(data_seed)
    mix = np.array([share for _, share in config.mix])
    mix /= mix.sum()
    adam = Adam(params, clip_norm=config.clip_norm, weight_decay=config.weight_decay)
    losses: list[float] = []
    start = time.perf_counter()
    for step in range(config.steps):
        batch, copied = training_batch(
            rng,
            streams,
            mix,
            config.batch_size,
            model.context_length,
            bos,
            config.repeat_share,
            config.min_period,
            config.max_period,
        )
        loss, grads = loss_and_grads(params, batch, np.where(copied, config.copy_weight, 1.0))
        adam.step(params, grads, learning_rate(config, step))
        losses.append(loss)
        done = step + 1
        if on_progress is not None and (done % report_every == 0 or done == config.steps):
            elapsed = time.perf_counter() - start
            on_progress(EnglishProgress(done, config.steps, float(np.mean(losses)), elapsed))
            losses.clear()
    return params
