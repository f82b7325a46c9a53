"""Everyday English from the fortune cookies of BSD ``fortune``: jokes, riddles,
proverbs, short quotations.

The Debian packages ``fortunes-min`` and ``fortunes`` (a BSD licence) hold
collections of short texts, one file each, the texts separated by a line holding
only ``%``. We read only the collections listed below (never the package of
offensive fortunes, which is not even installed), drop the attribution lines
("-- Mark Twain"), texts that are mostly not prose (pictures made of letters,
program code, verse laid out in columns), and every text holding a blocked word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from .checked import check_sha256, unreadable

PACKAGES = (("fortunes-min", "1:1.99.1-7.3"), ("fortunes", "1:1.99.1-7.3"))
FORTUNES_DIR = Path("/usr/share/games/fortunes")
#: Collections trained on: plain everyday topics only.
TRAINED = (
    "fortunes",
    "literature",
    "riddles",
    "art",
    "education",
    "food",
    "humorists",
    "kids",
    "people",
    "pets",
    "platitudes",
    "science",
    "songs-poems",
    "work",
)
#: A collection the model never trains on: its text checks how well it does on English
#: it has not seen at all.
UNSEEN = ("wisdom",)
#: SHA-256 of the files of TRAINED then UNSEEN, in order, joined.
SHA256 = "2f6513826287123585b36a0f6671bfcb3dbc8b4748d8d0107fd1edb3448ff614"

_ATTRIBUTION = re.compile(r"^\s*(--|[-~]\s)")
_SPACE = re.compile(r"\s+")


def read_files(fortunes_dir: Path = FORTUNES_DIR) -> dict[str, str]:
    """The text of each collection in TRAINED and UNSEEN, after checking their SHA-256."""
    names = (*TRAINED, *UNSEEN)
    try:
        raw = {name: (fortunes_dir / name).read_bytes() for name in names}
    except OSError as exc:
        packages = " and ".join(f"{p} (version {v})" for p, v in PACKAGES)
        install = f"the Debian packages {packages}"
        raise unreadable(f"the fortunes in {fortunes_dir}", exc, install) from None
    differs = "they are not the files the model was trained on, so it would not be reproduced."
    check_sha256(
        b"".join(raw[name] for name in names), SHA256, f"The fortunes in {fortunes_dir}", differs
    )
    return {name: data.decode("utf-8", errors="replace") for name, data in raw.items()}


def _prose(text: str) -> bool:
    """Mostly letters and spaces (not a picture made of letters, not program code)."""
    letters = sum(c.isalpha() or c.isspace() for c in text)
    return len(text) >= 20 and letters >= 0.9 * len(text)


def entries(text: str) -> list[str]:
    """A collection's texts, attribution lines dropped, white space collapsed."""
    kept = []
    for entry in re.split(r"^%\n", text, flags=re.M):
        lines = [line for line in entry.splitlines() if not _ATTRIBUTION.match(line)]
        body = "\n".join(lines).strip()
        if body and _prose(body):
            kept.append(_SPACE.sub(" ", body))
    return kept


def clean(
    passages: Iterable[str], blocked: frozenset[str], words_of: Callable[[str], Iterable[str]]
) -> list[str]:
    """The passages none of whose words (as ``words_of`` splits them) is blocked."""
    return [p for p in passages if not blocked.intersection(words_of(p))]
