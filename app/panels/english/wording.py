"""The English-model page's sentences, in the language in use.

``core.english`` returns data (layers, heads, held-out scores, which patterns formed);
this module words it through Qt's translation system with the language's number
format. The model's own words (tokens, guesses) stay English: it has read nothing else.
Every number said about a head comes from its held-out scores (``HeadVerdict``), the
same measurement as its verdict.
"""

from __future__ import annotations

from app.model.english_results import EnglishAbout, Ranked
from app.text.head_words import formed_template, missing_template, pattern_name
from app.text.wording import fill, format_count, format_percent, format_weight, translate
from core.english.analysis import CLEAR_MATCH, HeadVerdict
from core.english.metrics import KIND_OF
from core.english.summary import Formation


def head_label(layer: int, head: int) -> str:
    """'layer 1 head 2': layers count from 1, heads from 0, as on the Learned page."""
    return fill(translate("EnglishModel", "layer %1 head %2"), layer + 1, head)


def head_title(layer: int, head: int) -> str:
    """'Layer 1 head 2 on your sentence', the large map's title."""
    return fill(translate("EnglishModel", "Layer %1 head %2 on your sentence"), layer + 1, head)


def pattern_title(pattern: str) -> str:
    """A pattern's name at the start of a table row ('Previous token')."""
    name = pattern_name(pattern)
    return name[:1].upper() + name[1:]


def kind_name(kind: str) -> str:
    """The kind of held-out text a pattern is read on, as a table cell."""
    names = {
        "prose": translate("EnglishModel", "prose"),
        "repeats": translate("EnglishModel", "repeats"),
    }
    return names[kind]


def job_text(kind: str, pattern: str, score: float) -> str:
    """'on prose: first token 0.68' or 'on repeats: induction 0.66'."""
    template = (
        translate("EnglishModel", "on prose: %1 %2")
        if kind == "prose"
        else translate("EnglishModel", "on repeats: %1 %2")
    )
    return fill(template, pattern_name(pattern), format_weight(score))


def no_clear_pattern() -> str:
    return translate("EnglishModel", "no clear pattern")


def jobs_text(verdict: HeadVerdict) -> str:
    """A head's verdict, the same under its small map, in the detector and in answers:
    'on prose: first token 0.68; on repeats: induction 0.66' or 'no clear pattern'."""
    jobs = verdict.jobs
    if not jobs:
        return no_clear_pattern()
    return "; ".join(job_text(*job) for job in jobs)


def map_subtitle(verdict: HeadVerdict) -> str:
    """Under a small map: the head's verdict."""
    return jobs_text(verdict)


def verdict(v: HeadVerdict) -> str:
    """'Layer 2 head 1 does two jobs: on prose: first token 0.68; on repeats: induction 0.66.'"""
    label = head_label(v.layer, v.head)
    label = label[:1].upper() + label[1:]
    jobs = v.jobs
    if not jobs:
        template = translate("EnglishModel", "%1: no clear pattern on held-out text.")
        return fill(template, label)
    template = (
        translate("EnglishModel", "%1 does two jobs: %2.")
        if len(jobs) == 2
        else translate("EnglishModel", "%1: %2.")
    )
    return fill(template, label, jobs_text(v))


def detector_note() -> str:
    return fill(
        translate(
            "EnglishModel",
            "Each score is the share of the head's attention that lands where the pattern "
            "looks (for Broad: how evenly it spreads), from 0 to 1. It is measured once, on "
            "passages it never trained on, 32 from each of its four sources (the Bible, "
            "WordNet, the sayings, the everyday text): plain prose, and for induction prose "
            "followed by its own repeat. A head is named after a pattern from %1 up. Beside "
            "each score: what a head spreading its attention evenly would score on the same "
            "text, the level a score must rise above to mean anything.",
        ),
        format_weight(CLEAR_MATCH, 1),
    )


def score_of(v: HeadVerdict, pattern: str) -> str:
    """'0.66 on repeats': one held-out score and the text it was read on."""
    template = (
        translate("EnglishModel", "%1 on prose")
        if KIND_OF[pattern] == "prose"
        else translate("EnglishModel", "%1 on repeats")
    )
    return fill(template, format_weight(v.scores[pattern]))


def where_answer(pattern: str, ranking: Ranked) -> str:
    """Which heads of the model come closest to a pattern (best first)."""
    best = ranking[0]
    closest = fill("%1 (%2)", head_label(best.layer, best.head), score_of(best, pattern))
    template = (
        translate("EnglishModel", "%1: the best match is %2. It is shown large above.")
        if best.scores[pattern] >= CLEAR_MATCH
        else translate(
            "EnglishModel",
            "%1: no head of this model does it clearly. The closest is %2, shown large above.",
        )
    )
    text = fill(template, pattern_title(pattern), closest)
    if len(ranking) > 1:
        second = ranking[1]
        following = fill(
            translate("EnglishModel", "Next: %1, %2."),
            head_label(second.layer, second.head),
            score_of(second, pattern),
        )
        text = f"{text} {following}"
    return text


