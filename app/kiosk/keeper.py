"""The exhibit cannot be lost: fullscreen, on top, covering the screen, whatever happens.

A window manager may minimise, hide, move or shrink the window (its menus, a key
binding, a visitor's gesture); without a window manager, "fullscreen" is only a hint
that nobody honours. The keeper notices each of these and puts the window back.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

_T = QEvent.Type
#: Events after which the window may no longer cover the screen.
_WATCHED = (_T.WindowStateChange, _T.Hide, _T.Move, _T.Resize)
#: Platforms without a stack of windows (raising there only prints a warning).
_NO_STACKING = ("offscreen", "minimal")
#: How often the keeper looks, for what no event reports (an unmapped X11 window).
CHECK_MS = 500
#: How long after a state change, move or resize the keeper looks.
SETTLE_MS = 50


class WindowKeeper(QObject):
    """Keeps ``window`` visible, fullscreen, covering its screen, above other windows.

    Set ``released`` to let the window go (the staff exit).
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self.released = False
        self.restores = 0  # how often the window had to be put back (for tests and logs)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        # A short pause coalesces a burst of events and never lets a window manager
        # that keeps refusing the geometry drive a busy loop.
        self._soon.setInterval(SETTLE_MS)
        self._soon.timeout.connect(self.check)
        self._watch = QTimer(self)
        self._watch.setInterval(CHECK_MS)
        self._watch.timeout.connect(self.check)

    def start(self) -> None:
        """Above other windows, without a frame, fullscreen; and watched from now on."""
        window = self._window
        if not window.isVisible():
            # Before the first show only: changing flags later recreates the native
            # window. No frame means no title bar, so no minimise button even while a
            # window manager drops fullscreen for a moment.
            window.setWindowFlag(Qt.WindowType.WindowStaysOnTopHint, True)
            window.setWindowFlag(Qt.WindowType.FramelessWindowHint, True)
            if QGuiApplication.platformName() == "xcb":
                # Unmanaged by any window manager: its key bindings and menus (Alt+Space,
                # Alt+F4's menu, a task switcher) have no client to act on. What the
                # manager did for the window, the keeper does itself (below).
                window.setWindowFlag(Qt.WindowType.X11BypassWindowManagerHint, True)
        window.installEventFilter(self)
        self.put_back()
        self._watch.start()

    def stop(self) -> None:
        self._window.removeEventFilter(self)
        self._watch.stop()
        self._soon.stop()

    def lost(self) -> str | None:
        """What is wrong with the window now (None when it covers the screen, on show)."""
        window = self._window
        if not window.isVisible():
            return "hidden"
        if window.windowState() & Qt.WindowState.WindowMinimized:
            return "minimised"
        if not window.isFullScreen():
            return "not fullscreen"
        handle = window.windowHandle()
        if handle is not None and not handle.isExposed():
            return "not shown on the screen"
        screen = window.screen()
        if screen is not None and window.geometry() != screen.geometry():
            return "not covering the screen"
        return None

    def check(self) -> None:
        """Put the window back if anything is wrong with it."""
        if self.released:
            return
        problem = self.lost()
        if problem is None:
            return
        self.restores += 1
        if problem == "not shown on the screen":
            self._window.hide()  # Qt still thinks it is shown: map it again from scratch
        self.put_back()

    def put_back(self) -> None:
        """Fullscreen, on the whole screen, raised and active."""
        window = self._window
        window.setWindowState(
            (window.windowState() & ~Qt.WindowState.WindowMinimized)
            | Qt.WindowState.WindowFullScreen
        )
        window.showFullScreen()
        screen = window.screen()
        # Without a window manager nobody acts on the fullscreen request: size it ourselves.
        if screen is not None and window.geometry() != screen.geometry():
            window.setGeometry(screen.geometry())
        if QGuiApplication.platformName() not in _NO_STACKING:
            window.raise_()
        window.activateWindow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self._window and event.type() in _WATCHED and not self.released:
            self._soon.start()  # after the event: the state it reports is settled by then
        return False
