"""The hidden way out for staff: hold the top-left corner, then type the PIN on a keypad."""

from __future__ import annotations

import hmac
import math

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPointerEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app.kiosk.config import MAX_PIN_DIGITS
from app.kiosk.hold_progress import HoldProgress
from app.kiosk.idle import PRESSES, RELEASES
from app.kiosk.overlay import Overlay
from app.kiosk.pin_backoff import PinBackoff
from app.model.state import AppState
from app.text.wording import fill, translate
from app.ui.fitting import text_height
from app.ui.qt_typing import present

_T = QEvent.Type
_MOVES = (_T.MouseMove, _T.TouchUpdate, _T.TabletMove)
#: Presses a corner hold keeps from the widget under it until it is known to be a tap.
_HELD_BACK = (_T.MouseButtonPress, _T.MouseButtonDblClick)
#: How often the "wait" message counts down.
WAIT_TICK_MS = 250


class CornerLongPress(QObject):
    """Emits ``triggered`` when a finger or the mouse stays down in the top-left corner.

    The corner stays usable for visitors, but a hold never reaches what is under it:
    a mouse press there (also the one a touch makes) is held back until the finger
    lifts, and given to its widget then, when that was a tap; after a staff hold it is
    dropped (the chip under the corner no longer became the query). While the hold
    lasts, a ring in the corner fills up (``progress``), so staff see that it is
    working and how long is left.
    """

    triggered = Signal()

    def __init__(self, window: QWidget, corner_px: int, hold_ms: int) -> None:
        super().__init__(window)
        self._window = window
        self._corner = QRect(0, 0, corner_px, corner_px)
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.setInterval(hold_ms)
        self._hold.timeout.connect(self._held)
        self.progress = HoldProgress(window, corner_px)
        #: The press held back while the hold lasts: (its widget, a copy of it).
        self._held_back: tuple[QWidget, QEvent] | None = None
        self._giving_back = False

    def start(self) -> None:
        present(QApplication.instance()).installEventFilter(self)

    def stop(self) -> None:
        present(QApplication.instance()).removeEventFilter(self)
        self._let_go()

    def _held(self) -> None:
        self.progress.stop()
        self._held_back = None  # staff held the corner: nothing under it was touched
        self.triggered.emit()

    def _let_go(self) -> None:
        self._hold.stop()
        self.progress.stop()
        held, self._held_back = self._held_back, None
        if held is not None and isValid(held[0]):  # a visitor's tap: the press goes on
            self._giving_back = True
            try:
                QApplication.sendEvent(held[0], held[1])
            finally:
                self._giving_back = False

    @property
    def holding(self) -> bool:
        return self._hold.isActive()

    def _in_corner(self, event: QEvent) -> bool:
        if not isinstance(event, QPointerEvent) or not event.points():
            return False
        where = self._window.mapFromGlobal(event.points()[0].globalPosition().toPoint())
        return self._window.isVisible() and self._corner.contains(QPoint(where))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if self._giving_back:
            return False
        if kind in PRESSES:
            if self._in_corner(event):
                if not self._hold.isActive():  # one press reaches several receivers
                    self._hold.start()
                    self.progress.follow(self._hold)
                if kind in _HELD_BACK and isinstance(watched, QWidget):
                    self._held_back = (watched, event.clone())
                    return True
            else:
                self._let_go()
        elif self._hold.isActive() and (
            kind in RELEASES or (kind in _MOVES and not self._in_corner(event))
        ):
            self._let_go()  # let go, or slid out of the corner
        return False


