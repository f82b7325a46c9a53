"""Fixtures for tests that drive the real window."""

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import QApplication, QMainWindow


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, qapp):
    """Every test reads and writes settings in its own folder, never the user's."""
    QCoreApplication.setOrganizationName("Attention Heads Tests")
    QCoreApplication.setApplicationName("Attention Heads")
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield tmp_path / "settings"


@pytest.fixture(autouse=True)
def windows_end_with_their_test(qapp):
    """The main windows a test made are destroyed when it ends, at a quiet moment.

    Left to Python's garbage collector, a window in a reference cycle was destroyed at
    some later moment of another test, once inside a Qt call that held one of Qt's
    signal-slot locks (pyqtgraph disconnecting a view): the window's destructor waited
    for that lock forever and the whole run hung. Deleted here, its C++ side is gone and
    the collector later frees only Python wrappers. Set up before every other fixture,
    this runs after pytest-qt has closed the test's widgets.
    """
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QMainWindow):
            widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def window(qtbot):
    """The main window, shown, with its plots built and laid out at 1024 x 768."""
    from app.window.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1024, 768)
    win.show()
    qtbot.waitExposed(win)
    win.build_plots()
    qtbot.wait(1)  # the posted layouts and zero timers; nothing here waits for time
    return win


@pytest.fixture
def german(qapp):
    """The program's German translations installed for one test, English again after it."""
    from app.text.i18n import install_language

    install_language("de")
    yield
    install_language("en")
