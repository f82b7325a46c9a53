"""Reading and running a GPT-2 model off the GUI thread, with progress: the page's adapter.

``app.model.gpt2_results.GPT2Results.prepare`` does the slow part (no Qt); here it runs
on a ``QThread``, one job at a time, and the page hears of its progress and of its end
through signals, which Qt delivers on the GUI thread. A request made while a job runs
waits for it, and only the newest such request is kept (a learner typing fast asks for
many sentences; only the last one matters). The work is almost all in NumPy's matrix
products and the libraries' Rust, which let go of Python's lock, so the window keeps
drawing while a model loads.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QThread, Signal

from app.model.gpt2_results import GPT2Results, Text
from core.gpt2 import ModelFolderError, TooLongError

log = logging.getLogger(__name__)

#: How long ``shutdown`` waits for a job to reach its next step and stop.
STOP_WAIT_MS = 10_000


class JobCancelledError(Exception):
    """Raised from a job's progress report once the window has asked it to stop."""


class _Job(QThread):
    """``results.prepare(folder, text)`` on a thread of its own."""

    progressed = Signal(str, int, int)

    def __init__(self, results: GPT2Results, folder: str, text: Text, parent: QObject) -> None:
        super().__init__(parent)
        self.results, self.folder, self.text = results, folder, text
        self.error: Exception | None = None
        self.stopping = False

    def _progress(self, step: str, done: int, total: int) -> None:
        if self.stopping:
            raise JobCancelledError
        self.progressed.emit(step, done, total)

    def run(self) -> None:
        try:
            self.results.prepare(self.folder, self.text, self._progress)
        except JobCancelledError:
            pass
        except (ModelFolderError, TooLongError, ValueError) as error:
            self.error = error
        except Exception as error:  # a folder pulled out half-way, a bug: said, not lost
            log.exception("reading or running the model in %s failed", self.folder)
            self.error = error


class ModelRunner(QObject):
    """Prepares the GPT-2 page's results in the background.

    Signals
    -------
    progressed(step, done, total)
        How far the job has come ("weights" in bytes, "run" in layers ...).
    ready(folder, text)
        ``results.page(folder, text, ...)`` can answer now.
    failed(folder, text, error)
        The folder cannot be used (``ModelFolderError``), the text is too long
        (``TooLongError``) or reading failed; nothing changed.
    """

    progressed = Signal(str, int, int)
    ready = Signal(str, object)
    failed = Signal(str, object, object)

    def __init__(self, results: GPT2Results, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.results = results
        self._job: _Job | None = None
        self._waiting: tuple[str, Text] | None = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def working_on(self) -> tuple[str, Text] | None:
        """The folder and text of the job under way, if any."""
        job = self._job
        return None if job is None else (job.folder, job.text)

    def request(self, folder: str, text: Text) -> None:
        """Prepare ``folder`` on ``text`` (at once, or after the job under way)."""
        if self.working_on == (folder, text):
            self._waiting = None
            return
        if self._job is not None:
            self._waiting = (folder, text)
            return
        job = self._job = _Job(self.results, folder, text, self)
        job.progressed.connect(self.progressed)
        job.finished.connect(self._done)  # delivered here, on the GUI thread
        job.start()

    def _done(self) -> None:
        job = self._job
        if job is None or job.isRunning():
            return
        job.wait()
        job.deleteLater()
        self._job = None
        if job.stopping:
            return
        if job.error is not None:
            self.failed.emit(job.folder, job.text, job.error)
        else:
            self.ready.emit(job.folder, job.text)
        waiting, self._waiting = self._waiting, None
        if waiting is not None and not self.results.ready(*waiting):
            self.request(*waiting)
        elif waiting is not None:
            self.ready.emit(*waiting)

    def shutdown(self) -> None:
        """Stop the job under way at its next step and wait for it (the window is closing)."""
        self._waiting = None
        job = self._job
        if job is not None:
            job.stopping = True
            job.wait(STOP_WAIT_MS)
            self._done()
