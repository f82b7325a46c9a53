"""The background training runner: reports, results, cancelling, failures, clean exits."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from app.adapters.training import CHILD_ENV, ROOT, TrainingRunner, _child_environment
from core.learned import QUICK_TRAINING, ModelConfig, TrainConfig, param_shapes

# Every test here starts real training processes; the fast subset leaves them out.
pytestmark = pytest.mark.slow

TINY_MODEL = ModelConfig(vocab_size=16, context_length=16, d_model=16, n_heads=2, d_head=8)
TINY = TrainConfig(
    model=TINY_MODEL, steps=40, batch_size=4, max_period=8, eval_period=8, report_every=10
)


def alive(pid: int) -> bool:
    """Whether a process exists and has not exited (a zombie has exited)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture
def runner(qtbot):
    runner = TrainingRunner()
    yield runner
    runner.shutdown()
    assert runner.process_ids() == []


def test_a_run_reports_progress_and_finishes(qtbot, runner):
    reports = []
    runner.progress.connect(reports.append)
    with qtbot.waitSignal(runner.finished, timeout=20_000) as finished:
        runner.start(TINY, seed=3)
        assert runner.is_running
    result = finished.args[0]
    assert [p.step for p in reports] == [10, 20, 30, 40]
    assert all(p.total_steps == 40 and np.isfinite(p.loss) for p in reports)
    assert reports[-1].elapsed_seconds > 0
    assert result.history == tuple(reports) == runner.history
    assert not result.cancelled and result.steps_done == 40 and result.seed == 3
    assert {k: v.shape for k, v in result.params.items()} == param_shapes(TINY_MODEL)
    assert not runner.is_running
    qtbot.waitUntil(lambda: runner.process_ids() == [], timeout=2000)


def test_the_same_seed_trains_the_same_weights(qtbot, runner):
    results = []
    for _ in range(2):
        with qtbot.waitSignal(runner.finished, timeout=20_000) as finished:
            runner.start(TINY, seed=5)
        results.append(finished.args[0].params)
    for name in results[0]:
        np.testing.assert_array_equal(results[0][name], results[1][name])


@pytest.mark.parametrize("when", ["at once", "during a step"])
def test_cancel_ends_the_child(qtbot, runner, when):
    # How fast (a fraction of a second): tests/benchmarks/bench_stops.py.
    finished = []
    runner.finished.connect(finished.append)
    with qtbot.waitSignal(runner.cancelled, timeout=20_000):
        runner.start(QUICK_TRAINING, seed=1)
        if when == "during a step":
            qtbot.waitSignal(runner.progress, timeout=20_000).wait()
        pids = runner.process_ids()
        runner.cancel()
    assert not runner.is_running
    qtbot.waitUntil(lambda: runner.process_ids() == [], timeout=10_000)
    qtbot.waitUntil(lambda: not any(alive(pid) for pid in pids), timeout=10_000)
    qtbot.wait(100)
    assert finished == []  # nothing from the cancelled run arrives later


def test_starting_again_replaces_the_run_in_progress(qtbot, runner):
    runner.start(QUICK_TRAINING, seed=1)
    qtbot.waitUntil(lambda: len(runner.process_ids()) == 1, timeout=5000)
    (first,) = runner.process_ids()
    with qtbot.waitSignal(runner.finished, timeout=20_000) as finished:
        runner.start(TINY, seed=2)
    assert finished.args[0].config == TINY
    qtbot.waitUntil(lambda: not alive(first), timeout=500)


def test_a_child_that_dies_is_reported(qtbot, runner):
    with qtbot.waitSignal(runner.progress, timeout=20_000):
        runner.start(QUICK_TRAINING, seed=1)
    (pid,) = runner.process_ids()
    with qtbot.waitSignal(runner.failed, timeout=5000) as failed:
        os.kill(pid, signal.SIGKILL)
    assert failed.args[0].startswith("The training process ended unexpectedly")
    assert not runner.is_running


def test_an_error_in_training_comes_back_as_words(qtbot, runner):
    with qtbot.waitSignal(runner.failed, timeout=20_000) as failed:
        runner.start("not a config", seed=0)  # type: ignore[arg-type]
    assert failed.args[0].startswith("Training stopped with an error: AttributeError")


