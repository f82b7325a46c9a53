"""Blocks a worksheet is made of: headings, token chips, small maps with letters, tables
to fill in, lines to write on. Each is measured on the sheet and paints itself."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen

from app.export.pages import Block, text_block
from app.export.paper_matrix import PaperMatrix, paint_matrix, place_matrix
from app.export.paper_parts import (
    Chip,
    chips_height,
    paint_chips,
    paint_map_positions,
    paint_small_map,
)
from app.export.sheet import INK, MUTED, RULE, Sheet

#: Body text and headings, in points.
BODY_PT = 10.0
HEADING_PT = 12.5
#: Small maps side by side.
MAP_GAP = 16.0


def heading(sheet: Sheet, text: str) -> Block:
    """A question's title: kept on the page with what follows it."""
    return text_block(sheet, text, HEADING_PT, bold=True, keep=True)


def paragraph(sheet: Sheet, text: str, colour: str = INK, keep: bool = False) -> Block:
    """Body text; ``keep``: on the same page as the block after it."""
    return text_block(sheet, text, BODY_PT, colour=colour, keep=keep)


def subheading(sheet: Sheet, text: str) -> Block:
    return text_block(sheet, text, BODY_PT, bold=True, keep=True)


def chips_block(sheet: Sheet, tokens: tuple[str, ...]) -> Block:
    """Every token with its position under it."""
    chips = [Chip(token, str(i)) for i, token in enumerate(tokens)]
    width = sheet.content.width()
    height = chips_height(sheet, chips, width, 11)
    return Block(height, lambda s, at: paint_chips(s, chips, at, width, 11))


