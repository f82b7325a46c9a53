"""The hidden way out for staff: hold the top-left corner, then type the PIN on a keypad."""

from __future__ import annotations

import hmac

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

from ..state import AppState
from .idle import PRESSES, RELEASES
from .overlay import Overlay

_T = QEvent.Type
_MOVES = (_T.MouseMove, _T.TouchUpdate, _T.TabletMove)
MAX_PIN_DIGITS = 12
#: How long "wrong PIN" stays on screen before the exhibit comes back.
WRONG_PIN_MS = 1500


class CornerLongPress(QObject):
    """Emits ``triggered`` when a finger or the mouse stays down in the top-left corner.

    It only watches: it never eats an event, so the corner stays usable for visitors.
    """

    triggered = Signal()

    def __init__(self, window: QWidget, corner_px: int, hold_ms: int) -> None:
        super().__init__(window)
        self._window = window
        self._corner = QRect(0, 0, corner_px, corner_px)
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.setInterval(hold_ms)
        self._hold.timeout.connect(self.triggered)

    def start(self) -> None:
        QApplication.instance().installEventFilter(self)

    def stop(self) -> None:
        QApplication.instance().removeEventFilter(self)
        self._hold.stop()

    @property
    def holding(self) -> bool:
        return self._hold.isActive()

    def _in_corner(self, event: QPointerEvent) -> bool:
        if not event.points():
            return False
        where = self._window.mapFromGlobal(event.points()[0].globalPosition().toPoint())
        return self._window.isVisible() and self._corner.contains(QPoint(where))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind in PRESSES:
            if self._in_corner(event):
                if not self._hold.isActive():  # one press reaches several receivers
                    self._hold.start()
            else:
                self._hold.stop()
        elif self._hold.isActive() and (
            kind in RELEASES or (kind in _MOVES and not self._in_corner(event))
        ):
            self._hold.stop()  # let go, or slid out of the corner
        return False


class PinPad(Overlay):
    """A large touch keypad: digits 0-9, clear, OK and cancel, every key well over 48 px."""

    accepted = Signal()
    rejected = Signal()

    def __init__(self, parent: QWidget, state: AppState, pin: str) -> None:
        super().__init__(parent, state)
        self._pin = pin
        self.entered = ""
        self.setAccessibleName("Staff PIN pad")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._wrong = QTimer(self)
        self._wrong.setSingleShot(True)
        self._wrong.setInterval(WRONG_PIN_MS)
        self._wrong.timeout.connect(self._give_up)

        self.card = QFrame()
        self.card.setObjectName("pinCard")
        self.title = QLabel("Staff exit")
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
        text = {"clear": "Clear", "ok": "OK", "cancel": "Cancel"}.get(key, key)
        button = QPushButton(text)
        button.setObjectName(f"pinKey_{key}")
        button.setAccessibleName({"clear": "Clear the PIN", "ok": "Confirm the PIN"}.get(key, text))
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keep the keyboard on the pad
        button.clicked.connect(lambda _=False, k=key: self.press(k))
        self.keys[key] = button
        return button

    def open(self) -> None:
        """Show an empty pad, sized for the screen."""
        self._wrong.stop()
        self.entered = ""
        self.message.setText("")
        self._set_keys_enabled(True)
        self._style()
        self._show_entered()
        self.show_over()
        self.setFocus()

    def close_pad(self) -> None:
        self._wrong.stop()
        self.entered = ""
        self.hide()

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
        if self.entered and hmac.compare_digest(self.entered, self._pin):
            self.close_pad()
            self.accepted.emit()
            return
        self.entered = ""
        self._show_entered()
        self.message.setText("Not the right PIN.")
        self._set_keys_enabled(False)
        self._wrong.start()

    def _give_up(self) -> None:
        self.close_pad()
        self.rejected.emit()

    def _set_keys_enabled(self, enabled: bool) -> None:
        for button in self.keys.values():
            button.setEnabled(enabled)

    def _show_entered(self) -> None:
        self.display.setText(" ".join("●" * len(self.entered)) or "Enter the staff PIN")

    def _style(self) -> None:
        theme = self.theme
        h = max(self.parentWidget().height(), 480)
        key = max(64, round(h * 0.08))
        self.setStyleSheet(
            f"""
            QFrame#pinCard {{ background: {theme.panel}; border: 2px solid {theme.border};
                             border-radius: 20px; }}
            QLabel {{ background: transparent; color: {theme.text}; border: none; }}
            QLabel#pinTitle {{ font-size: {round(key * 0.5)}px; font-weight: bold; }}
            QLabel#pinDisplay {{ font-size: {round(key * 0.4)}px; min-height: {key}px;
                                border-bottom: 2px solid {theme.border}; }}
            QLabel#pinMessage {{ color: {theme.query}; font-size: {round(key * 0.3)}px;
                                font-weight: bold; min-height: {round(key * 0.45)}px; }}
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
