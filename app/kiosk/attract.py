"""The attract loop: the presenter's tour of the heads, under 'Touch to explore'."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from app.kiosk.overlay import Overlay, scaled_font
from app.kiosk.touch import KIOSK_FONT_PX, TOUCH_PX
from app.model.controller import Controller
from app.model.state import AppState
from app.text.i18n import LANGUAGES, current_language
from app.text.lesson import lesson_sentence
from app.text.wording import translate
from app.window.presenter import TOUR
from app.window.room_window import notes_rect


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
        rects: dict[str, QRectF] = {}
        for code, name in reversed(LANGUAGES.items()):
            width = max(height * 1.6, metrics.horizontalAdvance(name) + height * 0.8)
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
        """Where the invitation is drawn: over the stage's notes in a room."""
        notes = notes_rect(self.parentWidget())
        if notes is not None:
            return QRectF(notes)
        w, h = self.width(), self.height()
        strip = h * self.STRIP
        return QRectF(w * 0.03, h - strip + h * 0.008, w * 0.94, strip - h * 0.02)

    def paintEvent(self, event) -> None:  # noqa: N802
        theme = self.theme
        h = self.height()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.banner_rect()
        painter.setPen(QPen(QColor(theme.border), 2))
        painter.setBrush(QColor(theme.accent))
        radius = min(rect.height() / 4, 16.0)
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(QColor(theme.accent_text))
        text = self.text_rect()
        # The subtitle at a room's 24 px, on as many lines as it needs in a tall
        # banner; the title takes what is left, up to its own size.
        sub_font = scaled_font(self.font(), KIOSK_FONT_PX)
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap
        wrap = self._tall()
        sub_h = (
            QFontMetricsF(sub_font)
            .boundingRect(
                text, int(flags if wrap else Qt.AlignmentFlag.AlignHCenter), self.subtitle()
            )
            .height()
        )
        title_px = min(h * 0.042, text.height() - sub_h)
        title = QRectF(text.left(), text.top(), text.width(), text.height() - sub_h)
        painter.setFont(self._fitting_font(self.title(), title_px, title.width(), bold=True))
        painter.drawText(
            title, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, self.title()
        )
        sub = QRectF(text.left(), title.bottom(), text.width(), sub_h)
        painter.setFont(
            sub_font if wrap else self._fitting_font(self.subtitle(), KIOSK_FONT_PX, sub.width())
        )
        painter.drawText(sub, flags if wrap else Qt.AlignmentFlag.AlignHCenter, self.subtitle())
        self._paint_languages(painter)
        painter.end()

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
