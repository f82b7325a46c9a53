"""Entry point: `attention-heads` and `python -m app`."""

from __future__ import annotations

import sys

from core import TokenError

from .cli import USAGE_EXIT, build_parser, run_presets, run_table


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the process exit code."""
    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "table":
            return run_table(args)
        if args.command == "presets":
            return run_presets()
        from .launch import run_window  # Qt is imported only when a window is wanted.

        return run_window(args)
    except (TokenError, ValueError) as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return USAGE_EXIT
