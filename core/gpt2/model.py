"""A GPT-2-family model read from a Hugging Face folder the teacher already has.

The folder holds ``config.json``, ``model.safetensors`` and ``tokenizer.json`` (or
``vocab.json`` and ``merges.txt``): what ``save_pretrained`` writes, and what a model
page of the Hugging Face hub offers for download. Nothing is fetched: the program reads
only what is in the folder. The checks run cheapest first, so a wrong folder is
refused before a byte of its weights is read, and nothing changes when one is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer

from .config import CONFIG_FILE, GPT2Config, read_config
from .errors import ModelFolderError
from .tokens import load_tokenizer, start_token
from .weights import LM_HEAD, WEIGHTS_FILE, Params, Progress, read_weights

#: Weight files of other frameworks, which this program does not read (they need PyTorch,
#: TensorFlow or JAX), and the index of weights cut into several files.
OTHER_WEIGHTS = (
    "pytorch_model.bin",
    "tf_model.h5",
    "flax_model.msgpack",
    "model.safetensors.index.json",
)


@dataclass(frozen=True, eq=False)
class GPT2Model:
    """A model ready to run.

    Attributes
    ----------
    folder : str
    config : GPT2Config
    params : dict of ndarray
        By their names in the file (without ``transformer.``).
    tokenizer : tokenizers.Tokenizer
    start : int or None
        The id read before every text (``<|endoftext|>``), if the model has one.
    file_size : int
        Bytes of ``model.safetensors``.
    """

    folder: str
    config: GPT2Config
    params: Params
    tokenizer: Tokenizer
    start: int | None
    file_size: int

    @property
    def unembed(self) -> np.ndarray:
        """(vocab, d): the token embedding, unless the file has an unembedding of its own."""
        return self.params.get(LM_HEAD, self.params["wte.weight"])

    @property
    def n_params(self) -> int:
        """Weights in the model (a tied unembedding counted once)."""
        return sum(int(p.size) for p in self.params.values())

    @property
    def dtype(self) -> np.dtype:
        return self.params["wte.weight"].dtype


def _weights_file(folder: Path) -> Path:
    path = folder / WEIGHTS_FILE
    if path.is_file():
        return path
    others = tuple(name for name in OTHER_WEIGHTS if (folder / name).is_file())
    if others:
        raise ModelFolderError(
            "no_safetensors",
            f"{folder} has {', '.join(others)} but no single {WEIGHTS_FILE}; this program "
            f"reads {WEIGHTS_FILE} only (download that file of the model as well)",
            folder,
            names=others,
        )
    raise ModelFolderError(
        "missing", f"{folder} has no {WEIGHTS_FILE}", folder, names=(WEIGHTS_FILE,)
    )


def _check_vocabulary(folder: Path, tokenizer: Tokenizer, config: GPT2Config) -> None:
    tokens = tokenizer.get_vocab_size(with_added_tokens=True)
    if tokens > config.vocab_size:
        raise ModelFolderError(
            "vocabulary",
            f"the tokenizer in {folder} knows {tokens} tokens and the model only "
            f"{config.vocab_size}: they are not from the same model",
            folder,
            tokens=tokens,
            vocab_size=config.vocab_size,
        )


def open_model(
    folder: str | Path,
    dtype: type[np.floating] = np.float32,
    progress: Progress | None = None,
    available: int | None = None,
) -> GPT2Model:
    """Read the model in ``folder``, its weights as ``dtype`` (float64 for tests).

    ``progress(step, done, total)`` hears of each step ("config", "tokenizer", then
    "weights" in bytes); ``available`` overrides the free memory the system reports.

    Raises
    ------
    ModelFolderError
        Every kind of :data:`core.gpt2.errors.FOLDER_ERROR_KINDS`: a folder that is not
        there, a file missing, damaged or not from the same model, another architecture,
        weights that would not fit in memory.
    """
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise ModelFolderError("not_a_folder", f"{folder} is not a folder", folder)
    if progress is not None:
        progress("config", 0, 1)
    config = read_config(folder / CONFIG_FILE)
    weights = _weights_file(folder)
    if progress is not None:
        progress("tokenizer", 0, 1)
    tokenizer = load_tokenizer(folder)
    _check_vocabulary(folder, tokenizer, config)
    params = read_weights(weights, config, dtype, progress, available)
    return GPT2Model(
        folder=str(folder),
        config=config,
        params=params,
        tokenizer=tokenizer,
        start=start_token(tokenizer, config.bos_token_id, config.vocab_size),
        file_size=weights.stat().st_size,
    )