def maps_block(
    sheet: Sheet, maps: list[tuple[str, np.ndarray]], hidden: np.ndarray, per_row: int = 5
) -> Block:
    """Small maps with a title each ("A", or "A: Same word"), ``per_row`` a row."""
    width = sheet.content.width()
    side = (width - (per_row - 1) * MAP_GAP - 14) / per_row
    font = sheet.font(9, bold=True)
    title_h = max(sheet.text_height(title, font, side) for title, _w in maps) + 10
    rows = -(-len(maps) // per_row)
    row_h = title_h + side + MAP_GAP

    def paint(s: Sheet, at: QPointF) -> None:
        for k, (title, weights) in enumerate(maps):
            left = at.x() + 14 + (k % per_row) * (side + MAP_GAP)
            top = at.y() + (k // per_row) * row_h
            s.text(QRectF(left, top, side, title_h), title, font, INK)
            rect = QRectF(left, top + title_h, side, side)
            paint_small_map(s, weights, hidden, rect)
            paint_map_positions(s, rect, len(weights))

    rects = tuple(
        QRectF(14 + (k % per_row) * (side + MAP_GAP), (k // per_row) * row_h + title_h, side, side)
        for k in range(len(maps))
    )
    return Block(rows * row_h - MAP_GAP, paint, tag="maps", place=rects)


def matrix_block(
    sheet: Sheet, matrix: PaperMatrix, max_cell: float, height: float = 360.0, tag: str = ""
) -> Block:
    """A table of tokens against tokens, as large as ``max_cell`` allows."""
    place = place_matrix(sheet, matrix, QRectF(0, 0, sheet.content.width(), height), max_cell)
    from dataclasses import replace

    def paint(s: Sheet, at: QPointF) -> None:
        paint_matrix(s, matrix, replace(place, left=place.left + at.x(), top=place.top + at.y()))

    return Block(place.bounds.height(), paint, tag=tag, place=place)


def answer_lines(sheet: Sheet, labels: list[str], answers: list[str] | None = None) -> Block:
    """One line per label: the label, then a line to write on (or, on the key, the answer)."""
    font = sheet.font(BODY_PT)
    bold = sheet.font(BODY_PT, bold=True)
    width = sheet.content.width()
    label_w = max((sheet.advance(label, font) for label in labels), default=0.0) + 8
    line_h = sheet.line_height(font) * 2.1
    heights = [
        max(line_h, sheet.text_height(a, bold, width - label_w) + 6) if answers else line_h
        for a in (answers or labels)
    ]

    def paint(s: Sheet, at: QPointF) -> None:
        y = at.y()
        for k, label in enumerate(labels):
            s.text(QRectF(at.x(), y, label_w, line_h), label, font, INK)
            if answers:
                s.text(
                    QRectF(at.x() + label_w, y, width - label_w, heights[k]), answers[k], bold, INK
                )
            else:
                s.write_in_line(at.x() + label_w, y + line_h * 0.55, width - label_w)
            y += heights[k]

    return Block(sum(heights), paint)


def grid_table(
    sheet: Sheet,
    header: list[str],
    rows: list[list[str]],
    blanks: list[list[bool]],
    marked: bool = False,
) -> Block:
    """A plain table: a bold header row, then rows of text; a blank cell is a box to fill
    in, and on the key (``marked``) the filled-in cells are framed in bold."""
    font, bold = sheet.font(BODY_PT), sheet.font(BODY_PT, bold=True)
    width = sheet.content.width()
    widths = [
        max(sheet.advance(t, bold) for t in column) + 16
        for column in zip(header, *rows, strict=True)
    ]
    spare = max(0.0, width - sum(widths)) / len(widths)
    widths = [w + spare for w in widths]
    row_h = sheet.line_height(font) * 2.2
    header_h = (
        max(sheet.text_height(t, bold, w - 8) for t, w in zip(header, widths, strict=True)) + 8
    )

    def paint(s: Sheet, at: QPointF) -> None:
        painter = s.painter
        x = at.x()
        for col, w in enumerate(widths):
            s.text(QRectF(x + 4, at.y() + 4, w - 8, header_h), header[col], bold, INK)
            for r, row in enumerate(rows):
                box = QRectF(x, at.y() + header_h + r * row_h, w, row_h)
                painter.setPen(QPen(QColor(RULE), 0.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(box)
                if blanks[r][col]:
                    inset = box.adjusted(3, 3, -3, -3)
                    painter.setPen(QPen(QColor(INK), 1.5 if marked else 0.9))
                    painter.drawRect(inset)
                chosen = bold if marked and blanks[r][col] else font
                s.text(
                    box.adjusted(6, 0, -6, 0), row[col], chosen, INK, Qt.AlignmentFlag.AlignVCenter
                )
            x += w
        s.line(
            QPointF(at.x(), at.y() + header_h),
            QPointF(at.x() + sum(widths), at.y() + header_h),
            MUTED,
            1.0,
        )

    return Block(header_h + len(rows) * row_h, paint)


def choice_lines(
    sheet: Sheet, texts: list[str], prompt: str, answers: list[str] | None = None
) -> Block:
    """One paragraph per text, with ``prompt`` and a short line to write on at its right
    (on the key, the answer instead of the line)."""
    font, bold = sheet.font(BODY_PT), sheet.font(BODY_PT, bold=True)
    width = sheet.content.width()
    answer_w = (
        sheet.advance(prompt, font)
        + 8
        + max([40.0, *(sheet.advance(a, bold) for a in answers or [])])
    )
    text_w = width - answer_w - 12
    heights = [max(sheet.text_height(t, font, text_w), sheet.line_height(font)) + 8 for t in texts]

    def paint(s: Sheet, at: QPointF) -> None:
        y = at.y()
        for k, text in enumerate(texts):
            s.text(QRectF(at.x(), y, text_w, heights[k]), text, font, INK)
            left = at.x() + width - answer_w
            s.text(QRectF(left, y, answer_w, heights[k]), prompt, font, INK)
            start = left + sheet.advance(prompt, font) + 6
            if answers:
                s.text(QRectF(start, y, answer_w, heights[k]), answers[k], bold, INK)
            else:
                s.write_in_line(start, y + sheet.line_height(font), at.x() + width - start)
            y += heights[k]

    return Block(sum(heights), paint)
