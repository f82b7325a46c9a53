"""The heatmap's axes in a room: sizes fixed before the room is laid out.

A room (presenter, kiosk) sizes its regions once; the heatmap's axes then keep one
size whatever the sentence, so the matrix never moves or shrinks when it changes.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics

from app.panels.heatmap_items import AXIS_CHARS
from app.ui.fitting import LINE_INSET

#: Length of the axis ticks in pixels; positive values point away from the cells.
TICK_LENGTH = 5


def metrics_half(font: QFont) -> int:
    """Half a line of ``font``: how far a label centred on an edge reaches past it."""
    return (QFontMetrics(font).height() + 1) // 2


def room_margins(room: bool, font: QFont) -> tuple[int, int, int, int]:
    """The plot's margins: pyqtgraph's own, or a room's thin ones with room under the
    cells for the colour bar's lowest label (the room's height goes to the cells)."""
    return (2, 2, 2, 2 + metrics_half(font)) if room else (9, 9, 9, 9)


def room_axes(
    metrics: QFontMetrics, words: bool, titles: bool, longest: str = ""
) -> tuple[int, int]:
    """The top axis's height and the left axis's width in a room: room for words (or
    positions alone) and for the titles, if the room shows them; ``longest`` is the
    widest left label of the sentences the room offers ("chased 8")."""
    title = metrics.height() + 4 if titles else 0
    lines = 3 if words else 1  # words may stand on two staggered rows (heatmap_ticks)
    top = TICK_LENGTH + 4 + lines * metrics.height() + 2 + title
    widest = longest if words and longest else ("m" * AXIS_CHARS + " 63" if words else "63")
    left = TICK_LENGTH + 8 + metrics.horizontalAdvance(widest) + 2 * LINE_INSET + title
    return top, left


def left_chrome(metrics: QFontMetrics, titles: bool) -> int:
    """What a room's left axis takes besides its labels: the ticks and the title."""
    return TICK_LENGTH + 8 + (metrics.height() + 4 if titles else 0)


def size_axes(top, left, metrics: QFontMetrics, room, lines: int) -> None:
    """Size the top and left axes: fixed in a room (the sentence never moves the matrix),
    else as their ``lines`` of labels need (pyqtgraph sizes an axis for one line of tick
    text: the top one gets its lines, and its title above them)."""
    if room is not None:
        top_h, left_w = room_axes(metrics, *room)
        top.setHeight(top_h)
        left.setWidth(left_w)
    else:
        top.setHeight(TICK_LENGTH + 4 + (lines + 1) * metrics.height() + 8 if lines > 1 else None)
        left.setWidth(None)


def room_chrome(base: QFont, room: tuple, font_px: int) -> tuple[int, int]:
    """What the heatmap needs around its cells in a room, as (width, height), at a body
    size of ``font_px``."""
    font = QFont(base)
    font.setPixelSize(font_px)
    top, left = room_axes(QFontMetrics(font), *room)
    bar = round(font_px * 2.2) + 24 + 18 + 16  # the colour bar, its axis and spacing
    # Below the cells: the colour bar's lowest label reaches half a line under them.
    return left + bar + 8, top + 8 + metrics_half(font)
