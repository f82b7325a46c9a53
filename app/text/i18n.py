"""The program's languages: which one is in use, and loading its translations.

Every visible string goes through Qt's translation system (``self.tr`` in
QObject subclasses, ``QCoreApplication.translate`` elsewhere). The translations
live in ``resources/i18n/attention_heads_<code>.ts`` (made with
``pyside6-lupdate``) and are compiled to ``.qm`` files (``pyside6-lrelease``)
that ship with the program. English is the source language and needs no file.

The language is chosen in this order: ``--language CODE``, the one remembered in
the settings, the system locale, English. Numbers on screen follow it through
``QLocale`` (0,92 in German); files written for programs (CSV, JSON) never do.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.text.resources import ResourceError, read_bytes

log = logging.getLogger(__name__)

#: Each language by its code and by its own name, as a visitor looks for it.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
#: The language the sources are written in, and the fallback.
SOURCE_LANGUAGE = "en"
#: The program's translation files, ``resources/i18n/attention_heads_<code>.qm``.
CATALOGUE = "attention_heads"

_installed: list[QTranslator] = []
_current = SOURCE_LANGUAGE


def normalize(code: str | None) -> str | None:
    """'de_DE', 'de-AT' or 'DE' -> 'de'; None for a language the program does not speak."""
    if not code:
        return None
    short = code.replace("-", "_").split("_")[0].lower()
    return short if short in LANGUAGES else None


def system_language() -> str:
    """The system locale's language when the program speaks it, else English."""
    for name in QLocale.system().uiLanguages():
        code = normalize(name)
        if code is not None:
            return code
    return SOURCE_LANGUAGE


def choose_language(requested: str | None, remembered: str | None) -> str:
    """The language to start in: the command line's, the remembered one, the system's."""
    return normalize(requested) or normalize(remembered) or system_language()


def current_language() -> str:
    """The code of the language in use."""
    return _current


def _app_translator(code: str) -> QTranslator | None:
    translator = QTranslator()
    try:
        data = read_bytes(f"i18n/{CATALOGUE}_{code}.qm")
    except ResourceError as error:
        log.warning("no translations for %s: %s", code, error)
        return None
    # QTranslator.load(bytes) reads from memory and keeps no copy: the bytes must
    # live as long as the translator does.
    translator._data = data  # type: ignore[attr-defined]
    if not translator.load(data):
        log.warning("the translations for %s could not be read", code)
        return None
    return translator


def _qt_translator(code: str) -> QTranslator | None:
    """Qt's own words (dialog buttons, context menus) from the wheel's qtbase file."""
    translator = QTranslator()
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    return translator if translator.load(f"qtbase_{code}", folder) else None


def install_language(code: str) -> str:
    """Make ``code`` the language of everything built from now on; return the code used.

    Removes the translators of the previous language, installs the program's and
    Qt's for this one, and makes ``QLocale`` format numbers its way. Widgets already
    built keep their words: the window is rebuilt for a change (see ``launch``).
    """
    global _current
    code = normalize(code) or SOURCE_LANGUAGE
    app = QCoreApplication.instance()
    for translator in _installed:
        if app is not None:
            app.removeTranslator(translator)
    _installed.clear()
    if code != SOURCE_LANGUAGE and app is not None:
        for candidate in (_app_translator(code), _qt_translator(code)):
            if candidate is not None and app.installTranslator(candidate):
                _installed.append(candidate)
    QLocale.setDefault(QLocale(code))
    _current = code
    return code


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Words and numbers in language ``code`` for a while (a worksheet in another
    language than the window's), then the language in use again."""
    before = current_language()
    wanted = normalize(code) or SOURCE_LANGUAGE
    if wanted == before:
        yield wanted
        return
    install_language(wanted)
    try:
        yield wanted
    finally:
        install_language(before)
