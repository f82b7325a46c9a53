"""The English model's words: a fixed list, with one id for every word outside it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

#: The token standing for every word outside the vocabulary; always id 0.
UNKNOWN = "<unk>"


def normalize(token: str) -> str:
    """Lower-case, with a typographic apostrophe read as a plain one ("God’s" = "god's")."""
    return token.casefold().replace("\u2019", "'")


@dataclass(frozen=True)
class Vocabulary:
    """Words in id order; id 0 is :data:`UNKNOWN`.

    Parameters
    ----------
    words : tuple of str
        Distinct, normalised words; ``words[0]`` must be ``UNKNOWN``.
    """

    words: tuple[str, ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.words or self.words[0] != UNKNOWN:
            raise ValueError(f"the first word of a vocabulary must be {UNKNOWN!r}")
        index = {word: i for i, word in enumerate(self.words)}
        if len(index) != len(self.words):
            raise ValueError("the vocabulary lists a word twice")
        object.__setattr__(self, "_index", index)

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, token: str) -> bool:
        return normalize(token) in self._index

    def encode(self, tokens: Iterable[str]) -> np.ndarray:
        """Token ids, 0 for an unknown word; int64 array of ``len(tokens)``."""
        return np.array([self._index.get(normalize(t), 0) for t in tokens], dtype=np.int64)

    def decode(self, ids: Iterable[int]) -> list[str]:
        """The words of ``ids``."""
        return [self.words[int(i)] for i in ids]


def build_vocabulary(words: Sequence[str], size: int) -> Vocabulary:
    """:data:`UNKNOWN` plus the ``size - 1`` most frequent words (ties alphabetical)."""
    counts = Counter(words)
    counts.pop(UNKNOWN, None)
    ranked = sorted(counts, key=lambda w: (-counts[w], w))
    return Vocabulary((UNKNOWN, *ranked[: size - 1]))
