"""A short soak in a subprocess: memory, live Qt objects and references to None stay sane.

The full run (100,000 actions) is `python tests/benchmarks/soak.py`; this one is long
enough to catch a leak of a widget per click.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_short_soak_passes(tmp_path):
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tests" / "benchmarks" / "soak.py"),
            "--actions",
            "2000",
            "--every",
            "400",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-2000:]
    assert "PASS" in result.stdout
    assert result.stdout.count(" actions  rss ") == 5
    assert "warm-up    rss" in result.stdout
