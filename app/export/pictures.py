"""Pictures of a panel for File > Export: PNG as on screen, SVG as vector drawing.

SVG is made by replaying the widget into ``QSvgGenerator`` (see ``svg_bytes``), not
with pyqtgraph's ``SVGExporter``: that exporter covers only the plot's scene (no title,
no legend) and raises on this heatmap's items.
"""

from __future__ import annotations

import math
import time
import xml.etree.ElementTree as ET  # noqa: N817
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QPoint, QRect
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QImage, QPainter, QPicture, QRegion
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QWidget

from app.export.files import ExportError
from app.text.wording import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from app.export.source import ExportSource

_SVG_NS = "http://www.w3.org/2000/svg"
_XLINK_NS = "http://www.w3.org/1999/xlink"


def settle(window: ExportSource, turns: int = 200) -> None:
    """Let the window finish laying itself out before its picture is taken.

    The heatmap fits itself square a few event-loop turns after every resize, and
    presenter mode at a chosen size resizes several times (theme, text size, window
    size): wait until the window, the plot and its cells have stood still for five
    turns, at most ``turns`` of about 10 ms (two seconds by default).
    """
    heatmap = window.heatmap
    if heatmap is None:
        raise ValueError("the window's plots are not built: build_plots() first")
    last, still = None, 0
    for _ in range(turns):
        QCoreApplication.processEvents()
        view = heatmap.plot.getViewBox()
        now = (window.size(), heatmap.graphics.geometry(), view.sceneBoundingRect())
        still = still + 1 if now == last else 0
        if still >= 5:
            return
        last = now
        time.sleep(0.01)


def _check_size(widget: QWidget) -> None:
    if widget.width() <= 0 or widget.height() <= 0:
        raise ExportError(
            QT_TRANSLATE_NOOP("Export", "there is nothing to draw yet: the panel has no size")
        )


#: Room kept below the lowest part of a picture (the legend's descenders, a focus ring).
_BOTTOM_ROOM = 4


def picture_rect(widget: QWidget) -> QRect:
    """The part of ``widget`` a picture of it shows: all of it, less the empty room a
    layout leaves below its lowest visible part (the heatmap's slot in the window is
    often taller than the square plot and its legend)."""
    bottom = 0
    for part in widget.findChildren(QWidget):
        if not part.isVisibleTo(widget) or any(
            child.isVisibleTo(widget) for child in part.findChildren(QWidget)
        ):
            continue  # hidden, or a container whose own parts are measured
        bottom = max(bottom, part.mapTo(widget, QPoint(0, part.height())).y())
    height = widget.height() if bottom == 0 else min(widget.height(), bottom + _BOTTOM_ROOM)
    return QRect(0, 0, widget.width(), height)


def png_bytes(widget: QWidget, area: QRect | None = None) -> bytes:
    """The widget (or ``area`` of it) as PNG, at the screen's device pixel ratio."""
    _check_size(widget)
    image = widget.grab(area or widget.rect()).toImage()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if image.isNull() or not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise ExportError(QT_TRANSLATE_NOOP("Export", "the picture could not be encoded as PNG"))
    return bytes(buffer.data().data())


