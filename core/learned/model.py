"""A two-layer attention-only transformer: parameters, forward and backward pass.

The residual stream starts as token plus position embedding; every layer adds
the output of its heads; the unembedding turns the final stream into logits.
There are no MLPs, no layer norms and no biases, which keeps the gradient short
enough to write by hand and is the setting in which induction heads are usually
studied.

Arrays are batched: ``ids`` is (batch, n). Heads are vectorised with
reshapes so that every projection is one matrix product.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .config import ModelConfig

#: Parameter names and their shapes, in terms of the config.
PARAM_SHAPES: dict[str, Callable[[ModelConfig], tuple[int, ...]]] = {
    "embed": lambda c: (c.vocab_size, c.d_model),
    "pos_embed": lambda c: (c.context_length, c.d_model),
    "w_q": lambda c: (c.n_layers, c.d_model, c.n_heads, c.d_head),
    "w_k": lambda c: (c.n_layers, c.d_model, c.n_heads, c.d_head),
    "w_v": lambda c: (c.n_layers, c.d_model, c.n_heads, c.d_head),
    "w_o": lambda c: (c.n_layers, c.n_heads, c.d_head, c.d_model),
    "unembed": lambda c: (c.d_model, c.vocab_size),
}

Params = dict[str, np.ndarray]


def param_shapes(config: ModelConfig) -> dict[str, tuple[int, ...]]:
    """Shape of every parameter array of a model with this config."""
    return {name: shape(config) for name, shape in PARAM_SHAPES.items()}


def init_params(
    config: ModelConfig, rng: np.random.Generator, dtype: type[np.floating] = np.float32
) -> Params:
    """Random initial parameters.

    Embeddings are standard normal, so tokens and positions start nearly
    orthogonal. Projections are scaled by 1 / sqrt(fan-in) so that scores and
    logits start small (nearly uniform attention and predictions); the output
    projections start smaller still, so the embeddings dominate the residual
    stream at first.
    """
    d, h, k = config.d_model, config.n_heads, config.d_head
    scale = {
        "embed": 1.0,
        "pos_embed": 1.0,
        "w_q": d**-0.5,
        "w_k": d**-0.5,
        "w_v": d**-0.5,
        "w_o": 0.5 * (h * k) ** -0.5,
        "unembed": d**-0.5,
    }
    return {
        name: (rng.standard_normal(shape) * scale[name]).astype(dtype)
        for name, shape in param_shapes(config).items()
    }


@dataclass
class Cache:
    """What the backward pass needs from the forward pass (one list entry per layer)."""

    ids: np.ndarray
    streams: list[np.ndarray] = field(default_factory=list)  # (b*n, d) entering each layer
    qkv: list[np.ndarray] = field(default_factory=list)  # (3, b, h, n, k)
    weights: list[np.ndarray] = field(default_factory=list)  # (b, h, n, n)
    z: list[np.ndarray] = field(default_factory=list)  # (b*n, h*k), heads side by side


def _masked_softmax(scores: np.ndarray) -> np.ndarray:
    """Causal softmax over the last axis, in place; weights above the diagonal are exactly 0."""
    n = scores.shape[-1]
    # Adding -inf (rather than boolean indexing) is one fast pass; exp(-inf) is exactly 0.
    scores += np.triu(np.full((n, n), -np.inf, dtype=scores.dtype), k=1)
    scores -= scores.max(axis=-1, keepdims=True)  # the diagonal is always finite
    np.exp(scores, out=scores)
    scores *= 1 / scores.sum(axis=-1, keepdims=True)
    return scores


def _qkv_matrix(params: Params, layer: int) -> np.ndarray:
    """W_Q, W_K and W_V of a layer side by side, (d, 3*h*k): one product for all heads."""
    d = params["w_q"].shape[1]
    return np.concatenate([params[w][layer].reshape(d, -1) for w in ("w_q", "w_k", "w_v")], axis=1)


def forward(params: Params, ids: np.ndarray) -> tuple[np.ndarray, Cache]:
    """Logits for every position, and the cache for :func:`backward`.

    Parameters
    ----------
    params : dict of ndarray
    ids : ndarray of int, shape (batch, n)
        ``n`` at most the context length.

    Returns
    -------
    logits : ndarray, shape (batch, n, vocab_size)
        Position ``i`` predicts token ``i + 1``.
    cache : Cache
    """
    ids = np.asarray(ids)
    b, n = ids.shape
    if n > params["pos_embed"].shape[0]:
        raise ValueError(f"{n} tokens do not fit the context of {params['pos_embed'].shape[0]}")
    n_layers, d, h, k = params["w_q"].shape
    x = (params["embed"][ids] + params["pos_embed"][:n]).reshape(b * n, d)
    cache = Cache(ids)
    scale = np.asarray(k**-0.5, dtype=x.dtype)
    for layer in range(n_layers):
        # (b*n, 3*h*k) -> (3, b, h, n, k): queries, keys and values of every head.
        qkv = (x @ _qkv_matrix(params, layer)).reshape(b, n, 3, h, k).transpose(2, 0, 3, 1, 4)
        qkv = np.ascontiguousarray(qkv)
        q, keys, v = qkv
        weights = _masked_softmax((q * scale) @ keys.transpose(0, 1, 3, 2))
        z = (weights @ v).transpose(0, 2, 1, 3).reshape(b * n, h * k)
        cache.streams.append(x)
        cache.qkv.append(qkv)
        cache.weights.append(weights)
        cache.z.append(z)
        x = x + z @ params["w_o"][layer].reshape(h * k, d)
    cache.streams.append(x)
    return (x @ params["unembed"]).reshape(b, n, -1), cache


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def token_losses(params: Params, ids: np.ndarray) -> np.ndarray:
    """Cross-entropy of every next-token prediction.

    Returns
    -------
    ndarray, shape (batch, n - 1)
        Entry ``[b, t - 1]`` is ``-log p(ids[b, t] | ids[b, :t])``.
    """
    ids = np.asarray(ids)
    logits, _ = forward(params, ids)
    log_p = _log_softmax(logits[:, :-1])
    return -np.take_along_axis(log_p, ids[:, 1:, None], axis=-1)[..., 0]


def backward(params: Params, cache: Cache, d_logits: np.ndarray) -> Params:
    """Gradients of a scalar with respect to every parameter, given d scalar / d logits."""
    ids = cache.ids
    b, n = ids.shape
    n_layers, d, h, k = params["w_q"].shape
    scale = np.asarray(k**-0.5, dtype=d_logits.dtype)
    d_logits = d_logits.reshape(b * n, -1)
    grads = {"unembed": cache.streams[-1].T @ d_logits}
    dx = d_logits @ params["unembed"].T  # gradient on the residual stream, (b*n, d)
    for name in ("w_q", "w_k", "w_v", "w_o"):
        grads[name] = np.zeros_like(params[name])
    for layer in reversed(range(n_layers)):
        q, keys, v = cache.qkv[layer]
        weights = cache.weights[layer]
        w_o = params["w_o"][layer].reshape(h * k, d)
        grads["w_o"][layer] = (cache.z[layer].T @ dx).reshape(h, k, d)
        dz = (dx @ w_o.T).reshape(b, n, h, k).transpose(0, 2, 1, 3)
        d_qkv = np.empty_like(cache.qkv[layer])
        np.matmul(weights.transpose(0, 1, 3, 2), dz, out=d_qkv[2])
        d_weights = dz @ v.transpose(0, 1, 3, 2)
        # Softmax backward; masked weights are 0, so their scores get no gradient.
        d_weights -= (d_weights * weights).sum(axis=-1, keepdims=True)
        d_scores = np.multiply(d_weights, weights, out=d_weights)
        d_scores *= scale
        np.matmul(d_scores, keys, out=d_qkv[0])
        np.matmul(d_scores.transpose(0, 1, 3, 2), q, out=d_qkv[1])
        d_flat = d_qkv.transpose(1, 3, 0, 2, 4).reshape(b * n, 3 * h * k)
        d_w = (cache.streams[layer].T @ d_flat).reshape(d, 3, h, k)
        for i, name in enumerate(("w_q", "w_k", "w_v")):
            grads[name][layer] = d_w[:, i]
        dx = dx + d_flat @ _qkv_matrix(params, layer).T
    grads["pos_embed"] = np.zeros_like(params["pos_embed"])
    grads["pos_embed"][:n] = dx.reshape(b, n, d).sum(axis=0)
    grads["embed"] = _embedding_grad(ids.reshape(-1), dx, params["embed"].shape[0])
    return {name: grads[name] for name in params}


#: Largest vocabulary whose embedding gradient is summed with a one-hot product.
ONE_HOT_VOCAB = 256


def _embedding_grad(ids: np.ndarray, dx: np.ndarray, vocab_size: int) -> np.ndarray:
    """Sum of the stream gradients of every position, per token id: (vocab_size, d)."""
    if vocab_size <= ONE_HOT_VOCAB:
        # One-hot product rather than np.add.at: the same sum, much faster for a small vocabulary.
        one_hot = np.eye(vocab_size, dtype=dx.dtype)[ids]
        return one_hot.T @ dx
    # For thousands of words the one-hot product costs as much as the unembedding:
    # sort the positions by id and add up each run instead.
    order = np.argsort(ids, kind="stable")
    sorted_ids = ids[order]
    starts = np.flatnonzero(np.r_[True, sorted_ids[1:] != sorted_ids[:-1]])
    grad = np.zeros((vocab_size, dx.shape[1]), dtype=dx.dtype)
    grad[sorted_ids[starts]] = np.add.reduceat(dx[order], starts, axis=0)
    return grad


def loss_and_grads(
    params: Params, ids: np.ndarray, weights: np.ndarray | None = None
) -> tuple[float, Params]:
    """Weighted mean next-token cross-entropy and its gradient.

    Parameters
    ----------
    params : dict of ndarray
    ids : ndarray of int, shape (batch, n)
    weights : ndarray, shape (batch, n - 1), optional
        Weight of each prediction (entry ``t - 1`` is the prediction of token
        ``t``); all 1 by default. The loss is ``sum(w * nll) / sum(w)``.

    Returns
    -------
    loss : float
    grads : dict of ndarray
        Same keys, shapes and dtypes as ``params``.
    """
    ids = np.asarray(ids)
    logits, cache = forward(params, ids)
    log_p = _log_softmax(logits[:, :-1])
    w = np.ones(log_p.shape[:2]) if weights is None else np.asarray(weights, dtype=np.float64)
    w = (w / max(float(w.sum()), 1e-12)).astype(logits.dtype)
    targets = ids[:, 1:, None]
    loss = float(-(np.take_along_axis(log_p, targets, axis=-1)[..., 0] * w).sum())
    # d loss / d logits = w * (softmax - one-hot).
    d_pred = np.exp(log_p)
    np.put_along_axis(d_pred, targets, np.take_along_axis(d_pred, targets, -1) - 1, -1)
    d_logits = np.zeros_like(logits)
    d_logits[:, :-1] = d_pred * w[..., None]
    return loss, backward(params, cache, d_logits)
