"""One kiosk per user: a second launch finds the first one's lock and gives up.

The lock is an ``flock`` on a file in a folder only this user can write to. The
kernel drops it the moment its process ends, however it ends, so a kiosk that crashed
or was killed never blocks the next start, and nobody else's leftover file can.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import stat
import tempfile
from pathlib import Path

#: Exit code of a launch refused because a kiosk is already running.
SECOND_INSTANCE_EXIT = 3
LOCK_NAME = "attention-heads-kiosk.lock"

log = logging.getLogger(__name__)


class KioskAlreadyRunningError(RuntimeError):
    """Another kiosk holds the lock."""


def _private_folder(path: Path) -> bool:
    """Whether ``path`` is a real folder of this user that nobody else may write to."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == os.getuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def default_lock_folder() -> Path:
    """This user's runtime folder; without one, a private folder of this user's.

    Never the shared temporary folder itself: a file there left by one user's kiosk
    could not be replaced by another user's.
    """
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and _private_folder(Path(runtime)):
        return Path(runtime)
    own = Path(tempfile.gettempdir()) / f"attention-heads-{os.getuid()}"
    with contextlib.suppress(OSError):
        own.mkdir(mode=0o700)
    if _private_folder(own):
        return own
    # Someone else made that folder (or it cannot be made): fall back to the home folder.
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "attention-heads"
    cache.mkdir(mode=0o700, parents=True, exist_ok=True)
    return cache


def default_lock_path() -> Path:
    """Where this user's kiosk lock lives."""
    return default_lock_folder() / LOCK_NAME


class KioskLock:
    """A held kiosk lock; ``unlock()`` lets it go (so does the end of the process)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def unlock(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        os.close(self._fd)
        self._fd = None


def _holder(fd: int) -> str:
    """' (process N)' from the lock file, if it names a process that is alive."""
    with contextlib.suppress(OSError, ValueError):
        pid = int(os.pread(fd, 32, 0).decode("ascii").strip() or 0)
        if pid > 0:
            os.kill(pid, 0)  # raises if the process is gone
            return f" (process {pid})"
    return ""


def claim_single_instance(path: str | Path | None = None) -> KioskLock:
    """Take the kiosk lock and return it; keep it until the program ends.

    Raises KioskAlreadyRunningError, with a message for the person at the console,
    when a live kiosk of this user holds it. A lock that cannot be made at all (a
    folder without write permission, say) is logged, and the kiosk runs unlocked:
    an exhibit that never starts is worse than a second copy.
    """
    try:
        path = Path(path) if path is not None else default_lock_path()
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    except OSError as error:
        log.warning("the kiosk lock cannot be made (%s); running without one", error)
        return KioskLock(Path(path or LOCK_NAME), None)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = _holder(fd)
        os.close(fd)
        raise KioskAlreadyRunningError(
            f"a kiosk is already running for this user{holder}; "
            f"use its staff exit before starting another (lock file: {path})"
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    return KioskLock(path, fd)
