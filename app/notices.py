"""Whose work Attention Heads carries, under which licences: the third-party notice.

The notice names every distribution the program runs on (its requirements, theirs, and
so on, as installed) with its version, its licence and the licence's text, all read from
the installed metadata (``importlib.metadata``), and Python itself. A distribution whose
metadata carries no licence text (PySide6 and shiboken6 name theirs only) gets the text
of the licence it is used under from ``resources/licences/``.

``scripts/build_bundle.py`` writes it into every bundle as ``THIRD-PARTY-NOTICES.txt``
(beside the program; in the macOS app under ``Contents/Resources``), adding PyInstaller,
whose start-up program every bundle carries. Help ▸ About shows that file; an installed
program makes the same text from its own metadata when asked, and
``python -m app.notices`` prints it. No Qt here.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

NOTICE_NAME = "THIRD-PARTY-NOTICES.txt"
DISTRIBUTION = "attention-heads"
RULE = "=" * 78

#: Texts for licences that a distribution names but does not ship, under resources/.
#: LGPL-3.0 adds to the GPL-3.0, so its text comes with the GPL's.
FALLBACK_TEXTS = {
    "LGPL-3.0-only": ("licences/LGPL-3.0-only.txt", "licences/GPL-3.0-only.txt"),
    # tokenizers names its licence by classifier only and ships no text.
    "Apache Software License": ("licences/Apache-2.0.txt",),
}
#: Qt for Python offers a choice; a program that is not GPL uses Qt under the LGPL.
CHOSEN = {"LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only": "LGPL-3.0-only"}
#: Said of a distribution, after its licence (what a reader needs besides the text).
NOTES = {
    "pyside6-essentials": "Qt for Python and the Qt libraries, used under the LGPL-3.0 "
    "(chosen from: LGPL-3.0-only, GPL-2.0-only, GPL-3.0-only). Their source: "
    "https://code.qt.io (pyside-setup and the qt5 repositories). The Qt libraries also "
    "hold code of others under permissive licences, listed with the Qt documentation: "
    "https://doc.qt.io/qt-6/licenses-used-in-qt.html",
    "shiboken6": "The binding layer of Qt for Python, used under the LGPL-3.0.",
    "pyinstaller": "Only PyInstaller's start-up program (the bootloader) is in a bundle; "
    "its licence lets it start programs under any licence (the bootloader exception "
    "in the text below).",
}


@dataclass(frozen=True)
class Section:
    """One work in the notice: what it is, its licence, and the licence's texts."""

    name: str
    version: str
    licence: str
    texts: tuple[tuple[str, str], ...]  # (file name, text)
    home: str = ""
    note: str = ""


def _key(name: str) -> str:
    """A distribution's name as the package index compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_names(dist: metadata.Distribution) -> Iterator[str]:
    """The distributions ``dist`` needs to run: not those of its extras."""
    for requirement in dist.requires or ():
        _spec, _, marker = requirement.partition(";")
        if "extra" in marker:
            continue
        found = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement.strip())
        if found:
            yield found.group(0)


def requirement_closure(roots: Iterable[str] = (DISTRIBUTION,)) -> list[metadata.Distribution]:
    """``roots`` and everything they need, as installed, each once, in the order found.

    A requirement whose marker this system does not meet is not installed, so it is
    not found: what is installed is what runs (and what a bundle takes in).
    """
    found: dict[str, metadata.Distribution] = {}
    waiting = list(roots)
    while waiting:
        name = waiting.pop(0)
        if _key(name) in found:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        found[_key(name)] = dist
        waiting.extend(_requirement_names(dist))
    return list(found.values())


def _field(meta, name: str) -> str:
    """A metadata field's first value, or "" (``meta[name]`` of a missing field is
    deprecated)."""
    values = meta.get_all(name) or ()
    return str(values[0]) if values else ""


def licence_of(dist: metadata.Distribution) -> str:
    """The licence a distribution states: its SPDX expression, else its licence field,
    else its licence classifiers."""
    meta = dist.metadata
    expression = _field(meta, "License-Expression")
    field = _field(meta, "License").strip()
    if expression:
        return expression
    if field and "\n" not in field and len(field) < 120:
        return field
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or () if "License" in c]
    if classifiers:
        return ", ".join(classifiers)
    return field.splitlines()[0] if field else "not stated in its metadata"


def _licence_files(dist: metadata.Distribution) -> Iterator[tuple[str, str]]:
    """The licence texts a distribution's metadata carries: (name, text)."""
    seen = set()
    for name in dist.metadata.get_all("License-File") or ():
        for place in (f"licenses/{name}", name):  # metadata 2.4 puts them under licenses/
            text = dist.read_text(place)
            if text is not None and name not in seen:
                seen.add(name)
                yield name, text
                break
    if seen:
        return
    for file in dist.files or ():  # older metadata: LICENSE and friends in .dist-info
        in_metadata = len(file.parts) >= 2 and file.parts[0].endswith((".dist-info", ".egg-info"))
        if in_metadata and re.match(r"(LICEN[CS]E|COPYING|NOTICE)", file.name, re.IGNORECASE):
            text = Path(str(file.locate())).read_text(encoding="utf-8", errors="replace")
            yield file.name, text


def _own_licence() -> tuple[tuple[str, str], ...]:
    """This program's LICENSE in a source tree (whose ``.egg-info`` metadata lacks it)."""
    licence = Path(__file__).resolve().parents[1] / "LICENSE"
    return (("LICENSE", licence.read_text(encoding="utf-8")),) if licence.is_file() else ()


