"""Tiny GPT-2 folders with random weights, as a teacher's real folder is laid out.

Weights are written with ``safetensors.numpy.save_file`` and the tokenizer is a small
byte-level BPE trained with the ``tokenizers`` library on a few sentences, so that every
test (and the benchmark) reads exactly what ``save_pretrained`` would have written,
without a download. Random weights are drawn large enough that heads attend sharply,
not evenly.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
from safetensors.numpy import save_file
from tokenizers import ByteLevelBPETokenizer, Tokenizer, decoders, models, pre_tokenizers

#: What the tiny tokenizers learn their merges from.
CORPUS = (
    "the cat chased the mouse. the cat chased the",
    "When Mary and John went to the store, John gave a drink to Mary.",
    "Nora packed two green apples, a torn map and her grandfather's compass before the "
    "ferry left the harbour at dawn.",
    "Die Katze jagte die Maus. Die Katze jagte die",
    "A quick brown fox jumps over the lazy dog, and the dog sleeps on.",
)
END_OF_TEXT = "<|endoftext|>"


def train_tokenizer(vocab_size: int = 320) -> ByteLevelBPETokenizer:
    tokenizer = ByteLevelBPETokenizer()
    tokenizer.train_from_iterator(
        list(CORPUS) * 3,
        vocab_size=vocab_size,
        min_frequency=1,
        special_tokens=[END_OF_TEXT],
        show_progress=False,
    )
    return tokenizer


def full_size_tokenizer(folder: Path, size: int = 50257, seed: int = 0) -> None:
    """A byte-level BPE as large as GPT-2's (``size`` tokens, ``<|endoftext|>`` last),
    with random merges: what ``tokenizer.json`` of GPT-2 costs to read, without GPT-2's
    own file. Written as ``tokenizer.json``."""
    rng = random.Random(seed)
    base = sorted(pre_tokenizers.ByteLevel.alphabet())
    vocab = {token: i for i, token in enumerate(base)}
    tokens, merges = list(base), []
    while len(vocab) < size - 1:
        left = rng.choice(tokens)
        right = rng.choice(base if rng.random() < 0.6 else tokens)
        if left + right in vocab or len(left + right) > 12:
            continue
        vocab[left + right] = len(vocab)
        tokens.append(left + right)
        merges.append((left, right))
    vocab[END_OF_TEXT] = size - 1
    bpe = models.BPE(vocab, merges)
    tokenizer = Tokenizer(bpe)
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.save(str(folder / "tokenizer.json"))


def gpt2_config(
    n_layer: int, n_head: int, n_embd: int, n_positions: int, vocab_size: int, **extra
) -> dict:
    """A config.json as ``GPT2Config.to_dict()`` writes it (the fields that matter)."""
    return {
        "architectures": ["GPT2LMHeadModel"],
        "model_type": "gpt2",
        "activation_function": "gelu_new",
        "bos_token_id": extra.pop("bos", 0),
        "eos_token_id": 0,
        "layer_norm_epsilon": 1e-5,
        "n_ctx": n_positions,
        "n_embd": n_embd,
        "n_head": n_head,
        "n_inner": None,
        "n_layer": n_layer,
        "n_positions": n_positions,
        "scale_attn_weights": True,
        "scale_attn_by_inverse_layer_idx": False,
        "vocab_size": vocab_size,
        **extra,
    }


def random_weights(
    config: dict, seed: int = 0, prefix: str = "", scale: float = 0.4
) -> dict[str, np.ndarray]:
    """Every tensor of GPT2LMHeadModel's state dict, random, float32, by name."""
    rng = np.random.default_rng(seed)
    d, n_layer = config["n_embd"], config["n_layer"]
    inner = config.get("n_inner") or 4 * d

    def draw(*shape: int, spread: float = scale) -> np.ndarray:
        return (rng.standard_normal(shape) * spread).astype(np.float32)

    tensors = {
        "wte.weight": draw(config["vocab_size"], d),
        "wpe.weight": draw(config["n_positions"], d),
        "ln_f.weight": 1.0 + draw(d, spread=0.1),
        "ln_f.bias": draw(d, spread=0.1),
    }
    for i in range(n_layer):
        for name, shape in (
            ("ln_1", (d,)),
            ("ln_2", (d,)),
        ):
            tensors[f"h.{i}.{name}.weight"] = 1.0 + draw(*shape, spread=0.1)
            tensors[f"h.{i}.{name}.bias"] = draw(*shape, spread=0.1)
        for name, shape in (
            ("attn.c_attn", (d, 3 * d)),
            ("attn.c_proj", (d, d)),
            ("mlp.c_fc", (d, inner)),
            ("mlp.c_proj", (inner, d)),
        ):
            tensors[f"h.{i}.{name}.weight"] = draw(*shape)
            tensors[f"h.{i}.{name}.bias"] = draw(shape[1], spread=0.1)
    return {prefix + name: array for name, array in tensors.items()}


def write_gpt2_folder(
    folder: Path,
    *,
    n_layer: int = 2,
    n_head: int = 3,
    n_embd: int = 24,
    n_positions: int = 48,
    vocab_size: int | None = None,
    seed: int = 0,
    tokenizer: str = "json",
    prefix: str = "",
    config_extra: dict | None = None,
    bpe: ByteLevelBPETokenizer | None = None,
) -> Path:
    """A folder of a random GPT-2 model; ``tokenizer`` "json" (tokenizer.json), "bpe"
    (vocab.json and merges.txt) or "both". ``vocab_size`` defaults to the tokenizer's."""
    folder.mkdir(parents=True, exist_ok=True)
    bpe = bpe if bpe is not None else train_tokenizer()
    size = vocab_size if vocab_size is not None else bpe.get_vocab_size()
    bos = bpe.token_to_id(END_OF_TEXT)
    config = gpt2_config(
        n_layer, n_head, n_embd, n_positions, size, bos=bos, **(config_extra or {})
    )
    (folder / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    save_file(random_weights(config, seed, prefix), str(folder / "model.safetensors"),
              metadata={"format": "pt"})  # fmt: skip
    if tokenizer in ("json", "both"):
        bpe.save(str(folder / "tokenizer.json"))
    if tokenizer in ("bpe", "both"):
        bpe.save_model(str(folder))
    return folder
