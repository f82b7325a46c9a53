"""Shared test set-up: every Qt test runs offscreen, on a virtual 1920 x 1080 screen."""

import atexit
import json
import os
import shutil
import tempfile
from pathlib import Path

from tests.tools import pytest_runtest_setup  # noqa: F401  (skip locally, fail under CI)

# One BLAS thread per test process, as the program itself runs (app.main): every matrix
# here is small, and with one worker per core, several BLAS threads each would fight over
# the cores (training from scratch took fifteen times longer). Must precede numpy's import.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

# Must happen before anything creates a QApplication. The default offscreen screen is
# 800 x 600, smaller than the windows under test; Qt would clamp restored geometry.
_screen_dir = Path(tempfile.mkdtemp(prefix="ah-screen-"))
atexit.register(shutil.rmtree, _screen_dir, ignore_errors=True)  # leave /tmp as it was
_screen = _screen_dir / "screen.json"
_screen.write_text(
    json.dumps(
        {
            "screens": [
                {
                    "name": "virtual",
                    "x": 0,
                    "y": 0,
                    "width": 1920,
                    "height": 1080,
                    "logicalDpi": 96,
                    "logicalBaseDpi": 96,
                    "dpr": 1,
                }
            ]
        }
    )
)
os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen}"

# The log file (app/log_file.py) of every test, and of every program a test starts, goes
# to a folder of this run's own, never to the user's ~/.local/state.
_state_dir = Path(tempfile.mkdtemp(prefix="ah-state-"))
atexit.register(shutil.rmtree, _state_dir, ignore_errors=True)
os.environ["XDG_STATE_HOME"] = str(_state_dir)