class PinPad(Overlay):
    """A large touch keypad: digits 0-9, clear, OK and cancel, every key well over 48 px.

    A wrong PIN keeps the pad open for another try; after a few, each further one
    shuts the digits for a growing wait (see ``PinBackoff``), counted down on the pad.
    """

    accepted = Signal()
    rejected = Signal()

    def __init__(self, parent: QWidget, state: AppState, pin: str) -> None:
        super().__init__(parent, state)
        self._pin = pin
        self.entered = ""
        self.backoff = PinBackoff()
        self.setAccessibleName(translate("PinPad", "Staff PIN pad"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._wait = QTimer(self)
        self._wait.setInterval(WAIT_TICK_MS)
        self._wait.timeout.connect(self._tick)

        self.card = QFrame()
        self.card.setObjectName("pinCard")
        self.title = QLabel(translate("PinPad", "Staff exit"))
        self.title.setObjectName("pinTitle")
        self.display = QLabel()
        self.display.setObjectName("pinDisplay")
        self.message = QLabel()
        self.message.setObjectName("pinMessage")
        self.message.setWordWrap(True)
        for label in (self.title, self.display, self.message):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.keys: dict[str, QPushButton] = {}
        grid = QGridLayout()
        grid.setSpacing(12)
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "ok"]
        for index, key in enumerate(labels):
            grid.addWidget(self._key(key), index // 3, index % 3)
        grid.addWidget(self._key("cancel"), 4, 0, 1, 3)
        card_layout = QVBoxLayout(self.card)
        card_layout.setContentsMargins(28, 20, 28, 24)
        card_layout.setSpacing(10)
        for widget in (self.title, self.display, self.message):
            card_layout.addWidget(widget)
        card_layout.addLayout(grid)
        outer = QVBoxLayout(self)
        outer.addWidget(self.card, 0, Qt.AlignmentFlag.AlignCenter)

    def _key(self, key: str) -> QPushButton:
        texts = {
            "clear": translate("PinPad", "Clear"),
            "ok": translate("PinPad", "OK"),
            "cancel": translate("PinPad", "Cancel"),
        }
        spoken = {
            "clear": translate("PinPad", "Clear the PIN"),
            "ok": translate("PinPad", "Confirm the PIN"),
        }
        text = texts.get(key, key)
        button = QPushButton(text)
        button.setObjectName(f"pinKey_{key}")
        button.setAccessibleName(spoken.get(key, text))
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keep the keyboard on the pad
        button.clicked.connect(lambda _=False, k=key: self.press(k))
        self.keys[key] = button
        return button

    def open(self) -> None:
        """Show an empty pad, sized for the screen (still shut if a wait is running)."""
        self.entered = ""
        self.message.setText("")
        self._set_keys_enabled(True)
        self._style()
        self._show_entered()
        self.show_over()
        self._reserve_message()
        self.setFocus()
        self._tick()

    def close_pad(self) -> None:
        self._wait.stop()
        self.entered = ""
        self.hide()

    @property
    def waiting(self) -> bool:
        """Whether the digits are shut after wrong PINs."""
        return self.backoff.remaining() > 0

    def press(self, key: str) -> None:
        """What a key does: digits add, clear empties, ok checks, cancel leaves."""
        if key == "cancel":
            self.close_pad()
            self.rejected.emit()
            return
        if key == "ok":
            self._check()
            return
        if key == "clear":
            self.entered = ""
        elif key.isdigit() and len(self.entered) < MAX_PIN_DIGITS:
            self.entered += key
        self.message.setText("")
        self._show_entered()

    def _check(self) -> None:
        if self.waiting:
            return
        if self.entered and hmac.compare_digest(self.entered, self._pin):
            self.backoff.succeeded()
            self.close_pad()
            self.accepted.emit()
            return
        self.entered = ""
        self._show_entered()
        self.backoff.failed()
        self.message.setText(translate("PinPad", "Not the right PIN. Try again."))
        self._tick()

    def _tick(self) -> None:
        """Shut the digits while a wait runs, saying how long is left; open them after."""
        left = self.backoff.remaining()
        if left <= 0:
            self._wait.stop()
            if not self.keys["ok"].isEnabled():
                self._set_keys_enabled(True)
                self.message.setText(translate("PinPad", "Try again."))
            return
        self._set_keys_enabled(False)
        wait = translate("PinPad", "Not the right PIN. Next try in %1 s.")
        self.message.setText(fill(wait, math.ceil(left)))
        if not self._wait.isActive():
            self._wait.start()

    def _set_keys_enabled(self, enabled: bool) -> None:
        for key, button in self.keys.items():
            button.setEnabled(enabled or key == "cancel")  # the way back stays open

    def _show_entered(self) -> None:
        dots = "●" * len(self.entered)
        # Spaced while short; a long PIN's dots close up so the pad keeps its width.
        shown = " ".join(dots) if len(dots) <= 12 else dots
        self.display.setText(shown or translate("PinPad", "Enter the staff PIN"))

    def _style(self) -> None:
        theme = self.theme
        h = max(present(self.parentWidget()).height(), 480)
        key = max(64, round(h * 0.08))
        self.setStyleSheet(
            f"""
            QFrame#pinCard {{ background: {theme.panel}; border: 2px solid {theme.border};
                             border-radius: 20px; }}
            QLabel {{ background: transparent; color: {theme.text}; border: none; }}
            QLabel#pinTitle {{ font-size: {round(key * 0.5)}px; font-weight: bold; }}
            QLabel#pinDisplay {{ font-size: {round(key * 0.4)}px; min-height: {key}px;
                                border-bottom: 2px solid {theme.border}; }}
            QLabel#pinMessage {{ color: {theme.query}; font-size: {max(24, round(key * 0.3))}px;
                                font-weight: bold; }}
            QPushButton {{ background: {theme.window}; color: {theme.text};
                          border: 2px solid {theme.border}; border-radius: 12px;
                          font-size: {round(key * 0.4)}px; min-width: {round(key * 1.3)}px;
                          min-height: {key}px; padding: 0; }}
            QPushButton:pressed {{ background: {theme.accent}; color: {theme.accent_text}; }}
            QPushButton#pinKey_ok {{ background: {theme.accent}; color: {theme.accent_text};
                                    border-color: {theme.accent}; font-weight: bold; }}
            QPushButton:disabled {{ color: {theme.muted}; }}
            """
        )

    def _reserve_message(self) -> None:
        """The message keeps the height of its longest words and the card's width, so
        that no key moves when "Not the right PIN" comes or goes (a finger's next tap
        hit another digit; in German the longer words widened the card by 79 px)."""
        self.message.ensurePolished()
        self.message.setMinimumWidth(0)
        self.message.setMaximumWidth(16777215)
        present(self.card.layout()).activate()
        width = max(1, self.card.contentsRect().width() - 56)
        self.message.setFixedWidth(width)
        texts = [
            translate("PinPad", "Not the right PIN. Try again."),
            fill(translate("PinPad", "Not the right PIN. Next try in %1 s."), 888),
            translate("PinPad", "Try again."),
        ]
        height = max(text_height(t, self.message.font(), width) for t in texts)
        if self.message.minimumHeight() != height or self.message.maximumHeight() != height:
            self.message.setFixedHeight(height)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self.keys["ok"].isEnabled():
            return
        text = event.text()
        if text.isdigit() and text.isascii():
            self.press(text)
        elif event.key() == Qt.Key.Key_Backspace:
            self.press("clear")
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.press("ok")

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(0, 0, 0, 170))
        painter.end()
