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
from .data import Stream, random_repeats, training_batch

#: Ids below this are the unknown-word and beginning-of-text tokens, never drawn at random.
FIRST_WORD = 2


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


def step_batch(
    rng: np.random.Generator,
    model: ModelConfig,
    config: EnglishTraining,
    streams: tuple[Stream, ...],
    mix: np.ndarray,
    bos: int,
) -> tuple[np.ndarray, np.ndarray]:
    """One step's windows and the loss weight of each prediction: text windows (some
    with a repeated stretch), then ``config.random_share`` of the batch in random repeats."""
    randoms = round(config.random_share * config.batch_size)
    batch, copied = training_batch(
        rng,
        streams,
        mix,
        config.batch_size - randoms,
        model.context_length,
        bos,
        config.repeat_share,
        config.min_period,
        config.max_period,
    )
    weights = np.where(copied, config.copy_weight, 1.0)
    if randoms:
        extra, extra_copied = random_repeats(
            rng,
            randoms,
            model.context_length,
            bos,
            FIRST_WORD,
            model.vocab_size,
            config.min_period,
            config.max_period,
        )
        batch = np.concatenate([batch, extra])
        # Only what copying can predict is trained on there: the first copy is random.
        weights = np.concatenate([weights, np.where(extra_copied, config.copy_weight, 0.0)])
    return batch, weights


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
        batch, weights = step_batch(rng, model, config, streams, mix, bos)
        loss, grads = loss_and_grads(params, batch, weights)
        adam.step(params, grads, learning_rate(config, step))
        losses.append(loss)
        done = step + 1
        if on_progress is not None and (done % report_every == 0 or done == config.steps):
            elapsed = time.perf_counter() - start
            on_progress(EnglishProgress(done, config.steps, float(np.mean(losses)), elapsed))
            losses.clear()
    return params
