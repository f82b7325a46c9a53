"""Save what the window shows: pictures (PNG, SVG) of a panel, and the weights as CSV.

Every file is written atomically with ``QSaveFile``: the bytes go to a temporary file
beside the target, which replaces the target only when everything was written. A
failed export therefore never leaves half a file, and an older file of the same name
survives it. Every failure is raised as ``ExportError``, whose message is ready to be
shown to the person who asked for the file.

SVG is made by replaying the widget into ``QSvgGenerator`` (see ``svg_bytes``), not
with pyqtgraph's ``SVGExporter``: that exporter covers only the plot's scene (no title,
no legend) and raises on this heatmap's items.
"""

from __future__ import annotations

import math
import os
import stat
import sys
import xml.etree.ElementTree as ET  # noqa: N817
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QFileDevice,
    QIODevice,
    QPoint,
    QRect,
    QSaveFile,
)
from PySide6.QtGui import QFont, QFontInfo, QImage, QPainter, QPicture
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsView,
    QTabWidget,
    QWidget,
)

from core import table

from .export_menu import FORMATS, PICTURES
from .results import AttentionResult
from .wording import fill, head_name, translate

_SVG_NS = "http://www.w3.org/2000/svg"
_XLINK_NS = "http://www.w3.org/1999/xlink"


class ExportError(RuntimeError):
    """A file could not be made or written; the message says which and why."""


# -- names ---------------------------------------------------------------------------------


def default_name(result: AttentionResult, what: str, suffix: str) -> str:
    """A file name that says what the file holds, e.g. ``attention-induction-mask-on-q7.png``.

    Parameters
    ----------
    result : AttentionResult
        What the window shows.
    what : {'heatmap', 'minimaps', 'window', 'weights'}
        The part exported.
    suffix : str
        'png', 'svg' or 'csv', with or without the dot; it must suit ``what``.
    """
    suffix = check_format(what, suffix)
    head = result.head_id.replace("_", "-")
    mask = "mask-on" if result.causal else "mask-off"
    stem = {
        "heatmap": f"attention-{head}-{mask}-q{result.query}",
        "minimaps": f"all-heads-{mask}",
        "window": f"window-{head}-{mask}-q{result.query}",
        "weights": f"weights-{head}-{mask}",
    }[what]
    return f"{stem}.{suffix}"


def resolve_target(path: str | os.PathLike[str], what: str | None) -> tuple[str, str]:
    """``(what, format)`` for a command-line export; the format comes from the suffix.

    ``what`` defaults to 'heatmap' for a picture and is always 'weights' for a CSV file.
    Raises ``ValueError`` with a one-line message for a combination that makes no sense.
    """
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in ("png", "svg", "csv"):
        raise ValueError(
            f"cannot tell the format of {os.fspath(path)!r}: end it in .png, .svg or .csv"
        )
    if suffix == "csv":
        if what not in (None, "weights"):
            raise ValueError("--export-what is for pictures; a .csv file holds the weight table")
        return "weights", suffix
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


# -- writing -------------------------------------------------------------------------------


