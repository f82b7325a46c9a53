"""The end-to-end screen-reader check on a real accessibility bus.

It runs ``scripts/check_screen_reader.py`` with the system Python (which has pyatspi),
and is skipped where Debian's ``xvfb``, ``dbus``, ``at-spi2-core`` or
``python3-pyatspi`` are missing (under CI, it fails there).
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools import require

ROOT = Path(__file__).resolve().parents[3]
SYSTEM_PYTHON = Path("/usr/bin/python3")


def has_pyatspi() -> bool:
    if not SYSTEM_PYTHON.exists():
        return False
    found = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True)
    return found.returncode == 0


NEEDS = [
    shutil.which("Xvfb"),
    shutil.which("dbus-run-session"),
    Path("/usr/libexec/at-spi-bus-launcher").exists(),
]


@pytest.mark.slow  # a real process on a real bus: about 20 seconds
@require(all(NEEDS) and has_pyatspi(), "xvfb, dbus, at-spi2-core and python3-pyatspi from Debian")
def test_a_screen_reader_can_follow_the_lesson_on_the_bus():
    run = subprocess.run(
        [
            SYSTEM_PYTHON,
            ROOT / "scripts" / "check_screen_reader.py",
            "--app",
            f"'{sys.executable}' -m app",
        ],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "all checks passed" in run.stdout
