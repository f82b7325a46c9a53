"""The window's helpers against a stand-in window: the commands, the saved settings,
the painter and the menus take the window as a small protocol (``app.window.roles``),
so each is tested here without building the real window (as a controller is tested
against a mock view)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QByteArray, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from app.adapters.settings import Settings
from app.export.menu import ExportMenu
from app.model.state import AppState
from app.panels.pages import Coloured, Themed
from app.ui.theme import DEFAULT_ZOOM, THEMES, Theme
from app.window import commands
from app.window.menus import build_menus
from app.window.saved_settings import restore_settings, save_settings
from app.window.shortcuts import COMMANDS
from app.window.theme_painter import WindowPainter


class Recorder:
    """A panel that writes down what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def set_theme(self, *args) -> None:
        self.calls.append(("set_theme", *args))

    def set_colormap(self, lut) -> None:
        self.calls.append(("set_colormap", lut.shape))


class SteppingPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.steps: list[int] = []

    def step_by(self, delta: int) -> None:
        self.steps.append(delta)


class ThemedPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.themes: list[tuple[str, int]] = []
        self.tables: list[tuple[int, ...]] = []

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self.themes.append((theme.id, font_px))

    def set_colormap(self, lut: np.ndarray) -> None:
        self.tables.append(lut.shape)


class Tabs:
    def __init__(self, views: dict[str, QWidget]) -> None:
        self.views = views
        self.current: str | None = None

    def current_name(self) -> str | None:
        return self.current

    def view(self, name: str) -> QWidget:
        return self.views[name]


class Presenter:
    def __init__(self) -> None:
        self.steps: list[int] = []
        self.before: tuple[str, int, QByteArray] | None = None

    def step(self, delta: int) -> None:
        self.steps.append(delta)

    def settings_before(self):
        return self.before


class ThemeChoice:
    """The desktop says light; a theme counts as chosen once picked or when not light."""

    def __init__(self, state: AppState) -> None:
        self.state = state
        self.picked = False

    def first_theme(self, saved: str) -> str:
        self.picked = bool(saved)
        return saved or "light"

    def chosen(self, theme_id: str) -> bool:
        return self.picked or theme_id != "light"

    def pick(self, theme_id: str) -> None:
        self.picked = True
        self.state.set_theme(theme_id)


class Glossary:
    def __init__(self) -> None:
        self.current_id: str | None = None
        self.shown: list[str] = []

    def show_term(self, term_id: str) -> None:
        self.shown.append(term_id)


