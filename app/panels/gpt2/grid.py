"""Every head of a GPT-2-family model as a small map, layers down and heads across.

A 12 x 12 grid of widgets would be 144 tab stops; this is one painted control. A tap
selects a head; for the keyboard it is one tab stop whose arrow keys move a cursor
(Home / End: the row's ends, Page Up / Page Down: the first and last layer) and Enter or
Space selects the head under it. A screen reader hears the head under the cursor. Each
map is the head's weights in the heatmap's colours, hatched where the mask hides, with
the pattern it follows most and its score under it ("I 0.85"), or "–".
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QImage,
    QKeyEvent,
    QPainter,
    QPixmap,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app.accessibility import events
from app.panels.head_grid import weights_image
from app.panels.matrix_painting import paint_small_map
from app.text.wording import fill, translate
from app.ui.fitting import small_print_px
from app.ui.painting import paint_focus_ring
from app.ui.theme import THEMES, Theme

#: Largest map side, in multiples of the body text size (a few heads wide on a wide page).
MAX_SIDE_SCALE = 4.5
#: Between two maps, in pixels.
GAP = 6
MOVES = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}
ENDS = {Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown}
PRESS = {Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space}


class HeadMapGrid(QWidget):
    """Small maps of ``n_layer`` x ``n_head`` heads; ``head_clicked(layer, head)`` on a
    tap, or on Enter / Space at the keyboard cursor."""

    head_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shape = (0, 0)
        self.captions: list[list[str]] = []
        self.summaries: list[list[str]] = []  # what a screen reader hears of each head
        self.selected: tuple[int, int] | None = None
        self.cursor_head = (0, 0)
        self._images: list[list[QImage]] = []
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self._base: QPixmap | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(translate("GPT2View", "Every head of the model, small maps"))

    # -- content -------------------------------------------------------------------------

    def set_content(
        self,
        weights: np.ndarray,
        hidden: np.ndarray,
        lut: np.ndarray,
        captions: Sequence[Sequence[str]],
        summaries: Sequence[Sequence[str]],
    ) -> None:
        """Every head's weights (layers, heads, n, n), with its caption and spoken summary."""
        layers, heads = weights.shape[:2]
        if (layers, heads) != self.shape:
            self.shape = (layers, heads)
            self.cursor_head = (
                min(self.cursor_head[0], layers - 1),
                min(self.cursor_head[1], heads - 1),
            )
            self.updateGeometry()
        self._images = [[weights_image(weights[i, j], hidden, lut) for j in range(heads)]
                        for i in range(layers)]  # fmt: skip
        self.captions = [list(row) for row in captions]
        self.summaries = [list(row) for row in summaries]
        self._base = None
        self._describe()
        self.update()

    def set_selected(self, layer: int, head: int) -> None:
        if self.selected != (layer, head):
            self.selected = (layer, head)
            self._describe()
            self.update()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self._base = None
        self.updateGeometry()
        self.update()

    # -- geometry ------------------------------------------------------------------------

    def _caption_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(10, small_print_px(self._font_px, 0.75)))
        return font

    def _label_width(self) -> float:
        return QFontMetrics(self._caption_font()).horizontalAdvance("00") + 8.0

    def _side(self, width: int) -> float:
        heads = max(1, self.shape[1])
        fit = (width - self._label_width()) / heads - GAP
        return max(4.0, min(fit, self._font_px * MAX_SIDE_SCALE))

    def _line(self) -> float:
        return QFontMetrics(self._caption_font()).height() + 2.0

    def tile_rect(self, layer: int, head: int) -> QRectF:
        """Where the map of ``(layer, head)`` is drawn (its caption is under it)."""
        side, line = self._side(self.width()), self._line()
        left = self._label_width() + head * (side + GAP)
        top = line + layer * (side + line + GAP)
        return QRectF(left, top, side, side)

    def head_at(self, point: QPointF) -> tuple[int, int] | None:
        layers, heads = self.shape
        side, line = self._side(self.width()), self._line()
        column = int((point.x() - self._label_width()) // (side + GAP))
        row = int((point.y() - line) // (side + line + GAP))
        if 0 <= row < layers and 0 <= column < heads:
            rect = self.tile_rect(row, column)
            if rect.adjusted(0, 0, GAP, line + GAP).contains(point):
                return row, column
        return None

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        layers = self.shape[0]
        side, line = self._side(width), self._line()
        return int(line + layers * (side + line + GAP)) + 4

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(400, self.heightForWidth(400))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(120, self.heightForWidth(120))

    def resizeEvent(self, event) -> None:  # noqa: N802
        self._base = None
        self.updateGeometry()
        super().resizeEvent(event)

    # -- painting ------------------------------------------------------------------------

    def _paint_base(self) -> QPixmap:
        """Labels, maps and captions, without the selection and the focus ring."""
        ratio = self.devicePixelRatioF()
        base = QPixmap(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        base.setDevicePixelRatio(ratio)
        base.fill(Qt.GlobalColor.transparent)
        painter = QPainter(base)
        font = self._caption_font()
        metrics = QFontMetrics(font)
        painter.setFont(font)
        theme, line = self._theme, self._line()
        centre = int(Qt.AlignmentFlag.AlignCenter)
        for head in range(self.shape[1]):  # heads count from 0, as on the English page
            rect = self.tile_rect(0, head)
            painter.setPen(QColor(theme.muted))
            painter.drawText(QRectF(rect.left(), 0, rect.width(), line), centre, str(head))
        for layer, images in enumerate(self._images):
            rect = self.tile_rect(layer, 0)
            painter.setPen(QColor(theme.muted))
            label = QRectF(0, rect.top(), self._label_width() - 6, rect.height())
            right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            painter.drawText(label, right, str(layer + 1))
            for head, image in enumerate(images):
                tile = self.tile_rect(layer, head)
                paint_small_map(painter, tile, image, theme, False)
                caption = self.captions[layer][head] if self.captions else ""
                if metrics.horizontalAdvance(caption) > tile.width() + GAP:
                    caption = caption.split(" ")[0]  # the letter alone where the score is cut
                clear = caption != "–"
                painter.setPen(QColor(theme.text if clear else theme.muted))
                below = QRectF(tile.left() - GAP / 2, tile.bottom(), tile.width() + GAP, line)
                painter.drawText(below, centre, caption)
        painter.end()
        return base

    def paintEvent(self, event) -> None:  # noqa: N802
        if not self._images:
            return
        if self._base is None or self._base.deviceIndependentSize() != self.size():
            self._base = self._paint_base()
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._base)
        if self.selected is not None and self.selected[0] < self.shape[0]:
            image = self._images[self.selected[0]][self.selected[1]]
            paint_small_map(painter, self.tile_rect(*self.selected), image, self._theme, True)
        if self.hasFocus():
            ring = self.tile_rect(*self.cursor_head).adjusted(
                -GAP / 2, -GAP / 2, GAP / 2, self._line()
            )
            paint_focus_ring(painter, ring, self._theme.focus, 3)
        painter.end()

    # -- input ---------------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:  # noqa: N802
        where = self.head_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and where is not None:
            self.cursor_head = where
            self.head_clicked.emit(*where)
            event.accept()
            return
        super().mousePressEvent(event)

    def event(self, event: QEvent) -> bool:
        # The grid's own keys come before the window's shortcuts (Left / Right move the
        # stage's query, Page Up / Down step the tour).
        kind = event.type()
        if (
            kind == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and (event.key() in MOVES or event.key() in ENDS or event.key() in PRESS)
        ):
            event.accept()
            return True
        if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            where = self.head_at(QPointF(event.pos()))
            if where is None or not self.summaries:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.summaries[where[0]][where[1]], self)
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key, (layers, heads) = event.key(), self.shape
        layer, head = self.cursor_head
        if key in PRESS and layers:
            self.head_clicked.emit(layer, head)
        elif key in MOVES:
            step = MOVES[Qt.Key(key)]
            self._move(layer + step[0], head + step[1])
        elif key in ENDS:
            ends = {
                Qt.Key.Key_Home: (layer, 0),
                Qt.Key.Key_End: (layer, heads - 1),
                Qt.Key.Key_PageUp: (0, head),
                Qt.Key.Key_PageDown: (layers - 1, head),
            }
            self._move(*ends[Qt.Key(key)])
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _move(self, layer: int, head: int) -> None:
        layers, heads = self.shape
        target = (min(max(layer, 0), layers - 1), min(max(head, 0), heads - 1))
        if target != self.cursor_head and layers:
            self.cursor_head = target
            self._describe()
            if events.is_active():
                events.announce(self, self.accessibleDescription())
            self.update()

    def _describe(self) -> None:
        """The head under the cursor, as a screen reader says it."""
        if not self.summaries:
            self.setAccessibleDescription("")
            return
        layer, head = self.cursor_head
        text = self.summaries[layer][head]
        if self.selected == self.cursor_head:
            text = fill(translate("GPT2View", "%1, shown large"), text)
        self.setAccessibleDescription(text)

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.update()
