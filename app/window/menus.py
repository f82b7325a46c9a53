"""The menu bar, built from the table of commands (``app.window.shortcuts.COMMANDS``).

Each command becomes one action in its menu, with the table's keys, calling the
command by its id; the Help list of keys is built from the same table. Only what is
not a command is added here by hand: File > Export, and the theme and language
choices (lists of the themes and languages there are).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from app.text.i18n import LANGUAGES, current_language
from app.text.wording import translate
from app.ui.binding import bind
from app.ui.theme import KIOSK_THEME, THEMES
from app.window.roles import MenuHost
from app.window.shortcuts import COMMANDS, MENUS, Command, menu_title

if TYPE_CHECKING:
    from app.export.menu import ExportMenu


def theme_label(theme_id: str) -> str:
    """A theme's name in the View menu."""
    labels = {
        "light": translate("MainWindow", "Light"),
        "dark": translate("MainWindow", "Dark"),
        "projector": translate("MainWindow", "Projector (high contrast)"),
    }
    return labels.get(theme_id, theme_id)


@dataclass
class Menus:
    """What the window keeps of its menus: one action per command, and the choices."""

    actions: dict[str, QAction]
    export_menu: ExportMenu
    theme_actions: QActionGroup
    language_actions: QActionGroup


def add_menu_titles(window: MenuHost) -> dict[str, QMenu]:
    """The menu bar's menus by id, still empty (``build_menus`` fills them)."""
    bar = window.menuBar()
    return {menu_id: bar.addMenu(menu_title(menu_id)) for menu_id in MENUS}


def build_menus(
    window: MenuHost,
    export_menu: Callable[[QMenu], ExportMenu],
    titles: dict[str, QMenu] | None = None,
) -> Menus:
    """Fill the window's menu bar; every command's keys work while the bar is hidden.

    ``export_menu`` adds File > Export to the File menu it is given (first in it);
    ``titles`` are the bar's menus if ``add_menu_titles`` has put them there already."""
    menus = dict(titles) if titles is not None else add_menu_titles(window)
    export = export_menu(menus["file"])
    actions = {}
    for command in COMMANDS.values():
        if command.menu not in menus:  # a submenu, placed where its first command stands
            parent = menus[command.menu.split("/")[0]]
            menus[command.menu] = parent.addMenu(menu_title(command.menu))
        actions[command.id] = _command_action(window, menus[command.menu], command)
    return Menus(
        actions,
        export,
        _theme_choices(window, menus["view"]),
        _language_choices(window, menus["view"]),
    )


def _command_action(window: MenuHost, menu: QMenu, command: Command) -> QAction:
    if command.separated:
        menu.addSeparator()
    # Made, then named: QAction(text, parent) would build QIcon's enums (1 ms of every
    # start) only to rule out the constructor that takes an icon.
    action = QAction(window.menuBar())
    action.setText(command.label_text())
    action.setData(command.id)
    action.setCheckable(command.checkable)
    if command.checks is not None:  # the tick is the state's field, whoever changes it
        bind(action, window.state, command.checks, action.setChecked)
    if command.keys:
        action.setShortcuts([QKeySequence(k) for k in command.keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.triggered.connect(lambda _=False, cid=command.id: window.run_command(cid))
    menu.addAction(action)
    window.addAction(action)  # shortcuts work even while the menu bar is hidden
    return action


def _theme_choices(window: MenuHost, view: QMenu) -> QActionGroup:
    themes = view.addMenu(translate("MainWindow", "Theme"))
    group = QActionGroup(window.menuBar())
    for theme in THEMES.values():
        if theme.id == KIOSK_THEME:
            continue  # the kiosk's own look; a kiosk has no menus
        action = themes.addAction(theme_label(theme.id))
        action.setCheckable(True)
        action.setData(theme.id)
        group.addAction(action)
        action.triggered.connect(lambda _=False, tid=theme.id: window.system_theme.pick(tid))
    return group


def _language_choices(window: MenuHost, view: QMenu) -> QActionGroup:
    """One entry per language, by its own name; the one in use is checked."""
    languages = view.addMenu(translate("MainWindow", "Language"))
    group = QActionGroup(window.menuBar())
    for code, name in LANGUAGES.items():
        action = languages.addAction(name)
        action.setCheckable(True)
        action.setChecked(code == current_language())
        action.setData(code)
        group.addAction(action)
        action.triggered.connect(lambda _=False, c=code: window.language_requested.emit(c))
    return group