def check_target(path: str | os.PathLike[str]) -> Path:
    """The path to write, checked before anything is drawn or written.

    Raises ``ExportError`` (never ``OSError``) when the name is empty or too long for
    the file system, its folder is missing, or something that is not a regular file
    already has the name: a folder, a device such as ``/dev/full``, a pipe, a socket,
    or a link to nothing. Root could otherwise replace a device node with a file.
    """
    target = Path(path)
    if not os.fspath(path).strip():
        raise ExportError("could not write the file: its name is empty")
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:  # a name too long, a loop of links, a folder we may not enter
        raise ExportError(f"could not write {target}: {error.strerror}") from None
    if info is None:
        if os.path.lexists(target):
            raise ExportError(f"could not write {target}: it is a link to nothing")
        if not target.parent.is_dir():
            raise ExportError(
                f"could not write {target}: the folder {target.parent} does not exist"
            )
        return target
    if stat.S_ISDIR(info.st_mode):
        raise ExportError(f"could not write {target}: it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise ExportError(f"could not write {target}: it is not a regular file")
    return target


def _qt_file_name(target: Path) -> str:
    """The name as Qt needs it: Qt reads file names as UTF-8, whatever the locale, while
    Python (under the C locale) may hold the bytes as lone surrogates."""
    raw = os.fsencode(target)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ExportError(f"could not write {target}: the name is not valid UTF-8") from None


def write_atomic(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` all at once, or not at all.

    Raises ``ExportError`` if the target is unusable (see ``check_target``), the folder
    is not writable, or the disk fills up; the file that was there before is then
    unchanged.
    """
    target = check_target(path)
    saver = QSaveFile(_qt_file_name(target))
    # Unbuffered: a short write shows up here, not as a vague failure inside commit().
    if not saver.open(QIODevice.OpenModeFlag.WriteOnly | QIODevice.OpenModeFlag.Unbuffered):
        raise ExportError(f"could not write {target}: {saver.errorString()}")
    written = saver.write(QByteArray(data))
    if written != len(data):
        error = saver.errorString()
        if saver.error() == QFileDevice.FileError.NoError:  # e.g. a file size limit
            error = f"only {max(written, 0)} of {len(data)} bytes could be written"
        # Without cancelWriting, commit() would install the short file over the old one.
        saver.cancelWriting()
        saver.commit()  # now only removes the temporary file
        raise ExportError(f"could not write {target}: {error}")
    if not saver.commit():
        raise ExportError(f"could not write {target}: {saver.errorString()}")
    return target


def weights_csv(result: AttentionResult) -> str:
    """The selected head's weights, laid out exactly like ``attention-heads table --format csv``.

    The table carries no head or mask line of its own: a comment row would break
    spreadsheet and pandas readers. The default file name says which head and mask it is.
    """
    return table.format_csv(result.tokens, result.selected, result.causal)


def export_weights_csv(result: AttentionResult, path: str | os.PathLike[str]) -> Path:
    """Write the selected head's weights as CSV (UTF-8, two decimals, 'masked')."""
    return write_atomic(path, weights_csv(result).encode("utf-8"))


def export_widget(
    widget: QWidget,
    path: str | os.PathLike[str],
    *,
    title: str = "",
    fmt: str | None = None,
) -> Path:
    """Save a picture of ``widget`` as PNG or SVG.

    ``fmt`` ('png' or 'svg') defaults to the path's suffix. ``title`` becomes the
    SVG's ``<title>``; PNG files ignore it.
    """
    fmt = (fmt or Path(path).suffix).lower().lstrip(".")
    if fmt == "png":
        data = png_bytes(widget)
    elif fmt == "svg":
        data = svg_bytes(widget, title=title)
    else:
        raise ExportError(f"could not write {os.fspath(path)}: pictures are saved as .png or .svg")
    return write_atomic(path, data)


# -- pictures ------------------------------------------------------------------------------


def _check_size(widget: QWidget) -> None:
    if widget.width() <= 0 or widget.height() <= 0:
        raise ExportError("there is nothing to draw yet: the panel has no size")


def png_bytes(widget: QWidget) -> bytes:
    """The widget as PNG, at the screen's device pixel ratio (sharp on HiDPI screens)."""
    _check_size(widget)
    image = widget.grab().toImage()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if image.isNull() or not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise ExportError("the picture could not be encoded as PNG")
    return bytes(buffer.data().data())


def svg_bytes(widget: QWidget, *, title: str = "", description: str = "") -> bytes:
    """The widget as an SVG drawing: text stays text, lines stay lines.

    The widget is first recorded into a ``QPicture`` and then replayed into the SVG
    generator. Rendering straight into the generator puts the clip paths of child
    widgets in the wrong place (the generator ignores the offset of each child), so
    labels are cut off and hatching spills out of the masked area; the replay does not.
    Item and view caches are switched off meanwhile so that cached items (the cell
    numbers) are drawn as vector text rather than as pasted bitmaps.
    """
    _check_size(widget)
    picture = QPicture()
    with _uncached(widget):
        painter = QPainter(picture)
        try:
            QWidget.render(widget, painter, QPoint(0, 0))  # not GraphicsView.render
        finally:
            painter.end()

    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)  # 1.1: clip paths are kept
    generator.setOutputDevice(buffer)
    generator.setSize(widget.size())
    generator.setViewBox(QRect(0, 0, widget.width(), widget.height()))
    generator.setResolution(widget.logicalDpiX())
    generator.setTitle(title or "Attention Heads")
    generator.setDescription(description or "Drawn by Attention Heads")
    painter = QPainter()
    if not painter.begin(generator):
        raise ExportError("the SVG drawing could not be started")
    try:
        painter.drawPicture(0, 0, picture)
    finally:
        painter.end()
    return tidy_svg(bytes(buffer.data().data()))


@contextmanager
def _uncached(widget: QWidget) -> Iterator[None]:
    """Switch off the pixmap caches of every graphics view under ``widget``, then restore."""
    views = widget.findChildren(QGraphicsView)
    if isinstance(widget, QGraphicsView):
        views.append(widget)
    saved_views = [(view, view.cacheMode()) for view in views]
    saved_items = [
        (item, item.cacheMode())
        for view in views
        if view.scene() is not None
        for item in view.scene().items()
        if item.cacheMode() != QGraphicsItem.CacheMode.NoCache
    ]
    try:
        for view, _ in saved_views:
            view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        for item, _ in saved_items:
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        yield
    finally:
        for item, mode in saved_items:
            item.setCacheMode(mode)
        for view, view_mode in saved_views:
            view.setCacheMode(view_mode)


def _matrix_scale(transform: str | None) -> float:
    """The size factor of an SVG ``matrix(a,b,c,d,e,f)`` transform (1.0 for anything else)."""
    if not transform or not transform.startswith("matrix("):
        return 1.0
    try:
        a, b, c, d, _e, _f = (float(v) for v in transform[7:].rstrip(") ").split(","))
    except ValueError:
        return 1.0
    return math.sqrt(abs(a * d - b * c)) or 1.0


def tidy_svg(data: bytes) -> bytes:
    """Make Qt's SVG look the same in every viewer.

    - Lines Qt marks ``vector-effect="non-scaling-stroke"`` (pens a fixed number of
      pixels wide, such as the query row's outline) sit in groups scaled to plot units.
      Viewers without that SVG 2 feature (librsvg, so GNOME's image viewer) draw them
      dozens of cells wide. Their width is divided by the group's scale instead, which
      looks the same as on screen at the picture's own size.
    - The weight matrices and the colour bar are tiny images (one pixel per cell or
      colour step) stretched large. Embedded pictures are drawn blurred, or not at all,
      by some viewers, so each becomes real vector cells: one ``<rect>`` per run of
      equal pixels in a row (see ``_vectorise``), transparent pixels left out so the
      hatched masked layer beneath shows through.
    - Qt names the default font "Sans Serif", which browsers do not know (they fall
      back to a serif face); the CSS generic ``sans-serif`` is added.
    """
    ET.register_namespace("", _SVG_NS)
    ET.register_namespace("xlink", _XLINK_NS)
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        raise ExportError(f"the SVG drawing came out malformed: {error}") from error
    for group in root.iter(f"{{{_SVG_NS}}}g"):
        scale = _matrix_scale(group.get("transform"))
        if math.isclose(scale, 1.0):
            continue
        for child in group:
            if child.get("vector-effect") != "non-scaling-stroke":
                continue
            width = float(child.get("stroke-width", group.get("stroke-width", "1")))
            child.set("stroke-width", f"{width / scale:.6g}")
            del child.attrib["vector-effect"]
    for parent in list(root.iter()):
        for index, child in enumerate(list(parent)):
            if (
                child.tag == f"{{{_SVG_NS}}}image"
                and child.get("image-rendering") == "optimizeSpeed"
            ):
                cells = _vectorise(child)
                if cells is not None:
                    parent.remove(child)
                    parent.insert(index, cells)
    for element in root.iter():
        family = element.get("font-family")
        if family is not None:
            element.set("font-family", _font_family(family))
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


_GENERIC_FONTS = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"}


def _font_family(family: str) -> str:
    """A CSS font list: the face Qt really drew with, then a generic family.

    Qt writes the family it was asked for, often its own alias "Sans Serif", which
    no browser knows; ``QFontInfo`` names the face that was actually used.
    """
    name = family.strip().strip("'\"")
    if "," in family or name.lower() in _GENERIC_FONTS:
        return family
    used = QFontInfo(QFont(name)).family() or name
    return f"'{used}', sans-serif"


#: Images with at most this many pixels are data (a 64 x 64 matrix, a colour bar); larger
#: ones are left as pictures.
_DATA_MAX_PIXELS = 64 * 64


def _vectorise(image: ET.Element) -> ET.Element | None:
    """A ``<g>`` of rectangles drawing the embedded PNG of ``image`` cell by cell.

    None when the image is no small embedded PNG (it is then left as it is).
    """
    href = image.get(f"{{{_XLINK_NS}}}href", "")
    prefix = "data:image/png;base64,"
    if not href.startswith(prefix):
        return None
    picture = QImage.fromData(QByteArray.fromBase64(QByteArray(href[len(prefix) :].encode())))
    if picture.isNull() or picture.width() * picture.height() > _DATA_MAX_PIXELS:
        return None
    picture = picture.convertToFormat(QImage.Format.Format_ARGB32)
    x0, y0 = float(image.get("x", "0")), float(image.get("y", "0"))
    cell_w = float(image.get("width", picture.width())) / picture.width()
    cell_h = float(image.get("height", picture.height())) / picture.height()
    # No stroke: the group Qt puts an image in often carries a pen scaled to plot units.
    group = ET.Element(f"{{{_SVG_NS}}}g", {"shape-rendering": "crispEdges", "stroke": "none"})
    transform = image.get("transform")
    if transform:
        group.set("transform", transform)
    for row in range(picture.height()):
        start = 0
        for col in range(1, picture.width() + 1):
            if col < picture.width() and picture.pixel(col, row) == picture.pixel(start, row):
                continue
            colour = picture.pixelColor(start, row)
            if colour.alpha() > 0:  # transparent: the layer beneath (the hatching) shows
                rect = {
                    "x": f"{x0 + start * cell_w:.6g}",
                    "y": f"{y0 + row * cell_h:.6g}",
                    "width": f"{(col - start) * cell_w:.6g}",
                    "height": f"{cell_h:.6g}",
                    "fill": colour.name(),
                }
                if colour.alpha() < 255:
                    rect["fill-opacity"] = f"{colour.alphaF():.3g}"
                ET.SubElement(group, f"{{{_SVG_NS}}}rect", rect)
            start = col
    return group


# -- the window's parts ----------------------------------------------------------------------


def target_widget(window, what: str) -> QWidget:
    """The widget a picture of ``what`` shows, with the window's plots built first."""
    if what not in PICTURES:
        raise ValueError(f"unknown picture {what!r}; choose from {', '.join(PICTURES)}")
    if what == "window":
        return window
    if window.heatmap is None:
        window.build_plots()
    widget = window.heatmap if what == "heatmap" else window.head_grid
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


def export_part(window, what: str, path: str | os.PathLike[str]) -> Path:
    """Export one part of ``window`` (a picture, or the weights for 'weights') to ``path``."""
    result = window.controller.attention
    if what == "weights":
        return export_weights_csv(result, path)
    return export_widget(target_widget(window, what), path, title=describe(result))


def export_offscreen(app, window, path: str, what: str | None) -> int:
    """The ``--export PATH [--export-what ...]`` command: draw offscreen, write, exit code.

    A bad combination raises ``ValueError`` (exit code 2 from ``main``); a file that
    cannot be written is reported on stderr with exit code 1.
    """
    what, _format = resolve_target(path, what)
    try:
        check_target(path)  # before drawing: a bad name is reported at once
    except ExportError as error:
        print(f"attention-heads: error: {error}", file=sys.stderr)
        return 1
    window.show()
    window.build_plots()
    for _ in range(3):  # let layouts settle and the plots paint, as for --screenshot
        app.processEvents()
    window.banner.dismiss()  # a confirmation passing by is not part of the picture
    try:
        export_part(window, what, path)
    except ExportError as error:
        print(f"attention-heads: error: {error}", file=sys.stderr)
        return 1
    finally:
        window.hide()  # not close(): an export must not overwrite the saved window size
    return 0


# -- File > Export -----------------------------------------------------------------------------
