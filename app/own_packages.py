"""Before anything else loads: are ``app``, ``core`` and ``resources`` really this program's?

Those names are common, and other distributions use them too (the package index has an
``app`` and a ``resources``, each a top-level package of that name). Installed beside this
program, such a package replaces ours without a word from pip, and the program then dies
somewhere inside it with a traceback about a module it never needed. So at start-up each
package's ``__init__.py``, as Python would import it, is compared with this distribution's
own: the hash in its installed file list (the ``RECORD`` of its ``.dist-info`` folder),
or, for an editable install, the file in the source tree it points to. Nothing of the
three is imported here (``app`` is, of course, already running). The folder is read
directly: ``importlib.metadata`` costs some 30 ms of every start, so it is loaded only
to name the other distribution when one is in the way.

The line says how to mend what it found: a package earlier on the import path goes
away (and ours is found again); one written over ours is uninstalled and ours
reinstalled, since uninstalling it removes the file it wrote over ours; a file of ours
that is missing or changed is reinstalled. Each with the command to type.

A frozen bundle is left alone: its packages were sealed in when it was built.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlparse

DISTRIBUTION = "attention-heads"
#: How its installed metadata folder is named (the normalised name, then the version).
DIST_INFO_NAME = "attention_heads"
#: The top-level packages this distribution installs.
OWN_PACKAGES = ("app", "core", "resources")
#: Exit code when a package of another distribution is in the way.
FOREIGN_PACKAGE_EXIT = 4


def _record_hash(data: bytes) -> str:
    """A file's hash as an installed file list writes it (``sha256=`` and urlsafe base64)."""
    # Imported here: loading OpenSSL for hashlib costs some 3 ms, and an editable
    # install (as the README installs it) compares the files themselves.
    import base64
    import hashlib

    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode('ascii')}"


def _own_metadata() -> Path | None:
    """This distribution's ``.dist-info`` folder on the import path, as Python would
    find it (the first in ``sys.path`` order), or None when it is not installed."""
    for entry in sys.path:
        try:
            found = sorted(Path(entry or ".").glob(f"{DIST_INFO_NAME}-*.dist-info"))
        except OSError:
            continue
        if found:
            return found[0]
    return None


