"""The worksheet: student pages to fill in, then the teacher's key on pages of its own.

File > Worksheet… and ``attention-heads worksheet`` both write it through
``write_worksheet``. What it asks and answers comes from ``app.model.worksheet_results``
(computed by ``core``); this module only puts it into words, in the language asked for,
and onto pages.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

import core
from app.export.files import write_atomic
from app.export.pages import (
    Block,
    Page,
    PaintDocument,
    kept,
    paginate,
    paint_pages,
    pdf_bytes,
    text_block,
)
from app.export.paper_matrix import PaperMatrix
from app.export.sheet import MUTED, Sheet
from app.export.sheet_blocks import (
    answer_lines,
    chips_block,
    choice_lines,
    grid_table,
    heading,
    maps_block,
    matrix_block,
    paragraph,
)
from app.model.worksheet_results import TABLE_HEAD, WorksheetResults, compute_worksheet
from app.panels.heatmap_ticks import axis_titles
from app.text.i18n import speaking
from app.text.wording import (
    challenge_hint,
    challenge_title,
    display_tokens,
    fill,
    format_count,
    format_weight,
    head_name,
    head_summary,
    translate,
)
from core.table import position_label


def letter(index: int) -> str:
    return chr(ord("A") + index)


def question_title(number: int) -> str:
    """Question ``number``'s title (1 to 6), the same on the student's and the key's pages."""
    titles = {
        1: translate("Worksheet", "1. The sentence and its tokens"),
        2: translate("Worksheet", "2. Which map belongs to which head?"),
        3: translate("Worksheet", "3. What the causal mask hides"),
        4: fill(translate("Worksheet", "4. The %1 head's weights"), head_name(TABLE_HEAD)),
        5: translate("Worksheet", "5. Cutting the model width into heads"),
        6: translate("Worksheet", "6. Three challenges"),
    }
    return titles[number]


def mask_labels() -> list[str]:
    """What question 3 asks to write down."""
    return [translate("Worksheet", "Number of cells:"), translate("Worksheet", "Rule:")]


def map_prompt() -> str:
    return translate("Worksheet", "Map:")


def worksheet_title() -> str:
    return translate("Worksheet", "Attention heads: worksheet")


