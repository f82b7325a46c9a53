"""How the window lays out its stage and its side panel, as the room allows.

The stage (``app.window.stage``) holds the lesson's centre. ``build_stage`` puts it in a
page that scrolls, next to or above the side panel; the window's ``StageArranger``
arranges it again whenever the view's size, the text size or the mode changes, and
follows what changes its heights by itself (a new sentence, the mask, the text size,
presenter mode). It takes the window as ``StageHost``: the parts it arranges.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QPushButton, QScrollArea, QSplitter, QVBoxLayout, QWidget

from app.panels.mask_legend import MaskLegend
from app.panels.side_panel import scrolling
from app.text.wording import translate
from app.ui.binding import listen
from app.ui.qt_typing import present
from app.ui.theme import DEFAULT_ZOOM
from app.window.presenter import PRESENTER_FONT_PX
from app.window.room import ROOM_MARGINS
from app.window.room_window import arrange_room, leave_room
from app.window.stage import (
    GAP,
    MARGINS,
    Stage,
    grid_by_height,
    side_panel_beside,
    side_width,
    stage_width,
)

if TYPE_CHECKING:
    from app.window.roles import StageHost

#: The token chips' smallest line of position and percent, outside presenter mode.
LABEL_FLOOR_PX = 9
#: The content never gets narrower than this (it scrolls vertically, never sideways).
MIN_WIDTH = 640
#: Qt's "no maximum" for widget sizes.
QWIDGETSIZE_MAX = (1 << 24) - 1
#: The heatmap's cells never get less room than this, however tall the rows above.
MIN_HEATMAP_PX = 160


def build_stage(window: StageHost, heatmap_holder: QWidget) -> None:
    """The stage, the splitter that holds it with the side panel, and the page that
    scrolls: made and put on ``window`` (its central widget)."""
    window.back_to_stage = QPushButton(translate("StageWindow", "▴ Heatmap"))
    window.back_to_stage.setAccessibleName(translate("StageWindow", "Back to the heatmap"))
    window.side_tabs.setCornerWidget(window.back_to_stage, Qt.Corner.TopRightCorner)
    #: The mask legend in the column, where the heatmap is compact (see ``compact``).
    window.column_legend = MaskLegend()
    #: False when a room's column has no height left for the legend (see room_window).
    window.legend_fits = True
    #: At large text the sentence field folds into this button (its row would take
    #: the heatmap's height); a press unfolds it until the text size changes.
    window.edit_sentence = QPushButton(translate("StageWindow", "Edit the sentence…"))
    window.edit_sentence.setAccessibleName(translate("StageWindow", "Show the sentence field"))
    window.more_pages = QPushButton(translate("StageWindow", "More pages ▾"))
    window.more_pages.setAccessibleName(translate("StageWindow", "Show the side pages"))
    #: The small maps of all heads beside a wide room's column, built when a room first
    #: has the width for them (see app.window.room_window.room_maps_for).
    window.room_maps = None
    #: The room's grid while in a room (see app.window.room), else None.
    window.room_plan = None
    selector = window.head_selector
    window.stage = Stage(
        [window.sentence_editor, window.token_strip, window.readout],
        heatmap_holder,
        [selector, window.edit_sentence, window.more_pages, window.column_legend, selector.summary],
    )
    window.stage.notes_in_column(selector.summary)
    window.splitter = splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.setChildrenCollapsible(False)
    splitter.addWidget(window.stage)
    splitter.addWidget(window.side_tabs)
    splitter.setStretchFactor(0, 1)
    splitter.setStretchFactor(1, 0)
    central = QWidget()
    central.setMinimumWidth(MIN_WIDTH)
    layout = QVBoxLayout(central)
    layout.setContentsMargins(*MARGINS)
    layout.addWidget(splitter, 1)
    # At large text sizes the content can be taller than a small screen: it scrolls
    # instead of being cut off; the side panel under the stage is reached that way.
    window.scroll_area = scrolling(central)
    window.scroll_area.setAccessibleName("Attention Heads")
    window.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
    window.setCentralWidget(window.scroll_area)
    window.content = central


class StageArranger(QObject):
    """The stage-first arrangement of the window (see the module's docstring)."""

    def __init__(self, window: StageHost) -> None:
        super().__init__(window.window())
        self._window = window
        #: True while the side panel stands beside the stage, False while under it.
        self.side_beside = True
        self._side_dragged = False
        self._editor_unfolded = False
        self._chrome_used = self._heatmap_chrome()
        self._arranged_tokens: tuple[str, ...] | None = None
        state = window.state
        listen(self, state.causal_changed, self.show_column_legend)
        listen(self, state.zoom_changed, self._fold_editor)
        listen(self, state.presenting_changed, self._follow_presenting)
        listen(self, window.controller.attention_changed, self._follow_sentence)
        window.back_to_stage.clicked.connect(self.reveal_stage)
        window.edit_sentence.clicked.connect(self._unfold_editor)
        window.more_pages.clicked.connect(self.reveal_side_panel)
        window.splitter.splitterMoved.connect(self._on_splitter_moved)
        window.scroll_area.installEventFilter(self)

    # -- the stage first -------------------------------------------------------------

    @property
    def room_mode(self) -> bool:
        """Presenter or kiosk: the stage fills the screen and the side panel goes under it."""
        return self._window.presenter.active or self._window.kiosk_mode

    @property
    def compact(self) -> bool:
        """Room mode or larger text than the default: the heatmap drops its title (the
        buttons beside it say the same) and its legend moves into the column."""
        return self.room_mode or self._window.state.zoom > DEFAULT_ZOOM

    def show_column_legend(self) -> None:
        """The column's mask legend: where the heatmap is compact, while the mask is on,
        and where the column has room for it."""
        window = self._window
        window.column_legend.setVisible(self.compact and window.state.causal and window.legend_fits)

    def _show_editor(self) -> None:
        """The sentence field: hidden for a room, folded at large text unless asked for."""
        window = self._window
        folded = window.state.zoom > DEFAULT_ZOOM and not self._editor_unfolded
        window.sentence_editor.setVisible(not self.room_mode and not folded)
        window.edit_sentence.setVisible(not self.room_mode and folded)

    def _follow_presenting(self, on: bool) -> None:
        """Presenter mode came or went (the presenter has changed theme and size): the
        chips' small lines take a room's floor, and the stage a room's grid."""
        self._window.token_strip.set_label_floor(PRESENTER_FONT_PX if on else LABEL_FLOOR_PX)
        self.arrange()

    def _fold_editor(self) -> None:
        self._editor_unfolded = False

    def _unfold_editor(self) -> None:
        self._editor_unfolded = True
        self.arrange()
        self._window.sentence_editor.edit.setFocus()

    def _follow_sentence(self, result) -> None:
        """A new sentence may need more rows of chips: arrange again (a click on a
        token or a head changes no heights, and costs nothing here)."""
        if result.tokens != self._arranged_tokens:
            self.arrange()

    def _on_splitter_moved(self) -> None:
        self._side_dragged = True

    def heatmap_settled(self) -> None:
        """The heatmap laid its axes out again: arrange once more if they now need a
        different amount of room than the arrangement counted on (text size changes
        reach pyqtgraph's axes only after the window has been arranged)."""
        heatmap = self._window.heatmap
        if heatmap is None:
            return
        view = heatmap.plot.getViewBox()
        if self.room_mode or abs(view.width() - view.height()) > 2:
            return  # a room's layout needs no measure; a matrix not yet square is no measure
        now = self._heatmap_chrome()
        if max(abs(a - b) for a, b in zip(self._chrome_used, now, strict=True)) > 4:
            self.arrange()

    def _heatmap_chrome(self) -> tuple[int, int]:
        """What the heatmap needs around its cells: axes, colour bar, title and legend."""
        if self._window.heatmap is None:  # until it is built: as measured at 16 px
            px = self._window.state.font_px
            return round(px * 12.9), round(px * 10.4)  # words on the axes, staggered
        return self._window.heatmap.chrome_size()

    def arrange(self) -> None:
        """Put the side panel beside the stage or under it, and size the stage's column.

        Called when the window's size, the text size or the mode changes.
        """
        window = self._window
        self._arranged_tokens = window.state.tokens
        self._show_editor()
        self._fit_column()
        if self.room_mode:
            self._arrange_room()
            return
        leave_room(self._window)
        bar = window.scroll_area.verticalScrollBar().sizeHint().width()
        width = window.scroll_area.width() - bar - MARGINS[0] - MARGINS[2]
        height = window.scroll_area.height() - MARGINS[1] - MARGINS[3]
        side = side_width(window.state.font_px, window.side_tabs.tabBar().sizeHint().width())
        self._chrome_used = self._heatmap_chrome()
        beside = not self.room_mode and side_panel_beside(
            window.stage, width, height, self._chrome_used, side
        )
        self.side_beside = beside
        if window.heatmap is not None:
            window.heatmap.set_compact(self.compact)
        self.show_column_legend()
        # A room scrolls with "More pages" and "Heatmap" (and a finger), not a thin bar.
        policy = (
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            if self.room_mode
            else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        if window.scroll_area.verticalScrollBarPolicy() != policy:
            window.scroll_area.setVerticalScrollBarPolicy(policy)
        window.more_pages.setVisible(not beside)
        window.back_to_stage.setVisible(not beside)
        if beside:
            self._place_beside(width, height, side)
        else:
            self._place_under(width, height)

    def _hold_heatmap_place(self, stage_w: int, stage_h: int) -> None:
        """Until the heatmap is built, its placeholder is as wide as the heatmap will be:
        the column beside it stands where it will stay, instead of at the stage's right
        edge (whence it moved some 370 px when the heatmap came)."""
        window = self._window
        if window.heatmap is not None:
            return  # it sets its holder's width itself
        # The heatmap's own rule (HeatmapView._fit_square): never wider than the square
        # the height allows; where the width allows less, the row gives it what there is.
        chrome = self._chrome_used
        grid = grid_by_height(window.stage, stage_w, stage_h, chrome)
        window.stage.heatmap_holder.setMaximumWidth(max(160, grid + chrome[0]))

    def _arrange_room(self) -> None:
        """A room: the fixed grid of ``app.window.room``, the side panel under the stage."""
        window = self._window
        self.side_beside = False
        if window.heatmap is not None:
            window.heatmap.set_compact(True)
        if window.scroll_area.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            window.scroll_area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        window.more_pages.setVisible(True)
        # A kiosk's page chooser has its own way back; the tab bar's corner goes with it.
        window.back_to_stage.setVisible(window.page_chooser is None)
        arrange_room(window)
        self.show_column_legend()
        window.splitter.setOrientation(Qt.Orientation.Vertical)
        stage_height = window.scroll_area.height() - ROOM_MARGINS[1]
        window.stage.setFixedHeight(stage_height)
        # Between the stage and the pages, a kiosk's page chooser (see app.kiosk.pages).
        chooser = window.page_chooser
        width = window.scroll_area.width() - ROOM_MARGINS[0] - ROOM_MARGINS[2]
        chooser_height = chooser.heightForWidth(width) if chooser is not None else 0
        if chooser is not None:
            chooser.setFixedHeight(chooser_height)
        window.side_tabs.setMinimumHeight(
            stage_height - chooser_height - window.splitter.handleWidth()
        )
        window.splitter.updateGeometry()
        present(window.content.layout()).activate()
        view = window.scroll_area.viewport()
        window.content.resize(
            view.width(), max(view.height(), window.content.minimumSizeHint().height())
        )
        sizes = [stage_height] + ([chooser_height] if chooser is not None else [])
        window.splitter.setSizes([*sizes, window.splitter.height() - sum(sizes)])

    def _stage_minimum(self, width: int) -> int:
        """The stage's least height at ``width``: its rows in full (a splitter passes no
        height-for-width on, so the token strip would be squeezed) and a small heatmap."""
        return self._window.stage.top_height(width) + MIN_HEATMAP_PX + self._chrome_used[1]

    def _place_beside(self, width: int, height: int, side: int) -> None:
        window = self._window
        was_under = window.splitter.orientation() == Qt.Orientation.Vertical
        window.splitter.setOrientation(Qt.Orientation.Horizontal)
        # Width the heatmap cannot use goes to the side panel, until the learner drags
        # the splitter (never narrower than the side panel's tabs, though).
        stage = stage_width(window.stage, width - side - GAP, height, self._chrome_used)
        self._hold_heatmap_place(width - side - GAP, height)
        side = max(side, width - stage - window.splitter.handleWidth())
        window.stage.setMaximumHeight(QWIDGETSIZE_MAX)
        window.stage.setMinimumHeight(self._stage_minimum(width - side))
        window.side_tabs.setMinimumHeight(0)
        if was_under:
            self._side_dragged = False
        if not self._side_dragged or window.splitter.sizes()[1] < side:
            window.splitter.setSizes([width - side, side])

    def _place_under(self, width: int, height: int) -> None:
        window = self._window
        window.splitter.setOrientation(Qt.Orientation.Vertical)
        # The stage fills the view; the side panel starts just below its bottom edge.
        view_height = window.scroll_area.height() - MARGINS[1]
        self._hold_heatmap_place(width, view_height)
        stage_height = max(view_height, self._stage_minimum(width))
        window.stage.setFixedHeight(stage_height)
        window.side_tabs.setMinimumHeight(height)
        # Grow the page and place the splitter's children now: left to the posted
        # layout requests, the side panel would overlap the stage for a moment.
        window.splitter.updateGeometry()
        present(window.content.layout()).activate()
        view = window.scroll_area.viewport()
        window.content.resize(
            view.width(), max(view.height(), window.content.minimumSizeHint().height())
        )
        window.splitter.setSizes([stage_height, window.splitter.height() - stage_height])

    def _fit_column(self) -> None:
        """The column beside the heatmap: as wide as its widest button, one per line (the
        mask switch puts its words on two lines rather than widen the column)."""
        window = self._window
        buttons = list(window.head_selector.buttons.values())
        others = [window.more_pages, window.edit_sentence, *window.stage.extra_column_widgets()]
        # A button's size hint leaves its minimum width out: no need to reset it first.
        widest = max(w.sizeHint().width() for w in buttons + others)
        # A room widens the column a little rather than give the switch a second line
        # (its height is what a room's column runs short of).
        slack = round(window.state.font_px * 2) if self.room_mode else 0
        stacked = window.mask_toggle.size_for(False).width() > widest + slack
        window.mask_toggle.set_stacked(stacked)
        widest = max(widest, window.mask_toggle.size_for(stacked).width())
        for button in buttons:
            if button.minimumWidth() != widest:
                button.setMinimumWidth(widest)
        window.stage.set_column_width(widest)

    def reveal_side_panel(self) -> None:
        """Scroll the side panel into view (it stands under the stage on small screens)."""
        window = self._window
        if not self.side_beside:
            below = present(window.splitter.widget(1))  # the pages, or a kiosk's page chooser
            window.scroll_area.verticalScrollBar().setValue(
                below.mapTo(window.content, below.rect().topLeft()).y()
            )

    def reveal_stage(self) -> None:
        self._window.scroll_area.verticalScrollBar().setValue(0)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        # The view's size, not the window's: the menu bar comes and goes with fullscreen.
        if watched is self._window.scroll_area and event.type() == QEvent.Type.Resize:
            self.arrange()
        return super().eventFilter(watched, event)
