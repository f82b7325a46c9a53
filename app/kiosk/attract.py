"""The attract loop: the presenter's tour of the heads, under 'Touch to explore'."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from app.kiosk.overlay import Overlay, scaled_font
from app.kiosk.touch import KIOSK_FONT_PX
from app.model.controller import Controller
from app.model.state import AppState
from app.text.i18n import LANGUAGES, current_language
from app.text.lesson import lesson_sentence
from app.text.wording import translate
from app.ui.qt_typing import present
from app.window.presenter import TOUR


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


#: The banner's title line, as a share of its height (the subtitle has the rest).
TITLE_SHARE = 0.56


class AttractBanner(Overlay):
    """A transparent cover that catches the waking touch, with an invitation along the bottom.

    While shown, the window's content is lifted by the banner's height, so the
    banner never hides part of the tour (the query row is often the last one).
    """

    #: Height of the banner's strip, as a share of the window's height.
    STRIP = 0.11

    def __init__(self, parent: QWidget, state: AppState) -> None:
        super().__init__(parent, state)
        self.setAccessibleName(self.title())
        self.setAccessibleDescription(self.subtitle())
        self._saved_margins: QMargins | None = None

    def show_over(self) -> None:
        window = present(self.parentWidget())
        if self._saved_margins is None:
            self._saved_margins = window.contentsMargins()
            window.setContentsMargins(0, 0, 0, round(window.height() * self.STRIP))
        super().show_over()

    def dismiss(self) -> None:
        """Hide, and give the content its room back."""
        if self._saved_margins is not None:
            present(self.parentWidget()).setContentsMargins(self._saved_margins)
        self._saved_margins = None
        self.hide()

    @staticmethod
    def title() -> str:
        return translate("AttractBanner", "Touch to explore")

    @staticmethod
    def subtitle() -> str:
        return translate("AttractBanner", "Pick a head, tap a word, and see where it looks.")

    def language_rects(self) -> dict[str, QRectF]:
        """One button per language, by its own name, at the right end of the banner.

        At least 48 px high (a fingertip), the language in use drawn filled.
        """
        rect = self.banner_rect()
        font = self._language_font()
        metrics = QFontMetricsF(font)
        height = max(48.0, rect.height() * 0.6)
        gap = height * 0.25
        right = rect.right() - gap
        rects: dict[str, QRectF] = {}
        for code, name in reversed(LANGUAGES.items()):
            width = max(height * 1.6, metrics.horizontalAdvance(name) + height * 0.8)
            rects[code] = QRectF(right - width, rect.center().y() - height / 2, width, height)
            right -= width + gap
        return dict(reversed(rects.items()))

    def text_rect(self) -> QRectF:
        """The part of the banner left of the language buttons: the invitation's room."""
        rect = self.banner_rect()
        first = min(r.left() for r in self.language_rects().values())
        margin = rect.height() * 0.2
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
        painter.drawRoundedRect(rect, rect.height() / 4, rect.height() / 4)
        painter.setPen(QColor(theme.accent_text))
        text = self.text_rect()
        # The title takes what the subtitle (24 px at least, as all kiosk text) leaves.
        title = QRectF(text.left(), rect.top(), text.width(), rect.height() * TITLE_SHARE)
        painter.setFont(self._fitting_font(self.title(), h * 0.042, title.width(), bold=True))
        painter.drawText(
            title, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, self.title()
        )
        sub = QRectF(text.left(), title.bottom(), text.width(), rect.bottom() - title.bottom())
        painter.setFont(
            self._fitting_font(self.subtitle(), max(KIOSK_FONT_PX, h * 0.022), sub.width())
        )
        painter.drawText(
            sub, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, self.subtitle()
        )
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
