"""The training curves: loss, induction score and previous-token score against steps.

Painted with QPainter: three polylines need none of pyqtgraph (whose import costs
the window's start-up time), and nothing here can be dragged or zoomed away.
Each line differs in style as well as colour, so no hue has to carry meaning.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.text.wording import decimal_sign, fill, format_count, format_weight, translate
from app.ui.fitting import small_print_px
from app.ui.theme import THEMES, Theme
from core.learned import TrainProgress


def empty_text() -> str:
    return translate("TrainingCurve", "The curves appear here as soon as training starts.")


def loss_title() -> str:
    """The left axis's title."""
    return translate("TrainingCurve", "loss")


def score_title() -> str:
    """The right axis's title: both scores, 0 to 1."""
    return translate("TrainingCurve", "score (0 to 1)")


class TrainingCurve(QWidget):
    """Loss on the left axis (nats), both scores on the right axis (0 to 1)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.history: tuple[TrainProgress, ...] = ()
        self.total_steps = 1
        self.theme: Theme = THEMES["light"]
        self.font_px = 16
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(translate("TrainingCurve", "Training curves: loss and scores"))

    def set_history(self, history: Sequence[TrainProgress], total_steps: int) -> None:
        self.history, self.total_steps = tuple(history), max(1, total_steps)
        last = self.history[-1] if self.history else None
        self.setAccessibleDescription(
            fill(
                translate("TrainingCurve", "step %1, loss %2, induction %3"),
                last.step,
                format_weight(last.loss),
                format_weight(last.induction_score),
            )
            if last
            else empty_text()
        )
        self.update()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self.theme, self.font_px = theme, font_px
        self.updateGeometry()
        self.update()

    # -- geometry -----------------------------------------------------------------------

    def _font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(10, small_print_px(self.font_px, 0.8)))
        return font

    def series(self) -> list[tuple[str, QPen, str]]:
        """(label, pen, field) of each line, in legend order."""
        t = self.theme
        return [
            (translate("TrainingCurve", "loss (left axis)"), QPen(QColor(t.accent), 2.5), "loss"),
            (
                translate("TrainingCurve", "induction score"),
                QPen(QColor(t.query), 2.5, Qt.PenStyle.DashLine),
                "induction_score",
            ),
            (
                translate("TrainingCurve", "previous-token score"),
                QPen(QColor(t.muted), 2, Qt.PenStyle.DotLine),
                "previous_token_score",
            ),
        ]

    def _legend_rows(self, width: float) -> list[list[tuple[float, str, QPen]]]:
        """Legend items (x, label, pen) wrapped into rows that fit ``width``."""
        metrics = QFontMetrics(self._font())
        sample = self.font_px * 2.0
        rows: list[list[tuple[float, str, QPen]]] = [[]]
        x = 0.0
        for label, pen, _ in self.series():
            w = sample + 6 + metrics.horizontalAdvance(label) + 16
            if x > 0 and x + w > width:
                rows.append([])
                x = 0.0
            rows[-1].append((x, label, pen))
            x += w
        return rows

    def _legend_height(self, width: float) -> float:
        return len(self._legend_rows(width)) * (QFontMetrics(self._font()).height() + 4)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        plot = min(max(width * 0.5, self.font_px * 10.0), self.font_px * 18.0)
        return int(self._legend_height(width) + plot)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(400, self.heightForWidth(400))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(200, self.heightForWidth(200))

    def plot_rect(self) -> QRectF:
        """The area inside the axes."""
        metrics = QFontMetrics(self._font())
        top = self._legend_height(self.width()) + metrics.height() / 2 + 4
        # Room for the tick values and, turned on their side, the axes' titles.
        left = metrics.horizontalAdvance("0.0") + 10 + metrics.height() + 4
        right = metrics.horizontalAdvance("0.5") + 10 + metrics.height() + 4
        bottom = 2 * metrics.height() + 6
        width, height = max(1, self.width() - left - right), max(1, self.height() - top - bottom)
        return QRectF(left, top, width, height)

    def loss_top(self) -> float:
        """The loss axis runs from 0 to this: the largest loss rounded up."""
        return float(max(1, math.ceil(max((p.loss for p in self.history), default=1.0))))

    def point(self, step: int, value: float, top: float) -> QPointF:
        r = self.plot_rect()
        return QPointF(
            r.left() + r.width() * step / self.total_steps,
            r.bottom() - r.height() * min(max(value / top, 0.0), 1.0),
        )

    # -- painting -----------------------------------------------------------------------

    def paintEvent(self, event) -> None:  # noqa: N802
        t = self.theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = self._font()
        metrics = QFontMetrics(font)
        painter.setFont(font)
        self._paint_legend(painter, metrics)
        r = self.plot_rect()
        painter.fillRect(r, QColor(t.panel))
        self._paint_axes(painter, metrics, r)
        if not self.history:
            painter.setPen(QColor(t.muted))
            painter.drawText(  # in the upper half, clear of the middle grid line
                QRectF(r.left() + 8, r.top() + 4, r.width() - 16, r.height() / 2 - 8),
                int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap),
                empty_text(),
            )
        top = self.loss_top()
        for _, pen, name in self.series():
            path = QPainterPath()
            for index, p in enumerate(self.history):
                scale = top if name == "loss" else 1.0
                point = self.point(p.step, getattr(p, name), scale)
                path.moveTo(point) if index == 0 else path.lineTo(point)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        painter.end()

    def _paint_legend(self, painter: QPainter, metrics: QFontMetrics) -> None:
        sample = self.font_px * 2.0
        line = metrics.height() + 4
        for row_index, row in enumerate(self._legend_rows(self.width())):
            y = row_index * line + line / 2
            for x, label, pen in row:
                painter.setPen(pen)
                painter.drawLine(QPointF(x, y), QPointF(x + sample, y))
                painter.setPen(QColor(self.theme.text))
                painter.drawText(
                    QRectF(x + sample + 6, y - line / 2, self.width(), line),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    label,
                )

    def _paint_axes(self, painter: QPainter, metrics: QFontMetrics, r: QRectF) -> None:
        t = self.theme
        painter.setPen(QPen(QColor(t.border), 1))
        painter.drawRect(r)
        h = metrics.height()
        top = self.loss_top()
        for fraction in (0.0, 0.5, 1.0):
            y = r.bottom() - r.height() * fraction
            painter.setPen(QPen(QColor(t.border), 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
            painter.setPen(QColor(t.muted))
            loss = f"{top * fraction:g}".replace(".", decimal_sign())
            painter.drawText(
                QRectF(0, y - h / 2, r.left() - 4, h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                loss,
            )
            painter.drawText(
                QRectF(r.right() + 4, y - h / 2, self.width() - r.right() - 4, h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                f"{fraction:g}".replace(".", decimal_sign()),
            )
        self._paint_side_title(painter, QRectF(0, r.top(), h, r.height()), loss_title(), -90)
        right_title = QRectF(self.width() - h - 2, r.top(), h, r.height())
        self._paint_side_title(painter, right_title, score_title(), 90)
        for fraction in (0.0, 0.5, 1.0):
            text = format_count(round(self.total_steps * fraction))
            w = metrics.horizontalAdvance(text) + 2
            x = min(max(r.left() + r.width() * fraction - w / 2, 0.0), self.width() - w)
            painter.drawText(QRectF(x, r.bottom() + 2, w, h), Qt.AlignmentFlag.AlignLeft, text)
        painter.drawText(
            QRectF(r.left(), r.bottom() + h + 4, r.width(), h),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            translate("TrainingCurve", "training steps"),
        )

    def _paint_side_title(self, painter: QPainter, rect: QRectF, text: str, angle: int) -> None:
        """``text`` turned by ``angle`` degrees, centred in the upright strip ``rect``."""
        painter.save()
        painter.translate(rect.center())
        painter.rotate(angle)
        painter.setPen(QColor(self.theme.muted))
        box = QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(), rect.width())
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()
