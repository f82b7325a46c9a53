"""Read the program's data files (text, styles, icons) from the ``resources`` package.

Every file is read through here, so a missing or damaged file becomes one clear
``ResourceError`` instead of a crash somewhere in a panel.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any


class ResourceError(RuntimeError):
    """A resource file is missing or cannot be understood.

    ``kind`` (``"unreadable"``, ``"not_text"``, ``"not_json"`` or ``"content"``) and
    ``name`` (the file under ``resources/``) let the app word it in the learner's
    language (``app.text.errors.resource_error``); ``str()`` is the detail for the log.
    """

    def __init__(self, message: str, kind: str = "content", name: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.name = name


@cache
def _folder() -> Path:
    """Where the ``resources`` package lies: a folder, in an installed program and in a
    bundle alike. (``importlib.resources`` finds the same folder, at 4 ms of every start
    for machinery that reads packages inside zip files, which this one never is.)"""
    import resources  # not before the start-up guard has checked it is ours

    return Path(resources.__file__).parent


def _path(name: str) -> Path:
    return _folder().joinpath(*name.split("/"))


def read_bytes(name: str) -> bytes:
    """The bytes of ``resources/<name>`` (a '/'-separated path)."""
    node = _path(name)
    try:
        return node.read_bytes()
    except OSError as error:
        raise ResourceError(
            f"resource {name!r} could not be read: {error}", "unreadable", name
        ) from error


def localized(name: str, language: str) -> str:
    """``text/heads.json`` -> ``text/de/heads.json`` when that translation exists.

    English lives at the top of ``resources/text/``; every other language in a
    folder named by its code. A language without its own file gets the English one.
    """
    folder, _, file = name.rpartition("/")
    translated = f"{folder}/{language}/{file}" if folder else f"{language}/{file}"
    return translated if language != "en" and _path(translated).is_file() else name


def read_text(name: str) -> str:
    """The UTF-8 text of ``resources/<name>``."""
    try:
        return read_bytes(name).decode("utf-8")
    except UnicodeDecodeError as error:
        raise ResourceError(
            f"resource {name!r} is not UTF-8 text: {error}", "not_text", name
        ) from error


def load_json(name: str) -> Any:
    """Parsed JSON from ``resources/<name>``."""
    try:
        return json.loads(read_text(name))
    except json.JSONDecodeError as error:
        raise ResourceError(
            f"resource {name!r} is not valid JSON: {error}", "not_json", name
        ) from error
