"""How the window lays out its stage and its side panel, as the room allows.

The window (``MainWindow``) mixes this in: the stage (``app.window.stage``) holds the lesson's
centre; here it is put in a page that scrolls, next to or above the side panel, and
rearranged whenever the view's size, the text size or the mode changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QPushButton, QScrollArea, QSplitter, QVBoxLayout, QWidget

from app.panels.head_grid import HeadGrid
from app.panels.mask_legend import MaskLegend
from app.panels.side_panel import scrolling
from app.text.wording import translate
from app.ui.qt_typing import present
from app.ui.theme import DEFAULT_ZOOM
from app.window.room import ROOM_MARGINS, RoomPlan
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
    from app.model.state import AppState
    from app.panels.head_selector import HeadSelector
    from app.panels.heatmap_view import HeatmapView
    from app.panels.mask_toggle import MaskToggle
    from app.panels.readout import Readout
    from app.panels.sentence_editor import SentenceEditor
    from app.panels.side_panel import SidePanel
    from app.panels.token_strip import TokenStrip
    from app.window.presenter import Presenter

#: The content never gets narrower than this (it scrolls vertically, never sideways).
MIN_WIDTH = 640
#: Qt's "no maximum" for widget sizes.
QWIDGETSIZE_MAX = (1 << 24) - 1
#: The heatmap's cells never get less room than this, however tall the rows above.
MIN_HEATMAP_PX = 160


class StageWindowMixin:
    """The stage-first arrangement of ``MainWindow`` (see the module's docstring)."""

    if TYPE_CHECKING:  # what the window brings (see MainWindow)
        state: AppState
        side_tabs: SidePanel
        sentence_editor: SentenceEditor
        token_strip: TokenStrip
        readout: Readout
        head_selector: HeadSelector
        mask_toggle: MaskToggle
        heatmap: HeatmapView | None
        presenter: Presenter
        kiosk_mode: bool

        def setCentralWidget(self, widget: QWidget) -> None: ...  # noqa: N802

    def _build_stage(self, heatmap_holder: QWidget) -> None:
        """The stage, the splitter that holds it with the side panel, and the page."""
        self.back_to_stage = QPushButton(translate("StageWindow", "▴ Heatmap"))
        self.back_to_stage.setAccessibleName(translate("StageWindow", "Back to the heatmap"))
        self.back_to_stage.clicked.connect(self.reveal_stage)
        self.side_tabs.setCornerWidget(self.back_to_stage, Qt.Corner.TopRightCorner)
        #: The mask legend in the column, where the heatmap is compact (see ``compact``).
        self.column_legend = MaskLegend()
        #: False when a room's column has no height left for the legend (see room_window).
        self.legend_fits = True
        #: At large text the sentence field folds into this button (its row would take
        #: the heatmap's height); a press unfolds it until the text size changes.
        self.edit_sentence = QPushButton(translate("StageWindow", "Edit the sentence…"))
        self.edit_sentence.setAccessibleName(translate("StageWindow", "Show the sentence field"))
        self.edit_sentence.clicked.connect(self._unfold_editor)
        self._editor_unfolded = False
        self.more_pages = QPushButton(translate("StageWindow", "More pages ▾"))
        self.more_pages.setAccessibleName(translate("StageWindow", "Show the side pages"))
        self.more_pages.clicked.connect(self.reveal_side_panel)

        self._build_room_maps()
        self.stage = Stage(
            [self.sentence_editor, self.token_strip, self.readout],
            heatmap_holder,
            [
                self.head_selector,
                self.edit_sentence,
                self.more_pages,
                self.column_legend,
                self.head_selector.summary,
            ],
        )
        self.stage.notes_in_column(self.head_selector.summary)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.stage)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self._side_dragged = False
        self.splitter.splitterMoved.connect(self._on_splitter_moved)

        central = QWidget()
        central.setMinimumWidth(MIN_WIDTH)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(*MARGINS)
        layout.addWidget(self.splitter, 1)
        # At large text sizes the content can be taller than a small screen: it scrolls
        # instead of being cut off; the side panel under the stage is reached that way.
        self.scroll_area = scrolling(central)
        self.scroll_area.setAccessibleName("Attention Heads")
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setCentralWidget(self.scroll_area)
        self.scroll_area.installEventFilter(cast(QObject, self))
        self.content = central
        #: True while the side panel stands beside the stage, False while under it.
        self.side_beside = True

    def _build_room_maps(self) -> None:
        #: The small maps of all heads beside a wide room's column, built when a room
        #: first has the width for them (see app.window.room_window.room_maps_for).
        self.room_maps: HeadGrid | None = None
        #: The room's grid while in a room (see app.window.room), else None.
        self.room_plan: RoomPlan | None = None

    # -- the stage first -------------------------------------------------------------

    @property
    def room_mode(self) -> bool:
        """Presenter or kiosk: the stage fills the screen and the side panel goes under it."""
        return self.presenter.active or self.kiosk_mode

    @property
    def compact(self) -> bool:
        """Room mode or larger text than the default: the heatmap drops its title (the
        buttons beside it say the same) and its legend moves into the column."""
        return self.room_mode or self.state.zoom > DEFAULT_ZOOM

    def show_column_legend(self) -> None:
        """The column's mask legend: where the heatmap is compact, while the mask is on,
        and where the column has room for it."""
        self.column_legend.setVisible(self.compact and self.state.causal and self.legend_fits)

    def _show_editor(self) -> None:
        """The sentence field: hidden for a room, folded at large text unless asked for."""
        folded = self.state.zoom > DEFAULT_ZOOM and not self._editor_unfolded
        shown = not self.room_mode and not folded
        self.sentence_editor.setVisible(shown)
        self.edit_sentence.setVisible(not self.room_mode and folded)

    def _fold_editor(self, *_args) -> None:
        self._editor_unfolded = False

    def _unfold_editor(self) -> None:
        self._editor_unfolded = True
        self.arrange()
        self.sentence_editor.edit.setFocus()

    def _follow_sentence(self, result) -> None:
        """A new sentence may need more rows of chips: arrange again (a click on a
        token or a head changes no heights, and costs nothing here)."""
        if result.tokens != getattr(self, "_arranged_tokens", None):
            self.arrange()

    def _on_splitter_moved(self, *_args) -> None:
        self._side_dragged = True

    def heatmap_settled(self) -> None:
        """The heatmap laid its axes out again: arrange once more if they now need a
        different amount of room than the arrangement counted on (text size changes
        reach pyqtgraph's axes only after the window has been arranged)."""
        if self.heatmap is None:
            return
        view = self.heatmap.plot.getViewBox()
        if self.room_mode or abs(view.width() - view.height()) > 2:
            return  # a room's layout needs no measure; a matrix not yet square is no measure
        used = getattr(self, "_chrome_used", None)
        now = self._heatmap_chrome()
        if used is None or max(abs(a - b) for a, b in zip(used, now, strict=True)) > 4:
            self.arrange()

    def _heatmap_chrome(self) -> tuple[int, int]:
        """What the heatmap needs around its cells: axes, colour bar, title and legend."""
        if self.heatmap is None:  # until it is built: as measured at 16 px with numbers
            px = self.state.font_px
            return round(px * 12.9), round(px * 10.4)  # words on the axes, staggered
        return self.heatmap.chrome_size()

    def arrange(self) -> None:
        """Put the side panel beside the stage or under it, and size the stage's column.

        Called when the window's size, the text size or the mode changes.
        """
        if not hasattr(self, "presenter"):
            return  # still being built
        self._arranged_tokens = self.state.tokens
        self._show_editor()
        self._fit_column()
        if self.room_mode:
            self._arrange_room()
            return
        leave_room(self)  # type: ignore[arg-type]  # the MainWindow this mixes into
        bar = self.scroll_area.verticalScrollBar().sizeHint().width()
        width = self.scroll_area.width() - bar - MARGINS[0] - MARGINS[2]
        height = self.scroll_area.height() - MARGINS[1] - MARGINS[3]
        side = side_width(self.state.font_px, self.side_tabs.tabBar().sizeHint().width())
        self._chrome_used = self._heatmap_chrome()
        beside = not self.room_mode and side_panel_beside(
            self.stage, width, height, self._chrome_used, side
        )
        self.side_beside = beside
        if self.heatmap is not None:
            self.heatmap.set_compact(self.compact)
        self.show_column_legend()
        # A room scrolls with "More pages" and "Heatmap" (and a finger), not a thin bar.
        policy = (
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            if self.room_mode
            else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        if self.scroll_area.verticalScrollBarPolicy() != policy:
            self.scroll_area.setVerticalScrollBarPolicy(policy)
        self.more_pages.setVisible(not beside)
        self.back_to_stage.setVisible(not beside)
        if beside:
            self._place_beside(width, height, side)
        else:
            self._place_under(width, height)

    def _hold_heatmap_place(self, stage_w: int, stage_h: int) -> None:
        """Until the heatmap is built, its placeholder is as wide as the heatmap will be:
        the column beside it stands where it will stay, instead of at the stage's right
        edge (whence it moved some 370 px when the heatmap came)."""
        if self.heatmap is not None:
            return  # it sets its holder's width itself
        # The heatmap's own rule (HeatmapView._fit_square): never wider than the square
        # the height allows; where the width allows less, the row gives it what there is.
        chrome = self._chrome_used
        grid = grid_by_height(self.stage, stage_w, stage_h, chrome)
        self.stage.heatmap_holder.setMaximumWidth(max(160, grid + chrome[0]))

    def _arrange_room(self) -> None:
        """A room: the fixed grid of ``app.window.room``, the side panel under the stage."""
        self.side_beside = False
        if self.heatmap is not None:
            self.heatmap.set_compact(True)
        if self.scroll_area.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            self.scroll_area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.more_pages.setVisible(True)
        # A kiosk's page chooser has its own way back; the tab bar's corner goes with it.
        self.back_to_stage.setVisible(getattr(self, "page_chooser", None) is None)
        arrange_room(self)  # type: ignore[arg-type]
        self.splitter.setOrientation(Qt.Orientation.Vertical)
        stage_height = self.scroll_area.height() - ROOM_MARGINS[1]
        self.stage.setFixedHeight(stage_height)
        # Between the stage and the pages, a kiosk's page chooser (see app.kiosk.pages).
        chooser = getattr(self, "page_chooser", None)
        width = self.scroll_area.width() - ROOM_MARGINS[0] - ROOM_MARGINS[2]
        chooser_height = chooser.heightForWidth(width) if chooser is not None else 0
        if chooser is not None:
            chooser.setFixedHeight(chooser_height)
        self.side_tabs.setMinimumHeight(stage_height - chooser_height - self.splitter.handleWidth())
        self.splitter.updateGeometry()
        present(self.content.layout()).activate()
        view = self.scroll_area.viewport()
        self.content.resize(
            view.width(), max(view.height(), self.content.minimumSizeHint().height())
        )
        sizes = [stage_height] + ([chooser_height] if chooser is not None else [])
        self.splitter.setSizes([*sizes, self.splitter.height() - sum(sizes)])

    def _stage_minimum(self, width: int) -> int:
        """The stage's least height at ``width``: its rows in full (a splitter passes no
        height-for-width on, so the token strip would be squeezed) and a small heatmap."""
        return self.stage.top_height(width) + MIN_HEATMAP_PX + self._chrome_used[1]

    def _place_beside(self, width: int, height: int, side: int) -> None:
        was_under = self.splitter.orientation() == Qt.Orientation.Vertical
        self.splitter.setOrientation(Qt.Orientation.Horizontal)
        # Width the heatmap cannot use goes to the side panel, until the learner drags
        # the splitter (never narrower than the side panel's tabs, though).
        stage = stage_width(self.stage, width - side - GAP, height, self._chrome_used)
        self._hold_heatmap_place(width - side - GAP, height)
        side = max(side, width - stage - self.splitter.handleWidth())
        self.stage.setMaximumHeight(QWIDGETSIZE_MAX)
        self.stage.setMinimumHeight(self._stage_minimum(width - side))
        self.side_tabs.setMinimumHeight(0)
        if was_under:
            self._side_dragged = False
        if not self._side_dragged or self.splitter.sizes()[1] < side:
            self.splitter.setSizes([width - side, side])

    def _place_under(self, width: int, height: int) -> None:
        self.splitter.setOrientation(Qt.Orientation.Vertical)
        # The stage fills the view; the side panel starts just below its bottom edge.
        view_height = self.scroll_area.height() - MARGINS[1]
        self._hold_heatmap_place(width, view_height)
        stage_height = max(view_height, self._stage_minimum(width))
        self.stage.setFixedHeight(stage_height)
        self.side_tabs.setMinimumHeight(height)
        # Grow the page and place the splitter's children now: left to the posted
        # layout requests, the side panel would overlap the stage for a moment.
        self.splitter.updateGeometry()
        present(self.content.layout()).activate()
        view = self.scroll_area.viewport()
        self.content.resize(
            view.width(), max(view.height(), self.content.minimumSizeHint().height())
        )
        self.splitter.setSizes([stage_height, self.splitter.height() - stage_height])

    def _fit_column(self) -> None:
        """The column beside the heatmap: as wide as its widest button, one per line (the
        mask switch puts its words on two lines rather than widen the column)."""
        buttons = list(self.head_selector.buttons.values())
        others = [self.more_pages, self.edit_sentence, *self.stage.extra_column_widgets()]
        # A button's size hint leaves its minimum width out: no need to reset it first.
        widest = max(w.sizeHint().width() for w in buttons + others)
        # A room widens the column a little rather than give the switch a second line
        # (its height is what a room's column runs short of).
        slack = round(self.state.font_px * 2) if self.room_mode else 0
        stacked = self.mask_toggle.size_for(False).width() > widest + slack
        self.mask_toggle.set_stacked(stacked)
        widest = max(widest, self.mask_toggle.size_for(stacked).width())
        for button in buttons:
            if button.minimumWidth() != widest:
                button.setMinimumWidth(widest)
        self.stage.set_column_width(widest)

    def reveal_side_panel(self) -> None:
        """Scroll the side panel into view (it stands under the stage on small screens)."""
        if not self.side_beside:
            below = present(self.splitter.widget(1))  # the pages, or a kiosk's page chooser
            self.scroll_area.verticalScrollBar().setValue(
                below.mapTo(self.content, below.rect().topLeft()).y()
            )

    def reveal_stage(self) -> None:
        self.scroll_area.verticalScrollBar().setValue(0)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        # The view's size, not the window's: the menu bar comes and goes with fullscreen.
        if watched is self.scroll_area and event.type() == QEvent.Type.Resize:
            self.arrange()
        return super().eventFilter(watched, event)  # type: ignore[misc]  # QMainWindow's