def chance_cell(chance: float | None) -> str:
    """The even-attention level in the detector's table, or a dash where none is recorded."""
    return format_weight(chance) if chance is not None else "–"


def not_formed_cell(formation: Formation) -> str:
    """In the detector's table, beside a pattern no head of the model does clearly."""
    return fill(
        translate("HeadDetector", "did not form in this model: best %1, even attention %2"),
        format_weight(formation.score),
        chance_cell(formation.chance),
    )


def unknown_words_note(words: tuple[str, ...], shown: int = 12) -> str:
    """The sentence's words the model does not know (the first ``shown`` of them)."""
    listed = ", ".join(words[:shown]) + (" …" if len(words) > shown else ".")
    return fill(
        translate("EnglishModel", "Words it does not know, read as one “unknown word” token: %1"),
        listed,
    )


def read_as_note(forms: tuple[tuple[str, str], ...], shown: int = 12) -> str:
    """The sentence's words read as forms of words the model knows (the first ``shown``)."""
    pairs = [fill(translate("EnglishModel", "%1 as %2"), typed, read) for typed, read in forms]
    listed = ", ".join(pairs[:shown]) + (" …" if len(pairs) > shown else ".")
    return fill(
        translate("EnglishModel", "Words it does not know, read as forms of words it does: %1"),
        listed,
    )


def words_note(unknown: tuple[str, ...], forms: tuple[tuple[str, str], ...]) -> str:
    """What the model makes of the sentence's words outside its vocabulary."""
    notes = [read_as_note(forms)] if forms else []
    return "\n".join(notes + ([unknown_words_note(unknown)] if unknown else []))


def predictions_title(query_label: str) -> str:
    return fill(
        translate("EnglishModel", "After %1, the model's five likeliest next words:"), query_label
    )


def unknown_word() -> str:
    """How the unknown-word token is shown among the guesses."""
    return translate("EnglishModel", "(unknown word)")


def start_token() -> str:
    """How the beginning-of-text token is shown on chips and map labels."""
    return translate("EnglishModel", "‹start›")


def start_token_note() -> str:
    return translate(
        "EnglishModel",
        "Position 0 is a start token the model reads before every text, so your words sit "
        "one place later here. Models have one so that a head with nothing useful to look "
        "at has a fixed place to put its attention: an attention sink.",
    )


def formation_line(formation: Formation) -> str:
    """'An induction head formed (layer 2 head 1, 0.66 on repeats).' or why none did."""
    where = head_label(formation.layer, formation.head)
    template = (
        formed_template(formation.head_id)
        if formation.formed
        else missing_template(formation.head_id)
    )
    return fill(
        template, where, score_against_chance(formation.kind, formation.score, formation.chance)
    )


def score_against_chance(kind: str, score: float, chance: float | None) -> str:
    """'0.73 on repeats, against 0.02 for even attention' (without the chance level when
    the file records none)."""
    if chance is None:
        on = (
            translate("EnglishModel", "%1 on prose")
            if kind == "prose"
            else translate("EnglishModel", "%1 on repeats")
        )
        return fill(on, format_weight(score))
    on = (
        translate("EnglishModel", "%1 on prose, against %2 for even attention")
        if kind == "prose"
        else translate("EnglishModel", "%1 on repeats, against %2 for even attention")
    )
    return fill(on, format_weight(score), format_weight(chance))


def source_name(name: str) -> str:
    names = {
        "bible": translate("EnglishModel", "the Bible"),
        "wordnet": translate("EnglishModel", "WordNet"),
        "fortunes": translate("EnglishModel", "the sayings"),
        "everyday": translate("EnglishModel", "the everyday text"),
        "unseen": translate("EnglishModel", "sayings it never read"),
    }
    return names.get(name, name)


def loss_line(losses: dict[str, tuple[float, float]]) -> str:
    """The held-out losses of the model and of a word-pair count, in one sentence."""
    if not losses:
        return ""
    better = all(model < bigram for model, bigram in losses.values())
    figures = ", ".join(
        fill(
            translate("EnglishModel", "%1 %2 against %3"),
            source_name(name),
            format_weight(model),
            format_weight(bigram),
        )
        for name, (model, bigram) in losses.items()
    )
    template = (
        translate(
            "EnglishModel",
            "On held-out text of each source, and on a collection of sayings it never "
            "trained on, it guesses the next word better than a word-pair count (loss in "
            "nats per word: %1).",
        )
        if better
        else translate(
            "EnglishModel",
            "On held-out text it does not always guess the next word better than a "
            "word-pair count (loss in nats per word: %1).",
        )
    )
    return fill(template, figures)


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
            "this program's own NumPy code on the World English Bible, WordNet's definitions "
            "and example sentences, fortune-cookie sayings and a short everyday text of our "
            "own (all under free licences, from Debian packages).",
        ),
        about.n_layers,
        about.n_heads,
        format_count(about.n_words),
    )
    parts = [origin, _training_line(about), loss_line(about.losses)]
    parts.extend(formation_line(f) for f in about.formations)
    return " ".join(part for part in parts if part)
