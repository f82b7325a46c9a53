"""The kiosk on a real X11 display, with and without a window manager.

Runs ``scripts/check_kiosk_x11.sh`` (Xvfb, openbox and xdotool from Debian); skips
when those are not installed, and fails under CI. About a minute, so it is a slow test.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools import require_tool

REPO = Path(__file__).resolve().parents[3]
TOOLS = ("Xvfb", "xdotool", "xwininfo", "xdpyinfo", "xprop", "openbox")

pytestmark = [pytest.mark.slow, require_tool(*TOOLS)]


def test_the_kiosk_cannot_be_lost_on_x11(tmp_path):
    # A home of its own: the session bus and openbox write there (it was the
    # repository, which kept a .dbus/ folder from every run).
    result = subprocess.run(
        ["sh", "scripts/check_kiosk_x11.sh"],
        cwd=REPO,
        env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable, "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # per case: 10 states (Alt+Space and other window manager keys among them), 2 signals
    assert result.stdout.count("PASS") == 24
    assert "PASS Alt+Space" in result.stdout
    assert "FAIL" not in result.stdout
