"""GPT-2's forward pass in NumPy against an independent float64 reference written here.

The reference reads the folder with the libraries directly (``safetensors.numpy.load_file``,
``tokenizers``) and computes the architecture the slow way: per layer, per head, per
query, with the formulas as the GPT-2 paper and Hugging Face's ``modeling_gpt2`` write
them. Every head's weights and the final logits must agree to 1e-9 in float64.
"""

import json
import math

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from tokenizers import Tokenizer, decoders, models, pre_tokenizers

from core.gpt2 import analyse, analyse_repeats, forward, open_model
from tests.gpt2_folders import random_weights, write_gpt2_folder

LESSON = "the cat chased the mouse. the cat chased the"
MARY = "When Mary and John went to the store, John gave a drink to"


def reference_tokenizer(folder):
    if (folder / "tokenizer.json").exists():
        return Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer = Tokenizer(
        models.BPE.from_file(str(folder / "vocab.json"), str(folder / "merges.txt"))
    )
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    return tokenizer


def reference(folder, text):
    """(weights (layers, heads, n, n), logits (n, vocab), ids): the slow float64 way."""
    config = json.loads((folder / "config.json").read_text())
    t = {
        name.removeprefix("transformer."): array.astype(np.float64)
        for name, array in load_file(str(folder / "model.safetensors")).items()
    }
    ids = [config["bos_token_id"], *reference_tokenizer(folder).encode(text).ids]
    n, d, heads = len(ids), config["n_embd"], config["n_head"]
    dh, eps = d // heads, config["layer_norm_epsilon"]

    def norm(v, name):
        mean = v.mean(axis=-1, keepdims=True)
        var = ((v - mean) ** 2).mean(axis=-1, keepdims=True)
        return (v - mean) / np.sqrt(var + eps) * t[f"{name}.weight"] + t[f"{name}.bias"]

    def act(v):
        if config["activation_function"] == "relu":
            return np.maximum(v, 0)
        return 0.5 * v * (1 + np.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v**3)))

    x = t["wte.weight"][ids] + t["wpe.weight"][np.arange(n)]
    weights = np.zeros((config["n_layer"], heads, n, n))
    for layer in range(config["n_layer"]):
        a = norm(x, f"h.{layer}.ln_1")
        w, b = t[f"h.{layer}.attn.c_attn.weight"], t[f"h.{layer}.attn.c_attn.bias"]
        outputs = []
        for h in range(heads):
            cols = [slice(part * d + h * dh, part * d + (h + 1) * dh) for part in range(3)]
            q, k, v = (a @ w[:, c] + b[c] for c in cols)
            for i in range(n):
                s = np.array([q[i] @ k[j] for j in range(i + 1)]) / math.sqrt(dh)
                if config.get("scale_attn_by_inverse_layer_idx"):
                    s = s / (layer + 1)
                e = np.exp(s - s.max())
                weights[layer, h, i, : i + 1] = e / e.sum()
            outputs.append(weights[layer, h] @ v)
        z = np.concatenate(outputs, axis=1)
        x = x + z @ t[f"h.{layer}.attn.c_proj.weight"] + t[f"h.{layer}.attn.c_proj.bias"]
        m = norm(x, f"h.{layer}.ln_2")
        hidden = act(m @ t[f"h.{layer}.mlp.c_fc.weight"] + t[f"h.{layer}.mlp.c_fc.bias"])
        x = x + hidden @ t[f"h.{layer}.mlp.c_proj.weight"] + t[f"h.{layer}.mlp.c_proj.bias"]
    unembed = t.get("lm_head.weight", t["wte.weight"])
    return weights, norm(x, "ln_f") @ unembed.T, np.array(ids)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return write_gpt2_folder(tmp_path_factory.mktemp("gpt2") / "tiny", n_layer=3, n_head=4)


