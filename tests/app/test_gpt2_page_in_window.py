"""The GPT-2 page in the window: its tab and key, File ▸ Open model…, the folder remembered,
carried across a language switch, and set by a kiosk's config."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

import app.model.gpt2_results as gpt2_results
from app.adapters.settings import Settings
from app.kiosk import KioskConfig, install_kiosk
from app.text.i18n import install_language
from app.window.commands import open_model_folder
from app.window.main_window import MainWindow
from app.window.saved_settings import save_settings
from app.window.shortcuts import COMMANDS, SHORTCUTS
from app.window.side_pages import PAGE_BY_NAME, page_title
from app.window_host import WindowHost
from tests.gpt2_folders import write_gpt2_folder


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(write_gpt2_folder(tmp_path_factory.mktemp("gpt2") / "tiny", n_positions=160))


@pytest.fixture(autouse=True)
def fresh():
    gpt2_results.forget_last_model()
    yield
    gpt2_results.forget_last_model()


def shown(qtbot, window):
    view = window.side_tabs.view("gpt2")
    qtbot.waitUntil(lambda: view.page is not None and not view.runner.busy, timeout=20_000)
    return view


def test_the_page_has_a_tab_a_key_and_a_file_menu_entry():
    assert "gpt2" in PAGE_BY_NAME and page_title("gpt2") == "GPT-2"
    keys = [key for shortcut in SHORTCUTS.values() for key in shortcut.keys]
    assert SHORTCUTS["gpt2_page"].keys == ("T",) and keys.count("T") == 1
    command = COMMANDS["open_model"]
    assert (command.menu, command.keys) == ("file", ("Ctrl+O",))
    assert command.label_text() == "Open model…"
    assert keys.count("Ctrl+O") == 1


def test_nothing_is_read_until_the_page_is_shown(qtbot, window, folder):
    window.state.set_model_dir(folder)
    assert window.controller.page_results.gpt2_model is None
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_T)
    assert window.side_tabs.current_name() == "gpt2"
    view = shown(qtbot, window)
    assert view.page.about.folder == folder


def test_open_model_opens_the_page_and_the_folder_is_remembered(qtbot, window, folder, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: folder)
    file_menu = window.fill_menus().actions["open_model"]
    file_menu.trigger()
    assert window.side_tabs.current_name() == "gpt2"
    qtbot.waitUntil(lambda: window.state.model_dir == folder, timeout=20_000)
    shown(qtbot, window)
    save_settings(window)
    assert Settings().get("model/folder") == folder
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.state.model_dir == folder  # restored, read when the page is shown


def test_a_cancelled_folder_dialog_changes_nothing(window, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: "")
    window.run_command("open_model")
    view = window.side_tabs.view("gpt2")
    assert window.state.model_dir == "" and not view.runner.busy


def test_the_folder_survives_a_language_switch_and_is_not_read_again(qtbot, folder):
    host = WindowHost(MainWindow)
    try:
        host.window.state.set_model_dir(folder)
        host.window.run_command("gpt2_page")
        shown(qtbot, host.window)
        loads = host.window.controller.page_results.gpt2().recomputes["load"]
        host.switch_language("de")
        assert host.window.state.model_dir == folder
        host.window.run_command("gpt2_page")
        view = shown(qtbot, host.window)
        assert (loads, view.results.recomputes["load"]) == (1, 0)
        assert view.text_buttons[False].text() == "Dein Satz"
    finally:
        host.window.writes_settings = False
        host.window.close()
        host.window.deleteLater()
        install_language("en")


@pytest.mark.parametrize("configured", [True, False])
def test_a_kiosk_offers_the_page_only_with_a_folder_of_its_config(window, folder, configured):
    config = KioskConfig(staff_pin="2468", model_dir=folder if configured else "")
    kiosk = install_kiosk(window, config)
    try:
        assert window.state.model_dir == (folder if configured else "")
        assert ("gpt2" in window.page_chooser.buttons) == configured
        window.run_command("gpt2_page")
        assert not window.side_tabs.view("gpt2").open_button.isVisible()
    finally:
        kiosk.shutdown()
        kiosk.guard.exit_authorised = True


def test_a_folder_asked_for_is_read_instead_of_the_remembered_one(qtbot, window, folder, tmp_path):
    # --model-dir and File > Open model... both: the folder remembered from before is not
    # read first only to be replaced.
    other = str(write_gpt2_folder(tmp_path / "other", n_layer=3, n_head=2, n_positions=160))
    window.state.set_model_dir(folder)
    open_model_folder(window, other)
    assert window.side_tabs.current_name() == "gpt2"
    qtbot.waitUntil(lambda: window.state.model_dir == other, timeout=20_000)
    view = shown(qtbot, window)
    assert view.page.about.folder == other and view.results.recomputes["load"] == 1


def test_a_bad_folder_asked_for_leaves_the_remembered_one(qtbot, window, folder, tmp_path):
    window.state.set_model_dir(folder)
    open_model_folder(window, str(tmp_path / "missing"))
    view = window.side_tabs.view("gpt2")
    qtbot.waitUntil(view.error.isVisible, timeout=20_000)
    assert "is not a folder" in view.error.text() and window.state.model_dir == folder
    save_settings(window)
    assert Settings().get("model/folder") == folder
