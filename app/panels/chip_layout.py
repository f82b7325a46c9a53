"""How the token strip lays its chips out: sizes from the words, rows from the width,
the largest text and spacing that fit (a mixin of ``TokenStrip``, which keeps the
painting, the input and the state)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from app.model.results import AttentionResult
from app.text.wording import format_percent, translate
from app.ui.fitting import line_width

#: From a chip's edge to its text's box: the query's 4 px outline reaches 4 px in.
CHIP_BORDER = 4
#: Text scales tried from largest to smallest until the chips fit in MAX_ROWS rows.
CHIP_SCALES = (1.25, 1.0, 0.85, 0.7)
MAX_ROWS = 3
#: Space inside and between chips, in text sizes: the usual, and the tight one, taken
#: only when it saves a row (a row of chips costs the heatmap its height).
CHIP_PADS = (0.3, 0.18)
#: The chips' words at the default text size; larger text never makes them smaller.
DEFAULT_WORD_PX = 20


def _query_word() -> str:
    """The chip's mark for the query, under its position."""
    return translate("TokenStrip", "query")


#: What a chip's small line holds, from the fullest: its position and its note ("7 ·
#: 32%"); the note alone ("32%"), where a room is too narrow for both at its 24 px (16
#: tokens at 1024x768); nothing, the word alone with its weight in its colour (words
#: too long for two rows of chips). The positions stay on the heatmap's axes and in the
#: chips' accessible names.
FULL_LINE, NOTE_ONLY, NO_LINE = 0, 1, 2


def small_line(position: int, note: str, compact: int = FULL_LINE) -> str:
    """A chip's small line (see ``FULL_LINE``); ``note`` is its weight or the query's
    mark, empty for a hidden key."""
    if compact == NO_LINE:
        return ""
    if not note:
        return str(position)
    return note if compact == NOTE_ONLY else f"{position} · {note}"


