"""Windows and macOS, simulated: what only Linux or X11 has is never asked for there."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app import x11_check
from app.kiosk import KioskAlreadyRunningError, claim_single_instance
from app.kiosk import single_instance as lock_module
from tests.app import simulated_windows

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


@pytest.fixture
def windows(monkeypatch, tmp_path):
    if not simulated_windows.available:
        pytest.skip("this system has no open-file-description locks to stand in for Windows'")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    return simulated_windows.install(monkeypatch)


# -- the X11 check ---------------------------------------------------------------------------


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_no_x11_library_is_looked_for_on_windows_or_macos(monkeypatch, platform):
    looked_for = []

    def loads(name):
        looked_for.append(name)
        return False  # as there: no libxcb anywhere

    for env in ({}, {"QT_QPA_PLATFORM": "xcb"}, {"XDG_SESSION_TYPE": "x11"}):
        monkeypatch.setattr(sys, "platform", "linux")
        assert x11_check.x11_problem(env, loads=loads) is not None  # the same call on Linux
        monkeypatch.setattr(sys, "platform", platform)
        looked_for.clear()
        assert x11_check.x11_problem(env, loads=loads) is None
        assert looked_for == []


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_a_start_there_is_not_stopped_by_the_x11_check(monkeypatch, platform):
    import app.launch

    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(app.launch, "_first_qt_start", lambda: True)
    monkeypatch.setattr(x11_check, "_loads", lambda name: False)
    assert app.launch.x11_problem() is None


# -- the kiosk's single-instance lock ----------------------------------------------------------


def test_on_windows_the_lock_is_in_local_app_data_and_refuses_a_second_kiosk(windows, tmp_path):
    path = lock_module.default_lock_path()
    assert path == tmp_path / "Local" / "attention-heads" / lock_module.LOCK_NAME
    first = claim_single_instance()
    try:
        with pytest.raises(KioskAlreadyRunningError, match=rf"process {os.getpid()}\b"):
            claim_single_instance()
    finally:
        first.unlock()
    assert path.read_bytes().split() == [str(os.getpid()).encode()]
    # The lock sits past the process id, which stays readable for the refusal's message.
    assert {start for _mode, start, _n in windows.calls} == {lock_module.WINDOWS_LOCK_OFFSET}
    claim_single_instance().unlock()  # free once let go


HOLDER = textwrap.dedent(
    """
    import os, sys
    sys.path.insert(0, sys.argv[2])
    import simulated_windows
    from app.kiosk import claim_single_instance  # Qt is loaded as on Linux, then:
    simulated_windows.install()
    lock = claim_single_instance(sys.argv[1])
    print("held", flush=True)
    if sys.stdin.readline() == "crash\\n":
        os._exit(0)  # die holding the lock, as a crashed kiosk would
    lock.unlock()
    """
)


@pytest.mark.parametrize("ending", ["crash", "unlock"])
def test_on_windows_another_process_is_refused_until_the_holder_ends(windows, tmp_path, ending):
    path = tmp_path / "kiosk.lock"
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(HERE)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as holder:
        try:
            assert holder.stdout.readline() == "held\n"
            with pytest.raises(KioskAlreadyRunningError, match=rf"process {holder.pid}\b"):
                claim_single_instance(path)
            holder.communicate(f"{ending}\n", timeout=60)
        finally:
            holder.kill()
    assert holder.returncode == 0
    claim_single_instance(path).unlock()


def test_on_macos_the_lock_refuses_a_second_kiosk_without_a_runtime_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))  # macOS's own per-user folder
    path = lock_module.default_lock_path()
    assert path.parent == tmp_path / f"attention-heads-{os.getuid()}"
    first = claim_single_instance()
    try:
        with pytest.raises(KioskAlreadyRunningError):
            claim_single_instance()
    finally:
        first.unlock()
    claim_single_instance().unlock()
