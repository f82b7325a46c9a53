"""The handout: what the window shows, on paper (File > Print and ``--export x.pdf``).

One layout routine (``handout_layout``) serves the printer and the PDF file: the
sentence and its tokens, the readout, the selected head's heatmap with words on both
axes and a number in every cell, the legend and the small maps of every head. A
sentence too long for readable numbers on one page gets its heatmap's colours on the
first and its numbers on the following pages, a square of tokens at a time.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PySide6.QtCore import QPointF, QRectF

import core
from app.export.pages import Block, Page, paginate, paint_pages, text_block
from app.export.paper_matrix import (
    MatrixPlace,
    PaperMatrix,
    number_font,
    paint_matrix,
    place_matrix,
)
from app.export.paper_parts import (
    Chip,
    chips_height,
    paint_chips,
    paint_colour_bar,
    paint_small_map,
    paint_swatch_line,
    weight_colours,
)
from app.export.sheet import INK, MUTED, Sheet
from app.model.results import AttentionResult
from app.panels.heatmap_ticks import axis_titles
from app.panels.mask_legend import full_text as mask_legend_text
from app.text.wording import (
    display_tokens,
    fill,
    format_percent,
    format_weight,
    head_name,
    heatmap_title,
    readout_of,
    translate,
)
from core.table import position_label

#: Room at the right of the heatmap for its colour bar and the bar's numbers.
BAR_ROOM = 52.0
#: A heatmap on the first page gets at least this much height, or a page of its own.
SMALLEST_HEATMAP = 300.0
#: Cells of the pages of numbers, in points: "0.00" stays at 6 pt or more.
NUMBER_CELL = 18.0
#: The small maps, side by side.
MAP_GAP = 12.0


def handout_title(result: AttentionResult) -> str:
    """The PDF file's title: 'Attention Heads: Induction head, causal mask on, query cat (7)'."""
    from app.export.api import describe  # the SVG's title says the same

    return describe(result)


