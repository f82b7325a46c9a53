"""The English text the model reads: four sources, each checked, cleaned and split into words.

- ``bible``: the World English Bible (``sword-text-web``), modern English prose;
- ``wordnet``: WordNet's definitions and example sentences (``wordnet-base``),
  everyday words of every kind;
- ``fortunes``: jokes, riddles, proverbs and quotations (``fortunes-min``,
  ``fortunes``), chosen collections only;
- ``everyday``: a short hand-written text of our own (``everyday.txt`` beside this
  module), plain sentences about cats, dogs, shops and counting, so that every
  word of the program's own sentences is met in ordinary use.

Besides these, one fortune collection (``fortunes.UNSEEN``) is never trained on:
it measures the model on text it has not seen at all. Only the training script
and its tests read any of this; the program never does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import corpus, fortunes, wordnet
from .blocked import blocked_words
from .checked import check_sha256
from .children import children_words

EVERYDAY = Path(__file__).with_name("everyday.txt")
EVERYDAY_SHA256 = "6d84ca627fb7d9df11b263663ebb5290501707cf5e2d1c286799f42d3e52e580"
#: Words never let into the vocabulary, besides those WordNet marks as rude and those of
#: the kept list (``blocked_words.txt``): mild swearing that no dictionary flags.
EXTRA_BLOCKED = frozenset({"damn", "damned", "goddamn", "hell", "hellish", "sexy"})
#: The sources, in the order their ids are laid out, and the share of the training
#: windows drawn from each.
MIX = {"bible": 0.45, "wordnet": 0.30, "fortunes": 0.20, "everyday": 0.05}


@dataclass(frozen=True)
class Source:
    """One source's words (lower-cased, as the app tokenizes), and where they come from."""

    name: str
    words: tuple[str, ...]
    record: dict[str, Any]


@dataclass(frozen=True)
class Texts:
    """Every source, the text never trained on, and the blocked words."""

    sources: tuple[Source, ...]
    unseen: Source
    blocked: frozenset[str]

    def records(self) -> dict[str, Any]:
        """What each source is, for the weights file's info."""
        return {s.name: s.record for s in (*self.sources, self.unseen)}


def _everyday() -> str:
    differs = "it was changed after the model was trained on it (update the checksum and retrain)."
    return check_sha256(EVERYDAY.read_bytes(), EVERYDAY_SHA256, EVERYDAY.name, differs).decode(
        "utf-8"
    )


def _source(name: str, passages: list[str], blocked: frozenset[str], **record: Any) -> Source:
    kept = fortunes.clean(passages, blocked, corpus.words_of)
    words = tuple(w for p in kept for w in corpus.words_of(p))
    dropped = len(passages) - len(kept)
    return Source(name, words, {**record, "passages_dropped": dropped, "words": len(words)})


def _sentences_kept(words: list[str], blocked: frozenset[str]) -> tuple[tuple[str, ...], int]:
    """``words`` without the sentences (ending at ".", "!" or "?") that hold a blocked
    word, and how many sentences were dropped."""
    kept: list[str] = []
    sentence: list[str] = []
    dropped = 0
    for word in words:
        sentence.append(word)
        if word in (".", "!", "?"):
            if blocked.isdisjoint(sentence):
                kept.extend(sentence)
            else:
                dropped += 1
            sentence = []
    if sentence and blocked.isdisjoint(sentence):
        kept.extend(sentence)
    return tuple(kept), dropped


def read_texts() -> Texts:
    """All four sources and the unseen text, each checked against its SHA-256.

    Raises
    ------
    SourceError
        If a package is missing or holds other text than the model was trained on.
    """
    net = wordnet.read_wordnet()
    collections = fortunes.read_files()
    # A word children use most is never blocked: WordNet reads "naughty" as rude.
    blocked = frozenset(net.blocked | EXTRA_BLOCKED | blocked_words()) - set(children_words())
    bible, bible_dropped = _sentences_kept(corpus.corpus_words(), blocked)
    fortune_record = {
        "packages": [list(p) for p in fortunes.PACKAGES],
        "sha256": fortunes.SHA256,
    }
    sources = (
        Source(
            "bible",
            bible,
            {
                "packages": [[corpus.PACKAGE, corpus.PACKAGE_VERSION]],
                "sha256": corpus.TEXT_SHA256,
                "sentences_dropped": bible_dropped,
                "words": len(bible),
            },
        ),
        _source(
            "wordnet",
            list(net.passages),
            blocked,
            packages=[[wordnet.PACKAGE, wordnet.PACKAGE_VERSION]],
            sha256=wordnet.SHA256,
        ),
        _source(
            "fortunes",
            [e for name in fortunes.TRAINED for e in fortunes.entries(collections[name])],
            blocked,
            collections=list(fortunes.TRAINED),
            **fortune_record,
        ),
        _source(
            "everyday",
            _everyday().splitlines(),
            blocked,
            file=f"core/english/{EVERYDAY.name}",
            sha256=EVERYDAY_SHA256,
        ),
    )
    unseen = _source(
        "unseen",
        [e for name in fortunes.UNSEEN for e in fortunes.entries(collections[name])],
        blocked,
        collections=list(fortunes.UNSEEN),
        **fortune_record,
    )
    return Texts(sources, unseen, blocked)
