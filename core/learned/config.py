"""The shape of the learned model and how it is trained."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..tokens import MAX_TOKENS


@dataclass(frozen=True)
class ModelConfig:
    """Sizes of a small attention-only transformer.

    Parameters
    ----------
    vocab_size : int
        Number of token ids. At least ``context_length``, so every word of a
        sentence the app accepts can get its own id.
    context_length : int
        Longest sequence; shorter ones work too (the model is causal).
    d_model : int
        Width of the residual stream. Twice the vocabulary leaves room for a
        token and, copied in by the previous-token head, the token before it
        (at d_model = vocab_size = 64, an early version found induction through
        a duplicate-token head instead and no previous-token head formed).
    n_layers, n_heads, d_head : int
        Attention layers, heads per layer, width of one head. With 2 heads per
        layer one head of layer 1 takes the whole previous-token job; with 4
        it was shared out and no single head scored high.
    """

    vocab_size: int = MAX_TOKENS
    context_length: int = MAX_TOKENS
    d_model: int = 128
    n_layers: int = 2
    n_heads: int = 2
    d_head: int = 32

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{f.name} must be a positive integer, got {value!r}")
        if self.vocab_size < self.context_length:
            raise ValueError(
                f"vocab_size ({self.vocab_size}) must be at least context_length "
                f"({self.context_length}) so that every word can get its own id"
            )

    def to_dict(self) -> dict[str, int]:
        """Plain dict, for JSON."""
        return asdict(self)


@dataclass(frozen=True)
class TrainConfig:
    """How to train: the model, the data and the optimiser.

    Parameters
    ----------
    model : ModelConfig
    steps : int
        Optimiser steps.
    batch_size : int
        Sequences per step.
    learning_rate : float
        Adam step size after warm-up.
    warmup_steps : int
        Steps over which the step size rises linearly from 0.
    min_period, max_period : int
        Range of the length of the repeated segment. Varying it (and where the
        repeat starts) stops the model from learning a positional shortcut.
    random_token_weight : float
        Loss weight of tokens that cannot be predicted (everything but the
        second copy), relative to 1 for the copied ones. Below 1 it makes the
        copying signal stand out from the noise of random targets (the heads
        form in about half the steps); above 0 it keeps predictions on random
        tokens close to a uniform guess.
    clip_norm : float
        Largest global gradient norm; larger gradients are scaled down.
    report_every : int
        Steps between progress reports (and evaluations of the scores).
    eval_period : int
        Period of the fixed evaluation batch behind the reported scores.
    """

    model: ModelConfig = ModelConfig()
    steps: int = 2000
    batch_size: int = 16
    learning_rate: float = 3e-3
    warmup_steps: int = 50
    min_period: int = 4
    max_period: int = MAX_TOKENS // 2
    random_token_weight: float = 0.1
    clip_norm: float = 1.0
    report_every: int = 25
    eval_period: int = MAX_TOKENS // 2

    def __post_init__(self) -> None:
        for name in ("steps", "batch_size", "report_every", "min_period", "eval_period"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)}")
        if not self.min_period <= self.max_period <= self.model.context_length // 2:
            raise ValueError(
                "need min_period <= max_period <= context_length // 2, got "
                f"{self.min_period}, {self.max_period}, {self.model.context_length}"
            )
        if 2 * self.eval_period > self.model.context_length:
            raise ValueError(f"eval_period {self.eval_period} does not fit twice in the context")
        if self.learning_rate <= 0 or self.clip_norm <= 0:
            raise ValueError("learning_rate and clip_norm must be positive")
        if self.warmup_steps < 0 or self.random_token_weight < 0:
            raise ValueError("warmup_steps and random_token_weight must not be negative")

    def to_dict(self) -> dict[str, Any]:
        """Plain nested dict, for JSON."""
        return asdict(self)


#: Training for the window's "train from scratch": both scores pass 0.6 after
#: about 1000 steps (some 12 s with one BLAS thread on this project's 2-core
#: machine); the loss drops sharply a little before.
QUICK_TRAINING = TrainConfig()

#: Training of the shipped weights (resources/models/induction_2layer.npz); the
#: extra steps sharpen the heads past 0.8.
SHIPPED_TRAINING = replace(QUICK_TRAINING, steps=4000, report_every=100)
SHIPPED_SEED = 0
