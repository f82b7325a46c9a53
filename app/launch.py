"""Start Qt, show the main window (or render it to a PNG), and tear down cleanly."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from app.log_file import report
from app.ui import collector
from app.x11_check import NO_DISPLAY_EXIT, x11_problem

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # imported when the window is made: --help and --version stay fast
    from PySide6.QtWidgets import QApplication

    from app.window_host import WindowHost

DESKTOP_ID = "io.github.attention_heads.AttentionHeads"


def _app_icon():
    """The program's icon: the installed theme's, else the one shipped in resources/."""
    from PySide6.QtGui import QIcon, QPixmap

    from app.text.resources import ResourceError, read_bytes

    pixmap = QPixmap()
    try:
        pixmap.loadFromData(read_bytes("desktop/attention-heads.svg"), "SVG")
    except ResourceError:
        return QIcon.fromTheme("attention-heads")
    return QIcon.fromTheme("attention-heads", QIcon(pixmap))


def _set_icon(app) -> None:
    if app.windowIcon().isNull():
        app.setWindowIcon(_app_icon())


#: How long after the plots are built the window icon is set (they are drawn by then;
#: reading and drawing the icon takes a few milliseconds that no drawing should wait for).
ICON_DELAY_MS = 250


def _quit_on_signals(app, received: list[int]) -> Callable[[], None]:
    """SIGTERM (systemd stopping a kiosk) and SIGINT (Ctrl+C) end the program cleanly.

    Installed as soon as Qt exists; ``received`` also holds any signal that came
    earlier, and the caller checks it before the event loop starts. Python runs signal
    handlers only between bytecodes and Qt's event loop runs none while idle, so a slow
    timer gives the interpreter a regular chance to notice. Returns what undoes it all
    (a timer left running would tick on in whatever uses Qt next in this process).
    """
    from PySide6.QtCore import QTimer

    def stop(number, _frame) -> None:
        received.append(number)
        # exit(), not quit(): quit() first asks every window to close, and a kiosk
        # refuses; a stop request must end the program whatever the windows say.
        app.exit(0)

    previous = {n: signal.signal(n, stop) for n in (signal.SIGTERM, signal.SIGINT)}
    heartbeat = QTimer(app)
    heartbeat.start(SIGNAL_CHECK_MS)
    heartbeat.timeout.connect(lambda: None)

    def undo() -> None:
        heartbeat.stop()
        heartbeat.deleteLater()
        for number, handler in previous.items():
            signal.signal(number, handler)

    return undo


#: How often the interpreter gets a chance to run signal handlers.
SIGNAL_CHECK_MS = 200


def _apply_arguments(window, args: argparse.Namespace) -> None:
    """Command-line choices become the state's starting values, as one change."""
    state = window.state
    with state.batch():
        if args.sentence is not None:
            state.set_sentence(args.sentence)  # TokenError reaches main(): exit 2
        if args.head is not None:
            state.set_head(args.head)
        if args.no_mask:
            state.set_causal(False)
        if args.query is not None:
            if not 0 <= args.query < len(state.tokens):
                raise ValueError(
                    f"--query {args.query} is outside the sentence (0 to {len(state.tokens) - 1})"
                )
            state.set_query(args.query)


#: Room left for the window manager's frame and title bar: width, height.
FRAME_ALLOWANCE = (16, 48)
#: The share of a large screen a first window takes (a small screen gets all of it).
SCREEN_SHARE = (0.8, 0.85)
#: When, after the start, the window checks that its real frame fits the screen.
FRAME_CHECK_MS = (300, 1500)
#: The window's size when the screen has room for it and more.
PREFERRED_SIZE = (1024, 768)

#: The garbage collector, paused for start-up, runs again at the latest this long after
#: the event loop starts (the window resumes it sooner, once painted).
COLLECTOR_PAUSE_LIMIT_MS = 10_000


