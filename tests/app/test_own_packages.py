"""Packages of other distributions named app, core or resources stop the start with one line.

Simulated as pip leaves things: this program installed into a folder of its own (its
files and their hashes in ``RECORD``), then another distribution's package written over
one of ours, or found earlier on the import path.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.own_packages import FOREIGN_PACKAGE_EXIT, OWN_PACKAGES, foreign_package
from app.version import app_version

REPO = Path(__file__).resolve().parents[2]
#: What the package index's ``resources`` 0.0.1 puts in its ``__init__.py``: an import
#: of a module that is not installed here fails, as ``requests`` did.
FOREIGN_INIT = "from .resource import Resource  # noqa\n"
FOREIGN_MODULE = "import requests_that_is_not_installed\n\n\nclass Resource:\n    pass\n"


def record_line(root: Path, path: Path) -> str:
    data = path.read_bytes()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path.relative_to(root).as_posix()},sha256={digest},{len(data)}"


def write_distribution(site: Path, name: str, version: str, files: list[Path]) -> None:
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = [record_line(site, f) for f in files] + [f"{info.name}/RECORD,,"]
    (info / "RECORD").write_text("\n".join(lines) + "\n")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """This program as a plain (not editable) install in a folder: its own site."""
    site = tmp_path_factory.mktemp("site")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in OWN_PACKAGES:
        shutil.copytree(REPO / name, site / name, ignore=ignore)
    files = sorted(p for name in OWN_PACKAGES for p in (site / name).rglob("*") if p.is_file())
    write_distribution(site, "attention-heads", app_version(), files)
    return site


@pytest.fixture
def site(installed, tmp_path):
    """A fresh copy of that install for one test to spoil."""
    copy = tmp_path / "site"
    shutil.copytree(installed, copy, symlinks=True)
    return copy


def run(site: Path, *argv: str, path: list[Path] | None = None, cwd: Path | None = None, **env):
    """The program from ``site`` (the dependencies come from this interpreter's own)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(str(p) for p in [*(path or []), site]),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        cwd=cwd or site.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def install_foreign_resources(site: Path) -> None:
    """``pip install resources`` beside the program: our ``__init__.py`` is replaced."""
    package = site / "resources"
    (package / "__init__.py").write_text(FOREIGN_INIT)
    (package / "resource.py").write_text(FOREIGN_MODULE)
    write_distribution(
        site, "resources", "0.0.1", [package / "__init__.py", package / "resource.py"]
    )


def one_line(result) -> str:
    assert result.returncode == FOREIGN_PACKAGE_EXIT, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_an_intact_plain_install_starts(site):
    result = run(site, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"attention-heads {app_version()}"
    table = run(site, "table", "--head", "first_token")
    assert table.returncode == 0 and "1.00" in table.stdout, table.stderr


@pytest.mark.parametrize("argv", [["--version"], ["--screenshot", "shot.png"], ["presets"]])
def test_a_foreign_resources_package_over_ours_is_named_in_one_line(site, argv):
    install_foreign_resources(site)
    line = one_line(run(site, *argv))
    assert "'resources'" in line and "resources 0.0.1" in line
    assert str(site / "resources") in line
    assert "environment of its own" in line
    assert not (site.parent / "shot.png").exists()


def uninstall(site: Path, name: str) -> None:
    """``pip uninstall NAME``: every file its RECORD lists goes, then its metadata."""
    (info,) = site.glob(f"{name}-*.dist-info")
    for line in (info / "RECORD").read_text().splitlines():
        path = site / line.split(",")[0]
        if path.is_file():
            path.unlink()
    shutil.rmtree(info)


REINSTALL = "-m pip install --force-reinstall --no-deps attention-heads"


def test_the_line_says_how_to_mend_a_package_written_over_ours(site):
    install_foreign_resources(site)
    line = one_line(run(site, "--version"))
    assert f"{sys.executable} -m pip uninstall resources" in line
    assert f"then reinstall Attention Heads ({sys.executable} {REINSTALL})" in line


def test_once_that_package_is_uninstalled_the_line_says_to_reinstall_and_that_mends_it(site):
    install_foreign_resources(site)
    uninstall(site, "resources")  # it takes the __init__.py it had written over ours
    assert not (site / "resources" / "__init__.py").exists()
    line = one_line(run(site, "--version"))
    assert "part of Attention Heads is missing" in line
    assert "resources/__init__.py" in line
    assert line.endswith(f"reinstall Attention Heads: {sys.executable} {REINSTALL}")
    assert "another program" not in line and "resources 0.0.1" not in line
    # What the reinstall puts back: our own file, as the RECORD has it.
    shutil.copy(REPO / "resources" / "__init__.py", site / "resources" / "__init__.py")
    result = run(site, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"attention-heads {app_version()}"


def test_a_changed_file_of_ours_with_no_other_owner_is_reinstalled(site):
    (site / "core" / "__init__.py").write_text("# edited by hand\n")
    line = one_line(run(site, "--version"))
    assert "this program's core/__init__.py" in line and "has been changed" in line
    assert line.endswith(f"reinstall Attention Heads: {sys.executable} {REINSTALL}")


def test_the_line_is_also_in_the_log_file(site, tmp_path):
    install_foreign_resources(site)
    state = tmp_path / "state"
    result = run(site, "--version", XDG_STATE_HOME=str(state))
    line = one_line(result)
    logged = (state / "attention-heads" / "attention-heads.log").read_text(encoding="utf-8")
    assert line.removeprefix("attention-heads: ") in logged


@pytest.mark.parametrize("name", ["app", "core"])
def test_a_foreign_app_or_core_written_over_ours_is_named(site, name):
    # The index's app 0.0.1 has two harmless functions in its __init__.py.
    init = site / name / "__init__.py"
    init.write_text("def hello():\n    return 'Hello world!'\n")
    write_distribution(site, name, "0.0.1", [init])
    line = one_line(run(site, "--version"))
    assert f"'{name}'" in line and f"{name} 0.0.1" in line


def test_a_package_earlier_on_the_import_path_is_named_by_its_folder(site, tmp_path):
    early = tmp_path / "early"
    (early / "core").mkdir(parents=True)
    (early / "core" / "__init__.py").write_text("raise ImportError('not the core you want')\n")
    line = one_line(run(site, "table", path=[early]))
    assert f"'core' that Python finds ({early / 'core'})" in line
    assert "another program's" in line and "take its folder off Python's import path" in line
    shutil.rmtree(early / "core")  # once it is gone, ours is found again
    table = run(site, "table", path=[early])
    assert table.returncode == 0, table.stderr


def test_the_editable_install_these_tests_run_from_is_its_own():
    assert foreign_package() is None


def test_the_check_of_our_own_install_reads_no_package_metadata_library():
    # importlib.metadata costs some 30 ms of every start; it is for naming a foreign one.
    code = (
        "import sys, app.own_packages as o; assert o.foreign_package() is None; "
        "print('importlib.metadata' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
