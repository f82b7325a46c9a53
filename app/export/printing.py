"""File > Print: the handout of what the window shows, through Qt's print dialog.

The pages are the ones ``--export x.pdf`` writes (``app.export.handout``), painted on
the printer the dialog set up, on the paper chosen there (A4 or Letter to start with,
as the system measures). QtPrintSupport is imported on the first print, not at start.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QWidget

from app.export.api import default_name
from app.export.handout import paint_handout
from app.export.pages import print_on
from app.export.sheet import default_paper, paper_size
from app.model.results import AttentionResult
from app.text.wording import translate

#: Asks how to print on ``printer`` (the dialog); True to go ahead.
AskPrinter = Callable[[QWidget, object], bool]
ShowError = Callable[[QWidget, str], None]


def ask_with_dialog(parent: QWidget, printer) -> bool:
    """Qt's print dialog: printer, paper, copies, pages; True when the person prints."""
    from PySide6.QtPrintSupport import QPrintDialog

    dialog = QPrintDialog(printer, parent)
    dialog.setObjectName("printDialog")
    dialog.setWindowTitle(translate("Print", "Print what the window shows"))
    try:
        return dialog.exec() == QPrintDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


def show_print_error(parent: QWidget, message: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.warning(parent, translate("Print", "Printing failed"), message)


def new_printer():
    """A printer at full resolution on the system's paper, named after what it prints."""
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageSize(paper_size(default_paper()))
    return printer


def print_with_dialog(
    parent: QWidget,
    result: AttentionResult,
    sentence: str,
    ask: AskPrinter | None = None,
    show_error: ShowError | None = None,
    printer=None,
) -> bool:
    """Ask how to print, then print the handout; True when it went to the printer.

    ``ask``, ``show_error`` and ``printer`` stand in for the dialog, the error box and
    the system's printer (tests, or another front end).
    """
    printer = printer or new_printer()
    # The name a print job (or "Print to file") takes: a file name, not the PDF's title.
    printer.setDocName(Path(default_name(result, "handout", "pdf")).stem)
    if not (ask or ask_with_dialog)(parent, printer):
        return False
    if not print_on(printer, paint_handout(result, sentence)):
        message = translate("Print", "The printer could not be started. Nothing was printed.")
        (show_error or show_print_error)(parent, message)
        return False
    return True
