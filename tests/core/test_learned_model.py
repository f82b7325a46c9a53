"""The learned model's maths: gradients, causality, shapes."""

import subprocess
import sys

import numpy as np
import pytest

from core.learned import ModelConfig, forward, init_params, loss_and_grads, param_shapes

TINY = ModelConfig(vocab_size=11, context_length=11, d_model=8, n_layers=2, n_heads=2, d_head=3)


def tiny_params(seed=0, dtype=np.float64):
    params = init_params(TINY, np.random.default_rng(seed), dtype)
    # Larger than at initialisation, so attention is far from uniform and every
    # term of the gradient matters.
    return {name: value * 2 for name, value in params.items()}


def test_gradients_match_finite_differences():
    rng = np.random.default_rng(1)
    params = tiny_params()
    ids = rng.integers(TINY.vocab_size, size=(3, 9))
    weights = rng.random((3, 8))
    _, grads = loss_and_grads(params, ids, weights)
    eps = 1e-6
    for name, value in params.items():
        flat, grad = value.reshape(-1), grads[name].reshape(-1)
        for index in rng.choice(flat.size, size=min(flat.size, 12), replace=False):
            old = flat[index]
            flat[index] = old + eps
            plus, _ = loss_and_grads(params, ids, weights)
            flat[index] = old - eps
            minus, _ = loss_and_grads(params, ids, weights)
            flat[index] = old
            numeric = (plus - minus) / (2 * eps)
            assert grad[index] == pytest.approx(numeric, rel=1e-5, abs=1e-8), (name, index)


def test_gradients_have_the_shapes_and_dtype_of_the_params():
    params = init_params(TINY, np.random.default_rng(0), np.float32)
    _, grads = loss_and_grads(params, np.zeros((2, 5), dtype=int))
    assert {k: (v.shape, v.dtype) for k, v in grads.items()} == {
        k: (v.shape, v.dtype) for k, v in params.items()
    }


def test_init_is_deterministic_and_float32_by_default():
    a = init_params(TINY, np.random.default_rng(5))
    b = init_params(TINY, np.random.default_rng(5))
    assert all(np.array_equal(a[k], b[k]) and a[k].dtype == np.float32 for k in a)
    assert {k: v.shape for k, v in a.items()} == param_shapes(TINY)


def test_future_tokens_do_not_change_earlier_logits():
    params = tiny_params()
    ids = np.array([[1, 2, 3, 4, 5, 6]])
    changed = ids.copy()
    changed[0, 4:] = [9, 10]
    before, _ = forward(params, ids)
    after, _ = forward(params, changed)
    np.testing.assert_array_equal(before[0, :4], after[0, :4])
    assert not np.allclose(before[0, 4:], after[0, 4:])


def test_a_short_sequence_gives_the_prefix_of_a_long_one():
    params = tiny_params()
    ids = np.random.default_rng(2).integers(TINY.vocab_size, size=(1, TINY.context_length))
    full, _ = forward(params, ids)
    short, _ = forward(params, ids[:, :3])
    np.testing.assert_allclose(short, full[:, :3], rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize(
    "kwargs",
    [{"vocab_size": 10, "context_length": 64}, {"d_model": 0}, {"n_heads": 1.5}],
)
def test_model_config_refuses_bad_sizes(kwargs):
    with pytest.raises(ValueError):
        ModelConfig(**kwargs)


def test_importing_the_learned_package_loads_no_qt():
    code = (
        "import sys, core.learned; "
        "print([m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6', 'pyqtgraph', 'app')])"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
