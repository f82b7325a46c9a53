"""Scores, then the mask, then the softmax: the selected head's weights in three steps.

The three matrices are painted with QPainter from a colour lookup table, like the
mini maps. The small painting helpers here (``Grid``, ``paint_grid``, the label
painters) are shared with the induction walk-through.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from core.steps import AttentionSteps

from ..page_results import PageResults
from ..painting import paint_hatched, readable_text
from ..results import AttentionResult
from ..state import AppState
from ..theme import THEMES, Theme
from ..wording import fill, head_name, translate
from .formula import FormulaView
from .lesson_formulas import attention_formula, tie_text, worked_example
from .matrix_painting import (
    GREY_LUT,
    LABEL_CHARS,
    MIN_NUMBER_PX,
    MINUS_INF,
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

#: Row labels' words, shortened step by step until the numbers fit in the cells.
LABEL_CHAR_STEPS = (LABEL_CHARS, 6, 4, 0)

# -- the three steps -----------------------------------------------------------------------

# No-break spaces keep "→ −∞" and "→ weights" together when a narrow title wraps.
STAGES = ("scores", "masked", "weights")
_NBSP = "\u00a0"


def stage_title(stage: str) -> str:
    """'1 · Scores', '2 · Mask → −∞', '3 · Softmax → weights', in the language in use."""
    titles = {
        "scores": translate("StepsView", "1 · Scores"),
        "masked": fill(translate("StepsView", "2 · Mask → %1"), MINUS_INF),
        "weights": translate("StepsView", "3 · Softmax → weights"),
    }
    return titles[stage].replace(" · ", f"{_NBSP}·{_NBSP}").replace("→ ", f"→{_NBSP}")


def score_legend() -> str:
    return translate(
        "StepsView",
        "Scores, coloured on their own scale from lowest to highest: they are not weights.",
    )


def weight_legend() -> str:
    return translate(
        "StepsView", "Weights, from 0 to 1, in the heatmap's colours. Each row adds up to 1."
    )


def mask_legend() -> str:
    return fill(
        translate(
            "StepsView", "Hidden by the causal mask: the score becomes %1, so the weight is 0."
        ),
        MINUS_INF,
    )


def tiny_note() -> str:
    return translate(
        "StepsView",
        "The cells are too small for numbers, so only colours are shown. "
        "A shorter sentence or a wider panel brings the numbers back.",
    )


def skip_note() -> str:
    return fill(
        translate(
            "StepsView",
            "The causal mask is off, so step 2 is skipped: no score becomes %1, and the "
            "softmax spreads each row over every key.",
        ),
        MINUS_INF,
    )


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
        return self._font(round(self.font_px * 0.8))

    def legend_font(self) -> QFont:
        return self._font(round(self.font_px * 0.85))

    def _number_px(self, cell: float, smallest: int | None = None) -> int | None:
        smallest = smallest or smallest_number_px(self.font_px)
        return fit_number_px(self.font(), round(self.font_px * 0.8), cell, smallest)

    def compute_layout(self, width: int) -> StepsLayout:
        stages = self.stages()
        tokens = self.steps.tokens if self.steps is not None else ("",)
        n, k = len(tokens), len(stages)
        labels = QFontMetrics(self.label_font())
        bold = QFontMetrics(self._font(round(self.font_px * 0.8), bold=True))  # the query's
        gap = max(10.0, self.font_px * 0.8)
        max_cell = self.font_px * 2.8
        # Shorter row labels before colours only: the numbers matter more than whole words
        # (the token strip shows every word in full).
        for label_chars in (*LABEL_CHAR_STEPS, LABEL_CHARS):  # none fits: whole labels
            label_w: float = max(
                bold.horizontalAdvance(row_label(tokens, i, label_chars)) for i in range(n)
            )
            label_w = min(label_w + 10, width * 0.3)
            side = min(max_cell, (width - label_w - (k - 1) * gap - 4) / (k * n))
            stacked = min(max_cell, (width - label_w - 4) / n)
            if self._number_px(stacked):
                break
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
        numbers_h = labels.height() + 2
        grids: dict[str, tuple[QRectF, float, float]] = {}
        y = 0.0
        for index, stage in enumerate(stages):
            if side_by_side:
                left = label_w + index * (n * cell + gap)
                start = left if index else 0.0
                end = width if index == k - 1 else left + n * cell + gap - 4
                grids[stage] = (QRectF(start, 0, end - start, header_h), left, header_h + numbers_h)
            else:
                header = QRectF(0, y, width, header_h)
                grids[stage] = (header, label_w, y + header_h + numbers_h)
                y += header_h + numbers_h + n * cell + gap
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


class StepsView(QWidget):
    """The selected head on the current sentence: scores, masked scores, weights."""

    def __init__(
        self, state: AppState, results: PageResults, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._results = results
        self.setAccessibleName(translate("StepsView", "Scores, then mask, then softmax"))
        self.title = QLabel()
        self.title.setObjectName("figure")
        self.title.setWordWrap(True)
        intro = translate(
            "StepsView",
            "The head's rule gives every pair of tokens a score. The causal mask then puts "
            "%1 on every key that comes after its query, and the softmax turns each row into "
            "weights. Rows are queries, columns are keys: tap a row to make it the query.",
        )
        self.intro = QLabel(fill(intro, MINUS_INF))
        self.intro.setObjectName("summary")
        self.intro.setWordWrap(True)
        self.formula = FormulaView()
        self.formula.set_formula(*attention_formula())
        self.tie = QLabel(tie_text(True))
        self.tie.setWordWrap(True)
        self.tie.setTextFormat(Qt.TextFormat.RichText)
        self.example = QLabel()
        self.example.setWordWrap(True)
        self.example.setTextFormat(Qt.TextFormat.RichText)
        self.example.setAccessibleName(translate("StepsView", "The formula on the query's row"))
        self.skip_note = QLabel(skip_note())
        self.skip_note.setWordWrap(True)
        self.skip_note.hide()
        self.canvas = StepsCanvas(state)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        for widget in (
            self.title,
            self.intro,
            self.formula,
            self.tie,
            self.example,
            self.skip_note,
            self.canvas,
        ):
            layout.addWidget(widget)
        layout.addStretch(1)

    @property
    def steps(self) -> AttentionSteps | None:
        return self.canvas.steps

    def show_result(self, result: AttentionResult) -> None:
        steps = self._results.steps(result)
        if steps is not self.canvas.steps:  # a new sentence, head or mask
            self.canvas.set_steps(steps, result.query)
            name = head_name(result.head_id)
            title = translate("StepsView", "%1 head: scores, then mask, then softmax")
            self.title.setText(fill(title, name))
            self.skip_note.setVisible(not result.causal)
            self.tie.setText(tie_text(result.causal))
        else:
            self.canvas.set_query(result.query)
        self.example.setText(worked_example(self.canvas.shown_steps, result.query))

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self.canvas.theme = theme
        self.canvas.font_px = font_px
        self.skip_note.setStyleSheet(f"color: {theme.text}; font-weight: bold;")
        self.formula.set_style(round(font_px * 1.15), theme.text)
        self.canvas.updateGeometry()
        self.canvas.update()

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        lut = np.asarray(lut, dtype=np.uint8)
        if lut.ndim != 2 or lut.shape[1] != 4:
            raise ValueError(f"a lookup table must be (N, 4) RGBA, got shape {lut.shape}")
        self.canvas.lut = lut
        self.canvas.update()
