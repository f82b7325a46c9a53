"""Every head of the learned model as a small map; a click or tap selects one.

They look like the constructed heads' small maps (``head_grid``): the same
image of the weights, hatched where the mask hides, the heatmap's colours.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

from app.accessibility.choices import ClickableAccessible
from app.accessibility.protocols import Clickable
from app.accessibility.registry import register
from app.panels.head_grid import weights_image
from app.panels.learned.model import head_name
from app.panels.matrix_painting import paint_small_map, text_height
from app.text.wording import fill, translate
from app.ui.fitting import small_print_px
from app.ui.painting import paint_focus_ring
from app.ui.theme import THEMES, Theme

#: Largest map side, in multiples of the body text size: larger maps would only
#: push the selected head's big map further down.
MAX_SIDE_SCALE = 7.5


class LearnedMiniMap(QWidget):
    """One learned head: its name, what it scores as, and its weights."""

    clicked = Signal()

    def __init__(self, layer: int, head: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layer, self.head = layer, head
        self.title = head_name(layer, head)
        self.subtitle = ""
        self.selected = False
        self._image: QImage | None = None
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab, then Space, selects it too
        self.setAccessibleName(fill(translate("MiniMaps", "%1, small map"), self.title))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_content(self, weights: np.ndarray, hidden: np.ndarray, lut: np.ndarray) -> None:
        self._image = weights_image(weights, hidden, lut)
        self.update()

    def set_subtitle(self, text: str) -> None:
        self.subtitle = text
        selected = fill(translate("MiniMaps", "%1, selected"), text)
        self.setAccessibleDescription(selected if self.selected else text)
        self.update()

    def set_selected(self, selected: bool) -> None:
        self.selected = selected
        self.set_subtitle(self.subtitle)

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self.updateGeometry()
        self.update()

    def _small_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(10, small_print_px(self._font_px, 0.85)))
        return font

    def _title_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(self.selected)
        return font

    def _title_text(self) -> str:
        return ("▶ " if self.selected else "") + self.title

    def _text_heights(self, width: int) -> tuple[int, int]:
        """Heights of the title and the subtitle, each wrapped when the map is narrow
        (large text): eliding would cut off the score, the one number that matters."""
        title = QFont(self.font())
        title.setBold(True)  # the selected title is bold: leave room for it on every map
        return (
            text_height(title, width, "▶ " + self.title) + 2,
            text_height(self._small_font(), width, self.subtitle or "x") + 4,
        )

    def _side(self, width: int) -> float:
        return max(1.0, min(width - 8.0, self._font_px * MAX_SIDE_SCALE))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return int(sum(self._text_heights(width)) + 2 + self._side(width) + 6)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(140, self.heightForWidth(140))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(60, self.heightForWidth(60))

    def map_rect(self) -> QRectF:
        """Where the map itself is drawn (under its name and score), square."""
        top = sum(self._text_heights(self.width())) + 2
        side = max(1.0, min(self._side(self.width()), self.height() - top - 4.0))
        return QRectF((self.width() - side) / 2, top, side, side)

    def paintEvent(self, event) -> None:  # noqa: N802
        theme = self._theme
        painter = QPainter(self)
        title_h, subtitle_h = self._text_heights(self.width())
        flags = int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop) | int(
            Qt.TextFlag.TextWordWrap
        )
        painter.setFont(self._title_font())
        painter.setPen(QColor(theme.query if self.selected else theme.text))
        painter.drawText(QRectF(0, 0, self.width(), title_h), flags, self._title_text())
        painter.setFont(self._small_font())
        painter.setPen(QColor(theme.muted))
        painter.drawText(QRectF(0, title_h, self.width(), subtitle_h), flags, self.subtitle)
        rect = self.map_rect()
        paint_small_map(painter, rect, self._image, theme, self.selected)
        if self.hasFocus():  # where the keyboard is, as the buttons show it
            paint_focus_ring(painter, QRectF(self.rect()), theme.focus, 0)
        painter.end()

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.clicked.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.update()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
            event.accept()
            return
        super().mousePressEvent(event)


class LearnedHeadGrid(QWidget):
    """All heads in one row when they fit, else one row per layer.

    ``head_clicked(layer, head)`` on a tap.
    """

    head_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("MiniMaps", "Heads of the learned model, small maps"))
        self.maps: dict[tuple[int, int], LearnedMiniMap] = {}
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(10)
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self._one_row = False

    def set_shape(self, n_layers: int, n_heads: int) -> None:
        """Make one map per head (only when the model's shape changes)."""
        if set(self.maps) == {(i, j) for i in range(n_layers) for j in range(n_heads)}:
            return
        for mini in self.maps.values():
            self._layout.removeWidget(mini)
            mini.deleteLater()
        self.maps = {}
        for layer in range(n_layers):
            for head in range(n_heads):
                mini = LearnedMiniMap(layer, head, self)
                mini.set_theme(self._theme, self._font_px)
                mini.clicked.connect(lambda i=layer, j=head: self.head_clicked.emit(i, j))
                self.maps[layer, head] = mini
        self._arrange(self._fits_one_row(self.width()))

    def _column_width(self) -> int:
        """What one map needs across: its bold, marked title."""
        font = QFont(self.font())
        font.setPixelSize(self._font_px)
        font.setBold(True)
        return QFontMetrics(font).horizontalAdvance("▶ Layer 9 · head 9") + 12

    def _fits_one_row(self, width: int) -> bool:
        return len(self.maps) * (self._column_width() + self._layout.spacing()) <= width

    def _arrange(self, one_row: bool) -> None:
        self._one_row = one_row
        n_heads = 1 + max((head for _, head in self.maps), default=0)
        for (layer, head), mini in self.maps.items():
            self._layout.removeWidget(mini)
            if one_row:
                self._layout.addWidget(mini, 0, layer * n_heads + head)
            else:
                self._layout.addWidget(mini, layer, head)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        one_row = self._fits_one_row(event.size().width())
        if one_row != self._one_row:
            self._arrange(one_row)

    def set_selected(self, layer: int, head: int) -> None:
        for key, mini in self.maps.items():
            mini.set_selected(key == (layer, head))

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        for mini in self.maps.values():
            mini.set_theme(theme, font_px)
        self._arrange(self._fits_one_row(self.width()))


register(LearnedMiniMap, Clickable, ClickableAccessible)
