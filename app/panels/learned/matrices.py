"""One or more weight matrices side by side, labelled, painted like the steps view.

Built on ``matrix_painting`` so that learned heads look exactly like the
constructed ones: hatched masked cells, the heatmap's colours, numbers in the
cells when they fit, the query row outlined.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPixmap, QRegion
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.accessibility.pages import PictureAccessible, matrices_lines
from app.accessibility.protocols import ReadsAsLines
from app.accessibility.registry import register
from app.panels.matrix_painting import (
    GREY_LUT,
    MIN_NUMBER_PX,
    Grid,
    LaidOutCanvas,
    fit_number_px,
    lut_colours,
    paint_column_numbers,
    paint_grid,
    paint_outline_row,
    paint_row_labels,
    row_label_rect,
    row_labels_all_shown,
    smallest_number_px,
    text_height,
    weight_texts,
)
from app.ui.fitting import small_print_px
from app.ui.theme import THEMES, Theme


@dataclass(frozen=True, eq=False)
class Matrix:
    """One matrix to paint: a title, weights (rows are queries) and marks."""

    title: str
    weights: np.ndarray  # (n, n)
    hidden: np.ndarray  # (n, n) bool: hidden by the causal mask, drawn hatched
    highlights: np.ndarray | None = None  # (k, 2) cells ringed in the accent colour


@dataclass
class _Layout:
    label_w: float
    cell: float
    number_px: int  # 0: colour only
    header_h: float
    top: float  # of the matrices
    lefts: list[float]
    height: int


class MatricesCanvas(LaidOutCanvas):
    """Paints matrices of the same size in a row, sharing the row labels on the left.

    Parameters
    ----------
    clickable : bool
        A tap on a row (or its label) emits ``row_clicked`` with the row.
    max_cell_scale : float
        Cells grow to at most this many times the body text size.
    """

    MIN_SIZE = QSize(160, 80)

    def text_lines(self) -> list[str]:
        """What a screen reader reads: the query's row of each matrix."""
        return matrices_lines(self)

    def __init__(
        self, clickable: bool = False, max_cell_scale: float = 2.8, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.matrices: list[Matrix] = []
        self.labels: list[str] = []
        self.query: int | None = None
        self.theme: Theme = THEMES["light"]
        self.font_px = 16
        self.lut = GREY_LUT
        self.max_cell_scale = max_cell_scale
        self._clickable = clickable
        self._grids: list[Grid] = []
        #: The canvas without the query's marks, and what it was painted for.
        self._base: QPixmap | None = None
        self._base_key: tuple | None = None
        #: Whether the last paint wrote numbers in the cells (tests read it).
        self.numbers_last_paint = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        if clickable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    # -- input --------------------------------------------------------------------------

    def set_content(self, matrices: list[Matrix], labels: list[str], query: int | None) -> None:
        """New matrices (all n x n) with their n row labels; ``query`` is outlined."""
        self.matrices, self.labels, self.query = matrices, labels, query
        self._base = None
        self.updateGeometry()
        self.update()

    def set_query(self, query: int | None) -> None:
        self.query = query
        self.update()

    def set_style(self, theme: Theme, font_px: int, lut: np.ndarray) -> None:
        self.theme, self.font_px, self.lut = theme, font_px, lut
        self._base = None
        self.updateGeometry()
        self.update()

    # -- geometry -----------------------------------------------------------------------

    def _font(self, scale: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(MIN_NUMBER_PX, small_print_px(self.font_px, scale)))
        font.setBold(bold)
        return font

    def compute_layout(self, width: int) -> _Layout:
        n = len(self.labels) or 1
        k = max(1, len(self.matrices))
        gap = max(10.0, self.font_px * 0.8)
        bold = QFontMetrics(self._font(0.8, bold=True))  # the query's label is bold
        label_w: float = max((bold.horizontalAdvance(t) for t in self.labels), default=0) + 10
        label_w = min(label_w, width * 0.3)
        cell = self._cell(width, label_w, k, n, gap)
        if self.query is None and cell < QFontMetrics(self._font(0.8)).height() * 0.8:
            # Rows too thin for their labels, and no query to name: the cells take the room.
            label_w = 4.0
            cell = self._cell(width, label_w, k, n, gap)
        largest = small_print_px(self.font_px, 0.8)
        smallest = smallest_number_px(self.font_px)
        number_px = fit_number_px(self.font(), largest, cell, smallest) or 0
        title_w = n * cell + (gap - 4 if k > 1 else width - label_w - n * cell)
        header_h = 4 + max(
            (text_height(self._font(0.9, bold=True), title_w, m.title) for m in self.matrices),
            default=0,
        )
        top = header_h + QFontMetrics(self._font(0.8)).height() + 2
        lefts = [label_w + i * (n * cell + gap) for i in range(k)]
        return _Layout(
            label_w,
            cell,
            number_px,
            header_h,
            top,
            lefts,
            int(np.ceil(top + n * cell + 2)),
        )

    def _cell(self, width: float, label_w: float, k: int, n: int, gap: float) -> float:
        # Room on the right for half of the last column's number ("15" over a thin cell).
        right = QFontMetrics(self._font(0.8)).horizontalAdvance("00") / 2 + 2
        cell = (width - label_w - (k - 1) * gap - right) / (k * n)
        return max(1.0, min(self.font_px * self.max_cell_scale, cell))

    # -- painting -----------------------------------------------------------------------

    def grid(self, index: int = 0) -> Grid | None:
        """A matrix as last painted (None before the first paint)."""
        return self._grids[index] if index < len(self._grids) else None

    def _texts(self, m: Matrix, layout: _Layout) -> list[list[str]] | None:
        if not layout.number_px:
            return None
        return weight_texts(m.weights, m.hidden)

    def paintEvent(self, event) -> None:  # noqa: N802
        if not self.matrices:
            return
        # Everything but the query's marks is the same from one query to the next: it is
        # laid out and painted once into a picture, and a new query paints only its row
        # label and outline over it (a page redraw on a new query was mostly numbers).
        base = self._base_picture()
        self._grids = [replace(grid, outline_row=self.query) for grid in self._grids]
        painter = QPainter(self)
        grid, label_font = self._grids[0], self._font(0.8)
        query = self.query if self.query is not None and self.query < len(self.labels) else None
        if query is not None and row_labels_all_shown(grid.cell, label_font):
            # The picture has this row's label in plain type: it makes way for the bold one.
            plain = row_label_rect(self.labels[query], query, grid.left, grid.top, grid.cell,
                                   label_font)  # fmt: skip
            painter.setClipRegion(QRegion(self.rect()).subtracted(QRegion(plain.toAlignedRect())))
        painter.drawPixmap(0, 0, base)
        painter.setClipping(False)
        if query is not None:
            paint_row_labels(painter, self.labels, grid.left, grid.top, grid.cell, self.theme,
                             label_font, query, only=query)  # fmt: skip
        for grid in self._grids:
            paint_outline_row(painter, grid, self.theme)
        painter.end()

    def _base_picture(self) -> QPixmap:
        """The canvas without the query's marks, laid out and painted again only when
        something other than the query changed (the grids, with their colours and
        numbers, are made with it)."""
        ratio = self.devicePixelRatioF()
        key = (self.size().toTuple(), ratio, self.query is None, self.font().key())
        if self._base is not None and self._base_key == key:
            return self._base
        layout = self.compute_layout(self.width())
        self._grids = [
            Grid(
                left,
                layout.top,
                layout.cell,
                lut_colours(m.weights, 0.0, 1.0, self.lut),
                m.hidden,
                self._texts(m, layout),
                self.query,
                m.highlights,
            )
            for left, m in zip(layout.lefts, self.matrices, strict=True)
        ]
        self.numbers_last_paint = bool(layout.number_px)
        base = QPixmap(self.size() * ratio)
        base.setDevicePixelRatio(ratio)
        base.fill(Qt.GlobalColor.transparent)
        painter = QPainter(base)
        self._paint_base(painter, layout)
        painter.end()
        self._base, self._base_key = base, key
        return base

    def _paint_base(self, painter: QPainter, layout: _Layout, query: int | None = None) -> None:
        """Everything but the query's marks; with ``query``, everything at once."""
        header_font, label_font = self._font(0.9, bold=True), self._font(0.8)
        number_font = None
        if layout.number_px:
            number_font = QFont(self.font())
            number_font.setPixelSize(layout.number_px)
        n = len(self.labels)
        for index, (m, grid) in enumerate(zip(self.matrices, self._grids, strict=True)):
            start = grid.left if index else 0.0
            end = grid.left + n * grid.cell if len(self.matrices) > 1 else self.width()
            painter.setFont(header_font)
            painter.setPen(QColor(self.theme.text))
            painter.drawText(
                QRectF(start, 0, end - start, layout.header_h),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
                | int(Qt.TextFlag.TextWordWrap),
                m.title,
            )
            paint_column_numbers(
                painter, n, grid.left, grid.top - 2, grid.cell, self.theme, label_font
            )
            if index == 0:
                paint_row_labels(
                    painter, self.labels, grid.left, grid.top, grid.cell, self.theme, label_font,
                    query,
                )  # fmt: skip
            paint_grid(painter, replace(grid, outline_row=query), self.theme, number_font)

    def changeEvent(self, event) -> None:  # noqa: N802
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._base = None
        super().changeEvent(event)

    # -- taps ---------------------------------------------------------------------------

    def row_at(self, point: QPointF) -> int | None:
        """The row under ``point``, in any matrix or in the row labels."""
        grid = self.grid(0)
        if (
            not self._clickable
            or grid is None
            or not grid.top <= point.y() < grid.top + grid.rows * grid.cell
        ):
            return None
        last = self._grids[-1]
        if point.x() >= last.left + last.cols * last.cell:
            return None
        return min(int((point.y() - grid.top) // grid.cell), grid.rows - 1)


register(MatricesCanvas, ReadsAsLines, PictureAccessible)
