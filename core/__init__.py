"""Attention Heads core: pure NumPy, no Qt.

Everything the window, the command line and the tests compute goes through
this public API.
"""

from . import challenges
from .attention import head_weights, multi_head_attention
from .challenges import CHALLENGES
from .heads import HEADS, Head, get_head
from .masks import causal_mask
from .presets import PRESETS, Preset, head_width, projection_weights, valid_head_counts
from .readout import Focus, focus, top_keys
from .softmax import attention_weights
from .tokens import LESSON_SENTENCE, LESSON_TOKENS, MAX_TOKENS, TokenError, tokenize

__all__ = [
    "CHALLENGES",
    "HEADS",
    "LESSON_SENTENCE",
    "LESSON_TOKENS",
    "MAX_TOKENS",
    "PRESETS",
    "Focus",
    "Head",
    "Preset",
    "TokenError",
    "attention_weights",
    "causal_mask",
    "challenges",
    "focus",
    "get_head",
    "head_weights",
    "head_width",
    "multi_head_attention",
    "projection_weights",
    "tokenize",
    "top_keys",
    "valid_head_counts",
]
