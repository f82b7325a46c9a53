"""The real program, started as a user would, must exit cleanly."""

import os
import subprocess
import sys

import pytest


@pytest.mark.slow  # a real process of the program
def test_program_opens_a_window_and_exits_cleanly():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "app", "--close-after", "300"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_the_window_gets_its_icon_once_its_plots_stand(qapp):
    """The icon is set after the first paint (it would delay it), but it is set."""
    import signal

    from PySide6.QtGui import QIcon

    from app.cli import build_parser
    from app.launch import run_window

    handlers = {n: signal.getsignal(n) for n in (signal.SIGTERM, signal.SIGINT)}
    qapp.setWindowIcon(QIcon())
    try:
        assert run_window(build_parser().parse_args(["--close-after", "800"])) == 0
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
    assert not qapp.windowIcon().isNull()