def token_labels(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(position_label(t, i) for i, t in enumerate(display_tokens(tokens)))


def table_matrix(facts: WorksheetResults, key: bool) -> PaperMatrix:
    """The induction head's table: numbers in black on white, hatched where masked; the
    student's copy boxes the blanks, the key fills and frames them."""
    size = facts.table_size
    hidden = core.causal_mask(size)
    texts = tuple(
        tuple("" if hidden[i, j] else format_weight(facts.table[i, j]) for j in range(size))
        for i in range(size)
    )
    labels = token_labels(facts.tokens[:size])
    return PaperMatrix(
        labels,
        labels,
        hidden,
        texts=texts,
        blanks=None if key else facts.blanks,
        marked=facts.blanks if key else None,
        top_title=axis_titles("top")[0],
        left_title=axis_titles("left")[0],
    )


def mask_grid(facts: WorksheetResults, key: bool) -> PaperMatrix:
    """An empty grid to shade; on the key, the cells the mask hides are hatched."""
    size = facts.table_size
    labels = token_labels(facts.tokens[:size])
    hidden = core.causal_mask(size) if key else np.zeros((size, size), dtype=bool)
    return PaperMatrix(
        labels, labels, hidden, top_title=axis_titles("top")[0], left_title=axis_titles("left")[0]
    )


def presets_header() -> list[str]:
    return [
        translate("Worksheet", "Model"),
        "d_model",
        translate("Worksheet", "heads h"),
        "d_k = d_model / h",
        "4 · d_model²",
    ]


def presets_rows(facts: WorksheetResults, key: bool) -> list[list[str]]:
    return [
        [
            p.name,
            format_count(p.d_model),
            format_count(p.n_heads),
            format_count(p.d_k) if key else "",
            format_count(p.weights) if key else "",
        ]
        for p in facts.presets
    ]


PRESET_BLANKS = [False, False, False, True, True]


# -- the student's pages ------------------------------------------------------------------


def _sentence_part(sheet: Sheet, facts: WorksheetResults, sentence: str) -> list[Block]:
    n, size = len(facts.tokens), facts.table_size
    blocks = [
        heading(sheet, question_title(1)),
        text_block(sheet, sentence, 12, bold=True),
        paragraph(
            sheet,
            fill(translate("Worksheet", "The program cuts it into %1 tokens, numbered from 0:"), n),
            keep=True,
        ),
        chips_block(sheet, facts.tokens),  # whole words (shortened only past the page)
    ]
    if size < n:
        note = translate(
            "Worksheet",
            "The sentence has %1 tokens; the tables below show its first %2. With the causal "
            "mask on, a token sees only the tokens before it, so these rows are the same as "
            "in the table of the whole sentence.",
        )
        blocks.append(paragraph(sheet, fill(note, n, size), MUTED))
    return blocks


def _maps_part(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    maps = [(letter(k), facts.maps[h]) for k, h in enumerate(facts.map_order)]
    names = [f"{head_name(h)}: {head_summary(h)}" for h in core.HEADS]
    return [
        heading(sheet, question_title(2)),
        paragraph(
            sheet,
            translate(
                "Worksheet",
                "Each map shows one head on this sentence with the causal mask on. Rows are "
                "queries (who is looking), columns are keys (what is looked at), position 0 at "
                "the top left. The brighter a cell, the more weight; hatched cells are hidden by "
                "the mask. Write the letter of the matching map after each head.",
            ),
            keep=True,
        ),
        kept(maps_block(sheet, maps, facts.hidden)),
        choice_lines(sheet, names, map_prompt()),
    ]


def _mask_part(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    return [
        heading(sheet, question_title(3)),
        paragraph(
            sheet,
            translate(
                "Worksheet",
                "Shade every cell of this grid that the causal mask sets to zero. How many cells "
                "are they, and which rule picks them, for the query at position i and the key at "
                "position j?",
            ),
            keep=True,
        ),
        kept(matrix_block(sheet, mask_grid(facts, key=False), 24.0, tag="mask grid")),
        answer_lines(sheet, mask_labels()),
    ]


def _table_part(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    return [
        heading(sheet, question_title(4)),
        paragraph(
            sheet,
            translate(
                "Worksheet",
                "In each row, the boxed cell is the key that the query looks at most; its weight "
                "is missing. Fill it in. Each row adds up to 1. The head scores 5 for a key whose "
                "previous token is the query's word (the query itself excepted), 2 for position "
                "0 and 0 for every other key; the weights are the softmax of the scores over the "
                "keys the query may see. Hatched cells are hidden by the causal mask.",
            ),
            keep=True,
        ),
        matrix_block(sheet, table_matrix(facts, key=False), 34.0, 420.0, tag="table"),
    ]


def _challenges_part(sheet: Sheet) -> list[Block]:
    blocks = [
        heading(sheet, question_title(6)),
        paragraph(
            sheet,
            translate(
                "Worksheet",
                "Open Attention Heads with this sentence. For each challenge, write down the "
                "query you found and where it looks most.",
            ),
            keep=True,
        ),
    ]
    labels = [translate("Worksheet", "Query:"), translate("Worksheet", "Looks most at:")]
    for number, challenge in enumerate(core.CHALLENGES, start=1):
        title = f"{number}. {challenge_title(challenge.id)}"
        blocks.append(paragraph(sheet, f"{title} — {challenge_hint(challenge.id)}", keep=True))
        blocks.append(answer_lines(sheet, labels))
    return blocks


def _presets_part(sheet: Sheet, facts: WorksheetResults) -> list[Block]:
    return [
        heading(sheet, question_title(5)),
        paragraph(
            sheet,
            translate(
                "Worksheet",
                "Each of the h heads gets an equal share of the model width d_model: d_k = "
                "d_model / h. The projections W_Q, W_K, W_V and W_O hold 4 · d_model² weights "
                "together, however many heads there are. Fill in the empty cells.",
            ),
            keep=True,
        ),
        grid_table(
            sheet,
            presets_header(),
            presets_rows(facts, key=False),
            [PRESET_BLANKS] * len(facts.presets),
        ),
    ]


def student_blocks(sheet: Sheet, facts: WorksheetResults, sentence: str) -> list[Block]:
    names = [translate("Worksheet", "Name:"), translate("Worksheet", "Class and date:")]
    return [
        heading(sheet, worksheet_title()),
        answer_lines(sheet, names),
        *_sentence_part(sheet, facts, sentence),
        *_maps_part(sheet, facts),
        *_mask_part(sheet, facts),
        *_table_part(sheet, facts),
        *_presets_part(sheet, facts),
        *_challenges_part(sheet),
    ]


def worksheet_pages(sheet: Sheet, facts: WorksheetResults, sentence: str) -> list[Page]:
    """Student pages, then the key's, measured on ``sheet``."""
    from app.export.worksheet_key import key_blocks

    student = translate("Worksheet", "Worksheet")
    key = translate("Worksheet", "Teacher's key")
    blocks = [(b, student) for b in student_blocks(sheet, facts, sentence)]
    blocks += [(b, key) for b in key_blocks(sheet, facts)]
    return paginate(blocks, sheet.content.top(), sheet.content.bottom())


def worksheet_document(facts: WorksheetResults, sentence: str) -> PaintDocument:
    """Student pages, then the key's, numbered through."""
    return lambda sheet: paint_pages(sheet, worksheet_pages(sheet, facts, sentence))


def worksheet_pdf(sentence: str, paper: str) -> bytes:
    """The worksheet on ``sentence`` as a PDF file's bytes, in the language in use."""
    facts = compute_worksheet(core.tokenize(sentence))
    return pdf_bytes(paper, worksheet_title(), worksheet_document(facts, sentence))


def write_worksheet(path: str | os.PathLike[str], sentence: str, paper: str, language: str) -> Path:
    """Write the worksheet in ``language`` to ``path``, all at once or not at all."""
    with speaking(language):
        data = worksheet_pdf(sentence, paper)
    return write_atomic(path, data)
