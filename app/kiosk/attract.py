"""The attract loop: the presenter's tour of the heads, under 'Touch to explore'."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

import core

from ..controller import Controller
from ..presenter import TOUR
from ..qt_typing import present
from ..state import AppState
from .overlay import Overlay, scaled_font


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
            if self._state.sentence != core.LESSON_SENTENCE:
                self._state.set_sentence(core.LESSON_SENTENCE)
            self._state.set_head(stop.head_id)
            self._state.set_query(stop.query)
            self._state.set_causal(stop.causal)


class AttractBanner(Overlay):
    """A transparent cover that catches the waking touch, with an invitation along the bottom.

    While shown, the window's content is lifted by the banner's height, so the
    banner never hides part of the tour (the query row is often the last one).
    """

    TITLE = "Touch to explore"
    SUBTITLE = "Pick a head, tap a word, and see where it looks."
    #: Height of the banner's strip, as a share of the window's height.
    STRIP = 0.11

    def __init__(self, parent: QWidget, state: AppState) -> None:
        super().__init__(parent, state)
        self.setAccessibleName(self.TITLE)
        self.setAccessibleDescription(self.SUBTITLE)
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
        title = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.62)
        painter.setFont(scaled_font(self.font(), h * 0.05, bold=True))
        painter.drawText(
            title, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, self.TITLE
        )
        sub = QRectF(rect.left(), title.bottom(), rect.width(), rect.bottom() - title.bottom())
        painter.setFont(scaled_font(self.font(), h * 0.022))
        painter.drawText(
            sub, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, self.SUBTITLE
        )
        painter.end()
