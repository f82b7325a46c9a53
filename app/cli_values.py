"""The command line's values, each read and checked by one function (argparse's ``type``):
a bad one is one line of usage error, exit code 2. No Qt."""

from __future__ import annotations

import argparse
import os

from app.export.kinds import PAPERS


def window_size(text: str) -> tuple[int, int]:
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


def file_path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("the file name is empty")
    return text


def folder_path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder name is empty")
    return os.path.abspath(os.path.expanduser(command_line_text(text)))


def export_path(text: str) -> str:
    file_path(text)
    if not text.lower().endswith((".png", ".svg", ".csv", ".pdf")):
        raise argparse.ArgumentTypeError(f"{text!r} must end in .png, .svg, .csv or .pdf")
    return text


def pdf_path(text: str) -> str:
    file_path(text)
    if not text.lower().endswith(".pdf"):
        raise argparse.ArgumentTypeError(f"{text!r} must end in .pdf")
    return text


def paper_size(text: str) -> str:
    paper = text.strip().lower()
    if paper not in PAPERS:
        raise argparse.ArgumentTypeError(
            f"paper {text!r} is not one of: {', '.join(PAPERS)} (A4 is 210 x 297 mm, "
            "Letter 8.5 x 11 in)"
        )
    return paper


def language_code(text: str) -> str:
    from app.text.i18n import LANGUAGES, normalize  # Qt only for a window option

    code = normalize(text)
    if code is None:
        raise argparse.ArgumentTypeError(f"language {text!r} is not one of: {', '.join(LANGUAGES)}")
    return code
