"""Window speed: cold start against two minimal programs, and redraw after interactions.

    python tests/benchmarks/bench_window.py [--runs 7] [--cold-only] [--against DIR]

Cold start is measured for whole processes (interpreter start-up included), offscreen,
alternating the programs so that machine noise hits them alike:
  bare       a PySide6 window with one label
  skeleton   stock Qt widgets laid out like our controls (menu bar, six buttons, labels,
             a line edit, a splitter with seven tabs, a scroll area), no app code, no
             NumPy: the floor for any window with these controls
  pyqtgraph  a PySide6 + pyqtgraph window holding one ImageItem
  app        Attention Heads through its real entry point: time to the first paint of
             its controls, and time until the heatmap and the mini maps have been
             painted in their colours
Goals: controls painted at most 2.0 x the skeleton, heatmaps at most 1.25 x the
pyqtgraph window. ``--against DIR`` also starts the program from another checkout (an
older commit, say) in the same alternation, so that before and after share the noise.
Redraw: median time from a state change to every panel repainted, at n = 10 and 64.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_WATCH = """
import sys, time
T0 = float(sys.argv[1])
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

class FirstPaint(QObject):
    def __init__(self, name, widget, then=None):
        super().__init__()
        self.name, self.then = name, then
        widget.installEventFilter(self)
        self.widget = widget
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            # Wall-clock from spawn, and the process's CPU time so far (less moved by
            # other programs on a shared machine).
            print(self.name, time.time() - T0, time.process_time(), flush=True)
            if self.then:
                QTimer.singleShot(0, self.then)
        return False
"""

PROGRAMS = {
    "bare": _WATCH
    + """
from PySide6.QtWidgets import QLabel, QMainWindow
app = QApplication([])
w = QMainWindow(); label = QLabel("hello"); w.setCentralWidget(label); w.resize(1024, 768)
watch = FirstPaint("paint", label, app.quit)
w.show(); app.exec()
""",
    "pyqtgraph": _WATCH
    + """
import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QMainWindow
app = QApplication([])
w = QMainWindow(); g = pg.GraphicsLayoutWidget(); w.setCentralWidget(g); w.resize(1024, 768)
p = g.addPlot(); p.addItem(pg.ImageItem(np.random.rand(10, 10), axisOrder="row-major"))
watch = FirstPaint("paint", g.viewport(), app.quit)
w.show(); app.exec()
w.deleteLater(); app.processEvents()
""",
    "skeleton": _WATCH
    + """
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout, QLabel, QLineEdit, QMainWindow, QPushButton, QScrollArea, QSplitter,
    QTabWidget, QVBoxLayout, QWidget,
)
app = QApplication([])
w = QMainWindow()
for title in ("&File", "&Heads", "&View", "&Help"):
    w.menuBar().addMenu(title)
central = QWidget(); layout = QVBoxLayout(central); row = QHBoxLayout(); layout.addLayout(row)
names = ("Previous token", "Same word", "Induction", "First token", "Broad", "Causal mask")
buttons = [QPushButton(name) for name in names]
for button in buttons:
    button.setCheckable(True); row.addWidget(button)
layout.addWidget(QLabel("Every token finds where its word appeared before."))
layout.addWidget(QLineEdit("The cat sat on the mat and the cat chased the dog"))
tokens = QLabel("  ".join(f"{i} {t}" for i, t in enumerate("The cat sat on the mat".split())))
layout.addWidget(tokens)
layout.addWidget(QLabel("cat (7) looks at chased (2), 92%"))
tabs = QTabWidget()
for title in ("Heads", "Card", "Goals", "Steps", "2 layers", "Learned", "Width"):
    tabs.addTab(QWidget(), title)
splitter = QSplitter(Qt.Orientation.Horizontal)
splitter.addWidget(QLabel("heatmap", alignment=Qt.AlignmentFlag.AlignCenter))
splitter.addWidget(tabs)
layout.addWidget(splitter, 1)
scroll = QScrollArea(); scroll.setWidget(central); scroll.setWidgetResizable(True)
w.setCentralWidget(scroll); w.resize(1024, 768)
watch = FirstPaint("paint", buttons[2], app.quit)
w.show(); app.exec()
""",
    # The real entry point (`attention-heads`). The watchers are attached to the window
    # as it is made (an application-wide event filter would slow every event down).
    # First what app.main.main does before Qt: one BLAS thread, then the command line
    # (NumPy and core). Importing the window first, as this did, loaded NumPy with
    # OpenBLAS's threads and after PySide6 (whose __feature__ hook reads the source of
    # every module imported after it): costs that a real start never pays. main() also
    # pauses the garbage collector for start-up (app.ui.collector), so this does too.
    "app": "import app.main\napp.main._one_blas_thread()\n"
    + "getattr(app.main, 'collector', None) and app.main.collector.pause_for_start_up()\n"
    + "import app.cli\n"
    + _WATCH
    + """
