"""Writing an export's file: checked first, then all at once or not at all.

Every file is written atomically with ``QSaveFile``: the bytes go to a temporary file
beside the target, which replaces the target only when everything was written. A
failed export therefore never leaves half a file, and an older file of the same name
survives it. Every failure is raised as ``ExportError``: its ``str()`` is the English line
the command line prints, its ``message()`` the same in the language in use, for the window.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from PySide6.QtCore import QByteArray, QFileDevice, QIODevice, QSaveFile

from app.text.wording import QT_TRANSLATE_NOOP, fill, translate


class ExportError(RuntimeError):
    """A file could not be made or written, or a picture drawn; it says which and why.

    ``template`` is an English source text with ``%1`` ... for ``values`` (a file name, a
    reason the system gave), marked for translation in the "Export" context.
    """

    def __init__(self, template: str, *values: object) -> None:
        super().__init__(fill(template, *values))
        self.template, self.values = template, values

    def message(self) -> str:
        """The same sentence in the language in use."""
        return fill(translate("Export", self.template), *self.values)


#: A write the system cut short without saying why (a file size limit, say).
_SHORT_WRITE = QT_TRANSLATE_NOOP("Export", "could not write %1: only %2 of %3 bytes were written")


def cannot_write(target: object, reason: object) -> ExportError:
    """``could not write <target>: <reason>`` with a reason the system gave (not ours)."""
    return ExportError(QT_TRANSLATE_NOOP("Export", "could not write %1: %2"), target, reason)


def check_target(path: str | os.PathLike[str]) -> Path:
    """The path to write, checked before anything is drawn or written.

    Raises ``ExportError`` (never ``OSError``) when the name is empty or too long for
    the file system, its folder is missing or cannot be written to, or something that is
    not a regular file already has the name: a folder, a device such as ``/dev/full``, a
    pipe, a socket, or a link to nothing. Root could otherwise replace a device node
    with a file.
    """
    target = Path(path)
    if not os.fspath(path).strip():
        empty = QT_TRANSLATE_NOOP("Export", "could not write the file: its name is empty")
        raise ExportError(empty)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:  # a name too long, a loop of links, a folder we may not enter
        raise cannot_write(target, error.strerror) from None
    if info is None:
        if os.path.lexists(target):
            raise ExportError(
                QT_TRANSLATE_NOOP("Export", "could not write %1: it is a link to nothing"), target
            )
        if not target.parent.is_dir():
            raise ExportError(
                QT_TRANSLATE_NOOP("Export", "could not write %1: the folder %2 does not exist"),
                target,
                target.parent,
            )
    elif stat.S_ISDIR(info.st_mode):
        raise ExportError(QT_TRANSLATE_NOOP("Export", "could not write %1: it is a folder"), target)
    elif not stat.S_ISREG(info.st_mode):
        raise ExportError(
            QT_TRANSLATE_NOOP("Export", "could not write %1: it is not a regular file"), target
        )
    if not os.access(target.parent, os.W_OK):  # said at once, in plain words
        raise ExportError(
            QT_TRANSLATE_NOOP("Export", "could not write %1: the folder %2 cannot be written to"),
            target,
            target.parent,
        )
    return target


def _qt_file_name(target: Path) -> str:
    """The name as Qt needs it: Qt reads file names as UTF-8, whatever the locale, while
    Python (under the C locale) may hold the bytes as lone surrogates."""
    raw = os.fsencode(target)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ExportError(
            QT_TRANSLATE_NOOP("Export", "could not write %1: the name is not valid UTF-8"), target
        ) from None


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
        raise cannot_write(target, saver.errorString())
    written = saver.write(QByteArray(data))
    if written != len(data):
        failure = cannot_write(target, saver.errorString())
        if saver.error() == QFileDevice.FileError.NoError:  # e.g. a file size limit
            failure = ExportError(
                _SHORT_WRITE,
                target,
                max(written, 0),
                len(data),
            )
        # Without cancelWriting, commit() would install the short file over the old one.
        saver.cancelWriting()
        saver.commit()  # now only removes the temporary file
        raise failure
    if not saver.commit():
        raise cannot_write(target, saver.errorString())
    return target
