"""Dialogs sized for the text they show, and never larger than the screen."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

#: The largest share of the screen's width and height a dialog may take.
SCREEN_SHARE = 0.9


def resize_within_screen(dialog: QWidget, width: int, height: int) -> None:
    """Resize ``dialog`` to ``width`` x ``height``, shrunk to fit its screen.

    At presenter text sizes the size a dialog's text asks for can exceed the screen;
    its buttons must stay within reach.
    """
    screen = dialog.screen().availableGeometry()
    dialog.resize(
        min(width, round(screen.width() * SCREEN_SHARE)),
        min(height, round(screen.height() * SCREEN_SHARE)),
    )
