"""``attention-heads worksheet``: a class's worksheet as a PDF file, drawn without a window."""

from __future__ import annotations

import argparse
import os
import sys

from app.log_file import report

#: Exit code when the file cannot be written (as for --export).
WRITE_FAILED_EXIT = 1


def run_worksheet(args: argparse.Namespace) -> int:
    """Write the worksheet the arguments ask for; exit code 0, or 1 when the file cannot
    be written. An unusable sentence raises ``TokenError`` (exit code 2 from ``main``)
    before anything is drawn or written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # pages need fonts, not a screen
    from PySide6.QtGui import QGuiApplication

    from app.ui.qt_messages import quiet_qt_noise

    with quiet_qt_noise():
        app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (kept)
        return _write(args)


def _write(args: argparse.Namespace) -> int:
    import core
    from app.export.files import ExportError, check_target
    from app.export.sheet import default_paper
    from app.export.worksheet import write_worksheet
    from app.text.i18n import system_language
    from app.text.lesson import lesson_sentence

    language = args.sheet_language or system_language()
    sentence = args.sheet_sentence
    if sentence is None:
        sentence = lesson_sentence(language)
    core.tokenize(sentence)  # a sentence that cannot be used: exit code 2, nothing written
    try:
        check_target(args.sheet_output)  # before drawing: a bad name is reported at once
        write_worksheet(args.sheet_output, sentence, args.sheet_paper or default_paper(), language)
    except ExportError as error:
        report(f"attention-heads: error: {error}")
        return WRITE_FAILED_EXIT
    return 0
