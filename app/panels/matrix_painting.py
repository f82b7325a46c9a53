"""Painting small labelled matrices (scores, weights, highlights) with QPainter.

Shared by the steps view and the two-layer story: a ``Grid`` says where a matrix is
and what it holds; ``paint_grid`` draws it, numbers included when cells are big enough.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPen
from PySide6.QtWidgets import QWidget

from app.text.numbers import MINUS_INF as MINUS_INF
from app.text.numbers import score_text as score_text
from app.text.numbers import weight_text
from app.text.wording import shorten
from app.ui.fitting import line_width, small_print_px
from app.ui.painting import paint_hatched, readable_text
from app.ui.theme import Theme

#: The colour map until the heatmap hands over its own: a grey ramp, dark to light.
GREY_LUT = np.column_stack([np.linspace(40, 235, 256).round()] * 3 + [np.full(256, 255)]).astype(
    np.uint8
)
#: Row labels longer than this are shortened; the token strip shows them in full.
LABEL_CHARS = 9
#: Smallest type for the numbers in cells; below it they are not drawn at all.
MIN_NUMBER_PX = 10


# -- helpers shared with the induction walk-through ------------------------------------


def lut_colours(values: np.ndarray, lo: float, hi: float, lut: np.ndarray) -> np.ndarray:
    """RGBA (..., 4) uint8 for ``values`` spread from ``lo`` (first entry) to ``hi`` (last).

    When every value is the same there is no scale: all get the middle colour.
    Non-finite values get the first colour (they are drawn hatched anyway).
    """
    values = np.asarray(values, dtype=float)
    span = hi - lo
    if span > 0:
        with np.errstate(invalid="ignore"):
            t = (values - lo) / span
    else:
        t = np.full(values.shape, 0.5)
    t = np.nan_to_num(t, nan=0.0, posinf=1.0, neginf=0.0)
    index = np.clip(np.rint(t * (len(lut) - 1)), 0, len(lut) - 1).astype(np.intp)
    return lut[index]


def weight_texts(weights: np.ndarray, hidden: np.ndarray) -> list[list[str]]:
    """Cell texts for a weight matrix: masked cells get none (they are hatched instead)."""
    return [
        ["" if h else weight_text(v) for v, h in zip(row, hrow, strict=True)]
        for row, hrow in zip(np.asarray(weights).tolist(), np.asarray(hidden).tolist(), strict=True)
    ]


def row_label(tokens: tuple[str, ...], i: int, chars: int = LABEL_CHARS) -> str:
    """'chased 2'; the word shortened to ``chars`` characters, or left out for 0."""
    return f"{shorten(tokens[i], chars)} {i}" if chars else str(i)


@dataclass
class Grid:
    """One matrix placed on a canvas: its cells' colours, texts and marks."""

    left: float
    top: float
    cell: float
    colours: np.ndarray  # (rows, cols, 4) uint8
    hidden: np.ndarray  # (rows, cols) bool: drawn hatched
    texts: list[list[str]] | None = None  # drawn when given
    outline_row: int | None = None
    highlights: np.ndarray | None = None  # (k, 2) cells outlined in the accent colour

    @property
    def rows(self) -> int:
        return self.colours.shape[0]

    @property
    def cols(self) -> int:
        return self.colours.shape[1]

    @property
    def rect(self) -> QRectF:
        return QRectF(self.left, self.top, self.cols * self.cell, self.rows * self.cell)

    def cell_rect(self, i: int, j: int) -> QRectF:
        return QRectF(self.left + j * self.cell, self.top + i * self.cell, self.cell, self.cell)

    def row_at(self, point: QPointF) -> int | None:
        """The row under ``point``, or None outside the matrix."""
        if not self.rect.contains(point):
            return None
        return min(int((point.y() - self.top) // self.cell), self.rows - 1)


def rgba_image(rgba: np.ndarray) -> QImage:
    """A QImage that owns a copy of an (rows, cols, 4) uint8 RGBA array."""
    rows, cols = rgba.shape[:2]
    data = np.ascontiguousarray(rgba)
    return QImage(data.data, cols, rows, 4 * cols, QImage.Format.Format_RGBA8888).copy()


def paint_grid(painter: QPainter, grid: Grid, theme: Theme, font: QFont | None = None) -> None:
    """Hatched hidden cells, coloured cells, numbers (with ``font``), marks on top."""
    rect = grid.rect
    if grid.hidden.any():
        paint_hatched(painter, rect, theme.masked, theme.hatch)
    rgba = grid.colours.copy()
    rgba[grid.hidden, 3] = 0
    painter.drawImage(rect, rgba_image(rgba))  # nearest-neighbour: crisp cells
    painter.save()
    if grid.cell >= 10:  # thin gaps keep neighbouring cells (and numbers) apart
        painter.setPen(QPen(QColor(theme.panel), 1))
        for k in range(1, grid.cols):
            x = grid.left + k * grid.cell
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
        for k in range(1, grid.rows):
            y = grid.top + k * grid.cell
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
    if font is not None and grid.texts is not None:
        _paint_texts(painter, grid, theme, font)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(theme.border), 1))
    painter.drawRect(rect)
    if grid.highlights is not None and len(grid.highlights):
        # A ring on the cell's edge, mostly outside it, so the number inside stays clear;
        # a thin line in the panel colour just inside keeps it visible on any cell colour.
        for i, j in grid.highlights:
            box = grid.cell_rect(int(i), int(j))
            painter.setPen(QPen(QColor(theme.accent), 3))
            painter.drawRect(box.adjusted(-0.5, -0.5, 0.5, 0.5))
            painter.setPen(QPen(QColor(theme.panel), 1))
            painter.drawRect(box.adjusted(1.5, 1.5, -1.5, -1.5))
    painter.restore()
    paint_outline_row(painter, grid, theme)


