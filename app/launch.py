"""Start Qt, show the main window, and tear everything down cleanly."""

from __future__ import annotations

import argparse
import sys


def run_window(args: argparse.Namespace) -> int:
    """Open the window (or render a screenshot); return the exit code."""
    from PySide6.QtCore import QCoreApplication, QEvent, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Attention Heads")
    app.setOrganizationName("Attention Heads")

    from .main_window import MainWindow

    window = MainWindow()
    if args.size:
        window.resize(*args.size)
    window.show()
    if args.close_after is not None:
        QTimer.singleShot(max(args.close_after, 0), window.close)
    code = app.exec()
    # Delete the window and its pyqtgraph items while Qt is still alive: leaving
    # them to interpreter teardown crashes the process on most runs.
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return code
