"""A weight matrix on paper: the program's one way to draw it, as vector shapes.

Every cell is a rectangle (never a picture), its number text; a masked cell is hatched
with real lines and carries no number, so a grey photocopy still tells it from a small
weight. Both axes name each token by word and position ("cat 7"), the top ones turned
upright so that a word needs no wider a column than its cell.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen

from app.export.sheet import INK, MUTED, RULE, Sheet
from app.ui.painting import readable_text

#: Masked cells: a light fill crossed by dark lines (reads as "hidden" in grey too).
HATCH_FILL = "#e4e4e4"
HATCH_LINE = "#5a5a5a"
#: The query's row: a dark red frame, dark enough to show on a grey copy.
QUERY_INK = "#a3001b"
#: Axis labels: at most this wide (longer words end in "…"), at most this size.
LABEL_MAX_WIDTH = 84.0
LABEL_PT = 8.0
#: Labels get no smaller: rows too thin for them label every second, third ... token.
SMALLEST_LABEL_PT = 5.0
#: Cells at least this large (points) are set apart by thin white gaps.
GAP_CELL = 12.0
#: Numbers in cells: never larger than this, and left out below the smallest size.
NUMBER_PT = 10.0
SMALLEST_NUMBER_PT = 4.5


@dataclass(frozen=True)
class PaperMatrix:
    """What a matrix shows: labels, which cells are hidden, their colours and texts."""

    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    hidden: np.ndarray  # (rows, cols) bool: hatched, no number
    colours: np.ndarray | None = None  # (rows, cols, 4) uint8; None: white cells
    texts: tuple[tuple[str, ...], ...] | None = None  # "" for none
    blanks: np.ndarray | None = None  # (rows, cols) bool: boxes to write in
    marked: np.ndarray | None = None  # (rows, cols) bool: framed, in bold (answers)
    outline_row: int | None = None  # the query's row
    bold_row: int | None = None
    bold_col: int | None = None
    top_title: str = ""
    left_title: str = ""

    @property
    def rows(self) -> int:
        return len(self.row_labels)

    @property
    def cols(self) -> int:
        return len(self.col_labels)


@dataclass(frozen=True)
class MatrixPlace:
    """Where a matrix's cells lie on the page, in points, and its labels' size."""

    left: float
    top: float
    cell: float
    rows: int
    cols: int
    label_pt: float
    label_room: float  # the labels' width at the left, and their height on top
    title_room: float  # one line for each axis title (0 without titles)
    label_step: int = 1  # every token labelled, or every second, third ... in thin rows

    def cell_rect(self, i: int, j: int) -> QRectF:
        return QRectF(self.left + j * self.cell, self.top + i * self.cell, self.cell, self.cell)

    @property
    def cells(self) -> QRectF:
        return QRectF(self.left, self.top, self.cols * self.cell, self.rows * self.cell)

    @property
    def bounds(self) -> QRectF:
        """Cells, labels and titles."""
        room = self.label_room + self.title_room
        return self.cells.adjusted(-room, -room, 0, 0)


def place_matrix(
    sheet: Sheet, matrix: PaperMatrix, area: QRectF, max_cell: float = 36.0
) -> MatrixPlace:
    """The largest cells that fit ``area`` (up to ``max_cell``), labels included; the
    block stands at the area's top left."""
    titles = bool(matrix.top_title or matrix.left_title)
    label_pt = LABEL_PT
    for _ in range(2):  # labels no taller than a cell: measure again at their size
        font = sheet.font(label_pt)
        room = _label_room(sheet, matrix, font)
        title_room = sheet.line_height(sheet.font(LABEL_PT)) + 2 if titles else 0.0
        around = room + title_room
        cell = min(
            (area.width() - around) / max(1, matrix.cols),
            (area.height() - around) / max(1, matrix.rows),
            max_cell,
        )
        if sheet.line_height(font) <= cell * 0.95:
            break
        label_pt = max(SMALLEST_LABEL_PT, label_pt * cell * 0.9 / sheet.line_height(font))
    cell = max(1.0, cell)
    step = math.ceil(sheet.line_height(sheet.font(label_pt)) / (cell * 0.95))
    return MatrixPlace(
        area.left() + around,
        area.top() + around,
        cell,
        matrix.rows,
        matrix.cols,
        label_pt,
        room,
        title_room,
        max(1, step),
    )


