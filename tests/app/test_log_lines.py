"""Log lines say when, which program, how grave and what; --verbose says more."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.main import main

REPO = Path(__file__).resolve().parents[2]
LINE = re.compile(
    r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d attention-heads\[(\d+)\] "
    r"(DEBUG|INFO|WARNING|ERROR|CRITICAL) ([\w.]+): (.+)$"
)


def program(tmp_path, *argv):
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        cwd=REPO,
        env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")},
        capture_output=True,
        text=True,
        timeout=120,
    )


def damaged_settings(tmp_path):
    conf = tmp_path / "config" / "attention-heads" / "attention-heads.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text("[view]\nzoom=banana\n")


@pytest.mark.slow  # real processes of the program
def test_a_warning_is_one_line_with_time_program_and_level(tmp_path):
    damaged_settings(tmp_path)
    result = program(tmp_path, "--screenshot", str(tmp_path / "shot.png"))
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    found = LINE.match(lines[0])
    assert found, lines[0]
    assert found.group(2, 3) == ("WARNING", "app.adapters.settings")
    assert "view/zoom is unusable" in found.group(4)


@pytest.mark.slow
def test_verbose_also_says_what_it_found_at_start(tmp_path):
    result = program(tmp_path, "--verbose", "--screenshot", str(tmp_path / "shot.png"))
    assert result.returncode == 0, result.stderr
    parsed = [LINE.match(line) for line in result.stderr.splitlines()]
    assert all(parsed), result.stderr
    said = {m.group(4) for m in parsed if m.group(2) == "INFO"}
    assert any(s.startswith("Attention Heads ") and "Qt 6." in s for s in said), said
    settings = tmp_path / "config" / "attention-heads" / "attention-heads.conf"
    assert f"settings: {settings}" in said
    assert "language: en" in said
    assert "theme: light (the desktop's)" in said


def test_main_leaves_no_log_handler_behind(capsys):
    before = list(logging.getLogger().handlers), logging.getLogger().level
    assert main(["--verbose", "presets"]) == 0
    assert (list(logging.getLogger().handlers), logging.getLogger().level) == before
    assert "GPT-2" in capsys.readouterr().out


QT_MESSAGE = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QCoreApplication, qDebug, qWarning
    from app.main import logging_to_stderr
    from app.ui.qt_messages import quiet_qt_noise
    app = QCoreApplication([])
    with logging_to_stderr(verbose=len(sys.argv) > 1), quiet_qt_noise():
        qWarning("a warning from Qt")
        qDebug("a debug message from Qt")
        qWarning("This plugin does not support propagateSizeHints()")
    """
)


@pytest.mark.parametrize("verbose", [False, True])
def test_qts_own_messages_are_log_lines_too(verbose):
    result = subprocess.run(
        [sys.executable, "-c", QT_MESSAGE, *(["-v"] if verbose else [])],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    parsed = [LINE.match(line) for line in result.stderr.splitlines()]
    assert all(parsed), result.stderr
    said = [(m.group(2), m.group(3), m.group(4)) for m in parsed]
    expected = [("WARNING", "qt", "a warning from Qt")]
    if verbose:
        expected.append(("DEBUG", "qt", "a debug message from Qt"))
    assert said == expected  # and the offscreen platform's noise never
