"""A legend swatch: what a masked (hidden) cell looks like."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.text.wording import translate
from app.ui.painting import paint_hatched
from app.ui.theme import THEMES, Theme


def full_text() -> str:
    """What a hatched cell means, in full."""
    return translate("MaskLegend", "hidden by the causal mask (a later token): weight exactly 0")


def shorter_texts() -> tuple[str, ...]:
    """Shorter ways to say it, for narrow plots and large text; longest first."""
    return (
        translate("MaskLegend", "hidden by the causal mask: weight 0"),
        translate("MaskLegend", "masked: weight 0"),
    )


class MaskLegend(QWidget):
    """A hatched square and one line of explanation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = THEMES["light"]
        self.setAccessibleName(translate("MaskLegend", "Legend"))
        self.setAccessibleDescription(full_text())
        self.setToolTip(full_text())
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(400, self.fontMetrics().height() + 8)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(100, self.fontMetrics().height() + 8)

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        side = self.fontMetrics().height()
        swatch = QRectF(2, (self.height() - side) / 2, side, side)
        paint_hatched(painter, swatch, self._theme.masked, self._theme.hatch)
        painter.setPen(QColor(self._theme.muted))
        text_rect = QRectF(swatch.right() + 8, 0, self.width() - swatch.right() - 8, self.height())
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, self.shown_text())
        painter.end()

    def shown_text(self) -> str:
        """The longest phrasing that fits beside the swatch (elided only if none does)."""
        metrics = self.fontMetrics()
        room = self.width() - metrics.height() - 10
        shorter = shorter_texts()
        for text in (full_text(), *shorter):
            if metrics.horizontalAdvance(text) <= room:
                return text
        return metrics.elidedText(shorter[-1], Qt.TextElideMode.ElideRight, room)
