"""The sentence as chips: tap one to make it the query; shading shows where it looks."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
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
from app.model.results import AttentionResult
from app.model.state import AppState
from app.panels.chip_layout import (
    CHIP_PADS,
    CHIP_SCALES,
    DEFAULT_WORD_PX,
    FULL_LINE,
    ChipLayout,
    _line_px,
    _pad_x,
    _pad_y,
    _query_word,
    small_line,
)
from app.panels.pages import PublishesResults, draw_results
from app.text.wording import format_percent, shorten, translate
from app.ui.fitting import Fitted, fit_line
from app.ui.painting import blend, paint_focus_ring, readable_text
from app.ui.theme import THEMES, Theme

#: Tokens longer than this many characters are shortened on their chip (whole where
#: there is room: a word is cut by the width it needs, see ``app.ui.fitting``).
MAX_CHIP_CHARS = 40


class TokenStrip(ChipLayout, QWidget):
    """Paints every token as a chip, wrapping onto new lines as the width requires."""

    def __init__(
        self,
        state: AppState,
        parent: QWidget | None = None,
        results: PublishesResults | None = None,
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._result: AttentionResult | None = None
        self._theme: Theme = THEMES[state.theme_id]
        self._rects: list[QRectF] = []
        self._laid_out_width = -1
        #: Chip layouts by width and what they depend on: rects, scale, small-line floor
        #: and what the small line holds.
        self._layouts: dict[tuple, tuple[list[QRectF], float, int, int]] = {}
        self._chip_sizes: dict[tuple, tuple[tuple[int, ...], int, int]] = {}
        self._scale = CHIP_SCALES[0]
        #: The smallest size of a chip's position/percent line (presenter mode: 24 px).
        self._label_floor = 9
        #: A room's fixed height for the chips (None: as many rows as the words need).
        self._room_height: int | None = None
        self._floor_in_use = self._label_floor
        #: What the chips' small lines hold in a room (see chip_layout.FULL_LINE).
        self._compact = FULL_LINE
        #: The narrowest chip (a kiosk's finger), and the spacing of the chips laid out.
        self._min_chip = 0
        self._pad = 0
        #: Each chip's word box, small-line box and fitted word, until the next layout.
        self._texts: list[tuple[QRectF, QRectF, Fitted]] | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(translate("TokenStrip", "Sentence tokens"))
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        draw_results(self, self.show_result, results)

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

    def chip_boxes(self, position: int, fonts=None) -> tuple[QRectF, QRectF]:
        """The boxes of a chip's word and of its small line, inside its border (``fonts``:
        the chips' two fonts, when the caller has them: a paint asks for every chip)."""
        rect = self._rects[position]
        fonts = fonts or self._fonts(self._scale, self._floor())
        word_h, small_h = self._line_heights(*fonts)
        pad_x = _pad_x(self._pad)
        inner_w = rect.width() - 2 * pad_x
        top = rect.top() + (rect.height() - word_h - small_h) / 2
        word = QRectF(rect.left() + pad_x, top, inner_w, word_h)
        small = QRectF(rect.left() + pad_x, top + word_h, inner_w, small_h)
        return word, small

    def chip_words(self, position: int, fonts=None, box: QRectF | None = None) -> Fitted:
        """A chip's word as it is shown: whole, or smaller, or cut where even the floor
        size does not fit the chip (the accessible list of tokens names it whole)."""
        token = self.chip_text(self._result.tokens[position]) if self._result else ""
        word_font, small_font = fonts or self._fonts(self._scale, self._floor())
        box = box or self.chip_boxes(position, (word_font, small_font))[0]
        floor = min(word_font.pixelSize(), max(small_font.pixelSize(), self._word_floor()))
        # A chip is as wide as its word's line rounded to the pixel: up to half a pixel
        # less, which the line's insets absorb (a "." was cut where it fitted).
        return fit_line(token, word_font, box.width() + 0.5, word_font.pixelSize(), floor)

    def _word_floor(self) -> int:
        """The smallest a chip's word may get: the body size (a room's: 24 px)."""
        return max(self._label_floor, min(self._font_px(), DEFAULT_WORD_PX))

    def _floor(self) -> int:
        """The small line's floor in use (a room may go under it, see above)."""
        return self._label_floor if self._room_height is None else self._floor_in_use

    def _relayout(self) -> None:
        self._texts = None
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

    def _chip_texts(
        self, word_font: QFont, small_font: QFont
    ) -> list[tuple[QRectF, QRectF, Fitted]]:
        """Where each chip's two lines go and its word as fitted: the same from one
        paint to the next until the chips are laid out again (a click repaints them all,
        and at 64 tokens measuring every word again took a third of the paint)."""
        if self._texts is None:
            fonts = (QFont(word_font), QFont(small_font))
            self._texts = []
            for i in range(len(self._rects)):
                word_box, small_box = self.chip_boxes(i, fonts)
                self._texts.append((word_box, small_box, self.chip_words(i, fonts, word_box)))
        return self._texts

    # -- painting -------------------------------------------------------------

    def paintEvent(self, event) -> None:  # noqa: N802
        if self._result is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        word_font, small_font = self._fonts(self._scale, self._floor())
        texts = self._chip_texts(word_font, small_font)
        query_word = _query_word()
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
            word_box, small_box, shown = texts[i]
            painter.setPen(text)
            word_font.setBold(i == result.query)
            word_font.setPixelSize(shown.px)
            painter.setFont(word_font)
            painter.drawText(word_box, Qt.AlignmentFlag.AlignCenter, shown.shown)
            painter.setFont(small_font)
            # Hidden chips already look hidden (dashed, grey); their position is enough.
            note = "" if hidden_row[i] else format_percent(row[i])
            note = query_word if i == result.query else note
            line = small_line(i, note, self._compact)
            painter.drawText(small_box, Qt.AlignmentFlag.AlignCenter, line)
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


register(TokenStrip, ShowsTokens, TokenStripAccessible)
