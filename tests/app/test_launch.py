"""The real program, started as a user would, must exit cleanly."""

import os
import subprocess
import sys


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