def svg_bytes(
    widget: QWidget, *, title: str = "", description: str = "", area: QRect | None = None
) -> bytes:
    """The widget (or ``area`` of it, from its top left) as an SVG drawing: text stays
    text, lines stay lines.

    The widget is first recorded into a ``QPicture`` and then replayed into the SVG
    generator. Rendering straight into the generator puts the clip paths of child
    widgets in the wrong place (the generator ignores the offset of each child), so
    labels are cut off and hatching spills out of the masked area; the replay does not.
    Item and view caches are switched off meanwhile so that cached items (the cell
    numbers) are drawn as vector text rather than as pasted bitmaps, and items that
    draw differently for other renderers (``vector_output``) are told to.
    """
    _check_size(widget)
    area = area or widget.rect()
    picture = QPicture()
    with _for_vector(widget):
        painter = QPainter(picture)
        try:  # not GraphicsView.render
            QWidget.render(widget, painter, QPoint(0, 0), QRegion(area))
        finally:
            painter.end()

    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)  # 1.1: clip paths are kept
    generator.setOutputDevice(buffer)
    generator.setSize(area.size())
    generator.setViewBox(QRect(0, 0, area.width(), area.height()))
    generator.setResolution(widget.logicalDpiX())
    generator.setTitle(title or "Attention Heads")
    generator.setDescription(description or "Drawn by Attention Heads")
    painter = QPainter()
    if not painter.begin(generator):
        raise ExportError(QT_TRANSLATE_NOOP("Export", "the SVG drawing could not be started"))
    try:
        painter.drawPicture(0, 0, picture)
    finally:
        painter.end()
    return tidy_svg(bytes(buffer.data().data()))


@contextmanager
def _for_vector(widget: QWidget) -> Iterator[None]:
    """Switch off the pixmap caches of every graphics view under ``widget`` and tell its
    items with a ``vector_output`` flag that they draw for an SVG file; then restore."""
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
    vector_items = [
        item
        for view in views
        if view.scene() is not None
        for item in view.scene().items()
        if hasattr(item, "vector_output")
    ]
    try:
        for view, _ in saved_views:
            view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        for item, _ in saved_items:
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        for item in vector_items:
            item.vector_output = True
        yield
    finally:
        for item in vector_items:
            item.vector_output = False
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
    - Qt places each text by its left end, measured with its own font. A viewer that
      draws the text a little wider or narrower would shift it off centre, so texts
      are anchored at their middle instead (``text-anchor="middle"``). Not under a
      transform that stretches one way more than the other (the cells' narrowed
      numbers): librsvg 2.54 then moves the text by its unstretched half width.
    """
    ET.register_namespace("", _SVG_NS)
    ET.register_namespace("xlink", _XLINK_NS)
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        raise ExportError(
            QT_TRANSLATE_NOOP("Export", "the SVG drawing came out malformed: %1"), error
        ) from error
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
    parents = {child: parent for parent in root.iter() for child in parent}
    for element in root.iter():
        family = element.get("font-family")
        if family is not None:
            element.set("font-family", _font_family(family))
        if element.tag == f"{{{_SVG_NS}}}text" and _undistorted(element, parents):
            _anchor_middle(element)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _undistorted(element: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    """Whether no transform above ``element`` stretches one way more than the other."""
    node: ET.Element | None = element
    while node is not None:
        transform = node.get("transform", "")
        if transform.startswith("matrix("):
            try:
                a, b, c, d, _e, _f = (float(v) for v in transform[7:].rstrip(") ").split(","))
            except ValueError:
                return False
            if not (
                math.isclose(a * a + b * b, c * c + d * d, rel_tol=1e-3)
                and abs(a * c + b * d) < 1e-6
            ):
                return False
        node = parents.get(node)
    return True


def _anchor_middle(text: ET.Element) -> None:
    """Move a ``<text>`` Qt placed by its start to be placed by its middle."""
    content = "".join(text.itertext())
    if not content.strip() or text.get("text-anchor") or text.get("x") is None:
        return
    try:
        x, size = float(text.get("x", "0")), float(text.get("font-size", "0"))
    except ValueError:
        return
    if size <= 0:
        return
    font = QFont(text.get("font-family", "").split(",")[0].strip().strip("'\""))
    font.setPixelSize(max(1, round(size)))
    font.setWeight(QFont.Weight(int(text.get("font-weight", "400") or 400)))
    font.setItalic(text.get("font-style") == "italic")
    width = QFontMetricsF(font).horizontalAdvance(content) * size / max(1, round(size))
    text.set("x", f"{x + width / 2:.6g}")
    text.set("text-anchor", "middle")


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
