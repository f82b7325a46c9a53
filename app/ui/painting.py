"""Small QPainter helpers shared by the painted panels."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen


def paint_hatched(painter: QPainter, rect: QRectF, fill: str, lines: str) -> None:
    """A flat fill crossed by diagonal lines: the look of 'hidden by the mask'.

    Qt's own hatch brush draws the lines in one call, in device pixels, so their
    spacing is the same at every size.
    """
    painter.fillRect(rect, QColor(fill))
    painter.fillRect(rect, QBrush(QColor(lines), Qt.BrushStyle.BDiagPattern))


def blend(base: str, top: str, amount: float) -> QColor:
    """``base`` mixed with ``top``; amount 0 gives base, 1 gives top."""
    a, b = QColor(base), QColor(top)
    t = min(max(amount, 0.0), 1.0)
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def readable_text(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return QColor("#000000") if luminance > 0.5 else QColor("#ffffff")


#: Width of the one focus ring, in pixels.
FOCUS_PX = 3


def paint_focus_ring(painter: QPainter, rect: QRectF, colour: str, radius: float = 6) -> None:
    """The one focus ring every painted control uses (the style sheet draws the same for
    Qt's own widgets): a solid line in the theme's focus colour, never red."""
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(colour), FOCUS_PX))
    inset = FOCUS_PX / 2
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), radius, radius)
    painter.restore()
