"""Qt's messages as log lines like ours, without the noise that is no one's business.

Qt's debug and info messages appear with ``--verbose`` only; its warnings always.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

#: Qt's kinds of message, as log levels.
LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}
log = logging.getLogger("qt")

#: Said by the offscreen platform for every top-level window it shows: it has no
#: window manager to pass size hints to. Nothing is wrong, and nothing can be done.
NOISE = ("This plugin does not support propagateSizeHints()",)


def is_noise(message: str) -> bool:
    return any(text in message for text in NOISE)


@contextmanager
def quiet_qt_noise() -> Iterator[None]:
    """Drop the messages in ``NOISE``; every other message goes to the handler that was
    there before (pytest-qt's, in the tests), else to the log as logger ``qt``."""

    def handler(mode: QtMsgType, context, message: str) -> None:
        if is_noise(message):
            return
        if previous is not None:
            previous(mode, context, message)
        else:
            category = getattr(context, "category", None)
            where = f" ({category})" if category and category != "default" else ""
            log.log(LEVELS.get(mode, logging.WARNING), "%s%s", message, where)

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)
