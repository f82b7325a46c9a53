"""Small maps of all five heads side by side; a click or tap selects that head.

The maps are painted with QPainter from the heatmap's colour map: five tiny
images need none of pyqtgraph's machinery, and stay crisp at any size.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

import core
from app.accessibility.choices import KEY_PROPERTY, MiniMapAccessible
from app.accessibility.protocols import Selectable
from app.accessibility.registry import register
from app.model.results import AttentionResult
from app.model.state import AppState
from app.panels.matrix_painting import paint_small_map, rgba_image
from app.panels.pages import PublishesResults, draw_results
from app.text.wording import fill, head_name, head_summary, translate
from app.ui.theme import THEMES, Theme

#: Maps per row: three, or two when a head's name would not fit above a third of
#: the width (large text on a small screen).
COLUMNS = 3
NARROW_COLUMNS = 2
#: Between the maps, in pixels.
SPACING = 10
#: The selected map's title starts with this marker when the whole title fits on one
#: line (its outline and colour mark it too).
MARKER = "▶ "


def wrap_title(text: str, metrics: QFontMetrics, width: int, max_lines: int = 2) -> list[str]:
    """``text`` broken at spaces into at most ``max_lines`` lines of ``width`` pixels;
    a line that still does not fit is elided."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > max_lines:
        lines[max_lines - 1 :] = [" ".join(lines[max_lines - 1 :])]
    return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines]


def _title_metrics(font: QFont) -> QFontMetrics:
    """Titles are measured in bold, as the selected one is drawn."""
    bold = QFont(font)
    bold.setBold(True)
    return QFontMetrics(bold)


def _title_lines_needed(font: QFont, width: int) -> int:
    """Lines the longest title needs at ``width``; every map keeps that much room, so the
    maps of a row stay level."""
    return _lines_needed(font.toString(), width)


@lru_cache(maxsize=256)  # layouts ask for the same few widths again and again
def _lines_needed(font_description: str, width: int) -> int:
    font = QFont()
    font.fromString(font_description)
    metrics = _title_metrics(font)
    return max(len(wrap_title(head_name(h.id), metrics, width)) for h in core.HEADS.values())


def weights_image(weights: np.ndarray, hidden: np.ndarray, lut: np.ndarray) -> QImage:
    """An n x n ARGB image of the weights; hidden cells are fully transparent."""
    index = np.clip(np.rint(weights * (len(lut) - 1)), 0, len(lut) - 1).astype(np.intp)
    rgba = lut[index]  # (n, n, 4) uint8
    rgba[hidden, 3] = 0
    return rgba_image(rgba)


