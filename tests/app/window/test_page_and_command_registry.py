"""One declaration per side page and per command: a new entry is found everywhere that is
derived from it (tab, menu, key, Help, opener, announcement), and a duplicate is refused."""

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QLabel

import app.window.commands as window_commands
import app.window.shortcuts as shortcuts
from app.model.fields import row
from app.model.state import AppState
from app.window import side_pages
from app.window.menus import build_menus
from app.window.side_pages import PAGES, PageDeclaration

FAKE = PageDeclaration(
    "gallery", "Gallery", "Y", "A page of pictures", lambda _window: QLabel("pictures")
)


def test_a_new_page_is_one_declaration_found_in_every_derived_table(monkeypatch, qapp):
    pages = (*PAGES, FAKE)
    monkeypatch.setattr(side_pages, "PAGES", pages)
    monkeypatch.setitem(side_pages.PAGE_BY_NAME, "gallery", FAKE)
    commands = shortcuts.build_commands(pages)
    command = commands["gallery_page"]
    assert (command.menu, command.keys, command.page) == ("view/pages", ("Y",), "gallery")
    assert command.label_text() == "Gallery" and command.text() == "A page of pictures"
    assert "gallery_page" in window_commands.page_handlers(pages)

    class Window:  # what build_pages reads of a window
        class painter:  # noqa: N801
            @staticmethod
            def style_page(view):
                view.setProperty("styled", True)

    built = side_pages.build_pages(Window())
    assert list(built)[-1] == "gallery" and built["gallery"].title == "Gallery"
    view = built["gallery"].build()
    assert view.text() == "pictures" and view.property("styled") is True


def test_the_window_shows_a_declared_page_as_a_tab_a_menu_entry_and_a_key(
    monkeypatch, qtbot, window
):
    pages = (*PAGES, FAKE)
    commands = shortcuts.build_commands(pages)
    monkeypatch.setattr(shortcuts, "COMMANDS", commands)
    monkeypatch.setattr("app.window.menus.COMMANDS", commands)
    monkeypatch.setattr(side_pages, "PAGES", pages)
    monkeypatch.setitem(side_pages.PAGE_BY_NAME, "gallery", FAKE)
    menus = build_menus(window, lambda _menu: None)
    action = menus.actions["gallery_page"]
    assert action.text() == "Gallery" and action.shortcut().toString() == "Y"


@pytest.mark.parametrize(
    "clash",
    [
        replace(FAKE, name="width"),  # a second Width page
        replace(FAKE, key="W"),  # the Width page's key
        replace(FAKE, key="M"),  # the mask's key
    ],
)
def test_a_duplicate_page_name_or_key_is_refused(clash):
    with pytest.raises(ValueError, match="two commands|both take the key"):
        shortcuts.build_commands((*PAGES, clash))


def test_a_boolean_field_with_a_command_gets_its_tick_bound_and_its_toggle(
    monkeypatch, qtbot, window
):
    class Exhibit(AppState):
        subtitles, subtitles_changed = row(bool, True, reset=True)

    state = Exhibit()
    command = shortcuts.Command(
        "subtitles", "view", "Subtitles", ("Ctrl+T",), "Subtitles on or off", checks="subtitles"
    )
    commands = shortcuts.unique_commands(*shortcuts.COMMANDS.values(), command)
    assert window_commands.toggles(commands)["subtitles"] is not None

    class Host:  # a window with this state
        def __init__(self):
            self.state = state
            self.system_theme = window.system_theme

        def menuBar(self):  # noqa: N802
            return window.menuBar()

        def addAction(self, action):  # noqa: N802
            window.addAction(action)

        def run_command(self, command_id):
            window_commands.toggles(commands)[command_id](self)

        language_requested = None  # no language entry is triggered here

    monkeypatch.setattr("app.window.menus.COMMANDS", commands)
    menus = build_menus(Host(), lambda _menu: None)
    tick = menus.actions["subtitles"]
    assert tick.isCheckable() and tick.isChecked()  # the field's default, from the start
    tick.trigger()
    assert state.subtitles is False and not tick.isChecked()
    state.toggle("subtitles")  # changed elsewhere: the tick follows
    assert tick.isChecked()
    tick.trigger()
    assert state.subtitles is False and not tick.isChecked()