def test_a_child_that_cannot_start_is_reported(qtbot, runner, tmp_path, monkeypatch):
    # A broken install: the program that would run the training is not there.
    missing = str(tmp_path / "no-such-python")
    monkeypatch.setattr("app.adapters.training.child_command", lambda: (missing, []))
    with qtbot.waitSignal(runner.failed, timeout=5000) as failed:
        runner.start(TINY, seed=0)
    assert failed.args[0].startswith("Training could not start: ")
    assert not runner.is_running


def test_shutdown_stops_and_reaps_every_child(qtbot, runner):
    runner.start(QUICK_TRAINING, seed=1)
    qtbot.waitUntil(lambda: len(runner.process_ids()) == 1, timeout=5000)
    (pid,) = runner.process_ids()
    runner.shutdown()  # returns once the child is gone (how fast: bench_stops.py)
    assert runner.process_ids() == [] and not alive(pid)
    runner.shutdown()  # twice is harmless


def test_training_works_from_a_folder_with_packages_of_the_same_names(
    qtbot, runner, tmp_path, monkeypatch
):
    # A learner's project folder may hold its own ``app`` and ``core``; started from
    # there, the child must still import ours.
    for name in ("app", "core"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("raise ImportError('the wrong package')\n")
    monkeypatch.chdir(tmp_path)
    failures = []
    runner.failed.connect(failures.append)
    with qtbot.waitSignal(runner.finished, timeout=20_000) as finished:
        runner.start(TINY, seed=3)
    assert failures == []
    assert finished.args[0].steps_done == TINY.steps


def test_the_child_gets_one_blas_thread_and_finds_the_code(monkeypatch):
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "2")  # ten times slower on two busy cores
    env = _child_environment()
    for name, value in CHILD_ENV.items():
        assert env.value(name) == value == "1"
    assert env.value("PYTHONPATH").split(os.pathsep)[0] == str(ROOT)


# -- whole programs ------------------------------------------------------------------------------

_PROGRAM = textwrap.dedent(
    """
    import os, sys, time
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow
    from app.model.state import AppState
    from app.model.learned_results import LearnedResults
    from app.panels.learned_view import LearnedView

    class Window(QMainWindow):
        def __init__(self):
            super().__init__()
            self.page = LearnedView(AppState(), LearnedResults())
            self.setCentralWidget(self.page)

        def closeEvent(self, event):
            self.page.shutdown()
            super().closeEvent(event)

    app = QApplication([])
    window = Window()
    window.show()
    window.page.show_section("train")
    window.page.train_panel.train_button.click()

    def running():
        if window.page.runner.history:
            print(window.page.runner.process_ids()[0], flush=True)
            if sys.argv[1] == "close":
                window.close()
                app.quit()
        else:
            QTimer.singleShot(20, running)

    QTimer.singleShot(20, running)
    code = app.exec()
    window.deleteLater()
    app.processEvents()
    sys.exit(code)
    """
)


def _run_program(mode: str) -> tuple[subprocess.Popen, int]:
    """Start the program; return it and the pid of its training child, once training runs."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    program = subprocess.Popen(
        [sys.executable, "-c", _PROGRAM, mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    return program, int(program.stdout.readline())


def test_closing_the_window_during_training_exits_cleanly():
    program, child = _run_program("close")
    _, errors = program.communicate(timeout=20)
    assert program.returncode == 0, errors
    assert not alive(child)


def test_the_child_ends_when_the_window_process_is_killed():
    program, child = _run_program("stay")
    assert alive(child)
    program.kill()
    program.communicate(timeout=10)
    deadline = time.monotonic() + 30  # a wait for the orphan's end, not a time goal
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not alive(child)


def test_an_error_in_training_is_worded_in_the_language_in_use(qtbot, runner, german):
    with qtbot.waitSignal(runner.failed, timeout=20_000) as failed:
        runner.start("not a config", seed=0)  # type: ignore[arg-type]
    assert failed.args[0].startswith("Das Training brach mit einem Fehler ab: AttributeError")