class ChipLayout:
    """The chips' layout, for ``TokenStrip`` (which has the fonts, floors and caches)."""

    # What the strip holds, which the layout reads and caches into (see TokenStrip).
    _result: AttentionResult | None
    _label_floor: int
    _floor_in_use: int
    _compact: int
    _room_height: int | None
    _min_chip: int
    _scale: float
    _rects: list[QRectF]
    _layouts: dict[tuple, tuple[list[QRectF], float, int, int]]
    _chip_sizes: dict[tuple, tuple[tuple[int, ...], int, int]]

    if TYPE_CHECKING:  # the strip's own, declared here for the type checker only

        def font(self) -> QFont: ...
        def _fonts(self, scale: float = 1.25, floor: int | None = None) -> tuple[QFont, QFont]: ...
        def _font_px(self) -> int: ...
        def _floor(self) -> int: ...
        @staticmethod
        def chip_text(token: str) -> str: ...

    def _layout_rects(self, width: int) -> tuple[list[QRectF], float]:
        """Chip rectangles in as few rows as possible (an extra row takes its height from
        the heatmap), at the largest scale that needs no more; never smaller than the
        chips at the default text size, unless that takes more than MAX_ROWS rows."""
        if self._result is None:
            return [], CHIP_SCALES[0]
        # Layouts ask for the height at each width several times per change (a new query
        # changes the readout's words, not the chips): measure each layout once.
        key = (
            width,
            self._result.tokens,
            self.font().toString(),
            self._label_floor,
            _query_word(),
            self._room_height,
            self._min_chip,
        )
        if key not in self._layouts:
            if len(self._layouts) > 32:
                self._layouts.clear()
            if self._room_height is None:
                self._compact = FULL_LINE
                self._layouts[key] = (*self._measure_layout(width), self._label_floor, FULL_LINE)
            else:
                self._layouts[key] = (
                    *self._measure_room_layout(width, self._room_height),
                    self._floor_in_use,
                    self._compact,
                )
        rects, scale, self._floor_in_use, self._compact = self._layouts[key]
        return rects, scale

    def _line_heights(self, word_font: QFont, small_font: QFont) -> tuple[int, int]:
        """The heights of a chip's word line and of its small line (none: 0)."""
        small = _line_px(small_font) if self._compact != NO_LINE else 0
        return _line_px(word_font), small

    def _measure_room_layout(self, width: int, height: int) -> tuple[list[QRectF], float]:
        """The largest chips whose rows fit ``height``: first at the floor's small line,
        then with less in the small line (see ``FULL_LINE``), and only then (a sentence
        far longer than any the room offers) with words below the floor."""
        scales = (*CHIP_SCALES, 0.6, 0.5, 0.4, 0.3)
        floor = self._label_floor
        tries = [(floor, FULL_LINE), (floor, NOTE_ONLY), (floor, NO_LINE)]
        tries += [(smaller, NO_LINE) for smaller in (18, 14, 10, 8)]
        for floor, compact in tries:
            self._floor_in_use, self._compact = floor, compact
            for scale in scales:
                if scale > 1.0 and self._label_floor >= DEFAULT_WORD_PX:
                    rects = self._rects_at(width, scale, CHIP_PADS[0])
                    if len({r.top() for r in rects}) > 1:
                        continue  # larger words only on one row, as outside a room
                for pad in CHIP_PADS:
                    rects = self._rects_at(width, scale, pad)
                    if rects and rects[-1].bottom() + 4 <= height:
                        return rects, scale
        return self._rects_at(width, scales[-1], CHIP_PADS[-1]), scales[-1]

    def _measure_layout(self, width: int) -> tuple[list[QRectF], float]:
        laid = []
        room = self._label_floor >= DEFAULT_WORD_PX
        for scale in CHIP_SCALES:
            for tight, pad in enumerate(CHIP_PADS):
                rects = self._rects_at(width, scale, pad)
                rows = len({r.top() for r in rects})
                if not room or scale <= 1.0 or rows == 1:
                    laid.append((rows, tight, -scale, rects))
        readable = [entry for entry in laid if self._font_px() * -entry[2] >= DEFAULT_WORD_PX]
        within = [entry for entry in readable if entry[0] <= MAX_ROWS]
        chosen = (
            min(within, key=lambda e: e[:3])
            if within
            else min(laid, key=lambda e: (e[0], e[2], e[1]))
        )
        return chosen[3], -chosen[2]

    def _rects_at(
        self,
        width: int,
        scale: float,
        space: float,
        tokens: tuple[str, ...] | None = None,
        floor: int | None = None,
    ) -> list[QRectF]:
        widths, height, gap = self._chips(scale, space, tokens, floor)
        rects, x, y = [], 0.0, 0.0
        for natural in widths:
            w = min(natural, max(width, 1))
            if x > 0 and x + w > width:
                x, y = 0.0, y + height + gap
            rects.append(QRectF(x, y, w, height))
            x += w + gap
        return rects

    def _chips(
        self,
        scale: float,
        space: float,
        tokens: tuple[str, ...] | None = None,
        floor: int | None = None,
    ) -> tuple[tuple[int, ...], int, int]:
        """Each chip's natural width, the chips' height and the gap between them at a
        scale and spacing: they do not depend on the width, so the layouts' many
        widths share one measurement."""
        if tokens is None:
            tokens = self._result.tokens if self._result is not None else ()
        floor = self._floor() if floor is None else floor
        query_word = _query_word()
        compact = self._compact
        key = (
            tokens,
            self.font().toString(),
            floor,
            query_word,
            scale,
            space,
            self._min_chip,
            compact,
        )
        if key not in self._chip_sizes:
            if len(self._chip_sizes) > 64:
                self._chip_sizes.clear()
            word_font, small_font = self._fonts(scale, floor)
            pad = round(self._font_px() * space * scale)
            widths = tuple(
                max(
                    self._min_chip,
                    round(
                        max(
                            line_width(self.chip_text(token), word_font),
                            line_width(small_line(i, query_word, compact), small_font),
                            line_width(small_line(i, format_percent(1.0), compact), small_font),
                        )
                        + 2 * _pad_x(pad)
                    ),
                )
                for i, token in enumerate(tokens)
            )
            lines = sum(self._line_heights(word_font, small_font))
            height = max(self._min_chip, lines + 2 * _pad_y(pad))
            self._chip_sizes[key] = widths, height, pad
        return self._chip_sizes[key]

    def _spacing(self) -> float:
        """The spacing (see CHIP_PADS) of the chips laid out now: their height and the
        gap between them (which is the spacing's pad) tell."""
        rects = self._rects
        gap = None
        if len(rects) > 1:
            same_row = rects[1].top() == rects[0].top()
            gap = (
                rects[1].left() - rects[0].right()
                if same_row
                else rects[1].top() - rects[0].bottom()
            )
        for space in CHIP_PADS:
            _widths, height, pad = self._chips(self._scale, space)
            if abs(height - rects[0].height()) < 0.5 and (gap is None or abs(gap - pad) < 0.5):
                return space
        return CHIP_PADS[0]


def _line_px(font: QFont) -> int:
    """A line of ``font``, rounded up: glyphs never reach past it."""
    return math.ceil(QFontMetricsF(font).height())


def _pad_x(pad: int) -> int:
    """Space from a chip's edge to its text's box, across: at least the border (the
    glyphs keep their own inset inside the box, see ``line_width``)."""
    return max(pad, CHIP_BORDER)


def _pad_y(pad: int) -> int:
    """Space from a chip's edge to its lines, up and down: at least the border."""
    return max(pad, CHIP_BORDER)
