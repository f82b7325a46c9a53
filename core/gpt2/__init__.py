"""The heads of a GPT-2-family model from a folder the teacher already has, in NumPy.

A Hugging Face folder (``config.json``, ``model.safetensors``, ``tokenizer.json`` or
``vocab.json`` with ``merges.txt``) is read with the ``safetensors`` and ``tokenizers``
libraries; the forward pass is this package's own NumPy, and keeps every head's weights.
Nothing is downloaded: a folder that is not there, not complete or not GPT-2 is refused
with one clear message (:class:`ModelFolderError`). No Qt.

Typical use::

    model = open_model("~/models/gpt2")
    run = analyse(model, "When Mary and John went to the store, John gave a drink to")
    run.ranking("induction")[0]                  # the strongest induction head on it
    run.guesses(run.n_tokens - 1)                # the next-token guesses after "to"
"""

from .analysis import (
    PATTERNS,
    REPEATED_PASSAGE,
    TEXTS,
    GPT2Run,
    Guess,
    HeadScore,
    analyse,
    analyse_repeats,
)
from .config import GPT2Config, read_config
from .errors import FOLDER_ERROR_KINDS, ModelFolderError, TooLongError
from .forward import Forward, forward
from .model import GPT2Model, open_model
from .tokens import END_OF_TEXT, Pieces, readable

__all__ = [
    "END_OF_TEXT",
    "FOLDER_ERROR_KINDS",
    "PATTERNS",
    "REPEATED_PASSAGE",
    "TEXTS",
    "Forward",
    "GPT2Config",
    "GPT2Model",
    "GPT2Run",
    "Guess",
    "HeadScore",
    "ModelFolderError",
    "Pieces",
    "TooLongError",
    "analyse",
    "analyse_repeats",
    "forward",
    "open_model",
    "read_config",
    "readable",
]
