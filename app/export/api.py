"""Save what the window shows: pictures (PNG, SVG) of a panel, and the weights as CSV.

The file names, the command-line export and the window's parts live here; the files
are written by ``app.export.files`` (atomically, every failure an ``ExportError``) and
the pictures drawn by ``app.export.pictures``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTabWidget, QWidget

from app.export.files import ExportError, cannot_write, check_target, write_atomic
from app.export.kinds import FORMATS, PICTURES
from app.export.pictures import picture_rect, png_bytes, settle, svg_bytes, tidy_svg
from app.log_file import report  # stderr and the log file: a window has no console
from app.model.results import AttentionResult
from app.text.wording import QT_TRANSLATE_NOOP, fill, head_name, translate
from core import table

if TYPE_CHECKING:
    from app.export.source import ExportSource

__all__ = [
    "FORMATS",
    "PICTURES",
    "ExportError",
    "cannot_write",
    "check_format",
    "check_target",
    "default_name",
    "describe",
    "export_handout",
    "export_offscreen",
    "export_part",
    "export_weights_csv",
    "export_widget",
    "picture_widget",
    "png_bytes",
    "resolve_target",
    "settle",
    "svg_bytes",
    "target_widget",
    "tidy_svg",
    "weights_csv",
    "write_atomic",
]


# -- names ---------------------------------------------------------------------------------


def default_name(result: AttentionResult, what: str, suffix: str) -> str:
    """A file name that says what the file holds, e.g. ``attention-induction-mask-on-q7.png``.

    Parameters
    ----------
    result : AttentionResult
        What the window shows.
    what : {'heatmap', 'minimaps', 'window', 'weights', 'handout'}
        The part exported.
    suffix : str
        'png', 'svg', 'csv' or 'pdf', with or without the dot; it must suit ``what``.
    """
    suffix = check_format(what, suffix)
    head = result.head_id.replace("_", "-")
    mask = "mask-on" if result.causal else "mask-off"
    stem = {
        "heatmap": f"attention-{head}-{mask}-q{result.query}",
        "minimaps": f"all-heads-{mask}",
        "window": f"window-{head}-{mask}-q{result.query}",
        "weights": f"weights-{head}-{mask}",
        "handout": f"handout-{head}-{mask}-q{result.query}",
    }[what]
    return f"{stem}.{suffix}"


def resolve_target(path: str | os.PathLike[str], what: str | None) -> tuple[str, str]:
    """``(what, format)`` for a command-line export; the format comes from the suffix.

    ``what`` defaults to 'heatmap' for a picture; a CSV file holds the weights and a PDF
    file the handout. Raises ``ValueError`` with a one-line message for a combination
    that makes no sense.
    """
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in ("png", "svg", "csv", "pdf"):
        raise ValueError(
            f"cannot tell the format of {os.fspath(path)!r}: end it in .png, .svg, .csv or .pdf"
        )
    if suffix in ("csv", "pdf"):
        holds = {"csv": "weights", "pdf": "handout"}[suffix]
        if what not in (None, holds):
            raise ValueError(
                f"--export-what is for pictures; a .{suffix} file holds the "
                + ("weight table" if suffix == "csv" else "handout of the window")
            )
        return holds, suffix
    what = what or "heatmap"
    if what not in PICTURES:
        raise ValueError(f"--export-what must be one of {', '.join(PICTURES)}, not {what!r}")
    return what, suffix


def check_format(what: str, suffix: str) -> str:
    if what not in FORMATS:
        raise ValueError(f"unknown export {what!r}; choose from {', '.join(FORMATS)}")
    suffix = suffix.lower().lstrip(".")
    if suffix not in FORMATS[what]:
        raise ValueError(f"{what} cannot be saved as {suffix!r}; use {', '.join(FORMATS[what])}")
    return suffix


def describe(result: AttentionResult) -> str:
    """One line naming the head, the mask and the query, for a picture's title."""
    template = (
        translate("Export", "Attention Heads: %1 head, causal mask on, query %2 (%3)")
        if result.causal
        else translate("Export", "Attention Heads: %1 head, causal mask off, query %2 (%3)")
    )
    token = result.tokens[result.query]
    return fill(template, head_name(result.head_id), token, result.query)


def weights_csv(result: AttentionResult) -> str:
    """The selected head's weights, laid out exactly like ``attention-heads table --format csv``.

    The table carries no head or mask line of its own: a comment row would break
    spreadsheet and pandas readers. The default file name says which head and mask it is.
    """
    return table.format_csv(result.tokens, result.selected, result.causal)


def export_weights_csv(result: AttentionResult, path: str | os.PathLike[str]) -> Path:
    """Write the selected head's weights as CSV (UTF-8, two decimals, 'masked')."""
    return write_atomic(path, weights_csv(result).encode("utf-8"))


