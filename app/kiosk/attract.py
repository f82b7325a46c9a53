"""The attract loop: the presenter's tour of the heads, under 'Touch to explore'."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QTextDocument
from PySide6.QtWidgets import QWidget

from app.kiosk.overlay import Overlay, scaled_font
from app.kiosk.touch import KIOSK_FONT_PX, TOUCH_PX
from app.model.controller import Controller
from app.model.state import AppState
from app.text.i18n import LANGUAGES, current_language
from app.text.lesson import lesson_sentence
from app.text.wording import translate
from app.window.presenter import TOUR
from app.window.room_window import invitation_rect


class AttractLoop(QObject):
    """Drives the state through the tour, one stop per interval, until stopped.

    Every change goes through the state's setters, so every panel follows it. The
    stops are the program's doing, not a visitor's: they run under the controller's
    ``scripted()`` guard and complete no challenge.
    """

    def __init__(
        self,
        state: AppState,
        controller: Controller,
        step_ms: int,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._controller = controller
        self.stops = TOUR
        self.index = -1
        self._timer = QTimer(self)
        self._timer.setInterval(step_ms)
        self._timer.timeout.connect(self.advance)

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def start(self) -> None:
        """Show the first stop now, the next ones one interval apart."""
        self.index = -1
        self.advance()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def advance(self) -> None:
        """Show the next stop, on the lesson's sentence, as one change."""
        self.index = (self.index + 1) % len(self.stops)
        stop = self.stops[self.index]
        # Outermost: the batch's single change is handled before the guard is lifted.
        with self._controller.scripted(), self._state.batch():
            if self._state.sentence != lesson_sentence():
                self._state.set_sentence(lesson_sentence())
            self._state.set_head(stop.head_id)
            self._state.set_query(stop.query)
            self._state.set_causal(stop.causal)