def first_geometry(available: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Where a window without saved settings opens: (x, y, width, height).

    ``available`` is the screen's area without task bars and docks. (x, y) is where
    the window's frame starts (Qt places a window by its frame), width x height the
    window without it: window and frame fit inside the area on any screen (800 x 600
    and 1024 x 600 included), and a large screen gives most of itself to the window.
    """
    x, y, width, height = available
    room_w, room_h = width - FRAME_ALLOWANCE[0], height - FRAME_ALLOWANCE[1]
    w = min(room_w, max(PREFERRED_SIZE[0], round(width * SCREEN_SHARE[0])))
    h = min(room_h, max(PREFERRED_SIZE[1], round(height * SCREEN_SHARE[1])))
    return (
        x + (width - w - FRAME_ALLOWANCE[0]) // 2,
        y + (height - h - FRAME_ALLOWANCE[1]) // 2,
        w,
        h,
    )


def _open_model_folder(window, folder: str) -> None:
    from app.window.commands import open_model_folder

    open_model_folder(window, folder)


def _place_first_window(window) -> None:
    area = window.screen().availableGeometry()
    x, y, w, h = first_geometry((area.x(), area.y(), area.width(), area.height()))
    window.resize(w, h)
    window.move(x, y)


def _fit_frame_later(window) -> None:
    """The frame a window manager really draws is known only once it has drawn it: after
    the first show (and again a moment later), keep it inside the screen's free area."""
    from PySide6.QtCore import QTimer

    for delay in FRAME_CHECK_MS:
        QTimer.singleShot(delay, window, lambda: keep_frame_inside(window))


def keep_frame_inside(window) -> None:
    """Shrink and move ``window`` so that it fits the screen's free area with the frame
    its window manager drew (the allowance above is a guess; a thick frame or a tall
    title bar would push the bottom edge, and the mask legend, off the screen)."""
    screen = window.screen()
    if screen is None or window.isFullScreen() or window.isMaximized():
        return
    area, frame, inner = screen.availableGeometry(), window.frameGeometry(), window.geometry()
    if area.contains(frame):
        return
    extra_w, extra_h = frame.width() - inner.width(), frame.height() - inner.height()
    w = min(inner.width(), area.width() - extra_w)
    h = min(inner.height(), area.height() - extra_h)
    if (w, h) != (inner.width(), inner.height()):
        window.resize(w, h)
    x = min(max(frame.x(), area.x()), area.right() + 1 - (w + extra_w))
    y = min(max(frame.y(), area.y()), area.bottom() + 1 - (h + extra_h))
    window.move(x, y)


def run_window(args: argparse.Namespace, stop_requests: list[int] | None = None) -> int:
    """Open the window, or render a screenshot; return the exit code.

    ``stop_requests`` collects SIGTERM/SIGINT; when one has arrived, start-up ends
    at the next safe point with exit code 0.
    """
    if args.paper is not None and not (args.export or "").lower().endswith(".pdf"):
        raise ValueError("--paper is for a .pdf export (--export FILE.pdf)")
    if args.screenshot or args.export:
        # A screenshot needs no screen; this also works on a machine without one.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif _first_qt_start() and (problem := x11_problem()) is not None:
        report(problem)  # before Qt fails with a misleading message
        return NO_DISPLAY_EXIT
    from app.ui.qt_messages import quiet_qt_noise

    with quiet_qt_noise(), contextlib.ExitStack() as cleanup:
        return _run_window(args, [] if stop_requests is None else stop_requests, cleanup)


def _first_qt_start() -> bool:
    """Whether no Qt application exists yet (the check is for a first start only)."""
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.instance() is None


def _run_window(
    args: argparse.Namespace, stop_requests: list[int], cleanup: contextlib.ExitStack
) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)  # the window needs widgets, not a core app
    cleanup.callback(_quit_on_signals(app, stop_requests))
    if stop_requests:
        return 0
    from app.adapters.settings import APPLICATION, ORGANIZATION, ORGANIZATION_DOMAIN

    # Settings in a folder without spaces; on X11 the window's class (WM_CLASS) is the
    # application name too, and the desktop file's StartupWMClass says the same.
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANIZATION)
    app.setOrganizationDomain(ORGANIZATION_DOMAIN)
    _log_start(app)
    # Wayland compositors and docks match the window to the installed .desktop file.
    app.setDesktopFileName(DESKTOP_ID)
    kiosk_mode = (args.kiosk or args.kiosk_config is not None) and not (
        args.screenshot or args.export
    )
    lock = None
    if kiosk_mode:
        from app.kiosk import SECOND_INSTANCE_EXIT, KioskAlreadyRunningError, claim_single_instance

        try:
            lock = claim_single_instance()
        except KioskAlreadyRunningError as error:
            report(f"attention-heads: {error}")
            return SECOND_INSTANCE_EXIT
    host = _build_host(args, kiosk_mode)
    window = host.window
    # The icon (title bar, task bar) waits until the plots are drawn. The window is the
    # timer's context: a timer still pending at exit must die with it, not with the
    # interpreter (that crashes).
    window.plots_ready.connect(
        lambda: QTimer.singleShot(ICON_DELAY_MS, window, lambda: _set_icon(app))
    )
    try:
        return _show_and_run(app, host, args, kiosk_mode, stop_requests)
    finally:
        _tear_down(host, lock)