def export_handout(
    result: AttentionResult, sentence: str, path: str | os.PathLike[str], paper: str | None = None
) -> Path:
    """Write the handout of what the window shows as PDF (``paper``: 'a4' or 'letter',
    by default the system's)."""
    from app.export.handout import handout_title, paint_handout
    from app.export.pages import pdf_bytes
    from app.export.sheet import default_paper

    check_target(path)  # before drawing
    data = pdf_bytes(
        paper or default_paper(), handout_title(result), paint_handout(result, sentence)
    )
    return write_atomic(path, data)


def export_widget(
    widget: QWidget,
    path: str | os.PathLike[str],
    *,
    title: str = "",
    fmt: str | None = None,
    trim: bool = False,
) -> Path:
    """Save a picture of ``widget`` as PNG or SVG.

    ``fmt`` ('png' or 'svg') defaults to the path's suffix. ``title`` becomes the
    SVG's ``<title>``; PNG files ignore it. ``trim`` leaves out the empty room under
    the widget's lowest part (a part of the window, not the window itself).
    """
    fmt = (fmt or Path(path).suffix).lower().lstrip(".")
    area = picture_rect(widget) if trim else None
    if fmt == "png":
        data = png_bytes(widget, area)
    elif fmt == "svg":
        data = svg_bytes(widget, title=title, area=area)
    else:
        raise ExportError(
            QT_TRANSLATE_NOOP("Export", "could not write %1: pictures are saved as .png or .svg"),
            os.fspath(path),
        )
    return write_atomic(path, data)


# -- the window's parts ----------------------------------------------------------------------


def target_widget(window: ExportSource, what: str) -> QWidget:
    """The widget a picture of ``what`` shows, with the window's plots built first."""
    if what not in PICTURES:
        raise ValueError(f"unknown picture {what!r}; choose from {', '.join(PICTURES)}")
    if what == "window":
        return window.window()
    if window.heatmap is None:
        window.build_plots()
    widget = window.heatmap if what == "heatmap" else window.head_grid
    assert widget is not None  # build_plots made the heatmap
    if not widget.isVisible():
        _reveal(widget)
    return widget


def _reveal(widget: QWidget) -> None:
    """Bring forward every tab that holds ``widget``, and let it lay itself out."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QTabWidget):
            for index in range(parent.count()):
                page = parent.widget(index)
                if page is widget or (page is not None and page.isAncestorOf(widget)):
                    parent.setCurrentIndex(index)
        parent = parent.parentWidget()
    QCoreApplication.processEvents()


@contextmanager
def picture_widget(window: ExportSource, what: str) -> Iterator[QWidget]:
    """The widget a picture of ``what`` is taken of, while it is taken: for the heatmap
    one whose axes name the words (see ``app.export.word_heatmap``)."""
    widget = target_widget(window, what)
    if what != "heatmap":
        yield widget
        return
    from app.export.word_heatmap import heatmap_with_words

    with heatmap_with_words(window) as heatmap:
        yield heatmap


def export_part(
    window: ExportSource,
    what: str,
    path: str | os.PathLike[str],
    paper: str | None = None,
    fmt: str | None = None,
) -> Path:
    """Export one part of ``window`` (a picture, the weights, the handout) to ``path``."""
    result = window.controller.attention
    if what == "weights":
        return export_weights_csv(result, path)
    if what == "handout":
        return export_handout(result, window.state.sentence, path, paper)
    check_target(path)  # before drawing
    with picture_widget(window, what) as widget:
        return export_widget(widget, path, title=describe(result), fmt=fmt, trim=what != "window")


def export_offscreen(
    app, window: ExportSource, path: str, what: str | None, paper: str | None = None
) -> int:
    """The ``--export PATH [--export-what ...]`` command: draw offscreen, write, exit code.

    A bad combination raises ``ValueError`` (exit code 2 from ``main``); a file that
    cannot be written is reported on stderr with exit code 1. A handout (.pdf, on
    ``paper``) is drawn from the window's results: the window need not be shown.
    """
    what, _format = resolve_target(path, what)
    try:
        check_target(path)  # before drawing: a bad name is reported at once
        if what == "handout":
            export_part(window, what, path, paper)
            return 0
    except ExportError as error:
        report(f"attention-heads: error: {error}")
        return 1
    window.show()
    window.build_plots()
    settle(window)  # layouts and the plots' placement, as for --screenshot
    window.banner.dismiss()  # a confirmation passing by is not part of the picture
    try:
        export_part(window, what, path)
    except ExportError as error:
        report(f"attention-heads: error: {error}")
        return 1
    finally:
        window.hide()  # not close(): an export must not overwrite the saved window size
    return 0