@pytest.mark.parametrize("text", [LESSON, MARY, "Bär 😀 naïve, x"])
def test_every_head_and_the_logits_match_the_reference_to_1e9(folder, text):
    model = open_model(folder, dtype=np.float64)
    expected_weights, expected_logits, ids = reference(folder, text)
    run = analyse(model, text)
    assert run.ids.tolist() == ids.tolist()
    assert run.weights.shape == (3, 4, len(ids), len(ids))
    np.testing.assert_allclose(run.weights, expected_weights, rtol=0, atol=1e-9)
    out = forward(model, run.ids)
    np.testing.assert_allclose(out.logits, expected_logits, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(out.weights, run.weights)
    assert np.all(np.triu(run.weights, k=1) == 0)  # exactly nothing on the future


@pytest.mark.parametrize(
    ("options", "extra"),
    [
        ({"tokenizer": "bpe"}, {}),  # vocab.json and merges.txt instead of tokenizer.json
        ({"prefix": "transformer."}, {}),  # names as GPT2LMHeadModel's state dict has them
        ({}, {"scale_attn_by_inverse_layer_idx": True}),
        ({}, {"activation_function": "relu"}),
        ({}, {"activation_function": "gelu_pytorch_tanh", "n_inner": 40}),
    ],
)
def test_the_variants_of_the_family_match_too(tmp_path, options, extra):
    folder = write_gpt2_folder(tmp_path / "m", config_extra=extra, **options)
    model = open_model(folder, dtype=np.float64)
    expected_weights, expected_logits, ids = reference(folder, MARY)
    out = forward(model, ids)
    np.testing.assert_allclose(out.weights, expected_weights, rtol=0, atol=1e-9)
    np.testing.assert_allclose(out.logits, expected_logits, rtol=0, atol=1e-9)


def test_an_unembedding_of_its_own_is_used(tmp_path):
    folder = write_gpt2_folder(tmp_path / "m")
    config = json.loads((folder / "config.json").read_text())
    tensors = random_weights(config, seed=3)
    tensors["lm_head.weight"] = (
        np.random.default_rng(4).standard_normal(tensors["wte.weight"].shape).astype(np.float32)
    )
    save_file(tensors, str(folder / "model.safetensors"))
    model = open_model(folder, dtype=np.float64)
    _, expected_logits, ids = reference(folder, LESSON)
    np.testing.assert_allclose(forward(model, ids).logits, expected_logits, rtol=0, atol=1e-9)


def test_float32_is_the_default_and_stays_float32_close_to_float64(folder):
    single, double = open_model(folder), open_model(folder, dtype=np.float64)
    assert single.dtype == np.float32
    ids = analyse(single, LESSON).ids
    a, b = forward(single, ids), forward(double, ids)
    assert a.weights.dtype == a.logits.dtype == a.final.dtype == np.float32
    np.testing.assert_allclose(a.weights, b.weights, rtol=0, atol=2e-5)
    np.testing.assert_allclose(a.logits, b.logits, rtol=0, atol=2e-4)


def test_rows_sum_to_one_and_the_result_cannot_be_written(folder):
    run = analyse_repeats(open_model(folder))
    np.testing.assert_allclose(run.weights.sum(axis=-1), 1.0, atol=1e-5)
    with pytest.raises(ValueError):
        run.weights[0, 0, 0, 0] = 0.5


def test_the_guesses_are_the_softmax_of_the_logits(folder):
    model = open_model(folder, dtype=np.float64)
    run = analyse(model, LESSON)
    logits = forward(model, run.ids).logits[-1]
    p = np.exp(logits - logits.max())
    p /= p.sum()
    guesses = run.guesses(run.n_tokens - 1, count=5)
    assert [g.id for g in guesses] == np.argsort(-p, kind="stable")[:5].tolist()
    assert [g.probability for g in guesses] == pytest.approx(np.sort(p)[::-1][:5], abs=1e-12)
    assert guesses[0].text == model.tokenizer.decode([guesses[0].id])


@pytest.mark.slow
def test_against_the_reference_implementation_where_it_is_installed(tmp_path):
    """transformers and torch, when both are installed (they are not the program's)."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    folder = write_gpt2_folder(tmp_path / "m", n_layer=2, n_head=3)
    reference_model = transformers.GPT2LMHeadModel.from_pretrained(
        str(folder), attn_implementation="eager", torch_dtype=torch.float64
    ).eval()
    model = open_model(folder, dtype=np.float64)
    run = analyse(model, MARY)
    with torch.no_grad():
        out = reference_model(torch.tensor(run.ids[None]), output_attentions=True)
    expected = np.stack([a[0].numpy() for a in out.attentions])
    np.testing.assert_allclose(run.weights, expected, rtol=0, atol=1e-9)
    np.testing.assert_allclose(forward(model, run.ids).logits, out.logits[0].numpy(), atol=1e-9)
