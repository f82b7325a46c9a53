"""Command-line parsing and the commands that need no window (no Qt imported here)."""

from __future__ import annotations

import argparse
from typing import NoReturn, TextIO

import core
from app.cli_values import (
    command_line_text,
    export_path,
    file_path,
    folder_path,
    language_code,
    paper_size,
    pdf_path,
    window_size,
)
from app.log_file import report
from core import table

USAGE_EXIT = 2


#: What ``--help`` shows under "examples": (command, what it does).
EXAMPLES: tuple[tuple[str, str], ...] = (
    ("attention-heads", "open the window"),
    ("attention-heads --head induction --query 7", "open it on the induction head, query 7"),
    ("attention-heads --presenter", "for a projector: large text; PageDown steps a tour"),
    ("attention-heads --kiosk-config kiosk.json", "a museum kiosk, with its PIN and timings"),
    (
        "attention-heads --screenshot shot.png --size 1280x800",
        "draw the window into a PNG, without a screen",
    ),
    ("attention-heads --export weights.csv --head same_word", "save a head's weights as CSV"),
    ("attention-heads table --head same_word --no-mask", "print a head's weight table"),
    ('attention-heads heads --sentence "the cat sat. the cat"', "the English model's heads"),
    ("attention-heads presets", "d_model, heads and weights of three real models"),
)

#: What each exit code means: (code, meaning). Checked against the constants that
#: return them (tests/app/test_cli.py).
EXIT_CODES: tuple[tuple[int, str], ...] = (
    (0, "done; also when stopped by Ctrl+C or SIGTERM"),
    (
        1,
        "a file or the output could not be written, the English model's file is damaged "
        "(heads), or no window can be opened (X11 libraries missing)",
    ),
    (USAGE_EXIT, "a bad argument, or a sentence that cannot be used"),
    (3, "a kiosk runs already for this user"),
    (4, "another program's app, core or resources package is in the way"),
)

#: Where the program keeps what it writes: (what, about it, where on each system).
FILES: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    (
        "log file",
        "warnings, errors and what stopped a start; with --verbose everything. "
        "Renewed at 1 MiB; the three before it are kept (.1, .2, .3).",
        (
            ("Linux", "$XDG_STATE_HOME/attention-heads/attention-heads.log"),
            ("", "(~/.local/state/attention-heads/ when XDG_STATE_HOME is unset)"),
            ("macOS", "~/Library/Logs/Attention Heads/attention-heads.log"),
            ("Windows", "%LOCALAPPDATA%\\Attention Heads\\Logs\\attention-heads.log"),
        ),
    ),
    (
        "settings",
        "what the window remembers: size, theme, text size, language, sentence, progress.",
        (
            ("Linux", "~/.config/attention-heads/attention-heads.conf"),
            ("macOS", "~/Library/Preferences/io.github.attention-heads.attention-heads.plist"),
            ("Windows", "the registry, HKEY_CURRENT_USER\\Software\\attention-heads"),
        ),
    ),
)


def epilog() -> str:
    """The end of ``--help``: examples, exit codes and files, from the tables above."""
    import textwrap

    def wrapped(text: str, indent: str) -> list[str]:
        return textwrap.wrap(
            text,
            79,
            initial_indent=indent,
            subsequent_indent=" " * len(indent),
            break_on_hyphens=False,
        )

    lines = ["examples:"]
    for command, what in EXAMPLES:
        lines += [f"  {command}", f"      {what}"]
    lines += ["", "exit codes:"]
    for code, meaning in EXIT_CODES:
        lines += wrapped(meaning, f"  {code}  ")
    lines += ["", "files:"]
    for what, about, places in FILES:
        lines += wrapped(f"{what}: {about}", "  ")
        lines += [f"      {system:<9}{where}" for system, where in places]
    return "\n".join(lines)


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line on stderr (and in the log file) and
    exit code 2."""

    def error(self, message: str) -> NoReturn:
        report(f"{self.prog}: error: {message}")
        self.exit(USAGE_EXIT)

    def format_help(self) -> str:
        """The help, and at its end where this user's log file is on this machine."""
        from app.log_file import log_path

        text = super().format_help()
        return f"{text}\nthis machine's log file: {log_path()}\n" if self.epilog else text


