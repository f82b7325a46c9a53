"""The explorer window: composes the state, the controller and the panels.

The window composes and lays out; it relays nothing: each panel binds itself to the
state fields and the results it draws (``app.ui.binding``, ``app.panels.pages``). The
jobs around it live in their own modules: the side pages (``side_pages``), the menus
built from the table of commands (``menus``, ``shortcuts``) and what the commands do
(``commands``), the theme and colour table (``theme_painter``), the saved settings
(``saved_settings``), presenter mode (``presenter``, following the state), the stage's
layout (``stage_window``) and a room's (``room_window``), Tab's order (``focus_chain``)
and what a screen reader hears (``spoken``). Each takes the window as a protocol of
``roles`` that names what it needs.

The controls are built and painted first; the pyqtgraph plots are built right
after the first paint (``build_plots``), because importing pyqtgraph alone
costs several hundred milliseconds, and the menus' commands once the plots are
painted too (``fill_menus``; sooner when a key, a menu or the kiosk needs them),
and then the garbage collector, paused for start-up, resumes (``app.ui.collector``).
The side panel's pages, the glossary and the export code are built or imported
only when first needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app import accessibility
from app.adapters.settings import Settings
from app.model.challenge_tracker import ChallengeTracker
from app.model.controller import Controller
from app.model.state import AppState
from app.panels.banner import Banner
from app.panels.challenges import ChallengePanel
from app.panels.head_grid import HeadGrid
from app.panels.head_selector import HeadSelector
from app.panels.mask_toggle import MaskToggle
from app.panels.pages import HasWork, draw_results
from app.panels.readout import Readout
from app.panels.sentence_editor import SentenceEditor
from app.panels.side_panel import SidePanel
from app.panels.token_strip import TokenStrip
from app.text.lesson import lesson_sentence
from app.text.wording import translate
from app.ui import collector
from app.ui.after_paint import AfterFirstPaint
from app.ui.binding import listen
from app.ui.qt_typing import present
from app.ui.theme import Theme
from app.window import commands as window_commands
from app.window import focus_chain
from app.window.key_routing import control_keeps
from app.window.menus import Menus, add_menu_titles, build_menus
from app.window.presenter import Presenter
from app.window.room_window import banner_place
from app.window.saved_settings import restore_settings, save_settings
from app.window.side_pages import build_pages, follow_goals
from app.window.spoken import SpokenChanges
from app.window.stage_window import StageArranger, build_stage
from app.window.system_theme import SystemTheme
from app.window.theme_painter import WindowPainter

if TYPE_CHECKING:
    from app.panels.glossary import GlossaryDialog
    from app.panels.heatmap_view import HeatmapView
    from app.panels.mask_legend import MaskLegend
    from app.window.room import RoomPlan
    from app.window.stage import Stage


def _placeholder(text: str) -> QLabel:
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setObjectName("summary")
    return label


class MainWindow(QMainWindow):
    """Head selector, token strip, readout, heatmap, mask switch, mini maps, presets."""

    plots_ready = Signal()
    #: A part built after the window itself (a side page, the glossary, the plots);
    #: kiosk mode adjusts each one for touch.
    part_built = Signal(QWidget)
    #: The learner picked a language in the View menu (the window is rebuilt in it).
    language_requested = Signal(str)

    # The stage's parts, made by build_stage (app.window.stage_window).
    back_to_stage: QPushButton
    edit_sentence: QPushButton
    more_pages: QPushButton
    column_legend: MaskLegend
    legend_fits: bool
    room_maps: HeadGrid | None
    room_plan: RoomPlan | None
    stage: Stage
    splitter: QSplitter
    scroll_area: QScrollArea
    content: QWidget

    def __init__(self, state: AppState | None = None, settings: Settings | None = None) -> None:
        super().__init__()
        accessibility.install()  # nodes for the painted tokens and cells, radio choices
        self.setWindowTitle(translate("MainWindow", "Attention Heads"))
        self.state = state = state or AppState(lesson_sentence)
        self.settings = settings or Settings()
        self.controller = Controller(state)
        self.challenge_tracker = ChallengeTracker(state, self.controller)
        self.painter = WindowPainter(self)
        self.heatmap: HeatmapView | None = None
        #: The glossary dialog once it was built (``glossary`` builds it).
        self.glossary_built: GlossaryDialog | None = None
        #: False in kiosk mode: nothing a visitor does outlives the session.
        self.writes_settings = True
        #: True once the kiosk has taken the window over (see app.kiosk.touch).
        self.kiosk_mode = False
        #: The kiosk's tap-only sentence chooser, once the kiosk adds it.
        self.sentence_chooser: QWidget | None = None
        #: The kiosk's buttons for the side pages, in place of the tab bar.
        self.page_chooser: QWidget | None = None
        self._build()
        self.banner = Banner(self.content)
        self.banner.room_place = lambda: banner_place(self, self.content)
        self.challenges.completed.connect(
            lambda challenge: self.banner.say(self.challenges.confirmation(challenge))
        )
        self.presenter = Presenter(self)
        #: Lays the stage and the side panel out, and again when the room changes.
        self.arranger = StageArranger(self)
        # The menus' titles now, in the first paint; their commands and choices right
        # after it (or when first asked for): building them took 7 ms off the first paint.
        self._menu_titles = add_menu_titles(self)
        for menu in self._menu_titles.values():  # a menu opened at once is filled first
            menu.aboutToShow.connect(self.fill_menus)
        self._menus: Menus | None = None
        #: What a screen reader says when a key changes the lesson (see app.window.spoken).
        self.spoken = SpokenChanges(self)
        listen(self, state.theme_id_changed, self.painter.apply)
        listen(self, state.zoom_changed, self.painter.apply)
        #: The desktop's theme until the learner picks one.
        self.system_theme = SystemTheme(self)
        #: Whether the saved settings placed the window (else launch sizes it to the screen).
        self.geometry_restored = restore_settings(self)
        self.painter.apply()
        self.spoken.follow_pages()
        self.token_strip.setFocus()

    def _build(self) -> None:
        """The panels, each bound to the state and the results it shows, and the stage
        and side panel they stand in."""
        state, results = self.state, self.controller
        self.head_selector = HeadSelector(state)
        self.mask_toggle = MaskToggle(state)
        self.token_strip = TokenStrip(state, results=results)
        self.readout = Readout(results=results)
        self.sentence_editor = SentenceEditor(state)
        self.challenges = ChallengePanel(state)
        self.head_grid = HeadGrid(state, results=results)
        # The mask switch stands under the head buttons, in the stage's column.
        present(self.head_selector.layout()).addWidget(self.mask_toggle)
        self.heatmap_box = QVBoxLayout()
        self.heatmap_box.setContentsMargins(0, 0, 0, 0)
        self._heatmap_placeholder = _placeholder(translate("MainWindow", "Drawing the heatmap…"))
        self.heatmap_box.addWidget(self._heatmap_placeholder)
        heatmap_holder = QWidget()
        heatmap_holder.setLayout(self.heatmap_box)
        self.side_tabs = SidePanel(build_pages(self), results=results)
        self.side_tabs.page_built.connect(lambda _name, content: self.part_built.emit(content))
        #: The side panel's tabs by name; the View menu and its shortcuts open them.
        self.pages: dict[str, QWidget] = self.side_tabs.holders
        self.side_tabs.setAccessibleName(translate("MainWindow", "Side panel"))
        self.side_tabs.tabBar().setAccessibleName(translate("MainWindow", "Side panel pages"))
        follow_goals(self.side_tabs, state)
        build_stage(self, heatmap_holder)
        self.resize(1024, 768)

    def fill_menus(self) -> Menus:
        """The menus' commands and choices, built now if they were not yet."""
        if self._menus is None:
            from app.export.menu import ExportMenu

            self._menus = build_menus(
                self, lambda file_menu: ExportMenu(self, file_menu), self._menu_titles
            )
            self.show_theme_choice(self.state.theme_id)
        return self._menus

    @property
    def menus(self) -> Menus:
        """One action per command of ``app.window.shortcuts.COMMANDS`` by id, File >
        Export and the theme and language choices (built now if they were not yet)."""
        return self.fill_menus()

    def show_theme_choice(self, theme_id: str) -> None:
        """Check the theme in use in View > Theme, once that menu exists."""
        if self._menus is not None:
            for action in self._menus.theme_actions.actions():
                action.setChecked(action.data() == theme_id)

    @property
    def theme(self) -> Theme:
        """The theme in use."""
        return self.painter.theme

    @property
    def glossary(self) -> GlossaryDialog:
        """The glossary dialog, created the first time it is needed."""
        if self.glossary_built is None:
            from app.panels.glossary import GlossaryDialog

            self.glossary_built = GlossaryDialog(parent=self)
            self.glossary_built.set_theme(self.theme, self.state.font_px)
            self.part_built.emit(self.glossary_built)
        return self.glossary_built

    # -- plots, built after the first paint ---------------------------------------------

    def build_plots(self) -> None:
        """Create the pyqtgraph heatmap (once)."""
        if self.heatmap is not None:
            return
        from app.panels.heatmap_view import HeatmapView

        heatmap = self.heatmap = HeatmapView(self.state)
        self.heatmap_box.replaceWidget(self._heatmap_placeholder, heatmap)
        self._heatmap_placeholder.hide()
        self._heatmap_placeholder.deleteLater()
        self.painter.apply_to_plots()
        draw_results(heatmap, heatmap.show_result, self.controller)
        self.part_built.emit(heatmap)
        heatmap.plot.getViewBox().sigResized.connect(self.arranger.heatmap_settled)

        def painted() -> None:
            # Now the menus' commands (a key, a click on the menu bar or the kiosk builds
            # them sooner); then start-up is over for the garbage collector too.
            self.fill_menus()
            collector.resume_after_start_up()

        AfterFirstPaint(heatmap.graphics.viewport(), painted)
        self.arrange()  # the heatmap's own axes and bar are known now
        self.plots_ready.emit()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride:
            # Qt asks the focused widget (which passes it up to here) before it looks the
            # key up among the shortcuts. A control that moves with the key keeps it.
            if control_keeps(QApplication.focusWidget(), event):
                event.accept()
                return True
            if self._menus is None:
                # A key before the menus were built: they are in place in time, and no
                # key is lost just after the window appears.
                self.fill_menus()
        # The first paint shows the controls; only then build the plots, whose
        # pyqtgraph import would otherwise delay that first paint.
        if event.type() == QEvent.Type.UpdateRequest and self.heatmap is None:
            result = super().event(event)
            QTimer.singleShot(0, self.build_plots)
            return result
        return super().event(event)

    # -- commands ---------------------------------------------------------------------------

    def run_command(self, command_id: str) -> None:
        """Do a command of the menus (``app.window.shortcuts.COMMANDS``) by its id."""
        window_commands.run(self, command_id)

    def reset_session(self) -> None:
        """Back to a fresh start: everything of the visitor's lives in the state, and the
        pages follow it (see ``AppState.reset``)."""
        self.state.reset()
        if self.glossary_built is not None:
            self.glossary_built.close()  # a kiosk must not leave a definition open

    def stop_training(self) -> None:
        """End a training run, if one is going: no training process outlives the window."""
        for view in self.side_tabs.views.values():
            if isinstance(view, HasWork):
                view.shutdown()

    def open_page(self, page: QWidget) -> None:
        """Show a side page, scrolling to it when it stands under the stage."""
        self.side_tabs.setCurrentWidget(page)
        self.arranger.reveal_side_panel()

    def arrange(self) -> None:
        """Lay the stage and the side panel out again (see ``StageArranger``)."""
        self.arranger.arrange()

    def reveal_stage(self) -> None:
        """Scroll back to the stage (the side panel may stand under it)."""
        self.arranger.reveal_stage()

    # -- window events ---------------------------------------------------------------------------

    def closeEvent(self, event) -> None:  # noqa: N802
        self.stop_training()
        save_settings(self)
        super().closeEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802
        # Tab and Shift+Tab, in reading order round the window (see focus_chain).
        return focus_chain.step(self, forward) or super().focusNextPrevChild(forward)

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self.menuBar().setVisible(not self.isFullScreen())
