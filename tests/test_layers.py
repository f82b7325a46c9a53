"""The layers of app/ are a checked contract (import-linter, configured in pyproject.toml).

Each layer imports only the layers below it; ``core`` imports nothing of ``app`` or Qt.
The second test proves the contract can fail: a copy of the tree with one upward import
is rejected.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}  # the copy's packages, not the installed ones
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=tree, env=env, capture_output=True, text=True
    )


def test_the_layers_contract_holds():
    run = _lint(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_an_upward_import_breaks_the_contract(tmp_path):
    for part in ("app", "core", "resources"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    lower = tmp_path / "app" / "panels" / "readout.py"
    lower.write_text(lower.read_text(encoding="utf-8") + "\nimport app.export.api  # upward\n")
    run = _lint(tmp_path)
    assert run.returncode != 0
    assert "BROKEN" in run.stdout
    assert "app.panels.readout -> app.export.api" in run.stdout
