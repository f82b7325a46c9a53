"""Kiosk mode: one object that turns the main window into an unattended exhibit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QPointF, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from app.kiosk.attract import AttractBanner, AttractLoop
from app.kiosk.config import KioskConfig
from app.kiosk.drag import stop_scrolling
from app.kiosk.embed import DialogEmbedder
from app.kiosk.guard import KioskGuard, disable_window_actions
from app.kiosk.idle import CountdownOverlay, IdleWatcher
from app.kiosk.keeper import WindowKeeper
from app.kiosk.pages import install_page_chooser, remove_page_chooser
from app.kiosk.recovery import ExceptionReset, install_exception_reset
from app.kiosk.staff_exit import CornerLongPress, PinPad
from app.kiosk.touch import (
    TOUCH_PX,
    apply_exhibit_look,
    apply_touch_style,
    disable_text_selection,
    drag_everywhere,
    size_sliders_for_touch,
    widen_chips_for_touch,
)
from app.panels.pages import AsksForTyping
from app.text.i18n import current_language
from app.ui.binding import listen

if TYPE_CHECKING:
    from app.kiosk.host import KioskHost


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def close_popups_and_dialogs(window: QWidget) -> None:
    """Close drop-down lists and every dialog a visitor may have left open."""
    while (popup := QApplication.activePopupWidget()) is not None:
        if not popup.close():
            break
    # Dialogs inside the window (the kiosk's way of showing them) and any on their own.
    dialogs = window.findChildren(QDialog) + QApplication.topLevelWidgets()
    for widget in dict.fromkeys(dialogs):
        if isinstance(widget, QDialog) and widget.isVisible() and widget is not window:
            widget.reject()


def back_to_the_stage(window: KioskHost) -> None:
    """The next visitor finds the stage, not the page the last one left open: the
    first page chosen again, the view back at the top (a flick still running ends)."""
    window.side_tabs.setCurrentIndex(0)
    stop_scrolling(window.scroll_area)
    window.reveal_stage()


class Kiosk(QObject):
    """Fullscreen, locked in, touch-sized, and back to its attract loop when left alone.

    Active: every input restarts the idle timer. Idle: "Still there?" counts
    down; a touch dismisses it. Countdown over: the session resets and the attract
    loop tours the heads until the next touch, which only wakes the exhibit (or, on
    one of the attract screen's language buttons, switches to that language).
    """

    #: A language for the exhibit (code), and whether to go on attracting in it.
    language_requested = Signal(str, bool)

    def __init__(self, window: KioskHost, config: KioskConfig) -> None:
        widget = window.window()  # the window as a widget: what the parts sit on
        super().__init__(widget)
        self.window = window
        self.config = config
        state = window.state
        self.keeper = WindowKeeper(widget)
        self.dialogs = DialogEmbedder(widget)
        self.guard = KioskGuard(widget, on_show=self.dialogs.notice_shown)
        self.idle = IdleWatcher(_ms(config.idle_seconds), self)
        self.countdown = CountdownOverlay(widget, state)
        self.attract = AttractLoop(state, window.controller, _ms(config.attract_step_seconds), self)
        self.banner = AttractBanner(widget, state)
        self.corner = CornerLongPress(widget, config.corner_px, _ms(config.long_press_seconds))
        self.pin_pad = PinPad(widget, state, config.staff_pin)
        self.exception_reset: ExceptionReset | None = None
        self._disabled_actions: list[QAction] = []

        self.idle.went_idle.connect(self._on_idle)
        self.idle.interrupted.connect(self._on_interrupted)
        self.countdown.finished.connect(self._on_countdown_finished)
        self.corner.triggered.connect(self._on_corner_held)
        self.pin_pad.accepted.connect(self.staff_exit)

    @property
    def attracting(self) -> bool:
        return self.attract.running

    def start(self) -> None:
        """Lock the window down and show it fullscreen."""
        window = self.window
        # Nothing the visitors do may outlive the session (MainWindow.save_settings
        # checks this flag).
        window.writes_settings = False
        # A kiosk day starts on the lesson, whatever a desktop session left in the settings,
        # and reads only the model folder its own config names.
        window.reset_session()
        window.state.set_model_dir(self.config.model_dir)
        self._disabled_actions = disable_window_actions(window)
        apply_exhibit_look(window)
        apply_touch_style(window)
        window.token_strip.set_min_chip_width(TOUCH_PX)  # "." is a target like any word
        disable_text_selection(window.window())
        listen(self, window.state.theme_id_changed, self._restyle)
        listen(self, window.state.zoom_changed, self._restyle)
        window.part_built.connect(self._on_part_built)
        # The last filter installed runs first: the guard, then the corner (which must
        # see presses that the idle watcher eats to wake the exhibit), then idle.
        self.idle.start()
        self.corner.start()
        self.guard.start()
        self.dialogs.start()
        self.exception_reset = install_exception_reset(window, self.recover)
        install_page_chooser(window)
        self.keeper.start()  # shows the window: fullscreen, on top, on the whole screen

    def shutdown(self) -> None:
        """Stop every filter, timer and hook; enable the actions again (settings stay unwritten)."""
        for part in (self.keeper, self.dialogs, self.guard, self.corner, self.idle, self.attract):
            part.stop()
        self.countdown.cancel()
        self.banner.dismiss()
        self.pin_pad.close_pad()
        remove_page_chooser(self.window)
        self.window.token_strip.set_min_chip_width(0)
        for action in self._disabled_actions:
            if shiboken6.isValid(action):  # a menu rebuilt meanwhile took its old ones
                action.setEnabled(True)
        self._disabled_actions = []
        if self.exception_reset is not None:
            self.exception_reset.uninstall()

    def reset(self) -> None:
        """Close anything open (PIN pad, dialogs, drop-down lists) and start the session over."""
        self.pin_pad.close_pad()
        self.countdown.cancel()
        close_popups_and_dialogs(self.window.window())
        self.window.reset_session()
        back_to_the_stage(self.window)

    def recover(self) -> None:
        """After an unexpected error: reset, and carry on as if someone just touched."""
        self.reset()
        if not self.attract.running:
            self.idle.restart()

    def staff_exit(self) -> None:
        """Close the program for good (exit code 0 once the event loop ends)."""
        self.release()
        self.window.close()

    def release(self) -> None:
        """Let the window go: it may close, and nothing brings it back (staff exit, stop)."""
        self.guard.exit_authorised = True
        self.keeper.released = True
        self.shutdown()

    # -- the idle cycle ---------------------------------------------------------------------

    def _on_idle(self) -> None:
        self.idle.interrupt_next_input()
        self.countdown.start(self.config.countdown_seconds)

    def _on_countdown_finished(self) -> None:
        if current_language() != self.config.language:
            # The next visitor finds the exhibit's own language; the window is rebuilt
            # in it and that kiosk starts attracting.
            self.language_requested.emit(self.config.language, True)
            return
        self.start_attracting()

    def start_attracting(self) -> None:
        """A fresh session, and the attract loop until the next touch."""
        self.reset()
        self.idle.interrupt_next_input()
        self.attract.start()
        self.banner.show_over()

    def _on_interrupted(self) -> None:
        chosen = self._language_touched()
        if chosen is not None and chosen != current_language():
            self.language_requested.emit(chosen, False)
            return
        self.countdown.cancel()
        self.attract.stop()
        self.banner.dismiss()
        self.idle.restart()

    def _language_touched(self) -> str | None:
        """The language button the waking touch landed on, if the attract banner shows."""
        where = self.idle.wake_position
        if where is None or not self.banner.isVisible():
            return None
        return self.banner.language_at(QPointF(self.banner.mapFromGlobal(where.toPoint())))

    def _on_corner_held(self) -> None:
        if self.pin_pad.isVisible():
            return
        if self.idle.interrupting:
            self._on_interrupted()
        self.pin_pad.open()

    def _restyle(self, *_args) -> None:
        apply_touch_style(self.window)

    def _on_part_built(self, part) -> None:
        # Pages, the glossary and the plots are built on first use, after start().
        if isinstance(part, QDialog):
            self.dialogs.embed(part)  # shown inside the exhibit, never as a window
        disable_text_selection(part)
        size_sliders_for_touch(part)
        widen_chips_for_touch(part)
        drag_everywhere(part)
        for view in self.window.side_tabs.views.values():
            if isinstance(view, AsksForTyping):
                view.set_typing(False)  # a kiosk has no keyboard: no page asks for typing


def install_kiosk(window: KioskHost, config: KioskConfig | None = None) -> Kiosk:
    """Turn ``window`` into a kiosk and show it fullscreen; returns the running Kiosk."""
    kiosk = Kiosk(window, config or KioskConfig())
    kiosk.start()
    return kiosk
