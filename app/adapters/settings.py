"""One registry of persisted settings: key, type and default, read defensively.

A missing, damaged or hostile value never stops the program: it falls back to
the default and logs a warning.
"""

from __future__ import annotations

import contextlib
import glob
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QLockFile, QSettings

import core
from app.text.i18n import LANGUAGES
from app.ui.theme import DEFAULT_ZOOM, THEMES, ZOOM_STEPS

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
#: The names settings are kept under (set on the application at start, so ``QSettings()``
#: finds them): ``~/.config/attention-heads/attention-heads.conf`` on Linux,
#: ``HKEY_CURRENT_USER\Software\attention-heads`` on Windows, and on macOS
#: ``~/Library/Preferences/io.github.attention-heads.attention-heads.plist``.
ORGANIZATION = APPLICATION = "attention-heads"
ORGANIZATION_DOMAIN = "attention-heads.github.io"
#: Where version 0.1.0 kept them, named like the window: ``~/.config/Attention Heads/``.
OLD_NAMES = ("Attention Heads", "Attention Heads")


def _tokenizes(text: str) -> bool:
    try:
        core.tokenize(text)
    except core.TokenError:
        return False
    return True


def _known_challenges(ids: list) -> bool:
    known = {c.id for c in core.CHALLENGES}
    return all(isinstance(i, str) and i in known for i in ids)


def _as_list(raw: Any) -> list:
    # An INI file stores a one-element list as a plain string, and an empty one as None.
    if raw is None or raw == "":
        return []
    return [raw] if isinstance(raw, str) else list(raw)


@dataclass(frozen=True)
class Key:
    """A persisted setting: its name, its Python type, its default, and a validity check."""

    name: str
    type: type
    default: Any
    valid: Any = None  # optional callable(value) -> bool


KEYS: dict[str, Key] = {
    k.name: k
    for k in (
        Key("window/geometry", QByteArray, QByteArray()),
        # "" until the learner picks one: then the desktop's colour scheme decides.
        Key("view/theme", str, "", lambda v: v == "" or v in THEMES),
        Key("view/zoom", int, DEFAULT_ZOOM, lambda v: 0 <= v < len(ZOOM_STEPS)),
        # "" until the learner picks one: then the system locale decides.
        Key("view/language", str, "", lambda v: v == "" or v in LANGUAGES),
        Key("session/sentence", str, core.LESSON_SENTENCE, _tokenizes),
        Key("session/completed", list, [], _known_challenges),
        # "" until a model folder is opened; the GPT-2 page reads it when first shown.
        Key("model/folder", str, ""),
    )
}


class Settings:
    """Typed access to QSettings through the registry above."""

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self._q = qsettings if qsettings is not None else QSettings()
        version = self._q.value("schema_version")
        if version not in (None, SCHEMA_VERSION, str(SCHEMA_VERSION)):
            log.warning("settings schema %r is not %s; using defaults", version, SCHEMA_VERSION)
            self._q.clear()

    def get(self, name: str) -> Any:
        key = KEYS[name]
        try:
            raw = self._q.value(name, key.default)
            value: object
            if key.type is list:
                value = _as_list(raw)
            else:
                value = raw if isinstance(raw, key.type) else key.type(raw)
            if key.valid is not None and not key.valid(value):
                raise ValueError(f"{value!r} is not allowed")
        except (TypeError, ValueError) as error:
            log.warning("setting %s is unusable (%s); using the default", name, error)
            return key.default
        return value

    def set(self, name: str, value: Any) -> None:
        KEYS[name]  # refuses unknown names
        self._q.setValue(name, value)
        self._q.setValue("schema_version", SCHEMA_VERSION)

    def remember(self, name: str, value: Any, default: Any = None) -> None:
        """Write ``value`` unless it is the default (``default``, else the key's) and
        nothing is stored yet.

        A setting nobody chose stays unwritten, so the program's default (or the
        desktop's colour scheme or font size) keeps deciding; once stored, it is kept
        up to date.
        """
        default = KEYS[name].default if default is None else default
        if value == default and not self.stored(name):
            return
        self.set(name, value)

    def stored(self, name: str) -> bool:
        """Whether ``name`` was ever written (chosen), rather than left to its default."""
        return self._q.contains(name)

    def sync(self) -> None:
        self._q.sync()
        if self._q.status() != QSettings.Status.NoError:
            log.warning("settings could not be saved (%s)", self._q.status().name)


def move_old_settings(new: QSettings | None = None, old: QSettings | None = None) -> bool:
    """Bring the settings of 0.1.0's place (``OLD_NAMES``) to today's; True if it did.

    Only while today's place holds nothing, so a newer run's settings are never
    overwritten; the old file goes only once the new one is safely written.
    """
    new = new if new is not None else QSettings()
    old = old if old is not None else QSettings(*OLD_NAMES)
    if new.fileName() == old.fileName() or new.allKeys() or not old.allKeys():
        return False
    for key in old.allKeys():
        new.setValue(key, old.value(key))
    new.sync()
    if new.status() != QSettings.Status.NoError:
        log.warning("old settings could not be moved to %s (%s)", new.fileName(), new.status())
        return False
    old.clear()
    old.sync()
    old_file = Path(old.fileName())
    if old_file.is_file():  # an INI file (Linux): leave no empty file and folder behind
        with contextlib.suppress(OSError):
            old_file.unlink()
            old_file.parent.rmdir()  # only if nothing else is in it
    log.info("settings moved from %s to %s", old.fileName(), new.fileName())
    return True


#: What a settings write killed half-way leaves beside the file: QSaveFile's temporary
#: copy (the file's name, a dot and six letters or digits; only on file systems without
#: anonymous temporary files) and QSettings' lock file.
_LEFTOVER = re.compile(r"\.[A-Za-z0-9]{6}")


def remove_settings_leftovers(qsettings: QSettings | None = None) -> list[str]:
    """Delete what an interrupted settings write left behind; returns the names removed.

    Runs under QSettings' own lock file, so a write in progress in another copy of the
    program is never disturbed (the clean-up is skipped then); a lock left by a dead
    process is taken over, and removed with the unlock.
    """
    path = Path((qsettings or QSettings()).fileName())
    if not path.parent.is_dir():
        return []
    lock = QLockFile(f"{path}.lock")
    if not lock.tryLock(0):
        return []
    removed = []
    try:
        for candidate in path.parent.glob(f"{glob.escape(path.name)}.*"):
            suffix = candidate.name[len(path.name) :]
            if _LEFTOVER.fullmatch(suffix) and candidate.is_file():
                with contextlib.suppress(OSError):
                    candidate.unlink()
                    removed.append(candidate.name)
    finally:
        lock.unlock()
    if removed:
        log.warning("removed leftovers of an interrupted settings write: %s", removed)
    return removed
