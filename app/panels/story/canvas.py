"""The walk-through's picture: token chips and the matrices each step needs.

This module lays the picture out and builds its grids; ``painting`` paints them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

import core
from app.accessibility.pages import PictureAccessible, story_lines
from app.accessibility.protocols import ReadsAsLines
from app.accessibility.registry import register
from app.model.state import AppState
from app.panels.matrix_painting import (
    GREY_LUT,
    Grid,
    LaidOutCanvas,
    fit_number_px,
    lut_colours,
    row_label,
    side_number_px,
    smallest_number_px,
    text_height,
    weight_texts,
)
from app.panels.story.painting import cache_legend_height, paint_story
from app.panels.story.words import row_state
from app.text.wording import fill, shorten, translate
from app.ui.fitting import line_width, small_print_px
from app.ui.theme import THEMES, Theme
from core.induction_story import InductionStory

#: The longest token a chip shows in full.
CHIP_CHARS = 12


@dataclass
class Place:
    """Where one matrix goes; ``frame`` is the full sentence size it is drawn inside."""

    title: str
    header: QRectF
    left: float
    top: float
    cell: float
    frame: int
    number_px: int  # 0: colour only
    words: bool = True  # room for row labels and row markers


@dataclass
class StoryLayout:
    chips: list[QRectF] = field(default_factory=list)
    places: dict[str, Place] = field(default_factory=dict)
    legend_top: float = -1.0
    height: int = 0


class StoryCanvas(LaidOutCanvas):
    """Paints the current step: token chips and the matrices it needs."""

    MIN_SIZE = QSize(200, 60)

    def text_lines(self) -> list[str]:
        """What a screen reader reads: the chips, then each matrix's row in words."""
        if self.story is None:
            return []
        layout = self.compute_layout(max(self.width(), 1))
        return story_lines(self.story, self.step, layout, self._build_grids(layout))

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.row_clicked.connect(state.set_query)  # a chip or a row: that token is the query
        self.story: InductionStory | None = None
        self.step = 0
        self.length = 1
        self.theme: Theme = THEMES["light"]
        self.font_px = 16
        self.lut = GREY_LUT
        self._grids: dict[str, Grid] = {}
        self._chips: list[QRectF] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(translate("InductionStory", "Induction walk-through picture"))

    @property
    def shown_story(self) -> InductionStory:
        """The story on show; layout and painting run only once there are some."""
        if self.story is None:
            raise RuntimeError("nothing to lay out before the first result")
        return self.story

    def show_step(self, story: InductionStory, step: int, length: int) -> None:
        self.story, self.step, self.length = story, step, length
        self.updateGeometry()
        self.update()

    # -- fonts --------------------------------------------------------------------------

    def font_at(self, scale: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(10, small_print_px(self.font_px, scale)))
        font.setBold(bold)
        return font

    def small_font(self) -> QFont:
        return self.font_at(0.78)

    # -- layout -------------------------------------------------------------------------

    def chip_texts(self, i: int) -> tuple[str, str]:
        story = self.shown_story
        token = shorten(story.tokens[i], CHIP_CHARS)
        if self.step == 0:
            return token, fill(translate("InductionStory", "%1 · key: %2"), i, token)
        carried = story.layer_one.carried[i]
        # Quoted, so a one-character token such as "." does not read as a cut-off label.
        held = f"“{shorten(carried, CHIP_CHARS)}”" if carried is not None else "—"
        return token, f"{i} · ← {held}"

    def _chip_rects(self, width: float) -> list[QRectF]:
        big_font, small_font = self.font_at(1.0, bold=True), self.small_font()
        big, small = QFontMetrics(big_font), QFontMetrics(small_font)
        pad, gap = max(4, self.font_px // 3), max(4, self.font_px // 3)
        height = big.height() + small.height() + 2 * pad
        rects, x, y = [], 0.0, 0.0
        for i in range(len(self.shown_story.tokens)):
            top, bottom = self.chip_texts(i)
            # The painted extent, not just the advance: italics, arrows and fallback glyphs
            # may reach past it, and a chip must never clip its label.
            w = max(line_width(top, big_font), line_width(bottom, small_font)) + 2 * pad
            w = min(w, width)
            if x > 0 and x + w > width:
                x, y = 0.0, y + height + gap
            rects.append(QRectF(x, y, w, height))
            x += w + gap
        return rects

    def _label_width(self, labels: list[str], width: float) -> float:
        bold = QFontMetrics(self.font_at(0.8, bold=True))
        return min(max(bold.horizontalAdvance(t) for t in labels) + 10, width * 0.3)

    def _marker_width(self) -> float:
        metrics = QFontMetrics(self.small_font())
        return max(metrics.horizontalAdvance(row_state(s)) for s in ("new", "changed", "kept")) + 14

    def _places(
        self,
        titles: dict[str, str],
        rows: int,
        width: float,
        top: float,
        labels: list[str],
        markers: bool = False,
        stack: bool = False,
    ) -> tuple[dict[str, Place], float]:
        """Matrices of ``rows`` x n cells under ``top``: side by side when their numbers
        fit there (and ``stack`` is False), else one under the other."""
        n, k = len(self.shown_story.tokens), len(titles)
        gap = max(10.0, self.font_px * 0.8)
        label_w = self._label_width(labels, width)
        marker_w = self._marker_width() if markers else 0.0
        cell, side_by_side = self._cell_size(width, k, label_w, marker_w, gap, stack)
        words = True
        if markers and cell < QFontMetrics(self.small_font()).height() * 0.9:
            # Rows too thin for words: their labels and markers give their room to the cells.
            words, label_w, marker_w = False, 6.0, 10.0
            cell, side_by_side = self._cell_size(width, k, label_w, marker_w, gap, stack)
        largest = small_print_px(self.font_px, 0.8)
        smallest = smallest_number_px(self.font_px)
        number_px = fit_number_px(self.font(), largest, cell, smallest) or 0
        room = n * cell + marker_w if side_by_side and k > 1 else width
        header_h = 4 + max(
            text_height(self.font_at(0.9, bold=True), room, t) for t in titles.values()
        )
        numbers_h = QFontMetrics(self.font_at(0.8)).height() + 2 + (8 if markers else 0)
        places: dict[str, Place] = {}
        y = top
        for index, (name, title) in enumerate(titles.items()):
            if side_by_side:
                left = label_w + index * (n * cell + marker_w + gap)
                start = left if index else 0.0
                header = QRectF(start, top, left + n * cell + marker_w - start, header_h)
                grid_top = top + header_h + numbers_h
            else:
                left, header = label_w, QRectF(0, y, width, header_h)
                grid_top = y + header_h + numbers_h
                y = grid_top + rows * cell + gap
            places[name] = Place(title, header, left, grid_top, cell, n, number_px, words)
        bottom = max(p.top + rows * p.cell for p in places.values())
        return places, bottom

    def _cell_size(
        self, width: float, k: int, label_w: float, marker_w: float, gap: float, stack: bool
    ) -> tuple[float, bool]:
        """Cell size, and whether the ``k`` matrices go side by side."""
        n = len(self.shown_story.tokens)
        max_cell = self.font_px * 2.8
        side = min(max_cell, (width - label_w - k * marker_w - (k - 1) * gap - 4) / (k * n))
        stacked = min(max_cell, (width - label_w - marker_w - 4) / n)
        largest = small_print_px(self.font_px, 0.8)
        if k == 1:
            side_by_side = True
        elif stack:
            side_by_side = False
        elif fit_number_px(self.font(), largest, side, side_number_px(self.font_px)):
            side_by_side = True
        elif fit_number_px(self.font(), largest, stacked, smallest_number_px(self.font_px)):
            side_by_side = False
        else:  # colour only: side by side while the cells are still worth looking at
            side_by_side = side >= 6
        return max(1.0, side if side_by_side else stacked), side_by_side

    def compute_layout(self, width: int) -> StoryLayout:
        layout = StoryLayout()
        if self.story is None:
            return layout
        gap = max(10.0, self.font_px * 0.8)
        tokens, n = self.story.tokens, len(self.story.tokens)
        labels = [row_label(tokens, i) for i in range(n)]
        y = 0.0
        if self.step <= 2:
            layout.chips = self._chip_rects(width)
            y = layout.chips[-1].bottom() + gap
        if self.step == 1:
            titles = {
                "layer1": translate("InductionStory", "Layer 1 · previous-token head (weights)")
            }
        elif self.step == 2:
            titles = {
                "layer2": translate("InductionStory", "Layer 2 · the matching head's weights")
            }
        elif self.step == 3:
            titles = {
                "two_layers": translate(
                    "InductionStory", "Two layers: previous-token head, then matching"
                ),
                "rule": translate("InductionStory", "The induction head: the rule in one go"),
            }
        elif self.step == 4:
            titles = {
                "mask_on": translate("InductionStory", "Mask on"),
                "mask_off": translate("InductionStory", "Mask off"),
            }
        else:
            titles = {}
        if titles:
            rows = 1 if self.step == 3 else n
            if self.step == 3:
                labels = [row_label(tokens, self.story.query)]
            layout.places, y = self._places(
                titles, rows, width, y, labels, markers=self.step == 4, stack=self.step == 3
            )
            y += gap
        if self.step == 4:
            layout.legend_top = y
            y += cache_legend_height(self, width)
        layout.height = int(np.ceil(y))
        return layout

    # -- the matrices of each step -----------------------------------------------------

    def grid(self, name: str) -> Grid | None:
        """A matrix as last painted: 'layer1', 'layer2', 'two_layers', 'rule',
        'mask_on', 'mask_off'."""
        return self._grids.get(name)

    def chip_rect(self, i: int) -> QRectF:
        return self._chips[i]

    def _texts(
        self, values: np.ndarray, hidden: np.ndarray, place: Place
    ) -> list[list[str]] | None:
        if not place.number_px:
            return None
        return weight_texts(values, hidden)

    def _make_grid(
        self,
        place: Place,
        values: np.ndarray,
        hidden: np.ndarray,
        outline: int | None = None,
        highlights: np.ndarray | None = None,
    ) -> Grid:
        colours = lut_colours(values, 0.0, 1.0, self.lut)
        return Grid(
            place.left,
            place.top,
            place.cell,
            colours,
            hidden,
            self._texts(values, hidden, place),
            outline,
            highlights,
        )

    def _build_grids(self, layout: StoryLayout) -> dict[str, Grid]:
        story, places = self.shown_story, layout.places
        n, q = len(story.tokens), story.query
        causal = core.causal_mask(n)
        grids: dict[str, Grid] = {}
        if self.step == 1:
            grids["layer1"] = self._make_grid(
                places["layer1"],
                story.layer_one.weights,
                causal,
                highlights=story.layer_one.cells,
            )
        elif self.step == 2:
            grids["layer2"] = self._make_grid(
                places["layer2"], story.layer_two.weights, causal, q, story.layer_two.cells
            )
        elif self.step == 3:
            hidden = causal[q : q + 1]
            cells = story.layer_two.cells.copy()
            cells[:, 0] = 0
            grids["two_layers"] = self._make_grid(
                places["two_layers"], story.layer_two.row[None, :], hidden, highlights=cells
            )
            grids["rule"] = self._make_grid(
                places["rule"],
                story.agreement.induction_weights[q : q + 1],
                hidden,
                highlights=cells,
            )
        elif self.step == 4:
            frame = story.cache.frames[self.length - 1]
            t = self.length
            grids["mask_on"] = self._make_grid(
                places["mask_on"], frame.masked, core.causal_mask(t), outline=t - 1
            )
            grids["mask_off"] = self._make_grid(
                places["mask_off"], frame.unmasked, np.zeros((t, t), dtype=bool), outline=t - 1
            )
        return grids

    # -- painting -----------------------------------------------------------------------

    def paintEvent(self, event) -> None:  # noqa: N802
        if self.story is None:
            return
        layout = self.compute_layout(self.width())
        self._chips = layout.chips
        self._grids = self._build_grids(layout)
        painter = QPainter(self)
        paint_story(self, painter, layout, self._grids)
        painter.end()

    # -- clicks -------------------------------------------------------------------------

    def row_at(self, point: QPointF) -> int | None:
        """The token under ``point``: a chip, or a row of a full matrix."""
        for i, rect in enumerate(self._chips):
            if rect.contains(point):
                return i
        for name in ("layer1", "layer2"):
            grid = self._grids.get(name)
            if grid is not None and grid.row_at(point) is not None:
                return grid.row_at(point)
        return None


register(StoryCanvas, ReadsAsLines, PictureAccessible)
