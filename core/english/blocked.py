"""The words the English model never knows, and the guard that keeps them off the screen.

``blocked_words.txt`` beside this module is the kept list: the word list of the
``better-profanity`` package (copied, with its source and licence named in the file's
header), our own reviewed additions, and the few words of that list kept as plain
English. The training script merges it with WordNet's rude words; no text holding a
blocked word is trained on, and the vocabulary holds none. :func:`allowed_ids` is the
guard at the output: the ids the page may show as a guess.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import numpy as np

from .vocab import BOS, UNKNOWN, normalize

BLOCKED_WORDS = Path(__file__).with_name("blocked_words.txt")
SECTIONS = ("copied", "added", "kept")


def read_sections(path: Path = BLOCKED_WORDS) -> dict[str, frozenset[str]]:
    """The words of each section of the list (``# ...`` lines are comments)."""
    sections: dict[str, set[str]] = {name: set() for name in SECTIONS}
    current = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            if current not in sections:
                raise ValueError(f"{path.name}: unknown section {line}")
            continue
        if current is None:
            raise ValueError(f"{path.name}: word {line!r} before any section")
        sections[current].add(normalize(line))
    return {name: frozenset(words) for name, words in sections.items()}


@cache
def blocked_words() -> frozenset[str]:
    """The copied and added words, less the kept ones."""
    sections = read_sections()
    return (sections["copied"] | sections["added"]) - sections["kept"]


def is_blocked(word: str) -> bool:
    return normalize(word) in blocked_words()


def allowed_ids(words: Iterable[str], blocked: frozenset[str] | None = None) -> np.ndarray:
    """True for each id of ``words`` (a vocabulary in id order) that may be shown as a
    guess: not a blocked word, not the unknown-word or the beginning-of-text token."""
    blocked = blocked_words() if blocked is None else blocked
    return np.array(
        [w not in (UNKNOWN, BOS) and normalize(w) not in blocked for w in words], dtype=bool
    )
