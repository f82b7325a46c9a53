"""Input that must never hang or trace back: odd paths, full disks, the C locale, no X."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import core
from app import x11_check
from app.export.api import ExportError, check_target
from app.main import main
from app.version import app_version

REPO = Path(__file__).resolve().parents[2]
TOO_LONG = "x" * 300  # longer than any file system allows for one name


def run_cli(*argv, env=None, timeout=60):
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        cwd=REPO,
        env={**os.environ, **(env or {})},
        capture_output=True,
        timeout=timeout,
    )


def one_line_error(result):
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0], result.stderr
    assert b"Traceback" not in result.stderr
    return lines[0]


# -- point 6: an empty screenshot name --------------------------------------------------


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_screenshot_name_fails_at_once_with_a_message(name):
    result = run_cli("--screenshot", name, timeout=20)  # used to open the window and wait
    assert result.returncode == 2
    assert "empty" in one_line_error(result)


# -- point 7: a name too long for the file system -----------------------------------------


@pytest.mark.slow  # a real process of the program
@pytest.mark.parametrize("option", ["--export", "--screenshot"])
def test_a_name_too_long_gets_one_line_and_exit_code_1(tmp_path, option):
    suffix = ".csv" if option == "--export" else ".png"
    result = run_cli(option, str(tmp_path / (TOO_LONG + suffix)))
    assert result.returncode == 1
    assert "too long" in one_line_error(result)


def test_the_windows_export_command_reports_a_name_too_long(qtbot, window, tmp_path):
    from app.export.menu import ExportMenu

    errors = []
    menu = ExportMenu(
        window,
        window.menuBar().addMenu("Test"),
        ask_path=lambda *_args: str(tmp_path / TOO_LONG),  # no suffix: is_dir() is asked
        show_error=lambda _parent, message: errors.append(message),
    )
    assert menu.export("heatmap", "png") is None
    assert len(errors) == 1 and "too long" in errors[0]
    assert menu.export("weights", "csv") is None  # and again: nothing escaped
    assert len(errors) == 2


# -- point 8: output that cannot be written ---------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["table"], ["presets"], ["table", "--format", "json"]])
def test_a_full_output_gets_a_message_not_a_traceback(argv):
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "app", *argv],
            cwd=REPO,
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    assert result.returncode == 1
    assert "could not be written" in one_line_error(result)


@pytest.mark.skipif(sys.platform == "win32", reason="closes a descriptor before exec (POSIX)")
@pytest.mark.parametrize("argv", [["table"], ["presets"], ["heads"]])
def test_a_command_started_with_no_output_says_so_and_exits_1(argv):
    # As a program with no console starts (the Windows window program, pythonw):
    # Python's sys.stdout is None when file descriptor 1 is closed.
    result = subprocess.run(
        [sys.executable, "-m", "app", *argv],
        cwd=REPO,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),
        timeout=60,
    )
    assert result.returncode == 1
    assert "no output to print to" in one_line_error(result)


# -- point 9: targets that are not regular files ----------------------------------------------


def test_targets_that_are_not_regular_files_are_refused(tmp_path):
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.png"
    folder.mkdir()
    dangling = tmp_path / "link.png"
    dangling.symlink_to(tmp_path / "nowhere")
    for target, reason in [
        (fifo, "not a regular file"),
        (folder, "folder"),
        (dangling, "link to nothing"),
    ]:
        with pytest.raises(ExportError, match=reason):
            check_target(target)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # untouched
    regular = tmp_path / "old.png"
    regular.write_bytes(b"old")
    assert check_target(regular) == regular  # an ordinary file may be replaced


@pytest.mark.slow  # a real process of the program
@pytest.mark.skipif(os.getuid() != 0, reason="making a device node needs root")
@pytest.mark.parametrize("option", ["--export", "--screenshot"])
def test_root_cannot_replace_a_device_node(tmp_path, option):
    node = tmp_path / "x.png"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # a copy of /dev/full
    result = run_cli(option, str(node))
    assert result.returncode == 1
    assert "not a regular file" in one_line_error(result)
    assert stat.S_ISCHR(os.lstat(node).st_mode)  # still the device


# -- point 11: the C locale without UTF-8 mode ------------------------------------------------


def test_non_ascii_arguments_survive_the_c_locale():
    env = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    result = run_cli("table", "--sentence", "Bär 🇩🇪 sah", "--format", "csv", env=env)
    assert result.returncode == 0, result.stderr
    header = result.stdout.decode("utf-8").splitlines()[0]
    assert header.split(",") == ["query \\ key", "Bär 0", "🇩🇪 1", "sah 2"]


# -- point 16: Qt's propagateSizeHints() warning ------------------------------------------------


@pytest.mark.slow  # a real process of the program
@pytest.mark.parametrize("option", ["--export", "--screenshot"])
def test_pictures_print_nothing_about_size_hints(tmp_path, option):
    result = run_cli(option, str(tmp_path / "out.png"))
    assert result.returncode == 0, result.stderr
    assert b"propagateSizeHints" not in result.stderr
    assert (tmp_path / "out.png").read_bytes()[:4] == b"\x89PNG"


# -- point 15: X11 libraries missing on a bare machine --------------------------------------------


def test_missing_x11_libraries_are_named_with_the_command_that_installs_them():
    absent = {"libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxkbcommon-x11.so.0"}
    message = x11_check.x11_problem({"QT_QPA_PLATFORM": "xcb"}, loads=lambda n: n not in absent)
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4, libxkbcommon-x11.so.0" in message
    assert "    sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxkbcommon-x11-0\n" in message
    assert x11_check.x11_problem({"QT_QPA_PLATFORM": "xcb"}, loads=lambda n: True) is None
    # Only when Qt will use X11.
    for env in (
        {"QT_QPA_PLATFORM": "offscreen"},
        {"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"},
    ):
        assert x11_check.x11_problem(env, loads=lambda n: False) is None


def test_a_start_without_x11_libraries_stops_with_that_message(monkeypatch, capsys):
    import app.launch

    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(app.launch, "_first_qt_start", lambda: True)
    monkeypatch.setattr(x11_check, "_loads", lambda name: name != "libxcb-cursor.so.0")
    monkeypatch.setattr(
        app.launch, "x11_problem", lambda: x11_check.x11_problem(loads=x11_check._loads)
    )
    assert main([]) == x11_check.NO_DISPLAY_EXIT
    assert "sudo apt-get install libxcb-cursor0\n" in capsys.readouterr().err


def test_the_install_guide_gives_the_apt_line_before_the_launch_command():
    guide = (REPO / "docs" / "install.md").read_text(encoding="utf-8")
    quick_start = guide[guide.index("## From a clone on Linux") :].split("\n## ")[0]
    apt = quick_start.index("sudo apt-get install")
    launch = quick_start.index(".venv/bin/attention-heads\n")
    assert apt < launch
    line = " ".join(quick_start[apt : quick_start.index("```", apt)].replace("\\", " ").split())
    for package in x11_check.X11_LIBRARIES.values():
        assert f" {package} " in f"{line} ", package


# -- point 17: the version -----------------------------------------------------------------------


def test_version_comes_from_the_package_metadata(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"attention-heads {version('attention-heads')}\n"
    assert app_version() == version("attention-heads")


def test_about_shows_the_version(qtbot, window, monkeypatch):
    from app.window.about_dialog import AboutDialog

    shown = []
    monkeypatch.setattr(AboutDialog, "exec", lambda dialog: shown.append(dialog.about.text()))
    window.run_command("about")
    assert shown and f"Version {app_version()}" in shown[0]


# -- the tokens the command line sees ------------------------------------------------------------


def test_the_table_keeps_flags_whole(capsys):
    assert main(["table", "--sentence", "🇩🇪 🇫🇷", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "query \\ key,🇩🇪 0,🇫🇷 1"
    assert core.tokenize("🇩🇪🇫🇷") == ["🇩🇪", "🇫🇷"]


# -- point 13: leftovers of a settings write killed half-way -----------------------------


def test_leftovers_of_an_interrupted_settings_write_are_removed_at_start(isolated_settings):
    from PySide6.QtCore import QSettings

    from app.adapters.settings import remove_settings_leftovers

    conf = Path(QSettings().fileName())
    conf.parent.mkdir(parents=True, exist_ok=True)
    conf.write_text("[view]\ntheme=dark\n")
    temp = conf.with_name(conf.name + ".aB3xQ9")  # QSaveFile's temporary copy
    temp.write_text("[view]\nth")
    stale_lock = conf.with_name(conf.name + ".lock")
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale_lock.write_text(f"{gone.pid}\npython3\n{os.uname().nodename}\n")
    keep = [conf.with_name(conf.name + ".bak"), conf.with_name("notes.txt")]
    for path in keep:
        path.write_text("mine")
    assert remove_settings_leftovers() == [temp.name]
    assert not temp.exists() and not stale_lock.exists()
    assert all(path.exists() for path in [conf, *keep])
    assert QSettings().value("view/theme") == "dark"


def test_a_settings_write_in_progress_elsewhere_is_left_alone(isolated_settings):
    from PySide6.QtCore import QLockFile, QSettings

    from app.adapters.settings import remove_settings_leftovers

    conf = Path(QSettings().fileName())
    conf.parent.mkdir(parents=True, exist_ok=True)
    temp = conf.with_name(conf.name + ".Zz0000")
    temp.write_text("being written")
    holder = QLockFile(f"{conf}.lock")
    assert holder.tryLock(0)  # another copy of the program is writing right now
    try:
        assert remove_settings_leftovers() == []
        assert temp.exists()
    finally:
        holder.unlock()


def test_the_windows_export_errors_speak_the_learners_language(qtbot, window, tmp_path, german):
    from app.export.api import ExportError, check_target
    from app.export.menu import ExportMenu

    errors = []
    menu = ExportMenu(
        window,
        window.menuBar().addMenu("Test"),
        ask_path=lambda *_args: str(tmp_path),  # a folder is in the way
        show_error=lambda _parent, message: errors.append(message),
    )
    assert menu.export("heatmap", "png") is None
    assert errors == [f"{tmp_path} konnte nicht geschrieben werden: es ist ein Ordner"]
    with pytest.raises(ExportError) as caught:
        check_target(tmp_path)
    # The command line's line stays English, like its CSV and JSON.
    assert str(caught.value) == f"could not write {tmp_path}: it is a folder"
