"""The lesson's formulas as typeset pieces, and the words that tie them to the numbers."""

from __future__ import annotations

import html

import numpy as np

from app.model.results import ShapeResult
from app.panels.formula import Cases, Frac, Scripts, Sqrt, T, seq, var
from app.panels.matrix_painting import MINUS_INF, score_text
from app.text.wording import (
    display_tokens,
    fill,
    format_count,
    format_weight,
    token_label,
    translate,
)
from core.steps import AttentionSteps


def attention_formula() -> tuple[list, str]:
    """weights = softmax(QKᵀ/√d_k + M), with M's two cases; and its plain text."""
    scores = Frac(seq(var("Q"), Scripts(var("K"), sup=T("⊤"))), Sqrt(var("d", "k")))
    weights_word = translate("LessonFormulas", "weights")
    if_word = translate("LessonFormulas", "if")
    lines = [
        [seq(f"{weights_word} = "), seq("softmax(", scores, " + ", var("M"), ")")],
        [
            seq(var("M", "ij"), " = "),
            Cases(
                (
                    (T("0"), seq(f"{if_word} ", var("j"), " ≤ ", var("i"))),
                    (T(MINUS_INF), seq(f"{if_word} ", var("j"), " > ", var("i"))),
                )
            ),
        ],
    ]
    spoken = translate(
        "LessonFormulas",
        "weights equal softmax of Q K transposed over the square root of d k, plus M; "
        "M i j is 0 where j is at most i, and minus infinity where j is greater than i",
    )
    return lines, spoken


def tie_text(causal: bool) -> str:
    """How the steps tie to the formula, with the mask on or off."""
    if causal:
        return translate(
            "LessonFormulas",
            "Step 1 shows <i>S</i> = <i>QK</i><sup>⊤</sup>/√<i>d</i><sub>k</sub>: a trained "
            "head gets its scores that way, while these heads' rules write <i>S</i> directly. "
            "Step 2 adds <i>M</i>, step 3 applies the softmax to each row.",
        )
    return translate(
        "LessonFormulas",
        "Step 1 shows <i>S</i> = <i>QK</i><sup>⊤</sup>/√<i>d</i><sub>k</sub>: a trained head "
        "gets its scores that way, while these heads' rules write <i>S</i> directly. "
        "With the mask off <i>M</i> is 0 everywhere, so the softmax of <i>S</i> gives the "
        "weights.",
    )


def worked_example(steps: AttentionSteps, query: int) -> str:
    """The formula on the query's row, with this sentence's numbers (rich text)."""
    tokens = display_tokens(steps.tokens)
    row = steps.weights[query]
    favourite = int(np.argmax(row))
    parts = [_cell(steps, tokens, query, favourite)]
    if steps.causal and query + 1 < len(tokens):
        parts.append(_cell(steps, tokens, query, query + 1))
    on_row = fill(translate("LessonFormulas", "On row %1:"), _esc(token_label(tokens, query)))
    return f"{on_row} " + "; ".join(parts) + "."


def _cell(steps: AttentionSteps, tokens, i: int, j: int) -> str:
    m = MINUS_INF if steps.hidden[i, j] else "0"
    template = translate("LessonFormulas", "key %1 has <i>S</i> = %2, <i>M</i> = %3, weight %4")
    return fill(
        template,
        _esc(token_label(tokens, j)),
        score_text(steps.scores[i, j]),
        m,
        format_weight(steps.weights[i, j]),
    )


def _esc(text: str) -> str:
    return html.escape(text)


def _head(sub: str) -> Scripts:
    return Scripts(T("head"), sub=T(sub, italic=sub.isalpha()))


def _w(sub: str | None, sup: str) -> Scripts:
    return Scripts(T("W", italic=True), T(sub, italic=True) if sub else None, T(sup, italic=True))


D_MODEL = Scripts(T("d", italic=True), sub=T("model"))
D_K = var("d", "k")


def multi_head_formula(shape: ShapeResult) -> tuple[list, str]:
    """head_i and MultiHead, with the shapes of ``shape``'s matrices; and the plain text."""
    x = var("X")
    h, d_k, d_model = shape.n_heads, shape.d_k, shape.d_model
    n = format_count
    lines = [
        [
            seq(_head("i"), " = "),
            seq("Attention(", x, _w("i", "Q"), ", "),
            seq(x, _w("i", "K"), ", "),
            seq(x, _w("i", "V"), ")"),
        ],
        [
            seq("MultiHead(", x, ") = "),
            seq("Concat(", _head("1"), ", "),
            seq("…, ", _head("h"), ")"),
            seq(" ", _w(None, "O")),
        ],
        [
            seq(_w("i", "Q"), ", ", _w("i", "K"), ", ", _w("i", "V"), ": "),
            seq(D_MODEL, " × ", D_K, " = "),
            seq(fill(translate("LessonFormulas", "%1 × %2 each, "), n(d_model), n(d_k))),
            seq(var("i"), f" = 1 … {h}"),
        ],
        [
            seq(_w(None, "O"), ": "),
            seq(D_MODEL, " × ", D_MODEL, " = "),
            seq(f"{n(d_model)} × {n(d_model)}"),
        ],
    ]
    spoken = fill(
        translate(
            "LessonFormulas",
            "head i equals Attention of X W i Q, X W i K, X W i V. "
            "MultiHead of X equals Concat of head 1 to head h, times W O. "
            "Each W i Q, W i K and W i V is d model by d k, %1 by %2, for i from 1 to %3; "
            "W O is d model by d model, %1 by %1.",
        ),
        d_model,
        d_k,
        h,
    )
    if shape.n_kv_heads != h:
        of_the = fill(translate("LessonFormulas", "%1 of the "), shape.n_kv_heads)
        lines.append(
            [
                seq(translate("LessonFormulas", "Shared keys and values: only ")),
                seq(
                    of_the, _w("i", "K"), ", ", _w("i", "V"), translate("LessonFormulas", " pairs")
                ),
            ]
        )
        shared = translate("LessonFormulas", "Keys and values are shared: only %1 W K, W V pairs.")
        spoken += " " + fill(shared, shape.n_kv_heads)
    return lines, spoken