class StandIn:
    """Everything the helpers may touch of a window, and nothing more."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.state = AppState()
        self.settings = settings
        self.writes_settings = True
        self.presenter = Presenter()
        self.system_theme = ThemeChoice(self.state)
        self.glossary = Glossary()
        self.glossary_built: Recorder | None = None
        self.heatmap: Recorder | None = None
        self.side_tabs = Tabs({"steps": SteppingPage(), "card": ThemedPage()})
        self.pages = {name: QWidget() for name in ("steps", "card", "english")}
        self.opened: list[QWidget] = []
        self.fullscreen = False
        self.closed = False
        self.geometry = QByteArray(b"where the window stood")
        self.style = ""
        self.arranged = 0
        self.theme_actions = QActionGroup(None)
        for theme_id in ("light", "dark"):
            self.theme_actions.addAction(QAction(theme_id)).setData(theme_id)
            self.theme_actions.actions()[-1].setCheckable(True)
        self.token_strip, self.mask_toggle, self.column_legend = Recorder(), Recorder(), Recorder()
        self.head_grid = Recorder()
        self.room_maps: Recorder | None = Recorder()  # a wide room's small maps
        self.dialog_parent = QWidget()

    # what the commands call

    def show_theme_choice(self, theme_id):
        for action in self.theme_actions.actions():
            action.setChecked(action.data() == theme_id)

    def open_page(self, page: QWidget) -> None:
        self.opened.append(page)

    def window(self) -> QWidget:
        return self.dialog_parent

    def isFullScreen(self) -> bool:  # noqa: N802
        return self.fullscreen

    def showFullScreen(self) -> None:  # noqa: N802
        self.fullscreen = True

    def showNormal(self) -> None:  # noqa: N802
        self.fullscreen = False

    def close(self) -> bool:
        self.closed = True
        return True

    # what the saved settings call
    def saveGeometry(self) -> QByteArray:  # noqa: N802
        return self.geometry

    def restoreGeometry(self, geometry: QByteArray) -> bool:  # noqa: N802
        self.geometry = geometry
        return True

    # what the painter calls
    def setStyleSheet(self, sheet: str) -> None:  # noqa: N802
        self.style = sheet

    def arrange(self) -> None:
        self.arranged += 1


@pytest.fixture
def stand_in(qapp):
    return StandIn()


# -- commands ---------------------------------------------------------------------------


def test_every_command_of_the_table_has_what_it_does():
    assert set(commands.HANDLERS) == set(COMMANDS)


def test_commands_change_the_state(stand_in):
    state = stand_in.state
    commands.run(stand_in, "mask")
    commands.run(stand_in, "head_2")
    commands.run(stand_in, "query_left")
    commands.run(stand_in, "zoom_in")
    assert (state.causal, state.head_id, state.query) == (False, "same_word", 6)
    assert state.zoom == DEFAULT_ZOOM + 1
    commands.run(stand_in, "zoom_reset")
    commands.run(stand_in, "presenter")
    assert state.zoom == DEFAULT_ZOOM and state.presenting


def test_the_clicker_steps_the_page_in_view_or_else_the_tour(stand_in):
    commands.run(stand_in, "clicker_next")
    assert stand_in.presenter.steps == [1]
    stand_in.side_tabs.current = "steps"
    commands.run(stand_in, "clicker_previous")
    assert stand_in.side_tabs.views["steps"].steps == [-1]
    assert stand_in.presenter.steps == [1]


def test_window_commands_reach_the_window(stand_in):
    commands.run(stand_in, "english_page")
    assert stand_in.opened == [stand_in.pages["english"]]
    commands.run(stand_in, "fullscreen")
    assert stand_in.fullscreen
    commands.run(stand_in, "fullscreen")
    assert not stand_in.fullscreen
    commands.run(stand_in, "glossary")
    assert stand_in.glossary.shown == ["attention_head"]
    commands.run(stand_in, "quit")
    assert stand_in.closed


# -- saved settings ----------------------------------------------------------------------


def test_settings_are_saved_and_restored_as_one_change(qapp, isolated_settings):
    first = StandIn(Settings())
    first.state.set_theme("dark")
    first.state.set_zoom(DEFAULT_ZOOM + 2)
    first.state.set_sentence("the cat saw the cat")
    save_settings(first)

    second = StandIn(Settings())
    second.geometry = QByteArray()
    changes = []
    second.state.changed.connect(changes.append)
    assert restore_settings(second)
    assert second.geometry == QByteArray(b"where the window stood")
    state = second.state
    assert (state.theme_id, state.zoom, state.sentence) == (
        "dark",
        DEFAULT_ZOOM + 2,
        "the cat saw the cat",
    )
    assert len(changes) == 1


def test_a_presentation_saves_the_learners_own_look_and_a_kiosk_nothing(qapp, isolated_settings):
    window = StandIn(Settings())
    window.system_theme.picked = True  # the learner chose light before presenting
    window.state.set_theme("projector")
    window.presenter.before = ("light", DEFAULT_ZOOM, QByteArray(b"the learner's place"))
    save_settings(window)
    assert Settings().get("view/theme") == "light"
    assert Settings().get("window/geometry") == QByteArray(b"the learner's place")

    kiosk = StandIn(Settings())
    kiosk.writes_settings = False
    kiosk.state.set_theme("dark")
    save_settings(kiosk)
    assert Settings().get("view/theme") == "light"


# -- the painter -------------------------------------------------------------------------


def test_the_painter_puts_the_theme_on_every_part(stand_in):
    assert isinstance(stand_in.side_tabs.views["card"], Themed | Coloured)
    stand_in.state.set_theme("dark")
    stand_in.heatmap = Recorder()
    WindowPainter(stand_in).apply()
    dark = THEMES["dark"]
    font_px = stand_in.state.font_px
    assert stand_in.style and stand_in.arranged == 1
    for panel in (stand_in.token_strip, stand_in.mask_toggle, stand_in.column_legend):
        assert panel.calls == [("set_theme", dark)]
    assert stand_in.head_grid.calls == [("set_theme", dark), ("set_colormap", (256, 4))]
    assert stand_in.room_maps.calls == stand_in.head_grid.calls
    assert stand_in.heatmap.calls == [("set_theme", dark, font_px)]
    assert stand_in.side_tabs.views["card"].themes == [("dark", font_px)]
    assert stand_in.side_tabs.views["card"].tables == [(256, 4)]
    checked = [a.data() for a in stand_in.theme_actions.actions() if a.isChecked()]
    assert checked == ["dark"]


# -- the menus ---------------------------------------------------------------------------


class MenuStandIn(QMainWindow):
    """A bare main window with a theme choice, the commands by id and the language request."""

    language_requested = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.state = AppState()
        self.system_theme = ThemeChoice(self.state)
        self.ran: list[str] = []
        self.languages: list[str] = []
        self.language_requested.connect(self.languages.append)

    def run_command(self, command_id: str) -> None:
        self.ran.append(command_id)


def test_the_menus_call_each_command_by_its_id(qtbot):
    window = MenuStandIn()
    qtbot.addWidget(window)
    files: list[QMenu] = []

    def export_menu(file_menu: QMenu) -> ExportMenu:
        files.append(file_menu)
        return ExportMenu(window, file_menu)

    menus = build_menus(window, export_menu)
    assert set(menus.actions) == set(COMMANDS)
    assert files and files[0].actions()[0].menu() is menus.export_menu.menu  # Export first
    menus.actions["mask"].trigger()
    menus.actions["head_3"].trigger()
    assert window.ran == ["mask", "head_3"]
    dark = next(a for a in menus.theme_actions.actions() if a.data() == "dark")
    dark.trigger()
    assert window.state.theme_id == "dark" and window.system_theme.picked
    german = next(a for a in menus.language_actions.actions() if a.data() == "de")
    german.trigger()
    assert window.languages == ["de"]
    assert all(action in window.actions() for action in menus.actions.values())
