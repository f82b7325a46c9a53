"""A page of paper to paint on: points for units, fonts that print, text that wraps.

Printing and PDF files share everything here. A ``Sheet`` scales its painter so that
one unit is one point (1/72 inch) from the paper's top left corner, whatever the
device's resolution (a PDF file's, a printer's), and gives fonts whose size is in
points on that scaled painter; their metrics come out in points too.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLocale, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPageSize, QPainter, QPen

from app.export.kinds import PAPERS

#: Each paper the program lays pages out for, by the name the command line takes.
PAPER_SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
assert tuple(PAPER_SIZES) == PAPERS

#: The white around the printed matter, in points (15 mm): more than any printer needs.
MARGIN = 42.0
#: Ink colours: text, quieter text, lines.
INK = "#111111"
MUTED = "#4a4a4a"
RULE = "#8c8c8c"


def paper_size(paper: str) -> QPageSize:
    return QPageSize(PAPER_SIZES[paper])


def default_paper() -> str:
    """Letter where the system measures in US units, A4 everywhere else."""
    system = QLocale.system().measurementSystem()
    return "letter" if system == QLocale.MeasurementSystem.ImperialUSSystem else "a4"


class Sheet:
    """One page at a time of a document, painted in points.

    Parameters
    ----------
    painter : QPainter
        Active on the device (a ``QPdfWriter`` or a ``QPrinter`` with a full page).
    size : QSizeF
        The paper in points, as it lies (A4, Letter, or whatever a printer holds).
    new_page : callable
        Starts the next page (the device's ``newPage``).
    """

    def __init__(self, painter: QPainter, size: QSizeF, new_page: Callable[[], bool]) -> None:
        self.painter = painter
        self._device = painter.device()
        self._scale = self._device.logicalDpiX() / 72.0
        self._new_page = new_page
        self.width, self.height = size.width(), size.height()
        self.family = QFont().family()
        self._reset_transform()

    def _reset_transform(self) -> None:
        self.painter.resetTransform()
        self.painter.scale(self._scale, self._scale)

    @property
    def content(self) -> QRectF:
        """The page inside its margins."""
        return QRectF(MARGIN, MARGIN, self.width - 2 * MARGIN, self.height - 2 * MARGIN)

    def next_page(self) -> None:
        self._new_page()
        self._reset_transform()

    # -- fonts and text ----------------------------------------------------------------

    def font(self, points: float, bold: bool = False, italic: bool = False) -> QFont:
        """The body face at ``points`` on this sheet, hinted for no pixel grid, without
        ligatures (a teacher copying "fi" from the PDF gets two letters)."""
        font = QFont(self.family)
        font.setPointSizeF(points / self._scale)
        font.setBold(bold)
        font.setItalic(italic)
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        font.setFeature(QFont.Tag("liga"), 0)
        return font

    def metrics(self, font: QFont) -> QFontMetricsF:
        """Metrics of ``font`` in points on this sheet."""
        return QFontMetricsF(font, self._device)

    def advance(self, text: str, font: QFont) -> float:
        return self.metrics(font).horizontalAdvance(text)

    def line_height(self, font: QFont) -> float:
        return self.metrics(font).height()

    def elide(self, text: str, font: QFont, width: float) -> str:
        return self.metrics(font).elidedText(text, Qt.TextElideMode.ElideRight, max(1.0, width))

    def wrap_flags(self, text: str, font: QFont, width: float) -> int:
        """Word wrap, or wrap anywhere when one word alone is wider than ``width`` (a
        long German compound must break, not run off the page)."""
        words = text.split()
        if any(self.advance(word, font) > width for word in words):
            return int(Qt.TextFlag.TextWrapAnywhere)
        return int(Qt.TextFlag.TextWordWrap)

    def text_height(self, text: str, font: QFont, width: float) -> float:
        """How tall ``text`` is, wrapped to ``width``."""
        flags = self.wrap_flags(text, font, width)
        box = self.metrics(font).boundingRect(QRectF(0, 0, width, 1e6), flags, text)
        return box.height()

    def text(
        self,
        rect: QRectF,
        text: str,
        font: QFont,
        colour: str = INK,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
    ) -> float:
        """Paint ``text`` wrapped in ``rect``; returns its height."""
        painter = self.painter
        painter.setFont(font)
        painter.setPen(QColor(colour))
        flags = int(align) | self.wrap_flags(text, font, rect.width())
        painter.drawText(rect, flags, text)
        return self.text_height(text, font, rect.width())

    def line(self, a: QPointF, b: QPointF, colour: str = RULE, width: float = 0.5) -> None:
        self.painter.setPen(QPen(QColor(colour), width))
        self.painter.drawLine(a, b)

    def write_in_line(self, left: float, baseline: float, width: float) -> None:
        """A line to write an answer on."""
        self.line(QPointF(left, baseline), QPointF(left + width, baseline), MUTED, 0.6)
