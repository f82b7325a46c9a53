"""The window's parts agree: menus and keys come from one table of commands, pages take
their colours from the theme, and presenter mode is the state's."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtWidgets import QMenu

import app.window.commands
from app.adapters.settings import Settings
from app.ui.colour_table import lookup_table
from app.ui.theme import THEMES
from app.window.shortcuts import COMMANDS, SHORTCUTS

# -- one table for menus, keys and the Help list ---------------------------------------


def menu_actions(window):
    """Every action reachable from the menu bar, submenus included, with its menu path."""
    window.fill_menus()  # as right after the first paint
    found, pending = [], [((), a) for a in window.menuBar().actions()]
    while pending:
        path, action = pending.pop()
        menu = action.menu()
        if isinstance(menu, QMenu):
            pending.extend((path + (menu.title(),), a) for a in menu.actions())
        elif not action.isSeparator():
            found.append((path, action))
    return found


def key_click(qtbot, window, key: str):
    combination = QKeySequence(key)[0]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, combination.key(), combination.keyboardModifiers())


@pytest.fixture
def recorded(monkeypatch):
    """Every command records its id instead of acting."""
    calls = []
    for command_id in COMMANDS:
        monkeypatch.setitem(
            app.window.commands.HANDLERS, command_id, lambda _w, c=command_id: calls.append(c)
        )
    return calls


def test_every_command_does_something_and_nothing_acts_without_a_command():
    assert set(app.window.commands.HANDLERS) == set(COMMANDS)


def test_every_command_is_one_menu_entry_with_the_tables_keys(window):
    by_id = {a.data(): (path, a) for path, a in menu_actions(window) if a.data() in COMMANDS}
    assert set(by_id) == set(COMMANDS)
    for command in COMMANDS.values():
        _path, action = by_id[command.id]
        assert action.text() == command.label_text()
        assert [k.toString() for k in action.shortcuts()] == [
            QKeySequence(k).toString() for k in command.keys
        ]
    # No menu entry has keys the table does not know of.
    for _path, action in menu_actions(window):
        if action.shortcuts():
            assert action.data() in SHORTCUTS


def test_every_key_and_its_menu_entry_run_the_same_command(qtbot, window, recorded):
    by_id = {a.data(): a for _path, a in menu_actions(window)}
    window.setFocus()  # not the token strip, which takes Left and Right for itself
    for command in SHORTCUTS.values():
        for key in command.keys:
            recorded.clear()
            key_click(qtbot, window, key)
            assert recorded == [command.id], key
        recorded.clear()
        by_id[command.id].trigger()
        assert recorded == [command.id]


def test_the_side_panel_submenu_sits_in_the_view_menu(window):
    paths = {a.data(): path for path, a in menu_actions(window)}
    assert paths["steps_page"] == ("&View", "Side panel")
    assert paths["quit"] == ("&File",)
    assert paths["head_1"] == ("&Heads",)


# -- the colour table comes from the theme -------------------------------------------


def probe(view, i, j):
    image = view.canvas.grab().toImage()
    rect = view.canvas.grid("weights").cell_rect(i, j)
    x, y = rect.left() + rect.width() * 0.2, rect.top() + rect.height() * 0.2
    return image.pixelColor(QPoint(int(x), int(y)))


def expected(theme_id, weight):
    r, g, b, _a = lookup_table(THEMES[theme_id])[int(np.rint(weight * 255))]
    return QColor(int(r), int(g), int(b))


def close(a: QColor, b: QColor, tolerance=3):
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


@pytest.mark.parametrize("theme_id", ["light", "projector"])
def test_a_page_built_before_the_heatmap_paints_in_the_themes_colours(
    qtbot, isolated_settings, theme_id
):
    from app.window.main_window import MainWindow

    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.state.set_theme(theme_id)
    window.open_page(window.pages["steps"])
    view = window.side_tabs.view("steps")
    view.resize(420, 1600)
    assert window.heatmap is None  # never shown: no plots yet
    weights = window.controller.attention.weights["induction"]
    row = window.state.query
    for col in (0, int(np.argmax(weights[row]))):  # a low weight and the highest
        assert close(probe(view, row, col), expected(theme_id, weights[row, col]))


def test_the_table_is_the_heatmaps_own(window):
    for theme_id in ("light", "projector", "exhibit"):
        window.state.set_theme(theme_id)
        assert np.array_equal(lookup_table(THEMES[theme_id]), window.heatmap.lookup_table())


def test_the_small_maps_have_their_colours_before_the_heatmap(qtbot, isolated_settings):
    from app.window.main_window import MainWindow

    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    assert window.heatmap is None
    image = window.head_grid.maps["induction"].grab().toImage()
    top = expected("light", 1.0)  # the lesson's induction row has weights near 1
    colours = {
        image.pixelColor(x, y).rgb()
        for x in range(image.width())
        for y in range(0, image.height(), 2)
    }
    assert any(close(QColor.fromRgb(c), top, 12) for c in colours)


# -- presenter mode is the state's ----------------------------------------------------


def test_presenter_mode_follows_the_state(qtbot, window):
    window.state.set_theme("dark")
    window.state.set_presenting(True)
    qtbot.waitUntil(window.isFullScreen)
    assert window.menus.actions["presenter"].isChecked()
    assert window.state.theme_id == "projector"
    assert not window.sentence_editor.isVisible()
    window.state.set_presenting(False)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not window.menus.actions["presenter"].isChecked()
    assert window.state.theme_id == "dark"


def test_the_presenter_menu_entry_writes_the_state(qtbot, window):
    window.menus.actions["presenter"].trigger()
    assert window.state.presenting
    window.menus.actions["presenter"].trigger()
    assert not window.state.presenting


def test_a_session_reset_keeps_presenter_mode(qtbot, window):
    window.state.set_presenting(True)
    window.reset_session()
    assert window.state.presenting and window.state.theme_id == "projector"


def test_a_language_switch_in_presenter_mode_keeps_the_learners_look(qtbot, german):
    from app.text.i18n import install_language
    from app.window.main_window import MainWindow
    from app.window_host import WindowHost

    install_language("en")
    host = WindowHost(MainWindow)
    old = host.window
    qtbot.addWidget(old)
    old.state.set_theme("dark")
    old.state.set_presenting(True)
    host.switch_language("de")
    new = host.window
    qtbot.addWidget(new)
    assert new.state.presenting and new.state.theme_id == "projector"
    new.state.set_presenting(False)
    assert new.state.theme_id == "dark"  # the learner's own, not the projector's


def test_show_me_brings_the_stage_into_view(qtbot, window):
    """At 1024 x 768 the side panel stands under the stage: a Show me that changes the
    stage scrolls up to it, so the learner sees what it set up."""
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: not window.arranger.side_beside, timeout=3000)
    window.open_page(window.pages["card"])
    bar = window.scroll_area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.value() > 0, timeout=3000)
    card = window.side_tabs.view("card")
    button = next(
        b for b, p in zip(card.show_buttons, card.prompts, strict=True) if p.show.page is None
    )
    button.click()
    assert bar.value() == 0
    assert window.heatmap.visibleRegion().boundingRect().height() > 300


# -- the menus' commands come after the first paint ----------------------------------------


def _file_menu_entries(window):
    return window.menuBar().actions()[0].menu().actions()


def test_the_menus_are_filled_once_the_heatmap_is_painted(qtbot):
    from app.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    # The titles stand in the first paint; the commands would only slow it down.
    assert [a.text() for a in window.menuBar().actions()] == ["&File", "&Heads", "&View", "&Help"]
    assert _file_menu_entries(window) == []
    window.show()
    qtbot.waitUntil(lambda: window.heatmap is not None)
    qtbot.waitUntil(lambda: len(_file_menu_entries(window)) > 1)


def test_a_key_pressed_before_the_menus_are_filled_runs_its_command(qtbot):
    from app.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert _file_menu_entries(window) == []  # not painted yet: no commands
    qtbot.keyClick(window, "2")
    assert window.state.head_id == "same_word"


def test_a_menu_opened_before_it_is_filled_shows_its_commands(qtbot):
    from app.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    file_menu = window.menuBar().actions()[0].menu()
    file_menu.aboutToShow.emit()
    assert len(file_menu.actions()) > 1
