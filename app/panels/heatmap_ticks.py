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

from PySide6.QtGui import QFont, QFontMetrics

from app.text.wording import translate
from app.ui.fitting import fit_line, line_width

#: (place on the axis, text) for each tick of one axis.
TickList = list[tuple[float, str]]


@dataclass(frozen=True)
class Ticks:
    """The ticks of both axes, and whether they name words."""

    words: bool
    top: TickList
    left: TickList
    #: Lines of the top axis's labels: 2 (word over position), 3 when the words stand
    #: on two staggered rows (each word then has two cells' width), 1 for positions.
    lines: int = 2


def words_fit(words: list[str], metrics: QFontMetrics, cell: float) -> bool:
    """Whether cells of ``cell`` px leave room for the words: each whole in one cell, or
    in two on staggered rows, or at least its first three letters and "…" there; and
    for the positions under them."""
    font = metrics_font(metrics)
    room = 2 * cell
    return (
        all(line_width(w, font) <= room or line_width(w[:3] + "…", font) <= room for w in words)
        and metrics.horizontalAdvance(str(len(words))) <= int(cell) - 6
        and metrics.height() <= cell
    )


def metrics_font(metrics: QFontMetrics) -> QFont:
    """The font ``metrics`` measure (a QFontMetrics does not say it)."""
    return getattr(metrics, "_font", None) or QFont()


def measured(font: QFont) -> QFontMetrics:
    """Metrics of ``font`` that remember it (see ``metrics_font``)."""
    metrics = QFontMetrics(font)
    metrics._font = font  # type: ignore[attr-defined]
    return metrics


def top_words(words: list[str], font: QFont, cell: float) -> tuple[list[str], bool]:
    """The top axis's words and whether they stand staggered: each in its own cell where
    all fit so, else on two alternating rows with two cells each; a word cut only where
    even two cells cannot hold it at the axis's size (``app.ui.fitting``)."""
    px = font.pixelSize()
    if all(line_width(w, font) <= cell for w in words):
        return list(words), False
    return [fit_line(w, font, 2 * cell, px, px).shown for w in words], True


def axis_ticks(
    words: list[str], metrics: QFontMetrics, cell: float, with_words: bool, left_px: float = 0
) -> Ticks:
    """Words over positions on top and "word position" at the left, or positions alone,
    thinned out so that no two labels overlap; a left label is at most ``left_px`` wide
    (0: any width), its word cut only where that cannot hold it."""
    n = len(words)
    if with_words:
        shown, staggered = top_words(words, metrics_font(metrics), cell)
        if staggered:  # even words on the upper row, odd ones on the lower
            top = [(i + 0.5, f"{w}\n\u2007\n{i}" if i % 2 == 0 else f"{w}\n{i}")
                   for i, w in enumerate(shown)]  # fmt: skip
        else:
            top = [(i + 0.5, f"{w}\n{i}") for i, w in enumerate(shown)]
        font = metrics_font(metrics)
        px = font.pixelSize()
        left = []
        for i, w in enumerate(words):
            if left_px:
                w = fit_line(w, font, left_px - metrics.horizontalAdvance(f" {i}"), px, px).shown
            left.append((i + 0.5, f"{w} {i}"))
        return Ticks(True, top, left, 3 if staggered else 2)
    step = math.ceil((metrics.horizontalAdvance(str(n)) + 8) / cell)
    top = [(i + 0.5, str(i)) for i in range(0, n, step)]
    step = math.ceil(metrics.height() / cell)
    left = [(i + 0.5, str(i)) for i in range(0, n, step)]
    return Ticks(False, top, left, 1)


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
