"""Pieces shared by the big heatmap and the mini maps (pyqtgraph)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

from app.model.results import AttentionResult
from app.text.wording import display_tokens, format_weights, shorten
from app.ui.painting import paint_hatched
from app.ui.theme import Theme
from core.table import position_label


def display_image(weights: np.ndarray, hidden: np.ndarray) -> np.ndarray:
    """Weights with NaN where the mask hides a key: pyqtgraph draws NaN transparent,
    so the masked layer underneath shows through."""
    image = weights.astype(float)
    image[hidden] = np.nan
    return image


def make_static(plot: pg.PlotItem) -> None:
    """No pan, zoom, context menu or auto-range buttons: nothing for a visitor to lose."""
    plot.setMouseEnabled(x=False, y=False)
    plot.setMenuEnabled(False)
    plot.hideButtons()
    plot.getViewBox().setDefaultPadding(0.0)
    plot.invertY(True)
    plot.setAspectLocked(True)


class MaskedLayer(QGraphicsRectItem):
    """A flat neutral square with hatch lines, drawn under the image, so masked
    (transparent) cells read as 'hidden', never as 'small'."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(-10)
        self._fill, self._lines = "#cccccc", "#999999"

    def set_size(self, n: int) -> None:
        self.setRect(QRectF(0, 0, n, n))

    def set_theme(self, theme: Theme) -> None:
        self._fill, self._lines = theme.masked, theme.hatch
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        # Drawn in device pixels so the hatch spacing stays the same at any size.
        painter.save()
        device = painter.transform().mapRect(self.rect())
        painter.resetTransform()
        paint_hatched(painter, device, self._fill, self._lines)
        painter.restore()


#: The cells' numbers in condensed letters, as on road signs: narrow digits keep their
#: height, so "0.92" at a room's 24 px fits a cell of 45 px instead of 60 (a 1024 x 768
#: projector has no room for 60 px cells), and smaller cells get taller digits.
NUMBER_STRETCH = QFont.Stretch.Condensed
#: The share of a cell's width the widest number may take.
NUMBER_FILL = 0.92
#: In an SVG file the numbers are narrowed by a horizontal scale of the font's usual
#: width rather than drawn in its condensed face: viewers do not know which face Qt
#: chose (librsvg and browsers drew "0.020.000.00"), but every one applies a transform.
#: Never narrower than this; smaller cells get smaller digits. A little room is left
#: for a viewer whose face is wider than Qt's.
VECTOR_SQUEEZE_MIN = 0.7
VECTOR_FILL = 0.8


class CellLabels(QGraphicsItem):
    """Every cell's weight as text, painted by one item (one TextItem per cell would cost
    seconds at 64 x 64). Hidden when cells are too small to read."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(5)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, False)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._text: list[tuple[int, int, str, bool]] = []
        self._n = 0
        self._font = QFont()
        self._dark = QColor("#000000")
        self._light = QColor("#ffffff")
        self.min_cell_px = 30.0
        self.visible_last_paint = False
        #: Set while the item draws for an SVG file (``app.export.pictures``): numbers
        #: then come in the font's usual width, sized to fit, not condensed.
        self.vector_output = False

    def set_cells(self, result: AttentionResult, colormap: pg.ColorMap) -> None:
        weights, hidden = result.selected, result.hidden
        n = len(weights)
        rgb = colormap.map(weights.ravel().clip(0, 1), mode="float")[:, :3]
        luminance = (rgb @ np.array([0.2126, 0.7152, 0.0722])).reshape(n, n)
        rows, cols = np.nonzero(~hidden)
        texts = format_weights(weights[rows, cols].tolist())
        light = (luminance[rows, cols] > 0.45).tolist()
        self._text = list(zip(rows.tolist(), cols.tolist(), texts, light, strict=True))
        self.prepareGeometryChange()
        self._n = n
        self.update()

    def set_style(self, font: QFont, dark: str, light: str) -> None:
        self._font = QFont(font)
        self._font.setStretch(NUMBER_STRETCH)
        self._dark, self._light = QColor(dark), QColor(light)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(0, 0, self._n, self._n)

    def number_font(self, cell_px: float) -> QFont:
        """The numbers' font in cells of ``cell_px``: the body size, less where "0.00"
        would not fit across the cell (for an SVG file: see ``vector_squeeze``)."""
        font = QFont(self._font)
        body = max(8, self._font.pixelSize())
        font.setPixelSize(body)
        if self.vector_output:
            font.setStretch(QFont.Stretch.Unstretched)
            fits = cell_px * VECTOR_FILL / QFontMetricsF(font).horizontalAdvance("0.00")
            size = body * min(1.0, fits / VECTOR_SQUEEZE_MIN)
        else:
            size = body * cell_px * NUMBER_FILL / QFontMetricsF(font).horizontalAdvance("0.00")
        font.setPixelSize(max(8, min(body, int(size))))
        return font

    def vector_squeeze(self, cell_px: float) -> float:
        """The horizontal scale of the numbers in an SVG file (1.0 on screen)."""
        if not self.vector_output:
            return 1.0
        widest = QFontMetricsF(self.number_font(cell_px)).horizontalAdvance("0.00")
        return min(1.0, cell_px * VECTOR_FILL / widest)

    def number_px(self, cell_px: float) -> int:
        """The numbers' text size in cells of ``cell_px``."""
        return self.number_font(cell_px).pixelSize()

    def widest_number_px(self, cell_px: float) -> float:
        """How wide the widest number is drawn in cells of ``cell_px``."""
        metrics = QFontMetricsF(self.number_font(cell_px))
        return max((metrics.horizontalAdvance(t[2]) for t in self._text), default=0.0)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        transform: QTransform = painter.transform()
        cell_px = min(abs(transform.m11()), abs(transform.m22()))
        self.visible_last_paint = cell_px >= self.min_cell_px
        if not self.visible_last_paint:
            return
        painter.save()
        painter.resetTransform()
        painter.setFont(self.number_font(cell_px))
        squeeze = self.vector_squeeze(cell_px)
        box = QRectF(-cell_px / 2 / squeeze, -cell_px / 2, cell_px / squeeze, cell_px)
        for i, j, text, light_cell in self._text:
            painter.setPen(self._dark if light_cell else self._light)
            center = transform.map(QPointF(j + 0.5, i + 0.5))
            if squeeze == 1.0:  # on screen: no transform per cell (64 x 64 of them)
                painter.drawText(box.translated(center), Qt.AlignmentFlag.AlignCenter, text)
                continue
            painter.save()
            painter.translate(center)
            painter.scale(squeeze, 1.0)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            painter.restore()
        painter.restore()


#: Axis labels longer than this are shortened.
AXIS_CHARS = 10


def axis_labels(tokens: tuple[str, ...]) -> list[str]:
    """Each token as the axes name it: shortened word and position, "cat 7" (the CSV
    export names rows and columns the same way, with the whole word)."""
    return [position_label(shorten(t, AXIS_CHARS), i) for i, t in enumerate(display_tokens(tokens))]


def colour_of(theme: Theme, weight: float) -> QColor:
    """The colour the heatmap gives a weight in this theme."""
    rgba = pg.colormap.get(theme.colormap).map(np.array([weight]), mode="byte")[0]
    return QColor(int(rgba[0]), int(rgba[1]), int(rgba[2]))
