"""GPT-2's forward pass in NumPy, keeping every head's attention weights.

The architecture of Radford et al. (2019), as the Hugging Face weights store it: token
plus position embedding; per layer, a layer norm before the attention (one projection
makes the queries, keys and values of every head at once), the causal softmax per
head, the output projection back into the residual stream, then a layer norm before
the MLP (GELU in its tanh form); a final layer norm, and the unembedding.

Vectorised: one matrix product per projection for all tokens (and all heads), no
Python loop over tokens or heads; the only loop is over the layers, which run in turn.
Every operation stays in the weights' type (float32 for the page, float64 for tests):
constants are Python floats, which NumPy does not let widen an array.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .errors import TooLongError
from .model import GPT2Model

#: sqrt(2 / pi), GELU's tanh form's factor.
_GELU_SCALE = math.sqrt(2.0 / math.pi)


@dataclass(frozen=True, eq=False)
class Forward:
    """The model on one sequence of ids.

    Attributes
    ----------
    weights : ndarray, shape (n_layer, n_head, n, n)
        Every head's attention; rows (queries) sum to 1, exactly 0 above the diagonal.
    final : ndarray, shape (n, n_embd)
        The residual stream after the final layer norm: what the unembedding reads.
    logits : ndarray, shape (n, vocab_size), or None
        The next-token scores at every position, unless they were not asked for.
    """

    weights: np.ndarray
    final: np.ndarray
    logits: np.ndarray | None


def layer_norm(x: np.ndarray, gain: np.ndarray, bias: np.ndarray, epsilon: float) -> np.ndarray:
    """Each row normalised to mean 0 and variance 1, then scaled and shifted."""
    centred = x - x.mean(axis=-1, keepdims=True)
    variance = np.mean(np.square(centred), axis=-1, keepdims=True)
    centred /= np.sqrt(variance + epsilon)
    centred *= gain
    centred += bias
    return centred


def _activate(hidden: np.ndarray, activation: str) -> np.ndarray:
    """The MLP's activation, in place: GELU's tanh form, or ReLU."""
    if activation == "relu":
        return np.maximum(hidden, 0.0, out=hidden)
    inner = np.square(hidden)
    inner *= 0.044715
    inner += 1.0
    inner *= hidden
    inner *= _GELU_SCALE  # sqrt(2/pi) * (x + 0.044715 x^3)
    np.tanh(inner, out=inner)
    inner += 1.0
    inner *= hidden
    inner *= 0.5
    return inner


def _attention(
    model: GPT2Model, layer: int, x: np.ndarray, future: np.ndarray, out: np.ndarray
) -> np.ndarray:
    """One layer's attention, its weights written into ``out`` (n_head, n, n); returns what
    it adds to the residual stream."""
    c, p = model.config, model.params
    n, h, k = len(x), c.n_head, c.d_head
    before = f"h.{layer}."
    normed = layer_norm(x, p[before + "ln_1.weight"], p[before + "ln_1.bias"], c.layer_norm_epsilon)
    qkv = normed @ p[before + "attn.c_attn.weight"]
    qkv += p[before + "attn.c_attn.bias"]
    q, keys, v = qkv.reshape(n, 3, h, k).transpose(1, 2, 0, 3)  # each (heads, n, d_head)
    np.matmul(q, keys.transpose(0, 2, 1), out=out)
    scale = 1.0 / math.sqrt(k) if c.scale_attn_weights else 1.0
    if c.scale_attn_by_inverse_layer_idx:
        scale /= layer + 1
    out *= scale
    out += future
    out -= out.max(axis=-1, keepdims=True)
    np.exp(out, out=out)
    out /= out.sum(axis=-1, keepdims=True)
    mixed = (out @ v).transpose(1, 0, 2).reshape(n, c.n_embd)
    added = mixed @ p[before + "attn.c_proj.weight"]
    added += p[before + "attn.c_proj.bias"]
    return added


def _mlp(model: GPT2Model, layer: int, x: np.ndarray) -> np.ndarray:
    c, p = model.config, model.params
    before = f"h.{layer}."
    normed = layer_norm(x, p[before + "ln_2.weight"], p[before + "ln_2.bias"], c.layer_norm_epsilon)
    hidden = normed @ p[before + "mlp.c_fc.weight"]
    hidden += p[before + "mlp.c_fc.bias"]
    added = _activate(hidden, c.activation) @ p[before + "mlp.c_proj.weight"]
    added += p[before + "mlp.c_proj.bias"]
    return added


def check_ids(model: GPT2Model, ids: np.ndarray) -> np.ndarray:
    """``ids`` as a 1-D integer array the model can read.

    Raises
    ------
    TooLongError
        More ids than the model has positions.
    ValueError
        No ids, or an id outside the vocabulary.
    """
    ids = np.asarray(ids)
    if ids.ndim != 1 or len(ids) == 0 or not np.issubdtype(ids.dtype, np.integer):
        raise ValueError("the model reads a non-empty sequence of token ids")
    if len(ids) > model.config.n_positions:
        raise TooLongError(len(ids), model.config.n_positions)
    if ids.min() < 0 or ids.max() >= model.config.vocab_size:
        raise ValueError(f"token ids must lie in 0 .. {model.config.vocab_size - 1}")
    return ids


def forward(
    model: GPT2Model,
    ids: np.ndarray,
    logits: bool = True,
    progress: Callable[[str, int, int], None] | None = None,
) -> Forward:
    """Run ``model`` on ``ids`` (1-D, the start token included if wanted), in its weights' type.

    ``logits`` False leaves the unembedding of every position out (a page needs one row
    of it, :func:`next_token_probabilities`); ``progress("run", layer, n_layer)`` hears
    of each layer done.
    """
    ids = check_ids(model, ids)
    c, p = model.config, model.params
    n, dtype = len(ids), model.dtype
    x = p["wte.weight"][ids] + p["wpe.weight"][:n]
    future = np.triu(np.full((n, n), -np.inf, dtype=dtype), k=1)
    weights = np.empty((c.n_layer, c.n_head, n, n), dtype=dtype)
    for layer in range(c.n_layer):
        x += _attention(model, layer, x, future, weights[layer])
        x += _mlp(model, layer, x)
        if progress is not None:
            progress("run", layer + 1, c.n_layer)
    final = layer_norm(x, p["ln_f.weight"], p["ln_f.bias"], c.layer_norm_epsilon)
    weights.flags.writeable = False
    return Forward(weights, final, final @ model.unembed.T if logits else None)


def next_token_probabilities(model: GPT2Model, final_row: np.ndarray) -> np.ndarray:
    """(vocab_size,) float64: the softmax of one position's logits."""
    logits = (final_row @ model.unembed.T).astype(np.float64)
    logits -= logits.max()
    probabilities = np.exp(logits)
    probabilities /= probabilities.sum()
    return probabilities
