"""Text that fits the box it was given: it shrinks, down to a floor, and then elides.

One way for every text the program lays out or paints: a word is cut only where even
the floor size (a room's 24 px, the body size in the normal window) cannot hold it in
its box, and the cut is remembered with the whole text (``proven_cut``), so that a
check can confirm it and the caller can give the whole word another way (accessible
name, tooltip). A room (presenter, kiosk) sizes its regions once; a label whose words
change (the readout, the tour's caption, a confirmation) must fit the region it has,
never push the regions around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QLabel

#: Space a painted line keeps from each side of its box, in px: glyphs never touch it.
LINE_INSET = 2
#: A room's text size (presenter, kiosk): from it on, nothing is printed smaller.
ROOM_TEXT_PX = 24
#: Cuts made, by what was shown: how to confirm that the whole text could not fit.
_CUTS: dict[str, Callable[[], bool]] = {}


@dataclass(frozen=True)
class Fitted:
    """A text as it is shown: whole, or (``cut``) elided at its floor size."""

    full: str
    shown: str
    px: int

    @property
    def cut(self) -> bool:
        return self.shown != self.full


def _remember_cut(shown: str, unable: Callable[[], bool]) -> None:
    if len(_CUTS) > 512:  # a kiosk runs for days: keep the newest cuts only
        _CUTS.clear()
    _CUTS[shown] = unable


def proven_cut(shown: str) -> bool:
    """Whether ``shown`` is a cut this module made, and the whole text still cannot fit
    its box at the floor size (measured again now)."""
    unable = _CUTS.get(shown)
    return unable is not None and unable()


def small_print_px(font_px: float, factor: float) -> int:
    """A canvas's smaller print (axis words, captions, numbers in cells) at text size
    ``font_px``: ``factor`` of it, but from a room's 24 px on (a room, or the largest
    text sizes) never under 24 px, which is what can be read from the back of a room;
    what then does not fit is laid out again, stacked, or shown in colour only."""
    scaled = round(font_px * factor)
    return max(scaled, ROOM_TEXT_PX) if font_px >= ROOM_TEXT_PX else scaled


def line_width(text: str, font: QFont) -> float:
    """The room one line of ``text`` takes in ``font``: its advance or its ink, whichever
    is wider (an italic or bold last letter reaches past its advance), and the insets.

    Remembered by the font's key (Qt's text form of a font, made for such caches):
    layouts measure the same words and numbers at every width they are asked about,
    and finding the ink's box is slow."""
    key = (text, font.key())
    width = _WIDTHS.get(key)
    if width is None:
        if len(_WIDTHS) > 8192:
            _WIDTHS.clear()
        metrics = QFontMetricsF(font)
        ink = metrics.tightBoundingRect(text).width() if text.strip() else 0.0
        width = _WIDTHS[key] = max(metrics.horizontalAdvance(text), ink) + 2 * LINE_INSET
    return width


_WIDTHS: dict[tuple[str, str], float] = {}


def fit_line(text: str, font: QFont, width: float, largest: int, floor: int) -> Fitted:
    """``text`` on one line of ``width`` px: at the largest size from ``largest`` down
    to ``floor`` at which it is whole, else at ``floor``, cut with "…" (remembered, see
    ``proven_cut``)."""
    for px in range(largest, floor - 1, -1):
        if line_width(text, _at(font, px)) <= width:
            return Fitted(text, text, px)
    at_floor = _at(font, floor)
    room = max(0, int(width) - 2 * LINE_INSET)
    shown = QFontMetrics(at_floor).elidedText(text, Qt.TextElideMode.ElideRight, room)
    while shown and line_width(shown, at_floor) > width:  # ink past the advance
        room -= 1
        # Qt keeps "…" however narrow the room: a box too small for it shows nothing.
        shown = QFontMetrics(at_floor).elidedText(text, Qt.TextElideMode.ElideRight, room)
        shown = shown if room > 0 else ""
    if shown != text:
        _remember_cut(shown, lambda: line_width(text, at_floor) > width)
    return Fitted(text, shown, floor)


#: Vertical room a label's frame and margins take around its lines.
_SLACK = 0


def text_height(text: str, font: QFont, width: int) -> int:
    """How tall ``text`` is in ``font`` wrapped at ``width`` px."""
    metrics = QFontMetrics(font)
    flags = int(Qt.TextFlag.TextWordWrap)
    return metrics.boundingRect(QRect(0, 0, max(1, width), 100000), flags, text).height()


def _at(font: QFont, px: int) -> QFont:
    """``font`` at ``px`` pixels."""
    sized = QFont(font)
    sized.setPixelSize(px)
    return sized


def fitting_px(text: str, font: QFont, width: int, height: int, largest: int, smallest: int) -> int:
    """The largest size from ``largest`` down to ``smallest`` at which ``text`` fits
    ``width`` x ``height``; ``smallest`` when none does (the caller elides then)."""
    for px in range(largest, smallest - 1, -1):
        if text_height(text, _at(font, px), width) + _SLACK <= height:
            return px
    return smallest


def elide_to(text: str, font: QFont, width: int, height: int) -> str:
    """``text`` cut at a word and ended with "…" so that it fits ``width`` x ``height``."""
    if text_height(text, font, width) + _SLACK <= height:
        return text
    words = text.split(" ")
    low, high = 0, len(words)
    while low < high:  # the most words that still fit with the ellipsis
        middle = (low + high + 1) // 2
        if text_height(" ".join(words[:middle]) + "…", font, width) + _SLACK <= height:
            low = middle
        else:
            high = middle - 1
    shown = " ".join(words[:low]) + "…"
    _remember_cut(shown, lambda: text_height(text, font, width) + _SLACK > height)
    return shown


class FittedText:
    """Fits a label's text to the label's fixed size, or leaves it alone when unset.

    ``label`` keeps its style sheet's look; only its own font size is set, by a rule
    on the label itself (which wins over the window's sheet).
    """

    def __init__(self, label: QLabel, object_name: str, style: str = "") -> None:
        self._label = label
        self._name = object_name
        #: The label's own rules besides the size (the caption's italics).
        self._style = style
        if style:
            label.setStyleSheet(f"QLabel#{object_name} {{ {style} }}")
        #: (largest, smallest) text size in px while fitting, else None.
        self.sizes: tuple[int, int] | None = None
        self.full_text = ""
        self.px = 0

    def set_sizes(self, sizes: tuple[int, int] | None) -> None:
        """Fit from now on (a room), or stop (``None``: the window's sheet decides)."""
        self.sizes = sizes
        if sizes is None:
            self._label.setStyleSheet(f"QLabel#{self._name} {{ {self._style} }}")
            self.px = 0
        self.show(self.full_text)

    def show(self, text: str) -> None:
        """Show ``text``, at the size that fits (or elided at the smallest)."""
        self.full_text = text
        label = self._label
        if self.sizes is None or not text:
            label.setText(text)
            return
        label.ensurePolished()
        width = label.contentsRect().width()
        height = label.contentsRect().height()
        font = label.font()
        px = fitting_px(text, font, width, height, *self.sizes)
        shown = elide_to(text, _at(font, px), width, height)
        if px != self.px:
            self.px = px
            label.setStyleSheet(f"QLabel#{self._name} {{ {self._style} font-size: {px}px; }}")
        label.setText(shown)
        label.setToolTip(text if shown != text else "")  # the whole words, when cut

    def refit(self) -> None:
        """The label's size or font changed: fit the same words again."""
        if self.sizes is not None:
            self.show(self.full_text)
