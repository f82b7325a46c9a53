"""Model presets and the arithmetic of cutting model width into heads."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    """A real model's attention shape."""

    id: str
    name: str
    d_model: int
    n_heads: int

    @property
    def d_k(self) -> int:
        """Width of one head."""
        return head_width(self.d_model, self.n_heads)


PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        Preset("transformer_base", "Transformer base", 512, 8),
        Preset("gpt2_small", "GPT-2 small", 768, 12),
        Preset("gpt3_175b", "GPT-3 175B", 12288, 96),
    )
}


def _check_positive(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive whole number, got {value!r}")


def valid_head_counts(d_model: int) -> tuple[int, ...]:
    """Every head count that divides ``d_model`` evenly, smallest first."""
    _check_positive("d_model", d_model)
    small = [h for h in range(1, int(d_model**0.5) + 1) if d_model % h == 0]
    large = [d_model // h for h in reversed(small) if h * h != d_model]
    return tuple(small + large)


def head_width(d_model: int, n_heads: int) -> int:
    """d_k = d_model / h; refuses a head count that does not divide d_model."""
    _check_positive("d_model", d_model)
    _check_positive("n_heads", n_heads)
    if d_model % n_heads:
        raise ValueError(f"{n_heads} heads do not divide d_model = {d_model}")
    return d_model // n_heads


def projection_weights(d_model: int, n_heads: int, n_kv_heads: int | None = None) -> int:
    """Weights in W_Q, W_K, W_V and W_O of one attention layer (no biases).

    With one key/value head per query head (standard attention) this is
    ``4 * d_model**2`` whatever the head count. With fewer key/value heads
    (grouped-query attention; multi-query when there is one), W_K and W_V
    shrink to ``d_model x (n_kv_heads * d_k)`` each.
    """
    d_k = head_width(d_model, n_heads)
    if n_kv_heads is None:
        n_kv_heads = n_heads
    _check_positive("n_kv_heads", n_kv_heads)
    if n_heads % n_kv_heads:
        raise ValueError(
            f"{n_kv_heads} key/value heads cannot be shared evenly by {n_heads} query heads"
        )
    return 2 * d_model * d_model + 2 * d_model * n_kv_heads * d_k
