"""What ``core`` finds, put into words in the language in use.

``core`` returns data (key positions, weights, head and challenge ids, error
kinds); every sentence a learner reads is built here, through Qt's translation
system, with numbers formatted by ``QLocale`` (0,92 in German). Files meant for
other programs (CSV, JSON) never pass through here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QLocale

# Re-exported: a head's words are declared in head_words, and read through here too.
from app.text.head_words import head_name as head_name
from app.text.head_words import head_summary as head_summary
from app.text.i18n import current_language

# Re-exported: the words' modules mark and look up their strings through this module.
from app.text.translation import QT_TRANSLATE_NOOP as QT_TRANSLATE_NOOP
from app.text.translation import translate as translate
from core.challenges import Finding
from core.readout import Focus

if TYPE_CHECKING:  # core.learned is imported only by the pages that read a model
    pass


class Shown(Protocol):
    """What the words of a published result need: its tokens and where the query looks."""

    @property
    def tokens(self) -> tuple[str, ...]: ...

    @property
    def focus(self) -> Focus: ...


_PLACEHOLDER = re.compile(r"%(\d+)")


def fill(template: str, *values: object) -> str:
    """Put ``values`` into ``%1``, ``%2`` ... of a translated template (Qt's convention).

    One pass: a value that itself holds "%1" (a learner's token, say) stays as typed.
    """

    def value(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return str(values[number - 1]) if 1 <= number <= len(values) else match.group(0)

    return _PLACEHOLDER.sub(value, template)


# -- numbers ----------------------------------------------------------------------------------


def _locale() -> QLocale:
    """The language in use's number format (never the machine's: tests and the C locale
    would otherwise write 12288 for 12,288)."""
    return _locale_of(current_language())


@lru_cache(maxsize=8)
def _locale_of(language: str) -> QLocale:
    return QLocale(language)


@lru_cache(maxsize=8)
def _decimal_sign_of(language: str) -> str:
    # Cached: a 64-token heatmap writes 4,096 numbers per redraw.
    return QLocale(language).decimalPoint()


def _localized(text: str) -> str:
    """A number Python wrote ('0.92'), with the language's decimal sign ('0,92')."""
    sign = _decimal_sign_of(current_language())
    return text if sign == "." else text.replace(".", sign)


def decimal_sign() -> str:
    """The language in use's decimal sign: '.' in English, ',' in German."""
    return _decimal_sign_of(current_language())


def format_weight(weight: float, decimals: int = 2) -> str:
    """A weight as every page writes it, two decimals: 0.9168 -> '0.92' (German '0,92')."""
    # Called for every heatmap cell on every redraw (4,096 at 64 tokens): kept lean.
    text = f"{weight:.2f}" if decimals == 2 else f"{weight:.{decimals}f}"
    sign = _decimal_sign_of(current_language())
    return text if sign == "." else text.replace(".", sign)


def format_weights(weights: Iterable[float]) -> list[str]:
    """Many weights as ``format_weight`` writes each: every heatmap cell at every redraw
    (4,096 at 64 tokens), in one pass over plain floats."""
    texts = [f"{weight:.2f}" for weight in weights]
    sign = decimal_sign()
    return texts if sign == "." else [text.replace(".", sign) for text in texts]


def format_percent(weight: float) -> str:
    """A weight as a whole percentage: 0.9168 -> '92%' (German '92 %')."""
    return fill(translate("Numbers", "%1%"), f"{weight * 100:.0f}")


def format_count(number: int) -> str:
    """A whole number with the language's grouping: 4,000 (German 4.000)."""
    return _locale().toString(number)


# -- the readout ------------------------------------------------------------------------------


def token_label(tokens: Sequence[str], position: int) -> str:
    """'chased (2)': a token with its position."""
    return f"{tokens[position]} ({position})"


def join_names(names: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the language in use."""
    if len(names) == 1:
        return names[0]
    return fill(translate("Readout", "%1 and %2"), ", ".join(names[:-1]), names[-1])


#: Tokens longer than this are shortened for display (a pasted 4,000-letter word must
#: not push the window apart); the full token is still what the rules compare.
DISPLAY_CHARS = 24


def shorten(token: str, limit: int = DISPLAY_CHARS) -> str:
    """``token`` cut to ``limit`` characters with an ellipsis when longer."""
    return token if len(token) <= limit else token[: limit - 1] + "…"


def display_tokens(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(shorten(t) for t in tokens)


def readout_of(result: Shown) -> str:
    """The readout of a published result: 'cat (7) looks most at chased (2), 92%'."""
    return readout_text(display_tokens(result.tokens), result.focus)


def focus_of(result: Shown) -> str:
    """Where a published result's query looks, in words: 'chased (2), 92%'."""
    return focus_text(display_tokens(result.tokens), result.focus)


def focus_text(tokens: Sequence[str], focus: Focus) -> str:
    """'chased (2), 92%'; a tie: 'cat (1) and dog (4), 48% each'; a spread: '8 tokens, 12% each'."""
    percent = format_percent(focus.weight)
    if not focus.is_tie:
        return f"{token_label(tokens, focus.keys[0])}, {percent}"
    if focus.is_spread:  # an even spread: a count reads better than a list
        return fill(translate("Readout", "%1 tokens, %2 each"), len(focus.keys), percent)
    names = join_names([token_label(tokens, k) for k in focus.keys])
    return fill(translate("Readout", "%1, %2 each"), names, percent)


def readout_text(tokens: Sequence[str], focus: Focus) -> str:
    """'cat (7) looks most at chased (2), 92%' or 'the (6) is split between ..., 48% each'."""
    template = (
        translate("Readout", "%1 is split between %2")
        if focus.is_tie
        else translate("Readout", "%1 looks most at %2")
    )
    return fill(template, token_label(tokens, focus.query), focus_text(tokens, focus))


# -- heads ------------------------------------------------------------------------------------


def heatmap_title(head_id: str, causal: bool) -> str:
    """'Induction head — causal mask on': what the heatmap (on screen and on paper) shows."""
    template = (
        translate("HeatmapView", "%1 head — causal mask on")
        if causal
        else translate("HeatmapView", "%1 head — causal mask off")
    )
    return fill(template, head_name(head_id))


# -- challenges -------------------------------------------------------------------------------


def challenge_title(challenge_id: str) -> str:
    titles = {
        "induction_next": translate("Challenges", "Predict the next word"),
        "first_occurrence": translate("Challenges", "Nothing to copy"),
        "look_ahead": translate("Challenges", "Peek at the future"),
    }
    return titles[challenge_id]


def challenge_hint(challenge_id: str) -> str:
    hints = {
        "induction_next": translate(
            "Challenges",
            "Induction head, mask on: find a query (other than the lesson's second 'cat') "
            "whose strongest look lands on the same word as the token right after it.",
        ),
        "first_occurrence": translate(
            "Challenges",
            "Same-word head, mask on: pick a word that has not appeared before and see "
            "where it looks when it has no earlier copy.",
        ),
        "look_ahead": translate(
            "Challenges",
            "Switch the causal mask off and find a query whose favourite key comes after it.",
        ),
    }
    return hints[challenge_id]


def challenge_ties(challenge_id: str) -> str:
    """How a tie between favourites is judged, in words."""
    ties = {
        "induction_next": translate(
            "Challenges",
            "If the query splits its attention evenly, every key in the tie must hold that word.",
        ),
        "first_occurrence": translate("Challenges", "Any tie counts here: only the word matters."),
        "look_ahead": translate(
            "Challenges",
            "If the query splits its attention evenly, it counts when every key in the tie "
            "comes after the query.",
        ),
    }
    return ties[challenge_id]


def _names_and_percent(tokens: Sequence[str], focus: Focus) -> tuple[str, str, str]:
    """The query's label, its favourites' names and their weight, ready for a template."""
    names = join_names([token_label(tokens, k) for k in focus.keys])
    return token_label(tokens, focus.query), names, format_percent(focus.weight)


def _confirm_induction(tokens: Sequence[str], finding: Finding) -> str:
    query = finding.focus.query
    template = (
        translate(
            "Challenges", "%1 splits evenly between %2, %3 each, and “%4” is indeed the next token."
        )
        if finding.focus.is_tie
        else translate("Challenges", "%1 looks most at %2, %3, and “%4” is indeed the next token.")
    )
    found = fill(template, *_names_and_percent(tokens, finding.focus), finding.next_token)
    if finding.match == "copy":
        move = translate(
            "Challenges",
            "That is the induction move: find the earlier copy, look at what followed.",
        )
        return f"{found} {move}"
    fallback = fill(
        translate(
            "Challenges",
            "But that was the first-token fallback, not the induction move: “%1” has no "
            "earlier copy to follow, so position 0 won by default.",
        ),
        tokens[query],
    )
    text = f"{found} {fallback}"
    if finding.example is not None:
        compare = fill(
            translate("Challenges", "Compare %1, which does find one."),
            token_label(tokens, finding.example),
        )
        text = f"{text} {compare}"
    return text


def confirmation(tokens: Sequence[str], finding: Finding) -> str:
    """The sentence that tells the learner what they found."""
    if finding.challenge_id == "induction_next":
        return _confirm_induction(tokens, finding)
    tie = finding.focus.is_tie
    if finding.challenge_id == "first_occurrence":
        template = (
            translate(
                "Challenges", "%1 has no earlier copy, so it splits evenly between %2, %3 each."
            )
            if tie
            else translate("Challenges", "%1 has no earlier copy, so it looks most at %2, %3.")
        )
    else:
        template = (
            translate(
                "Challenges",
                "%1 splits evenly between %2, %3 each, all of them after the query. With the "
                "mask on, none of that weight would be allowed.",
            )
            if tie
            else translate(
                "Challenges",
                "%1 looks most at %2, %3, it after the query. With the mask on, none of that "
                "weight would be allowed.",
            )
        )
    return fill(template, *_names_and_percent(tokens, finding.focus))


def short_note(finding: Finding) -> str:
    """A few words for a passing banner ('' for none); the Goals page has the whole story."""
    if finding.challenge_id == "induction_next" and finding.match == "fallback":
        return translate(
            "Challenges",
            "Only through the first-token fallback, not the induction move: see Goals.",
        )
    return ""
