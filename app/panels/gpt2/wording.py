"""The GPT-2 page's sentences, in the language in use.

``core.gpt2`` returns data (shapes, scores, chance levels, error kinds and their facts);
this module words it through Qt's translation system with the language's number format.
The model's own tokens and guesses stay English: GPT-2 read English web pages.
"""

from __future__ import annotations

from app.model.gpt2_results import ModelAbout
from app.panels.english.wording import head_label, pattern_title
from app.text.head_words import pattern_letter, pattern_name
from app.text.wording import fill, format_count, format_weight, translate
from core.english.analysis import CLEAR_MATCH
from core.gpt2 import HeadScore, ModelFolderError, TooLongError


def gigabytes(size: int) -> str:
    """'1.9 GB' (decimal, as file managers count), '0.48 GB' under one."""
    value = size / 1e9
    return fill(translate("GPT2Model", "%1 GB"), format_weight(value, 1 if value >= 0.95 else 2))


def millions(count: int) -> str:
    return fill(translate("GPT2Model", "%1 million"), format_weight(count / 1e6, 1))


def no_model_text() -> str:
    return translate(
        "GPT2View",
        "No model is open yet. This page shows every head of GPT-2 small (or another model "
        "of the GPT-2 family) on your sentence, read from a folder on this computer that "
        "holds config.json, model.safetensors and tokenizer.json. The program never "
        "downloads a model: bring the folder on a USB stick and open it here.",
    )


def kiosk_no_model_text() -> str:
    return translate("GPT2View", "No model has been set up for this exhibit.")


def about_text(about: ModelAbout) -> str:
    """'gpt2: 12 layers of 12 heads, 124.4 million weights (0.50 GB), from /path.'"""
    return fill(
        translate(
            "GPT2Model",
            "%1: %2 layers of %3 heads, %4 weights (%5), read from %6. It reads at most %7 tokens.",
        ),
        about.name,
        about.n_layer,
        about.n_head,
        millions(about.n_params),
        gigabytes(about.file_size),
        about.folder,
        format_count(about.n_positions),
    )


def language_note() -> str:
    return translate(
        "GPT2View",
        "GPT-2 read English web pages: its tokens and its guesses stay English whatever "
        "language the program speaks.",
    )


def tokens_note() -> str:
    return translate(
        "GPT2View",
        "The model reads pieces of words, called tokens. ␣ marks a space at the start of a "
        "token: “␣cat” and “cat” are different tokens to it. A character it has no token "
        "for is cut into bytes: “ä 1/2” is the first of its two byte pieces.",
    )


def start_token_note() -> str:
    return translate(
        "GPT2View",
        "Position 0 is GPT-2's end-of-text token, which stood between the documents it "
        "learned from; here it starts every text, and heads with nothing to do rest their "
        "attention on it: an attention sink.",
    )


def progress_text(step: str, done: int, total: int) -> str:
    if step == "weights":
        return fill(
            translate("GPT2View", "Reading the weights: %1 of %2…"),
            gigabytes(done),
            gigabytes(total),
        )
    if step == "run":
        return fill(translate("GPT2View", "Running the model: layer %1 of %2…"), done, total)
    if step == "tokenizer":
        return translate("GPT2View", "Reading the tokenizer…")
    return translate("GPT2View", "Reading config.json…")


def _problem(error: ModelFolderError) -> str:
    facts = error.facts
    problems = {
        "not_a_folder": translate("GPT2Errors", "%1 is not a folder."),
        "missing": translate("GPT2Errors", "%1 lacks %2."),
        "no_safetensors": translate(
            "GPT2Errors",
            "%1 has %2 but no model.safetensors, the only weights file this program reads: "
            "download model.safetensors of the same model as well.",
        ),
        "config": translate("GPT2Errors", "%1 cannot be used: %2."),
        "architecture": translate(
            "GPT2Errors",
            "%1 belongs to a %2 model; this page reads models of the GPT-2 family only.",
        ),
        "activation": translate(
            "GPT2Errors", "%1 asks for the activation %2, which this program does not compute."
        ),
        "not_safetensors": translate("GPT2Errors", "%1 is not a safetensors file."),
        "truncated": translate(
            "GPT2Errors",
            "%1 has been cut short (a download or copy that stopped half-way): copy it again.",
        ),
        "dtype": translate("GPT2Errors", "%1 stores its weights as %2, which NumPy cannot read."),
        "mismatch": translate(
            "GPT2Errors",
            "The weights in %1 do not fit config.json (%2): they are not from the same model.",
        ),
        "tokenizer": translate("GPT2Errors", "%1 cannot be read as a tokenizer."),
        "vocabulary": translate(
            "GPT2Errors",
            "The tokenizer in %1 knows more tokens than the model: they are not from the "
            "same model.",
        ),
        "memory": translate(
            "GPT2Errors",
            "The weights in %1 need %2 of memory and %3 is free: close other programs or "
            "use a smaller model.",
        ),
    }
    names = facts.get("names")
    named = [str(n) for n in names] if isinstance(names, tuple | list) else []
    second = {
        "missing": " / ".join(named),
        "no_safetensors": ", ".join(named),
        "config": str(facts.get("detail", "")),
        "architecture": str(facts.get("model_type", "")),
        "activation": str(facts.get("activation", "")),
        "dtype": str(facts.get("dtype", "")),
        "mismatch": str(facts.get("tensor", "")),
    }.get(error.kind, "")
    if error.kind == "memory":
        needed, available = (facts.get(name) for name in ("needed", "available"))
        return fill(
            problems["memory"],
            error.path,
            gigabytes(needed if isinstance(needed, int) else 0),
            gigabytes(available if isinstance(available, int) else 0),
        )
    return fill(problems[error.kind], error.path, second)


