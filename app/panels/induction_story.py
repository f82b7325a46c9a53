"""Two layers make an induction head: a walk-through on the current sentence and query.

Five steps, moved with Next / Back (or PageDown / PageUp, as a presentation
clicker sends): the problem, layer 1, layer 2, the agreement with the one-rule
head, and why the causal mask lets a model keep a KV cache. The last step adds
the sentence's tokens one at a time, on a timer or with each Next press.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

import numpy as np
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import core
from core.induction_story import InductionStory

from ..page_results import PageResults
from ..results import AttentionResult, display_tokens, shorten
from ..state import STORY_FIELDS, AppState
from ..theme import THEMES, Theme
from ..wording import decimal_sign, fill, focus_text, format_percent, translate
from .matrix_painting import (
    GREY_LUT,
    Grid,
    LaidOutCanvas,
    fit_number_px,
    lut_colours,
    paint_column_numbers,
    paint_grid,
    paint_row_labels,
    row_label,
    side_number_px,
    smallest_number_px,
    text_height,
    weight_texts,
)

#: The walk-through's steps, by index (titles: ``step_title``).
STEP_COUNT = 5


def step_title(step: int) -> str:
    titles = (
        translate("InductionStory", "The problem"),
        translate("InductionStory", "Layer 1: every position learns its neighbour"),
        translate("InductionStory", "Layer 2: find what came next last time"),
        translate("InductionStory", "The same answer as the induction rule"),
        translate("InductionStory", "Why the mask makes a KV cache possible"),
    )
    return titles[step]


#: How long each new token stays before the next arrives in the last step.
FRAME_MS = 900
CHIP_CHARS = 12
PAGE_KEYS = (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp)


# -- words --------------------------------------------------------------------------------


def _tok(tokens: tuple[str, ...], i: int) -> str:
    """A token and its position, for rich text: “cat” (7)."""
    return f"<b>“{escape(shorten(tokens[i]))}”</b>&nbsp;({i})"


def _word(text: str) -> str:
    return f"<b>“{escape(shorten(text))}”</b>"


def _series(items: list[str], either: bool = False) -> str:
    """'a', 'a and b', 'a, b and c' (or '... or c')."""
    if len(items) == 1:
        return items[0]
    template = (
        translate("InductionStory", "%1 or %2")
        if either
        else translate("InductionStory", "%1 and %2")
    )
    return fill(template, ", ".join(items[:-1]), items[-1])


def _suggestion(story: InductionStory) -> str:
    repeats = story.layer_two.queries_with_copy
    if repeats:
        return fill(
            translate("InductionStory", "Pick a token that repeats, such as %1, to see it work."),
            _tok(story.tokens, repeats[-1]),
        )
    return translate(
        "InductionStory",
        "No word repeats in this sentence; try one that does, such as “a b c a b c”.",
    )


def _problem(story: InductionStory, query: str) -> str:
    tokens, q, two = story.tokens, story.query, story.layer_two
    general = translate(
        "InductionStory",
        "A key describes only its own token. Comparing the query with one key at a time, a "
        "single head cannot ask for “the token that came after an earlier copy of me”.",
    )
    if not two.has_copy:
        nothing = fill(
            translate(
                "InductionStory", "Here %1 has no earlier copy, so there is nothing to find."
            ),
            query,
        )
        return f"{general} {nothing} {_suggestion(story)}"
    first = two.matches[0]
    template = translate(
        "InductionStory",
        "At %1 an induction head should look at %2: what followed %3 before. But the key at %4 "
        "only says %5; nothing in it mentions the %6 in front of it.",
    )
    return (
        fill(
            template,
            query,
            _series([_tok(tokens, j) for j in two.matches]),
            _word(tokens[q]),
            first,
            _word(tokens[first]),
            _word(tokens[first - 1]),
        )
        + f" {general}"
    )


def _layer_one(story: InductionStory) -> str:
    tokens, two = story.tokens, story.layer_two
    example = two.matches[0] if two.has_copy else min(1, len(tokens) - 1)
    carried = story.layer_one.carried[example]
    after = (
        fill(
            translate("InductionStory", "so %1 now also carries %2."),
            _tok(tokens, example),
            _word(carried),
        )
        if carried is not None
        else translate("InductionStory", "though the first token has nothing before it to carry.")
    )
    template = translate(
        "InductionStory",
        "Elhage et al. (2021) describe how two layers manage it. An earlier layer holds a "
        "previous-token head: each position looks one step back (the outlined cells, just left "
        "of the diagonal) and adds a copy of that token to its own vector. Afterwards every "
        "position knows its neighbour, %1",
    )
    return fill(template, after)


def _layer_two(story: InductionStory, query: str) -> str:
    tokens, q, two = story.tokens, story.query, story.layer_two
    ask = fill(
        translate(
            "InductionStory", "In a later layer, the query at %1 asks which positions carry %2."
        ),
        query,
        _word(tokens[q]),
    )
    if not two.has_copy:
        none = fill(
            translate(
                "InductionStory",
                "None does: %1 has not appeared before. With nothing to match, the head rests "
                "on the first token (the rule's fallback) and predicts nothing. An induction "
                "head needs a repeat.",
            ),
            _word(tokens[q]),
        )
        return f"{ask} {none}"
    holders = _series([_tok(tokens, j) for j in two.matches])
    guesses = _series(
        [f"{_word(t)} ({format_percent(weight)})" for t, weight in two.predictions], either=True
    )
    template = (
        translate(
            "InductionStory",
            "One does: %2, outlined. Their values carry those tokens forward, so the head's "
            "guess for the next token is %3.",
        )
        if len(two.matches) == 1
        else translate(
            "InductionStory",
            "%1 positions do: %2, outlined. Their values carry those tokens forward, so the "
            "head's guess for the next token is %3.",
        )
    )
    return f"{ask} {fill(template, len(two.matches), holders, guesses)}"


def _agreement(story: InductionStory, query: str) -> str:
    tokens, q = story.tokens, story.query
    focus = focus_text(display_tokens(tokens), core.focus(story.agreement.induction_weights, q))
    difference = story.agreement.max_difference
    same = "0" if difference == 0 else _localized_general(difference)
    template = translate(
        "InductionStory",
        "The constructed induction head applies the rule in one go, without the two layers. "
        "Its weights are the same: for %1 both give %2, and over all %3 rows the largest "
        "difference is %4. Olsson et al. (2022) link heads like this to in-context learning: "
        "a model picking up a pattern from its own prompt.",
    )
    return fill(template, query, escape(focus), len(tokens), same)


def _row_state(state: str) -> str:
    """A cache row's state as the picture labels it: new, changed or kept."""
    words = {
        "new": translate("InductionStory", "new"),
        "changed": translate("InductionStory", "changed"),
        "kept": translate("InductionStory", "kept"),
    }
    return words[state]


