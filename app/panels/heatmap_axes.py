"""The heatmap's axes outside a room: their titles, and sizes that follow the sentence
shown now, never the one before (see ``HeatmapView._update_ticks``).

pyqtgraph sizes a vertical axis when it paints, and shrinks it only once it is 10 px
too large: the same sentence stood up to 14 px apart after a longer one. Here the left
axis is as wide as its labels, and whether words fit is worked out from the axes as
they are, not from a remembered, possibly half-done, layout.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics

from app.panels.heatmap_room import TICK_LENGTH
from app.panels.heatmap_ticks import axis_titles


def axis_chrome(axis) -> float:
    """What a vertical axis takes besides its labels: the ticks, their gap and the
    title, as pyqtgraph sizes it (``AxisItem._updateWidth``)."""
    chrome = axis.style["tickTextOffset"][0] + max(0, axis.style["tickLength"])
    if axis.label.isVisible():
        chrome += axis.label.boundingRect().height() * 0.8
    return chrome


def fit_left_axis(axis, labels: list[str], metrics: QFontMetrics) -> None:
    """The left axis exactly as wide as its ``labels`` and its chrome."""
    widest = max((metrics.horizontalAdvance(t) for t in labels), default=0)
    axis.setWidth(round(axis_chrome(axis) + widest + 2))


def cell_with_words(
    plot, graphics, room: tuple[int, int], labels: list[str], metrics: QFontMetrics, left_px: int
) -> float:
    """The cells the matrix would have with words on its axes at their widest: the top
    axis's words on two staggered rows, the left ``labels`` as wide as they are, up to
    ``left_px``; in a plot ``room`` (width, height) for ``graphics`` (the plot's view)."""
    view = plot.getViewBox()
    top, left = plot.getAxis("top"), plot.getAxis("left")
    top_words_h = TICK_LENGTH + 4 + 4 * metrics.height() + 8  # see heatmap_room.size_axes
    widest = max((metrics.horizontalAdvance(t) for t in labels), default=0)
    left_words_w = axis_chrome(left) + min(widest, left_px) + 2
    around_w = graphics.width() - view.width() - left.width() + left_words_w
    around_h = graphics.height() - view.height() - top.height() + top_words_h
    return max(1.0, min(room[0] - around_w, room[1] - around_h) / max(1, len(labels)))


def update_axis_titles(plot, base: QFont, theme, room, shown: dict[str, str]) -> None:
    """The long axis titles when they fit along the matrix, else the short ones (at
    large text sizes on a small screen the long ones were cut off); none where a room
    leaves titles out. ``shown`` keeps the titles shown now, by side."""
    if room is not None and not room[1]:
        for side in ("top", "left"):
            plot.getAxis(side).showLabel(False)
        shown.clear()
        return
    font_px = plot.getAxis("top").style["tickFont"].pixelSize()
    font = QFont(base)
    font.setPixelSize(font_px)
    metrics = QFontMetrics(font)
    view = plot.getViewBox()
    for side, length in (("top", view.width()), ("left", view.height())):
        long, short = axis_titles(side)
        title = long if metrics.horizontalAdvance(long) + font_px <= length else short
        if shown.get(side) != title:
            shown[side] = title
            style = {"color": theme.muted, "font-size": f"{font_px}px"}
            plot.setLabel(side, title, **style)
            # pyqtgraph centres a title only when the axis is resized: centre it now.
            plot.getAxis(side).resizeEvent()
