"""Everyday English from WordNet: its definitions and example sentences, and the
words it marks as offensive.

The Debian package ``wordnet-base`` holds the WordNet 3.0 database (a free
licence from Princeton University). Each line of a ``data.<part of speech>``
file is one sense: its words, its links to other senses, then ``|`` and a gloss,
a definition followed by example sentences in double quotes::

    02121620 05 n 02 cat 0 true_cat 0 003 @ 02120997 n 0000 ... | feline mammal ...

We keep the example sentences as they are and each definition as "word: definition."
Senses marked as obscene, slurs or disparaging (by a usage link or by their own
definition) are dropped, and their words are blocked from the model's vocabulary
when such a sense is the word's most common one (the order of the ``index`` files).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .checked import check_sha256, unreadable

PACKAGE = "wordnet-base"
PACKAGE_VERSION = "1:3.0-37"
WORDNET_DIR = Path("/usr/share/wordnet")
PARTS = ("noun", "verb", "adj", "adv")
#: SHA-256 of the data files then the index files, in the order of PARTS, joined.
SHA256 = "b6b3f3df8dba4aeadce36b11dce6606f58c538f9ae9bacde992a9d2e2a3be96c"

#: The usage domains whose senses are rude (WordNet links a sense to them with ";u").
RUDE_DOMAINS = frozenset({"obscenity", "disparagement", "ethnic_slur", "profanity", "vulgarism"})
#: Words in a definition that mark the sense as rude or adult.
RUDE_DEFINITION = re.compile(
    r"\b(offensive|obscene|vulgar|slur|derogatory|disparaging|sexual|sexually|genital\w*"
    r"|copulat\w*)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r'"([^"]*)"')


@dataclass(frozen=True)
class Sense:
    """One WordNet sense: its words (underscores as spaces), definition and examples."""

    words: tuple[str, ...]
    definition: str
    examples: tuple[str, ...]
    rude: bool


def _read(wordnet_dir: Path) -> dict[str, bytes]:
    names = [f"data.{p}" for p in PARTS] + [f"index.{p}" for p in PARTS]
    try:
        files = {name: (wordnet_dir / name).read_bytes() for name in names}
    except OSError as exc:
        install = f"the Debian package {PACKAGE} (version {PACKAGE_VERSION})"
        raise unreadable(f"WordNet in {wordnet_dir}", exc, install) from None
    differs = (
        f"it is not version {PACKAGE_VERSION} of {PACKAGE}, so the model would not be reproduced."
    )
    check_sha256(
        b"".join(files[name] for name in names), SHA256, f"WordNet in {wordnet_dir}", differs
    )
    return files


def _sentence(text: str) -> str:
    """An example as a sentence: a full stop added where it has no closing mark."""
    text = text.strip()
    return text if text[-1] in ".!?" else f"{text}."


def _senses(files: dict[str, bytes]) -> dict[str, Sense]:
    """Every sense by its offset and part-of-speech letter ('02121620n')."""
    lines = [
        (part, line)
        for part in PARTS
        for line in files[f"data.{part}"].decode("latin-1").splitlines()
        if line and not line.startswith("  ")  # the licence at the top is indented
    ]
    domain_offsets = set()
    parsed = []
    for _, line in lines:
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        count = int(fields[3], 16)
        words = tuple(fields[4 + 2 * i].replace("_", " ") for i in range(count))
        at = 4 + 2 * count
        links = fields[at + 1 : at + 1 + 4 * int(fields[at])]
        usage = {links[i + 1] for i in range(0, len(links), 4) if links[i] == ";u"}
        key = fields[0] + fields[2]
        if fields[2] == "n" and words[0].lower().replace(" ", "_") in RUDE_DOMAINS:
            domain_offsets.add(fields[0])
        parsed.append((key, words, usage, gloss.strip()))
    senses = {}
    for key, words, usage, gloss in parsed:
        definition = gloss.split('"')[0].strip().rstrip(";").strip()
        examples = tuple(_sentence(e) for e in _QUOTED.findall(gloss) if e.strip())
        rude = bool(usage & domain_offsets) or bool(RUDE_DEFINITION.search(definition))
        senses[key] = Sense(words, definition, examples, rude)
    return senses


def _first_senses(files: dict[str, bytes]) -> dict[str, list[str]]:
    """Each single word's most common sense in each part of speech, as sense keys."""
    first: dict[str, list[str]] = {}
    for part in PARTS:
        for line in files[f"index.{part}"].decode("latin-1").splitlines():
            if not line or line.startswith("  "):
                continue
            fields = line.split()
            lemma, pos, count = fields[0], fields[1], int(fields[2])
            if "_" in lemma:
                continue
            first.setdefault(lemma, []).append(fields[-count] + ("a" if pos == "a" else pos))
    return first


