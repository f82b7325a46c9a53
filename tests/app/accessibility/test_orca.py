"""What a learner hears through a real screen reader: ``scripts/check_orca.py``.

It runs Orca from Debian's packages, with speech-dispatcher writing what Orca says to
a file, presses keys (Tab round the window, 1-5, M, Left / Right, the heatmap's
arrows, Enter, Page Down, a page key, a new sentence) and checks the words, in English
and in German. Skipped where the tools are missing, and failed under CI (see
``tests/tools.py``), so that a failed install cannot pass as a green run.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools import require

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "check_orca.py"
SYSTEM_PYTHON = Path("/usr/bin/python3")


def missing() -> str:
    """What the check lacks, in its own words ('' when nothing)."""
    if not SYSTEM_PYTHON.exists():
        return "the system python3"
    code = (
        "import sys; sys.path.insert(0, 'scripts'); import check_orca; "
        "print(', '.join(check_orca.missing_tools()))"
    )
    found = subprocess.run(
        [SYSTEM_PYTHON, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    return found.stdout.strip() if found.returncode == 0 else found.stderr.strip()


LACKING = missing()


@pytest.mark.slow  # Orca and the program, twice: about 90 seconds
@require(not LACKING, f"Debian's orca, speech-dispatcher, xvfb, xdotool, ... ({LACKING})")
def test_orca_says_what_each_key_changed_in_english_and_german():
    run = subprocess.run(
        [SYSTEM_PYTHON, SCRIPT, "--app", f"'{sys.executable}' -m app"],
        capture_output=True,
        text=True,
        timeout=420,
        cwd=ROOT,
    )
    transcript = "\n".join(
        line for line in run.stdout.splitlines() if line.startswith(("ok", "FAIL", " "))
    )
    assert run.returncode == 0, transcript + run.stderr[-2000:]
    assert "all checks passed" in run.stdout
    assert "[en] head 5" in transcript and "[de] head 5" in transcript
