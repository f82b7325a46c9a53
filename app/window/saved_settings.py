"""What the window keeps between runs: its place, the look, the sentence, the goals met.

A presentation's theme, text size and fullscreen are never saved as the learner's own
choice, and a kiosk saves nothing at all. Nothing the learner never chose is written
either (``Settings.remember``): the theme the desktop gave, the text size its font
gave, the lesson's sentence, so that those keep following the desktop and the program.
"""

from __future__ import annotations

import logging

from PySide6.QtGui import QFontInfo, QGuiApplication

from app.text.lesson import is_lesson_sentence, lesson_sentence
from app.ui.theme import zoom_for_px
from app.window.roles import SettingsTarget

log = logging.getLogger(__name__)


def restore_settings(window: SettingsTarget) -> bool:
    """Put the saved settings into the window and its state, as one change.

    Returns whether the saved settings placed the window (else launch sizes it).
    """
    settings, state = window.settings, window.state
    geometry = settings.get("window/geometry")
    placed = not geometry.isEmpty() and window.restoreGeometry(geometry)
    saved_theme = settings.get("view/theme")
    with state.batch():
        state.set_theme(window.system_theme.first_theme(saved_theme))
        chosen = settings.stored("view/zoom")
        state.set_zoom(settings.get("view/zoom") if chosen else desktop_zoom())
        sentence = settings.get("session/sentence")
        # The lesson's sentence is shown in the language in use.
        state.set_sentence(lesson_sentence() if is_lesson_sentence(sentence) else sentence)
        state.complete_challenges(frozenset(settings.get("session/completed")))
        state.set_model_dir(settings.get("model/folder"))
    log.info("theme: %s (%s)", state.theme_id, "chosen" if saved_theme else "the desktop's")
    return placed


def desktop_zoom() -> int:
    """The text size the desktop's font asks for: the base that zoom steps from while
    the learner has not chosen one, and what "actual size" returns to."""
    return zoom_for_px(QFontInfo(QGuiApplication.font()).pixelSize())


def save_settings(window: SettingsTarget) -> None:
    """Write the learner's settings (none in kiosk mode)."""
    if not window.writes_settings:
        return  # kiosk mode: nothing a visitor does outlives the session
    settings, state = window.settings, window.state
    geometry, theme_id, zoom = window.saveGeometry(), state.theme_id, state.zoom
    before = window.presenter.settings_before()
    if before is not None:  # the presentation's theme, text and fullscreen stay its own
        theme_id, zoom, geometry = before
    settings.set("window/geometry", geometry)
    settings.remember("view/theme", theme_id if window.system_theme.chosen(theme_id) else "")
    settings.remember("view/zoom", zoom, default=desktop_zoom())
    settings.remember("session/sentence", state.sentence)
    settings.remember("session/completed", sorted(state.completed))
    settings.remember("model/folder", state.model_dir)
    settings.sync()
