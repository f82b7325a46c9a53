"""Settings: defaults on damage, survival when nothing can be written."""

import logging
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

import core
from app.adapters.settings import KEYS, Settings
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


# -- the settings' place: a folder without a space, and 0.1.0's settings brought over -------


def old_place() -> QSettings:
    from app.adapters.settings import OLD_NAMES

    return QSettings(*OLD_NAMES)


def test_settings_of_the_old_place_are_moved_once(qtbot, isolated_settings):
    from PySide6.QtCore import QByteArray

    from app.adapters.settings import move_old_settings

    old = old_place()
    old.setValue("view/theme", "dark")
    old.setValue("view/zoom", 4)
    old.setValue("window/geometry", QByteArray(b"\x01\xd9\xd0\xcb\x00\x03"))
    old.setValue("session/completed", ["induction_next", "look_ahead"])
    old.setValue("schema_version", 1)
    old.sync()
    old_file = Path(old.fileName())
    assert old_file.is_file() and " " in old_file.parent.name

    assert move_old_settings()
    assert not old_file.exists() and not old_file.parent.exists()
    new = QSettings()
    assert new.value("window/geometry") == QByteArray(b"\x01\xd9\xd0\xcb\x00\x03")
    window = MainWindow()
    qtbot.addWidget(window)
    assert (window.state.theme_id, window.state.zoom) == ("dark", 4)
    assert window.state.completed == {"induction_next", "look_ahead"}
    assert not move_old_settings()  # once


def test_settings_of_a_newer_run_are_never_overwritten_by_the_old_place(isolated_settings):
    from app.adapters.settings import move_old_settings

    old = old_place()
    old.setValue("view/theme", "dark")
    old.sync()
    new = QSettings()
    new.setValue("view/theme", "projector")
    new.sync()
    assert not move_old_settings()
    assert QSettings().value("view/theme") == "projector"
    assert old_place().value("view/theme") == "dark"  # left as it was


@pytest.mark.slow  # a real process of the program
def test_the_program_keeps_settings_without_spaces_and_brings_the_old_ones(tmp_path):
    """As a user upgrading from 0.1.0 meets it: the old folder's theme is used and moved."""
    import subprocess
    import sys

    from PySide6.QtGui import QColor, QImage

    from app.ui.theme import THEMES

    config = tmp_path / "config"
    old_file = config / "Attention Heads" / "Attention Heads.conf"
    old_file.parent.mkdir(parents=True)
    old_file.write_text("[General]\nschema_version=1\n\n[view]\ntheme=dark\nzoom=3\n")
    shot = tmp_path / "shot.png"
    result = subprocess.run(
        [sys.executable, "-m", "app", "--screenshot", str(shot)],
        cwd=Path(__file__).resolve().parents[3],
        env={**os.environ, "XDG_CONFIG_HOME": str(config)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert not old_file.parent.exists()
    new_file = config / "attention-heads" / "attention-heads.conf"
    text = new_file.read_text()
    assert "theme=dark" in text and "zoom=3" in text
    corner = QImage(str(shot)).pixelColor(2, 40)  # the window's own background
    assert corner == QColor(THEMES["dark"].window), corner.name()