@dataclass(frozen=True)
class WordNetText:
    """What the training text takes from WordNet.

    Attributes
    ----------
    passages : tuple of str
        One per kept sense: "word: definition." then its example sentences.
    blocked : frozenset of str
        Lower-cased single words whose most common sense, in every part of speech
        they have, is rude.
    """

    passages: tuple[str, ...]
    blocked: frozenset[str]


def read_wordnet(wordnet_dir: Path = WORDNET_DIR) -> WordNetText:
    """Passages and blocked words, after checking the files' SHA-256.

    Raises
    ------
    SourceError
        If the package is not installed or its files differ from the expected ones.
    """
    files = _read(wordnet_dir)
    senses = _senses(files)

    def rude(key: str) -> bool:
        # Adjective satellites ('s') are listed under 'a' in the index files.
        sense = senses.get(key) or senses.get(key[:-1] + "s")
        return sense is not None and sense.rude

    blocked = frozenset(
        lemma for lemma, keys in _first_senses(files).items() if all(rude(k) for k in keys)
    )
    passages = tuple(
        " ".join((f"{sense.words[0]}: {sense.definition}.", *sense.examples))
        for sense in senses.values()
        if not sense.rude and sense.definition
    )
    return WordNetText(passages, blocked)


#: SHA-256 of the irregular-form lists (``noun.exc`` … ``adv.exc``, in the order of PARTS).
EXCEPTIONS_SHA256 = "3d138fbcee653d2e4fb8d63a28eb61ae0893cbffd5473c748de3b387b9249d77"


def read_exceptions(wordnet_dir: Path = WORDNET_DIR) -> dict[str, tuple[str, ...]]:
    """WordNet's irregular forms of single words and their bases (``"mice": ("mouse",)``),
    read from its ``*.exc`` files; a form listed in several parts keeps every base, in the
    order of PARTS."""
    names = [f"{p}.exc" for p in PARTS]
    try:
        data = b"".join((wordnet_dir / name).read_bytes() for name in names)
    except OSError as exc:
        install = f"the Debian package {PACKAGE} (version {PACKAGE_VERSION})"
        what = f"WordNet's lists of irregular forms in {wordnet_dir}"
        raise unreadable(what, exc, install) from None
    check_sha256(
        data,
        EXCEPTIONS_SHA256,
        f"WordNet's lists of irregular forms in {wordnet_dir}",
        f"they are not those of version {PACKAGE_VERSION} of {PACKAGE}.",
    )
    forms: dict[str, list[str]] = {}
    for line in data.decode("latin-1").splitlines():
        form, *bases = line.split()
        if "_" in form:  # forms of several words ("fathers-in-law" is one word, kept)
            continue
        listed = forms.setdefault(form, [])
        listed += [b for b in bases if "_" not in b and b != form and b not in listed]
    return {form: tuple(bases) for form, bases in forms.items() if bases}


def read_lemmas(wordnet_dir: Path = WORDNET_DIR) -> dict[str, frozenset[str]]:
    """Each part of speech's single-word lemmas (``"noun": {"cat", "user", ...}``)."""
    files = _read(wordnet_dir)
    lemmas = {}
    for part in PARTS:
        lines = files[f"index.{part}"].decode("latin-1").splitlines()
        words = (line.split(" ", 1)[0] for line in lines if line and not line.startswith("  "))
        lemmas[part] = frozenset(w for w in words if "_" not in w)
    return lemmas
