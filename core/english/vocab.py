"""The English model's words: a fixed list, with one id for every word outside it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .forms import WordForms

#: The token standing for every word outside the vocabulary; always id 0.
UNKNOWN = "<unk>"
#: The beginning-of-text token, always id 1: it stands at position 0 of every text the
#: model reads, in training and in use, so that a head has a fixed place to rest on.
BOS = "<bos>"


def normalize(token: str) -> str:
    """Lower-case, with a typographic apostrophe read as a plain one ("God’s" = "god's")."""
    return token.casefold().replace("\u2019", "'")


@dataclass(frozen=True)
class Vocabulary:
    """Words in id order; id 0 is :data:`UNKNOWN` (and in a model with a beginning-of-text
    token, id 1 is :data:`BOS`).

    Parameters
    ----------
    words : tuple of str
        Distinct, normalised words; ``words[0]`` must be ``UNKNOWN``.
    forms : WordForms, optional
        How a word outside the list is read as a form of one in it ("stole" as
        "steal"); without it, every such word is the unknown word (as in training).
    """

    words: tuple[str, ...]
    forms: WordForms | None = field(default=None, repr=False, compare=False)
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

    def read_as(self, token: str) -> str | None:
        """The word of the list ``token`` is read as: itself, a word it is a form of
        (with :attr:`forms`), or None for the unknown word."""
        word = normalize(token)
        if word in (UNKNOWN, BOS):  # the special tokens are never a word of a text
            return None
        if word in self._index:
            return word
        if self.forms is None:
            return None
        base = self.forms.read_as(word, self._index)
        return None if base in (UNKNOWN, BOS) else base

    def encode(self, tokens: Iterable[str]) -> np.ndarray:
        """Token ids, 0 for an unknown word; int64 array of ``len(tokens)``."""
        index = self._index
        return np.array([index[self.read_as(t) or UNKNOWN] for t in tokens], dtype=np.int64)

    @property
    def bos(self) -> int | None:
        """The id of :data:`BOS`, or None if this vocabulary has none."""
        return self._index.get(BOS)

    def decode(self, ids: Iterable[int]) -> list[str]:
        """The words of ``ids``."""
        return [self.words[int(i)] for i in ids]


def build_vocabulary(
    counts: Mapping[str, float],
    size: int,
    required: Iterable[str] = (),
    blocked: Iterable[str] = (),
) -> Vocabulary:
    """:data:`UNKNOWN`, :data:`BOS` and the ``size - 2`` most frequent words.

    Every ``required`` word is in (in place of the least frequent others); no
    ``blocked`` word is. Ties are broken alphabetically.
    """
    required = {normalize(w) for w in required}
    blocked = {normalize(w) for w in blocked} - required
    ranked = sorted(
        (w for w in counts if w not in (UNKNOWN, BOS) and w not in blocked),
        key=lambda w: (-counts[w], w),
    )
    room = size - 2 - len(required)
    if room < 0:
        raise ValueError(f"{len(required)} required words do not fit {size} ids")
    chosen = set(required) | set([w for w in ranked if w not in required][:room])
    ordered = [w for w in ranked if w in chosen] + sorted(chosen - set(ranked))
    return Vocabulary((UNKNOWN, BOS, *ordered))
