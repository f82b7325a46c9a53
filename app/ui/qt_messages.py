"""Keep Qt's noise that is no one's business off the terminal (one known message)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QtMsgType, qFormatLogMessage, qInstallMessageHandler

#: Said by the offscreen platform for every top-level window it shows: it has no
#: window manager to pass size hints to. Nothing is wrong, and nothing can be done.
NOISE = ("This plugin does not support propagateSizeHints()",)


def is_noise(message: str) -> bool:
    return any(text in message for text in NOISE)


@contextmanager
def quiet_qt_noise() -> Iterator[None]:
    """Drop the messages in ``NOISE``; every other message goes where it went before."""

    def handler(mode: QtMsgType, context, message: str) -> None:
        if is_noise(message):
            return
        if previous is not None:
            previous(mode, context, message)
        else:  # Qt's own default: the formatted message on stderr
            print(qFormatLogMessage(mode, context, message), file=sys.stderr, flush=True)

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)
