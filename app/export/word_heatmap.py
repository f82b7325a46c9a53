"""A picture of the heatmap names the tokens by word on both axes.

The window names them by word only where its cells leave room for the words; at the
size ``--export`` draws by default (a heatmap of 523 x 504) they showed positions
alone. A picture is not bound to the window's room: when the window's heatmap shows
positions, the picture is taken of a copy of it, off screen, just large enough for
the words, in the window's theme and text size (as the window would draw it, given
the room).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QFontMetrics

from app.text.wording import display_tokens, shorten

if TYPE_CHECKING:
    from app.export.source import ExportSource

#: The cells words need are looked for up to this size, in pixels.
LARGEST_CELL = 200
#: How much larger the copy grows on each try, and how many tries it gets.
GROWTH = 1.08
TRIES = 20


def cell_for_words(heatmap) -> int | None:
    """The smallest cells (px) in which the axes of ``heatmap`` would name the words."""
    from app.panels.heatmap_items import AXIS_CHARS
    from app.panels.heatmap_ticks import words_fit

    result = heatmap.result
    words = [shorten(t, AXIS_CHARS) for t in display_tokens(result.tokens)]
    metrics = QFontMetrics(heatmap.plot.getAxis("top").style["tickFont"] or heatmap.font())
    for cell in range(8, LARGEST_CELL + 1):
        if words_fit(words, metrics, cell):
            return cell
    return None


def _settle(view, turns: int = 200) -> None:
    """Until the copy's plot has stood still for five turns of the event loop."""
    last, still = None, 0
    for _ in range(turns):
        QCoreApplication.processEvents()
        now = (view.size(), view.graphics.geometry(), view.plot.getViewBox().sceneBoundingRect())
        still = still + 1 if now == last else 0
        if still >= 5:
            return
        last = now
        time.sleep(0.005)


@contextmanager
def heatmap_with_words(window: ExportSource) -> Iterator:
    """The heatmap a picture shows: the window's own when its axes name the words (or
    words fit no cell), else a copy sized for them; the copy is gone afterwards."""
    from app.panels.heatmap_view import HeatmapView

    heatmap = window.heatmap
    result = heatmap.result if heatmap is not None else None
    if heatmap is None or result is None:
        raise ValueError("the window's heatmap is not built and drawn: build_plots() first")
    cell = None if heatmap.axes_show_words else cell_for_words(heatmap)
    if cell is None:
        yield heatmap
        return
    copy = HeatmapView(window.state)
    copy.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    copy.setStyleSheet(window.styleSheet())  # the window's text size and colours
    copy.set_theme(window.theme, window.state.font_px)
    copy.show_result(window.controller.attention)
    n = len(result.tokens)
    around_w, around_h = heatmap.chrome_size()  # with positions: words take a line more
    line = QFontMetrics(heatmap.plot.getAxis("top").style["tickFont"] or heatmap.font()).height()
    size = QSize(n * cell + around_w + 4 * line, n * cell + around_h + 2 * line)
    try:
        copy.resize(size)
        copy.show()
        for _ in range(TRIES):
            _settle(copy)
            if copy.axes_show_words:
                break
            size = QSize(round(size.width() * GROWTH), round(size.height() * GROWTH))
            copy.setMaximumWidth(16777215)  # it narrows itself to the square it holds
            copy.resize(size)
        yield copy
    finally:
        copy.hide()
        copy.deleteLater()
