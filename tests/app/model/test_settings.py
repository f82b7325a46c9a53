"""Settings: defaults on damage, survival when nothing can be written."""

import logging
import os

import pytest
from PySide6.QtCore import QSettings

import core
from app.model.settings import KEYS, Settings
from app.window.main_window import MainWindow


def settings_file():
    return QSettings().fileName()


def test_every_key_has_a_usable_default(qapp):
    s = Settings()
    for name, key in KEYS.items():
        assert s.get(name) == key.default


@pytest.mark.parametrize(
    "content",
    [
        os.urandom(4096),
        b"[view]\ntheme=neon\nzoom=banana\n[session]\nsentence=\ncompleted=nope, 42\n",
        b"[view]\nzoom=999\n[General]\nschema_version=77\n",
        b"\x00\xff" * 100,
    ],
)
def test_a_damaged_settings_file_starts_with_defaults(qtbot, caplog, content):
    path = settings_file()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(content)
    with caplog.at_level(logging.WARNING):
        window = MainWindow()
        qtbot.addWidget(window)
    assert window.state.theme_id in ("light",)
    assert window.state.zoom == 2
    assert window.state.tokens == core.LESSON_TOKENS
    assert window.state.completed == frozenset()


def test_a_hostile_value_is_refused(qtbot, caplog):
    q = QSettings()
    q.setValue("session/sentence", "a " * 500)  # more tokens than allowed
    q.setValue("session/completed", ["induction_next", "rm -rf /"])
    q.sync()
    with caplog.at_level(logging.WARNING):
        window = MainWindow()
        qtbot.addWidget(window)
    assert window.state.tokens == core.LESSON_TOKENS
    assert window.state.completed == frozenset()
    assert "unusable" in caplog.text


def test_settings_round_trip(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.state.set_theme("dark")
    window.state.set_zoom(4)
    window.state.set_sentence("a b a b")
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert (again.state.theme_id, again.state.zoom, again.state.sentence) == ("dark", 4, "a b a b")


def test_an_unwritable_settings_folder_is_survived(qtbot, caplog, isolated_settings):
    # A plain file where the settings folder should be: not even root can write there.
    isolated_settings.parent.mkdir(parents=True, exist_ok=True)
    isolated_settings.write_text("not a folder")
    window = MainWindow()
    qtbot.addWidget(window)
    window.state.set_theme("dark")
    with caplog.at_level(logging.WARNING):
        window.close()  # saving fails with a warning, not an exception
    assert "could not be saved" in caplog.text
    assert isolated_settings.read_text() == "not a folder"
