"""The project's own promises: CI runs the README's test command unchanged."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands():
    quick = ROOT.joinpath("README.md").read_text().split("## Quick start")[1].split("\n## ")[0]
    return re.findall(r"```sh\n(.+?)\n```", quick)


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_test_one():
    install, test = readme_commands()[:2]
    assert "attention-heads" in install
    assert "pytest" in test
    assert test in ROOT.joinpath(".ci", "run").read_text().splitlines()


def test_the_type_checker_finds_no_errors():
    """mypy, as configured in pyproject.toml: strict for core/, the default for app/.

    Runs in a child process, so the README's test command and CI check the types too.
    """
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
