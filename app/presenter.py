"""Presenter mode: fullscreen, the projector theme, large text, and a clicker-driven tour.

A presentation clicker sends PageDown / PageUp; each press moves to the next stop of a
set tour through the heads and queries of the lesson.
"""

from __future__ import annotations

from dataclasses import dataclass

import core

from .state import AppState
from .theme import ZOOM_STEPS

#: Body text at least this large in presenter mode, readable from the back row.
PRESENTER_FONT_PX = 24


@dataclass(frozen=True)
class Stop:
    """One stop of the tour: what the audience should be looking at."""

    head_id: str
    query: int
    causal: bool


#: The tour, on the lesson's sentence: each head's telling moment.
TOUR: tuple[Stop, ...] = (
    Stop("previous_token", 5, True),
    Stop("same_word", 9, True),
    Stop("same_word", 0, True),
    Stop("same_word", 0, False),
    Stop("induction", 7, True),
    Stop("induction", 9, True),
    Stop("induction", 8, True),
    Stop("first_token", 9, True),
    Stop("first_token", 9, False),
    Stop("broad", 9, True),
    Stop("broad", 9, False),
)


class Presenter:
    """Turns presenter mode on and off for a window and steps through the tour."""

    def __init__(self, window) -> None:
        self._window = window
        self._state: AppState = window.state
        self._saved: tuple[str, int, bool] | None = None
        self.stop_index = -1

    @property
    def active(self) -> bool:
        return self._saved is not None

    def enter(self) -> None:
        if self.active:
            return
        window, state = self._window, self._state
        self._saved = (state.theme_id, state.zoom, window.isFullScreen())
        with state.batch():
            state.set_theme("projector")
            state.set_zoom(max(state.zoom, ZOOM_STEPS.index(PRESENTER_FONT_PX)))
        window.showFullScreen()

    def leave(self) -> None:
        if not self.active:
            return
        theme_id, zoom, was_fullscreen = self._saved
        self._saved = None
        with self._state.batch():
            self._state.set_theme(theme_id)
            self._state.set_zoom(zoom)
        if not was_fullscreen:
            self._window.showNormal()

    def step(self, delta: int) -> None:
        """Go to the next (+1) or previous (-1) stop, on the lesson's sentence."""
        self.stop_index = max(0, min(self.stop_index + delta, len(TOUR) - 1))
        stop = TOUR[self.stop_index]
        state = self._state
        with state.batch():
            if state.tokens != core.LESSON_TOKENS:
                state.set_sentence(core.LESSON_SENTENCE)
            state.set_head(stop.head_id)
            state.set_query(stop.query)
            state.set_causal(stop.causal)
