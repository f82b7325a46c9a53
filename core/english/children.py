"""The words children use most (``children_words.txt`` beside this module): the English
model knows every one of them, whatever its count in the text it reads."""

from __future__ import annotations

from pathlib import Path

from .vocab import normalize

CHILDREN_WORDS = Path(__file__).with_name("children_words.txt")


def children_words(path: Path = CHILDREN_WORDS) -> tuple[str, ...]:
    """The list's distinct words, normalised, sorted (``#`` lines are comments)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    words = {normalize(w) for line in lines if not line.startswith("#") for w in line.split()}
    return tuple(sorted(words))