def _label_room(sheet: Sheet, matrix: PaperMatrix, font: QFont) -> float:
    bold = QFont(font)
    bold.setBold(True)
    widest = max(
        (sheet.advance(label, bold) for label in (*matrix.row_labels, *matrix.col_labels)),
        default=0.0,
    )
    return min(widest, LABEL_MAX_WIDTH) + 4


def number_font(sheet: Sheet, cell: float) -> QFont | None:
    """The numbers' font in cells of ``cell`` points: "0.00" across 80 % of the cell,
    at most ``NUMBER_PT``; None when that would be too small to read."""
    probe = sheet.font(10.0)
    size = min(NUMBER_PT, 10.0 * cell * 0.8 / sheet.advance("0.00", probe), cell * 0.55)
    return sheet.font(size) if size >= SMALLEST_NUMBER_PT else None


def paint_matrix(sheet: Sheet, matrix: PaperMatrix, place: MatrixPlace) -> None:
    """Cells, hatching, numbers, write-in boxes, the query's row, labels and titles."""
    painter = sheet.painter
    painter.save()
    if matrix.colours is not None and matrix.hidden.any():  # one hatched region
        painter.save()
        painter.setClipPath(hidden_path(matrix.hidden, place.cells))
        paint_hatch(sheet, place.cells)
        painter.restore()
    for i in range(matrix.rows):
        for j in range(matrix.cols):
            _paint_cell(sheet, matrix, place, i, j)
    _paint_numbers(sheet, matrix, place)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(RULE), 0.6))
    painter.drawRect(place.cells)
    if matrix.outline_row is not None:
        row = QRectF(
            place.left,
            place.top + matrix.outline_row * place.cell,
            place.cols * place.cell,
            place.cell,
        )
        painter.setPen(QPen(QColor(QUERY_INK), 2.2))
        painter.drawRect(row.adjusted(-1.1, -1.1, 1.1, 1.1))
    painter.restore()
    _paint_labels(sheet, matrix, place)


