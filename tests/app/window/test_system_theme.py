"""The first theme is the desktop's, and nothing the learner never chose is saved."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication

from app.window import system_theme
from app.window.main_window import MainWindow


@pytest.fixture
def desktop(monkeypatch):
    """The desktop's colour scheme, as a test sets it; ``switch`` also announces it."""

    class Desktop:
        scheme = Qt.ColorScheme.Unknown  # what the offscreen platform says

        def switch(self, scheme):
            self.scheme = scheme
            QGuiApplication.styleHints().colorSchemeChanged.emit(scheme)

    fake = Desktop()
    monkeypatch.setattr(system_theme, "desktop_scheme", lambda: fake.scheme)
    return fake


def new_window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    return window


def saved() -> dict[str, str]:
    """Every key in the settings file, as written (empty when there is no file)."""
    path = Path(QSettings().fileName())
    parser = configparser.ConfigParser(interpolation=None)
    if path.exists():
        parser.read(path, encoding="utf-8")
    return {f"{s}/{k}": v for s in parser.sections() for k, v in parser[s].items()}


def pick(window: MainWindow, theme_id: str) -> None:
    """View > Theme > ``theme_id``, as the learner would."""
    (action,) = [a for a in window.menus.theme_actions.actions() if a.data() == theme_id]
    action.trigger()


@pytest.mark.parametrize(
    ("scheme", "expected"),
    [
        (Qt.ColorScheme.Dark, "dark"),
        (Qt.ColorScheme.Light, "light"),
        (Qt.ColorScheme.Unknown, "light"),
    ],
)
def test_the_first_theme_is_the_desktops(qtbot, desktop, scheme, expected):
    desktop.scheme = scheme
    window = new_window(qtbot)
    assert window.state.theme_id == expected
    assert window.theme.id == expected  # painted in it too
    assert next(a for a in window.menus.theme_actions.actions() if a.isChecked()).data() == expected


def test_a_first_close_saves_nothing_that_was_not_chosen(qtbot, desktop):
    desktop.scheme = Qt.ColorScheme.Dark
    new_window(qtbot).close()
    written = saved()
    assert "window/geometry" in written  # where the window was: the learner put it there
    for name in ("view/theme", "view/zoom", "session/sentence", "session/completed"):
        assert name not in written, name
    # ... so a desktop that has turned light since gives a light window.
    desktop.scheme = Qt.ColorScheme.Light
    assert new_window(qtbot).state.theme_id == "light"


def test_a_picked_theme_is_saved_and_outlasts_the_desktops(qtbot, desktop):
    desktop.scheme = Qt.ColorScheme.Dark
    window = new_window(qtbot)
    pick(window, "light")  # the same as a light desktop would give, but chosen
    window.close()
    assert saved()["view/theme"] == "light"
    again = new_window(qtbot)
    assert again.state.theme_id == "light"
    desktop.switch(Qt.ColorScheme.Dark)
    assert again.state.theme_id == "light"


def test_the_window_follows_the_desktop_until_a_theme_is_picked(qtbot, desktop):
    window = new_window(qtbot)
    assert window.state.theme_id == "light"
    desktop.switch(Qt.ColorScheme.Dark)
    assert window.state.theme_id == "dark" and window.theme.id == "dark"
    desktop.switch(Qt.ColorScheme.Light)
    assert window.state.theme_id == "light"
    pick(window, "projector")
    desktop.switch(Qt.ColorScheme.Dark)
    assert window.state.theme_id == "projector"


def test_a_presentation_keeps_its_theme_when_the_desktop_switches(qtbot, desktop):
    window = new_window(qtbot)
    window.state.set_presenting(True)
    desktop.switch(Qt.ColorScheme.Dark)
    assert window.state.theme_id == "projector"
    window.state.set_presenting(False)
    window.close()
    assert "view/theme" not in saved()


def test_changed_text_size_and_sentence_are_saved(qtbot, desktop):
    window = new_window(qtbot)
    window.state.set_zoom(4)
    window.state.set_sentence("a b a b")
    window.close()
    written = saved()
    assert written["view/zoom"] == "4"
    assert written["session/sentence"] == "a b a b"
    assert "view/theme" not in written
