"""What each command of the menus does (the table of commands: ``app.window.shortcuts``).

``HANDLERS`` maps a command's id to a function of the window; the menus and their
keys call ``run`` with the id, so a menu entry and its key always do the same thing.
"""

from __future__ import annotations

from collections.abc import Callable

import core
from app.text.wording import fill, translate
from app.window.roles import CommandTarget
from app.window.saved_settings import desktop_zoom
from app.window.side_pages import PAGE_TITLES

Handler = Callable[[CommandTarget], None]


def toggle_fullscreen(window: CommandTarget) -> None:
    if window.isFullScreen():
        window.showNormal()
    else:
        window.showFullScreen()


def toggle_presenter(window: CommandTarget) -> None:
    """Presenter mode is the state's: the window and its parts follow the change."""
    window.state.set_presenting(not window.state.presenting)


def clicker(window: CommandTarget, delta: int) -> None:
    """PageDown / PageUp: step the tour (or the page in view, when it has steps)."""
    name = window.side_tabs.current_name()
    view = window.side_tabs.view(name) if name is not None else None
    stepper = getattr(view, "step_by", None)
    if stepper is not None:
        stepper(delta)
    else:
        window.presenter.step(delta)


def open_page(window: CommandTarget, name: str) -> None:
    """Show a side page, scrolling to it when it stands under the stage."""
    window.open_page(window.pages[name])


def show_shortcuts(window: CommandTarget) -> None:
    from app.window.help_dialog import ShortcutsDialog

    dialog = ShortcutsDialog(window.window())
    dialog.fit()
    dialog.exec()
    dialog.deleteLater()


def show_glossary(window: CommandTarget) -> None:
    glossary = window.glossary
    glossary.show_term(glossary.current_id or "attention_head")


def show_about(window: CommandTarget) -> None:
    from PySide6.QtWidgets import QMessageBox

    from app.version import app_version

    QMessageBox.about(
        window.window(),
        translate("MainWindow", "About Attention Heads"),
        fill(
            translate(
                "MainWindow",
                "Attention Heads — Version %1\n\nAttention Heads shows where the heads of a "
                "transformer look and what the causal mask hides. It works entirely offline. "
                "Free software under the MIT licence.",
            ),
            app_version(),
        ),
    )


def quit_window(window: CommandTarget) -> None:
    window.close()  # saves the settings and ends any training run (closeEvent)


def _zoom_by(step: int) -> Handler:
    return lambda w: w.state.set_zoom(w.state.zoom + step)


def _head_handlers() -> dict[str, Handler]:
    def select(head_id: str) -> Handler:
        return lambda w: w.state.set_head(head_id)

    return {f"head_{n}": select(h.id) for n, h in enumerate(core.HEADS.values(), start=1)}


def _page_handlers() -> dict[str, Handler]:
    def opener(name: str) -> Handler:
        return lambda w: open_page(w, name)

    return {f"{name}_page": opener(name) for name in PAGE_TITLES}


HANDLERS: dict[str, Handler] = {
    **_head_handlers(),
    "query_left": lambda w: w.state.move_query(-1),
    "query_right": lambda w: w.state.move_query(1),
    "mask": lambda w: w.state.set_causal(not w.state.causal),
    "fullscreen": toggle_fullscreen,
    "presenter": toggle_presenter,
    "clicker_next": lambda w: clicker(w, 1),
    "clicker_previous": lambda w: clicker(w, -1),
    **_page_handlers(),
    "zoom_in": _zoom_by(1),
    "zoom_out": _zoom_by(-1),
    "zoom_reset": lambda w: w.state.set_zoom(desktop_zoom()),
    "help": show_shortcuts,
    "glossary": show_glossary,
    "about": show_about,
    "quit": quit_window,
}


def run(window: CommandTarget, command_id: str) -> None:
    """Do what the command ``command_id`` does, in ``window``."""
    HANDLERS[command_id](window)