def _fallback(licence: str) -> tuple[tuple[str, str], ...]:
    from app.text.resources import read_text

    names = FALLBACK_TEXTS.get(CHOSEN.get(licence, licence), ())
    return tuple((name.rpartition("/")[2], read_text(name)) for name in names)


def _home(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    urls = dict(
        (label.strip().lower(), url.strip())
        for label, _, url in (entry.partition(",") for entry in meta.get_all("Project-URL") or ())
    )
    return _field(meta, "Home-page") or urls.get("homepage") or next(iter(urls.values()), "")


def section(dist: metadata.Distribution) -> Section:
    """What the notice says of one installed distribution."""
    licence = licence_of(dist)
    name = dist.metadata["Name"]
    texts = tuple(_licence_files(dist)) or _fallback(licence)
    if not texts and _key(name) == DISTRIBUTION:
        texts = _own_licence()
    return Section(name, dist.version, licence, texts, _home(dist), NOTES.get(_key(name), ""))


def python_section() -> Section:
    """Python, which runs the program (and which a bundle carries)."""
    version = ".".join(str(part) for part in sys.version_info[:3])
    minor = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    base = Path(sys.base_prefix)
    places = [
        base / "lib" / minor / "LICENSE.txt",
        base / "LICENSE.txt",
        base / "Lib" / "LICENSE.txt",
    ]
    texts = tuple(
        (place.name, place.read_text(encoding="utf-8", errors="replace"))
        for place in places
        if place.is_file()
    )[:1]  # the first found
    return Section(
        "Python",
        version,
        "PSF-2.0",
        texts,
        "https://www.python.org",
        "" if texts else "Its licence: https://docs.python.org/3/license.html",
    )


#: Word lists the program carries, copied from others' work: (name, version, licence,
#: licence text under resources/, home, what it is here).
DATA = (
    (
        "WordNet",
        "3.0",
        "WordNet 3.0 licence",
        "licences/WordNet-3.0.txt",
        "https://wordnet.princeton.edu",
        "Its lists of irregular forms (core/english/word_forms.txt), by which the English "
        "page reads a word it does not know as a form of one it does.",
    ),
    (
        "better-profanity word list",
        "0.7.0",
        "MIT",
        "licences/better-profanity-MIT.txt",
        "https://github.com/snguyenthanh/better_profanity",
        "Its word list, part of the words the English model never knows and never "
        "shows (core/english/blocked_words.txt).",
    ),
)


def data_sections() -> list[Section]:
    """The word lists of :data:`DATA`."""
    from app.text.resources import read_text

    return [
        Section(name, version, licence, ((text.rpartition("/")[2], read_text(text)),), home, note)
        for name, version, licence, text, home, note in DATA
    ]


def sections(roots: Iterable[str] = (DISTRIBUTION,), alone: Iterable[str] = ()) -> list[Section]:
    """Attention Heads first, then what it runs on (``roots`` and their requirements;
    ``alone``: distributions without their requirements), Python, then the word lists the
    program carries."""
    found = requirement_closure(roots)
    for name in alone:
        try:
            found.append(metadata.distribution(name))
        except metadata.PackageNotFoundError:
            continue
    return [section(dist) for dist in found] + [python_section(), *data_sections()]


def format_notice(parts: list[Section]) -> str:
    """The notice as plain text: a contents table, then each work with its licence."""
    own = parts[0] if parts and _key(parts[0].name) == DISTRIBUTION else None
    title = f"Attention Heads {own.version if own else ''}".strip()
    width = max(len(f"{p.name} {p.version}") for p in parts) + 2
    lines = [
        f"{title}: third-party notices",
        "",
        "Attention Heads is free software under the MIT licence. It runs on the work of",
        "others, each under its own licence: this file names each one, its version and",
        "licence, and gives the licence's text. It was made from the installed",
        "metadata of each distribution.",
        "",
        "Contents:",
        *(f"  {f'{p.name} {p.version}':<{width}}{p.licence}" for p in parts),
    ]
    for part in parts:
        lines += ["", RULE, f"{part.name} {part.version}", f"Licence: {part.licence}"]
        if part.home:
            lines.append(f"Home: {part.home}")
        if part.note:
            lines += textwrap.wrap(part.note, len(RULE), break_on_hyphens=False)
        for name, text in part.texts:
            lines += ["", f"--- {name} ---", "", text.rstrip()]
    return "\n".join(lines) + "\n"


def notice_text(alone: Iterable[str] = ()) -> str:
    """The notice for this installation (``alone``: what a bundle adds)."""
    return format_notice(sections(alone=alone))


def bundled_notice() -> Path | None:
    """Where a frozen bundle keeps its notice (None: not a bundle)."""
    if not getattr(sys, "frozen", False):
        return None
    program = Path(sys.executable).resolve().parent
    if sys.platform == "darwin" and program.name == "MacOS":
        return program.parent / "Resources" / NOTICE_NAME
    return program / NOTICE_NAME


def notice() -> str:
    """The notice to show: a bundle's own file, or one made now from the metadata."""
    path = bundled_notice()
    if path is None:
        return notice_text()
    return path.read_text(encoding="utf-8")  # OSError: the caller says what is wrong


if __name__ == "__main__":  # python -m app.notices: the notice of this installation
    sys.stdout.write(notice_text())
