"""Noticing that nobody is there: an idle timer fed by every input, and the countdown."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QInputDevice, QPainter, QPen, QSinglePointEvent, QTouchEvent
from PySide6.QtWidgets import QApplication, QWidget

from app.kiosk.overlay import Overlay, scaled_font
from app.kiosk.touch import KIOSK_FONT_PX
from app.model.state import AppState
from app.text.wording import fill, translate
from app.ui.qt_typing import present

_T = QEvent.Type
#: A finger or button going down: what "touch" means for interrupting the exhibit.
PRESSES = frozenset({_T.MouseButtonPress, _T.MouseButtonDblClick, _T.TouchBegin, _T.TabletPress})
#: The end of a gesture whose start was eaten.
RELEASES = frozenset({_T.MouseButtonRelease, _T.TouchEnd, _T.TouchCancel, _T.TabletRelease})
POINTER = PRESSES | RELEASES | {_T.MouseMove, _T.TouchUpdate, _T.TabletMove, _T.Wheel}
#: Inputs that interrupt the countdown or the attract loop (a mere mouse drift does not).
INTERRUPTING = PRESSES | {_T.KeyPress, _T.Wheel}
#: Inputs that prove somebody is there.
ACTIVITY = INTERRUPTING | {_T.MouseMove, _T.TouchUpdate, _T.TabletMove}
#: What ends the gesture begun by each press.
GESTURE_END = {
    _T.MouseButtonPress: frozenset({_T.MouseButtonRelease}),
    _T.MouseButtonDblClick: frozenset({_T.MouseButtonRelease}),
    _T.TouchBegin: frozenset({_T.TouchEnd, _T.TouchCancel}),
    _T.TabletPress: frozenset({_T.TabletRelease}),
}
#: Longest time a swallowed gesture may last before input is let through again.
SWALLOW_LIMIT_MS = 3000


def _global_position(event: QEvent) -> QPointF | None:
    """The screen position of a press or a touch's first point (None for keys)."""
    if isinstance(event, QSinglePointEvent):
        return event.globalPosition()
    if isinstance(event, QTouchEvent) and event.points():
        return event.points()[0].globalPosition()
    return None


def _from_touchscreen(event: QEvent) -> bool:
    device = getattr(event, "device", None)
    return device is not None and device().type() == QInputDevice.DeviceType.TouchScreen


