"""The source distribution carries the tests and the docs, so a packager can check a build."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Folders whose every file belongs in the sdist, besides the packages.
CARRIED = ("tests", "docs", "scripts", "packaging")


def on_disk(folder: str) -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def sdist_files(tmp_path_factory):
    """The files of the sdist, built by the build backend itself (offline, no isolation).

    Built from a clean copy of the tree: setuptools also takes every file listed in an
    old ``*.egg-info/SOURCES.txt``, which would hide a file the manifest misses.
    """
    out = tmp_path_factory.mktemp("sdist")
    tree = out / "tree"
    junk = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".*_cache")
    junk += (".hypothesis", "screenshots")
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*junk))
    build = (
        "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", build, str(out)],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    name = result.stdout.strip().splitlines()[-1]
    with tarfile.open(out / name) as sdist:
        members = [m.name for m in sdist.getmembers() if m.isfile()]
    return {m.split("/", 1)[1] for m in members}


@pytest.mark.parametrize("folder", CARRIED)
def test_the_sdist_carries_every_file_of(sdist_files, folder):
    expected = on_disk(folder)
    assert expected, folder
    assert expected - sdist_files == set()


def test_the_sdist_has_the_readme_licence_and_packages_but_no_caches(sdist_files):
    assert {"README.md", "LICENSE", "pyproject.toml", "MANIFEST.in"} <= sdist_files
    assert "THIRD-PARTY-NOTICES.md" in sdist_files  # what the program runs on, by licence
    assert {"resources/licences/LGPL-3.0-only.txt", "app/notices.py"} <= sdist_files
    assert {"app/__init__.py", "core/__init__.py", "resources/__init__.py"} <= sdist_files
    assert "resources/desktop/attention-heads.svg" in sdist_files
    assert not [f for f in sdist_files if "__pycache__" in f or f.endswith(".pyc")]
    assert not [f for f in sdist_files if f.startswith((".cache/", ".venv/", "dist/"))]
