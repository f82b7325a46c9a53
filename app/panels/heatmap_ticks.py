"""What the heatmap's axes say: each token's word and position where they fit, else
positions alone.

Words take more room around the matrix than positions (a second line on top, wider
labels at the left), so the matrix is smaller with them. Between two sizes of the
window, words fit only while positions are shown: showing them shrinks the cells until
they no longer fit, positions give the room back, words fit again, and the heatmap
would be laid out for ever (a tour stop's caption made such a size, and the window
kept a core busy). So the choice for words is made with the room they will leave,
as measured the last time they were shown for the same tokens and font.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from app.text.wording import translate

#: (place on the axis, text) for each tick of one axis.
TickList = list[tuple[float, str]]


@dataclass(frozen=True)
class Ticks:
    """The ticks of both axes, and whether they name words."""

    words: bool
    top: TickList
    left: TickList


def words_fit(words: list[str], metrics: QFontMetrics, cell: float) -> bool:
    """Whether cells of ``cell`` px leave room for each word, whole or its first three
    letters and "…", and for the positions under them."""
    room = int(cell) - 6
    shown = [metrics.elidedText(w, Qt.TextElideMode.ElideRight, room) for w in words]
    return (
        all(w == full or len(w) >= 4 for w, full in zip(shown, words, strict=True))
        and metrics.horizontalAdvance(str(len(words))) <= room
        and metrics.height() <= cell
    )


def axis_ticks(words: list[str], metrics: QFontMetrics, cell: float, with_words: bool) -> Ticks:
    """Words over positions on top and "word position" at the left, or positions alone,
    thinned out so that no two labels overlap."""
    n = len(words)
    if with_words:
        room = int(cell) - 6
        shown = [metrics.elidedText(w, Qt.TextElideMode.ElideRight, room) for w in words]
        top = [(i + 0.5, f"{w}\n{i}") for i, w in enumerate(shown)]
        left = [(i + 0.5, f"{w} {i}") for i, w in enumerate(words)]
        return Ticks(True, top, left)
    step = math.ceil((metrics.horizontalAdvance(str(n)) + 8) / cell)
    top = [(i + 0.5, str(i)) for i in range(0, n, step)]
    step = math.ceil(metrics.height() / cell)
    left = [(i + 0.5, str(i)) for i in range(0, n, step)]
    return Ticks(False, top, left)


class WordsOrPositions:
    """Chooses words or positions so that the choice holds once the axes are laid out
    (see the module): it remembers the room around the matrix seen with words."""

    def __init__(self) -> None:
        #: The key (tokens and font) and the (width, height) the axes took around the
        #: matrix while showing words for it: only the last one (a kiosk runs for days).
        self._around_words: tuple[Hashable, tuple[float, float]] | None = None

    def choose(
        self,
        key: Hashable,
        showing_words: bool,
        around: tuple[float, float],
        room: tuple[float, float],
        cell: float,
        n: int,
        fits,
    ) -> bool:
        """Whether the axes should show words.

        ``key``: the tokens and the font (what the room around the matrix depends on);
        ``showing_words``: what the axes show now, taking ``around`` (width, height)
        around the matrix, in a ``room`` (width, height) for the whole plot; ``cell``:
        the cells' size now, of ``n`` rows; ``fits(cell)``: whether words fit cells of
        that size.
        """
        if showing_words:
            self._around_words = (key, around)
            return bool(fits(cell))
        known = self._around_words
        seen = known[1] if known is not None and known[0] == key else None
        if seen is not None:  # the cells words would leave, not the ones positions do
            side = min(room[0] - seen[0], room[1] - seen[1])
            cell = min(cell, side / max(1, n))
        return bool(fits(cell))


def axis_titles(side: str) -> tuple[str, str]:
    """An axis's title, long and short, in the language in use."""
    if side == "top":
        return (
            translate("HeatmapView", "keys (what is looked at)"),
            translate("HeatmapView", "keys"),
        )
    return (
        translate("HeatmapView", "queries (who is looking)"),
        translate("HeatmapView", "queries"),
    )