def _log_start(app) -> None:
    """What a bug report needs to know (``--verbose``)."""
    if not log.isEnabledFor(logging.INFO):
        return  # platform.platform() reads the interpreter's binary: not for every start
    import platform

    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import QSettings, qVersion

    from app.version import app_version

    log.info(
        "Attention Heads %s; Python %s, PySide6 %s, Qt %s; %s; screen: %s%s",
        app_version(),
        platform.python_version(),
        pyside_version,
        qVersion(),
        platform.platform(),
        app.platformName(),
        " (a frozen bundle)" if getattr(sys, "frozen", False) else "",
    )
    log.info("settings: %s", QSettings().fileName())


def _build_host(args: argparse.Namespace, kiosk_mode: bool) -> WindowHost:
    """The window in the language chosen (command line, kiosk, or remembered)."""
    from app.adapters.settings import Settings, move_old_settings, remove_settings_leftovers
    from app.text.i18n import choose_language, install_language
    from app.window.main_window import MainWindow
    from app.window_host import WindowHost

    move_old_settings()  # from 0.1.0's folder, once
    remove_settings_leftovers()  # what a kill during a settings write left behind
    settings = Settings()
    remembered = settings.get("view/language")
    kiosk_config = None
    if kiosk_mode:
        from app.kiosk import load_config

        kiosk_config = load_config(args.kiosk_config)
        remembered = kiosk_config.language  # an exhibit speaks its own language first
    language = install_language(choose_language(args.language, remembered))
    log.info("language: %s", language)
    if args.language and not kiosk_mode and not (args.screenshot or args.export):
        settings.set("view/language", language)  # chosen on the command line: remembered
    return WindowHost(MainWindow, kiosk_config)


def _show_and_run(
    app: QApplication,
    host: WindowHost,
    args: argparse.Namespace,
    kiosk_mode: bool,
    stop_requests: list[int],
) -> int:
    """Apply the arguments, then take the picture, write the export, or run the window."""
    from PySide6.QtCore import QTimer

    from app.window.saved_settings import save_settings

    window = host.window
    if kiosk_mode:
        # Before the arguments: the kiosk starts from a fresh session, then --head etc.
        host.install_kiosk()
    _apply_arguments(window, args)
    first_start = not window.geometry_restored and host.kiosk is None
    if first_start:
        _place_first_window(window)
    if args.presenter:
        window.state.set_presenting(True)
        if args.screenshot or args.export:  # presenter mode at the size asked for
            window.showNormal()
    if args.size:
        window.resize(*args.size)
    if args.screenshot:
        return _screenshot(app, window, Path(args.screenshot))
    if args.export:
        from app.export.api import export_offscreen

        return export_offscreen(app, window, args.export, args.export_what, args.paper)
    if host.kiosk is None:
        window.show()  # a kiosk is shown already, fullscreen
        if first_start and not args.size and not args.presenter:
            _fit_frame_later(window)
        if args.model_dir is not None:  # read as File > Open model... reads it, once painted
            QTimer.singleShot(0, window, lambda: _open_model_folder(window, args.model_dir))
    # Settings are saved however the program ends: window closed, Ctrl+C or SIGTERM.
    # The window in use then: a language change builds a new one.
    app.aboutToQuit.connect(lambda: save_settings(host.window))
    app.aboutToQuit.connect(lambda: host.window.stop_training())  # no orphan training
    if args.close_after is not None:
        # A kiosk refuses window.close(); staff_exit is its authorised way out.
        def close() -> None:
            (host.kiosk.staff_exit if host.kiosk is not None else host.window.close)()

        QTimer.singleShot(max(args.close_after, 0), host, close)
    # The window resumes the collector once painted; this, if it never is (minimised).
    QTimer.singleShot(COLLECTOR_PAUSE_LIMIT_MS, collector.end_pause)
    if stop_requests:  # asked to stop while starting up
        return 0
    return app.exec()


def _tear_down(host: WindowHost, lock) -> None:
    """End the kiosk, delete the window while Qt is alive, free the kiosk's lock."""
    from PySide6.QtCore import QCoreApplication, QEvent

    if host.kiosk is not None:
        host.kiosk.shutdown()
    # Delete the window and its pyqtgraph items while Qt is still alive: leaving
    # them to interpreter teardown crashes the process on most runs.
    host.window.deleteLater()
    host.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if lock is not None:
        lock.unlock()


def _screenshot(app, window, path: Path) -> int:
    # The same checks and the same all-or-nothing write as File > Export.
    from app.export.api import ExportError, check_target, png_bytes, settle, write_atomic

    try:
        check_target(path)  # before drawing: a bad name is reported at once
        window.show()
        window.build_plots()
        settle(window)  # layouts and the plots' placement
        window.banner.dismiss()  # a confirmation passing by is not part of the picture
        write_atomic(path, png_bytes(window))
    except ExportError as error:
        report(f"attention-heads: error: {error}")
        return 1
    finally:
        window.hide()  # not close(): a screenshot must not overwrite the saved window size
    return 0
