"""Why a model folder cannot be used, or a text cannot be read by its model.

Each error carries a ``kind`` and the facts behind it, so that the app can word it in
the learner's language; ``str()`` is a plain English sentence for the command line and
the log. Nothing is changed when one is raised: the model in use stays in use.
"""

from __future__ import annotations

import os

#: Every kind of :class:`ModelFolderError`, with the facts each one carries.
FOLDER_ERROR_KINDS = {
    "not_a_folder": (),
    "missing": ("names",),  # the file names that are missing, e.g. "config.json"
    "no_safetensors": ("names",),  # the weight files it has instead (pytorch_model.bin ...)
    "config": ("detail",),  # what is wrong with config.json, in English
    "architecture": ("model_type",),  # "llama", "bert" ...
    "activation": ("activation",),  # an activation function this program does not compute
    "not_safetensors": (),
    "truncated": (),
    "dtype": ("dtype",),  # "BF16" ...
    "mismatch": ("tensor", "expected", "found"),  # shapes as text; found "" when missing
    "tokenizer": ("detail",),
    "vocabulary": ("tokens", "vocab_size"),  # the tokenizer knows more tokens than the model
    "memory": ("needed", "available"),  # bytes
}


class ModelFolderError(Exception):
    """A folder that is not a GPT-2-family model this program can read.

    Attributes
    ----------
    kind : str
        One of :data:`FOLDER_ERROR_KINDS`.
    path : str
        The folder, or the file in it that is at fault.
    facts : dict
        The facts the kind names in :data:`FOLDER_ERROR_KINDS`.
    """

    def __init__(
        self, kind: str, message: str, path: str | os.PathLike[str], **facts: object
    ) -> None:
        super().__init__(message)
        if kind not in FOLDER_ERROR_KINDS:
            raise ValueError(f"unknown kind of model folder error {kind!r}")
        self.kind = kind
        self.path = str(path)
        self.facts = facts


class TooLongError(ValueError):
    """A text with more tokens than the model has positions.

    Attributes
    ----------
    n_tokens : int
        The text's tokens (the start token included).
    limit : int
        The model's positions (``n_positions``).
    """

    def __init__(self, n_tokens: int, limit: int) -> None:
        super().__init__(
            f"the text is {n_tokens} tokens long (with the start token), and this model "
            f"reads at most {limit}; shorten it"
        )
        self.n_tokens = n_tokens
        self.limit = limit


def gigabytes(size: int) -> str:
    """'1.9 GB' (decimal gigabytes, as file managers show sizes); '0.02 GB' when small."""
    value = size / 1e9
    return f"{value:.1f} GB" if value >= 0.95 else f"{value:.2f} GB"