def paint_outline_row(painter: QPainter, grid: Grid, theme: Theme) -> None:
    """The query's row outlined (the mark a new query moves; see ``MatricesCanvas``)."""
    if grid.outline_row is None or not 0 <= grid.outline_row < grid.rows:
        return
    rect = grid.rect
    row = QRectF(rect.left(), grid.top + grid.outline_row * grid.cell, rect.width(), grid.cell)
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(theme.query), 3))
    painter.drawRect(row.adjusted(-1.5, -1.5, 1.5, 1.5))
    painter.restore()


def _paint_texts(painter: QPainter, grid: Grid, theme: Theme, font: QFont) -> None:
    painter.setFont(font)
    metrics = QFontMetrics(font)
    for i, row in enumerate(grid.texts or []):
        for j, text in enumerate(row):
            if not text:
                continue
            box = grid.cell_rect(i, j)
            if grid.hidden[i, j]:
                # A backing patch so the hatch lines do not cross the text.
                w, h = metrics.horizontalAdvance(text) + 4, metrics.height()
                patch = QRectF(box.center().x() - w / 2, box.center().y() - h / 2, w, h)
                painter.fillRect(patch, QColor(theme.masked))
                painter.setPen(QColor(theme.text))
            else:
                r, g, b, _ = (int(v) for v in grid.colours[i, j])
                painter.setPen(readable_text(QColor(r, g, b)))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def paint_row_labels(
    painter: QPainter,
    labels: list[str],
    right: float,
    top: float,
    cell: float,
    theme: Theme,
    font: QFont,
    query: int | None = None,
    only: int | None = None,
) -> None:
    """Row labels right-aligned before ``right``; when rows are too thin, only the query's.
    With ``only``, that row's label alone (drawn anew over a cached picture)."""
    metrics = QFontMetrics(font)
    every = row_labels_all_shown(cell, font)
    painter.save()
    for i, label in enumerate(labels):
        if (not every and i != query) or (only is not None and i != only):
            continue
        bold = QFont(font)
        bold.setBold(i == query)
        painter.setFont(bold)
        painter.setPen(QColor(theme.query if i == query else theme.text))
        box = QRectF(0, top + (i + 0.5) * cell - metrics.height(), right - 6, 2 * metrics.height())
        painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
    painter.restore()


def row_labels_all_shown(cell: float, font: QFont) -> bool:
    """Whether rows are tall enough for every label (else only the query's is drawn)."""
    return cell >= QFontMetrics(font).height() * 0.8


def row_label_rect(
    label: str, i: int, right: float, top: float, cell: float, font: QFont
) -> QRectF:
    """Where ``paint_row_labels`` draws row ``i``'s label in ``font`` (its ink, roughly)."""
    metrics = QFontMetrics(font)
    width = metrics.horizontalAdvance(label) + 2
    middle = top + (i + 0.5) * cell
    return QRectF(right - 6 - width, middle - metrics.height() / 2, width + 1, metrics.height())


