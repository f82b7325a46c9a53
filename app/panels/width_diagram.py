"""A drawing of one token's vector cut into h slices, concatenated back and mixed by W_O."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..results import ShapeResult
from ..theme import THEMES, Theme

#: Okabe-Ito colours: distinguishable with colour-blindness. Slices are also
#: separated by lines, so colour is never the only clue.
SLICE_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
#: Below this width in pixels, slices are drawn without separating lines.
MIN_OUTLINED_SLICE_PX = 6


class WidthDiagram(QWidget):
    """Queries cut into h slices, keys/values into n_kv slices, then concat and W_O."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shape: ShapeResult | None = None
        self._theme: Theme = THEMES["light"]
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Model width diagram")

    def show_shape(self, shape: ShapeResult) -> None:
        self._shape = shape
        self.setAccessibleDescription(
            f"A {shape.d_model}-wide vector cut into {shape.n_heads} heads of {shape.d_k}; "
            f"keys and values use {shape.n_kv_heads} heads; the concatenated heads are "
            f"multiplied by W_O ({shape.d_model} x {shape.d_model})."
        )
        self.update()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def _row_height(self) -> int:
        return self.fontMetrics().height()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(360, self._row_height() * 8 + 24)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(200, self.sizeHint().height())

    def _slices(self, painter: QPainter, rect: QRectF, count: int, group: int = 1) -> None:
        """A bar cut into ``count`` equal slices; ``group`` neighbours share a colour."""
        theme = self._theme
        width = rect.width() / count
        outlined = width >= MIN_OUTLINED_SLICE_PX
        for i in range(count):
            cell = QRectF(rect.left() + i * width, rect.top(), width, rect.height())
            painter.fillRect(cell, QColor(SLICE_COLOURS[(i // group) % len(SLICE_COLOURS)]))
            if outlined and i:
                painter.setPen(QPen(QColor(theme.panel), 2))
                painter.drawLine(cell.topLeft(), cell.bottomLeft())
        painter.setPen(QPen(QColor(theme.text), 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)

    def _arrow(self, painter: QPainter, start: QPointF, end: QPointF) -> None:
        painter.setPen(QPen(QColor(self._theme.muted), 2))
        painter.drawLine(start, end)
        size = 6
        painter.setBrush(QColor(self._theme.muted))
        painter.drawPolygon(
            QPolygonF(
                [
                    end,
                    QPointF(end.x() - size, end.y() - size),
                    QPointF(end.x() - size, end.y() + size),
                ]
            )
        )

    def paintEvent(self, event) -> None:  # noqa: N802
        shape = self._shape
        if shape is None:
            return
        theme = self._theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        row = self._row_height()
        left, width = 4.0, self.width() - 8.0
        bar_h = row * 1.1
        y = 2.0

        def caption(text: str) -> None:
            nonlocal y
            painter.setPen(QColor(theme.text))
            painter.drawText(
                QRectF(left, y, width, row),
                Qt.AlignmentFlag.AlignLeft,
                self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(width)),
            )
            y += row + 2

        # Query heads that share a key/value head share its colour.
        group = shape.n_heads // shape.n_kv_heads
        caption(f"Queries: {shape.d_model:,} wide = {shape.n_heads} heads × {shape.d_k}")
        self._slices(painter, QRectF(left, y, width, bar_h), shape.n_heads, group)
        y += bar_h + 6
        kv_width = shape.n_kv_heads * shape.d_k
        caption(
            f"Keys and values: {shape.n_kv_heads} heads × {shape.d_k} = {kv_width:,} wide"
            + ("" if shape.n_kv_heads == shape.n_heads else " (shared)")
        )
        kv_rect = QRectF(left, y, width * kv_width / shape.d_model, bar_h)
        self._slices(painter, kv_rect, shape.n_kv_heads, 1)
        y += bar_h + 6
        caption(f"Concatenate, then mix with W_O ({shape.d_model:,} × {shape.d_model:,})")
        third = (width - 60) / 3
        concat = QRectF(left, y, third, bar_h)
        self._slices(painter, concat, shape.n_heads, group)
        w_o = QRectF(concat.right() + 30, y - bar_h * 0.4, third, bar_h * 1.8)
        self._arrow(
            painter,
            QPointF(concat.right() + 4, y + bar_h / 2),
            QPointF(w_o.left() - 4, y + bar_h / 2),
        )
        painter.setPen(QPen(QColor(theme.text), 1.5))
        painter.setBrush(QColor(theme.masked))
        painter.drawRect(w_o)
        painter.drawText(w_o, Qt.AlignmentFlag.AlignCenter, "W_O")
        out = QRectF(w_o.right() + 30, y, third, bar_h)
        self._arrow(
            painter, QPointF(w_o.right() + 4, y + bar_h / 2), QPointF(out.left() - 4, y + bar_h / 2)
        )
        painter.fillRect(out, QColor(theme.accent))
        painter.drawRect(out)
        painter.end()
