"""The whole program runs with networking disabled and never even tries to use it."""

import os
import subprocess
import sys
import textwrap

import pytest

# Real processes of the program under a network guard; the fast subset leaves them out.
pytestmark = pytest.mark.slow

GUARD = textwrap.dedent(
    """
    import atexit, runpy, socket, sys

    attempts = []

    def refuse(*args, **kwargs):
        attempts.append(repr(args)[:80])
        raise OSError("networking is disabled in this test")

    class NoSocket(socket.socket):
        def __init__(self, family=-1, *args, **kwargs):
            if family in (socket.AF_INET, socket.AF_INET6, -1):
                refuse(family)
            super().__init__(family, *args, **kwargs)

    socket.socket = NoSocket
    socket.create_connection = refuse
    socket.getaddrinfo = refuse

    @atexit.register
    def report():
        network_modules = [m for m in sys.modules
                           if m in ("PySide6.QtNetwork", "urllib.request", "http.client")]
        print("ATTEMPTS", attempts, "MODULES", network_modules, flush=True)

    sys.argv = ["attention-heads", *sys.argv[1:]]
    runpy.run_module("app", run_name="__main__", alter_sys=True)
    """
)


def run_guarded(tmp_path, *args):
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_RUNTIME_DIR": str(tmp_path),
    }
    return subprocess.run(
        [sys.executable, "-c", GUARD, *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_window_session_makes_no_network_attempt(tmp_path):
    result = run_guarded(tmp_path, "--close-after", "1500")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "ATTEMPTS [] MODULES []" in result.stdout


def test_kiosk_and_export_make_no_network_attempt(tmp_path):
    kiosk = run_guarded(tmp_path, "--kiosk", "--close-after", "800")
    assert kiosk.returncode == 0, kiosk.stderr[-2000:]
    assert "ATTEMPTS [] MODULES []" in kiosk.stdout
    export = run_guarded(tmp_path, "--export", str(tmp_path / "h.svg"))
    assert export.returncode == 0, export.stderr[-2000:]
    assert "ATTEMPTS [] MODULES []" in export.stdout


def test_reading_a_gpt2_folder_makes_no_network_attempt(tmp_path):
    # The tokenizers library can fetch a tokenizer by name; the program only ever reads
    # the folder it is given.
    from tests.gpt2_folders import write_gpt2_folder

    folder = write_gpt2_folder(tmp_path / "gpt2", n_positions=160)
    result = run_guarded(tmp_path, "heads", "--model-dir", str(folder), "--format", "json")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "ATTEMPTS [] MODULES []" in result.stdout
    window = run_guarded(tmp_path, "--model-dir", str(folder), "--close-after", "3000")
    assert window.returncode == 0, window.stderr[-2000:]
    assert "ATTEMPTS [] MODULES []" in window.stdout
