"""Owns the main window, and builds it anew in another language on request.

Widgets take their words when they are built, so a language change builds a
fresh window in the new language, hands it the learner's session (sentence,
head, query, mask, model shape, theme, zoom, challenges) and closes the old one.
In a kiosk the fresh window becomes the kiosk, and a change made by the idle
reset goes straight back to the attract loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.text import lesson
from app.text.i18n import current_language, install_language, normalize
from app.ui import collector
from app.window.saved_settings import save_settings

if TYPE_CHECKING:
    from app.kiosk import Kiosk
    from app.kiosk.config import KioskConfig
    from app.model.state import AppState
    from app.window.main_window import MainWindow

#: What a rebuilt window takes over from the old one, in this order.
SESSION = ("sentence", "head_id", "causal", "query", "preset_id", "n_heads", "n_kv_heads",
           "theme_id", "zoom", "completed", "model_dir")  # fmt: skip


def copy_session(old: AppState, new: AppState) -> None:
    """Put ``old``'s session into ``new`` as one change; the lesson's sentence follows
    the language (the translated sentence has the same pattern, so the query holds)."""
    values = {name: getattr(old, name) for name in SESSION}
    if lesson.is_lesson_sentence(values["sentence"]):
        values["sentence"] = lesson.lesson_sentence()
    with new.batch():
        new.set_sentence(values["sentence"])
        new.set_head(values["head_id"])
        new.set_causal(values["causal"])
        new.set_query(min(values["query"], len(new.tokens) - 1))
        new.set_preset(values["preset_id"])
        new.set_n_heads(values["n_heads"])
        new.set_n_kv_heads(values["n_kv_heads"])
        new.set_theme(values["theme_id"])
        new.set_zoom(values["zoom"])
        new.complete_challenges(values["completed"])
        new.set_model_dir(values["model_dir"])


def _hand_over_room(old: MainWindow, new: MainWindow) -> None:
    """The window's place and presenter mode go to the rebuilt window. In presenter mode
    it starts from the learner's own look and place, which the presentation then covers
    (so leaving presenter mode, or saving, gives back the learner's, not the projector's)."""
    before = old.presenter.settings_before()
    if before is None:
        new.restoreGeometry(old.saveGeometry())
        return
    theme_id, zoom, geometry = before
    with new.state.batch():
        new.state.set_theme(theme_id)
        new.state.set_zoom(zoom)
    new.restoreGeometry(geometry)
    new.state.set_presenting(True)


class WindowHost(QObject):
    """The window in use (``window``) and, in a kiosk, its ``kiosk``."""

    #: Emitted with the new window after a rebuild.
    rebuilt = Signal(object)

    def __init__(
        self, make_window: Callable[[], MainWindow], kiosk_config: KioskConfig | None = None
    ) -> None:
        super().__init__()
        self._make_window = make_window
        self.kiosk_config = kiosk_config
        self.kiosk: Kiosk | None = None
        self.window = self._build()

    def _build(self) -> MainWindow:
        window = self._make_window()
        window.language_requested.connect(self.switch_language)
        return window

    def install_kiosk(self) -> None:
        from app.kiosk import install_kiosk

        self.kiosk = install_kiosk(self.window, self.kiosk_config)
        self.kiosk.language_requested.connect(self._kiosk_language)

    def _kiosk_language(self, code: str, attract: bool) -> None:
        self.switch_language(code, attract=attract)

    def switch_language(self, code: str, attract: bool = False) -> None:
        """Rebuild the window in language ``code`` (nothing happens for the one in use)."""
        chosen = normalize(code)
        if chosen is None or chosen == current_language():
            return
        old, old_kiosk = self.window, self.kiosk
        if old.writes_settings:
            old.settings.set("view/language", chosen)
            save_settings(old)
        install_language(chosen)
        self.window = self._build()
        copy_session(old.state, self.window.state)
        if old_kiosk is not None:
            old_kiosk.shutdown()
            self.install_kiosk()
            if attract and self.kiosk is not None:
                self.kiosk.start_attracting()
        else:
            _hand_over_room(old, self.window)
            self.window.show()
        old.writes_settings = False  # its settings were saved above
        if old_kiosk is not None:
            old_kiosk.guard.exit_authorised = True
        old.stop_training()
        old.close()
        old.deleteLater()
        collector.thaw_start_up()  # the first window's objects may be garbage now
        self.rebuilt.emit(self.window)
