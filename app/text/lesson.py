"""The lesson's sentence and the example sentences, in the language in use.

Each language has ``resources/text[/<code>]/examples.json`` (English at the top
level). A translated lesson sentence keeps the pattern of repeated words of the
original, so every head, table and challenge works on it exactly as on the
English one (``core.challenges`` recognises it by that pattern).
"""

from __future__ import annotations

from dataclasses import dataclass

import core
from app.text.i18n import LANGUAGES, SOURCE_LANGUAGE, current_language
from app.text.resources import ResourceError, load_json, localized


@dataclass(frozen=True)
class Example:
    """A sentence picked to show one head at its best."""

    label: str
    sentence: str
    head_id: str


@dataclass(frozen=True)
class LessonText:
    lesson: str
    examples: tuple[Example, ...]
    #: The museum exhibit's own sentences, offered by the kiosk besides the examples.
    exhibit: tuple[Example, ...] = ()


def _examples(entries: list) -> tuple[Example, ...]:
    return tuple(Example(str(e["label"]), str(e["sentence"]), str(e["head"])) for e in entries)


_read: dict[str, LessonText] = {}


def lesson_text(language: str) -> LessonText:
    """The lesson's sentence and examples for ``language`` (English when unusable).

    Read once per language; a damaged file is read again next time.
    """
    if language in _read:
        return _read[language]
    english = LessonText(core.LESSON_SENTENCE, ())
    try:
        data = load_json(localized("text/examples.json", language))
        examples = _examples(data["examples"])
        exhibit = _examples(data.get("exhibit", []))
        lesson = str(data["lesson"])
        core.tokenize(lesson)
    except (ResourceError, KeyError, TypeError, core.TokenError):
        return english if language == SOURCE_LANGUAGE else lesson_text(SOURCE_LANGUAGE)
    _read[language] = LessonText(lesson, examples, exhibit)
    return _read[language]


def lesson_sentence(language: str | None = None) -> str:
    """The lesson's sentence in ``language`` (default: the one in use)."""
    return lesson_text(language or current_language()).lesson


def examples(language: str | None = None) -> tuple[Example, ...]:
    return lesson_text(language or current_language()).examples


def exhibit_examples(language: str | None = None) -> tuple[Example, ...]:
    """The kiosk's own sentences in ``language`` (default: the one in use)."""
    return lesson_text(language or current_language()).exhibit


def is_lesson_sentence(sentence: str) -> bool:
    """Whether ``sentence`` is the lesson's, in any of the program's languages."""
    return any(sentence == lesson_sentence(code) for code in LANGUAGES)
