"""A drawing of one token's vector cut into h slices, concatenated back and mixed by W_O."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..results import ShapeResult
from ..theme import THEMES, Theme

#: Okabe-Ito colours: distinguishable with colour-blindness. Slices are also
#: separated by lines, so colour is never the only clue.
SLICE_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
#: Below this width in pixels, slices are drawn without separating lines.
MIN_OUTLINED_SLICE_PX = 6
#: Space from the left and right edges, in pixels.
MARGIN = 4.0


def captions(shape: ShapeResult) -> tuple[str, str, str]:
    """The words above the three rows: queries, keys and values, concatenate and mix."""
    kv_width = shape.n_kv_heads * shape.d_k
    return (
        f"Queries: {shape.d_model:,} wide = {shape.n_heads} heads × {shape.d_k}",
        f"Keys and values: {shape.n_kv_heads} heads × {shape.d_k} = {kv_width:,} wide"
        + ("" if shape.n_kv_heads == shape.n_heads else " (shared)"),
        f"Concatenate, then mix with W_O ({shape.d_model:,} × {shape.d_model:,})",
    )


class WidthDiagram(QWidget):
    """Queries cut into h slices, keys/values into n_kv slices, then concat and W_O."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shape: ShapeResult | None = None
        self._theme: Theme = THEMES["light"]
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)  # captions wrap at large text sizes
        self.setSizePolicy(policy)
        self.setAccessibleName("Model width diagram")

    def show_shape(self, shape: ShapeResult) -> None:
        self._shape = shape
        self.setAccessibleDescription(
            f"A {shape.d_model}-wide vector cut into {shape.n_heads} heads of {shape.d_k}; "
            f"keys and values use {shape.n_kv_heads} heads; the concatenated heads are "
            f"multiplied by W_O ({shape.d_model} x {shape.d_model})."
        )
        self.updateGeometry()  # the captions' length, and so the height, may change
        self.update()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.updateGeometry()
        self.update()

    def _row_height(self) -> int:
        return self.fontMetrics().height()

    def _caption_rects(self, width: int) -> list[QRect]:
        """Each caption's size when wrapped to ``width`` (at the origin)."""
        if self._shape is None:
            return []
        flags = Qt.TextFlag.TextWordWrap
        box = QRect(0, 0, max(1, int(width - 2 * MARGIN)), 100_000)
        return [self.fontMetrics().boundingRect(box, flags, t) for t in captions(self._shape)]

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        bar_h = self._row_height() * 1.1
        texts = sum(r.height() + 2 for r in self._caption_rects(width))
        # three bars with their gaps, and the W_O box reaching 0.4 bars above and below
        return int(2 + texts + 3 * bar_h + 12 + bar_h * 0.8 + 4)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(360, self.heightForWidth(360))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(200, self.heightForWidth(max(200, self.width())))

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
        left, width = MARGIN, self.width() - 2 * MARGIN
        bar_h = row * 1.1
        y = 2.0
        texts = iter(zip(captions(shape), self._caption_rects(self.width()), strict=True))

        def caption() -> None:
            nonlocal y
            text, rect = next(texts)
            painter.setPen(QColor(theme.text))
            area = QRectF(left, y, width, rect.height())
            painter.drawText(area, Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, text)
            y += rect.height() + 2

        # Query heads that share a key/value head share its colour.
        group = shape.n_heads // shape.n_kv_heads
        caption()
        self._slices(painter, QRectF(left, y, width, bar_h), shape.n_heads, group)
        y += bar_h + 6
        caption()
        kv_width = shape.n_kv_heads * shape.d_k
        kv_rect = QRectF(left, y, width * kv_width / shape.d_model, bar_h)
        self._slices(painter, kv_rect, shape.n_kv_heads, 1)
        y += bar_h + 6
        caption()
        y += bar_h * 0.4  # the W_O box reaches this far above its row
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
