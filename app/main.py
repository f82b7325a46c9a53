"""Entry point: `attention-heads` and `python -m app`."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Iterator
from typing import TextIO

from app.log_file import (
    FILE_ONLY,
    LOG_FORMAT,
    LOG_TIME,
    logging_to_file,
    not_file_only,
    report,
)
from app.ui import collector

#: Stop requests (SIGTERM, SIGINT) received while the program starts; the window's
#: start-up checks it at safe points, and Qt's event loop takes over once it runs.
stop_requests: list[int] = []

#: Exit code when output or a file cannot be written.
WRITE_FAILED_EXIT = 1


def _remember_stop(number: int, _frame) -> None:
    stop_requests.append(number)


def _printable(stream: TextIO) -> None:
    """Let ``stream`` print any token: UTF-8 where the locale says ASCII (the C locale,
    as Python's UTF-8 mode would), escapes where another encoding lacks a character."""
    encoding = getattr(stream, "encoding", None)
    reconfigure = getattr(stream, "reconfigure", None)
    if not encoding or reconfigure is None:
        return
    with contextlib.suppress(LookupError, ValueError, OSError):
        if codecs.lookup(encoding).name == "ascii":
            reconfigure(encoding="utf-8")
        elif codecs.lookup(encoding).name != "utf-8":
            reconfigure(errors="backslashreplace")


def _silence_stdout() -> None:
    """After a failed write, point stdout at /dev/null: the interpreter's own last flush
    would fail again and print a traceback-like warning."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _run_command(run: Callable[[TextIO], int]) -> int:
    """Run a command that prints to standard output, and make sure its output really
    left the process."""
    if sys.stdout is None:  # started with no output at all (a program with no console)
        report("attention-heads: error: there is no output to print to")
        return WRITE_FAILED_EXIT
    _printable(sys.stdout)
    try:
        code = run(sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `| head -1`: the reader has what it wanted
        _silence_stdout()
        return WRITE_FAILED_EXIT
    except OSError as error:  # e.g. a full disk, or > /dev/full
        _silence_stdout()
        reason = error.strerror or str(error)
        report(f"attention-heads: error: the output could not be written: {reason}")
        return WRITE_FAILED_EXIT
    return code


@contextlib.contextmanager
def logging_to_stderr(verbose: bool) -> Iterator[None]:
    """Log lines on stderr (when there is one) in ``LOG_FORMAT``, and in the log file:
    warnings and errors, and with ``--verbose`` everything (what the program found and
    chose at start, Qt's own debug messages). Undone afterwards, so that a second
    ``main()`` in one process adds no second handler."""
    root = logging.getLogger()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT, LOG_TIME))
    handler.addFilter(not_file_only)
    level = root.level
    if sys.stderr is not None:  # a window program on Windows has none: the file has it all
        root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else min(level or logging.WARNING, logging.WARNING))
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def _one_blas_thread() -> None:
    """One BLAS thread unless the user chose otherwise; must run before NumPy loads.

    Every matrix here is small (64 tokens, 128 wide at most): a second thread costs
    more in hand-over than it saves, and on a busy two-core machine the English
    model's forward pass took 10.3 ms with two threads and 2.6 ms with one
    (tests/benchmarks/bench_english.py).
    """
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the process exit code."""
    # First of all, before the slow imports: a stop request during start-up must end
    # the program cleanly (exit code 0), not kill it half-way through importing Qt.
    previous = {n: signal.signal(n, _remember_stop) for n in (signal.SIGTERM, signal.SIGINT)}
    _one_blas_thread()
    # Start-up's objects all live on: collecting while they are made is wasted work.
    # The window resumes the collector once it is painted; this, at the latest, at the
    # end (and hands back what was frozen: main() may run inside another program).
    collector.pause_for_start_up()
    try:
        return _parse_and_run(argv, previous)
    finally:
        collector.end_pause()
        collector.thaw_start_up()


def _parse_and_run(argv: list[str] | None, previous: dict) -> int:
    from app.own_packages import FOREIGN_PACKAGE_EXIT, foreign_package

    # The log file first: whatever stops the start from here on is written down.
    with logging_to_file():
        try:
            if (problem := foreign_package()) is not None:  # before core or resources load
                report(problem)
                return FOREIGN_PACKAGE_EXIT
            from app.cli import build_parser

            parser = build_parser()
            args = parser.parse_args(sys.argv[1:] if argv is None else argv)
            with logging_to_stderr(args.verbose):
                return _run(parser, args, previous)
        except Exception:
            # Python prints the traceback on stderr as it ends; the file keeps it too.
            logging.getLogger(__name__).critical(
                "the program stopped on an unexpected error", exc_info=True, extra={FILE_ONLY: True}
            )
            raise


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace, previous: dict) -> int:
    """The command the arguments ask for."""
    from app.cli import USAGE_EXIT, run_presets, run_table
    from app.heads_command import run_heads
    from core import TokenError

    try:
        if args.command in ("table", "presets", "heads", "worksheet"):
            for number, handler in previous.items():  # Ctrl+C as usual for a command
                signal.signal(number, handler)
            if stop_requests:
                return 0
            if args.command == "table":
                return _run_command(lambda out: run_table(args, out))
            if args.command == "heads":
                return _run_command(lambda out: run_heads(args, out))
            if args.command == "worksheet":
                from app.worksheet_command import run_worksheet  # Qt draws; no window

                return run_worksheet(args)
            return _run_command(run_presets)
        from app.launch import run_window  # Qt is imported only when a window is wanted.

        return run_window(args, stop_requests)
    except (TokenError, ValueError) as error:
        report(f"{parser.prog}: error: {error}")
        return USAGE_EXIT
    except OSError as error:  # a file that cannot be read or written, named in the message
        report(f"{parser.prog}: error: {error}")
        return WRITE_FAILED_EXIT
