"""The log file a technician can send: where it is on each system, and what writes it.

A window program on Windows has no console: what it prints on stderr is lost, and only
its exit code remains. So every log line and every message that stops the program also
goes to a file in the place each system keeps logs:

- Linux and the other Unix systems: ``$XDG_STATE_HOME/attention-heads/`` (by default
  ``~/.local/state/attention-heads/``), as the XDG Base Directory specification says;
- macOS: ``~/Library/Logs/Attention Heads/`` (Console.app lists it);
- Windows: ``%LOCALAPPDATA%\\Attention Heads\\Logs\\``.

No Qt here: the file is written before Qt loads, and where it never does. The file is
opened at its first line, so a start that has nothing to say writes nothing.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

LOG_NAME = "attention-heads.log"
#: One file grows to this size, then is renamed ``.1`` (the older ones ``.2``, ``.3``).
MAX_BYTES = 1024 * 1024
BACKUPS = 3
#: A log line: when, which program (and process), how grave, from where, and what.
LOG_FORMAT = "%(asctime)s attention-heads[%(process)d] %(levelname)s %(name)s: %(message)s"
LOG_TIME = "%Y-%m-%d %H:%M:%S"
#: Set on a record (``extra={FILE_ONLY: True}``) that stderr has been told already.
FILE_ONLY = "file_only"

#: Where ``report`` files its messages (the program's name, as on stderr).
log = logging.getLogger("attention-heads")


def log_folder(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    home: PurePath | None = None,
) -> PurePath:
    """The folder of the log file on ``platform`` (default: this system, its variables
    and its home folder; the arguments let a test ask for another system's)."""
    platform = sys.platform if platform is None else platform
    env = os.environ if environ is None else environ
    flavour = PureWindowsPath if platform == "win32" else PurePosixPath
    if home is None:
        home = Path.home()
    if platform == "win32":
        local = env.get("LOCALAPPDATA") or str(flavour(home) / "AppData" / "Local")
        folder = flavour(local) / "Attention Heads" / "Logs"
    elif platform == "darwin":
        folder = flavour(home) / "Library" / "Logs" / "Attention Heads"
    else:
        state = env.get("XDG_STATE_HOME", "")
        # The specification: a relative path in the variable is invalid and is ignored.
        base = flavour(state) if flavour(state).is_absolute() else flavour(home, ".local", "state")
        folder = base / "attention-heads"
    return Path(folder) if platform == sys.platform else folder


def log_path() -> Path:
    """This user's log file on this system."""
    return Path(log_folder()) / LOG_NAME


class LogFile(logging.Handler):
    """The rotating log file, opened with its folder at the first line.

    ``logging.handlers`` (some 5 ms of imports) loads only then: a start with nothing to
    say pays nothing. A file that cannot be written (a read-only home, a full disk) is
    said once on stderr and then left alone: the program goes on without it.
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = Path(path)
        self.setFormatter(logging.Formatter(LOG_FORMAT, LOG_TIME))
        self.failed = False
        self._file: logging.Handler | None = None

    def _open(self) -> logging.Handler:
        from logging.handlers import RotatingFileHandler

        self.path.parent.mkdir(parents=True, exist_ok=True)
        # backslashreplace: an argument that is not UTF-8 (lone surrogates) is still written.
        file = RotatingFileHandler(
            self.path,
            maxBytes=MAX_BYTES,
            backupCount=BACKUPS,
            encoding="utf-8",
            errors="backslashreplace",
        )
        file.setFormatter(self.formatter)
        file.handleError = self.handleError  # type: ignore[method-assign]  # its failures: ours
        return file

    def emit(self, record: logging.LogRecord) -> None:
        if self.failed:
            return
        try:
            if self._file is None:
                self._file = self._open()
        except OSError:
            self.handleError(record)
            return
        self._file.handle(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):
            super().handleError(record)
            return
        self.failed = True
        reason = error.strerror or str(error)
        if sys.stderr is not None:
            print(
                f"attention-heads: the log file {self.path} cannot be written: {reason}",
                file=sys.stderr,
            )

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


@contextlib.contextmanager
def logging_to_file(path: Path | None = None) -> Iterator[LogFile]:
    """Every log line at the root logger's level, and every ``report``, also in the log
    file. Undone afterwards (``main()`` may run more than once in a process)."""
    root = logging.getLogger()
    handler = LogFile(log_path() if path is None else path)
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        handler.close()


def report(message: str) -> None:
    """A message that stops the program, for the person who started it: on stderr when
    there is one, and in the log file always (a window without a console has none)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)
    # An argument that was not UTF-8 holds lone surrogates: written as escapes.
    text = message.removeprefix("attention-heads: ").encode("utf-8", "backslashreplace")
    log.error("%s", text.decode("utf-8"), extra={FILE_ONLY: True})


def not_file_only(record: logging.LogRecord) -> bool:
    """A filter for stderr: what ``report`` printed there already is not printed twice."""
    return not getattr(record, FILE_ONLY, False)
