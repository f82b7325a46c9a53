"""What a page can do, as small protocols the window talks to.

A side page is built on first use; the window then asks which of these it speaks
(``isinstance`` on the runtime-checkable protocols) instead of keeping lists of page
names per ability. A new page gets the theme, the colours and the results by having
the methods, with nothing to register; what a session reset undoes lives in the state.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from app.model.results import AttentionResult
from app.ui.theme import Theme


@runtime_checkable
class ShowsResults(Protocol):
    """Draws the controller's published attention result."""

    def show_result(self, result: AttentionResult) -> None: ...


@runtime_checkable
class Themed(Protocol):
    """Paints with the theme's colours at the window's text size."""

    def set_theme(self, theme: Theme, font_px: int) -> None: ...


@runtime_checkable
class Tinted(Protocol):
    """Takes the theme's colours only; the window's style sheet sizes its text."""

    def set_colours(self, theme: Theme) -> None: ...


@runtime_checkable
class Coloured(Protocol):
    """Paints weights with the shared colour table (a 256 x 3 or 256 x 4 lookup table)."""

    def set_colormap(self, lut: np.ndarray) -> None: ...


@runtime_checkable
class AsksForTyping(Protocol):
    """Has parts for a keyboard or a file dialog (a note to type English, a folder to
    open); a kiosk, where visitors only tap, turns them off."""

    def set_typing(self, typing: bool) -> None: ...


@runtime_checkable
class HasWork(Protocol):
    """Runs work of its own (a training process) that must end with the window."""

    def shutdown(self) -> None: ...
