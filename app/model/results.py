"""Immutable snapshots the controller publishes and the panels draw."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import core
from core.readout import Focus


@dataclass(frozen=True)
class AttentionResult:
    """Everything about the sentence, the heads and the query, computed once."""

    tokens: tuple[str, ...]
    head_id: str
    query: int
    causal: bool
    weights: dict[str, np.ndarray]  # head id -> (n, n), read-only
    focus: Focus  # where the query looks most; the words for it are the text layer's
    met_challenges: frozenset[str]  # challenges this very state satisfies

    @property
    def focus_keys(self) -> tuple[int, ...]:
        return self.focus.keys

    @property
    def focus_weight(self) -> float:
        return self.focus.weight

    @property
    def selected(self) -> np.ndarray:
        """Weights of the selected head."""
        return self.weights[self.head_id]

    @property
    def query_row(self) -> np.ndarray:
        return self.selected[self.query]

    @property
    def hidden(self) -> np.ndarray:
        """Boolean (n, n): cells the mask hides (all False with the mask off)."""
        n = len(self.tokens)
        return core.causal_mask(n) if self.causal else np.zeros((n, n), dtype=bool)


@dataclass(frozen=True)
class ShapeResult:
    """The arithmetic of one attention layer of the chosen model shape."""

    preset_id: str
    d_model: int
    n_heads: int
    n_kv_heads: int
    d_k: int
    head_counts: tuple[int, ...]  # every h that divides d_model
    kv_head_counts: tuple[int, ...]  # every KV-head count that divides h
    projection_weights: int  # with the chosen KV heads
    standard_weights: int  # 4 x d_model^2


def compute_attention(
    tokens: tuple[str, ...],
    head_id: str,
    query: int,
    causal: bool,
    previous: AttentionResult | None = None,
) -> AttentionResult:
    """All five heads on the sentence, plus where the query looks on the selected one.

    The weights of ``previous`` are reused when only the head or the query moved.
    """
    if previous is not None and previous.tokens == tokens and previous.causal == causal:
        weights = previous.weights
    else:
        weights = {hid: _frozen(core.head_weights(hid, tokens, causal)) for hid in core.HEADS}
    return AttentionResult(
        tokens=tokens,
        head_id=head_id,
        query=query,
        causal=causal,
        weights=weights,
        focus=core.focus(weights[head_id], query),
        met_challenges=core.challenges.met_challenges(tokens, head_id, causal, query),
    )


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


def compute_shape(preset_id: str, n_heads: int, n_kv_heads: int) -> ShapeResult:
    d_model = core.PRESETS[preset_id].d_model
    return ShapeResult(
        preset_id=preset_id,
        d_model=d_model,
        n_heads=n_heads,
        n_kv_heads=n_kv_heads,
        d_k=core.head_width(d_model, n_heads),
        head_counts=core.valid_head_counts(d_model),
        kv_head_counts=core.valid_head_counts(n_heads),
        projection_weights=core.projection_weights(d_model, n_heads, n_kv_heads),
        standard_weights=core.projection_weights(d_model, n_heads),
    )