class _VersionAction(argparse.Action):
    """``--version``: the installed version, read (with importlib.metadata, which costs a
    few tens of milliseconds) only when asked for, not on every start."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kwargs) -> None:
        kwargs.setdefault("help", "show program's version number and exit")  # argparse's own
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from app.version import app_version

        print(f"{parser.prog} {app_version()}")  # on stdout, as argparse's own action
        parser.exit()


def build_parser() -> ArgumentParser:
    """The whole command line: the window by default, plus `table` and `presets`."""
    parser = ArgumentParser(
        prog="attention-heads",
        description="See where attention heads look, and what the causal mask hides.\n"
        "Without a command it opens the window.",
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    heads = list(core.HEADS)
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="log what it does, not only what goes wrong"
    )
    parser.add_argument("--head", choices=heads, help="head to show first")
    parser.add_argument("--query", type=int, help="query position to select first")
    parser.add_argument("--no-mask", action="store_true", help="start with the causal mask off")
    parser.add_argument("--sentence", type=command_line_text, help="sentence to start with")
    parser.add_argument(
        "--presenter",
        action="store_true",
        help="fullscreen, projector colours and large text; PageDown/PageUp step a tour",
    )
    _add_picture_options(parser)
    parser.add_argument(
        "--language",
        type=language_code,
        metavar="CODE",
        help="language of the window: en or de (default: the last one chosen, else the system's)",
    )
    parser.add_argument(
        "--size", type=window_size, metavar="WxH", help="window size, e.g. 1024x768"
    )
    parser.add_argument(
        "--close-after", type=int, metavar="MS", help="close the window after MS milliseconds"
    )
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="museum mode: fullscreen, touch-sized, locked, and starts over when left alone",
    )
    parser.add_argument(
        "--kiosk-config",
        metavar="PATH",
        help="JSON file with the kiosk's timings and staff PIN (implies --kiosk)",
    )
    parser.add_argument(
        "--model-dir",
        type=folder_path,
        metavar="PATH",
        help="a GPT-2-family model folder (config.json, model.safetensors, tokenizer.json) "
        "to show on the GPT-2 page; remembered",
    )
    commands = parser.add_subparsers(dest="command", metavar="{table,presets,heads,worksheet}")

    _add_table_command(commands, heads)
    commands.add_parser("presets", help="print the model presets' arithmetic and exit")
    _add_heads_command(commands)
    _add_worksheet_command(commands)
    return parser


def _add_table_command(commands, heads: list[str]) -> None:
    tab = commands.add_parser("table", help="print a head's weight table and exit")
    tab.add_argument(
        "--head", choices=heads, default="induction", help="the head (default: induction)"
    )
    tab.add_argument(
        "--sentence",
        type=command_line_text,
        default=core.LESSON_SENTENCE,
        help="the sentence (default: the lesson's)",
    )
    tab.add_argument("--no-mask", action="store_true", help="let every token see every token")
    tab.add_argument(
        "--format",
        choices=("text", "csv", "json"),
        default="text",
        help="an aligned table, CSV or JSON (default: text)",
    )


def _add_picture_options(parser: ArgumentParser) -> None:
    """--screenshot, --export and what an export shows: draw, write, and exit."""
    pictures = parser.add_mutually_exclusive_group()
    pictures.add_argument(
        "--screenshot", type=file_path, metavar="PATH", help="render the window to a PNG and exit"
    )
    pictures.add_argument(
        "--export",
        type=export_path,
        metavar="PATH",
        help="save a picture (.png, .svg), the weight table (.csv) or a handout of the window "
        "(.pdf) and exit",
    )
    parser.add_argument(
        "--export-what",
        choices=("heatmap", "minimaps", "window"),
        help="what an --export picture shows (default: heatmap)",
    )
    parser.add_argument(
        "--paper",
        type=paper_size,
        metavar="SIZE",
        help="paper of a .pdf export: a4 or letter (default: letter where the system "
        "measures in inches, else a4)",
    )


def _add_heads_command(commands) -> None:
    heads = commands.add_parser(
        "heads",
        help="print every head of a trained model on a sentence, what each looks like, "
        "and the next-word guesses, then exit",
    )
    heads.add_argument(
        "--model", choices=("english",), default=None, help="the model (default: english)"
    )
    heads.add_argument(
        "--model-dir",
        type=folder_path,
        metavar="PATH",
        # Not None by default: `--model-dir PATH heads` (before the command) counts too.
        default=argparse.SUPPRESS,
        help="a GPT-2-family model folder, instead of the program's English model",
    )
    heads.add_argument(
        "--sentence",
        type=command_line_text,
        help="the sentence (default: the lesson's Mary and John sentence)",
    )
    heads.add_argument(
        "--query", type=int, help="position of the guesses, a token (default: the last)"
    )
    heads.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="readable text, or JSON with full-precision weights (default: text)",
    )


def _add_worksheet_command(commands) -> None:
    sheet = commands.add_parser(
        "worksheet",
        help="write a worksheet for a class (student pages, then the teacher's key) as PDF",
    )
    sheet.add_argument(
        "-o",
        "--output",
        dest="sheet_output",
        type=pdf_path,
        required=True,
        metavar="PATH",
        help="the PDF file to write",
    )
    sheet.add_argument(
        "--language",
        dest="sheet_language",
        type=language_code,
        metavar="CODE",
        help="en or de (default: the system's, else English)",
    )
    sheet.add_argument(
        "--paper",
        dest="sheet_paper",
        type=paper_size,
        metavar="SIZE",
        help="a4 or letter (default: letter where the system measures in inches, else a4)",
    )
    sheet.add_argument(
        "--sentence",
        dest="sheet_sentence",
        type=command_line_text,
        help="the sentence to work on (default: the lesson's, in the worksheet's language)",
    )


def run_table(args: argparse.Namespace, out: TextIO) -> int:
    """Print one head's weights on a sentence."""
    tokens = core.tokenize(args.sentence)
    causal = not args.no_mask
    weights = core.head_weights(args.head, tokens, causal)
    if args.format == "csv":
        out.write(table.format_csv(tokens, weights, causal))
    elif args.format == "json":
        out.write(table.format_json(tokens, weights, causal, args.head))
    else:
        out.write(table.format_text(tokens, weights, causal))
    return 0


def run_presets(out: TextIO) -> int:
    """Print d_model, h, d_k and the projection weights of every preset."""
    header = ("model", "d_model", "heads h", "d_k = d_model / h", "4 x d_model^2 weights")
    rows = [
        (
            p.name,
            f"{p.d_model:,}",
            str(p.n_heads),
            str(p.d_k),
            f"{core.projection_weights(p.d_model, p.n_heads):,}",
        )
        for p in core.PRESETS.values()
    ]
    out.write(table.align_columns([header, *rows]))
    return 0
