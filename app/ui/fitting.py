"""Text that fits the room it was given: it shrinks, down to a floor, and then elides.

A room (presenter, kiosk) sizes its regions once; a label whose words change (the
readout, the tour's caption, a confirmation) must fit the region it has, never push
the regions around it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLabel

#: Vertical room a label's frame and margins take around its lines.
_SLACK = 0


def text_height(text: str, font: QFont, width: int) -> int:
    """How tall ``text`` is in ``font`` wrapped at ``width`` px."""
    metrics = QFontMetrics(font)
    flags = int(Qt.TextFlag.TextWordWrap)
    return metrics.boundingRect(QRect(0, 0, max(1, width), 100000), flags, text).height()


def _at(font: QFont, px: int) -> QFont:
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
    return " ".join(words[:low]) + "…"


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

    def refit(self) -> None:
        """The label's size or font changed: fit the same words again."""
        if self.sizes is not None:
            self.show(self.full_text)
