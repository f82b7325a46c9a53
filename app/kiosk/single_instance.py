"""One kiosk per user: a second launch finds the first one's lock and gives up.

The lock is a file in a folder only this user can write to, locked by the operating
system: ``flock`` on Linux and macOS, a byte-range lock (``msvcrt.locking``) on
Windows. Both are dropped the moment their process ends, however it ends, so a kiosk
that crashed or was killed never blocks the next start, and nobody else's leftover
file can. The holder's process id is written at the start of the file; on Windows
the lock covers a byte far beyond it, since a locked byte there cannot even be read
by another process.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import sys
import tempfile
from pathlib import Path

#: Exit code of a launch refused because a kiosk is already running.
SECOND_INSTANCE_EXIT = 3
LOCK_NAME = "attention-heads-kiosk.lock"
#: Where the Windows lock sits in the file: past the process id, which stays readable.
WINDOWS_LOCK_OFFSET = 1 << 20

log = logging.getLogger(__name__)


class KioskAlreadyRunningError(RuntimeError):
    """Another kiosk holds the lock."""


def _windows() -> bool:
    return sys.platform == "win32"


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


def _windows_lock_folder() -> Path:
    """The user's local application data (private to the user by its access rights)."""
    base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    folder = Path(base) / "attention-heads"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_lock_folder() -> Path:
    """This user's runtime folder; without one, a private folder of this user's.

    Never the shared temporary folder itself: a file there left by one user's kiosk
    could not be replaced by another user's. (macOS has no runtime folder, but its
    temporary folder is already the user's own.)
    """
    if _windows():
        return _windows_lock_folder()
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


def _try_lock(fd: int) -> bool:
    """Take the system's lock on ``fd`` without waiting; False when another holds it."""
    try:
        if _windows():
            import msvcrt

            os.lseek(fd, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if _windows():
            import msvcrt

            os.lseek(fd, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)


def _open_flags() -> int:
    """Read and write, made if missing, never through a link, not inherited by children."""
    flags = os.O_RDWR | os.O_CREAT
    for name in ("O_NOFOLLOW", "O_CLOEXEC", "O_NOINHERIT", "O_BINARY"):
        flags |= getattr(os, name, 0)  # each exists on some systems only
    return flags


def _read_start(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 32)


def _write_pid(fd: int) -> None:
    text = f"{os.getpid()}\n".encode("ascii")
    os.lseek(fd, 0, os.SEEK_SET)
    if _windows():  # padded over a longer old id: truncating could meet the locked byte
        os.write(fd, text.ljust(16))
    else:
        os.ftruncate(fd, 0)
        os.write(fd, text)


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
        _unlock(self._fd)
        os.close(self._fd)
        self._fd = None


def _holder(fd: int) -> str:
    """' (process N)' from the lock file, if it names a process that is alive."""
    with contextlib.suppress(OSError, ValueError):
        pid = int(_read_start(fd).decode("ascii").strip() or 0)
        if pid > 0:
            # On Windows os.kill would end the process: there the lock being held is
            # proof enough that its writer lives.
            if not _windows():
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
        fd = os.open(path, _open_flags(), 0o600)
    except OSError as error:
        log.warning("the kiosk lock cannot be made (%s); running without one", error)
        return KioskLock(Path(path or LOCK_NAME), None)
    if not _try_lock(fd):
        holder = _holder(fd)
        os.close(fd)
        raise KioskAlreadyRunningError(
            f"a kiosk is already running for this user{holder}; "
            f"use its staff exit before starting another (lock file: {path})"
        )
    _write_pid(fd)
    return KioskLock(path, fd)
