"""Drive a real kiosk on an X11 display and check that it cannot be lost.

Run by ``scripts/check_kiosk_x11.sh`` (which starts Xvfb, with or without a window
manager). The kiosk runs in this process; ``xdotool`` does to its window what a window
manager's buttons, menus and key bindings would do; after each step the window must be
back: mapped, fullscreen, covering the screen. Prints one line per check and exits 1
if any failed.
"""

from __future__ import annotations

import subprocess
import sys
import time

from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtWidgets import QApplication

from app.kiosk import KioskConfig, install_kiosk
from app.window.main_window import MainWindow

#: Time a window manager and the kiosk get to settle after each step, in ms.
SETTLE_MS = 1500


def x_window_state(window_id: int) -> tuple[str, str]:
    """('IsViewable' or 'IsUnMapped'..., 'WxH+X+Y') as the X server sees the window."""
    text = subprocess.run(
        ["xwininfo", "-id", str(window_id)], capture_output=True, text=True, check=False
    ).stdout
    fields = {
        key.strip(): value.strip()
        for key, value in (line.split(":", 1) for line in text.splitlines() if ":" in line)
    }
    geometry = "{}x{}+{}+{}".format(
        *(
            fields.get(k, "?")
            for k in ("Width", "Height", "Absolute upper-left X", "Absolute upper-left Y")
        )
    )
    return fields.get("Map State", "?"), geometry


def net_wm_state(window_id: int) -> str:
    """The window's _NET_WM_STATE as xprop prints it (what a window manager was asked)."""
    return subprocess.run(
        ["xprop", "-id", str(window_id), "_NET_WM_STATE"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout


def _xwininfo(*args: str) -> str:
    return subprocess.run(["xwininfo", *args], capture_output=True, text=True).stdout


def foreign_windows(own_id: int) -> list[str]:
    """Windows on the screen that are neither the kiosk nor its frame: a window
    manager's menu, say (its 1 x 1 helper windows do not count)."""
    parent = _xwininfo("-id", str(own_id), "-tree")
    frame = next(
        (line.split()[3] for line in parent.splitlines() if "Parent window id" in line), ""
    )
    found = []
    for line in _xwininfo("-root", "-children").splitlines():
        words = line.split()
        if not words or not words[0].startswith("0x"):
            continue
        window_id = words[0]
        if int(window_id, 16) == own_id or window_id == frame:
            continue
        info = _xwininfo("-id", window_id)
        fields = dict(
            (k.strip(), v.strip())
            for k, v in (x.split(":", 1) for x in info.splitlines() if ":" in x)
        )
        big = int(fields.get("Width", "0")) > 8 and int(fields.get("Height", "0")) > 8
        if fields.get("Map State") == "IsViewable" and big:
            found.append(f"{window_id} {fields.get('Width')}x{fields.get('Height')}")
    return found


def visible_top_levels(pid: int) -> list[str]:
    """The mapped top-level windows of this process (dialogs included, if any)."""
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(pid), "--name", "."],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    return found


class Scenario:
    def __init__(self, app: QApplication, with_wm: bool) -> None:
        self.app = app
        self.with_wm = with_wm
        self.failures = 0
        self.window = MainWindow()
        self.kiosk = install_kiosk(self.window, KioskConfig(staff_pin="2468", idle_seconds=600))
        self.steps = [
            ("starts covering the whole screen", None),
            ("the glossary opens inside the kiosk window", self.open_glossary),
            ("minimised (window manager)", lambda: self.xdotool("windowminimize")),
            ("moved", lambda: self.xdotool("windowmove", "200", "150")),
            ("resized", lambda: self.xdotool("windowsize", "640", "480")),
            ("unmapped", lambda: self.xdotool("windowunmap")),
            ("hidden by the program", self.window.hide),
            ("Alt+Space (a window manager's window menu)", lambda: self.key("alt+space")),
            ("Alt+F3 / Alt+Tab (more of its keys)", lambda: self.key("alt+F3", "alt+Tab")),
            ("still covering the screen at the end", None),
        ]

    @property
    def window_id(self) -> int:
        return int(self.window.winId())

    def xdotool(self, *command: str) -> None:
        subprocess.run(["xdotool", command[0], str(self.window_id), *command[1:]], check=False)

    def key(self, *keys: str) -> None:
        """Keys as a visitor's keyboard would send them (a window manager grabs some)."""
        for key in keys:
            subprocess.run(["xdotool", "key", "--clearmodifiers", key], check=False)

    def open_glossary(self) -> None:
        self.window.glossary.show_term("causal_mask")

    def report(self, name: str) -> None:
        window, screen = self.window, self.window.screen().geometry()
        mapped, geometry = x_window_state(self.window_id)
        wanted = f"{screen.width()}x{screen.height()}+{screen.x()}+{screen.y()}"
        problems = []
        if not (window.isVisible() and window.isFullScreen() and not window.isMinimized()):
            problems.append(f"Qt state {window.windowState()!r}, visible {window.isVisible()}")
        if window.geometry() != screen:
            problems.append(f"Qt geometry {window.geometry().getRect()} != {screen.getRect()}")
        if mapped != "IsViewable":
            problems.append(f"X map state {mapped}")
        if geometry != wanted:
            problems.append(f"X geometry {geometry} != {wanted}")
        if name.startswith("the glossary"):
            glossary = window.glossary
            if glossary.isWindow() or not glossary.isVisible():
                problems.append("the glossary is a window of its own (or not shown)")
        if self.with_wm:
            state = net_wm_state(self.window_id)
            for wanted_state in ("_NET_WM_STATE_FULLSCREEN", "_NET_WM_STATE_ABOVE"):
                if wanted_state not in state:
                    problems.append(f"{wanted_state} missing from {state.strip()!r}")
            if "_NET_WM_STATE_HIDDEN" in state:
                problems.append("the window manager still has it minimised")
        foreign = foreign_windows(self.window_id)
        if foreign:
            problems.append(f"windows over the kiosk: {foreign}")
        others = [
            w for w in visible_top_levels(self.app.applicationPid()) if int(w) != self.window_id
        ]
        if others:
            problems.append(f"other visible windows: {others}")
        verdict = "PASS" if not problems else "FAIL"
        self.failures += bool(problems)
        print(f"{verdict} {name}" + ("" if not problems else ": " + "; ".join(problems)))
        sys.stdout.flush()

    def run(self) -> int:
        delay = SETTLE_MS
        for name, action in self.steps:
            if action is not None:
                QTimer.singleShot(delay, action)
            QTimer.singleShot(delay + SETTLE_MS, lambda n=name: self.report(n))
            delay += 2 * SETTLE_MS
        QTimer.singleShot(delay, self.finish)
        self.app.exec()
        return 1 if self.failures else 0

    def finish(self) -> None:
        print(f"restores by the keeper: {self.kiosk.keeper.restores}")
        self.kiosk.staff_exit()
        self.app.exit(0)


def main() -> int:
    with_wm = "--with-wm" in sys.argv
    app = QApplication(sys.argv[:1])
    started = time.monotonic()
    scenario = Scenario(app, with_wm)
    code = scenario.run()
    # Delete the window while Qt is alive (pyqtgraph crashes at interpreter teardown).
    scenario.window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    print(
        f"{'with' if with_wm else 'without'} a window manager: "
        f"{'all passed' if code == 0 else 'FAILED'} in {time.monotonic() - started:.1f} s"
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
