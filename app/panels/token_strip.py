"""The sentence as chips: tap one to make it the query; shading shows where it looks."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.accessibility import events
from app.accessibility.protocols import ShowsTokens
from app.accessibility.registry import register
from app.accessibility.tokens import TokenStripAccessible, tokens_focused, tokens_shown
from app.model.results import AttentionResult, shorten
from app.model.state import AppState
from app.text.wording import format_percent, translate
from app.ui.fitting import LINE_INSET, Fitted, fit_line, line_width
from app.ui.painting import blend, paint_focus_ring, readable_text
from app.ui.theme import THEMES, Theme

#: Tokens longer than this many characters are shortened on their chip (whole where
#: there is room: a word is cut by the width it needs, see ``app.ui.fitting``).
MAX_CHIP_CHARS = 40
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


class TokenStrip(QWidget):
    """Paints every token as a chip, wrapping onto new lines as the width requires."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._result: AttentionResult | None = None
        self._theme: Theme = THEMES[state.theme_id]
        self._rects: list[QRectF] = []
        self._laid_out_width = -1
        #: Chip layouts by width and what they depend on: rects, scale, small-line floor.
        self._layouts: dict[tuple, tuple[list[QRectF], float, int]] = {}
        self._chip_sizes: dict[tuple, tuple[tuple[int, ...], int, int]] = {}
        self._scale = CHIP_SCALES[0]
        #: The smallest size of a chip's position/percent line (presenter mode: 24 px).
        self._label_floor = 9
        #: A room's fixed height for the chips (None: as many rows as the words need).
        self._room_height: int | None = None
        self._floor_in_use = self._label_floor
        #: The narrowest chip (a kiosk's finger), and the spacing of the chips laid out.
        self._min_chip = 0
        self._pad = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(translate("TokenStrip", "Sentence tokens"))
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    # -- drawing input -------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        previous = self._result
        tokens_changed = previous is None or previous.tokens != result.tokens
        self._result = result
        if tokens_changed:
            self._relayout()
        self.update()
        if events.is_active():  # nothing to pay without a screen reader
            tokens_shown(self, previous, result)

    @property
    def result(self) -> AttentionResult | None:
        """What the chips show (read by the accessible list of tokens)."""
        return self._result

    def choose(self, position: int) -> None:
        """Make the token at ``position`` the query, as a click on its chip does."""
        self._state.set_query(position)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def label_px(self) -> int:
        """The size of the chips' small line (position and percent) as drawn now."""
        return self._fonts(self._scale, self._floor())[1].pixelSize()

    def set_label_floor(self, px: int) -> None:
        """Never draw a chip's small line (position, percent) under ``px`` pixels.

        A floor of a room's size (presenter, kiosk) also keeps the words at the body
        size where the chips take more than one row: the heatmap under them needs the
        height more (on one row, as on a wide projector, they may be larger).
        """
        if px != self._label_floor:
            self._label_floor = px
            self._relayout()

    def set_room_height(self, height: int | None) -> None:
        """Keep the chips within ``height`` px (a room's fixed region): a sentence that
        needs more rows gets smaller chips, never a taller strip. ``None``: grow."""
        if height != self._room_height:
            self._room_height = height
            self._relayout()

    def rows_height(self, rows: int) -> int:
        """How tall ``rows`` rows of chips are at the body size, tightly spaced (what a
        room reserves for its sentences)."""
        word_h, small_h = (_line_px(f) for f in self._fonts(1.0, self._label_floor))
        pad = round(self._font_px() * CHIP_PADS[-1])
        chip = max(self._min_chip, word_h + small_h + 2 * _pad_y(pad))
        return rows * chip + (rows - 1) * pad + 4

    def rows_needed(self, tokens: tuple[str, ...], width: int) -> int:
        """Rows the chips of ``tokens`` take at ``width`` at the body size, tightly spaced."""
        rects = self._rects_at(width, 1.0, CHIP_PADS[-1], tokens, self._label_floor)
        return len({r.top() for r in rects})

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.type() == event.Type.FontChange:
            self._relayout()
        super().changeEvent(event)

    # -- geometry --------------------------------------------------------------

    def _fonts(self, scale: float = 1.25, floor: int | None = None) -> tuple[QFont, QFont]:
        floor = self._label_floor if floor is None else floor
        small_px = max(floor, round(self._font_px() * scale * 0.6))
        word = QFont(self.font())
        word.setPixelSize(max(round(self._font_px() * scale), small_px))
        word.setBold(True)  # measured as the query's chip shows it, so it never grows
        small = QFont(self.font())
        small.setPixelSize(small_px)
        return word, small

    def _font_px(self) -> int:
        return self.font().pixelSize() if self.font().pixelSize() > 0 else 16

    @staticmethod
    def chip_text(token: str) -> str:
        return shorten(token, MAX_CHIP_CHARS)

    def set_min_chip_width(self, px: int) -> None:
        """Never make a chip narrower than ``px`` (a kiosk's finger: 48 px, even for ".")."""
        if px != self._min_chip:
            self._min_chip = px
            self._relayout()

    def chip_boxes(self, position: int) -> tuple[QRectF, QRectF]:
        """The boxes of a chip's word and of its small line, inside its border."""
        rect = self._rects[position]
        word_h, small_h = (_line_px(f) for f in self._fonts(self._scale, self._floor()))
        pad_x = _pad_x(self._pad)
        inner_w = rect.width() - 2 * pad_x
        top = rect.top() + (rect.height() - word_h - small_h) / 2
        word = QRectF(rect.left() + pad_x, top, inner_w, word_h)
        small = QRectF(rect.left() + pad_x, top + word_h, inner_w, small_h)
        return word, small

    def chip_words(self, position: int) -> Fitted:
        """A chip's word as it is shown: whole, or smaller, or cut where even the floor
        size does not fit the chip (the accessible list of tokens names it whole)."""
        token = self.chip_text(self._result.tokens[position]) if self._result else ""
        word_font, small_font = self._fonts(self._scale, self._floor())
        box = self.chip_boxes(position)[0]
        floor = min(word_font.pixelSize(), max(small_font.pixelSize(), self._word_floor()))
        return fit_line(token, word_font, box.width(), word_font.pixelSize(), floor)

    def _word_floor(self) -> int:
        """The smallest a chip's word may get: the body size (a room's: 24 px)."""
        return max(self._label_floor, min(self._font_px(), DEFAULT_WORD_PX))

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
                self._layouts[key] = (*self._measure_layout(width), self._label_floor)
            else:
                self._layouts[key] = (
                    *self._measure_room_layout(width, self._room_height),
                    self._floor_in_use,
                )
        rects, scale, self._floor_in_use = self._layouts[key]
        return rects, scale

    def _measure_room_layout(self, width: int, height: int) -> tuple[list[QRectF], float]:
        """The largest chips whose rows fit ``height``: first at the floor's small line,
        then (a sentence far longer than any the room offers) below it."""
        scales = (*CHIP_SCALES, 0.6, 0.5, 0.4, 0.3)
        for floor in (self._label_floor, 18, 14, 10, 8):
            self._floor_in_use = floor
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
        key = (tokens, self.font().toString(), floor, query_word, scale, space, self._min_chip)
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
                            line_width(f"{i} · {query_word}", small_font),
                            line_width(f"{i} · 100 %", small_font),
                        )
                        + 2 * _pad_x(pad)
                    ),
                )
                for i, token in enumerate(tokens)
            )
            lines = _line_px(word_font) + _line_px(small_font)
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

    def _floor(self) -> int:
        """The small line's floor in use (a room may go under it, see above)."""
        return self._label_floor if self._room_height is None else self._floor_in_use

    def _relayout(self) -> None:
        self._rects, self._scale = self._layout_rects(self.width())
        self._pad = self._chips(self._scale, self._spacing())[2] if self._rects else 0
        self._laid_out_width = self.width()
        self.updateGeometry()
        self.update()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        if self._room_height is not None:
            return self._room_height
        rects, _ = self._layout_rects(width)
        return int(rects[-1].bottom()) + 4 if rects else 40

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(600, self.heightForWidth(600))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(200, self.heightForWidth(max(self.width(), 200)))

    def resizeEvent(self, event) -> None:  # noqa: N802
        if self.width() != self._laid_out_width:
            self._relayout()
        super().resizeEvent(event)

    def chip_rect(self, position: int) -> QRectF:
        """Where a token's chip is drawn, in widget coordinates."""
        return self._rects[position]

    # -- painting -------------------------------------------------------------

    def paintEvent(self, event) -> None:  # noqa: N802
        if self._result is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        word_font, small_font = self._fonts(self._scale, self._floor())
        theme, result = self._theme, self._result
        row = result.query_row
        hidden_row = result.hidden[result.query]
        for i, rect in enumerate(self._rects):
            chip = rect.adjusted(2, 2, -2, -2)
            if hidden_row[i]:
                fill = QColor(theme.masked)
                painter.setBrush(fill)
                painter.setPen(QPen(QColor(theme.hatch), 2, Qt.PenStyle.DashLine))
            else:
                fill = blend(theme.panel, theme.attend, float(row[i]))
                painter.setBrush(fill)
                painter.setPen(QPen(QColor(theme.border), 1))
            if i == result.query:
                painter.setPen(QPen(QColor(theme.query), 4))
            painter.drawRoundedRect(chip, 8, 8)
            text = readable_text(fill)
            if hidden_row[i]:
                text = QColor(theme.muted)
            word_box, small_box = self.chip_boxes(i)
            shown = self.chip_words(i)
            painter.setPen(text)
            word_font.setBold(i == result.query)
            word_font.setPixelSize(shown.px)
            painter.setFont(word_font)
            painter.drawText(word_box, Qt.AlignmentFlag.AlignCenter, shown.shown)
            painter.setFont(small_font)
            # Hidden chips already look hidden (dashed, grey); their position is enough.
            note = "" if hidden_row[i] else f" · {format_percent(row[i])}"
            label = f" · {_query_word()}" if i == result.query else note
            painter.drawText(small_box, Qt.AlignmentFlag.AlignCenter, f"{i}{label}")
        if self.hasFocus() and self._rects:
            ring = self._rects[result.query].adjusted(-2, -2, 2, 2)
            paint_focus_ring(painter, ring, theme.focus, 10)
        painter.end()

    # -- input ----------------------------------------------------------------

    def position_at(self, point: QPointF) -> int | None:
        for i, rect in enumerate(self._rects):
            if rect.contains(point):
                return i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        position = self.position_at(event.position())
        if position is not None and event.button() == Qt.MouseButton.LeftButton:
            self.choose(position)
            event.accept()
            return
        super().mousePressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        if events.is_active():  # after Qt's own word that the list has the focus
            QTimer.singleShot(0, self, lambda: tokens_focused(self))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        # Left and Right are window-wide shortcuts (see main_window); Home/End are local.
        if event.key() == Qt.Key.Key_Home:
            self._state.set_query(0)
        elif event.key() == Qt.Key.Key_End:
            self._state.set_query(len(self._state.tokens) - 1)
        else:
            super().keyPressEvent(event)


def _line_px(font: QFont) -> int:
    """A line of ``font``, rounded up: glyphs never reach past it."""
    return math.ceil(QFontMetricsF(font).height())


def _pad_x(pad: int) -> int:
    """Space from a chip's edge to its text, across: the border and the glyphs' inset."""
    return max(pad, CHIP_BORDER + LINE_INSET)


def _pad_y(pad: int) -> int:
    """Space from a chip's edge to its lines, up and down: at least the border."""
    return max(pad, CHIP_BORDER)


register(TokenStrip, ShowsTokens, TokenStripAccessible)