def folder_error(error: ModelFolderError) -> str:
    """Why the model folder in use cannot be read, and what it needs."""
    return fill(translate("GPT2View", "The model could not be read. %1"), _problem(error))


def open_failed(error: ModelFolderError, still: str | None) -> str:
    """A folder the learner chose could not be used; nothing changed."""
    if still is None:
        return fill(translate("GPT2View", "That folder could not be used. %1"), _problem(error))
    return fill(
        translate("GPT2View", "That folder could not be used. %1 The model from %2 stays open."),
        _problem(error),
        still,
    )


def too_long_text(error: TooLongError) -> str:
    return fill(
        translate(
            "GPT2View",
            "This model reads at most %1 tokens and the sentence makes %2; shorten it to "
            "see its heads.",
        ),
        format_count(error.limit),
        format_count(error.n_tokens),
    )


def text_title(repeats: bool) -> str:
    return (
        translate("GPT2View", "A repeated passage")
        if repeats
        else translate("GPT2View", "Your sentence")
    )


def on_text(repeats: bool) -> str:
    """'on your sentence' / 'on the repeated passage', in the middle of a sentence."""
    return (
        translate("GPT2View", "on the repeated passage")
        if repeats
        else translate("GPT2View", "on your sentence")
    )


def head_title(layer: int, head: int, repeats: bool) -> str:
    """'Layer 5 head 1 on your sentence', the large map's title."""
    label = head_label(layer, head)
    return f"{label[:1].upper()}{label[1:]} {on_text(repeats)}"


def legend(patterns: tuple[str, ...]) -> str:
    """'P previous token · S same word · I induction · F first token · – no clear pattern'."""
    parts = [f"{pattern_letter(p)} {pattern_name(p)}" for p in patterns]
    parts.append(fill("– %1", translate("GPT2View", "no clear pattern")))
    return " · ".join(parts)


def grid_note() -> str:
    return translate(
        "GPT2View",
        "Every head on this text, layers down and heads across. Under each map: the "
        "pattern it follows most, and its score. Tap a map, or use the arrow keys and "
        "Enter, to show it large.",
    )


def map_caption(score: HeadScore | None) -> str:
    """Under a small map: 'I 0.85', or '–' when no pattern is clear."""
    if score is None or not score.clear:
        return "–"
    return f"{pattern_letter(score.pattern)} {format_weight(score.score)}"


def head_summary(layer: int, head: int, score: HeadScore | None) -> str:
    """'layer 5 head 1: induction 0.85' or 'layer 5 head 1: no clear pattern'."""
    label = head_label(layer, head)
    if score is None or not score.clear:
        return fill(translate("GPT2View", "%1: no clear pattern"), label)
    return fill("%1: %2 %3", label, pattern_name(score.pattern), format_weight(score.score))


def verdict(score: HeadScore | None, layer: int, head: int, repeats: bool) -> str:
    """What the selected head does on the text, against chance."""
    label = head_label(layer, head)
    label = label[:1].upper() + label[1:]
    if score is None:
        return fill(translate("GPT2View", "%1: nothing to measure %2."), label, on_text(repeats))
    if score.clear:
        template = translate("GPT2View", "%1 follows the %2 pattern %3: %4 (even attention: %5).")
    else:
        template = translate(
            "GPT2View",
            "%1 follows no pattern clearly %3; the closest is %2, %4 (even attention: %5).",
        )
    return fill(
        template,
        label,
        pattern_name(score.pattern),
        on_text(repeats),
        format_weight(score.score),
        format_weight(score.chance),
    )


def detector_note() -> str:
    return fill(
        translate(
            "GPT2View",
            "Each score is the share of the head's attention that lands where the pattern "
            "looks, from 0 to 1, averaged over the tokens that have such a place; “even "
            "attention” is what a head that spreads its attention evenly would score on the "
            "same text. A head is named after a pattern from %1 up, and only above even "
            "attention.",
        ),
        format_weight(CLEAR_MATCH, 1),
    )


def find_note() -> str:
    return translate("GPT2View", "Find the strongest head of each kind on this text:")


def find_answer(pattern: str, ranking: tuple[HeadScore, ...], repeats: bool) -> str:
    """Which head does ``pattern`` most on the text (best first), against chance."""
    if not ranking:
        return fill(
            translate(
                "GPT2View",
                "%1: this text gives the pattern nothing to find (no token repeats). Try "
                "the repeated passage.",
            ),
            pattern_title(pattern),
        )
    best = ranking[0]
    template = (
        translate("GPT2View", "%1 %2: the strongest is %3, %4 (even attention: %5).")
        if best.clear
        else translate(
            "GPT2View",
            "%1 %2: no head does it clearly; the closest is %3, %4 (even attention: %5).",
        )
    )
    text = fill(
        template,
        pattern_title(pattern),
        on_text(repeats),
        head_label(best.layer, best.head),
        format_weight(best.score),
        format_weight(best.chance),
    )
    if len(ranking) > 1:
        second = ranking[1]
        following = fill(
            translate("GPT2View", "Next: %1, %2."),
            head_label(second.layer, second.head),
            format_weight(second.score),
        )
        text = f"{text} {following}"
    return text


def predictions_title(query_label: str) -> str:
    return fill(
        translate("GPT2View", "After %1, the model's five likeliest next tokens:"), query_label
    )
