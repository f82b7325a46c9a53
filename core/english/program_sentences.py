"""Every English sentence the program offers a learner, so the model can be made to know
their words: the lesson's sentence, the examples and the kiosk's exhibit sentences
(``resources/text/examples.json``), the English page's examples and the sentences the
head cards set (``resources/text/heads.json``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..tokens import LESSON_SENTENCE, tokenize
from .vocab import normalize

TEXT_DIR = Path(__file__).resolve().parents[2] / "resources" / "text"
#: The English files (translations live in sub-folders and are not read).
FILES = ("examples.json", "heads.json", "glossary.json")


def _sentences(node: Any) -> Iterator[str]:
    """Every string under a "sentence" or "lesson" key, however deep."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("sentence", "lesson") and isinstance(value, str):
                yield value
            else:
                yield from _sentences(value)
    elif isinstance(node, list):
        for item in node:
            yield from _sentences(item)


def program_sentences(text_dir: Path = TEXT_DIR) -> tuple[str, ...]:
    """The lesson's sentence and every English sentence in the text files, each once."""
    found = [LESSON_SENTENCE]
    for name in FILES:
        path = text_dir / name
        if path.exists():
            found.extend(_sentences(json.loads(path.read_text(encoding="utf-8"))))
    return tuple(dict.fromkeys(found))


def program_words(text_dir: Path = TEXT_DIR) -> tuple[str, ...]:
    """The distinct normalised words of :func:`program_sentences`, sorted."""
    return tuple(sorted({normalize(t) for s in program_sentences(text_dir) for t in tokenize(s)}))