def _localized_general(value: float) -> str:
    """A tiny difference such as 2e-16, with the language's decimal sign."""
    return f"{value:.1g}".replace(".", decimal_sign())


def step_text(story: InductionStory, step: int) -> str:
    """What a step says, as rich text, for this sentence and query."""
    query = _tok(story.tokens, story.query)
    if step == 0:
        return _problem(story, query)
    if step == 1:
        return _layer_one(story)
    if step == 2:
        return _layer_two(story, query)
    if step == 3:
        return _agreement(story, query)
    return translate(
        "InductionStory",
        "The sentence arrives one token at a time, as when a model writes. With the mask on, "
        "no token may look ahead, so a newcomer never changes the rows before it. Their "
        "outputs, and the keys and values the next layer builds from them, can be computed "
        "once and kept: that store is the KV cache. With the mask off, every newcomer changes "
        "the earlier rows, and nothing could be kept.",
    )


def frame_status(story: InductionStory, length: int) -> str:
    """'Token 5 of 10: “dog”. Mask on: ...' for the last step."""
    frame = story.cache.frames[length - 1]
    tokens, earlier = story.tokens, length - 1
    head = fill(
        translate("InductionStory", "Token %1 of %2: %3."),
        length,
        len(tokens),
        _word(tokens[length - 1]),
    )
    if earlier == 0:
        nothing = translate(
            "InductionStory", "Nothing came before it, so there is nothing to reuse yet."
        )
        return f"{head} {nothing}"
    kept = earlier - int(frame.changed_masked.sum())
    moved = int(frame.changed_unmasked.sum())
    template = (
        translate(
            "InductionStory",
            "Mask on: %1 of %2 earlier row reused unchanged. Mask off: %3 of %2 changed.",
        )
        if earlier == 1
        else translate(
            "InductionStory",
            "Mask on: %1 of %2 earlier rows reused unchanged. Mask off: %3 of %2 changed.",
        )
    )
    return f"{head} {fill(template, kept, earlier, moved)}"