def paint_column_numbers(
    painter: QPainter, cols: int, left: float, bottom: float, cell: float, theme: Theme, font: QFont
) -> None:
    """Key positions above the columns; every fifth when the columns are narrow."""
    metrics = QFontMetrics(font)
    step = 1 if cell >= metrics.horizontalAdvance("00") + 2 else 5
    if cell * step < metrics.horizontalAdvance("00"):
        return
    painter.save()
    painter.setFont(font)
    painter.setPen(QColor(theme.muted))
    for j in range(0, cols, step):
        box = QRectF(left + j * cell - cell, bottom - metrics.height(), 3 * cell, metrics.height())
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(j))
    painter.restore()


#: The weights a cell can show whose ink is widest, in most fonts.
NUMBER_SAMPLES = ("0.00", "0.10", "1.00", "0.44", "0.88")


def fit_number_px(
    base: QFont, largest: int, cell: float, smallest: int = MIN_NUMBER_PX
) -> int | None:
    """The largest type size from ``largest`` down to ``smallest`` whose widest weight
    fits in ``cell``; None when none does."""
    return _fit_number_px(base.toString(), largest, cell, smallest)


@functools.lru_cache(maxsize=256)
def _fit_number_px(font_text: str, largest: int, cell: float, smallest: int) -> int | None:
    """``fit_number_px`` for a font given as text: a canvas lays out at every paint and
    asks the same sizes again, and each measures five numbers at every size tried."""
    font = QFont()
    font.fromString(font_text)
    for px in range(largest, smallest - 1, -1):
        font.setPixelSize(px)
        # Its ink and advance with the insets every painted line keeps (app.ui.fitting):
        # at a presenter's 36 px cells "0.10" reached 1 px past a bare advance + 3.
        wide = max(line_width(sample, font) for sample in NUMBER_SAMPLES)
        if wide <= cell and QFontMetrics(font).height() + 2 <= cell:
            return px
    return None


def smallest_number_px(font_px: int) -> int:
    """Numbers in cells are not drawn smaller than half the text size (nor under
    MIN_NUMBER_PX): at projector sizes smaller print cannot be read from the back of
    the room, and the cells then show colours only."""
    return max(MIN_NUMBER_PX, small_print_px(font_px, 0.5))


def side_number_px(font_px: int) -> int:
    """Side by side only pays when its numbers stay this large: small print would
    defeat a projector, and stacking gives every cell the whole width instead."""
    return max(MIN_NUMBER_PX, small_print_px(font_px, 0.6))


def text_height(font: QFont, width: float, text: str) -> int:
    """Height of ``text`` wrapped to ``width``."""
    flags = int(Qt.TextFlag.TextWordWrap)
    return QFontMetrics(font).boundingRect(0, 0, max(1, int(width)), 10_000, flags, text).height()


class HasHeight(Protocol):
    """A canvas's layout: at least the height it needs."""

    @property
    def height(self) -> int: ...


class LaidOutCanvas(QWidget):
    """A painted widget whose height follows its width: subclasses provide
    ``compute_layout(width)`` returning an object with a ``height``, and ``row_at(point)``
    saying which matrix row a tap lands on."""

    #: The smallest size the canvas accepts before its page scrolls.
    MIN_SIZE = QSize(200, 120)
    #: A tap or click on a matrix row (or its label), with the row.
    row_clicked = Signal(int)

    def row_at(self, point: QPointF) -> int | None:
        """The row under ``point``; None where a tap means nothing."""
        return None

    def compute_layout(self, width: int) -> HasHeight:
        """Where everything goes at ``width``; subclasses say."""
        raise NotImplementedError

    def mousePressEvent(self, event) -> None:  # noqa: N802
        row = self.row_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and row is not None:
            self.row_clicked.emit(row)
            event.accept()
            return
        super().mousePressEvent(event)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self.compute_layout(width).height

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(400, self.heightForWidth(400))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.MIN_SIZE


def paint_small_map(
    painter: QPainter, rect: QRectF, image: QImage | None, theme: Theme, selected: bool
) -> None:
    """A small attention map: hatched where masked, the weights image, and a frame that
    is thick and in the query colour when the map is the selected one."""
    if image is not None:
        paint_hatched(painter, rect, theme.masked, theme.hatch)
        painter.drawImage(rect, image)  # nearest-neighbour: cells stay crisp
    painter.setPen(QPen(QColor(theme.query if selected else theme.border), 4 if selected else 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect.adjusted(-2, -2, 2, 2) if selected else rect)
