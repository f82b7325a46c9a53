"""What each command of the menus does (the table of commands: ``app.window.shortcuts``).

``HANDLERS`` maps a command's id to a function of the window; the menus and their
keys call ``run`` with the id, so a menu entry and its key always do the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer

import core
from app.window import focus_chain
from app.window.roles import CommandTarget
from app.window.saved_settings import desktop_zoom
from app.window.shortcuts import COMMANDS, Command
from app.window.side_pages import PAGES, PageDeclaration

if TYPE_CHECKING:
    from app.panels.gpt2_view import GPT2View

Handler = Callable[[CommandTarget], None]


def toggle_fullscreen(window: CommandTarget) -> None:
    if window.isFullScreen():
        window.showNormal()
    else:
        window.showFullScreen()


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
    """Show a side page, scrolling to it when it stands under the stage, and move the
    focus into it: the next key or Tab acts there, not back on the stage."""
    page = window.pages[name]
    window.open_page(page)
    # Once the page's new widgets are shown (Qt shows what a layout gains on its next
    # turn of the event loop): only a shown widget takes the focus.
    QTimer.singleShot(0, page, lambda: focus_chain.enter(page.window(), page))


def _gpt2_page(window: CommandTarget) -> GPT2View:
    from app.panels.gpt2_view import GPT2View

    view = window.side_tabs.view("gpt2")  # built if it was not, but not shown yet
    assert isinstance(view, GPT2View)
    return view


def open_model(window: CommandTarget) -> None:
    """File ▸ Open model…: the folder dialog, then the GPT-2 page reading the folder."""
    folder = _gpt2_page(window).ask_folder()
    if folder:
        open_model_folder(window, folder)


def open_model_folder(window: CommandTarget, folder: str) -> None:
    """Show the GPT-2 page reading ``folder`` (``--model-dir`` too): it becomes the model
    in use once it is read without an error; until then the page reads nothing else (the
    folder remembered from before is not read first, only to be replaced)."""
    _gpt2_page(window).open_folder(folder)
    open_page(window, "gpt2")


def show_shortcuts(window: CommandTarget) -> None:
    from app.window.help_dialog import ShortcutsDialog

    dialog = ShortcutsDialog(window.window())
    dialog.fit()
    dialog.exec()
    dialog.deleteLater()


def open_menu_bar(window: CommandTarget) -> None:
    """F10: the first menu opens and the arrow keys walk the menu bar (as on every desktop)."""
    bar = window.menuBar()
    bar.setVisible(True)  # hidden in fullscreen; F10 still reaches the menus
    menus = [action for action in bar.actions() if action.menu() is not None]
    if menus:
        bar.setFocus(Qt.FocusReason.ShortcutFocusReason)
        bar.setActiveAction(menus[0])


def show_glossary(window: CommandTarget) -> None:
    glossary = window.glossary
    glossary.show_term(glossary.current_id or "attention_head")


def show_about(window: CommandTarget) -> None:
    from app.window.about_dialog import AboutDialog

    dialog = AboutDialog(window.window())
    dialog.exec()
    dialog.deleteLater()


def print_handout(window: CommandTarget) -> None:
    """File > Print: the handout of what the window shows, through Qt's print dialog."""
    from app.export.printing import print_with_dialog

    print_with_dialog(window.window(), window.controller.attention, window.state.sentence)


def open_worksheet(window: CommandTarget) -> None:
    """File > Worksheet: language, paper, sentence and file, then the PDF."""
    from app.export.worksheet_dialog import WorksheetDialog

    dialog = WorksheetDialog(window.window(), window.state.sentence)
    dialog.exec()
    dialog.deleteLater()


def quit_window(window: CommandTarget) -> None:
    window.close()  # saves the settings and ends any training run (closeEvent)


def _zoom_by(step: int) -> Handler:
    return lambda w: w.state.set_zoom(w.state.zoom + step)


def _head_handlers() -> dict[str, Handler]:
    def select(head_id: str) -> Handler:
        return lambda w: w.state.set_head(head_id)

    return {f"head_{n}": select(h.id) for n, h in enumerate(core.HEADS.values(), start=1)}


def page_handlers(pages: Sequence[PageDeclaration] = PAGES) -> dict[str, Handler]:
    def opener(name: str) -> Handler:
        return lambda w: open_page(w, name)

    return {f"{page.name}_page": opener(page.name) for page in pages}


HANDLERS: dict[str, Handler] = {
    **_head_handlers(),
    "query_left": lambda w: w.state.move_query(-1),
    "query_right": lambda w: w.state.move_query(1),
    "mask": lambda w: w.state.set_causal(not w.state.causal),
    "fullscreen": toggle_fullscreen,
    "clicker_next": lambda w: clicker(w, 1),
    "clicker_previous": lambda w: clicker(w, -1),
    **page_handlers(),
    "zoom_in": _zoom_by(1),
    "zoom_out": _zoom_by(-1),
    "zoom_reset": lambda w: w.state.set_zoom(desktop_zoom()),
    "help": show_shortcuts,
    "menu_bar": open_menu_bar,
    "glossary": show_glossary,
    "about": show_about,
    "open_model": open_model,
    "print": print_handout,
    "worksheet": open_worksheet,
    "quit": quit_window,
}


def toggles(commands: dict[str, Command]) -> dict[str, Handler]:
    """A command that ticks a boolean field of the state flips it: no handler to write."""

    def flip(name: str) -> Handler:
        return lambda w: w.state.toggle(name)

    return {c.id: flip(c.checks) for c in commands.values() if c.checks is not None}


HANDLERS.update(toggles(COMMANDS))


def run(window: CommandTarget, command_id: str) -> None:
    """Do what the command ``command_id`` does, in ``window``."""
    HANDLERS[command_id](window)
