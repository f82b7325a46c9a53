"""How fast things stop: the timing goals that the tests leave to a quiet machine.

    python tests/benchmarks/bench_stops.py [--runs 5] [--skip-kiosk]

The tests check that each of these happens (they wait for the condition, on a shared
machine); this script prints how long it takes, median and worst of ``--runs``:

1. A pasted megabyte is refused (goal: under 1 s; the tokenizer stops at the limit).
2. Cancelling training, until the child process is gone (goal: under 0.5 s), at once
   and during a step; and ``TrainingRunner.shutdown`` with a run in progress (under 1 s).
3. A kiosk's exit after SIGTERM and SIGINT (goal: under 2 s).
4. A command-line picture (``--screenshot``) as a real process, start to exit (the
   fuzz test calls a run that takes two minutes a hang).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QCoreApplication  # noqa: E402

import core  # noqa: E402
from app.adapters.training import TrainingRunner  # noqa: E402
from core.learned import QUICK_TRAINING  # noqa: E402


def report(what: str, seconds: list[float], goal: float | None = None) -> None:
    median, worst = statistics.median(seconds), max(seconds)
    verdict = "" if goal is None else ("  ok" if worst < goal else "  OVER")
    limit = "" if goal is None else f"  goal < {goal:.2f} s"
    print(f"{what:44s} median {median:6.3f} s  worst {worst:6.3f} s{limit}{verdict}")


def wait_for(condition, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError
        QCoreApplication.processEvents()
        time.sleep(0.002)


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def tokenizer(runs: int) -> None:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        with contextlib.suppress(core.TokenError):
            core.tokenize("word " * 200_000)
        times.append(time.perf_counter() - start)
    report("tokenize: a megabyte refused", times, goal=1.0)


def training(runs: int) -> None:
    runner = TrainingRunner()
    progressed: list[object] = []
    runner.progress.connect(progressed.append)
    for when in ("at once", "during a step"):
        times = []
        for _ in range(runs):
            progressed.clear()
            runner.start(QUICK_TRAINING, seed=1)
            if when == "during a step":
                wait_for(lambda: progressed)
            pids = runner.process_ids()
            start = time.perf_counter()
            runner.cancel()
            wait_for(lambda p=pids: not runner.process_ids() and not any(map(alive, p)))
            times.append(time.perf_counter() - start)
        report(f"training: cancel {when}, child gone", times, goal=0.5)
    times = []
    for _ in range(runs):
        runner.start(QUICK_TRAINING, seed=1)
        wait_for(lambda: len(runner.process_ids()) == 1)
        start = time.perf_counter()
        runner.shutdown()
        times.append(time.perf_counter() - start)
    report("training: shutdown with a run going", times, goal=1.0)


def catches(pid: int, sig: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(line.split()[1], 16) >> (sig - 1) & 1)


def environment(folder: Path) -> dict[str, str]:
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(folder / "config"),
        "XDG_RUNTIME_DIR": str(folder),
    }


def kiosk(runs: int) -> None:
    for sig in (signal.SIGTERM, signal.SIGINT):
        times = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as name:
                folder = Path(name)
                process = subprocess.Popen(
                    [sys.executable, "-m", "app", "--kiosk"],
                    env=environment(folder),
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    cwd=ROOT,
                )
                deadline = time.monotonic() + 60
                while not catches(process.pid, sig) and time.monotonic() < deadline:
                    time.sleep(0.01)
                time.sleep(2)  # locked in, fullscreen
                start = time.perf_counter()
                process.send_signal(sig)
                process.wait(timeout=60)
                times.append(time.perf_counter() - start)
        report(f"kiosk: {signal.Signals(sig).name} to exit", times, goal=2.0)


def screenshot(runs: int) -> None:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "app", "--screenshot", str(folder / "out.png")],
                env=environment(folder),
                capture_output=True,
                cwd=ROOT,
                check=True,
                timeout=120,
            )
            times.append(time.perf_counter() - start)
    report("command line: --screenshot, start to exit", times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip-kiosk", action="store_true", help="leave out the kiosk runs")
    args = parser.parse_args()
    app = QCoreApplication.instance() or QCoreApplication(sys.argv)
    tokenizer(args.runs)
    training(args.runs)
    if not args.skip_kiosk:
        kiosk(args.runs)
    screenshot(args.runs)
    del app


if __name__ == "__main__":
    main()
