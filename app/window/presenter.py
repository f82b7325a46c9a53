"""Presenter mode: fullscreen, the projector theme, large text, and a clicker-driven tour.

A presentation clicker sends PageDown / PageUp; each press moves to the next stop of a
set tour through the heads and queries of the lesson.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray

from app.model.state import AppState
from app.ui.binding import listen
from app.ui.theme import ZOOM_STEPS
from app.window.tour import TOUR, Stop, go_to

__all__ = ["PRESENTER_FONT_PX", "TOUR", "Presenter", "Stop"]

#: Body text at least this large in presenter mode, readable from the back row.
PRESENTER_FONT_PX = 24


class Presenter:
    """Carries presenter mode out for a window: the mode itself is the state's
    (``AppState.presenting``); this follows it, and steps through the tour."""

    def __init__(self, window) -> None:
        self._window = window
        self._state: AppState = window.state
        self._saved: tuple[str, int, bool] | None = None
        #: The window's geometry (size, place, fullscreen or not) before presenter mode.
        self._saved_geometry = QByteArray()
        self.stop_index = -1
        listen(window, self._state.presenting_changed, self._follow)
        if self._state.presenting:
            self._enter()

    @property
    def active(self) -> bool:
        return self._state.presenting

    def _follow(self, on: bool) -> None:
        if on:
            self._enter()
        else:
            self._leave()

    def _enter(self) -> None:
        if self._saved is not None:
            return
        window, state = self._window, self._state
        self._saved = (state.theme_id, state.zoom, window.isFullScreen())
        self._saved_geometry = window.saveGeometry()
        with state.batch():
            state.set_theme("projector")
            state.set_zoom(max(state.zoom, ZOOM_STEPS.index(PRESENTER_FONT_PX)))
        window.showFullScreen()

    def _leave(self) -> None:
        if self._saved is None:
            return
        theme_id, zoom, was_fullscreen = self._saved
        self._saved = None
        with self._state.batch():
            self._state.set_theme(theme_id)
            self._state.set_zoom(zoom)
        if not was_fullscreen:
            self._window.showNormal()

    def settings_before(self) -> tuple[str, int, QByteArray] | None:
        """(theme id, zoom, geometry) as they were before presenter mode, or None when
        it is off: what the presentation changed is never saved as the user's choice."""
        if self._saved is None:
            return None
        theme_id, zoom, _fullscreen = self._saved
        return theme_id, zoom, self._saved_geometry

    def step(self, delta: int) -> None:
        """Go to the next (+1) or previous (-1) stop, on the lesson's sentence."""
        self.stop_index = max(0, min(self.stop_index + delta, len(TOUR) - 1))
        go_to(self._window, self.stop_index)
