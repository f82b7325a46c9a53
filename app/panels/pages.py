"""What a page can do, as small protocols the window talks to.

A side page is built on first use; the window then asks which of these it speaks
(``isinstance`` on the runtime-checkable protocols) instead of keeping lists of page
names per ability. A new page gets the theme, the colours and the results by having
the methods, with nothing to register; what a session reset undoes lives in the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

import numpy as np
from PySide6.QtCore import QObject

from app.model.results import AttentionResult
from app.ui.binding import Subscribable, follow
from app.ui.theme import Theme


@runtime_checkable
class ShowsResults(Protocol):
    """Draws the controller's published attention result."""

    def show_result(self, result: AttentionResult) -> None: ...


class PublishesResults(Protocol):
    """Where attention results come from (the controller): the one now, and each new one."""

    @property
    def attention(self) -> AttentionResult: ...
    @property
    def attention_changed(self) -> Subscribable: ...


def draw_results(view: QObject, show: Callable[[AttentionResult], None],
                 results: PublishesResults | None) -> None:  # fmt: skip
    """A view binds itself to the results it draws: ``show`` the one now and each new
    one, while ``view`` lives (nothing, without ``results``: a test feeds the view)."""
    if results is not None:
        follow(view, results.attention_changed, results.attention, show)


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