def _labels(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(position_label(t, i) for i, t in enumerate(display_tokens(tokens)))


def _matrix(result: AttentionResult, rows: range, cols: range, numbers: bool) -> PaperMatrix:
    weights = result.selected[np.ix_(rows, cols)]
    hidden = result.hidden[np.ix_(rows, cols)]
    labels = _labels(result.tokens)
    texts = (
        tuple(
            tuple("" if h else format_weight(w) for w, h in zip(r, hr, strict=True))
            for r, hr in zip(weights, hidden, strict=True)
        )
        if numbers
        else None
    )
    query = result.query - rows.start if result.query in rows else None
    return PaperMatrix(
        row_labels=tuple(labels[i] for i in rows),
        col_labels=tuple(labels[j] for j in cols),
        hidden=hidden,
        colours=weight_colours(weights),
        texts=texts,
        outline_row=query,
        bold_row=query,
        bold_col=result.query - cols.start if result.query in cols else None,
        top_title=axis_titles("top")[0],
        left_title=axis_titles("left")[0],
    )


def _chips(result: AttentionResult) -> list[Chip]:
    row, shown = result.query_row, display_tokens(result.tokens)
    hidden = result.hidden[result.query]
    return [
        Chip(
            word,
            str(i) if hidden[i] else f"{i} · {format_percent(row[i])}",
            strong=i == result.query,
            faint=bool(hidden[i]),
        )
        for i, word in enumerate(shown)
    ]


def _chips_block(sheet: Sheet, result: AttentionResult) -> Block:
    chips, width = _chips(result), sheet.content.width()
    height = chips_height(sheet, chips, width, 10)
    return Block(height, lambda s, at: paint_chips(s, chips, at, width, 10))


def _heatmap_block(
    sheet: Sheet, matrix: PaperMatrix, height: float, new_page: bool
) -> tuple[Block, MatrixPlace]:
    area = QRectF(0, 0, sheet.content.width() - BAR_ROOM, height)
    place = place_matrix(sheet, matrix, area, max_cell=40.0)
    size = place.bounds.height()

    def paint(s: Sheet, at: QPointF) -> None:
        moved = _moved(place, at)
        paint_matrix(s, matrix, moved)
        cells = moved.cells
        bar = QRectF(cells.right() + 14, cells.top() + 14, 10, min(cells.height() - 14, 220))
        paint_colour_bar(s, bar, translate("HeatmapView", "weight"))

    return Block(size, paint, new_page=new_page, tag="heatmap", place=place), place


def _moved(place: MatrixPlace, at: QPointF) -> MatrixPlace:
    return replace(place, left=place.left + at.x(), top=place.top + at.y())


def _legend_block(sheet: Sheet, result: AttentionResult) -> Block:
    """What a hatched cell and a framed row mean, one line each."""
    lines = [(translate("Paper", "framed: the query's row, and its token above"), "query")]
    if result.causal:
        lines.insert(0, (mask_legend_text(), "hatch"))
    width = sheet.content.width()
    step = sheet.line_height(sheet.font(8)) + 4

    def paint(s: Sheet, at: QPointF) -> None:
        for k, (text, kind) in enumerate(lines):
            paint_swatch_line(s, QPointF(at.x(), at.y() + k * step), width, text, kind)

    return Block(step * len(lines), paint)


def _maps_block(sheet: Sheet, result: AttentionResult) -> Block:
    heads = list(core.HEADS)
    width = sheet.content.width()
    side = (width - (len(heads) - 1) * MAP_GAP) / len(heads)
    font = sheet.font(8)
    bold = sheet.font(8, bold=True)
    title_h = 2 * sheet.line_height(font)
    heading = translate("Paper", "Every head on this sentence")
    heading_font = sheet.font(10, bold=True)
    heading_h = sheet.line_height(heading_font) + 4

    def paint(s: Sheet, at: QPointF) -> None:
        s.text(QRectF(at.x(), at.y(), width, heading_h), heading, heading_font, INK)
        for k, head_id in enumerate(heads):
            left = at.x() + k * (side + MAP_GAP)
            chosen = head_id == result.head_id
            name = head_name(head_id)
            s.text(
                QRectF(left, at.y() + heading_h, side, title_h), name, bold if chosen else font, INK
            )
            rect = QRectF(left, at.y() + heading_h + title_h + 2, side, side)
            paint_small_map(s, result.weights[head_id], result.hidden, rect, selected=chosen)

    rects = tuple(
        QRectF(k * (side + MAP_GAP), heading_h + title_h + 2, side, side) for k in range(len(heads))
    )
    return Block(heading_h + title_h + 2 + side, paint, tag="maps", place=rects)


def _tile_ranges(n: int, size: int, causal: bool) -> list[tuple[range, range]]:
    """Squares of ``size`` tokens that hold a number: those wholly above the diagonal
    are all hidden by the mask and left out."""
    starts = range(0, n, size)
    return [
        (range(r, min(n, r + size)), range(c, min(n, c + size)))
        for r in starts
        for c in starts
        if not (causal and c > r + size - 1)
    ]


def handout_pages(sheet: Sheet, result: AttentionResult, sentence: str) -> list[Page]:
    """Every page of the handout, measured on ``sheet``."""
    content = sheet.content
    top = [
        text_block(sheet, heatmap_title(result.head_id, result.causal), 16, bold=True),
        text_block(sheet, fill(translate("Paper", "Sentence: %1"), sentence), 11),
        _chips_block(sheet, result),
        text_block(sheet, readout_of(result), 13, bold=True),
    ]
    legend, maps = _legend_block(sheet, result), _maps_block(sheet, result)
    used = sum(b.height for b in (*top, legend, maps)) + 7 * 14.0
    room = content.height() - used
    own_page = room < SMALLEST_HEATMAP
    height = content.height() - legend.height - 2 * 14.0 if own_page else room
    n = len(result.tokens)
    whole = range(n)
    area = QRectF(0, 0, content.width() - BAR_ROOM, height)
    place = place_matrix(sheet, _matrix(result, whole, whole, True), area, max_cell=40.0)
    numbers = number_font(sheet, place.cell) is not None
    heatmap, _place = _heatmap_block(
        sheet, _matrix(result, whole, whole, numbers), height, own_page
    )
    # A heatmap with a page of its own comes after the small maps: they fill the first.
    blocks = [*top, maps, heatmap, legend] if own_page else [*top, heatmap, legend, maps]
    size = max(1, int((content.width() - BAR_ROOM - 40) // NUMBER_CELL))
    tiles = [] if numbers else _tile_ranges(n, size, result.causal)
    if tiles:
        note = translate(
            "Paper", "The weights in numbers follow on the next pages, %1 tokens at a time."
        )
        blocks.insert(
            blocks.index(legend) + 1, text_block(sheet, fill(note, size), 9, colour=MUTED)
        )
        for rows, cols in tiles:
            blocks.extend(_tile_blocks(sheet, result, rows, cols))
    return paginate([(b, "Attention Heads") for b in blocks], content.top(), content.bottom())


def _tile_blocks(sheet: Sheet, result: AttentionResult, rows: range, cols: range) -> list[Block]:
    heading = fill(
        translate("Paper", "Weights: queries %1 to %2, keys %3 to %4"),
        rows.start,
        rows.stop - 1,
        cols.start,
        cols.stop - 1,
    )
    title = text_block(sheet, heading, 11, bold=True, keep=True)
    area_h = sheet.content.height() - title.height - 40
    block, _place = _heatmap_block(sheet, _matrix(result, rows, cols, True), area_h, False)
    return [title, replace(block, tag="numbers")]


def paint_handout(result: AttentionResult, sentence: str):
    """The handout as a document for ``pdf_bytes`` or ``print_on``."""

    def paint(sheet: Sheet) -> None:
        paint_pages(sheet, handout_pages(sheet, result, sentence))

    return paint
