"""Training in the background: how long it takes, and what it costs the window.

    python tests/benchmarks/bench_training_ui.py [--seconds 8] [--no-thread] [--no-timing]
    OPENBLAS_NUM_THREADS=2 python tests/benchmarks/bench_training_ui.py --no-timing

The second line gives the window's process two BLAS threads, as the app has by
default on a two-core machine; the child always gets one (``app.adapters.training``).

1. Time from "Train from scratch" (``TrainingRunner.start``, child start-up included)
   until the induction and previous-token scores both reach 0.6, and until the end.
2. Frame times of the real window (offscreen, 1024 x 768, plots built): every 30 ms a
   QTimer moves the query and repaints the window at once. A frame is the time from
   when the tick was due to the end of its repaint: event-loop lateness plus the work.
   Measured with nothing else running, with training in the child process (what the
   page does), and with the same training on a thread of the window's process.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

# By default the window's process gets the child's BLAS setting, so that the thread
# variant is not slowed by two BLAS threads fighting on two cores; export
# OPENBLAS_NUM_THREADS to measure another.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from core.learned import QUICK_TRAINING, train  # noqa: E402

BAR = 0.6
TICK_MS = 30
BUDGET_MS = 50


def time_training(app: QApplication, seed: int) -> None:
    from app.adapters.training import TrainingRunner

    runner = TrainingRunner()
    marks: dict[str, float] = {}

    def on_progress(p) -> None:
        marks.setdefault("first report", time.perf_counter() - start)
        reached = [k for k in marks if k.startswith("both")]
        if not reached and p.induction_score >= BAR and p.previous_token_score >= BAR:
            marks[f"both scores >= {BAR} at step {p.step}"] = time.perf_counter() - start

    def on_finished(result) -> None:
        marks[f"finished, step {result.steps_done}"] = time.perf_counter() - start
        last = result.history[-1]
        print(
            f"  final: induction {last.induction_score:.3f}, previous token "
            f"{last.previous_token_score:.3f}, loss {last.loss:.3f}"
        )
        app.quit()

    runner.progress.connect(on_progress)
    runner.finished.connect(on_finished)
    runner.failed.connect(lambda message: (print(message), app.quit()))
    start = time.perf_counter()
    runner.start(QUICK_TRAINING, seed)
    app.exec()
    runner.shutdown()
    for name, seconds in marks.items():
        print(f"  {name}: {seconds:.1f} s")


def time_stopping(app: QApplication, seed: int) -> None:
    """Cancel and shutdown while a step runs: how long until the child is gone."""
    from app.adapters.training import TrainingRunner

    runner = TrainingRunner()
    for how in ("cancel", "shutdown"):
        runner.start(QUICK_TRAINING, seed)
        while len(runner.history) < 2:  # well into training
            app.processEvents()
            time.sleep(0.005)
        start = time.perf_counter()
        runner.cancel() if how == "cancel" else runner.shutdown()
        while runner.process_ids():
            app.processEvents()
            time.sleep(0.001)
        gone_ms = 1000 * (time.perf_counter() - start)
        print(f"  {how} during training: child gone after {gone_ms:.0f} ms")


def run_timing(app: QApplication, seed: int) -> None:
    print(
        f"training through the runner, QUICK_TRAINING ({QUICK_TRAINING.steps} steps), seed {seed}:"
    )
    time_training(app, seed)
    time_stopping(app, seed)


def frame_times(app: QApplication, window, seconds: float) -> list[float]:
    """Milliseconds from each tick's due time to the end of its repaint."""
    frames: list[float] = []
    n = len(window.state.tokens)
    timer = QTimer()
    timer.setInterval(TICK_MS)
    start = time.perf_counter()
    due = [start + TICK_MS / 1000]

    def tick() -> None:
        window.state.set_query((window.state.query + 1) % n)
        window.repaint()
        now = time.perf_counter()
        frames.append(1000 * (now - due[0]))
        due[0] = max(due[0] + TICK_MS / 1000, now)  # the next tick is due a tick later
        if now - start > seconds:
            timer.stop()
            app.quit()

    timer.timeout.connect(tick)
    timer.start()
    app.exec()
    return frames[3:]  # the first ticks include warming up


def report(name: str, frames: list[float]) -> None:
    over = sum(f > BUDGET_MS for f in frames)
    print(
        f"  {name:<28} {len(frames):4d} frames: median {statistics.median(frames):5.1f} ms, "
        f"95th pct {sorted(frames)[int(0.95 * len(frames))]:5.1f} ms, worst {max(frames):6.1f} ms, "
        f"over {BUDGET_MS} ms: {over}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each frame run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the timed training")
    parser.add_argument("--no-thread", action="store_true", help="skip the thread variant")
    parser.add_argument("--no-timing", action="store_true", help="frame times only")
    args = parser.parse_args()
    app = QApplication([])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"{os.cpu_count()} CPUs, load average {load}, "
        f"OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']} in the window's process"
    )
    if not args.no_timing:
        run_timing(app, args.seed)

    from app.adapters.training import TrainingRunner
    from app.window.main_window import MainWindow

    window = MainWindow()
    window.writes_settings = False
    window.resize(1024, 768)
    window.show()
    window.build_plots()
    app.processEvents()
    print(f"frame = lateness of a {TICK_MS} ms timer + set_query + repaint of the whole window:")
    report("idle", frame_times(app, window, args.seconds))

    runner = TrainingRunner()
    runner.start(QUICK_TRAINING, args.seed)
    frames = frame_times(app, window, args.seconds)
    steps = runner.history[-1].step if runner.history else 0
    runner.shutdown()
    report(f"training, child process ({steps} steps)", frames)

    if not args.no_thread:
        stop = threading.Event()
        reports: list = []
        worker = threading.Thread(
            target=train,
            args=(QUICK_TRAINING, args.seed),
            kwargs={"on_progress": reports.append, "cancel": stop},
            daemon=True,
        )
        worker.start()
        frames = frame_times(app, window, args.seconds)
        stop.set()
        worker.join()
        report(f"training, thread ({reports[-1].step if reports else 0} steps)", frames)
    window.close()
    window.deleteLater()
    app.processEvents()


if __name__ == "__main__":
    main()
