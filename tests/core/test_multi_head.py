"""Real multi-head attention against a plain per-head version of the formulas."""

import numpy as np
import pytest

import core


def per_head_reference(x, w_q, w_k, w_v, w_o, h, causal):
    n, d = x.shape
    d_k = d // h
    outputs, patterns = [], []
    for i in range(h):
        cols = slice(i * d_k, (i + 1) * d_k)
        q, k, v = x @ w_q[:, cols], x @ w_k[:, cols], x @ w_v[:, cols]
        s = q @ k.T / np.sqrt(d_k)
        if causal:
            s = s + np.where(np.triu(np.ones((n, n)), 1) > 0, -np.inf, 0.0)
        e = np.exp(s - s.max(axis=1, keepdims=True))
        a = e / e.sum(axis=1, keepdims=True)
        patterns.append(a)
        outputs.append(a @ v)
    return np.concatenate(outputs, axis=1) @ w_o, np.stack(patterns)


def random_layer(rng, n, d, dtype):
    x = rng.normal(size=(n, d)).astype(dtype)
    ws = [(rng.normal(size=(d, d)) / np.sqrt(d)).astype(dtype) for _ in range(4)]
    return x, ws


@pytest.mark.parametrize(("dtype", "tol"), [(np.float64, 1e-10), (np.float32, 2e-4)])
@pytest.mark.parametrize("causal", [True, False])
@pytest.mark.parametrize(("d", "h"), [(24, 1), (24, 4), (24, 24), (64, 8)])
def test_matches_the_per_head_formulas(dtype, tol, causal, d, h):
    rng = np.random.default_rng(d * h)
    x, ws = random_layer(rng, 9, d, dtype)
    out, weights = core.multi_head_attention(x, *ws, n_heads=h, causal=causal)
    ref_out, ref_w = per_head_reference(
        x.astype(np.float64), *(w.astype(np.float64) for w in ws), h, causal
    )
    assert out.dtype == dtype and weights.dtype == dtype
    assert out.shape == (9, d) and weights.shape == (h, 9, 9)
    np.testing.assert_allclose(weights, ref_w, atol=tol)
    np.testing.assert_allclose(out, ref_out, atol=tol * 10)


def test_with_the_mask_an_output_ignores_later_tokens():
    rng = np.random.default_rng(7)
    x, ws = random_layer(rng, 12, 32, np.float64)
    out, _ = core.multi_head_attention(x, *ws, n_heads=4)
    changed = x.copy()
    changed[6:] = rng.normal(size=(6, 32))
    out2, _ = core.multi_head_attention(changed, *ws, n_heads=4)
    np.testing.assert_array_equal(out[:6], out2[:6])
    assert not np.allclose(out[6:], out2[6:])
    unmasked, _ = core.multi_head_attention(x, *ws, n_heads=4, causal=False)
    unmasked2, _ = core.multi_head_attention(changed, *ws, n_heads=4, causal=False)
    assert not np.allclose(unmasked[:6], unmasked2[:6])


def test_bad_shapes_and_head_counts_are_refused():
    x, ws = random_layer(np.random.default_rng(0), 3, 12, np.float64)
    with pytest.raises(ValueError, match="do not divide"):
        core.multi_head_attention(x, *ws, n_heads=5)
    with pytest.raises(ValueError, match="w_k"):
        core.multi_head_attention(x, ws[0], ws[1][:, :6], ws[2], ws[3], n_heads=2)
