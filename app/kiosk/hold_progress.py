"""The corner hold shows its progress: a ring that fills while the finger stays down."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

#: Repaints per second while the ring fills.
FRAMES_PER_S = 30


class HoldProgress(QWidget):
    """A ring in the top-left corner of ``window``, full when the hold is complete.

    It never takes input: touches pass through to whatever is underneath.
    """

    def __init__(self, window: QWidget, corner_px: int) -> None:
        super().__init__(window)
        self.setObjectName("cornerHoldProgress")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFixedSize(corner_px, corner_px)
        self.fraction = 0.0
        self._timer: QTimer | None = None
        self._frame = QTimer(self)
        self._frame.setInterval(1000 // FRAMES_PER_S)
        self._frame.timeout.connect(self._advance)
        self.hide()

    def follow(self, timer: QTimer) -> None:
        """Show the progress of the running single-shot ``timer``."""
        self._timer = timer
        self.fraction = 0.0
        self.move(0, 0)
        self.show()
        self.raise_()
        self._frame.start()

    def stop(self) -> None:
        self._frame.stop()
        self._timer = None
        self.fraction = 0.0
        self.hide()

    def _advance(self) -> None:
        timer = self._timer
        if timer is None or not timer.isActive():
            self.stop()
            return
        total = max(timer.interval(), 1)
        self.fraction = min(1.0, 1.0 - timer.remainingTime() / total)
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = max(4.0, self.width() / 10)
        ring = QRectF(self.rect()).adjusted(width, width, -width, -width)
        # A dark track and a white-edged arc in the theme's accent: visible on any theme.
        painter.setPen(QPen(QColor(0, 0, 0, 110), width))
        painter.drawEllipse(ring)
        theme = getattr(self.parentWidget(), "theme", None)
        accent = QColor(theme.accent) if theme is not None else QColor(21, 101, 192)
        # Qt counts arcs in sixteenths of a degree, from three o'clock, counter-clockwise.
        span = -round(self.fraction * 360 * 16)
        for colour, pen_width in ((QColor(255, 255, 255), width * 1.2), (accent, width * 0.7)):
            pen = QPen(colour, pen_width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawArc(ring, 90 * 16, span)
        painter.end()