# -- drawing ------------------------------------------------------------------------------


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


def _text_width(metrics: QFontMetrics, text: str) -> float:
    return max(metrics.horizontalAdvance(text), metrics.boundingRect(text).width()) + 2


class StoryCanvas(LaidOutCanvas):
    """Paints the current step: token chips and the matrices it needs."""

    MIN_SIZE = QSize(200, 60)

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

    def _font(self, scale: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(10, round(self.font_px * scale)))
        font.setBold(bold)
        return font

    def small_font(self) -> QFont:
        return self._font(0.78)

    # -- layout -------------------------------------------------------------------------

    def _chip_texts(self, i: int) -> tuple[str, str]:
        story = self.shown_story
        token = shorten(story.tokens[i], CHIP_CHARS)
        if self.step == 0:
            return token, fill(translate("InductionStory", "%1 · key: %2"), i, token)
        carried = story.layer_one.carried[i]
        # Quoted, so a one-character token such as "." does not read as a cut-off label.
        held = f"“{shorten(carried, CHIP_CHARS)}”" if carried is not None else "—"
        return token, f"{i} · ← {held}"

    def _chip_rects(self, width: float) -> list[QRectF]:
        big, small = QFontMetrics(self._font(1.0, bold=True)), QFontMetrics(self.small_font())
        pad, gap = max(4, self.font_px // 3), max(4, self.font_px // 3)
        height = big.height() + small.height() + 2 * pad
        rects, x, y = [], 0.0, 0.0
        for i in range(len(self.shown_story.tokens)):
            top, bottom = self._chip_texts(i)
            # The painted extent, not just the advance: italics, arrows and fallback glyphs
            # may reach past it, and a chip must never clip its label.
            w = max(_text_width(big, top), _text_width(small, bottom)) + 2 * pad
            w = min(w, width)
            if x > 0 and x + w > width:
                x, y = 0.0, y + height + gap
            rects.append(QRectF(x, y, w, height))
            x += w + gap
        return rects

    def _label_width(self, labels: list[str], width: float) -> float:
        bold = QFontMetrics(self._font(0.8, bold=True))
        return min(max(bold.horizontalAdvance(t) for t in labels) + 10, width * 0.3)

    def _marker_width(self) -> float:
        metrics = QFontMetrics(self.small_font())
        return (
            max(metrics.horizontalAdvance(_row_state(s)) for s in ("new", "changed", "kept")) + 14
        )

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
        largest = round(self.font_px * 0.8)
        smallest = smallest_number_px(self.font_px)
        number_px = fit_number_px(self.font(), largest, cell, smallest) or 0
        room = n * cell + marker_w if side_by_side and k > 1 else width
        header_h = 4 + max(
            text_height(self._font(0.9, bold=True), room, t) for t in titles.values()
        )
        numbers_h = QFontMetrics(self._font(0.8)).height() + 2 + (8 if markers else 0)
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
        largest = round(self.font_px * 0.8)
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
            y += self._cache_legend_height(width)
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
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if layout.chips:
            self._paint_chips(painter, layout.chips)
        label_font = self._font(0.8)
        tokens = self.story.tokens
        for index, (name, grid) in enumerate(self._grids.items()):
            place = layout.places[name]
            painter.setFont(self._font(0.9, bold=True))
            painter.setPen(QColor(self.theme.text))
            painter.drawText(
                place.header,
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
                | int(Qt.TextFlag.TextWordWrap),
                place.title,
            )
            self._paint_frame(painter, grid, place)
            paint_column_numbers(
                painter,
                place.frame,
                grid.left,
                grid.top - (10 if self.step == 4 else 2),
                grid.cell,
                self.theme,
                label_font,
            )
            if self.step == 3:
                labels = [row_label(tokens, self.story.query)]
                paint_row_labels(
                    painter, labels, grid.left, grid.top, grid.cell, self.theme, label_font, 0
                )
            elif place.words and (index == 0 or place.header.left() == 0):
                labels = [row_label(tokens, i) for i in range(grid.rows)]
                query = self.story.query if self.step != 4 else None
                paint_row_labels(
                    painter, labels, grid.left, grid.top, grid.cell, self.theme, label_font, query
                )
            number_font = self._number_font(place)
            paint_grid(painter, grid, self.theme, number_font)
            if self.step == 4:
                self._paint_cache_marks(painter, name, grid, place.words)
        if layout.legend_top >= 0:
            self._paint_cache_legend(painter, layout.legend_top)
        painter.end()

    def _number_font(self, place: Place) -> QFont | None:
        if not place.number_px:
            return None
        font = QFont(self.font())
        font.setPixelSize(place.number_px)
        return font

    def _paint_frame(self, painter: QPainter, grid: Grid, place: Place) -> None:
        """In the last step, the room the rest of the sentence will take, dashed."""
        if self.step != 4 or grid.rows == place.frame:
            return
        side = place.frame * grid.cell
        pen = QPen(QColor(self.theme.border), 1, Qt.PenStyle.DashLine)
        painter.save()
        painter.setPen(pen)
        painter.drawRect(QRectF(grid.left, grid.top, side, side))
        painter.restore()

    def _paint_chips(self, painter: QPainter, rects: list[QRectF]) -> None:
        theme, story = self.theme, self.shown_story
        big, small = self._font(1.0, bold=True), self.small_font()
        big_h = QFontMetrics(big).height()
        pad = max(4, self.font_px // 3)
        matches = set(story.layer_two.matches)
        painter.save()
        for i, rect in enumerate(rects):
            matched = self.step == 2 and i in matches
            fill = QColor(theme.accent if matched else theme.panel)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, 6, 6)
            if i == story.query:
                painter.setPen(QPen(QColor(theme.query), 3))
            elif self.step == 0 and i in matches:
                painter.setPen(QPen(QColor(theme.accent), 3, Qt.PenStyle.DashLine))
            else:
                painter.setPen(QPen(QColor(theme.border), 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)
            top, bottom = self._chip_texts(i)
            text = QColor(theme.accent_text) if matched else QColor(theme.text)
            painter.setPen(text)
            painter.setFont(big)
            inner = rect.adjusted(pad, pad, -pad, -pad)
            painter.drawText(
                QRectF(inner.left(), inner.top(), inner.width(), big_h),
                Qt.AlignmentFlag.AlignCenter,
                top,
            )
            painter.setFont(small)
            painter.setPen(text if matched else QColor(theme.muted))
            painter.drawText(
                QRectF(inner.left(), inner.top() + big_h, inner.width(), inner.height() - big_h),
                Qt.AlignmentFlag.AlignCenter,
                bottom,
            )
        painter.restore()

    def _paint_cache_marks(self, painter: QPainter, name: str, grid: Grid, words: bool) -> None:
        """Right of each row: kept (cached), new, or changed; above each column: cached."""
        theme, t = self.theme, grid.rows
        frame = self.shown_story.cache.frames[t - 1]
        changed = frame.changed_masked if name == "mask_on" else frame.changed_unmasked
        font = self.small_font()
        metrics = QFontMetrics(font)
        words = words and grid.cell >= metrics.height() * 0.9
        x = grid.left + t * grid.cell + 4
        painter.save()
        painter.setFont(font)
        for i in range(t):
            state = "new" if i == t - 1 else ("changed" if changed[i] else "kept")
            colour = QColor(theme.accent if state == "kept" else theme.query)
            bar = QRectF(x, grid.top + i * grid.cell + 1, 5, grid.cell - 2)
            painter.fillRect(bar, colour)
            if words:
                painter.setPen(colour if state != "kept" else QColor(theme.text))
                painter.drawText(
                    QRectF(x + 8, grid.top + i * grid.cell, 200, grid.cell),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    _row_state(state),
                )
        if name == "mask_on":  # the keys and values the new row reads from the cache
            y = grid.top - 7
            if t > 1:
                painter.fillRect(
                    QRectF(grid.left, y, (t - 1) * grid.cell - 1, 5), QColor(theme.accent)
                )
            painter.fillRect(
                QRectF(grid.left + (t - 1) * grid.cell, y, grid.cell, 5), QColor(theme.query)
            )
        painter.restore()

    def _cache_legend(self) -> tuple[tuple[str, str], ...]:
        return (
            (
                "accent",
                translate(
                    "InductionStory",
                    "kept: read from the cache; the bar over the columns marks the cached keys "
                    "and values the new row reads",
                ),
            ),
            (
                "query",
                translate("InductionStory", "new or changed: has to be computed (again)"),
            ),
        )

    def _cache_legend_height(self, width: float) -> float:
        font = self.small_font()
        return sum(text_height(font, width - 12, text) + 4 for _, text in self._cache_legend())

    def _paint_cache_legend(self, painter: QPainter, top: float) -> None:
        font = self.small_font()
        metrics = QFontMetrics(font)
        painter.save()
        painter.setFont(font)
        for colour, text in self._cache_legend():
            height = text_height(font, self.width() - 12, text)
            painter.fillRect(
                QRectF(0, top + 2, 5, metrics.height() - 4), QColor(getattr(self.theme, colour))
            )
            painter.setPen(QColor(self.theme.muted))
            painter.drawText(
                QRectF(12, top, self.width() - 12, height), int(Qt.TextFlag.TextWordWrap), text
            )
            top += height + 4
        painter.restore()

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


# -- the view -----------------------------------------------------------------------------


class InductionStoryView(QWidget):
    """Step-by-step: how a previous-token head and a matching head make an induction head."""

    def __init__(
        self, state: AppState, results: PageResults, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._results = results
        self._result: AttentionResult | None = None
        self.story: InductionStory | None = None
        # The step and the tokens arrived live in the state: a session reset restores them.
        state.changed.connect(self._on_state_changed)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(translate("InductionStory", "Two layers make an induction head"))

        self.timer = QTimer(self)
        self.timer.setInterval(FRAME_MS)
        self.timer.timeout.connect(self._on_tick)

        self.back_button = QPushButton(translate("InductionStory", "◀ Back"))
        self.next_button = QPushButton(translate("InductionStory", "Next ▶"))
        self.play_button = QPushButton(translate("InductionStory", "↻ Replay"))
        self.back_button.setAccessibleName(translate("InductionStory", "Previous step"))
        self.next_button.setAccessibleName(translate("InductionStory", "Next step"))
        self.play_button.setAccessibleName(
            translate("InductionStory", "Add the tokens again, one at a time")
        )
        self.back_button.clicked.connect(self.previous_step)
        self.next_button.clicked.connect(self.next_step)
        self.play_button.clicked.connect(self.replay)
        self.progress = QLabel()
        self.progress.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.progress.setObjectName("summary")
        # The label gives way first, so the row never pushes the panel wider.
        self.progress.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        nav = QHBoxLayout()
        nav.addWidget(self.back_button)
        nav.addWidget(self.progress, 1)
        nav.addWidget(self.next_button)

        self.title = QLabel()
        self.title.setObjectName("figure")
        self.title.setWordWrap(True)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.note = QLabel()
        self.note.setObjectName("summary")
        self.note.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.play_button, 0, Qt.AlignmentFlag.AlignTop)
        self.canvas = StoryCanvas(state)
        self.canvas.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.canvas.setFocusProxy(self)  # a tap on the picture lets PageDown reach us

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        layout.addLayout(nav)
        for widget in (self.title, self.text, self.note):
            layout.addWidget(widget)
        layout.addLayout(status_row)
        layout.addWidget(self.canvas)
        layout.addStretch(1)

    # -- stepping ------------------------------------------------------------------------

    @property
    def step(self) -> int:
        """The step shown, from 0 to ``step_count - 1``."""
        return self._step

    @property
    def step_count(self) -> int:
        return STEP_COUNT

    @property
    def length(self) -> int:
        """In the last step: how many tokens have arrived so far."""
        return self._length

    def _n(self) -> int:
        return len(self.story.tokens) if self.story is not None else 1

    @property
    def _step(self) -> int:
        return self._state.story_step

    @property
    def _length(self) -> int:
        return self._state.story_length

    def _move(self, step: int, length: int) -> None:
        """Go to ``step`` with ``length`` tokens arrived; the state's change redraws."""
        self._state.set_story_position(step, length)

    def _on_state_changed(self, names: frozenset[str]) -> None:
        if names & STORY_FIELDS:
            if self._state.story_step != self.step_count - 1:
                self.timer.stop()  # the animation belongs to the last step
            self._refresh()

    def next_step(self) -> None:
        """Forward: the next step, or in the last step the next token."""
        last = self.step_count - 1
        if self._step == last and self._length < self._n():
            self.timer.stop()
            self._move(last, self._length + 1)
        elif self._step < last:
            step = self._step + 1
            self._move(step, 1 if step == last else self._length)
            if step == last:
                self.timer.start()

    def previous_step(self) -> None:
        """Back: in the last step one token fewer, else the step before."""
        self.timer.stop()
        if self._step == self.step_count - 1 and self._length > 1:
            self._move(self._step, self._length - 1)
        elif self._step > 0:
            self._move(self._step - 1, self._length)

    def step_by(self, delta: int) -> None:
        """``delta`` presses of Next (positive) or Back (negative); the window's clicker uses it."""
        for _ in range(abs(delta)):
            self.next_step() if delta > 0 else self.previous_step()

    def hideEvent(self, event) -> None:  # noqa: N802
        self.timer.stop()  # no animation runs unseen; Replay starts it again
        super().hideEvent(event)

    def replay(self) -> None:
        """Start the last step's tokens again from the first, on the timer."""
        self._move(self.step_count - 1, 1)
        self.timer.start()

    def _on_tick(self) -> None:
        if self._length < self._n():
            self._move(self._step, self._length + 1)
        if self._length >= self._n():
            self.timer.stop()

    # -- keys ------------------------------------------------------------------------------

    def event(self, event) -> bool:
        # The window binds PageDown / PageUp as shortcuts; while we have focus they are ours.
        if event.type() == QEvent.Type.ShortcutOverride and event.key() in PAGE_KEYS:
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_PageDown:
            self.next_step()
        elif event.key() == Qt.Key.Key_PageUp:
            self.previous_step()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # -- input -----------------------------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        self._result = result
        story = self._results.story(result)
        if story is not self.story:  # a new sentence or query
            self.story = story
            self._move(self._step, min(self._length, len(result.tokens)))
        self._refresh()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self.canvas.theme = theme
        self.canvas.font_px = font_px
        height = max(44, round(font_px * 2.6))  # large enough for a fingertip
        for button in (self.back_button, self.next_button, self.play_button):
            button.setMinimumHeight(height)
        # A step button with nowhere to go must look it (greyed, dotted edge).
        self.setStyleSheet(
            f"QPushButton:disabled {{ color: {theme.muted}; background: transparent;"
            f" border: 2px dotted {theme.border}; }}"
        )
        self.canvas.updateGeometry()
        self.canvas.update()

    def set_colormap(self, lut: np.ndarray) -> None:
        """Use the heatmap's colour map, as a (256, 4) uint8 RGBA table."""
        self.canvas.lut = np.asarray(lut, dtype=np.uint8)
        self.canvas.update()

    # -- drawing -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        if self.story is None:
            return
        last = self.step_count - 1
        self.progress.setText(f"{self._step + 1} / {self.step_count}")
        self.progress.setAccessibleName(
            fill(translate("InductionStory", "Step %1 of %2"), self._step + 1, self.step_count)
        )
        self.title.setText(f"{self._step + 1} · {step_title(self._step)}")
        self.text.setText(step_text(self.story, self._step))
        self.status.setVisible(self._step == last)
        if self._step == last:
            self.status.setText(frame_status(self.story, self._length))
        mask_off = self._result is not None and not self._result.causal
        self.note.setVisible(mask_off and self._step < last)
        self.note.setText(
            translate(
                "InductionStory",
                "This walk-through keeps the causal mask on, as a model that writes text does; "
                "the main view has it off.",
            )
        )
        self.back_button.setEnabled(self._step > 0 or self._length > 1)
        self.next_button.setEnabled(self._step < last or self._length < self._n())
        self.play_button.setVisible(self._step == last)
        self.canvas.show_step(self.story, self._step, self._length)
