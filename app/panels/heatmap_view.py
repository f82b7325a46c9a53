"""The big heatmap: rows are queries, columns keys, weights in the cells."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.accessibility import events
from app.accessibility.heatmap import HeatmapTableAccessible, heatmap_shown
from app.accessibility.protocols import ShowsCells
from app.accessibility.registry import register
from app.model.results import AttentionResult
from app.model.state import AppState
from app.panels import heatmap_axes, heatmap_room
from app.panels.heatmap_hover import cell_under, hover_text
from app.panels.heatmap_items import (
    AXIS_CHARS,
    CellLabels,
    MaskedLayer,
    axis_labels,
    display_image,
    make_static,
)
from app.panels.heatmap_keys import CellCursor
from app.panels.heatmap_room import TICK_LENGTH
from app.panels.heatmap_ticks import WordsOrPositions, axis_ticks, measured, words_fit
from app.panels.mask_legend import MaskLegend
from app.text.wording import (
    display_tokens,
    format_weight,
    heatmap_title,
    translate,
)
from app.ui.fitting import line_width
from app.ui.qt_typing import present
from app.ui.theme import DEFAULT_ZOOM, Theme


class HeatmapView(QWidget):
    """The selected head's weight matrix; a click on any cell makes its row the query."""

    graphics: pg.GraphicsLayoutWidget
    title: QLabel

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._result: AttentionResult | None = None
        self._theme: Theme | None = None
        self._compact = False
        #: In a room: (words on the axes allowed, axis titles shown, the widest left
        #: label of the room's sentences); see set_room.
        self._room: tuple[bool, bool, str] | None = None
        self._square_checks = 0
        self.setAccessibleName(translate("HeatmapView", "Attention weights heatmap"))
        self._build_plot()
        self._build_items()
        self._lay_out()
        # A stop of the Tab chain (a click leaves the focus where it was): the arrow
        # keys walk its cells, see app.panels.heatmap_keys.
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.keys = CellCursor(self)

    def _build_plot(self) -> None:
        """The plot with its two axes, in a view that never takes the keyboard focus."""
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        # Pointer and touch only: the keyboard moves the query with Left and Right, and
        # screen readers reach every cell through this view's accessible table.
        self.graphics.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.graphics.viewport().setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.graphics.setAccessibleName(translate("HeatmapView", "Attention weights heatmap"))
        self.plot: pg.PlotItem = self.graphics.addPlot(enableMenu=False)  # menu: 3 ms
        make_static(self.plot)
        for side in ("top", "left"):
            self.plot.showAxis(side)
            # Token positions never need an SI prefix; without it pyqtgraph stops
            # rewriting the axis titles on every change of range.
            self.plot.getAxis(side).enableAutoSIPrefix(False)
        self.plot.hideAxis("bottom")
        #: The axis titles shown now, by side (see _update_axis_titles).
        self._axis_titles: dict[str, str] = {}

    def _build_items(self) -> None:
        """The cells, their numbers, the query's outline and the colour bar."""
        self.masked_layer = MaskedLayer()
        self.image = pg.ImageItem(axisOrder="row-major")
        self.labels = CellLabels()
        self.outline = QGraphicsRectItem()
        self.outline.setZValue(10)
        for item in (self.masked_layer, self.image, self.labels, self.outline):
            self.plot.addItem(item)

        self.colorbar = pg.ColorBarItem(
            values=(0, 1), interactive=False, colorMapMenu=False, width=18
        )
        self.colorbar.setImageItem(self.image, insert_in=self.plot)
        self.colorbar.axis.enableAutoSIPrefix(False)
        # The colour bar's numbers in the language's format (0,2 in German).
        self.colorbar.axis.setTicks([[(v / 5, format_weight(v / 5, 1)) for v in range(6)], []])
        self.graphics.scene().sigMouseClicked.connect(self._on_click)
        self.graphics.scene().sigMouseMoved.connect(self._on_hover)
        #: Whether the axes show words with the positions (else positions alone).
        self.axes_show_words = False
        self._words_or_positions = WordsOrPositions()
        self.plot.getViewBox().sigResized.connect(self._on_view_resized)

    def _lay_out(self) -> None:
        """Title over the plot; the plot and the mask legend placed by hand in a host."""
        # A Qt label, not the plot's title: pyqtgraph's title would set a minimum width
        # on the matrix column and keep it from shrinking.
        self.title = QLabel()
        self.title.setObjectName("plotTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.legend = MaskLegend()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        self.host = QWidget()  # positions the plot by hand: see _fit_square
        self.host.setMinimumSize(160, 160)
        self.host.installEventFilter(self)  # the title comes and goes: watch the host
        self.graphics.setParent(self.host)
        self.legend.setParent(self.host)  # placed right under the plot, see _fit_square
        layout.addWidget(self.host, 1)

    # -- from the controller ----------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        previous, self._result = self._result, result
        n = len(result.tokens)
        if previous is None or previous.tokens != result.tokens:
            self._set_tokens(result.tokens)
        if previous is None or previous.selected is not result.selected:
            self.image.setImage(display_image(result.selected, result.hidden), levels=(0, 1))
            self.image.setRect(QRectF(0, 0, n, n))
            self.labels.set_cells(result, self.colorbar.colorMap())
        self.outline.setRect(QRectF(0, result.query, n, 1))
        self.title.setText(heatmap_title(result.head_id, result.causal))
        self.legend.setVisible(result.causal and not self._compact)
        self.keys.follow(previous, result)
        if events.is_active():  # nothing to pay without a screen reader
            heatmap_shown(self, previous, result)

    @property
    def result(self) -> AttentionResult | None:
        """What the heatmap shows (read by its accessible table)."""
        return self._result

    @property
    def cell_cursor(self) -> tuple[int, int] | None:
        """The keyboard cursor's cell (query, key), or None before the heatmap had focus."""
        return self.keys.place

    def choose(self, query: int) -> None:
        """Make ``query`` the query, as a click on any cell of its row does."""
        self._state.set_query(query)

    def set_theme(self, theme: Theme, font_px: int) -> None:
        """Colours and fonts; pyqtgraph does not follow the application font by itself."""
        self._theme = theme
        self.graphics.setBackground(theme.panel)
        colormap = pg.colormap.get(theme.colormap)
        self.colorbar.setColorMap(colormap)
        self.masked_layer.set_theme(theme)
        pen = QPen(QColor(theme.query), 4)
        pen.setCosmetic(True)
        self.outline.setPen(pen)
        self.keys.set_theme(theme)
        tick_font = QFont(self.font())
        tick_font.setPixelSize(font_px)
        for side in ("top", "left"):
            axis = self.plot.getAxis(side)
            # Ticks point out, towards the labels: drawn into the cells (pyqtgraph's
            # default) they sat right before the numbers and read as minus signs.
            axis.setStyle(tickFont=tick_font, tickTextOffset=4, tickLength=TICK_LENGTH)
            axis.setTextPen(theme.text)
            axis.setPen(theme.border)
            axis.label.setFont(tick_font)
        self._axis_titles = {}  # set again, in the new style
        self._update_axis_titles()
        bar_axis = self.colorbar.axis
        bar_axis.setStyle(tickFont=tick_font)
        bar_axis.setTextPen(theme.text)
        bar_axis.setWidth(round(font_px * 2.2) + 24)
        # pyqtgraph writes these keywords into the title's CSS (so not "size").
        bar_axis.setLabel(
            translate("HeatmapView", "weight"), color=theme.muted, **{"font-size": f"{font_px}px"}
        )
        self.labels.set_style(tick_font, theme.cell_text_dark, theme.cell_text_light)
        self.legend.set_theme(theme)
        if self._result is not None:
            self.labels.set_cells(self._result, colormap)
            self.show_result(self._result)
            self._update_ticks()

    def lookup_table(self) -> np.ndarray:
        """The colour map the heatmap paints with, as (256, 4) uint8 RGBA (pages take
        theirs from ``app.ui.colour_table``; a test checks the two are the same)."""
        return self.colorbar.colorMap().getLookupTable(nPts=256, alpha=True, mode="byte")

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if watched is self.host and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self, self._fit_square)  # once the host has its new size
        return super().eventFilter(watched, event)

    def _on_view_resized(self) -> None:
        self._fit_square()
        self._update_ticks()
        self._update_axis_titles()

    def _update_axis_titles(self) -> None:
        if self._theme is not None:
            heatmap_axes.update_axis_titles(
                self.plot, self.font(), self._theme, self._room, self._axis_titles
            )

    def set_compact(self, compact: bool) -> None:
        """Without the title and the legend, for a room: the head buttons and the mask
        switch beside the heatmap say the same, in larger type (the window shows the
        legend in its column then). Exported pictures still carry the title."""
        if compact == self._compact:
            return
        self._compact = compact
        self.title.setVisible(not compact)
        if self._result is not None:
            self.legend.setVisible(self._result.causal and not compact)
        self._fit_square()

    def set_room(self, room: tuple[bool, bool, str] | None) -> None:
        """Axes of a fixed size for a room, ``(words, titles)``; ``None``: as usual (see
        ``app.panels.heatmap_room``)."""
        if room == self._room:
            return
        self._room = room
        font = self.plot.getAxis("top").style["tickFont"] or self.font()
        self.graphics.ci.setContentsMargins(*heatmap_room.room_margins(room is not None, font))
        self._axis_titles = {}
        self._update_axis_titles()
        self._update_ticks()
        self._fit_square()

    def room_chrome(self, room: tuple[bool, bool, str], font_px: int) -> tuple[int, int]:
        """Room around the cells in a room, (width, height), known before it is laid out."""
        return heatmap_room.room_chrome(self.font(), room, font_px)

    def chrome_size(self) -> tuple[int, int]:
        """What this view needs around its cells (axes, colour bar, title, legend) as
        (width, height): the stage's layout plans the cells' room with it."""
        view = self.plot.getViewBox()
        around_w = max(0, self.graphics.width() - round(view.width()))
        around_h = max(0, self.graphics.height() - round(view.height()))
        spacing = present(self.layout()).spacing()
        title = 0 if self._compact else self.title.sizeHint().height()
        legend = 0 if self._compact else self.legend.sizeHint().height() + 4
        return around_w, around_h + title + spacing + legend

    def _fit_square(self) -> None:
        """Place the plot so the matrix is square, as large as the host allows.

        The room the axes and the colour bar need is measured as the plot's size minus
        the matrix's; it does not depend on how large the plot is.
        """
        view = self.plot.getViewBox()
        around_w = self.graphics.width() - view.width()
        around_h = self.graphics.height() - view.height()
        legend_h = 0 if self._compact else self.legend.sizeHint().height()
        room_w, room_h = self._plot_room()
        side = max(40, min(room_w - around_w, room_h - around_h))
        w, h = int(min(room_w, side + around_w)), int(min(room_h, side + around_h))
        geometry = QRect(0, 0, w, h)  # the host is no wider than the plot (see below)
        if self.graphics.geometry() != geometry:
            self.graphics.setGeometry(geometry)
            self._square_checks = 3
        self.legend.setGeometry(0, h + 4, room_w, legend_h)
        # Never wider than the square the height allows: the room to the right goes to
        # the controls beside the heatmap and the side panel, not to empty margins.
        widest = max(160, int(room_h - around_h + around_w))
        holder = self.parentWidget()  # the window's slot for the heatmap, if any
        for widget in (self, holder) if holder is not None else (self,):
            if widget.maximumWidth() != widest:
                widget.setMaximumWidth(widest)
        if self._square_checks > 0:
            # pyqtgraph lays its axes out later, and an axis that shrinks afterwards
            # leaves the matrix narrower than tall: look again once it has settled.
            QTimer.singleShot(0, self, self._check_square)

    def _plot_room(self) -> tuple[int, int]:
        """The room for the plot in the host: all of it but the legend under it."""
        legend_h = 0 if self._compact else self.legend.sizeHint().height()
        return self.host.width(), self.host.height() - legend_h - 4

    def _check_square(self) -> None:
        view = self.plot.getViewBox()
        self._square_checks -= 1
        if abs(view.width() - view.height()) > 2:
            self._fit_square()
        else:
            self._square_checks = 0

    def _set_tokens(self, tokens: tuple[str, ...]) -> None:
        n = len(tokens)
        self.masked_layer.set_size(n)
        self.plot.setRange(xRange=(0, n), yRange=(0, n), padding=0)
        self._update_ticks()

    def _cell_px(self) -> float:
        rect = self.plot.getViewBox().sceneBoundingRect()
        n = len(self._result.tokens) if self._result else 1
        return max(1.0, min(rect.width(), rect.height()) / n)

    def _update_ticks(self) -> None:
        """Both axes name each token by word and position wherever a cell leaves room
        for three letters ("cat" over "7" on top, "cat 7" at the left; a longer word is
        shortened with "…" on top, and named in full on hover); smaller cells get
        positions alone (see ``app.panels.heatmap_ticks``)."""
        if self._result is None:
            return
        tokens = self._result.tokens
        words = list(display_tokens(tokens))
        font = self.plot.getAxis("top").style["tickFont"] or self.font()
        metrics = measured(font)
        cell = self._cell_px()
        view = self.plot.getViewBox()
        around = (self.graphics.width() - view.width(), self.graphics.height() - view.height())
        words_allowed = self._room is None or self._room[0]  # a room may rule words out
        if self._room is None:  # from the axes as they are (see heatmap_axes)
            labels = [f"{w} {i}" for i, w in enumerate(words)]
            cells = heatmap_axes.cell_with_words(
                self.plot, self.graphics, self._plot_room(), labels, metrics, self._left_px(metrics)
            )
            # Larger text: words only each in its own cell (staggered ones cost the matrix)
            fit = all(line_width(w, font) <= cells for w in words)
            whole = fit or self._state.zoom <= DEFAULT_ZOOM
            self.axes_show_words = whole and words_fit(words, metrics, cells)
        else:
            self.axes_show_words = words_allowed and self._words_or_positions.choose(
                (tokens, font.pixelSize(), font.family()),
                self.axes_show_words,
                around,
                self._plot_room(),
                cell,
                len(words),
                lambda size: words_fit(words, metrics, size),
            )
        ticks = axis_ticks(words, metrics, cell, self.axes_show_words, self._left_px(metrics))
        axis = self.plot.getAxis("top")
        axis.setTicks([ticks.top])
        left_axis = self.plot.getAxis("left")
        heatmap_room.size_axes(axis, left_axis, metrics, self._room, ticks.lines)
        if self._room is None:
            heatmap_axes.fit_left_axis(left_axis, [t for _, t in ticks.left], metrics)
        left_axis.setTicks([ticks.left])

    def _left_px(self, metrics) -> int:
        """How wide a left label may be: a room's fixed axis, else ten letters' width."""
        if self._room is None:
            return metrics.horizontalAdvance("m" * AXIS_CHARS + " 63")
        width = heatmap_room.room_axes(metrics, *self._room)[1]
        return width - heatmap_room.left_chrome(metrics, self._room[1])

    def _on_hover(self, scene_pos: QPointF) -> None:
        """Over an axis or a cell, the tooltip names the token(s) by word and position."""
        if self._result is None:
            return
        text = hover_text(self.plot.getViewBox(), scene_pos, axis_labels(self._result.tokens))
        if self.graphics.toolTip() != text:
            self.graphics.setToolTip(text)

    # -- user input ---------------------------------------------------------------

    def cell_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        """(query, key) under a scene point, or None outside the matrix."""
        if self._result is None:
            return None
        return cell_under(self.plot.getViewBox(), len(self._result.tokens), scene_pos)

    def cell_rect(self, query: int, key: int) -> QRectF:
        """Where a cell is drawn, in this widget's coordinates (for tests and taps)."""
        view = self.plot.getViewBox()
        corners = [
            view.mapViewToScene(QPointF(key + dx, query + dy)) for dx, dy in ((0, 0), (1, 1))
        ]
        a, b = (QPointF(self.graphics.mapTo(self, self.graphics.mapFromScene(c))) for c in corners)
        return QRectF(a, b).normalized()

    def _on_click(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        cell = self.cell_at(event.scenePos())
        if cell is not None:
            self.choose(cell[0])
            event.accept()


register(HeatmapView, ShowsCells, HeatmapTableAccessible)