class IdleWatcher(QObject):
    """An application-wide filter that restarts the idle timer on every input.

    While ``interrupting`` is on (countdown or attract loop showing), the first
    press or key is eaten, together with the rest of its gesture, and
    ``interrupted`` is emitted: the touch that wakes the exhibit must not also
    press whatever lies under the finger.
    """

    went_idle = Signal()
    interrupted = Signal()

    def __init__(self, idle_ms: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(idle_ms)
        self._idle.timeout.connect(self.went_idle)
        self.interrupting = False
        #: Where the touch that woke the exhibit landed (global), None for a key.
        self.wake_position: QPointF | None = None
        #: Events that end the gesture being eaten (empty: none is).
        self._swallowing: frozenset = frozenset()
        self._swallow_limit = QTimer(self)
        self._swallow_limit.setSingleShot(True)
        self._swallow_limit.setInterval(SWALLOW_LIMIT_MS)
        self._swallow_limit.timeout.connect(self._stop_swallowing)
        # Qt turns a touch into mouse events too; those trail the touch's end.
        self._touch_echo = QTimer(self)
        self._touch_echo.setSingleShot(True)
        self._touch_echo.setInterval(0)

    def start(self) -> None:
        present(QApplication.instance()).installEventFilter(self)
        self.interrupting = False
        self._idle.start()

    def stop(self) -> None:
        present(QApplication.instance()).removeEventFilter(self)
        self._idle.stop()
        self._stop_swallowing()

    def interrupt_next_input(self) -> None:
        """Stop counting; eat the next press or key and emit ``interrupted``."""
        self._idle.stop()
        self.interrupting = True

    def restart(self) -> None:
        """Count idle time from now."""
        self.interrupting = False
        self._idle.start()

    @property
    def idle_timer_active(self) -> bool:
        return self._idle.isActive()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind in POINTER and self._eats(kind, event):
            return True
        if kind not in ACTIVITY:
            return False
        if kind == _T.MouseMove and not event.spontaneous():
            return False  # Qt's own hover updates when widgets appear are nobody's input
        if self.interrupting:
            if kind not in INTERRUPTING:
                return False
            self.interrupting = False
            self.wake_position = _global_position(event)
            if kind in PRESSES:
                self._swallowing = GESTURE_END[kind]
                self._swallow_limit.start()
            self.interrupted.emit()
            return True
        self._idle.start()
        return False

    def _eats(self, kind: QEvent.Type, event: QEvent) -> bool:
        """Whether a pointer event belongs to the gesture that woke the exhibit."""
        if self._swallowing:
            if kind in self._swallowing:
                if kind in (_T.TouchEnd, _T.TouchCancel):
                    self._touch_echo.start()
                self._stop_swallowing()
            return True
        return self._touch_echo.isActive() and _from_touchscreen(event)

    def _stop_swallowing(self) -> None:
        self._swallowing = frozenset()
        self._swallow_limit.stop()


class CountdownOverlay(Overlay):
    """'Still there?' over a dimmed exhibit, with the seconds left in a shrinking ring."""

    finished = Signal()

    def __init__(self, parent: QWidget, state: AppState) -> None:
        super().__init__(parent, state)
        self.setAccessibleName(_still_there())
        self.seconds_left = 0
        self._total = 1
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._on_tick)

    def start(self, seconds: int) -> None:
        self._total = self.seconds_left = max(1, int(seconds))
        self._describe()
        self._tick.start()
        self.show_over()

    def cancel(self) -> None:
        self._tick.stop()
        self.hide()

    def _on_tick(self) -> None:
        self.seconds_left -= 1
        self._describe()
        self.update()
        if self.seconds_left <= 0:
            self.cancel()
            self.finished.emit()

    def _describe(self) -> None:
        self.setAccessibleDescription(
            fill(
                translate(
                    "CountdownOverlay",
                    "Touch anywhere to keep going. Starting over in %1 seconds.",
                ),
                self.seconds_left,
            )
        )

    def paintEvent(self, event) -> None:  # noqa: N802
        theme = self.theme
        w, h = self.width(), self.height()
        margin, gap = h * 0.045, h * 0.035
        title_font = scaled_font(self.font(), h * 0.065, bold=True)
        body_font = scaled_font(self.font(), max(KIOSK_FONT_PX, h * 0.032))  # a room's 24 px
        title_h, ring_side = title_font.pixelSize() * 1.4, h * 0.22
        body_h = max(h * 0.1, body_font.pixelSize() * 3)  # two lines and their leading
        card = QRectF(0, 0, min(w * 0.8, h * 0.95), 2 * margin + title_h + ring_side + body_h)
        card.setHeight(card.height() + 2 * gap)
        card.moveCenter(QRectF(self.rect()).center())

        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(0, 0, 0, 150))
        painter.setPen(QPen(QColor(theme.border), 2))
        painter.setBrush(QColor(theme.panel))
        painter.drawRoundedRect(card, 24, 24)

        top = card.top() + margin
        painter.setFont(title_font)
        painter.setPen(QColor(theme.text))
        painter.drawText(QRectF(card.left(), top, card.width(), title_h), _CENTER, _still_there())

        ring = QRectF(card.center().x() - ring_side / 2, top + title_h + gap, ring_side, ring_side)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(theme.border), h * 0.012))
        painter.drawEllipse(ring)
        arc = QPen(QColor(theme.accent), h * 0.012)
        arc.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(arc)
        painter.drawArc(ring, 90 * 16, round(360 * 16 * self.seconds_left / self._total))
        painter.setFont(scaled_font(self.font(), h * 0.1, bold=True))
        painter.setPen(QColor(theme.text))
        painter.drawText(ring, _CENTER, str(self.seconds_left))

        painter.setFont(body_font)
        body = QRectF(card.left() + 24, ring.bottom() + gap, card.width() - 48, body_h)
        painter.drawText(body, _WRAPPED, _message())
        painter.end()


_CENTER = Qt.AlignmentFlag.AlignCenter
_WRAPPED = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def _still_there() -> str:
    return translate("CountdownOverlay", "Still there?")


def _message() -> str:
    return translate(
        "CountdownOverlay",
        "Touch anywhere to keep going.\nOtherwise the exhibit starts over for the next visitor.",
    )
