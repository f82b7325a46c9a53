"""The causal mask: which keys a query may not see."""

from __future__ import annotations

import numpy as np


def causal_mask(n: int) -> np.ndarray:
    """Boolean (n, n) array, True where the key comes after the query (j > i)."""
    if n < 0:
        raise ValueError(f"a mask needs a non-negative size, got {n}")
    return np.triu(np.ones((n, n), dtype=bool), k=1)
