"""Every word the program says about a head, or a pattern a trained head follows,
declared once per id of ``core.HEADS`` (and of the trained heads' own patterns,
``core.english.metrics.PATTERN_BY_ID``). The English source strings are marked for
translation here and translated where they are shown; the tables of names, summaries,
pattern names and the GPT-2 grid's letters are all read from ``WORDS``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.text.translation import QT_TRANSLATE_NOOP, translate


@dataclass(frozen=True)
class PatternWords:
    """The words for one pattern.

    Attributes
    ----------
    in_sentence : str
        Its name in the middle of a sentence ("previous token"; context "EnglishModel").
    formed, missing : str or None
        The English page's line when a trained head follows it clearly, and when none
        does ("A previous-token head formed (%1, %2)."); None for a pattern scored by
        evenness, which no head "forms".
    name, summary : str or None
        A constructed head's name on buttons and titles and its one sentence (context
        "Heads"); None for a pattern no constructed head follows.
    letter : callable or None
        The one letter of the GPT-2 grid, translated (a call, so that the letter keeps
        the words that tell its translator which pattern it stands for).
    """

    in_sentence: str
    formed: str | None = None
    missing: str | None = None
    name: str | None = None
    summary: str | None = None
    letter: Callable[[], str] | None = None


#: The words of every pattern, by id: the constructed heads in their order, then the
#: trained heads' own patterns.
WORDS: dict[str, PatternWords] = {
    "previous_token": PatternWords(
        name=QT_TRANSLATE_NOOP("Heads", "Previous token"),
        summary=QT_TRANSLATE_NOOP("Heads", "Every token looks at the token right before it."),
        in_sentence=QT_TRANSLATE_NOOP("EnglishModel", "previous token"),
        formed=QT_TRANSLATE_NOOP("EnglishModel", "A previous-token head formed (%1, %2)."),
        missing=QT_TRANSLATE_NOOP(
            "EnglishModel", "No clear previous-token head formed: the best is %1, %2."
        ),
        letter=lambda: translate("GPT2View", "P", "previous token"),
    ),
    "same_word": PatternWords(
        name=QT_TRANSLATE_NOOP("Heads", "Same word"),
        summary=QT_TRANSLATE_NOOP("Heads", "Every token looks for earlier copies of its own word."),
        in_sentence=QT_TRANSLATE_NOOP("EnglishModel", "same word"),
        formed=QT_TRANSLATE_NOOP("EnglishModel", "A same-word head formed (%1, %2)."),
        # Said plainly: prototypes of more layers and heads never lifted it above chance.
        missing=QT_TRANSLATE_NOOP(
            "EnglishModel",
            "A same-word (duplicate-token) head did not form in this model: the best is %1, %2.",
        ),
        letter=lambda: translate("GPT2View", "S", "same word"),
    ),
    "induction": PatternWords(
        name=QT_TRANSLATE_NOOP("Heads", "Induction"),
        summary=QT_TRANSLATE_NOOP(
            "Heads",
            "Every token finds where its word appeared before and looks at the token "
            "that followed it there, ready to predict a repeat.",
        ),
        in_sentence=QT_TRANSLATE_NOOP("EnglishModel", "induction"),
        formed=QT_TRANSLATE_NOOP("EnglishModel", "An induction head formed (%1, %2)."),
        missing=QT_TRANSLATE_NOOP(
            "EnglishModel", "No clear induction head formed: the best is %1, %2."
        ),
        letter=lambda: translate("GPT2View", "I", "induction"),
    ),
    "first_token": PatternWords(
        name=QT_TRANSLATE_NOOP("Heads", "First token"),
        summary=QT_TRANSLATE_NOOP(
            "Heads", "Every token rests its attention on the very first position."
        ),
        in_sentence=QT_TRANSLATE_NOOP("EnglishModel", "first token"),
        formed=QT_TRANSLATE_NOOP(
            "EnglishModel", "A first-token head, an attention sink, formed (%1, %2)."
        ),
        missing=QT_TRANSLATE_NOOP(
            "EnglishModel", "No clear first-token head formed: the best is %1, %2."
        ),
        letter=lambda: translate("GPT2View", "F", "first token"),
    ),
    "broad": PatternWords(
        name=QT_TRANSLATE_NOOP("Heads", "Broad"),
        summary=QT_TRANSLATE_NOOP(
            "Heads", "Every token spreads its attention evenly over all it can see."
        ),
        in_sentence=QT_TRANSLATE_NOOP("EnglishModel", "broad"),
    ),
    "current_token": PatternWords(
        in_sentence=QT_TRANSLATE_NOOP("EnglishModel", "current token"),
        formed=QT_TRANSLATE_NOOP("EnglishModel", "A current-token head formed (%1, %2)."),
        missing=QT_TRANSLATE_NOOP(
            "EnglishModel", "No clear current-token head formed: the best is %1, %2."
        ),
    ),
}


def _words(pattern: str, part: str) -> str:
    """One of a pattern's words, in English; a KeyError names what is not declared."""
    text = getattr(WORDS[pattern], part)
    if text is None:
        raise KeyError(f"{pattern!r} has no {part} in app/text/head_words.py")
    return text


def head_name(head_id: str) -> str:
    """The head's name as buttons and titles show it."""
    return translate("Heads", _words(head_id, "name"))


def head_summary(head_id: str) -> str:
    """One sentence on what the head does."""
    return translate("Heads", _words(head_id, "summary"))


def pattern_name(pattern: str) -> str:
    """A pattern's name in the middle of a sentence ('previous token')."""
    return translate("EnglishModel", _words(pattern, "in_sentence"))


def formed_template(pattern: str) -> str:
    """'A … head formed (%1, %2).': where, and its score against chance."""
    return translate("EnglishModel", _words(pattern, "formed"))


def missing_template(pattern: str) -> str:
    """'No clear … head formed: the best is %1, %2.'"""
    return translate("EnglishModel", _words(pattern, "missing"))


def pattern_letter(pattern: str) -> str:
    """The one letter a GPT-2 small map shows for a pattern."""
    letter = WORDS[pattern].letter
    if letter is None:
        raise KeyError(f"{pattern!r} has no letter in app/text/head_words.py")
    return letter()
