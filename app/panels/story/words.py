"""The two-layer walk-through's words: each step's title and text, the last step's status.

Rich text for the page's labels, written from the ``InductionStory`` the controller
published; numbers follow the language in use.
"""

from __future__ import annotations

from html import escape

import core
from app.text.wording import (
    decimal_sign,
    display_tokens,
    fill,
    focus_text,
    format_percent,
    shorten,
    translate,
)
from core.induction_story import InductionStory

STEP_COUNT = 5


def step_title(step: int) -> str:
    titles = (
        translate("InductionStory", "The problem"),
        translate("InductionStory", "Layer 1: every position learns its neighbour"),
        translate("InductionStory", "Layer 2: find what came next last time"),
        translate("InductionStory", "The same answer as the induction rule"),
        translate("InductionStory", "Why the mask makes a KV cache possible"),
    )
    return titles[step]


# -- words --------------------------------------------------------------------------------


def _tok(tokens: tuple[str, ...], i: int) -> str:
    """A token and its position, for rich text: “cat” (7)."""
    return f"<b>“{escape(shorten(tokens[i]))}”</b>&nbsp;({i})"


def _word(text: str) -> str:
    return f"<b>“{escape(shorten(text))}”</b>"


def _series(items: list[str], either: bool = False) -> str:
    """'a', 'a and b', 'a, b and c' (or '... or c')."""
    if len(items) == 1:
        return items[0]
    template = (
        translate("InductionStory", "%1 or %2")
        if either
        else translate("InductionStory", "%1 and %2")
    )
    return fill(template, ", ".join(items[:-1]), items[-1])


def _suggestion(story: InductionStory) -> str:
    repeats = story.layer_two.queries_with_copy
    if repeats:
        return fill(
            translate("InductionStory", "Pick a token that repeats, such as %1, to see it work."),
            _tok(story.tokens, repeats[-1]),
        )
    return translate(
        "InductionStory",
        "No word repeats in this sentence; try one that does, such as “a b c a b c”.",
    )


def _problem(story: InductionStory, query: str) -> str:
    tokens, q, two = story.tokens, story.query, story.layer_two
    general = translate(
        "InductionStory",
        "A key describes only its own token. Comparing the query with one key at a time, a "
        "single head cannot ask for “the token that came after an earlier copy of me”.",
    )
    if not two.has_copy:
        nothing = fill(
            translate(
                "InductionStory", "Here %1 has no earlier copy, so there is nothing to find."
            ),
            query,
        )
        return f"{general} {nothing} {_suggestion(story)}"
    first = two.matches[0]
    template = translate(
        "InductionStory",
        "At %1 an induction head should look at %2: what followed %3 before. But the key at %4 "
        "only says %5; nothing in it mentions the %6 in front of it.",
    )
    return (
        fill(
            template,
            query,
            _series([_tok(tokens, j) for j in two.matches]),
            _word(tokens[q]),
            first,
            _word(tokens[first]),
            _word(tokens[first - 1]),
        )
        + f" {general}"
    )


def _layer_one(story: InductionStory) -> str:
    tokens, two = story.tokens, story.layer_two
    example = two.matches[0] if two.has_copy else min(1, len(tokens) - 1)
    carried = story.layer_one.carried[example]
    after = (
        fill(
            translate("InductionStory", "so %1 now also carries %2."),
            _tok(tokens, example),
            _word(carried),
        )
        if carried is not None
        else translate("InductionStory", "though the first token has nothing before it to carry.")
    )
    template = translate(
        "InductionStory",
        "Elhage et al. (2021) describe how two layers manage it. An earlier layer holds a "
        "previous-token head: each position looks one step back (the outlined cells, just left "
        "of the diagonal) and adds a copy of that token to its own vector. Afterwards every "
        "position knows its neighbour, %1",
    )
    return fill(template, after)


