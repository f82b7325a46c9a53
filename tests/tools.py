"""Tests that need a tool from Debian's packages: skipped on a developer's machine without
it, failed under CI (the environment variable CI set), where .ci/run installs every one.

    pytestmark = require_tool("Xvfb", "xdotool")
    @require(corpus.MODULE_DIR.is_dir(), "the Debian package sword-text-web")

The marks are read by ``pytest_runtest_setup`` below, which tests/conftest.py imports.
"""

import os
import shutil

import pytest


def under_ci() -> bool:
    """True in a CI run: there a missing tool is a failed install, not a reason to skip."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require(available: bool, what: str) -> pytest.MarkDecorator:
    """A mark: the test needs ``what``; ``available`` says whether this machine has it."""
    return pytest.mark.needs(available=bool(available), what=what)


def require_tool(*names: str) -> pytest.MarkDecorator:
    """A mark: the test needs these programs on PATH."""
    missing = [name for name in names if shutil.which(name) is None]
    return require(not missing, "the programs " + ", ".join(missing or names))


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("needs"):
        if mark.kwargs["available"]:
            continue
        what = mark.kwargs["what"]
        if under_ci():
            pytest.fail(f"CI must have {what}: .ci/run installs it", pytrace=False)
        pytest.skip(f"needs {what}")
