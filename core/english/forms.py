"""A word the English model does not know, read as a form of one it does: "stole" as
"steal", "ducklings" as "duckling", "happier" as "happy".

A word-level model of 5 MB holds some 7,000 words; a child types whatever forms of them
come to mind, and misspells some ("drawed"). Rather than read each such word as the
unknown-word token, the page reads it as the known word it is a form of, and says so.
This is WordNet's own way of finding a word's base form (its ``morphy``): first its
lists of irregular forms, then its rules for regular endings, with a few of ours for
English spelling (a doubled consonant, -ily, -ly, 's). ``word_forms.txt`` beside this
module holds what comes from WordNet (written by ``scripts/make_word_forms.py``): the
irregular forms, and the words of their own that only look like a comparing or -ly
form ("user" is not "us" + -er, "stately" is not "state" + -ly).

The model was trained on the words as written (a form outside its vocabulary was the
unknown-word token), so this is a reading at use only: no weight depends on it.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

WORD_FORMS = Path(__file__).with_name("word_forms.txt")

#: Endings and what replaces them, most specific first within each part of speech:
#: WordNet's detachment rules for nouns, verbs and adjectives, then ours.
ENDINGS: tuple[tuple[str, str], ...] = (
    # nouns: "foxes" → "fox", "ladies" → "lady", "snowmen" → "snowman"
    ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
    ("men", "man"), ("ies", "y"), ("s", ""),
    # verbs: "makes" → "make", "baked" → "bake", "jumped" → "jump", "riding" → "ride"
    ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
    # ours: "granny's" → "granny"
    ("'s", ""),
)  # fmt: skip
#: Comparing endings (WordNet's rules for adjectives) and ours for -ly: "happier" →
#: "happy", "nicest" → "nice", "taller" → "tall", "happily" → "happy", "quickly" →
#: "quick"; never for a word of its own.
COMPARING: tuple[tuple[str, str], ...] = (
    ("ier", "y"), ("iest", "y"), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"),
    ("ily", "y"), ("ly", ""),
)  # fmt: skip
#: A base shorter than this is never tried: "as" is not a form of "a".
SHORTEST_BASE = 2


def detach(word: str, endings: tuple[tuple[str, str], ...]) -> Iterator[str]:
    """What ``word`` is without each of ``endings`` that it has, in their order."""
    for ending, replacement in endings:
        stem = word[: len(word) - len(ending)]
        if not word.endswith(ending) or len(stem) < SHORTEST_BASE:
            continue
        yield stem + replacement
        # "stopped" → "stopp" → "stop", "biggest" → "bigg" → "big" (tried after the stem
        # itself, so "called" is "call")
        if not replacement and len(stem) >= 3 and stem[-1] == stem[-2] not in "aeiou":
            yield stem[:-1]


@dataclass(frozen=True)
class WordForms:
    """Irregular forms and their base words (``{"stole": ("steal",)}``), and the words
    of their own that the comparing endings leave alone (``{"user", "stately"}``)."""

    irregular: Mapping[str, tuple[str, ...]]
    own: frozenset[str] = frozenset()

    def bases(self, word: str) -> Iterator[str]:
        """Every base ``word`` may be a form of, likeliest first (may repeat)."""
        yield from self.irregular.get(word, ())
        yield from detach(word, ENDINGS)
        if word not in self.own:
            yield from detach(word, COMPARING)

    def read_as(self, word: str, known: Container[str]) -> str | None:
        """The first base of ``word`` in ``known``; None if it has none."""
        return next((base for base in self.bases(word) if base in known), None)


def parse_word_forms(text: str) -> WordForms:
    """The table's two sections: ``[irregular]`` lines ``form base [base ...]``, then
    ``[own]`` lines of one word each (``#`` lines are comments)."""
    irregular: dict[str, tuple[str, ...]] = {}
    own: set[str] = set()
    section = None
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line in ("[irregular]", "[own]"):
            section = line
        elif section == "[irregular]":
            form, *bases = line.split()
            irregular[form] = tuple(bases)
        elif section == "[own]":
            own.add(line.strip())
        else:
            raise ValueError(f"word forms: {line!r} before any section")
    return WordForms(irregular, frozenset(own))


@cache
def word_forms(path: Path = WORD_FORMS) -> WordForms:
    """The shipped table with the ending rules."""
    return parse_word_forms(path.read_text(encoding="utf-8"))
