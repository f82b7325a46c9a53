"""Pieces of a printed page besides the big matrix: token chips, small maps, the colour
bar, the legend and the page's footer, all painted as vector shapes in points."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen

from app.export.paper_matrix import HATCH_FILL, HATCH_LINE, QUERY_INK, hidden_path, paint_hatch
from app.export.sheet import INK, MUTED, RULE, Sheet
from app.text.wording import format_weight
from app.ui.colour_table import lookup_table
from app.ui.theme import THEMES

#: Paper is light: the light theme's colour map (viridis runs dark to light, so its
#: order survives a grey copy).
PAPER_THEME = THEMES["light"]
CHIP_GAP = 4.0
CHIP_PAD = 4.0


def weight_colours(weights: np.ndarray) -> np.ndarray:
    """(rows, cols, 4) uint8 colours of the heatmap's map for ``weights`` in 0..1."""
    lut = lookup_table(PAPER_THEME)
    index = np.clip(np.rint(np.asarray(weights) * (len(lut) - 1)), 0, len(lut) - 1)
    return lut[index.astype(np.intp)]


# -- token chips ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Chip:
    """One token: its word, a note under it (its position, perhaps a weight)."""

    word: str
    note: str
    strong: bool = False  # the query: a thick frame
    faint: bool = False  # hidden from the query by the mask: a dashed frame


def chip_rects(sheet: Sheet, chips: list[Chip], width: float, word_pt: float) -> list[QRectF]:
    """Where each chip goes in a block ``width`` wide, line after line, from (0, 0)."""
    word_font, note_font = sheet.font(word_pt), sheet.font(word_pt * 0.72)
    strong_font = sheet.font(word_pt, bold=True)  # the query's word is set in bold
    height = sheet.line_height(word_font) + sheet.line_height(note_font) + 2 * CHIP_PAD
    rects: list[QRectF] = []
    x = y = 0.0
    for chip in chips:
        font = strong_font if chip.strong else word_font
        w = max(sheet.advance(chip.word, font), sheet.advance(chip.note, note_font))
        w = min(width, w + 2 * CHIP_PAD + 1)
        if x > 0 and x + w > width:
            x, y = 0.0, y + height + CHIP_GAP
        rects.append(QRectF(x, y, w, height))
        x += w + CHIP_GAP
    return rects


def chips_height(sheet: Sheet, chips: list[Chip], width: float, word_pt: float) -> float:
    rects = chip_rects(sheet, chips, width, word_pt)
    return max((r.bottom() for r in rects), default=0.0)


def paint_chips(
    sheet: Sheet, chips: list[Chip], origin: QPointF, width: float, word_pt: float
) -> None:
    word_font, note_font = sheet.font(word_pt), sheet.font(word_pt * 0.72)
    strong_font = sheet.font(word_pt, bold=True)
    painter = sheet.painter
    for chip, rect in zip(chips, chip_rects(sheet, chips, width, word_pt), strict=True):
        box = rect.translated(origin)
        pen = QPen(QColor(QUERY_INK if chip.strong else RULE), 2.0 if chip.strong else 0.7)
        if chip.faint:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box, 3, 3)
        inner = box.adjusted(CHIP_PAD, CHIP_PAD / 2, -CHIP_PAD, -CHIP_PAD / 2)
        font = strong_font if chip.strong else word_font
        word = sheet.elide(chip.word, font, inner.width() + 1)
        colour = MUTED if chip.faint else INK
        top = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        sheet.text(inner, word, font, colour, top)
        bottom = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
        sheet.text(inner, chip.note, note_font, MUTED, bottom)


# -- small maps ------------------------------------------------------------------------------


