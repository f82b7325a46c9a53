"""The English-model page's sentences, in the language in use.

``core.english`` returns data (layers, heads, scores, which patterns formed); this
module words it through Qt's translation system with the language's number format.
The model's own words (tokens, guesses) stay English: it has read nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.model.english_results import EnglishAbout, Ranked
from app.text.wording import (
    fill,
    format_count,
    format_percent,
    format_weight,
    head_name,
    translate,
)
from core.english.analysis import CLEAR_MATCH, HeadDetection
from core.english.summary import Formation


def head_label(layer: int, head: int) -> str:
    """'layer 1 head 2': layers count from 1, heads from 0, as on the Learned page."""
    return fill(translate("EnglishModel", "layer %1 head %2"), layer + 1, head)


def head_title(layer: int, head: int) -> str:
    """'Layer 1 head 2 on your sentence', the large map's title."""
    return fill(translate("EnglishModel", "Layer %1 head %2 on your sentence"), layer + 1, head)


def pattern_name(head_id: str) -> str:
    """A constructed head's pattern in the middle of a sentence ('previous token')."""
    names = {
        "previous_token": translate("EnglishModel", "previous token"),
        "same_word": translate("EnglishModel", "same word"),
        "induction": translate("EnglishModel", "induction"),
        "first_token": translate("EnglishModel", "first token"),
        "broad": translate("EnglishModel", "broad"),
    }
    return names[head_id]


def no_clear_pattern() -> str:
    return translate("EnglishModel", "no clear pattern")


def score_text(score: float | None) -> str:
    """'0.87' ('0,87' in German), or a dash where the pattern has no cell to score."""
    return "–" if score is None else format_weight(score)


def map_subtitle(match: tuple[str, float] | None) -> str:
    """Under a small map: 'previous token 0.87' or 'no clear pattern'."""
    if match is None:
        return no_clear_pattern()
    return f"{pattern_name(match[0])} {format_weight(match[1])}"


def verdict(detection: HeadDetection) -> str:
    """'Layer 1 head 2: previous token, 0.87. On the probe texts: previous token, 0.91.'"""
    label = head_label(detection.layer, detection.head)
    label = label[:1].upper() + label[1:]
    match, probe = detection.match, detection.probe_match
    here = (
        fill(translate("EnglishModel", "%1: no clear pattern."), label)
        if match is None
        else fill(
            translate("EnglishModel", "%1: %2, %3."),
            label,
            pattern_name(match[0]),
            format_weight(match[1]),
        )
    )
    there = (
        translate("EnglishModel", "On the probe texts: no clear pattern.")
        if probe is None
        else fill(
            translate("EnglishModel", "On the probe texts: %1, %2."),
            pattern_name(probe[0]),
            format_weight(probe[1]),
        )
    )
    return f"{here} {there}"


def detector_note() -> str:
    return fill(
        translate(
            "EnglishModel",
            "Each score is the share of the head's attention that lands where the constructed "
            "head would look (for Broad: how evenly it spreads), from 0 to 1. A head is named "
            "after a pattern from %1 up; below that it has no clear pattern. A dash: the "
            "sentence has nothing to score that pattern on (no repeated word, say).",
        ),
        format_weight(CLEAR_MATCH, 1),
    )


def where_answer(head_id: str, ranking: Sequence[Ranked]) -> str:
    """Which heads of the model come closest to a constructed head (best first)."""
    layer, head, here, probes = ranking[0]
    closest = (
        fill(
            translate("EnglishModel", "%1 (%2 on the probe texts, %3 on your sentence)"),
            head_label(layer, head),
            format_weight(probes),
            format_weight(here),
        )
        if here is not None
        else fill(
            translate("EnglishModel", "%1 (%2 on the probe texts, nothing to score here)"),
            head_label(layer, head),
            format_weight(probes),
        )
    )
    template = (
        translate("EnglishModel", "%1: the best match is %2. It is shown large above.")
        if probes >= CLEAR_MATCH
        else translate(
            "EnglishModel",
            "%1: no head of this model does it clearly. The closest is %2, shown large above.",
        )
    )
    text = fill(template, head_name(head_id), closest)
    if len(ranking) > 1:
        layer, head, _, probes = ranking[1]
        following = fill(
            translate("EnglishModel", "Next: %1, %2."),
            head_label(layer, head),
            format_weight(probes),
        )
        text = f"{text} {following}"
    return text