def _editable_root(info: Path) -> Path | None:
    """The source tree of an editable install (``pip install -e``), else None."""
    try:
        data = json.loads((info / "direct_url.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not data.get("dir_info", {}).get("editable"):
        return None
    url = urlparse(str(data.get("url", "")))
    return Path(unquote(url.path)) if url.scheme == "file" else None


def _hashes_to(expected: str) -> Callable[[bytes], bool]:
    return lambda data: _record_hash(data) == expected


class _Own(NamedTuple):
    """Where an own package's ``__init__.py`` belongs, and a test of what it must hold."""

    place: Path
    holds: Callable[[bytes], bool]


def _expected(info: Path) -> dict[str, _Own]:
    """For each own package, where its ``__init__.py`` belongs and what it must hold: the
    hash in the installed file list, or for an editable install the source tree's file."""
    wanted = {f"{name}/__init__.py": name for name in OWN_PACKAGES}
    tests: dict[str, _Own] = {}
    try:
        with open(info / "RECORD", newline="", encoding="utf-8") as record:
            for row in csv.reader(record):
                if len(row) >= 2 and row[0] in wanted and row[1]:
                    tests[wanted[row[0]]] = _Own(info.parent / row[0], _hashes_to(row[1]))
    except OSError:
        pass
    root = _editable_root(info)
    for name in OWN_PACKAGES:
        if name not in tests and root is not None:
            source = root / name / "__init__.py"
            if source.is_file():
                tests[name] = _Own(source, source.read_bytes().__eq__)
    return tests


def _found(name: str) -> Path | None:
    """The ``__init__.py`` Python imports for ``name`` (None: none, or a bare folder)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None or not spec.has_location:
        return None
    return Path(spec.origin)


def _owner(name: str, found: Path | None) -> tuple[str, str] | None:
    """(name, version) of another distribution that installed ``name``.

    The one whose file list holds the very file Python finds, else any that claims the
    name; None when none does (a folder early on the import path, say).
    """
    from importlib import metadata

    claimants = []
    for dist in metadata.distributions():
        if dist.metadata["Name"] == DISTRIBUTION:
            continue
        files = {str(f) for f in dist.files or ()}
        top_level = (dist.read_text("top_level.txt") or "").split()
        if f"{name}/__init__.py" in files:
            located = Path(str(dist.locate_file(f"{name}/__init__.py")))
            if found is not None and located.resolve() == found.resolve():
                return dist.metadata["Name"], dist.version
        if f"{name}/__init__.py" in files or name in top_level:
            claimants.append((dist.metadata["Name"], dist.version))
    return claimants[0] if claimants else None


def _command(*words: str) -> str:
    """A command line to type, with this interpreter's path quoted where it needs it."""
    import shlex

    quote = (lambda w: f'"{w}"' if " " in w else w) if sys.platform == "win32" else shlex.quote
    return " ".join(quote(word) for word in [sys.executable, *words])


def reinstall_command(info: Path) -> str:
    """What puts this program's own files back: the same kind of install again."""
    root = _editable_root(info)
    if root is not None:
        return _command("-m", "pip", "install", "-e", str(root))
    return _command("-m", "pip", "install", "--force-reinstall", "--no-deps", DISTRIBUTION)


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


def foreign_package() -> str | None:
    """One line for the person at the terminal if an own package is missing or is
    someone else's, saying how to mend it."""
    if getattr(sys, "frozen", False):
        return None
    info = _own_metadata()
    if info is None:
        return None  # run from a source tree that was never installed: nothing to compare
    expected = _expected(info)
    for name in OWN_PACKAGES:
        if name not in expected:
            continue
        own, found = expected[name], _found(name)
        try:
            if found is not None and own.holds(found.read_bytes()):
                continue
        except OSError:
            pass
        return _advice(name, found, own, info)
    return None


def _advice(name: str, found: Path | None, own: _Own, info: Path) -> str:
    """What is wrong with the package ``name``, and the one way to mend it."""
    error = "attention-heads: error:"
    reinstall = reinstall_command(info)
    if found is None or not found.is_file():
        # Nothing of ours is left where it belongs: most often another package that had
        # been installed over it was uninstalled, and took our file with it.
        return (
            f"{error} part of Attention Heads is missing: Python finds no {name}/__init__.py; "
            f"reinstall Attention Heads: {reinstall}"
        )
    owner = _owner(name, found)
    where = f"the package '{name}' that Python finds ({found.parent}) is not this program's"
    whose = f"it belongs to {owner[0]} {owner[1]}" if owner else "it is another program's"
    if not _same_file(found, own.place):
        # Another one earlier on the import path: once it is gone, ours is found again.
        remove = (
            f"uninstall it ({_command('-m', 'pip', 'uninstall', owner[0])})"
            if owner
            else ("take its folder off Python's import path")
        )
        return (
            f"{error} {where}: {whose}; {remove}, or install Attention Heads in an "
            "environment of its own (python3 -m venv), where nothing else installs app, "
            "core or resources"
        )
    if owner is None:
        return (
            f"{error} this program's {name}/__init__.py ({found}) has been changed; "
            f"reinstall Attention Heads: {reinstall}"
        )
    # Written over ours: uninstalling it removes that file too, so ours must come back.
    return (
        f"{error} {where}: {whose}, installed over it; uninstall it "
        f"({_command('-m', 'pip', 'uninstall', owner[0])}), then reinstall Attention Heads "
        f"({reinstall}), or install Attention Heads in an environment of its own "
        "(python3 -m venv), where nothing else installs app, core or resources"
    )
