"""The teacher's key: every answer of the worksheet, on pages of its own.

All of it comes from ``WorksheetResults`` (``core``'s rules on the worksheet's
sentence), worded with the program's own sentences where it has them (the challenges'
confirmations).
"""

from __future__ import annotations

from dataclasses import replace

import core
from app.export.pages import Block, kept
from app.export.sheet import MUTED, Sheet
from app.export.sheet_blocks import (
    answer_lines,
    choice_lines,
    grid_table,
    heading,
    maps_block,
    matrix_block,
    paragraph,
    subheading,
)
from app.export.worksheet import (
    PRESET_BLANKS,
    letter,
    map_prompt,
    mask_grid,
    mask_labels,
    presets_header,
    presets_rows,
    question_title,
    table_matrix,
)
from app.model.worksheet_results import ChallengeAnswers, WorksheetResults
from app.text.wording import (
    challenge_title,
    confirmation,
    display_tokens,
    fill,
    format_count,
    head_name,
    head_summary,
    translate,
)

#: Findings listed for one challenge (per head, for looking ahead); the rest are counted.
LISTED = 3


def _maps_key(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    maps = [(f"{letter(k)}: {head_name(h)}", facts.maps[h]) for k, h in enumerate(facts.map_order)]
    names = [f"{head_name(h)}: {head_summary(h)}" for h in core.HEADS]
    letters = [letter(facts.map_order.index(h)) for h in core.HEADS]
    return [
        heading(sheet, question_title(2)),
        choice_lines(sheet, names, map_prompt(), letters),
        maps_block(sheet, maps, facts.hidden),
    ]


def _mask_key(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    size, n = facts.table_size, len(facts.tokens)
    count = fill(
        translate("Worksheet", "%1 of the %2 cells"),
        format_count(facts.masked_in_table),
        format_count(size * size),
    )
    if size < n:
        whole = translate("Worksheet", "(in the whole sentence of %1 tokens: %2)")
        count = f"{count} {fill(whole, n, format_count(facts.masked_in_sentence))}"
    rule = translate(
        "Worksheet",
        "every cell whose key comes after its query, j > i: row i keeps its first i + 1 keys. "
        "A sentence of n tokens has n(n − 1)/2 such cells.",
    )
    return [
        heading(sheet, question_title(3)),
        kept(matrix_block(sheet, mask_grid(facts, key=True), max_cell=24.0)),
        answer_lines(sheet, mask_labels(), [count, rule]),
    ]


def _table_key(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    return [
        heading(sheet, question_title(4)),
        paragraph(
            sheet,
            translate("Worksheet", "The missing weights are framed, in bold."),
            MUTED,
            keep=True,
        ),
        matrix_block(sheet, table_matrix(facts, key=True), max_cell=34.0, height=420.0),
    ]


def _findings_text(tokens: tuple[str, ...], answers: ChallengeAnswers) -> str:
    """What meets the challenge on this sentence, in the program's own confirmations."""
    if not answers.findings:
        return translate("Worksheet", "No query of this sentence meets it.")
    by_head: dict[str, list[str]] = {}
    # The real induction move first, the first-token fallback after it.
    ordered = sorted(answers.findings, key=lambda found: found[1].match == "fallback")
    for head_id, finding in ordered:
        by_head.setdefault(head_id, []).append(confirmation(tokens, finding))
    parts = []
    for head_id, texts in by_head.items():
        if answers.challenge_id == "look_ahead":  # any head: say which
            parts.append(f"{head_name(head_id)}:")
        parts += [f"• {text}" for text in texts[:LISTED]]
        if len(texts) > LISTED:
            parts.append(fill(translate("Worksheet", "(and %1 more.)"), len(texts) - LISTED))
    return "\n".join(parts)


def _challenges_key(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    tokens = display_tokens(facts.tokens)
    blocks = [heading(sheet, question_title(6))]
    for number, answers in enumerate(facts.challenges, start=1):
        blocks.append(subheading(sheet, f"{number}. {challenge_title(answers.challenge_id)}"))
        blocks.append(paragraph(sheet, _findings_text(tokens, answers)))
    return blocks


def _presets_key(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    working = [
        fill(
            translate("Worksheet", "%1: d_k = %2 / %3 = %4; 4 · %2² = %5"),
            p.name,
            format_count(p.d_model),
            format_count(p.n_heads),
            format_count(p.d_k),
            format_count(p.weights),
        )
        for p in facts.presets
    ]
    return [
        heading(sheet, question_title(5)),
        grid_table(
            sheet,
            presets_header(),
            presets_rows(facts, key=True),
            [PRESET_BLANKS] * len(facts.presets),
            marked=True,
        ),
        paragraph(sheet, "\n".join(working)),
    ]


def key_blocks(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    """The key's blocks; the first starts a page of its own."""
    title = heading(sheet, translate("Worksheet", "Teacher's key"))
    intro = paragraph(
        sheet,
        translate(
            "Worksheet",
            "Every answer below was computed by the program from the same rules as its "
            "window, for this worksheet's sentence.",
        ),
        MUTED,
    )
    return [
        replace(title, new_page=True),
        intro,
        *_maps_key(sheet, facts),
        *_mask_key(sheet, facts),
        *_table_key(sheet, facts),
        *_presets_key(sheet, facts),
        *_challenges_key(sheet, facts),
    ]
