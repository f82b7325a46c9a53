"""A folder that cannot be used gets one clear message, and nothing is read past the check.

Each case starts from a good random GPT-2 folder and breaks one thing, as a teacher's copy
might be broken: a file left behind, a download cut short, a folder of another model.
"""

import json
import struct

import numpy as np
import pytest
from safetensors.numpy import save_file

from core.gpt2 import FOLDER_ERROR_KINDS, ModelFolderError, TooLongError, analyse, open_model
from core.gpt2.errors import gigabytes
from core.gpt2.weights import available_memory
from tests.gpt2_folders import random_weights, write_gpt2_folder


@pytest.fixture
def folder(tmp_path):
    return write_gpt2_folder(tmp_path / "gpt2")


def refused(folder, kind, **options):
    with pytest.raises(ModelFolderError) as caught:
        open_model(folder, **options)
    error = caught.value
    assert error.kind == kind, str(error)
    assert set(error.facts) == set(FOLDER_ERROR_KINDS[kind])
    assert "\n" not in str(error) and str(error)  # one sentence
    return error


def config_of(folder):
    return json.loads((folder / "config.json").read_text())


def write_config(folder, config):
    (folder / "config.json").write_text(json.dumps(config))


def test_a_path_that_is_no_folder(tmp_path, folder):
    refused(tmp_path / "nowhere", "not_a_folder")
    refused(folder / "config.json", "not_a_folder")


@pytest.mark.parametrize("name", ["config.json", "model.safetensors"])
def test_a_missing_file_is_named(folder, name):
    (folder / name).unlink()
    error = refused(folder, "missing")
    assert error.facts["names"] == (name,) and name in str(error)


def test_a_missing_tokenizer_names_both_ways_to_have_one(folder):
    (folder / "tokenizer.json").unlink()
    error = refused(folder, "missing")
    assert "tokenizer.json" in str(error) and "merges.txt" in str(error)


def test_weights_only_for_pytorch_say_which_file_to_fetch(folder):
    (folder / "model.safetensors").rename(folder / "pytorch_model.bin")
    error = refused(folder, "no_safetensors")
    assert error.facts["names"] == ("pytorch_model.bin",)
    assert "model.safetensors" in str(error)


def test_a_config_that_is_not_json(folder):
    (folder / "config.json").write_text("{ this is not json")
    assert "JSON" in str(refused(folder, "config"))


@pytest.mark.parametrize(
    ("model_type", "architecture"),
    [("llama", "LlamaForCausalLM"), ("bert", "BertForMaskedLM"), ("gpt_neo", "GPTNeoForCausalLM")],
)
def test_another_architecture_is_named(folder, model_type, architecture):
    # What a Llama or BERT folder's config.json says (they also lack GPT-2's fields).
    write_config(
        folder,
        {"architectures": [architecture], "model_type": model_type, "hidden_size": 4096},
    )
    error = refused(folder, "architecture")
    assert error.facts["model_type"] == model_type
    assert f"a {model_type} model" in str(error) and "GPT-2" in str(error)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"n_head": 5}, "does not divide"),  # 24 is not 5 heads wide
        ({"n_layer": 0}, "n_layer"),
        ({"n_embd": "24"}, "n_embd"),
        ({"layer_norm_epsilon": -1}, "layer_norm_epsilon"),
    ],
)
def test_a_config_with_a_bad_field(folder, change, said):
    write_config(folder, config_of(folder) | change)
    assert said in str(refused(folder, "config"))


def test_an_activation_it_does_not_compute(folder):
    write_config(folder, config_of(folder) | {"activation_function": "swish"})
    assert refused(folder, "activation").facts["activation"] == "swish"