try:
    import app.window.main_window as window_module
except ImportError:  # a checkout from before app/ had subpackages (for --against)
    import app.main_window as window_module

class Coloured(FirstPaint):
    # The first paint of a mini map that has its colour table (before it has one, a
    # map paints nothing but its frame).
    def __init__(self, name, window, then):
        self.window = window
        super().__init__(name, window.head_grid.maps["induction"], then)
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and self.window.head_grid._lut is None:
            return False
        return super().eventFilter(obj, event)

class Watched(window_module.MainWindow):
    def __init__(self):
        super().__init__()
        self.painted = set()
        self.watches = [FirstPaint("controls", self.head_selector.buttons["induction"]),
                        Coloured("maps", self, lambda: self.seen("maps"))]
        self.plots_ready.connect(self.watch_plots)
    def watch_plots(self):
        # Painted after the plots exist: the heatmap; the maps once in their colours.
        widget = self.heatmap.graphics.viewport()
        self.watches.append(FirstPaint("heatmap", widget, lambda: self.seen("heatmap")))
    def seen(self, name):
        self.painted.add(name)
        if self.painted == {"heatmap", "maps"}:
            self.close()

window_module.MainWindow = Watched
from app.main import main
# Wide enough for the side panel to stand beside the stage: the maps are on screen
# (under the stage, at the offscreen screen's size, they were never painted).
sys.exit(main(["--size", "1600x900"]))
""",
}


def run_once(name: str, env: dict, cwd: Path = ROOT) -> dict[str, tuple[float, float]]:
    t0 = time.time()
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PROGRAMS[name]), repr(t0)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
        check=True,
    ).stdout
    fields = [line.split() for line in out.splitlines()]
    return {f[0]: (float(f[1]), float(f[2])) for f in fields}


class PaintWatch:
    """Records which watched widgets received a paint event."""

    def __new__(cls, painted: set[str]):
        from PySide6.QtCore import QEvent, QObject

        class _Watch(QObject):
            def eventFilter(self, obj, event):  # noqa: N802
                if event.type() == QEvent.Type.Paint:
                    painted.add(obj.objectName())
                return False

        return _Watch()


def cold_start(runs: int, against: Path | None = None) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(Path("/tmp") / "attention-heads-bench"),
    }
    # Measure what a user gets: an installed program runs from cached bytecode (pip
    # compiles it on install; an editable install writes it on its first run). Without
    # this, a shell that forbids writing bytecode would make every run of the app
    # recompile its own modules, while the two minimal programs use installed ones.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs_of = [(name, ROOT, name) for name in PROGRAMS]
    if against is not None:
        runs_of.append(("app", against, "other"))
    times: dict[str, list[tuple[float, float]]] = {}
    for name, cwd, _label in runs_of:  # warm the file cache and write the bytecode once
        run_once(name, env, cwd)
    for _ in range(runs):
        for name, cwd, label in runs_of:
            result = run_once(name, env, cwd)
            if name == "app":
                times.setdefault(f"{label} controls", []).append(result["controls"])
                plots = max((result["heatmap"], result["maps"]), key=lambda t: t[0])
                times.setdefault(f"{label} plots", []).append(plots)
            else:
                times.setdefault(name, []).append(result["paint"])
    for column, what in ((0, "seconds from spawn to paint"), (1, "CPU seconds until the paint")):
        med = {k: statistics.median(t[column] for t in v) for k, v in times.items()}
        print(f"cold start, offscreen, median of {runs} runs ({what}):")
        _print_cold(med, against)


def _print_cold(med: dict[str, float], against: Path | None) -> None:
    print(f"  bare PySide6 window          {med['bare']:.3f}")
    print(
        f"  stock-widget skeleton        {med['skeleton']:.3f}   "
        f"{med['skeleton'] / med['bare']:.2f} x bare (our controls' shape, no app code)"
    )
    print(f"  PySide6 + pyqtgraph window   {med['pyqtgraph']:.3f}")
    for label, title in (("app", "app"), ("other", f"app in {against}")):
        if f"{label} controls" not in med:
            continue
        controls, plots = med[f"{label} controls"], med[f"{label} plots"]
        print(f"  {title}:")
        print(
            f"    controls painted           {controls:.3f}   "
            f"{controls / med['skeleton']:.2f} x skeleton (goal <= 2.0), "
            f"{controls / med['bare']:.2f} x bare"
        )
        print(
            f"    heatmaps painted           {plots:.3f}   "
            f"{plots / med['pyqtgraph']:.2f} x pyqtgraph (goal <= 1.25)"
        )


#: What each kind of interaction must repaint before its time counts as done (the
#: readout repaints too whenever its words change).
WIDGETS_PER_ACTION = {
    "head": {"heatmap", "strip", "maps"},
    "query": {"heatmap", "strip", "readout"},
    "mask": {"heatmap", "strip", "maps"},
    "preset": {"width"},
}


def redraw(samples: int, size: tuple[int, int] = (1024, 768)) -> None:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["XDG_CONFIG_HOME"] = str(Path("/tmp") / "attention-heads-bench")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtWidgets import QApplication

    import core
    from app.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.writes_settings = False  # a benchmark leaves no settings behind
    window.resize(*size)
    window.show()
    window.build_plots()
    app.processEvents()
    painted: set[str] = set()
    watch = PaintWatch(painted)
    for label, widget in (
        ("heatmap", window.heatmap.graphics.viewport()),
        ("strip", window.token_strip),
        ("readout", window.readout),
        ("maps", window.head_grid.maps["induction"]),
        ("width", window.side_tabs.view("width").diagram),
    ):
        widget.setObjectName(label)
        widget.installEventFilter(watch)
    watched = {
        "heatmap": window.heatmap.graphics.viewport(),
        "strip": window.token_strip,
        "readout": window.readout,
        "maps": window.head_grid.maps["induction"],
        "width": window.side_tabs.view("width").diagram,
    }
    on_screen = {
        label: (lambda w=widget: w.isVisible() and not w.visibleRegion().isEmpty())
        for label, widget in watched.items()
    }
    state = window.state
    heads = list(core.HEADS)
    presets = list(core.PRESETS)
    long_sentence = " ".join(f"w{i % 9}" for i in range(core.MAX_TOKENS))
    print(
        f"redraw after an interaction at {size[0]}x{size[1]}, every panel on screen "
        "repainted (median ms):"
    )
    for label, sentence in (
        ("n=10", core.LESSON_SENTENCE),
        (f"n={core.MAX_TOKENS}", long_sentence),
    ):
        state.set_sentence(sentence)
        n = len(state.tokens)
        # Every action really changes something: the next head, query, mask, preset.
        actions = {
            "head": lambda: state.set_head(heads[(heads.index(state.head_id) + 1) % 5]),
            "query": lambda n=n: state.set_query((state.query + 1) % n),
            "mask": lambda: state.set_causal(not state.causal),
            "preset": lambda: state.set_preset(
                presets[(presets.index(state.preset_id) + 1) % len(presets)]
            ),
        }
        row = []
        for name, act in actions.items():
            # The side page that shows what this interaction changes.
            window.side_tabs.setCurrentWidget(
                window.pages["width" if name == "preset" else "heads"]
            )
            app.processEvents()
            times = []
            for _ in range(samples):
                painted.clear()
                start = time.perf_counter()
                act()
                app.processEvents()  # layouts, then one paint of every changed widget
                times.append(time.perf_counter() - start)
                # Only what is on screen repaints (a side page under the stage is not).
                expected = {w for w in WIDGETS_PER_ACTION[name] if on_screen[w]()}
                assert expected <= painted, f"{name}: {expected - painted} not repainted"
            row.append(f"{name} {statistics.median(times) * 1e3:6.2f}")
        print(f"  {label:5s}  " + "  ".join(row))
    window.close()
    window.deleteLater()
    app.processEvents()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--samples", type=int, default=41)
    parser.add_argument("--size", default="1024x768", help="window size for the redraw")
    parser.add_argument("--redraw-only", action="store_true")
    parser.add_argument("--cold-only", action="store_true", help="leave out the redraw")
    parser.add_argument(
        "--against", type=Path, help="also start the program from this checkout, alternating"
    )
    args = parser.parse_args()
    if not args.redraw_only:
        cold_start(args.runs, args.against)
    if not args.cold_only:
        redraw(args.samples, tuple(int(v) for v in args.size.split("x")))


if __name__ == "__main__":
    main()
