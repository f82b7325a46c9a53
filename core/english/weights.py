"""The English model's weights file: the learned model's format plus a word list.

The file is a NumPy ``.npz`` archive in the layout of
:mod:`core.learned.weights_file` (``format_version``, ``config``, ``info`` and
one array per parameter). The arrays are stored as float16 to keep the file
small; they are read back as float64. ``info`` (JSON) holds ``vocabulary``,
the words in id order (id 0 is ``<unk>``), plus how the model was trained and
what it scored. See docs/english_model.md for the forward pass in words.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..learned.config import ModelConfig
from ..learned.model import Params
from ..learned.weights_file import WeightsError, fix_for, load_weights, save_weights
from .forms import word_forms
from .vocab import Vocabulary

ENGLISH_WEIGHTS = (
    Path(__file__).resolve().parents[2] / "resources" / "models" / "english_2layer.npz"
)
STORED_DTYPE = np.float16
#: The script that recreates the English model, and what to do about a damaged file.
SCRIPT = "scripts/train_english_model.py"
FIX = fix_for(SCRIPT)


@dataclass(frozen=True, eq=False)
class EnglishModel:
    """A loaded English model.

    Attributes
    ----------
    config : ModelConfig
    params : dict[str, Any] of ndarray
        float64 copies of the stored weights.
    vocabulary : Vocabulary
    info : dict[str, Any]
        Training settings and measured scores, as saved.
    """

    config: ModelConfig
    params: Params
    vocabulary: Vocabulary
    info: dict[str, Any] = field(default_factory=dict)


def stored(params: Params) -> Params:
    """The weights as the file keeps them (float16), so scores match the shipped file."""
    return {name: np.asarray(value).astype(STORED_DTYPE) for name, value in params.items()}


def save_english(
    path: str | os.PathLike[str],
    config: ModelConfig,
    params: Params,
    vocab: Vocabulary,
    info: dict[str, Any],
) -> None:
    """Write the model, float16 weights and the word list, atomically."""
    if len(vocab) != config.vocab_size:
        raise ValueError(f"{len(vocab)} words for a vocabulary of {config.vocab_size}")
    save_weights(path, config, stored(params), {**info, "vocabulary": list(vocab.words)})


def load_english(path: str | os.PathLike[str] = ENGLISH_WEIGHTS) -> EnglishModel:
    """Read and check the English model.

    Raises
    ------
    core.learned.WeightsError
        If the file is missing or damaged, or its word list does not fit the model.
    """
    saved = load_weights(path, script=SCRIPT)

    def error(message: str) -> WeightsError:
        return WeightsError("vocabulary", f"{message} {FIX}", path, SCRIPT)

    words = saved.info.get("vocabulary")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise error(f"The word list in {path} is missing or not a list of words.")
    if len(words) != saved.config.vocab_size:
        raise error(
            f"The word list in {path} has {len(words)} words, but the model has "
            f"{saved.config.vocab_size} token ids."
        )
    try:
        vocabulary = Vocabulary(tuple(words), forms=word_forms())
    except ValueError as exc:
        raise error(f"The word list in {path} is not usable ({exc}).") from None
    params = {name: value.astype(np.float64) for name, value in saved.params.items()}
    info = {k: v for k, v in saved.info.items() if k != "vocabulary"}
    return EnglishModel(saved.config, params, vocabulary, info)
