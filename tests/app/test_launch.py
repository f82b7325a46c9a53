"""The real program, started as a user would, must exit cleanly."""

import os
import subprocess
import sys

import pytest


@pytest.mark.slow  # a real process of the program
def test_program_opens_a_window_and_exits_cleanly():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "app", "--close-after", "300"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_the_window_gets_its_icon_once_its_plots_stand(qapp):
    """The icon is set after the first paint (it would delay it), but it is set."""
    import signal

    from PySide6.QtGui import QIcon

    from app.cli import build_parser
    from app.launch import run_window

    handlers = {n: signal.getsignal(n) for n in (signal.SIGTERM, signal.SIGINT)}
    qapp.setWindowIcon(QIcon())
    try:
        assert run_window(build_parser().parse_args(["--close-after", "800"])) == 0
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
    assert not qapp.windowIcon().isNull()


class _Framed:
    """A window whose window manager drew a frame: 20 px of title, 1 px borders."""

    def __init__(self, area, client) -> None:
        from PySide6.QtCore import QRect

        self.area, self.client = area, QRect(*client)

    def screen(self):
        area = self.area

        class Screen:
            def availableGeometry(self):  # noqa: N802 (Qt's name)
                return area

        return Screen()

    def isFullScreen(self):  # noqa: N802
        return False

    def isMaximized(self):  # noqa: N802
        return False

    def geometry(self):
        return self.client

    def frameGeometry(self):  # noqa: N802
        return self.client.adjusted(-1, -20, 1, 1)

    def resize(self, w, h):
        from PySide6.QtCore import QSize

        self.client.setSize(QSize(w, h))

    def move(self, x, y):  # Qt moves a window by its frame
        from PySide6.QtCore import QPoint

        self.client.moveTopLeft(QPoint(x + 1, y + 20))


def test_a_first_window_fits_the_screen_with_the_frame_its_manager_drew():
    from PySide6.QtCore import QRect

    from app.launch import keep_frame_inside

    area = QRect(0, 0, 1024, 768)
    window = _Framed(area, (0, 48, 1024, 720))  # 20 px past the bottom, as reported
    keep_frame_inside(window)
    assert area.contains(window.frameGeometry())
    assert window.geometry().height() == 720 and window.geometry().width() == 1022
    fits = _Framed(area, (1, 20, 1000, 700))
    keep_frame_inside(fits)
    assert fits.geometry() == QRect(1, 20, 1000, 700)  # a window that fits stays put
