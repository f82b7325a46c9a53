"""The single-instance lock is per user, and nothing a dead kiosk left blocks a start."""

import os
import stat
import subprocess
import sys
import tempfile

import pytest

from app.kiosk import KioskAlreadyRunningError, claim_single_instance
from app.kiosk import single_instance as lock_module


@pytest.fixture
def no_runtime_dir(monkeypatch, tmp_path):
    """No XDG_RUNTIME_DIR (a service without a login session), and a temp folder of
    our own that is shared like /tmp (sticky, writable by everyone)."""
    shared = tmp_path / "tmp"
    shared.mkdir()
    shared.chmod(0o1777)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return shared


def test_without_a_runtime_folder_the_lock_is_in_a_private_folder_of_this_user(no_runtime_dir):
    path = lock_module.default_lock_path()
    assert path.parent != no_runtime_dir  # never the shared folder itself
    assert str(os.getuid()) in path.parent.name
    mode = path.parent.stat().st_mode
    assert path.parent.stat().st_uid == os.getuid()
    assert stat.S_IMODE(mode) == 0o700
    claim_single_instance().unlock()


@pytest.mark.skipif(os.getuid() != 0, reason="making a folder for another user needs root")
def test_a_folder_planted_by_another_user_is_not_used(no_runtime_dir, tmp_path):
    planted = no_runtime_dir / f"attention-heads-{os.getuid()}"
    planted.mkdir(mode=0o777)
    os.chown(planted, 65534, 65534)  # nobody
    path = lock_module.default_lock_path()
    assert path.parent == tmp_path / "cache" / "attention-heads"
    claim_single_instance().unlock()


def test_an_old_lock_file_in_the_shared_folder_blocks_nothing(no_runtime_dir):
    # What the earlier versions left in /tmp, naming a process that is gone.
    (no_runtime_dir / lock_module.LOCK_NAME).write_text("999999\npython3\nhost\n")
    claim_single_instance().unlock()


def dead_pid():
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.mark.parametrize("pid", ["dead", "own"])
def test_a_lock_file_naming_a_dead_or_reused_process_blocks_nothing(tmp_path, pid):
    path = tmp_path / "kiosk.lock"
    path.write_text(f"{dead_pid() if pid == 'dead' else os.getpid()}\n")
    lock = claim_single_instance(path)
    assert lock.held
    assert path.read_text() == f"{os.getpid()}\n"
    lock.unlock()


def test_a_live_holder_is_named_in_the_refusal(tmp_path):
    path = tmp_path / "kiosk.lock"
    first = claim_single_instance(path)
    try:
        with pytest.raises(KioskAlreadyRunningError, match=rf"process {os.getpid()}\b"):
            claim_single_instance(path)
    finally:
        first.unlock()
    claim_single_instance(path).unlock()  # free once let go


def test_a_lock_that_cannot_be_made_does_not_stop_the_kiosk(tmp_path, caplog):
    lock = claim_single_instance(tmp_path / "missing-folder" / "kiosk.lock")
    assert not lock.held
    assert "running without one" in caplog.text
    lock.unlock()  # harmless
