"""The log file a technician can send: in each system's place for logs, and with every
message that stopped a start, also where the program has no console to print on."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from app import log_file
from app.log_file import LOG_NAME, log_folder, log_path
from app.main import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def state(tmp_path, monkeypatch):
    """This test's log folder (the XDG variable, as on Linux), and the file in it."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state" / "attention-heads" / LOG_NAME


# -- where ---------------------------------------------------------------------------------------


def test_linux_keeps_it_in_the_xdg_state_folder():
    home = PurePosixPath("/home/ada")
    assert log_folder("linux", {}, home) == PurePosixPath("/home/ada/.local/state/attention-heads")
    assert log_folder("linux", {"XDG_STATE_HOME": "/var/ada"}, home) == PurePosixPath(
        "/var/ada/attention-heads"
    )
    # The specification: a relative path in the variable is invalid, and ignored.
    assert log_folder("linux", {"XDG_STATE_HOME": "state"}, home) == log_folder("linux", {}, home)
    assert log_folder("freebsd", {}, home) == log_folder("linux", {}, home)


def test_macos_keeps_it_in_the_users_logs_folder():
    home = PurePosixPath("/Users/ada")
    assert log_folder("darwin", {"XDG_STATE_HOME": "/x"}, home) == PurePosixPath(
        "/Users/ada/Library/Logs/Attention Heads"
    )


def test_windows_keeps_it_in_local_app_data():
    home = PureWindowsPath(r"C:\Users\ada")
    local = {"LOCALAPPDATA": r"D:\Profiles\ada\Local"}
    assert log_folder("win32", local, home) == PureWindowsPath(
        r"D:\Profiles\ada\Local\Attention Heads\Logs"
    )
    assert log_folder("win32", {}, home) == PureWindowsPath(
        r"C:\Users\ada\AppData\Local\Attention Heads\Logs"
    )


def test_the_help_names_every_systems_place_as_the_code_finds_it():
    from app.cli import FILES

    (places,) = [places for what, _about, places in FILES if what == "log file"]
    said = dict(places)
    env = {"XDG_STATE_HOME": "/S", "LOCALAPPDATA": r"C:\L"}
    home = PurePosixPath("/H")
    linux = str(log_folder("linux", env, home) / LOG_NAME).replace("/S", "$XDG_STATE_HOME")
    assert said["Linux"] == linux
    assert said["macOS"] == str(log_folder("darwin", env, home) / LOG_NAME).replace("/H", "~")
    windows = log_folder("win32", env, PureWindowsPath(r"C:\H")) / LOG_NAME
    assert said["Windows"] == str(windows).replace(r"C:\L", "%LOCALAPPDATA%")


def test_the_place_is_found_without_qt():
    code = "import sys, app.log_file as f; print(f.log_path()); print('PySide6' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    path, qt = out.stdout.splitlines()
    assert Path(path) == log_path() and qt == "False"


def test_help_says_where_this_machines_log_file_is(state, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert f"this machine's log file: {state}\n" in out
    assert "exit codes:" in out and "examples:" in out


# -- what ---------------------------------------------------------------------------------------


def test_a_start_with_nothing_to_say_writes_no_file(state, capsys):
    assert main(["table", "--head", "first_token"]) == 0
    assert not state.parent.exists()


def test_a_bad_argument_is_on_stderr_once_and_in_the_file(state, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--head", "nope"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("attention-heads: error: argument --head")
    lines = state.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    assert f"attention-heads[{os.getpid()}] ERROR attention-heads:" in lines[0]
    assert lines[0].endswith(err[0].removeprefix("attention-heads: "))


def test_a_warning_is_on_stderr_and_in_the_file_and_verbose_adds_the_rest(state, monkeypatch):
    import app.cli

    def presets(out):
        logging.getLogger("app.cli").warning("a warning for the technician")
        logging.getLogger("app.cli").info("what it found")
        return 0

    monkeypatch.setattr(app.cli, "run_presets", presets)
    assert main(["presets"]) == 0
    text = state.read_text(encoding="utf-8")
    assert "WARNING app.cli: a warning for the technician" in text
    assert "what it found" not in text
    assert main(["--verbose", "presets"]) == 0
    assert "INFO app.cli: what it found" in state.read_text(encoding="utf-8")


def test_an_unexpected_error_leaves_its_traceback_in_the_file(state, monkeypatch, capsys):
    import app.cli

    def broken(out):
        raise RuntimeError("a bug")

    monkeypatch.setattr(app.cli, "run_presets", broken)
    with pytest.raises(RuntimeError):
        main(["presets"])
    text = state.read_text(encoding="utf-8")
    assert "CRITICAL app.main: the program stopped on an unexpected error" in text
    assert "Traceback" in text and "RuntimeError: a bug" in text
    assert capsys.readouterr().err == ""  # Python prints it as it ends: not twice


def test_the_file_is_renewed_and_three_old_ones_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(log_file, "MAX_BYTES", 1000)
    path = tmp_path / "logs" / LOG_NAME
    handler = log_file.LogFile(path)
    try:
        record = logging.makeLogRecord({"msg": "x" * 300, "levelno": 40, "levelname": "ERROR"})
        for _ in range(40):
            handler.emit(record)
    finally:
        handler.close()
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == [LOG_NAME, *(f"{LOG_NAME}.{n}" for n in (1, 2, 3))]
    assert all(p.stat().st_size <= 1000 for p in path.parent.iterdir())


def test_a_log_file_that_cannot_be_written_is_said_once_and_the_program_goes_on(
    tmp_path, monkeypatch, capsys
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    with pytest.raises(SystemExit) as stop:
        main(["table", "--head", "nope"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("attention-heads table: error: argument --head")
    assert len(err) == 2 and err[1].startswith(f"attention-heads: the log file {blocker}")
    assert "Traceback" not in "\n".join(err)


# -- a window program on Windows: no console --------------------------------------------------

#: As PyInstaller starts a program built without a console: sys.stdout and sys.stderr are
#: None, so whatever is printed is lost.
NO_CONSOLE = textwrap.dedent(
    """
    import sys
    sys.stdout = sys.stderr = None
    from app.main import main
    code = main(sys.argv[1:])
    sys.exit(code)
    """
)


@pytest.mark.parametrize(
    ("argv", "code", "said"),
    [
        (["--head", "nope"], 2, "error: argument --head: invalid choice: 'nope'"),
        (["--screenshot", "x.png", "--sentence", " "], 2, "error: The sentence is empty"),
        (["--screenshot", "missing/x.png"], 1, "error: "),
        (["--kiosk-config", "kiosk.json", "--screenshot", "x.png"], 0, None),
    ],
    ids=["argument", "sentence", "unwritable", "fine"],
)
def test_without_a_console_what_stops_the_start_is_in_the_log_file(tmp_path, argv, code, said):
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-c", NO_CONSOLE, *argv],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == code
    assert result.stdout == result.stderr == ""  # nothing reaches a console: there is none
    logged = tmp_path / "state" / "attention-heads" / LOG_NAME
    if said is None:
        assert not logged.exists()
    else:
        lines = logged.read_text(encoding="utf-8").splitlines()
        assert len(lines) == 1 and " ERROR attention-heads: " in lines[0], lines
        assert said in lines[0]