class AttractBanner(Overlay):
    """A transparent cover that catches the waking touch, with an invitation in the
    stage's notes: a room's own place for words, so that it never hides part of the
    tour (the query row is often the last one) and nothing moves when it comes."""

    #: Height of the banner's strip, as a share of the window's height, where the
    #: window has no notes (not laid out as a room).
    STRIP = 0.11

    def __init__(self, parent: QWidget, state: AppState) -> None:
        super().__init__(parent, state)
        self.setAccessibleName(self.title())
        self.setAccessibleDescription(self.subtitle())

    def dismiss(self) -> None:
        self.hide()

    @staticmethod
    def title() -> str:
        return translate("AttractBanner", "Touch to explore")

    @staticmethod
    def subtitle() -> str:
        return translate("AttractBanner", "Pick a head, tap a word, and see where it looks.")

    def _tall(self) -> bool:
        """A tall banner (beside a wide room's column) puts its languages under the words."""
        rect = self.banner_rect()
        return rect.height() >= 3 * TOUCH_PX and rect.width() < 3 * rect.height()

    def language_rects(self) -> dict[str, QRectF]:
        """One button per language, by its own name: at the right end of the banner, or
        along its bottom when it is tall. At least 48 px high (a fingertip), the
        language in use drawn filled."""
        rect = self.banner_rect()
        metrics = QFontMetricsF(self._language_font())
        tall = self._tall()
        height = float(TOUCH_PX) if tall else max(float(TOUCH_PX), rect.height() * 0.6)
        gap = height * 0.25
        right = rect.right() - gap
        middle = rect.bottom() - gap - height / 2 if tall else rect.center().y()
        widths = {
            code: max(height * 1.6, metrics.horizontalAdvance(name) + height * 0.8)
            for code, name in LANGUAGES.items()
        }
        rects: dict[str, QRectF] = {}
        if tall and sum(widths.values()) + gap * (len(widths) + 1) > rect.width():
            # A narrow banner: the languages one above the other, centred.
            bottom = rect.bottom() - gap
            for code in reversed(LANGUAGES):
                left = rect.center().x() - widths[code] / 2
                rects[code] = QRectF(left, bottom - height, widths[code], height)
                bottom -= height + gap
            return dict(reversed(rects.items()))
        for code in reversed(LANGUAGES):
            width = widths[code]
            rects[code] = QRectF(right - width, middle - height / 2, width, height)
            right -= width + gap
        return dict(reversed(rects.items()))

    def text_rect(self) -> QRectF:
        """The banner's part for the invitation: left of the language buttons, or above."""
        rect = self.banner_rect()
        languages = self.language_rects().values()
        margin = max(12.0, min(rect.height(), rect.width()) * 0.06)
        if self._tall():
            top = min(r.top() for r in languages)
            return QRectF(rect.left() + margin, rect.top(), rect.width() - 2 * margin,
                          top - rect.top() - margin)  # fmt: skip
        first = min(r.left() for r in languages)
        return QRectF(
            rect.left() + margin, rect.top(), first - rect.left() - 2 * margin, rect.height()
        )

    def _language_font(self) -> QFont:
        """The language buttons' text: a room's size at least (24 px)."""
        return scaled_font(self.font(), max(KIOSK_FONT_PX, self.height() * 0.026), bold=True)

    def _fitting_font(self, text: str, px: float, width: float, bold: bool = False):
        """The font at ``px``, made smaller until ``text`` fits in ``width`` (a longer
        language must not run under the language buttons)."""
        font = scaled_font(self.font(), px, bold=bold)
        advance = QFontMetricsF(font).horizontalAdvance(text)
        if advance > width > 0:
            # Down to a whole pixel that fits (rounding to the nearest one could not).
            font = scaled_font(self.font(), int(font.pixelSize() * width / advance), bold=bold)
        return font

    def language_at(self, point: QPointF) -> str | None:
        """The language whose button holds ``point`` (banner coordinates), else None."""
        return next((c for c, r in self.language_rects().items() if r.contains(point)), None)

    def banner_rect(self) -> QRectF:
        """Where the invitation is drawn: over the stage's notes in a room (beside a wide
        room's column, the whole region there: the small maps wait under it)."""
        notes = invitation_rect(self.parentWidget())
        if notes is not None:
            return QRectF(notes)
        w, h = self.width(), self.height()
        strip = h * self.STRIP
        return QRectF(w * 0.03, h - strip + h * 0.008, w * 0.94, strip - h * 0.02)

    def paintEvent(self, event) -> None:  # noqa: N802
        theme = self.theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.banner_rect()
        painter.setPen(QPen(QColor(theme.border), 2))
        painter.setBrush(QColor(theme.accent))
        radius = min(rect.height() / 4, 16.0)
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(QColor(theme.accent_text))
        self._paint_invitation(painter)
        self._paint_languages(painter)
        painter.end()

    def invitation(self) -> tuple[list[tuple[QRectF, QFont, int, str]], QTextDocument | None]:
        """How the invitation is laid out: (rect, font, flags, text) per line, or one
        paragraph of title and subtitle at 24 px where the subtitle alone would not fit a
        line at that size (German, on a 1024 px strip). Never under a room's 24 px."""
        text = self.text_rect()
        sub_font = scaled_font(self.font(), KIOSK_FONT_PX)
        centre = int(Qt.AlignmentFlag.AlignHCenter)
        wrap = centre | int(Qt.TextFlag.TextWordWrap)
        if not self._tall():
            one_line = QFontMetricsF(sub_font).horizontalAdvance(self.subtitle()) <= text.width()
            if not one_line:
                doc = QTextDocument()
                doc.setDocumentMargin(0)
                doc.setDefaultFont(sub_font)
                doc.setHtml(
                    f'<p align="center" style="color: {self.theme.accent_text}">'
                    f"<b>{escape(self.title())}</b> · {escape(self.subtitle())}</p>"
                )
                doc.setTextWidth(text.width())
                return [], doc
        flags = wrap if self._tall() else centre
        sub_h = QFontMetricsF(sub_font).boundingRect(text, flags, self.subtitle()).height()
        title = QRectF(text.left(), text.top(), text.width(), text.height() - sub_h)
        # A line is about 1.17 times its text size: the title line must fit its height.
        title_px = max(KIOSK_FONT_PX, min(self.height() * 0.042, title.height() / 1.17))
        title_font = self._fitting_font(self.title(), title_px, title.width(), bold=True)
        bottom = centre | int(Qt.AlignmentFlag.AlignBottom)
        if title_font.pixelSize() < KIOSK_FONT_PX:  # a long title: two lines at 24 px
            title_font = scaled_font(self.font(), KIOSK_FONT_PX, bold=True)
            bottom |= int(Qt.TextFlag.TextWordWrap)
        sub = QRectF(text.left(), title.bottom(), text.width(), sub_h)
        if self._tall():  # the words as one block in the middle of their room
            title_h = QFontMetricsF(title_font).boundingRect(text, bottom, self.title()).height()
            top = text.top() + max(0.0, (text.height() - title_h - sub_h) / 2)
            title = QRectF(text.left(), top, text.width(), title_h)
            sub = QRectF(text.left(), title.bottom(), text.width(), sub_h)
        lines = [(title, title_font, bottom, self.title()), (sub, sub_font, flags, self.subtitle())]
        return lines, None

    def smallest_text_px(self) -> int:
        """The invitation's smallest text as painted (a room promises 24 px)."""
        lines, doc = self.invitation()
        if doc is not None:
            return doc.defaultFont().pixelSize()
        return min(font.pixelSize() for _rect, font, _flags, _text in lines)

    def invitation_fits(self) -> bool:
        """Whether the invitation's words fit their part of the banner."""
        lines, doc = self.invitation()
        room = self.text_rect()
        if doc is not None:
            return doc.size().height() <= room.height() + 1
        for rect, font, flags, text in lines:
            needed = QFontMetricsF(font).boundingRect(rect, flags, text)
            if needed.width() > room.width() + 1 or needed.height() > rect.height() + 1:
                return False
        return True

    def _paint_invitation(self, painter: QPainter) -> None:
        lines, doc = self.invitation()
        if doc is not None:
            room = self.text_rect()
            painter.save()
            painter.translate(room.left(), room.center().y() - doc.size().height() / 2)
            doc.drawContents(painter)
            painter.restore()
            return
        for rect, font, flags, text in lines:
            painter.setFont(font)
            painter.drawText(rect, flags, text)

    def _paint_languages(self, painter: QPainter) -> None:
        theme = self.theme
        painter.setFont(self._language_font())
        for code, rect in self.language_rects().items():
            chosen = code == current_language()
            painter.setPen(QPen(QColor(theme.accent_text), 2))
            painter.setBrush(QColor(theme.accent_text) if chosen else Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
            painter.setPen(QColor(theme.accent if chosen else theme.accent_text))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, LANGUAGES[code])