def _layer_two(story: InductionStory, query: str) -> str:
    tokens, q, two = story.tokens, story.query, story.layer_two
    ask = fill(
        translate(
            "InductionStory", "In a later layer, the query at %1 asks which positions carry %2."
        ),
        query,
        _word(tokens[q]),
    )
    if not two.has_copy:
        none = fill(
            translate(
                "InductionStory",
                "None does: %1 has not appeared before. With nothing to match, the head rests "
                "on the first token (the rule's fallback) and predicts nothing. An induction "
                "head needs a repeat.",
            ),
            _word(tokens[q]),
        )
        return f"{ask} {none}"
    holders = _series([_tok(tokens, j) for j in two.matches])
    guesses = _series(
        [f"{_word(t)} ({format_percent(weight)})" for t, weight in two.predictions], either=True
    )
    template = (
        translate(
            "InductionStory",
            "One does: %2, outlined. Their values carry those tokens forward, so the head's "
            "guess for the next token is %3.",
        )
        if len(two.matches) == 1
        else translate(
            "InductionStory",
            "%1 positions do: %2, outlined. Their values carry those tokens forward, so the "
            "head's guess for the next token is %3.",
        )
    )
    return f"{ask} {fill(template, len(two.matches), holders, guesses)}"


def _agreement(story: InductionStory, query: str) -> str:
    tokens, q = story.tokens, story.query
    focus = focus_text(display_tokens(tokens), core.focus(story.agreement.induction_weights, q))
    difference = story.agreement.max_difference
    same = "0" if difference == 0 else _localized_general(difference)
    template = translate(
        "InductionStory",
        "The constructed induction head applies the rule in one go, without the two layers. "
        "Its weights are the same: for %1 both give %2, and over all %3 rows the largest "
        "difference is %4. Olsson et al. (2022) link heads like this to in-context learning: "
        "a model picking up a pattern from its own prompt.",
    )
    return fill(template, query, escape(focus), len(tokens), same)


def row_state(state: str) -> str:
    """A cache row's state as the picture labels it: new, changed or kept."""
    words = {
        "new": translate("InductionStory", "new"),
        "changed": translate("InductionStory", "changed"),
        "kept": translate("InductionStory", "kept"),
    }
    return words[state]


def _localized_general(value: float) -> str:
    """A tiny difference such as 2e-16, with the language's decimal sign."""
    return f"{value:.1g}".replace(".", decimal_sign())


def step_text(story: InductionStory, step: int) -> str:
    """What a step says, as rich text, for this sentence and query."""
    query = _tok(story.tokens, story.query)
    if step == 0:
        return _problem(story, query)
    if step == 1:
        return _layer_one(story)
    if step == 2:
        return _layer_two(story, query)
    if step == 3:
        return _agreement(story, query)
    return translate(
        "InductionStory",
        "The sentence arrives one token at a time, as when a model writes. With the mask on, "
        "no token may look ahead, so a newcomer never changes the rows before it. Their "
        "outputs, and the keys and values the next layer builds from them, can be computed "
        "once and kept: that store is the KV cache. With the mask off, every newcomer changes "
        "the earlier rows, and nothing could be kept.",
    )


def frame_status(story: InductionStory, length: int) -> str:
    """'Token 5 of 10: “dog”. Mask on: ...' for the last step."""
    frame = story.cache.frames[length - 1]
    tokens, earlier = story.tokens, length - 1
    head = fill(
        translate("InductionStory", "Token %1 of %2: %3."),
        length,
        len(tokens),
        _word(tokens[length - 1]),
    )
    if earlier == 0:
        nothing = translate(
            "InductionStory", "Nothing came before it, so there is nothing to reuse yet."
        )
        return f"{head} {nothing}"
    kept = earlier - int(frame.changed_masked.sum())
    moved = int(frame.changed_unmasked.sum())
    template = (
        translate(
            "InductionStory",
            "Mask on: %1 of %2 earlier row reused unchanged. Mask off: %3 of %2 changed.",
        )
        if earlier == 1
        else translate(
            "InductionStory",
            "Mask on: %1 of %2 earlier rows reused unchanged. Mask off: %3 of %2 changed.",
        )
    )
    return f"{head} {fill(template, kept, earlier, moved)}"