class MiniMap(QWidget):
    """One head's small map with its name above it."""

    def __init__(
        self, head: core.Head, state: AppState, key: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.head = head
        self._state = state
        self._image: QImage | None = None
        self._hidden: np.ndarray | None = None
        self._selected = False
        self._theme: Theme = THEMES["light"]
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        # A button for the keyboard and screen readers too: Tab reaches it, Space or
        # Enter selects its head (see app.accessibility.choices.MiniMapAccessible). A
        # click leaves the focus where it was, so no ring appears after a tap.
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        name = head_name(head.id)
        spoken = (
            fill(translate("HeadGrid", "%1 head, small map, key %2"), name, key)
            if key
            else fill(translate("HeadGrid", "%1 head, small map"), name)
        )
        self.setAccessibleName(spoken)
        self.setAccessibleDescription(head_summary(head.id))
        self.setProperty(KEY_PROPERTY, key)
        self.setToolTip(f"{head_name(head.id)}: {head_summary(head.id)}")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def show_result(self, result: AttentionResult, lut: np.ndarray) -> None:
        self._image = weights_image(result.weights[self.head.id], result.hidden, lut)
        self._hidden = result.hidden
        self.update()

    def set_selected(self, selected: bool) -> None:
        if selected != self._selected:
            self._selected = selected
            summary = head_summary(self.head.id)
            chosen = fill(translate("HeadGrid", "Selected. %1"), summary)
            self.setAccessibleDescription(chosen if selected else summary)
        self.update()

    @property
    def is_selected(self) -> bool:
        return self._selected

    def select(self) -> None:
        """Select this map's head, as a click does."""
        self._state.set_head(self.head.id)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return width + self._title_height(width)

    def _title_height(self, width: int) -> int:
        lines = _title_lines_needed(self.font(), width)
        return lines * _title_metrics(self.font()).height() + 6

    def title_lines(self) -> list[str]:
        """The title as drawn: the head's name, wrapped or elided to the map's width."""
        metrics = _title_metrics(self.font())
        name = head_name(self.head.id)
        if self._selected and metrics.horizontalAdvance(MARKER + name) <= self.width():
            name = MARKER + name
        return wrap_title(name, metrics, self.width())

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(90, self.heightForWidth(90))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(40, self.heightForWidth(40))

    def map_rect(self) -> QRectF:
        """Where the map itself is drawn (below the title), square."""
        title = self._title_height(self.width())
        side = max(1.0, min(self.width() - 8.0, self.height() - title - 4.0))
        return QRectF((self.width() - side) / 2, title, side, side)

    def paintEvent(self, event) -> None:  # noqa: N802
        theme = self._theme
        painter = QPainter(self)
        font = self.font()
        font.setBold(self._selected)
        painter.setFont(font)
        painter.setPen(QColor(theme.query if self._selected else theme.text))
        title = QRectF(0, 0, self.width(), self._title_height(self.width()) - 2)
        align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
        painter.drawText(title, align, "\n".join(self.title_lines()))
        rect = self.map_rect()
        paint_small_map(painter, rect, self._image, theme, self._selected)
        if self.hasFocus():  # keyboard focus, drawn like the token strip's
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(theme.accent), 2, Qt.PenStyle.DotLine))
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 6, 6)
        painter.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.select()
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.select()
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.update()


class HeadGrid(QWidget):
    """All five heads at once, so their patterns can be compared at a glance."""

    def __init__(
        self,
        state: AppState,
        parent: QWidget | None = None,
        results: PublishesResults | None = None,
    ) -> None:
        super().__init__(parent)
        self.setAccessibleName(translate("HeadGrid", "All heads, small maps"))
        self._result: AttentionResult | None = None
        self._lut: np.ndarray | None = None
        self.maps = {
            head.id: MiniMap(head, state, key=str(number))
            for number, head in enumerate(core.HEADS.values(), start=1)
        }
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(SPACING)
        self.columns = 0
        self._arrange(COLUMNS)
        draw_results(self, self.show_result, results)

    def _arrange(self, columns: int) -> None:
        if columns == self.columns:
            return
        self.columns = columns
        for mini in self.maps.values():
            self._grid.removeWidget(mini)
        for index, mini in enumerate(self.maps.values()):
            self._grid.addWidget(mini, index // columns, index % columns)
        for column in range(COLUMNS):  # columns left empty take no room
            self._grid.setColumnStretch(column, 1 if column < columns else 0)

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        # Larger text (zoom, presenter) may need fewer columns even at the same width.
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_columns()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Three maps a row while every title word fits its cell, else two."""
        margins = self._grid.contentsMargins()  # the maps get the width inside them
        room = self.width() - margins.left() - margins.right()
        cell = (room - (COLUMNS - 1) * SPACING) // COLUMNS
        metrics = _title_metrics(self.font())
        words = (w for h in core.HEADS.values() for w in head_name(h.id).split(" "))
        fits = all(metrics.horizontalAdvance(w) <= cell for w in words)
        self._arrange(COLUMNS if fits else NARROW_COLUMNS)

    def show_result(self, result: AttentionResult) -> None:
        previous, self._result = self._result, result
        if self._lut is not None and (previous is None or previous.weights is not result.weights):
            for mini in self.maps.values():
                mini.show_result(result, self._lut)
        for head_id, mini in self.maps.items():
            mini.set_selected(head_id == result.head_id)

    def set_theme(self, theme: Theme) -> None:
        for mini in self.maps.values():
            mini.set_theme(theme)

    def set_colormap(self, lut: np.ndarray) -> None:
        """The heatmap's colour map as a (256, 4) uint8 table."""
        self._lut = lut
        if self._result is not None:
            result, self._result = self._result, None
            self.show_result(result)


register(MiniMap, Selectable, MiniMapAccessible)
