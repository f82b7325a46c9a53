"""The one-folder bundle: built, archived, unpacked, and run as a user would run it.

Building takes one to two minutes on two cores (PyInstaller's analysis, the archive),
too long for every run of the suite: the tests run when asked, with
``ATTENTION_HEADS_BUNDLE_TEST=1`` (a build with PyInstaller, ``pip install -e
'.[test,bundle]'``), or with ``ATTENTION_HEADS_BUNDLE`` naming an archive that
``scripts/build_bundle.py`` made, which is then tested instead of a new build (the
workflow builds once and tests what it uploads).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
PREBUILT = os.environ.get("ATTENTION_HEADS_BUNDLE")
if not PREBUILT:
    if os.environ.get("ATTENTION_HEADS_BUNDLE_TEST") != "1":
        pytest.skip(
            "set ATTENTION_HEADS_BUNDLE_TEST=1 to build and test the bundle (a minute or two)",
            allow_module_level=True,
        )
    pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (the [bundle] extra)")

ROOT = Path(__file__).resolve().parents[1]
MIB = 1024 * 1024
#: The largest Linux download allowed.
LINUX_ARCHIVE_LIMIT = 100 * MIB


def program_in(folder: Path) -> Path:
    """The command-line program of an unpacked bundle."""
    if sys.platform == "win32":
        return folder / "attention-heads" / "attention-heads-cli.exe"
    if sys.platform == "darwin":
        return folder / "Attention Heads.app" / "Contents" / "MacOS" / "attention-heads"
    return folder / "attention-heads" / "attention-heads"


def unpack(archive: Path, into: Path) -> None:
    into.mkdir()
    if sys.platform == "darwin":  # ditto keeps the .app's links, as Finder does
        subprocess.run(["ditto", "-x", "-k", str(archive), str(into)], check=True)
    elif archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zipped:
            zipped.extractall(into)
    else:
        with tarfile.open(archive) as tarred:
            tarred.extractall(into, filter="tar")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Build with the README's command into a fresh folder; return (archive, program)."""
    work = tmp_path_factory.mktemp("bundle")
    if PREBUILT:
        archive = Path(PREBUILT).resolve()
        unpack(archive, work / "unpacked")
        return archive, program_in(work / "unpacked")
    result = subprocess.run(
        [sys.executable, "scripts/build_bundle.py", "--out", work / "dist", "--work", work / "pyi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    print(result.stdout)
    (archive,) = [p for p in (work / "dist").iterdir() if p.name.endswith((".tar.gz", ".zip"))]
    # What a user gets: the archive alone, unpacked somewhere else.
    shutil.rmtree(work / "pyi")
    unpack(archive, work / "unpacked")
    return archive, program_in(work / "unpacked")


def run(command: list, tmp_path: Path, **extra):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, **extra
    )


def venv_command() -> list:
    return [sys.executable, "-m", "app"]


def test_the_linux_archive_is_under_100_mib(built):
    archive, _program = built
    size = archive.stat().st_size
    print(f"{archive.name}: {size / MIB:.1f} MiB")
    if sys.platform.startswith("linux"):
        assert size < LINUX_ARCHIVE_LIMIT


def test_the_bundle_says_its_version(built, tmp_path):
    _archive, program = built
    bundled = run([program, "--version"], tmp_path)
    assert bundled.returncode == 0, bundled.stderr
    assert bundled.stdout.split()[0] == "attention-heads"
    assert bundled.stdout == run([*venv_command(), "--version"], ROOT).stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["--size", "1280x800"],
        ["--language", "de", "--head", "same_word", "--query", "0", "--no-mask"],
        ["--presenter", "--size", "1024x768"],
    ],
    ids=["lesson", "german", "presenter"],
)
def test_the_bundle_draws_the_same_screenshot_as_the_venv(built, tmp_path, argv):
    from PySide6.QtGui import QImage

    _archive, program = built
    frozen = run([program, "--screenshot", str(tmp_path / "bundle.png"), *argv], tmp_path)
    assert frozen.returncode == 0, frozen.stderr
    venv = run([*venv_command(), "--screenshot", str(tmp_path / "venv.png"), *argv], ROOT)
    assert venv.returncode == 0, venv.stderr
    drawn, expected = QImage(str(tmp_path / "bundle.png")), QImage(str(tmp_path / "venv.png"))
    assert not expected.isNull() and drawn.size() == expected.size()
    assert drawn == expected  # pixel for pixel


def test_the_bundles_english_model_reads_forms_of_known_words(built, tmp_path):
    """The word lists the English page reads beside its code are in the bundle."""
    _archive, program = built
    argv = [program, "heads", "--model", "english", "--sentence", "the fox stole the"]
    done = run([*argv, "--format", "json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["read_as"] == [{"typed": "stole", "read": "steal"}]


def test_training_runs_in_the_bundles_own_child_process(built, qtbot, monkeypatch):
    """The Learned page's Train starts ``<program> -m <training module>``: frozen, the
    bundle's program is that child, and it must report progress as the venv's does."""
    from app.model import training

    _archive, program = built
    monkeypatch.setattr(sys, "executable", str(program))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    runner = training.TrainingRunner()
    progress = []
    runner.progress.connect(progress.append)
    failures = []
    runner.failed.connect(failures.append)
    try:
        runner.start()
        qtbot.waitUntil(lambda: bool(progress or failures), timeout=120_000)
    finally:
        runner.shutdown()
    assert not failures
    assert progress[0].step > 0


def bundle_folder(program: Path) -> Path:
    """The unpacked bundle: the folder, or the macOS app."""
    return program.parents[2] if sys.platform == "darwin" else program.parent


def test_the_bundle_carries_its_third_party_notice(built):
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_bundle

    _archive, program = built
    text = build_bundle.notice_place(bundle_folder(program)).read_text(encoding="utf-8")
    contents = text.split("\n\n=")[0]
    for name in ("attention-heads", "numpy", "pyqtgraph", "regex", "PySide6", "shiboken6"):
        assert f"\n  {name}" in contents, name
    assert "pyinstaller" in contents.lower() and "\n  Python " in contents
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "bootloader" in text


@pytest.mark.skipif(sys.platform != "darwin", reason="the macOS app's Info.plist")
def test_the_macos_app_is_an_ordinary_app_with_its_icon(built):
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_bundle

    _archive, program = built
    app = bundle_folder(program)
    assert build_bundle.app_problems(app) == []
    # Its seal covers the notice added after PyInstaller signed it (else "damaged").
    verify = ["codesign", "--verify", "--all-architectures", "--deep", "--strict", str(app)]
    checked = subprocess.run(verify, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stderr


def window_program(program: Path) -> Path:
    """What a double-click starts: on Windows the program without a console."""
    return program.with_name("attention-heads.exe") if sys.platform == "win32" else program


def test_a_failed_start_is_in_the_log_file_of_a_fresh_home(built, tmp_path):
    """As a technician meets it: a new user, the window program, a start that fails."""
    _archive, program = built
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "XDG_STATE_HOME")}
    env.update(HOME=str(home), USERPROFILE=str(home), LOCALAPPDATA=str(home / "Local"))
    failed = subprocess.run(
        [window_program(program), "--head", "nope"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert failed.returncode == 2
    log = {
        "win32": home / "Local" / "Attention Heads" / "Logs",
        "darwin": home / "Library" / "Logs" / "Attention Heads",
    }.get(sys.platform, home / ".local" / "state" / "attention-heads")
    logged = (log / "attention-heads.log").read_text(encoding="utf-8")
    assert "ERROR attention-heads: error: argument --head: invalid choice: 'nope'" in logged