def unknown_words_note(words: Sequence[str], shown: int = 12) -> str:
    """The sentence's words the model does not know (the first ``shown`` of them)."""
    listed = ", ".join(words[:shown]) + (" …" if len(words) > shown else ".")
    return fill(
        translate("EnglishModel", "Words it does not know, read as one “unknown word” token: %1"),
        listed,
    )


def predictions_title(query_label: str) -> str:
    return fill(
        translate("EnglishModel", "After %1, the model's five likeliest next words:"), query_label
    )


def unknown_word() -> str:
    """How the unknown-word token is shown among the guesses."""
    return translate("EnglishModel", "(unknown word)")


def formation_line(formation: Formation) -> str:
    """'A previous token head formed (layer 1 head 0, 0.90).' or why none did."""
    where = head_label(formation.layer, formation.head)
    if formation.formed:
        return fill(
            translate("EnglishModel", "A %1 head formed (%2, %3)."),
            pattern_name(formation.head_id),
            where,
            format_weight(formation.score),
        )
    return fill(
        translate("EnglishModel", "No clear %1 head formed: the best is %2, %3, under %4."),
        pattern_name(formation.head_id),
        where,
        format_weight(formation.score),
        format_weight(formation.bar, 1),
    )


def loss_line(losses: tuple[float, float] | None) -> str:
    """The held-out losses of the model and of a word-pair count, in one sentence."""
    if losses is None:
        return ""
    model, bigram = losses
    template = (
        translate(
            "EnglishModel",
            "On text it never trained on it guesses the next word better than a word-pair "
            "count (loss %1 against %2 nats per word).",
        )
        if model < bigram
        else translate(
            "EnglishModel",
            "On text it never trained on it guesses the next word no better than a word-pair "
            "count (loss %1 against %2 nats per word).",
        )
    )
    return fill(template, format_weight(model), format_weight(bigram))


def _training_line(about: EnglishAbout) -> str:
    share, weight = about.repeat_share, about.copy_weight
    if share is None:
        return ""
    if weight is not None and weight != 1:
        return fill(
            translate(
                "EnglishModel",
                "In %1 of its training passages a stretch of the text was followed by a copy "
                "of itself, and guessing the copied words counted %2 times as much, so that "
                "copying earlier text paid off often enough for induction to form.",
            ),
            format_percent(share),
            format_weight(weight, 0) if float(weight).is_integer() else format_weight(weight, 1),
        )
    return fill(
        translate(
            "EnglishModel",
            "In %1 of its training passages a stretch of the text was followed by a copy of "
            "itself, so that copying earlier text paid off often enough for induction to form.",
        ),
        format_percent(share),
    )


def about_text(about: EnglishAbout) -> str:
    """Where the model comes from, what it saw, and what formed in it."""
    origin = fill(
        translate(
            "EnglishModel",
            "A model that has read English: %1 attention layers of %2 heads, %3 lower-cased "
            "words and punctuation marks plus one token for every other word, trained with "
            "this program's own NumPy code on the World English Bible (public domain; Debian "
            "package %4).",
        ),
        about.n_layers,
        about.n_heads,
        format_count(about.n_words),
        " ".join(part for part in about.source if part),
    )
    parts = [origin, _training_line(about), loss_line(about.losses)]
    parts.extend(formation_line(f) for f in about.formations)
    return " ".join(part for part in parts if part)
