"""One token's vector cut into h heads, run through attention, concatenated and mixed by W^O.

Drawn to scale: every bar's length is its width in dimensions, measured against the
d_model bar, so the concatenated heads come out exactly as long as the vector they
came from. Every bar says what it is and how wide; neighbouring heads never share a
colour, and thin lines separate slices wherever they are wide enough to show them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.model.results import ShapeResult
from app.text.wording import fill, format_count, translate
from app.ui.height_for_width import MinimumFollowsWidth
from app.ui.painting import readable_text
from app.ui.theme import THEMES, Theme

#: Okabe-Ito colours, distinguishable with colour-blindness, plus a grey: eight, so the
#: eight heads of Transformer base all differ, and larger counts cycle without two
#: neighbours ever matching. Separating lines mean colour is never the only clue.
SLICE_COLOURS = (
    "#E69F00",
    "#56B4E9",
    "#009E73",
    "#F0E442",
    "#0072B2",
    "#D55E00",
    "#CC79A7",
    "#999999",
)
#: Below this width in pixels, slices are drawn without separating lines.
MIN_OUTLINED_SLICE_PX = 6
#: Space from the left and right edges, in pixels.
MARGIN = 4.0


def slice_colour(index: int) -> str:
    """The colour of head ``index`` (0-based): neighbours always differ."""
    return SLICE_COLOURS[index % len(SLICE_COLOURS)]


@dataclass(frozen=True)
class Bar:
    """One row of the drawing: its caption, its length in dimensions, how it is cut."""

    caption: str
    dims: int  # length, on the same scale as d_model
    slices: int  # 1: a plain bar
    label: str  # written inside the bar when it fits, else after it
    kind: str  # "vector", "heads", "output"


def _keys_caption(shape: ShapeResult) -> str:
    """The keys' and values' row: how many heads, and how many queries share each."""
    h, d_k, kv = shape.n_heads, shape.d_k, shape.n_kv_heads
    width = format_count(kv * d_k)
    if kv == h:
        template = translate("WidthDiagram", "Keys and values: %1 heads × %2 = %3 each")
        return fill(template, kv, d_k, width)
    template = translate(
        "WidthDiagram",
        "Keys and values: %1 heads × %2 = %3 each, each shared by %4 query heads",
    )
    return fill(template, kv, d_k, width, h // kv)


def bars(shape: ShapeResult) -> tuple[Bar, ...]:
    """The rows of the drawing, top to bottom."""
    h, d_k, d_model, kv = shape.n_heads, shape.d_k, shape.d_model, shape.n_kv_heads
    n = format_count
    vector = fill(translate("WidthDiagram", "One token's vector x: d_model = %1"), n(d_model))
    queries = fill(
        translate("WidthDiagram", "Queries: %1 heads × d_k = %2 = %3"), h, d_k, n(d_model)
    )
    heads = fill(
        translate("WidthDiagram", "Each head attends on its own; concatenated: %1 × %2 = %3"),
        h,
        d_k,
        n(d_model),
    )
    output = fill(
        translate("WidthDiagram", "Mixed by the output matrix (%1 × %1): the output, %1 wide"),
        n(d_model),
    )
    return (
        Bar(vector, d_model, 1, n(d_model), "vector"),
        Bar(queries, d_model, h, f"{h} × {d_k}", "heads"),
        Bar(_keys_caption(shape), kv * d_k, kv, f"{kv} × {d_k}", "heads"),
        Bar(heads, d_model, h, f"{h} × {d_k}", "heads"),
        Bar(output, d_model, 1, n(d_model), "output"),
    )


def captions(shape: ShapeResult) -> tuple[str, ...]:
    """Every caption of the drawing, in order."""
    return tuple(bar.caption for bar in bars(shape))


class WidthDiagram(MinimumFollowsWidth, QWidget):
    """The bars of ``bars(shape)``, one under the other, all on one scale."""

    MIN_WIDTH = 200

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shape: ShapeResult | None = None
        self._theme: Theme = THEMES["light"]
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)  # captions wrap at large text sizes
        self.setSizePolicy(policy)
        self.setAccessibleName(translate("WidthDiagram", "Model width diagram"))
        #: Each bar's rectangle as last painted (tests measure them).
        self.bar_rects: list[QRectF] = []

    def show_shape(self, shape: ShapeResult) -> None:
        self._shape = shape
        template = translate(
            "WidthDiagram",
            "A %1-wide vector cut into %2 heads of %3; keys and values use %4 heads; the %2 "
            "head outputs are concatenated back to %1 and multiplied by W^O (%1 x %1).",
        )
        self.setAccessibleDescription(
            fill(template, shape.d_model, shape.n_heads, shape.d_k, shape.n_kv_heads)
        )
        self.updateGeometry()  # the captions' length, and so the height, may change
        self.update()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.updateGeometry()
        self.update()

    # -- geometry -----------------------------------------------------------------------

    def bar_height(self, width: float) -> float:
        """Bars grow with the room they have (wide panels), but stay at least a line tall."""
        line = self.fontMetrics().height()
        return max(line * 1.2, min(line * 2.2, width / 14))

    def _caption_rects(self, width: int) -> list[QRect]:
        """Each caption's size when wrapped to ``width`` (at the origin)."""
        if self._shape is None:
            return []
        flags = Qt.TextFlag.TextWordWrap
        box = QRect(0, 0, max(1, int(width - 2 * MARGIN)), 100_000)
        return [self.fontMetrics().boundingRect(box, flags, t) for t in captions(self._shape)]

    def row_rects(self, width: int) -> list[tuple[QRectF, QRectF]]:
        """(caption area, bar) for every row at ``width``."""
        if self._shape is None:
            return []
        bar_h = self.bar_height(width)
        full = width - 2 * MARGIN
        rows = []
        y = 2.0
        for bar, rect in zip(bars(self._shape), self._caption_rects(width), strict=True):
            text = QRectF(MARGIN, y, full, rect.height())
            y += rect.height() + 3
            length = full * bar.dims / self._shape.d_model
            rows.append((text, QRectF(MARGIN, y, length, bar_h)))
            y += bar_h + bar_h * 0.45
        return rows

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        rows = self.row_rects(width)
        return int(rows[-1][1].bottom() + 4) if rows else 40

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(360, self.heightForWidth(360))

    # -- painting -----------------------------------------------------------------------

    def _slices(self, painter: QPainter, rect: QRectF, count: int, d_k: int) -> None:
        theme = self._theme
        width = rect.width() / count
        outlined = width >= MIN_OUTLINED_SLICE_PX
        for i in range(count):
            cell = QRectF(rect.left() + i * width, rect.top(), width, rect.height())
            painter.fillRect(cell, QColor(slice_colour(i)))
            if outlined and i:
                painter.setPen(QPen(QColor(theme.panel), 2))
                painter.drawLine(cell.topLeft(), cell.bottomLeft())
        # Per-slice widths where each slice has room for its number.
        metrics = self.fontMetrics()
        text = str(d_k)
        if count > 1 and metrics.horizontalAdvance(text) + 6 <= width:
            for i in range(count):
                cell = QRectF(rect.left() + i * width, rect.top(), width, rect.height())
                painter.setPen(readable_text(QColor(slice_colour(i))))
                painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, text)

    def _label(self, painter: QPainter, rect: QRectF, bar: Bar, fill: QColor | None) -> None:
        """The bar's width in words: inside a plain bar, else just after or under it."""
        metrics = self.fontMetrics()
        need = metrics.horizontalAdvance(bar.label) + 12
        theme = self._theme
        if bar.slices == 1 and fill is not None and need <= rect.width():
            painter.setPen(readable_text(fill))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, bar.label)
            return
        if rect.right() + need <= self.width() - MARGIN:  # after a short bar
            area = QRectF(rect.right() + 6, rect.top(), need, rect.height())
            painter.setPen(QColor(theme.text))
            painter.drawText(
                area, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, bar.label
            )

    def paintEvent(self, event) -> None:  # noqa: N802
        shape = self._shape
        if shape is None:
            return
        theme = self._theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rows = self.row_rects(self.width())
        self.bar_rects = [bar for _, bar in rows]
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        for bar, (text, rect) in zip(bars(shape), rows, strict=True):
            painter.setPen(QColor(theme.text))
            painter.drawText(text, flags, bar.caption)
            fill = None
            if bar.kind == "heads":
                self._slices(painter, rect, bar.slices, shape.d_k)
            else:
                fill = QColor(theme.accent if bar.kind == "output" else theme.masked)
                painter.fillRect(rect, fill)
            painter.setPen(QPen(QColor(theme.text), 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect)
            self._label(painter, rect, bar, fill)
        painter.end()
