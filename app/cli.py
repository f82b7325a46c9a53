"""Command-line parsing and the commands that need no window (no Qt imported here)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn, TextIO

import core
from app.export.kinds import PAPERS
from core import table

USAGE_EXIT = 2


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_EXIT, f"{self.prog}: error: {message}\n")


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1024x768, got {text!r}") from None
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"size {text} is outside 320x240 .. 7680x4320")
    return width, height


def command_line_text(text: str) -> str:
    """An argument as the person typed it, whatever the locale says.

    Under the C locale (with Python's UTF-8 mode off) the arguments are decoded as
    ASCII, and every other byte becomes a lone surrogate: "Bär" would split into byte
    tokens. The bytes are taken back and decoded as UTF-8, which is what terminals
    send; bytes that are not UTF-8 become U+FFFD.
    """
    if not any("\udc80" <= char <= "\udcff" for char in text):
        return text
    return os.fsencode(text).decode("utf-8", errors="replace")


def _file_path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("the file name is empty")
    return text


def _folder_path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder name is empty")
    return os.path.abspath(os.path.expanduser(command_line_text(text)))


def _export_path(text: str) -> str:
    _file_path(text)
    if not text.lower().endswith((".png", ".svg", ".csv", ".pdf")):
        raise argparse.ArgumentTypeError(f"{text!r} must end in .png, .svg, .csv or .pdf")
    return text


def _pdf_path(text: str) -> str:
    _file_path(text)
    if not text.lower().endswith(".pdf"):
        raise argparse.ArgumentTypeError(f"{text!r} must end in .pdf")
    return text


def _paper(text: str) -> str:
    paper = text.strip().lower()
    if paper not in PAPERS:
        raise argparse.ArgumentTypeError(
            f"paper {text!r} is not one of: {', '.join(PAPERS)} (A4 is 210 x 297 mm, "
            "Letter 8.5 x 11 in)"
        )
    return paper


def _language(text: str) -> str:
    from app.text.i18n import LANGUAGES, normalize  # Qt only for a window option

    code = normalize(text)
    if code is None:
        raise argparse.ArgumentTypeError(f"language {text!r} is not one of: {', '.join(LANGUAGES)}")
    return code


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
        description="See where attention heads look, and what the causal mask hides.",
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
        type=_language,
        metavar="CODE",
        help="language of the window: en or de (default: the last one chosen, else the system's)",
    )
    parser.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1024x768")
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
        type=_folder_path,
        metavar="PATH",
        help="a GPT-2-family model folder (config.json, model.safetensors, tokenizer.json) "
        "to show on the GPT-2 page; remembered",
    )
    commands = parser.add_subparsers(dest="command", metavar="{table,presets,heads,worksheet}")

    tab = commands.add_parser("table", help="print a head's weight table and exit")
    tab.add_argument("--head", choices=heads, default="induction")
    tab.add_argument("--sentence", type=command_line_text, default=core.LESSON_SENTENCE)
    tab.add_argument("--no-mask", action="store_true", help="let every token see every token")
    tab.add_argument("--format", choices=("text", "csv", "json"), default="text")

    commands.add_parser("presets", help="print the model presets' arithmetic and exit")
    _add_heads_command(commands)
    _add_worksheet_command(commands)
    return parser


def _add_picture_options(parser: ArgumentParser) -> None:
    """--screenshot, --export and what an export shows: draw, write, and exit."""
    pictures = parser.add_mutually_exclusive_group()
    pictures.add_argument(
        "--screenshot", type=_file_path, metavar="PATH", help="render the window to a PNG and exit"
    )
    pictures.add_argument(
        "--export",
        type=_export_path,
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
        type=_paper,
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
    heads.add_argument("--model", choices=("english",), default=None)
    heads.add_argument(
        "--model-dir",
        type=_folder_path,
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
    heads.add_argument("--format", choices=("text", "json"), default="text")


def _add_worksheet_command(commands) -> None:
    sheet = commands.add_parser(
        "worksheet",
        help="write a worksheet for a class (student pages, then the teacher's key) as PDF",
    )
    sheet.add_argument(
        "-o",
        "--output",
        dest="sheet_output",
        type=_pdf_path,
        required=True,
        metavar="PATH",
        help="the PDF file to write",
    )
    sheet.add_argument(
        "--language",
        dest="sheet_language",
        type=_language,
        metavar="CODE",
        help="en or de (default: the system's, else English)",
    )
    sheet.add_argument(
        "--paper",
        dest="sheet_paper",
        type=_paper,
        metavar="SIZE",
        help="a4 or letter (default: letter where the system measures in inches, else a4)",
    )
    sheet.add_argument(
        "--sentence",
        dest="sheet_sentence",
        type=command_line_text,
        help="the sentence to work on (default: the lesson's, in the worksheet's language)",
    )


def run_heads(args: argparse.Namespace, out: TextIO) -> int:
    """Print a model's heads on a sentence: the English model's, or with ``--model-dir``
    a GPT-2 folder's. A damaged weights file or an unusable folder exits 1."""
    folder = getattr(args, "model_dir", None)
    if folder is not None:
        if args.model is not None:
            raise ValueError("--model and --model-dir name two models; give one")
        return run_gpt2_heads(folder, args, out)
    from core.english import load_english, weights
    from core.english.analysis import analyse
    from core.english.probes import MARY_AND_JOHN
    from core.english.report import format_run_json, format_run_text
    from core.learned import WeightsError

    tokens = core.tokenize(MARY_AND_JOHN if args.sentence is None else args.sentence)
    query = len(tokens) - 1 if args.query is None else args.query
    if not 0 <= query < len(tokens):
        raise ValueError(f"--query must be between 0 and {len(tokens) - 1}, got {query}")
    try:
        model = load_english(weights.ENGLISH_WEIGHTS)
    except WeightsError as error:
        print(f"attention-heads: {error}", file=sys.stderr)
        return 1
    run = analyse(model, tokens)
    out.write(format_run_json(run, query) if args.format == "json" else format_run_text(run, query))
    return 0


def run_gpt2_heads(folder: str, args: argparse.Namespace, out: TextIO) -> int:
    """``heads --model-dir``: a GPT-2 folder's heads on the sentence and on the repeated
    passage; a folder that cannot be used exits 1 with its one message."""
    from core.english.probes import MARY_AND_JOHN
    from core.gpt2 import ModelFolderError, analyse, analyse_repeats, open_model
    from core.gpt2.report import format_run_json, format_run_text

    sentence = MARY_AND_JOHN if args.sentence is None else args.sentence
    try:
        model = open_model(folder)
    except ModelFolderError as error:
        print(f"attention-heads: {error}", file=sys.stderr)
        return 1
    runs = {"sentence": analyse(model, sentence), "repeats": analyse_repeats(model)}
    n = runs["sentence"].n_tokens  # a text too long for the model: ValueError, exit 2
    query = n - 1 if args.query is None else args.query
    if not 0 <= query < n:
        raise ValueError(f"--query must be between 0 and {n - 1} (a token), got {query}")
    write = format_run_json if args.format == "json" else format_run_text
    out.write(write(runs, query))
    return 0


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