def test_weights_cut_short(folder):
    data = (folder / "model.safetensors").read_bytes()
    (folder / "model.safetensors").write_bytes(data[: len(data) * 2 // 3])
    assert "cut short" in str(refused(folder, "truncated"))


@pytest.mark.parametrize(
    "content", [b"PK\x03\x04" + bytes(2000), b"\x80\x02}q\x00(X\x05\x00", b"", b"tiny"]
)
def test_a_weights_file_that_is_not_safetensors(folder, content):
    # A zip (PyTorch's own format, renamed), a pickle, an empty file, a few bytes.
    (folder / "model.safetensors").write_bytes(content)
    assert "not a safetensors file" in str(refused(folder, "not_safetensors"))


def test_weights_of_another_size_than_the_config(folder):
    write_config(folder, config_of(folder) | {"n_embd": 48})
    error = refused(folder, "mismatch")
    assert error.facts == {"tensor": "wte.weight", "expected": "320x48", "found": "320x24"}
    assert "not from the same model" in str(error)


def test_a_tensor_missing_from_the_weights(folder):
    config = config_of(folder)
    tensors = random_weights(config)
    del tensors["h.1.mlp.c_fc.bias"]
    save_file(tensors, str(folder / "model.safetensors"))
    error = refused(folder, "mismatch")
    assert error.facts["tensor"] == "h.1.mlp.c_fc.bias" and error.facts["found"] == ""


def test_a_tokenizer_of_another_model(folder):
    write_config(folder, config_of(folder) | {"vocab_size": 100})
    error = refused(folder, "vocabulary")
    assert error.facts == {"tokens": 320, "vocab_size": 100}


def test_a_damaged_tokenizer(folder):
    (folder / "tokenizer.json").write_text('{"version": "1.0", "model": 7}')
    assert refused(folder, "tokenizer").path.endswith("tokenizer.json")


def bf16_copy(path):
    """The file with every tensor's type said to be bfloat16 (same size as float16)."""
    config = config_of(path.parent)
    tensors = {k: v.astype(np.float16) for k, v in random_weights(config).items()}
    save_file(tensors, str(path))
    data = path.read_bytes()
    (size,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + size])
    for name, entry in header.items():
        if name != "__metadata__":
            entry["dtype"] = "BF16"
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    path.write_bytes(struct.pack("<Q", len(text)) + text + data[8 + size :])


def test_weights_in_a_type_numpy_cannot_read(folder):
    bf16_copy(folder / "model.safetensors")
    assert refused(folder, "dtype").facts["dtype"] == "BF16"


def test_float16_weights_are_read_as_float32(folder):
    tensors = {k: v.astype(np.float16) for k, v in random_weights(config_of(folder)).items()}
    save_file(tensors, str(folder / "model.safetensors"))
    model = open_model(folder)
    assert model.dtype == np.float32
    assert np.array_equal(model.params["wte.weight"], tensors["wte.weight"].astype(np.float32))


def test_weights_that_would_not_fit_in_memory_say_how_much_they_need(folder):
    error = refused(folder, "memory", available=50_000)
    needed = error.facts["needed"]
    assert needed == open_model(folder).n_params * 4 and error.facts["available"] == 50_000
    assert gigabytes(needed) in str(error) and "0.00 GB is free" in str(error)


def test_the_free_memory_is_known_here():
    free = available_memory()
    assert free is not None and free > 10**8


def test_a_text_longer_than_the_positions_is_refused_with_both_numbers(tmp_path):
    model = open_model(write_gpt2_folder(tmp_path / "m", n_positions=8))
    with pytest.raises(TooLongError) as caught:
        analyse(model, "the cat chased the mouse. the cat chased the")
    assert caught.value.limit == 8 and caught.value.n_tokens > 8
    assert "at most 8" in str(caught.value)


def test_nothing_is_read_from_a_refused_folder(folder, monkeypatch):
    # Another architecture is refused from config.json alone: the weights stay unread.
    import core.gpt2.model as model_module

    write_config(folder, {"model_type": "bert"})
    monkeypatch.setattr(model_module, "read_weights", lambda *a, **k: pytest.fail("read"))
    refused(folder, "architecture")
