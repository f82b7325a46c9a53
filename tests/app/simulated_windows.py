"""Windows, as far as the kiosk lock can tell: ``sys.platform``, no POSIX calls, ``msvcrt``.

``msvcrt.locking`` locks bytes of a file from the current position; another open of
the file cannot take them, and the system drops them when their process ends. Linux's
open-file-description locks (``F_OFD_SETLK``) behave the same way, so they stand in.
Usable from a test (``install(monkeypatch)``) and from a child process (``install()``).
"""

from __future__ import annotations

import errno
import fcntl
import os
import struct
import sys
import types

#: ``struct flock`` on 64-bit Linux: type, whence, start, length, pid.
_FLOCK = "hhqqi4x"
#: What a Windows process lacks.
POSIX_ONLY = ("getuid", "O_NOFOLLOW", "O_CLOEXEC", "pread", "pwrite")

available = hasattr(fcntl, "F_OFD_SETLK") and struct.calcsize(_FLOCK) == 32


def _msvcrt() -> types.ModuleType:
    module = types.ModuleType("msvcrt")
    module.LK_UNLCK, module.LK_LOCK, module.LK_NBLCK = 0, 1, 2
    module.calls = []

    def locking(fd: int, mode: int, nbytes: int) -> None:
        start = os.lseek(fd, 0, os.SEEK_CUR)
        module.calls.append((mode, start, nbytes))
        kind = fcntl.F_UNLCK if mode == module.LK_UNLCK else fcntl.F_WRLCK
        try:
            fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack(_FLOCK, kind, 0, start, nbytes, 0))
        except OSError:
            raise PermissionError(errno.EACCES, "Permission denied") from None

    module.locking = locking
    return module


def install(monkeypatch=None) -> types.ModuleType:
    """Pretend to be Windows: returns the stand-in ``msvcrt`` (its ``calls`` list them)."""
    msvcrt = _msvcrt()
    if monkeypatch is None:
        sys.platform = "win32"
        sys.modules["msvcrt"] = msvcrt
        sys.modules["fcntl"] = None  # type: ignore[assignment]  # import fcntl now fails
        for name in POSIX_ONLY:
            if hasattr(os, name):
                delattr(os, name)
        return msvcrt
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    monkeypatch.setitem(sys.modules, "fcntl", None)
    for name in POSIX_ONLY:
        monkeypatch.delattr(os, name, raising=False)
    return msvcrt