def paint_small_map(
    sheet: Sheet, weights: np.ndarray, hidden: np.ndarray, rect: QRectF, selected: bool = False
) -> None:
    """A head's map without numbers: coloured cells, the hidden ones hatched."""
    painter = sheet.painter
    n_rows, n_cols = weights.shape
    cw, ch = rect.width() / n_cols, rect.height() / n_rows
    colours = weight_colours(weights)
    painter.save()
    for i in range(n_rows):
        for j in range(n_cols):
            if not hidden[i, j]:
                r, g, b, _a = (int(v) for v in colours[i, j])
                cell = QRectF(rect.left() + j * cw, rect.top() + i * ch, cw, ch)
                painter.fillRect(cell.adjusted(0, 0, 0.05, 0.05), QColor(r, g, b))
    if hidden.any():
        painter.setClipPath(hidden_path(hidden, rect))
        paint_hatch(sheet, rect)
    painter.restore()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(QUERY_INK if selected else RULE), 2.2 if selected else 0.6))
    painter.drawRect(rect.adjusted(-1.1, -1.1, 1.1, 1.1) if selected else rect)


def paint_map_positions(sheet: Sheet, rect: QRectF, n: int) -> None:
    """Key positions above a small map and query positions at its left, thinned out."""
    font = sheet.font(5.5)
    cell = rect.width() / n
    step = 1 if cell >= sheet.advance("00", font) + 1 else 5 if cell * 5 >= 12 else 10
    for k in range(0, n, step):
        x = rect.left() + k * cell
        top = QRectF(x - 10 + cell / 2, rect.top() - 8, 20, 7)
        sheet.text(top, str(k), font, MUTED, Qt.AlignmentFlag.AlignCenter)
        left = QRectF(rect.left() - 22, rect.top() + k * cell + cell / 2 - 4, 20, 8)
        sheet.text(
            left, str(k), font, MUTED, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )


# -- colour bar, legend, footer ------------------------------------------------------------


def paint_colour_bar(sheet: Sheet, rect: QRectF, title: str) -> None:
    """The map's colours from weight 0 (bottom) to 1 (top), ticked every 0.2."""
    steps = 64
    colours = weight_colours(np.linspace(0.0, 1.0, steps))
    painter = sheet.painter
    h = rect.height() / steps
    for k in range(steps):
        r, g, b, _a = (int(v) for v in colours[k])
        box = QRectF(rect.left(), rect.bottom() - (k + 1) * h, rect.width(), h + 0.05)
        painter.fillRect(box, QColor(r, g, b))
    painter.setPen(QPen(QColor(RULE), 0.5))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect)
    font = sheet.font(7)
    for k in range(6):
        y = rect.bottom() - k / 5 * rect.height()
        sheet.line(QPointF(rect.right(), y), QPointF(rect.right() + 3, y), INK, 0.5)
        box = QRectF(rect.right() + 4, y - 5, 30, 10)
        sheet.text(box, format_weight(k / 5, 1), font, INK, Qt.AlignmentFlag.AlignVCenter)
    above = QRectF(rect.left() - 20, rect.top() - 14, rect.width() + 40, 12)
    sheet.text(above, title, sheet.font(7, italic=True), MUTED, Qt.AlignmentFlag.AlignHCenter)


def paint_swatch_line(sheet: Sheet, origin: QPointF, width: float, text: str, kind: str) -> float:
    """A legend line: a hatched square ('hatch') or a query frame ('query'), then its
    meaning; returns the line's height."""
    font = sheet.font(8)
    side = sheet.line_height(font) * 0.9
    swatch = QRectF(origin.x(), origin.y() + 1, side, side)
    if kind == "hatch":
        paint_hatch(sheet, swatch)
        sheet.painter.setPen(QPen(QColor(HATCH_LINE), 0.4))
        sheet.painter.drawRect(swatch)
    else:
        sheet.painter.fillRect(swatch, QColor(HATCH_FILL))
        sheet.painter.setPen(QPen(QColor(QUERY_INK), 2.0))
        sheet.painter.drawRect(swatch.adjusted(1, 1, -1, -1))
    box = QRectF(swatch.right() + 6, origin.y(), width - side - 6, 200)
    return max(side + 2, sheet.text(box, text, font, INK))


def paint_footer(sheet: Sheet, text: str) -> None:
    """One line at the foot of the page, centred in the bottom margin."""
    font = sheet.font(8)
    box = QRectF(sheet.content.left(), sheet.content.bottom() + 10, sheet.content.width(), 14)
    sheet.text(box, text, font, MUTED, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