def _paint_cell(sheet: Sheet, matrix: PaperMatrix, place: MatrixPlace, i: int, j: int) -> None:
    painter = sheet.painter
    box = place.cell_rect(i, j)
    if matrix.colours is None:  # a table to write in: ruled cells
        if matrix.hidden[i, j]:
            paint_hatch(sheet, box)
        painter.setPen(QPen(QColor(RULE), 0.5))
    elif matrix.hidden[i, j]:
        return  # hatched with its neighbours
    else:
        r, g, b, _a = (int(v) for v in matrix.colours[i, j])
        painter.fillRect(box, QColor(r, g, b))
        if place.cell < GAP_CELL:
            return  # small cells: a mesh of gaps would grey the colours
        painter.setPen(QPen(QColor("#ffffff"), 0.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(box)
    for flags, width in ((matrix.blanks, 0.9), (matrix.marked, 1.5)):
        if flags is not None and flags[i, j]:
            inset = width / 2 + 0.8
            painter.setPen(QPen(QColor(INK), width))
            painter.drawRect(box.adjusted(inset, inset, -inset, -inset))


def hidden_path(hidden: np.ndarray, rect: QRectF) -> QPainterPath:
    """The hidden cells of a map drawn in ``rect``, one rectangle per run in a row."""
    n_rows, n_cols = hidden.shape
    cw, ch = rect.width() / n_cols, rect.height() / n_rows
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for i in range(n_rows):
        cols = np.flatnonzero(hidden[i])
        if not len(cols):
            continue
        starts = [cols[0]] + [c for a, c in zip(cols, cols[1:], strict=False) if c != a + 1]
        ends = [a for a, c in zip(cols, cols[1:], strict=False) if c != a + 1] + [cols[-1]]
        for a, b in zip(starts, ends, strict=True):
            path.addRect(QRectF(rect.left() + a * cw, rect.top() + i * ch, (b - a + 1) * cw, ch))
    return path


def paint_hatch(sheet: Sheet, box: QRectF) -> None:
    """The masked look: a light fill crossed by diagonal lines, spaced for the box."""
    painter = sheet.painter
    painter.save()
    within = painter.hasClipping()  # a map's hidden cells: only inside them
    painter.setClipRect(
        box, Qt.ClipOperation.IntersectClip if within else Qt.ClipOperation.ReplaceClip
    )
    painter.fillRect(box, QColor(HATCH_FILL))
    painter.setPen(QPen(QColor(HATCH_LINE), 0.6))
    step = max(2.4, min(4.0, box.width() / 4))
    x = box.left() - box.height()
    while x < box.right():
        painter.drawLine(QPointF(x, box.bottom()), QPointF(x + box.height(), box.top()))
        x += step
    painter.restore()


def _paint_numbers(sheet: Sheet, matrix: PaperMatrix, place: MatrixPlace) -> None:
    font = number_font(sheet, place.cell)
    if matrix.texts is None or font is None:
        return
    bold = QFont(font)
    bold.setBold(True)
    painter = sheet.painter
    for i, row in enumerate(matrix.texts):
        for j, text in enumerate(row):
            if (
                not text
                or matrix.hidden[i, j]
                or (matrix.blanks is not None and matrix.blanks[i, j])
            ):
                continue
            marked = matrix.marked is not None and bool(matrix.marked[i, j])
            painter.setFont(bold if marked else font)
            if matrix.colours is None:
                painter.setPen(QColor(INK))
            else:
                r, g, b, _a = (int(v) for v in matrix.colours[i, j])
                painter.setPen(readable_text(QColor(r, g, b)))
            painter.drawText(place.cell_rect(i, j), Qt.AlignmentFlag.AlignCenter, text)


def _paint_labels(sheet: Sheet, matrix: PaperMatrix, place: MatrixPlace) -> None:
    """Row labels at the left, right-aligned; column labels upright above the cells."""
    painter = sheet.painter
    font = sheet.font(place.label_pt)
    bold = sheet.font(place.label_pt, bold=True)
    width = place.label_room - 4
    middle = Qt.AlignmentFlag.AlignVCenter
    for i, label in enumerate(matrix.row_labels):
        if i % place.label_step and i != matrix.bold_row:
            continue
        chosen = bold if i == matrix.bold_row else font
        box = QRectF(place.left - place.label_room, place.top + i * place.cell, width, place.cell)
        sheet.text(
            box,
            sheet.elide(label, chosen, width),
            chosen,
            INK,
            Qt.AlignmentFlag.AlignRight | middle,
        )
    painter.save()
    painter.translate(place.left, place.top)
    painter.rotate(-90)  # x now runs up the page, y to the right
    for j, label in enumerate(matrix.col_labels):
        if j % place.label_step and j != matrix.bold_col:
            continue
        chosen = bold if j == matrix.bold_col else font
        box = QRectF(4, j * place.cell, width, place.cell)
        sheet.text(
            box, sheet.elide(label, chosen, width), chosen, INK, Qt.AlignmentFlag.AlignLeft | middle
        )
    painter.restore()
    _paint_titles(sheet, matrix, place)


def _paint_titles(sheet: Sheet, matrix: PaperMatrix, place: MatrixPlace) -> None:
    if not place.title_room:
        return
    font = sheet.font(LABEL_PT, italic=True)
    cells = place.cells
    top = cells.top() - place.label_room - place.title_room
    centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
    title = sheet.elide(matrix.top_title, font, cells.width())
    sheet.text(
        QRectF(cells.left(), top, cells.width(), place.title_room), title, font, MUTED, centre
    )
    painter = sheet.painter
    painter.save()
    painter.translate(cells.left() - place.label_room - place.title_room, cells.bottom())
    painter.rotate(-90)
    title = sheet.elide(matrix.left_title, font, cells.height())
    sheet.text(
        QRectF(0, 0, cells.height(), place.title_room),
        title,
        font,
        MUTED,
        Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
    )
    painter.restore()
