"""Writing an export's file: checked first, then all at once or not at all.

Every file is written atomically with ``QSaveFile``: the bytes go to a temporary file
beside the target, which replaces the target only when everything was written. A
failed export therefore never leaves half a file, and an older file of the same name
survives it. Every failure is raised as ``ExportError``, whose message is ready to be
shown to the person who asked for the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from PySide6.QtCore import QByteArray, QFileDevice, QIODevice, QSaveFile


class ExportError(RuntimeError):
    """A file could not be made or written; the message says which and why."""


def check_target(path: str | os.PathLike[str]) -> Path:
    """The path to write, checked before anything is drawn or written.

    Raises ``ExportError`` (never ``OSError``) when the name is empty or too long for
    the file system, its folder is missing, or something that is not a regular file
    already has the name: a folder, a device such as ``/dev/full``, a pipe, a socket,
    or a link to nothing. Root could otherwise replace a device node with a file.
    """
    target = Path(path)
    if not os.fspath(path).strip():
        raise ExportError("could not write the file: its name is empty")
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:  # a name too long, a loop of links, a folder we may not enter
        raise ExportError(f"could not write {target}: {error.strerror}") from None
    if info is None:
        if os.path.lexists(target):
            raise ExportError(f"could not write {target}: it is a link to nothing")
        if not target.parent.is_dir():
            raise ExportError(
                f"could not write {target}: the folder {target.parent} does not exist"
            )
        return target
    if stat.S_ISDIR(info.st_mode):
        raise ExportError(f"could not write {target}: it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise ExportError(f"could not write {target}: it is not a regular file")
    return target


def _qt_file_name(target: Path) -> str:
    """The name as Qt needs it: Qt reads file names as UTF-8, whatever the locale, while
    Python (under the C locale) may hold the bytes as lone surrogates."""
    raw = os.fsencode(target)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ExportError(f"could not write {target}: the name is not valid UTF-8") from None


def write_atomic(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` all at once, or not at all.

    Raises ``ExportError`` if the target is unusable (see ``check_target``), the folder
    is not writable, or the disk fills up; the file that was there before is then
    unchanged.
    """
    target = check_target(path)
    saver = QSaveFile(_qt_file_name(target))
    # Unbuffered: a short write shows up here, not as a vague failure inside commit().
    if not saver.open(QIODevice.OpenModeFlag.WriteOnly | QIODevice.OpenModeFlag.Unbuffered):
        raise ExportError(f"could not write {target}: {saver.errorString()}")
    written = saver.write(QByteArray(data))
    if written != len(data):
        error = saver.errorString()
        if saver.error() == QFileDevice.FileError.NoError:  # e.g. a file size limit
            error = f"only {max(written, 0)} of {len(data)} bytes could be written"
        # Without cancelWriting, commit() would install the short file over the old one.
        saver.cancelWriting()
        saver.commit()  # now only removes the temporary file
        raise ExportError(f"could not write {target}: {error}")
    if not saver.commit():
        raise ExportError(f"could not write {target}: {saver.errorString()}")
    return target
