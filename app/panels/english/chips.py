"""What the English model reads, as a row of chips: its start token at position 0, then
the sentence's words, each with its position; the query's chip outlined.

Painted in one pass (no widget per chip) into a cached picture: a new sentence costs
one layout and one painting of at most 65 chips, a new query or a repaint only the
picture and the query's outline.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.text.wording import translate
from app.ui.fitting import small_print_px
from app.ui.theme import THEMES, Theme

GAP = 6
PAD = 6


class ModelTokens(QWidget):
    """Chips of the model's positions; ``position_clicked(i)`` when chip ``i`` is tapped."""

    position_clicked = Signal(int)
    #: The narrowest chip, as a share of its height (a one-letter chip is a thin target).
    min_width_ratio = 0.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels: tuple[str, ...] = ()
        self.start = False  # whether chip 0 is the start token
        self.query: int | None = None  # a position, counted as the chips are
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        #: The narrowest chip in px (a kiosk's finger: 48 px, even for ".").
        self._min_chip = 0
        self._rects: list[QRectF] = []
        self._width = -1
        self._picture: QPixmap | None = None  # the chips without the query outline
        self.setAccessibleName(
            translate("EnglishView", "What the model reads, position by position")
        )
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_tokens(self, labels: Sequence[str], start: bool) -> None:
        self.labels, self.start = tuple(labels), start
        self.setAccessibleDescription(", ".join(f"{t} {i}" for i, t in enumerate(self.labels)))
        self._width, self._picture = -1, None
        self.updateGeometry()
        self.update()

    def set_min_chip_width(self, px: int) -> None:
        """Never make a chip narrower than ``px`` (as the token strip's, for a finger)."""
        if px != self._min_chip:
            self._min_chip = px
            self._width, self._picture = -1, None
            self.updateGeometry()
            self.update()

    def set_query(self, position: int | None) -> None:
        if position != self.query:
            self.query = position
            self.update()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self._width, self._picture = -1, None
        self.updateGeometry()
        self.update()

    def _fonts(self) -> tuple[QFont, QFont]:
        word = QFont(self.font())
        word.setPixelSize(self._font_px)
        small = QFont(self.font())
        small.setPixelSize(max(9, small_print_px(self._font_px, 0.7)))
        return word, small

    def _chip_height(self) -> float:
        word, small = self._fonts()
        return QFontMetrics(word).height() + QFontMetrics(small).height() + 2 * PAD

    def _layout(self, width: int) -> list[QRectF]:
        if width == self._width:
            return self._rects
        word, small = self._fonts()
        wm, sm = QFontMetrics(word), QFontMetrics(small)
        height = self._chip_height()
        self._picture = None
        rects, x, y = [], 0.0, 0.0
        for i, label in enumerate(self.labels):
            text_w = max(wm.horizontalAdvance(label), sm.horizontalAdvance(str(i))) + 2 * PAD
            w = min(max(text_w, height * self.min_width_ratio, self._min_chip), max(width, 1))
            if x > 0 and x + w > width:
                x, y = 0.0, y + height + GAP
            rects.append(QRectF(x, y, w, height))
            x += w + GAP
        self._rects, self._width = rects, width
        return rects

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        rects = self._layout(width)
        return int(rects[-1].bottom() + 2) if rects else 0

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(300, max(self.heightForWidth(max(self.width(), 300)), 1))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(80, self.heightForWidth(max(self.width(), 80)))

    def resizeEvent(self, event) -> None:  # noqa: N802
        self.updateGeometry()
        super().resizeEvent(event)

    def _paint_chips(self) -> QPixmap:
        """Every chip, without the query's outline, at the widget's size and pixel ratio."""
        ratio = self.devicePixelRatioF()
        picture = QPixmap(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        word, small = self._fonts()
        word_h = QFontMetrics(word).height()
        t = self._theme
        centre = int(Qt.AlignmentFlag.AlignCenter)
        for i, (label, rect) in enumerate(zip(self.labels, self._rects, strict=True)):
            is_start = self.start and i == 0
            painter.setBrush(QColor(t.masked if is_start else t.panel))
            pen = QPen(QColor(t.border), 1)
            if is_start:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)
            painter.setPen(QColor(t.text))
            painter.setFont(word)
            top = QRectF(rect.left(), rect.top() + PAD / 2, rect.width(), word_h)
            painter.drawText(top, centre, label)
            painter.setPen(QColor(t.muted))
            painter.setFont(small)
            bottom = QRectF(rect.left(), top.bottom(), rect.width(), rect.bottom() - top.bottom())
            painter.drawText(bottom, centre, str(i))
        painter.end()
        return picture

    def paintEvent(self, event) -> None:  # noqa: N802
        rects = self._layout(self.width())
        if self._picture is None or self._picture.deviceIndependentSize() != self.size():
            self._picture = self._paint_chips()
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._picture)
        if self.query is not None and 0 <= self.query < len(rects):
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(self._theme.query), 3))
            painter.drawRoundedRect(rects[self.query].adjusted(1.5, 1.5, -1.5, -1.5), 6, 6)
        painter.end()

    def position_at(self, point: QPointF) -> int | None:
        for i, rect in enumerate(self._layout(self.width())):
            if rect.contains(point):
                return i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        position = self.position_at(event.position())
        if position is not None:
            self.position_clicked.emit(position)
        super().mousePressEvent(event)
