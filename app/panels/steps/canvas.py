"""The steps page's picture: scores, masked scores and weights as three matrices.

Painted with QPainter from a colour lookup table, like the mini maps, side by side when
their numbers fit there, else one under the other, with a legend underneath.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.accessibility.pages import PictureAccessible, steps_lines
from app.accessibility.protocols import ReadsAsLines
from app.accessibility.registry import register
from app.model.state import AppState
from app.panels.matrix_painting import (
    GREY_LUT,
    LABEL_CHARS,
    MIN_NUMBER_PX,
    Grid,
    LaidOutCanvas,
    fit_number_px,
    lut_colours,
    paint_column_numbers,
    paint_grid,
    paint_row_labels,
    rgba_image,
    row_label,
    score_text,
    side_number_px,
    smallest_number_px,
    text_height,
    weight_text,
    weight_texts,
)
from app.panels.steps.words import (
    STAGES,
    mask_legend,
    score_legend,
    stage_title,
    tiny_note,
    weight_legend,
)
from app.text.wording import translate
from app.ui.fitting import small_print_px
from app.ui.painting import paint_hatched, readable_text
from app.ui.theme import THEMES, Theme
from core.steps import AttentionSteps

#: Row labels' words, shortened step by step until the numbers fit in the cells.
LABEL_CHAR_STEPS = (LABEL_CHARS, 6, 4, 0)


@dataclass
class StepsLayout:
    """Where everything goes at one width."""

    side_by_side: bool
    numbers: bool
    number_px: int
    label_width: float
    label_chars: int  # row labels' words are shortened to this many characters
    grids: dict[str, tuple[QRectF, float, float]]  # stage -> (header, left, top)
    cell: float
    legend_top: float
    height: int


class StepsCanvas(LaidOutCanvas):
    """Paints the stages side by side when they fit with readable numbers, else stacked."""

    MIN_SIZE = QSize(200, 120)

    def text_lines(self) -> list[str]:
        """What a screen reader reads: the query's row in each stage drawn."""
        return steps_lines(self)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.row_clicked.connect(state.set_query)
        self.steps: AttentionSteps | None = None
        self.query = 0
        self.theme: Theme = THEMES["light"]
        self.font_px = 16
        self.lut = GREY_LUT
        #: Whether the last paint wrote numbers in the cells, and the legend lines it wrote.
        self.numbers_last_paint = False
        self.notes_last_paint: list[str] = []
        self._grids: dict[str, Grid] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(translate("StepsView", "Scores, masked scores and weights"))

    # -- input --------------------------------------------------------------------------

    @property
    def shown_steps(self) -> AttentionSteps:
        """The steps on show; layout and painting run only once there are some."""
        if self.steps is None:
            raise RuntimeError("nothing to lay out before the first result")
        return self.steps

    def set_steps(self, steps: AttentionSteps, query: int) -> None:
        size_changed = self.steps is None or (len(self.steps.tokens), self.steps.causal) != (
            len(steps.tokens),
            steps.causal,
        )
        self.steps, self.query = steps, query
        if size_changed:
            self.updateGeometry()
        self.update()

    def set_query(self, query: int) -> None:
        self.query = query
        self.update()

    def stages(self) -> list[str]:
        if self.steps is not None and not self.steps.causal:
            return ["scores", "weights"]
        return list(STAGES)

    # -- fonts and geometry -------------------------------------------------------------

    def _font(self, px: int, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(MIN_NUMBER_PX, px))
        font.setBold(bold)
        return font

    def header_font(self) -> QFont:
        return self._font(self.font_px, bold=True)

    def label_font(self) -> QFont:
        return self._font(small_print_px(self.font_px, 0.8))

    def legend_font(self) -> QFont:
        return self._font(small_print_px(self.font_px, 0.85))

    def _number_px(self, cell: float, smallest: int | None = None) -> int | None:
        smallest = smallest or smallest_number_px(self.font_px)
        return fit_number_px(self.font(), small_print_px(self.font_px, 0.8), cell, smallest)

    def compute_layout(self, width: int) -> StepsLayout:
        stages = self.stages()
        n = len(self.steps.tokens) if self.steps is not None else 1
        gap = max(10.0, self.font_px * 0.8)
        label_w, label_chars, side, stacked = self._fit_labels(width, len(stages), gap)
        # Side by side as soon as the numbers fit there.
        if self._number_px(side, smallest=side_number_px(self.font_px)):
            side_by_side = True
        elif self._number_px(stacked):
            side_by_side = False
        else:  # colour only: side by side while the cells are still worth looking at
            side_by_side = side >= 6
        cell = max(1.0, side if side_by_side else stacked)
        number_px = self._number_px(cell)
        headers = QFontMetrics(self.header_font())
        header_h = headers.height() + 4
        if side_by_side and any(
            headers.horizontalAdvance(stage_title(stage)) > n * cell + gap - 4
            for stage in stages[1:]
        ):
            header_h += headers.height()  # narrow stages: titles wrap onto two lines
        below = header_h + QFontMetrics(self.label_font()).height() + 2  # title, column numbers
        grids = self._place_grids(stages, n, cell, label_w, header_h, below, width, side_by_side)
        bottom = max(top + n * cell for _, _, top in grids.values())
        legend_top = bottom + gap
        height = legend_top + self._legend_height(width, number_px is not None)
        return StepsLayout(
            side_by_side,
            number_px is not None,
            number_px or 0,
            label_w,
            label_chars,
            grids,
            cell,
            legend_top,
            int(np.ceil(height)),
        )

    def _fit_labels(self, width: int, k: int, gap: float) -> tuple[float, int, float, float]:
        """Row labels' width and characters, and the cell size side by side and stacked.

        Shorter row labels before colours only: the numbers matter more than whole words
        (the token strip shows every word in full).
        """
        tokens = self.steps.tokens if self.steps is not None else ("",)
        n = len(tokens)
        bold = QFontMetrics(self._font(small_print_px(self.font_px, 0.8), bold=True))  # the query's
        max_cell = self.font_px * 2.8

        def fit(label_chars: int) -> tuple[float, int, float, float]:
            label_w: float = max(
                bold.horizontalAdvance(row_label(tokens, i, label_chars)) for i in range(n)
            )
            label_w = min(label_w + 10, width * 0.3)
            side = min(max_cell, (width - label_w - (k - 1) * gap - 4) / (k * n))
            stacked = min(max_cell, (width - label_w - 4) / n)
            return label_w, label_chars, side, stacked

        for label_chars in LABEL_CHAR_STEPS:
            fitted = fit(label_chars)
            if self._number_px(fitted[3]):  # the numbers fit in the stacked cells
                return fitted
        return fit(LABEL_CHARS)  # none fits: whole labels

    def _place_grids(
        self,
        stages: list[str],
        n: int,
        cell: float,
        label_w: float,
        header_h: float,
        grid_top: float,
        width: int,
        side_by_side: bool,
    ) -> dict[str, tuple[QRectF, float, float]]:
        """Each stage's header rectangle, and its grid's left and top."""
        k = len(stages)
        gap = max(10.0, self.font_px * 0.8)
        grids: dict[str, tuple[QRectF, float, float]] = {}
        y = 0.0
        for index, stage in enumerate(stages):
            if side_by_side:
                left = label_w + index * (n * cell + gap)
                start = left if index else 0.0
                end = width if index == k - 1 else left + n * cell + gap - 4
                grids[stage] = (QRectF(start, 0, end - start, header_h), left, grid_top)
            else:
                grids[stage] = (QRectF(0, y, width, header_h), label_w, y + grid_top)
                y += grid_top + n * cell + gap
        return grids

    def _legend_lines(self, numbers: bool) -> list[tuple[str, str]]:
        lines = [("scores", score_legend()), ("weights", weight_legend())]
        if self.steps is None or self.steps.causal:
            lines.append(("masked", mask_legend()))
        if not numbers:
            lines.append(("note", tiny_note()))
        return lines

    def _swatch_width(self) -> float:
        return self.font_px * 4.5

    def _legend_height(self, width: float, numbers: bool) -> float:
        font = self.legend_font()
        text_w = width - self._swatch_width() - 10
        heights = [
            max(text_height(font, text_w, text), QFontMetrics(font).height() + 4) + 6
            for _, text in self._legend_lines(numbers)
        ]
        return sum(heights)

    # -- painting -----------------------------------------------------------------------

    def grid(self, stage: str) -> Grid | None:
        """The stage's matrix as last painted (None before the first paint)."""
        return self._grids.get(stage)

    def _build_grids(self, layout: StepsLayout) -> dict[str, Grid]:
        steps = self.shown_steps
        lo, hi = steps.score_range
        score_colours = lut_colours(steps.scores, lo, hi, self.lut)
        weight_colours = lut_colours(steps.weights, 0.0, 1.0, self.lut)
        none = np.zeros_like(steps.hidden)
        numbers = layout.numbers

        source = {
            "scores": (score_colours, none, steps.scores, score_text),
            "masked": (score_colours, steps.hidden, steps.masked_scores, score_text),
            "weights": (weight_colours, steps.hidden, steps.weights, weight_text),
        }
        grids = {}
        for stage, (_, left, top) in layout.grids.items():
            colours, hidden, values, fmt = source[stage]
            texts = [[fmt(v) for v in row] for row in values.tolist()] if numbers else None
            if texts is not None and stage == "weights":
                texts = weight_texts(values, hidden)  # masked: hatched, no number
            grids[stage] = Grid(left, top, layout.cell, colours, hidden, texts, self.query)
        return grids

    def paintEvent(self, event) -> None:  # noqa: N802
        if self.steps is None:
            return
        theme = self.theme
        layout = self.compute_layout(self.width())
        self._grids = self._build_grids(layout)
        self.numbers_last_paint = layout.numbers
        self.notes_last_paint = [text for _, text in self._legend_lines(layout.numbers)]
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(theme.panel))
        header_font, label_font = self.header_font(), self.label_font()
        number_font = self._font(layout.number_px) if layout.numbers else None
        tokens = self.steps.tokens
        labels = [row_label(tokens, i, layout.label_chars) for i in range(len(tokens))]
        for index, (stage, grid) in enumerate(self._grids.items()):
            header = layout.grids[stage][0]
            painter.setFont(header_font)
            painter.setPen(QColor(theme.text))
            painter.drawText(
                header,
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
                | int(Qt.TextFlag.TextWordWrap),
                stage_title(stage),
            )
            paint_column_numbers(
                painter, grid.cols, grid.left, grid.top - 2, grid.cell, theme, label_font
            )
            if index == 0 or not layout.side_by_side:
                paint_row_labels(
                    painter, labels, grid.left, grid.top, grid.cell, theme, label_font, self.query
                )
            paint_grid(painter, grid, theme, number_font)
        self._paint_legend(painter, layout)
        painter.end()

    def _paint_legend(self, painter: QPainter, layout: StepsLayout) -> None:
        theme, font = self.theme, self.legend_font()
        metrics = QFontMetrics(font)
        swatch_w = self._swatch_width()
        text_left = swatch_w + 10
        text_w = self.width() - text_left
        lo, hi = self.shown_steps.score_range
        y = layout.legend_top
        painter.setFont(font)
        for kind, text in self._legend_lines(layout.numbers):
            height = max(text_height(font, text_w, text), metrics.height() + 4)
            swatch = QRectF(0, y + 1, swatch_w, metrics.height() + 2)
            if kind == "scores":
                self._paint_ramp(painter, swatch, score_text(lo), score_text(hi))
            elif kind == "weights":
                self._paint_ramp(painter, swatch, "0", "1")
            elif kind == "masked":
                paint_hatched(painter, swatch, theme.masked, theme.hatch)
            painter.setPen(QColor(theme.text if kind == "note" else theme.muted))
            painter.drawText(
                QRectF(
                    text_left if kind != "note" else 0,
                    y,
                    text_w if kind != "note" else self.width(),
                    height,
                ),
                int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft),
                text,
            )
            y += height + 6

    def _paint_ramp(self, painter: QPainter, rect: QRectF, low: str, high: str) -> None:
        ramp = self.lut[np.linspace(0, len(self.lut) - 1, max(2, int(rect.width()))).astype(int)]
        painter.drawImage(rect, rgba_image(ramp[None, :, :]))
        painter.setPen(QPen(QColor(self.theme.border), 1))
        painter.drawRect(rect)
        for text, colour, align in (
            (low, self.lut[0], Qt.AlignmentFlag.AlignLeft),
            (high, self.lut[-1], Qt.AlignmentFlag.AlignRight),
        ):
            painter.setPen(readable_text(QColor(*(int(c) for c in colour[:3]))))
            painter.drawText(
                rect.adjusted(3, 0, -3, 0), align | Qt.AlignmentFlag.AlignVCenter, text
            )

    # -- clicks -------------------------------------------------------------------------

    def row_at(self, point: QPointF) -> int | None:
        """The query row under ``point``, in any stage or its row labels."""
        for grid in self._grids.values():
            if grid.top <= point.y() < grid.top + grid.rows * grid.cell and (
                point.x() < grid.left + grid.cols * grid.cell
            ):
                inside = QPointF(min(max(point.x(), grid.left), grid.rect.right() - 0.5), point.y())
                return grid.row_at(inside)
        return None


register(StepsCanvas, ReadsAsLines, PictureAccessible)
