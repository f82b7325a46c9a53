"""Measure the heatmap's cell grid through the program's real entry point.

Each measurement starts ``python -m app``'s ``main()`` in a subprocess on a virtual
offscreen screen of the given size (the offscreen platform reads its screens from a
JSON config file), waits until the window has settled, and prints one JSON line per
state measured. Tests import ``measure``; run it as a script for a table:

    python tests/app/layout_probe.py [--sizes 1024x768,1920x1080] [--modes normal,presenter]

``grid_metrics`` is the in-process half: tests with a window of their own use it too.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODES = ("normal", "presenter", "kiosk")
SIZES = ((1024, 768), (1280, 720), (1280, 800), (1366, 768), (1920, 1080))


def grid_metrics(window) -> dict:
    """The heatmap's cell grid as the window shows it now.

    Returns the window's size, the grid's height and the part of it inside the
    scrolling view (both in px and as a share of the window's height), the cell size,
    whether the cell numbers were drawn at the last paint, their text size and the
    width of the widest of them as drawn, and the body text size in use.
    """
    from PySide6.QtCore import QRect

    heatmap = window.heatmap
    n = len(window.state.tokens)
    first, last = heatmap.cell_rect(0, 0), heatmap.cell_rect(n - 1, n - 1)
    grid = first.united(last).toAlignedRect()
    grid = QRect(heatmap.mapTo(window, grid.topLeft()), grid.size())
    viewport = window.centralWidget()
    view = getattr(viewport, "viewport", lambda: viewport)()
    seen = QRect(view.mapTo(window, view.rect().topLeft()), view.size()).intersected(grid)
    window.grab()  # paint once: the cell labels record whether they were drawn
    return {
        "window": [window.width(), window.height()],
        "n": n,
        "zoom": window.state.zoom,
        "font_px": window.state.font_px,
        "grid_px": grid.height(),
        "grid_visible_px": max(0, seen.height()),
        "grid_share": grid.height() / window.height(),
        "visible_share": max(0, seen.height()) / window.height(),
        "cell_px": first.height(),
        "numbers_drawn": bool(heatmap.labels.visible_last_paint),
        "number_px": heatmap.labels.number_px(first.height()),
        "number_width_px": heatmap.labels.widest_number_px(first.height()),
    }


_PROBE = """
import json, os, sys, time
from PySide6.QtCore import QCoreApplication, QTimer
import app.window.main_window
from app.export.pictures import settle
sys.path.insert(0, {tests!r})
from layout_probe import grid_metrics

ZOOM_WALK = {zoom_walk!r}


class Probed(app.window.main_window.MainWindow):
    def __init__(self):
        super().__init__()
        self.plots_ready.connect(lambda: QTimer.singleShot(50, self.measure))

    def measure(self):
        settle(self)
        print("PROBE " + json.dumps(grid_metrics(self)), flush=True)
        if os.environ.get("AH_PROBE_SHOT"):  # a picture of what was measured
            self.grab().save(os.environ["AH_PROBE_SHOT"])
        if ZOOM_WALK:
            zoom_in = next(a for a in self.actions() if a.text() == "Zoom in")
            from app.ui.theme import ZOOM_STEPS
            while self.state.zoom < len(ZOOM_STEPS) - 1:
                zoom_in.trigger()  # Ctrl+=
                settle(self)
                print("PROBE " + json.dumps(grid_metrics(self)), flush=True)
        QCoreApplication.exit(0)  # exit, not quit: a kiosk refuses to close

app.window.main_window.MainWindow = Probed
from app.main import main
sys.exit(main({argv!r}))
"""


def _screen_config(folder: Path, width: int, height: int) -> Path:
    path = folder / "screen.json"
    screen = {
        "name": "virtual",
        "x": 0,
        "y": 0,
        "width": width,
        "height": height,
        "logicalDpi": 96,
        "logicalBaseDpi": 96,
        "dpr": 1,
    }
    path.write_text(json.dumps({"screens": [screen]}))
    return path


def run_on_screen(
    script: str, width: int, height: int, marker: str, timeout: int, setup=None
) -> tuple[list[str], subprocess.CompletedProcess]:
    """Run ``script`` (the real program under a driver) on a virtual ``width`` x
    ``height`` screen with a fresh home and settings folder; the payloads of the lines
    it prints after ``marker``, and the finished process. ``setup(home)`` may write
    files there first; it returns words the script finds in ``sys.argv[1:]``.
    """
    with tempfile.TemporaryDirectory(prefix="ah-screen-") as folder:
        home = Path(folder)
        extra = setup(home) if setup is not None else []
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": f"offscreen:configfile={_screen_config(home, width, height)}",
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_RUNTIME_DIR": str(home),
            "HOME": str(home),
        }
        result = subprocess.run(
            [sys.executable, "-c", script, *extra],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=timeout,
        )
    lines = [line[len(marker) :] for line in result.stdout.splitlines() if line.startswith(marker)]
    return lines, result


def measure(
    width: int, height: int, mode: str = "normal", zoom_walk: bool = False, args: tuple = ()
) -> list[dict]:
    """Start the program in ``mode`` on a ``width`` x ``height`` screen; its measurements.

    The first entry is the window as it opened; with ``zoom_walk``, one more entry per
    press of Ctrl+= up to the largest text size. Settings live in a fresh folder.
    """
    argv = list(args) + {"normal": [], "presenter": ["--presenter"], "kiosk": ["--kiosk"]}[mode]
    script = textwrap.dedent(
        _PROBE.format(tests=str(Path(__file__).parent), zoom_walk=zoom_walk, argv=argv)
    )
    lines, result = run_on_screen(script, width, height, "PROBE ", timeout=180)
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"probe failed ({result.returncode}): {result.stderr[-2000:]}")
    return [json.loads(line) for line in lines]


def _row(mode: str, size: tuple[int, int], m: dict) -> str:
    return (
        f"{mode:9s} {size[0]}x{size[1]:<5d} zoom {m['font_px']:2d}px  "
        f"grid {m['grid_px']:4d}px {m['grid_share']:5.0%}  visible {m['visible_share']:5.0%}  "
        f"cell {m['cell_px']:5.1f}px  numbers {'yes' if m['numbers_drawn'] else 'no '} "
        f"{m['number_px']:2d}px  window {m['window'][0]}x{m['window'][1]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--zoom-walk", action="store_true", help="normal mode: every Ctrl+=")
    options = parser.parse_args()
    for mode in options.modes.split(","):
        for text in options.sizes.split(","):
            size = tuple(int(v) for v in text.split("x"))
            walk = options.zoom_walk and mode == "normal"
            for m in measure(*size, mode=mode, zoom_walk=walk):
                print(_row(mode, size, m), flush=True)


if __name__ == "__main__":
    main()
