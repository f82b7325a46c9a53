"""Adam, with global gradient-norm clipping and optional decoupled weight decay."""

from __future__ import annotations

import numpy as np


class Adam:
    """Adam optimiser (Kingma and Ba, 2015) updating a dict of arrays in place.

    Parameters
    ----------
    params : dict of ndarray
        The arrays to update; the moments take their shapes and dtypes.
    beta1, beta2, eps : float
        The usual Adam constants.
    clip_norm : float or None
        If set, gradients whose global norm exceeds it are scaled down to it
        first, so a rare bad batch cannot throw the model off.
    weight_decay : float
        Decoupled weight decay (AdamW, Loshchilov and Hutter, 2019) on the matrices,
        not on vectors such as biases and layer-norm gains: each step shrinks a matrix
        by ``lr * weight_decay`` of itself. 0 leaves plain Adam, bit for bit.
    """

    def __init__(
        self,
        params: dict[str, np.ndarray],
        beta1: float = 0.9,
        beta2: float = 0.99,
        eps: float = 1e-8,
        clip_norm: float | None = None,
        weight_decay: float = 0.0,
    ) -> None:
        self.beta1, self.beta2, self.eps, self.clip_norm = beta1, beta2, eps, clip_norm
        self.weight_decay = weight_decay
        self.m = {name: np.zeros_like(p) for name, p in params.items()}
        self.v = {name: np.zeros_like(p) for name, p in params.items()}
        self.t = 0

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray], lr: float) -> float:
        """Apply one update in place; return the gradient norm before clipping."""
        norm = float(np.sqrt(sum(float(np.vdot(g, g)) for g in grads.values())))
        factor = 1.0
        if self.clip_norm is not None and norm > self.clip_norm:
            factor = self.clip_norm / norm
        self.t += 1
        # Bias corrections folded into the step size.
        step = lr * np.sqrt(1 - self.beta2**self.t) / (1 - self.beta1**self.t)
        for name, p in params.items():
            g = grads[name] * np.asarray(factor, dtype=p.dtype)
            m, v = self.m[name], self.v[name]
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            if self.weight_decay and p.ndim >= 2:
                p *= np.asarray(1 - lr * self.weight_decay, dtype=p.dtype)
            p -= np.asarray(step, dtype=p.dtype) * m / (np.sqrt(v) + np.asarray(self.eps, p.dtype))
        return norm
