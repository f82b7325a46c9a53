"""One kiosk per computer: a second launch finds the first one's lock file and gives up."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QLockFile, QStandardPaths

#: Exit code of a launch refused because a kiosk is already running.
SECOND_INSTANCE_EXIT = 3
LOCK_NAME = "attention-heads-kiosk.lock"


class KioskAlreadyRunningError(RuntimeError):
    """Another kiosk holds the lock."""


def default_lock_path() -> Path:
    """The lock file in the user's runtime folder (the temporary folder if there is none)."""
    # Asking QStandardPaths for RuntimeLocation without XDG_RUNTIME_DIR prints a warning.
    runtime = os.environ.get("XDG_RUNTIME_DIR") or QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.TempLocation
    )
    return Path(runtime) / LOCK_NAME


def claim_single_instance(path: str | Path | None = None) -> QLockFile:
    """Take the kiosk lock and return it; keep it alive until the program ends.

    A lock left by a kiosk that crashed is noticed (its process is gone) and taken
    over. Raises KioskAlreadyRunningError, with a message for the person at the console,
    when a live kiosk holds it.
    """
    path = Path(path) if path is not None else default_lock_path()
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
    if lock.tryLock(0):
        return lock
    pid = lock.getLockInfo()[0]  # PySide returns (pid, hostname, appname); pid 0 if unknown
    holder = f" (process {pid})" if pid else ""
    raise KioskAlreadyRunningError(
        f"a kiosk is already running on this computer{holder}; "
        f"use its staff exit before starting another (lock file: {path})"
    )
