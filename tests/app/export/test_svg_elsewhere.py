"""The heatmap's SVG file as another program draws it (librsvg, as GNOME's viewers do).

Three things went wrong there: the cells' numbers ran into each other ("0.020.000.00":
the viewer has no idea Qt drew them condensed), the axes showed positions where the
window showed words, and a picture of the heatmap carried the empty room the window's
layout leaves under it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from app.export import api as export
from app.export.pictures import settle
from app.ui.theme import ZOOM_STEPS
from tests.tools import require_tool

pytestmark = require_tool("rsvg-convert")  # from Debian's librsvg2-bin
#: How far two renderers' pixels of the same flat colour may differ per channel.
FLAT = 40


def rsvg(svg: Path) -> QImage:
    png = svg.with_suffix(".rsvg.png")
    done = subprocess.run(
        ["rsvg-convert", "-o", str(png), str(svg)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(png)).convertToFormat(QImage.Format.Format_RGB32)
    assert not image.isNull()
    return image


def near(a: QColor, b: QColor, tolerance: int = FLAT) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def heatmap_svg(window, tmp_path: Path) -> QImage:
    """File > Export > Heatmap as SVG, drawn by librsvg."""
    QApplication.processEvents()
    path = export.export_part(window, "heatmap", tmp_path / "heatmap.svg")
    return rsvg(path)


def set_up(window, qtbot, room: str) -> None:
    """The window as a learner might have it when exporting."""
    if room == "small window":
        window.resize(784, 752)  # --export with no --size: the offscreen 800 x 800 screen
    elif room == "presenter":
        window.state.set_presenting(True)
        window.showNormal()
        window.resize(1024, 768)
    elif room == "largest text":
        window.state.set_zoom(len(ZOOM_STEPS) - 1)
    settle(window)  # as --export waits: until the layout stands


def fill_of(image: QImage, rect: QRectF) -> QColor:
    """A cell's own colour: near its top left corner, away from its number."""
    return image.pixelColor(QPoint(int(rect.left() + 3), int(rect.top() + 3)))


@pytest.mark.slow  # an SVG drawn and read back in each room: 1 to 2.3 s each
@pytest.mark.parametrize("room", ["small window", "presenter", "largest text"])
def test_every_number_stays_inside_its_cell(qtbot, window, tmp_path, room):
    set_up(window, qtbot, room)
    assert window.heatmap.labels.visible_last_paint  # the window shows the numbers
    with export.picture_widget(window, "heatmap") as heatmap:  # what the picture shows
        assert heatmap.axes_show_words  # words on both axes, whatever the window's room
        path = export.export_widget(heatmap, tmp_path / "heatmap.svg", trim=True)
        drawn = rsvg(path)
        result = heatmap.result
        n = len(result.tokens)
        crossings, numbers = [], 0
        for i in range(n):
            for j in range(n):
                if result.hidden[i, j]:
                    continue
                rect = heatmap.cell_rect(i, j)
                own = fill_of(drawn, rect)
                middle = range(int(rect.center().y() - rect.height() * 0.2), int(rect.center().y()))
                # The number is there: pixels of another colour about the cell's middle.
                inside = range(int(rect.left() + 4), int(rect.right() - 4))
                if any(not near(drawn.pixelColor(x, y), own, 60) for x in inside for y in middle):
                    numbers += 1
                # ... and it does not reach over the edge into the next cell.
                if j + 1 < n and not result.hidden[i, j + 1]:
                    other = fill_of(drawn, heatmap.cell_rect(i, j + 1))
                    edge = round(rect.right())
                    for x in (edge - 1, edge):
                        for y in middle:
                            colour = drawn.pixelColor(x, y)
                            if not (near(colour, own) or near(colour, other)):
                                crossings.append((i, j, x, y, colour.name()))
    assert numbers == int((~result.hidden).sum())
    assert crossings == []


def text_pixels(image: QImage, area: tuple[int, int, int, int], background: QColor) -> int:
    x0, y0, x1, y1 = area
    return sum(
        not near(image.pixelColor(x, y), background, 80)
        for x in range(max(0, x0), min(image.width(), x1))
        for y in range(max(0, y0), min(image.height(), y1))
    )


def test_the_axes_name_the_words_as_the_window_does(qtbot, window, tmp_path):
    window.resize(1600, 1000)
    heatmap = window.heatmap
    qtbot.waitUntil(lambda: heatmap.axes_show_words)  # the window names tokens by word
    settle(window)
    drawn = heatmap_svg(window, tmp_path)
    screen = heatmap.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    background = QColor(window.theme.panel)
    first = heatmap.cell_rect(0, 0)
    line = first.height() * 0.45
    for j in range(len(heatmap.result.tokens)):
        cell = heatmap.cell_rect(0, j)
        # The word, above the position, above the column.
        word = (int(cell.left()), int(cell.top() - 2.4 * line), int(cell.right()), int(cell.top()))
        ours, theirs = text_pixels(screen, word, background), text_pixels(drawn, word, background)
        assert ours > 20 and theirs > 0.6 * ours, (j, ours, theirs)
    for i in range(len(heatmap.result.tokens)):
        cell = heatmap.cell_rect(i, 0)
        label = (0, int(cell.top()), int(cell.left()) - 2, int(cell.bottom()))  # "cat 7"
        ours, theirs = text_pixels(screen, label, background), text_pixels(drawn, label, background)
        assert ours > 20 and theirs > 0.6 * ours, (i, ours, theirs)


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_a_picture_of_the_heatmap_ends_where_the_heatmap_does(qtbot, window, tmp_path, fmt):
    set_up(window, qtbot, "small window")  # words on the axes or not, the same bounds
    with export.picture_widget(window, "heatmap") as heatmap:
        legend_bottom = heatmap.legend.mapTo(heatmap, QPoint(0, heatmap.legend.height())).y()
        assert heatmap.height() - legend_bottom > 20  # the layout leaves room under it
        path = export.export_widget(heatmap, tmp_path / f"heatmap.{fmt}", trim=True)
        width = heatmap.width()
    drawn = rsvg(path) if fmt == "svg" else QImage(str(path))
    background = QColor(window.theme.window)
    # Qt writes an SVG's size in millimetres; librsvg may round a fraction of a pixel up.
    assert abs(drawn.width() - width) <= (1 if fmt == "svg" else 0)
    assert abs(drawn.height() - legend_bottom) <= 8
    last_drawn_row = max(
        y
        for y in range(drawn.height())
        if any(not near(drawn.pixelColor(x, y), background, 10) for x in range(0, drawn.width(), 3))
    )
    assert last_drawn_row >= drawn.height() - 12  # no blank band
