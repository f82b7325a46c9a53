"""Training the learned model in a child process, so the window never waits for it.

The training loop is Python calling NumPy. Between array operations it holds the
GIL, so on a thread it would take turns with the event loop and the window would
stutter; a child process has an interpreter of its own.
``tests/benchmarks/bench_training_ui.py`` measures both.

The child is ``python -m app.adapters.training``, started with ``QProcess`` in the folder that
holds our packages (whatever the window's working directory): no fork of a
process that runs Qt, and (unlike multiprocessing's 'spawn') no re-import of
whatever script started the window. The request goes down the child's stdin as
one pickle; reports come back on its stdout as length-prefixed pickles, read by
Qt's event loop as they arrive. Cancel kills the child: it writes no files, so
there is nothing to tidy up, and a kill is immediate even while it is still
importing NumPy. The child also ends itself when its stdin closes, which happens
when the window's process dies in any way, so no training outlives the window.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
import threading
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QProcess, QProcessEnvironment, Signal

from app.text.wording import fill, translate
from core.learned import QUICK_TRAINING, TrainConfig, TrainProgress, train

#: One BLAS thread in the child, whatever the environment says: the matrices are
#: small, and with two OpenBLAS threads on a two-core machine that is also drawing
#: the window, training took 379 s instead of 25 s (bench_training_ui.py).
CHILD_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
#: How long shutdown waits for a killed child to be gone (it normally takes a few ms).
STOP_WAIT_MS = 2000
#: The folder that holds the ``app`` and ``core`` packages.
ROOT = Path(__file__).resolve().parents[2]
_HEADER = struct.Struct(">Q")  # payload length in front of every message


# -- the child ------------------------------------------------------------------------------


def _send(stream, kind: str, payload) -> None:
    data = pickle.dumps((kind, payload), protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _exit_when_stdin_closes(stdin) -> None:
    """End the child the moment the window closes our stdin, or its process dies."""

    def watch() -> None:
        while stdin.read(65536):
            pass
        os._exit(0)  # nothing to clean up: the child writes no files

    threading.Thread(target=watch, name="stdin-watch", daemon=True).start()


def worker_main() -> int:
    """Entry point of ``python -m app.adapters.training``: read the request, train, report."""
    # Ctrl+C in a terminal reaches the whole process group; the window decides when
    # its child stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    messages = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print cannot break a message
    try:
        config, seed = pickle.load(sys.stdin.buffer)
    except (EOFError, pickle.UnpicklingError):
        return 0  # cancelled before it began
    _exit_when_stdin_closes(sys.stdin.buffer)
    try:
        result = train(config, seed, on_progress=lambda p: _send(messages, "progress", p))
        _send(messages, "done", result)
    except BrokenPipeError:
        return 0  # the window stopped listening
    except Exception as exc:  # noqa: BLE001 - every failure must reach the window as words
        _send(messages, "error", f"{type(exc).__name__}: {exc}")
        return 1
    return 0


# -- the window's side ------------------------------------------------------------------------


def _child_environment() -> QProcessEnvironment:
    env = QProcessEnvironment.systemEnvironment()
    for name, value in CHILD_ENV.items():
        env.insert(name, value)
    path = env.value("PYTHONPATH")
    env.insert("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), path) if p))
    return env


def child_command() -> tuple[str, list[str]]:
    """The program and arguments that start the child: ``python -m`` this module.

    In a frozen bundle ``sys.executable`` is the bundle's own program, which honours
    ``-m`` (``packaging/launcher.py``). On Windows that is the console twin,
    ``attention-heads-cli.exe``: the windowed program has no standard output to report
    on, and Qt starts a console program from a window without showing a console.
    """
    program = Path(sys.executable)
    if getattr(sys, "frozen", False) and sys.platform == "win32":
        twin = program.with_name(f"{program.stem.removesuffix('-cli')}-cli{program.suffix}")
        if twin.is_file():
            program = twin
    return str(program), ["-m", __name__]


class TrainingRunner(QObject):
    """Runs ``core.learned.train`` in a child process and reports with signals.

    One training at a time; starting another cancels the first. Call
    :meth:`shutdown` before the application ends (the window's closeEvent does).
    """

    started = Signal()
    progress = Signal(object)  # TrainProgress
    finished = Signal(object)  # TrainResult of a run that reached its last step
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._process: QProcess | None = None
        self._buffer = bytearray()
        self._history: list[TrainProgress] = []
        #: Children that were told to stop and have not exited yet.
        self._stopping: list[QProcess] = []
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def is_running(self) -> bool:
        return self._process is not None

    @property
    def history(self) -> tuple[TrainProgress, ...]:
        """Reports of the current (or last) run, oldest first."""
        return tuple(self._history)

    def process_ids(self) -> list[int]:
        """Operating-system ids of every child not yet reaped (tests check none is left)."""
        processes = ([self._process] if self._process else []) + self._stopping
        return [p.processId() for p in processes if p.state() != QProcess.ProcessState.NotRunning]

    def start(self, config: TrainConfig = QUICK_TRAINING, seed: int = 0) -> None:
        """Train a new model from scratch, from random weights made with ``seed``."""
        self.cancel()
        process = QProcess(self)
        process.setProcessEnvironment(_child_environment())
        # ``python -m`` puts the working directory first on the import path, ahead of
        # PYTHONPATH: started from a folder with an ``app`` package of its own, the
        # child would import that one. Our own folder is the only safe place.
        process.setWorkingDirectory(str(ROOT))
        # Child tracebacks go to our stderr, where a developer looks for them.
        process.setProcessChannelMode(QProcess.ProcessChannelMode.ForwardedErrorChannel)
        # Bound methods, not lambdas holding the process: a closure that keeps its own
        # QProcess alive makes PySide delete it twice when the runner goes (a crash).
        process.readyReadStandardOutput.connect(self._on_ready_read)
        process.finished.connect(self._on_finished)
        process.errorOccurred.connect(self._on_error)
        self._process, self._buffer, self._history = process, bytearray(), []
        process.start(*child_command())
        process.write(pickle.dumps((config, seed), protocol=pickle.HIGHEST_PROTOCOL))
        self.started.emit()

    def cancel(self) -> None:
        """Stop the run in progress at once; the model in use stays as it is."""
        process, self._process = self._process, None
        if process is None:
            return
        self._stop(process, kill=True)
        self.cancelled.emit()

    def shutdown(self) -> None:
        """Stop every child and wait until it has exited (for closeEvent and quitting)."""
        process, self._process = self._process, None
        if process is not None:
            self._stop(process, kill=True)
        for child in list(self._stopping):
            if child.state() != QProcess.ProcessState.NotRunning:
                child.kill()
                child.waitForFinished(STOP_WAIT_MS)
        self._reap()

    # -- the child's life ------------------------------------------------------------------

    def _stop(self, process: QProcess, kill: bool = False) -> None:
        """Stop listening to ``process``; end it if ``kill`` (else it is exiting by itself)."""
        process.readyReadStandardOutput.disconnect(self._on_ready_read)
        self._stopping.append(process)
        if process.state() == QProcess.ProcessState.NotRunning:
            self._reap()
        elif kill:
            process.kill()

    def _reap(self) -> None:
        for child in [c for c in self._stopping if c.state() == QProcess.ProcessState.NotRunning]:
            self._stopping.remove(child)
            child.deleteLater()

    def _on_ready_read(self) -> None:
        process = self.sender()
        assert isinstance(process, QProcess)  # only our children are connected
        self._read(process)

    def _read(self, process: QProcess) -> None:
        self._buffer += process.readAllStandardOutput().data()
        while len(self._buffer) >= _HEADER.size and self._process is process:
            (size,) = _HEADER.unpack_from(self._buffer)
            if len(self._buffer) < _HEADER.size + size:
                return
            kind, payload = pickle.loads(self._buffer[_HEADER.size : _HEADER.size + size])
            del self._buffer[: _HEADER.size + size]
            self._handle(process, kind, payload)

    def _handle(self, process: QProcess, kind: str, payload) -> None:
        if kind == "progress":
            self._history.append(payload)
            self.progress.emit(payload)
            return
        self._process = None
        self._stop(process)
        if kind == "done":
            self.finished.emit(payload)
        else:
            failed = translate("Training", "Training stopped with an error: %1")
            self.failed.emit(fill(failed, payload))

    def _current_sender(self) -> QProcess | None:
        """The running child, when it sent the signal being handled (not one stopped)."""
        process = self._process
        return process if process is not None and self.sender() is process else None

    def _on_finished(self, *_args) -> None:
        process = self._current_sender()
        if process is not None:
            self._read(process)  # the last message may arrive with the exit
            if self._process is process:  # it ended without saying it was done
                self._process = None
                self._stopping.append(process)
                ended = translate(
                    "Training", "The training process ended unexpectedly (exit code %1)."
                )
                self.failed.emit(fill(ended, process.exitCode()))
        self._reap()

    def _on_error(self, error: QProcess.ProcessError) -> None:
        process = self._current_sender()
        if process is not None and error == QProcess.ProcessError.FailedToStart:
            self._process = None
            self._stopping.append(process)
            failed = translate("Training", "Training could not start: %1")
            self.failed.emit(fill(failed, process.errorString()))
            self._reap()


if __name__ == "__main__":
    code = worker_main()
    sys.stderr.flush()
    # Straight out: a normal interpreter exit would wait on the thread blocked reading stdin.
    os._exit(code)
