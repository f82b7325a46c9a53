"""Entry point: `attention-heads` and `python -m app`."""

from __future__ import annotations

import signal
import sys

#: Stop requests (SIGTERM, SIGINT) received while the program starts; the window's
#: start-up checks it at safe points, and Qt's event loop takes over once it runs.
stop_requests: list[int] = []


def _remember_stop(number: int, _frame) -> None:
    stop_requests.append(number)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the process exit code."""
    # First of all, before the slow imports: a stop request during start-up must end
    # the program cleanly (exit code 0), not kill it half-way through importing Qt.
    previous = {n: signal.signal(n, _remember_stop) for n in (signal.SIGTERM, signal.SIGINT)}
    from core import TokenError

    from .cli import USAGE_EXIT, build_parser, run_presets, run_table

    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.command in ("table", "presets"):
            for number, handler in previous.items():  # Ctrl+C as usual for a command
                signal.signal(number, handler)
            if stop_requests:
                return 0
            return run_table(args) if args.command == "table" else run_presets()
        from .launch import run_window  # Qt is imported only when a window is wanted.

        return run_window(args, stop_requests)
    except (TokenError, ValueError) as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return USAGE_EXIT
