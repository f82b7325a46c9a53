"""Write core/english/word_forms.txt, by which the English page reads a word it does not
know as a form of one it does: WordNet's irregular forms of single words (its ``*.exc``
lists; forms or bases on the blocked list are left out), and its words that only look like
a comparing or -ly form. Needs the Debian package wordnet-base; run again only if WordNet
or the blocked list changes."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.english.blocked import blocked_words  # noqa: E402
from core.english.forms import COMPARING, WORD_FORMS, detach  # noqa: E402
from core.english.wordnet import (  # noqa: E402
    PACKAGE,
    PACKAGE_VERSION,
    read_exceptions,
    read_lemmas,
)

HEADER = f"""\
# How the English page reads a word it does not know as a form of one it does, read by
# core/english/forms.py. From WordNet 3.0, as Debian's {PACKAGE} {PACKAGE_VERSION} holds it.
# WordNet 3.0 Copyright 2006 by Princeton University; its licence is in
# THIRD-PARTY-NOTICES.md. Written by scripts/make_word_forms.py; do not edit by hand.
#
# [irregular]: irregular forms and the words they are forms of ("mice mouse", "stole
# steal"), from WordNet's lists (noun.exc, verb.exc, adj.exc, adv.exc): forms of one word
# only; no form or base on the blocked list (blocked_words.txt).
# [own]: words of their own that only look like a comparing or -ly form of another word:
# nouns and verbs ending in -er or -est ("user", "digest"), nouns and adjectives ending in
# -ly ("stately"), each of whose would-be base is a word of WordNet's too.
"""


def own_words(lemmas: dict[str, frozenset[str]]) -> list[str]:
    """WordNet's words that the comparing endings would wrongly read as another word."""
    every = frozenset().union(*lemmas.values())
    comparing = tuple(e for e in COMPARING if not e[0].endswith("ly"))
    ly = tuple(e for e in COMPARING if e[0].endswith("ly"))
    candidates = [
        *((w, comparing) for w in lemmas["noun"] | lemmas["verb"]),
        *((w, ly) for w in lemmas["noun"] | lemmas["adj"]),
    ]
    return sorted({w for w, endings in candidates if any(b in every for b in detach(w, endings))})


def word_forms_text() -> str:
    """The file's text, from the WordNet installed on this machine."""
    blocked = blocked_words()
    irregular = [
        " ".join((form, *kept))
        for form, bases in sorted(read_exceptions().items())
        if form not in blocked and (kept := [b for b in bases if b not in blocked])
    ]
    own = [w for w in own_words(read_lemmas()) if w not in blocked]
    return HEADER + "\n".join(["[irregular]", *irregular, "", "[own]", *own]) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=WORD_FORMS, help="file to write")
    args = parser.parse_args()
    args.output.write_text(word_forms_text(), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
