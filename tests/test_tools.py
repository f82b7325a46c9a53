"""A test that needs a Debian tool skips on a developer's machine without it and fails
under CI, where a missing tool means .ci/run's install went wrong."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

NEEDS_A_MISSING_TOOL = textwrap.dedent(
    """
    from tests.tools import require, require_tool

    @require_tool("no-such-tool-attention-heads")
    def test_program():
        pass

    @require(False, "a package that is not there")
    def test_condition():
        pass

    @require_tool("sh")
    def test_present():
        pass
    """
)


def run_pytest(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    (tmp_path / "conftest.py").write_text("from tests.tools import pytest_runtest_setup\n")
    (tmp_path / "test_needs.py").write_text(NEEDS_A_MISSING_TOOL)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PYTHONPATH"] = str(ROOT)
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-rsf"]
        + ["--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )


@pytest.mark.slow  # a pytest of its own, in a real process
def test_a_missing_tool_skips_on_a_developers_machine(tmp_path):
    run = run_pytest(tmp_path, ci=None)
    assert run.returncode == 0, run.stdout
    assert "1 passed, 2 skipped" in run.stdout
    assert "needs the programs no-such-tool-attention-heads" in run.stdout


@pytest.mark.slow  # a pytest of its own, in a real process
@pytest.mark.parametrize("value", ["true", "1"])
def test_a_missing_tool_fails_under_ci(tmp_path, value):
    run = run_pytest(tmp_path, ci=value)
    assert run.returncode == 1, run.stdout
    assert "1 passed" in run.stdout and "2 errors" in run.stdout  # failed in set-up
    assert "CI must have the programs no-such-tool-attention-heads" in run.stdout
    assert "CI must have a package that is not there" in run.stdout


def install_with_a_broken_apt_get(tmp_path: Path, ci: str | None):
    """Runs .ci/debian_tools with an apt-get on PATH that fails as a broken mirror would."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "apt-get"
    fake.write_text("#!/bin/sh\necho 'E: Unable to locate package librsvg2-bin' >&2\nexit 100\n")
    fake.chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin"}
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        ["bash", str(ROOT / ".ci" / "debian_tools")],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_ci_stops_when_the_debian_install_fails(tmp_path):
    run = install_with_a_broken_apt_get(tmp_path, ci="true")
    assert run.returncode != 0
    assert "could not be installed" in run.stderr
    assert "Unable to locate package" in run.stderr


def test_a_developer_is_told_and_goes_on_when_the_install_fails(tmp_path):
    run = install_with_a_broken_apt_get(tmp_path, ci=None)
    assert run.returncode == 0, run.stderr
    assert "their tests skip" in run.stdout


def test_ci_run_installs_through_that_script_before_the_tests():
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    install = lines.index("bash .ci/debian_tools")
    tests = next(i for i, line in enumerate(lines) if "pytest" in line and "#" not in line)
    assert install < tests and lines[2] == "set -euo pipefail"
