"""An unattended exhibit must survive its own bugs: log them and start over."""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

if TYPE_CHECKING:
    from app.kiosk.host import ResettableWindow

log = logging.getLogger(__name__)

#: Full tracebacks logged before later errors get one line each (a bug in a paint
#: handler can fire many times a second for days).
MAX_TRACEBACKS = 100


class ExceptionReset:
    """A ``sys.excepthook`` that logs an error with its traceback and resets the session.

    PySide6 hands exceptions raised in slots and event handlers to ``sys.excepthook``;
    the default hook prints them and the program limps on in an unknown state.
    """

    def __init__(self, window: ResettableWindow, reset: Callable[[], None] | None = None) -> None:
        self.errors = 0
        self._reset = reset or window.reset_session
        self._previous = sys.excepthook
        self._hook = self._handle  # one bound method, so uninstall can recognise it
        # Deferred: the failing slot unwinds before the state changes under it.
        self._timer = QTimer(window.window())
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._run_reset)
        sys.excepthook = self._hook

    def uninstall(self) -> None:
        """Put the previous hook back, unless someone has replaced ours since."""
        if sys.excepthook is self._hook:
            sys.excepthook = self._previous

    def _handle(self, kind, value, traceback) -> None:
        if issubclass(kind, (KeyboardInterrupt, SystemExit)):
            self._previous(kind, value, traceback)
            return
        self.errors += 1
        if self.errors <= MAX_TRACEBACKS:
            log.error(
                "unexpected error; starting the exhibit over", exc_info=(kind, value, traceback)
            )
        else:
            log.error("unexpected error (%s: %s); starting over", kind.__name__, value)
        # The window, and the timer with it, may already be gone.
        with contextlib.suppress(RuntimeError):
            self._timer.start()

    def _run_reset(self) -> None:
        try:
            self._reset()
        except Exception:
            log.exception("starting over after an error failed as well")


def install_exception_reset(
    window: ResettableWindow, reset: Callable[[], None] | None = None
) -> ExceptionReset:
    """Log every uncaught exception and call ``reset`` (default ``window.reset_session``).

    Returns the installed hook; call its ``uninstall()`` to restore the previous one.
    """
    return ExceptionReset(window, reset)
