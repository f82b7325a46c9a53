"""A small language model that has read English, and what its heads do.

The learned model of :mod:`core.learned`, trained on real text: a vocabulary of 7,166
lower-cased words and punctuation marks, an unknown-word token and a beginning-of-text
token (a word outside it is read as a known word it is a form of, where it is one: see
:mod:`core.english.forms`); two attention layers of four heads. Pure NumPy, no Qt.

Typical use::

    model = load_english()                       # the shipped weights, on first use
    run = analyse(model, core.tokenize("When Mary and John went to the store, John gave"))
    run.verdicts[0][1].describe()                # what layer 1 head 1 does
"""

from . import corpus, fortunes, wordnet
from .bigram import Bigram
from .config import ENGLISH_MODEL, ENGLISH_TRAINING, VOCAB_SIZE, EnglishTraining
from .data import prose_windows, repeated_windows, split_heldout, training_batch
from .metrics import PATTERNS, EnglishEvaluation, evaluate_english
from .train import EnglishProgress, train_english
from .vocab import BOS, UNKNOWN, Vocabulary, build_vocabulary, normalize
from .weights import ENGLISH_WEIGHTS, EnglishModel, load_english, save_english, stored

__all__ = [
    "BOS",
    "ENGLISH_MODEL",
    "ENGLISH_TRAINING",
    "ENGLISH_WEIGHTS",
    "PATTERNS",
    "UNKNOWN",
    "VOCAB_SIZE",
    "Bigram",
    "EnglishEvaluation",
    "EnglishModel",
    "EnglishProgress",
    "EnglishTraining",
    "Vocabulary",
    "build_vocabulary",
    "corpus",
    "fortunes",
    "wordnet",
    "evaluate_english",
    "load_english",
    "normalize",
    "prose_windows",
    "repeated_windows",
    "save_english",
    "split_heldout",
    "stored",
    "train_english",
    "training_batch",
]
