"""The explorer window: wires the state, the controller and the panels together.

The controls are built and painted first; the pyqtgraph plots are built right
after the first paint (``build_plots``), because importing pyqtgraph alone
costs several hundred milliseconds. The side panel's pages, the glossary and the
export code are built or imported only when first needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

import core

from . import accessibility
from .challenge_tracker import ChallengeTracker
from .controller import Controller
from .export_menu import ExportMenu
from .i18n import LANGUAGES, current_language
from .lesson import is_lesson_sentence, lesson_sentence
from .pages import Coloured, HasWork, ShowsResults, Themed, Tinted
from .panels.banner import Banner
from .panels.challenges import ChallengePanel
from .panels.head_grid import HeadGrid
from .panels.head_selector import HeadSelector
from .panels.mask_toggle import MaskToggle
from .panels.readout import Readout
from .panels.sentence_editor import SentenceEditor
from .panels.token_strip import TokenStrip
from .presenter import PRESENTER_FONT_PX, Presenter
from .qt_typing import present
from .settings import Settings
from .shortcuts import SHORTCUTS
from .side_panel import Page, SidePanel
from .stage_window import StageWindowMixin
from .state import AppState
from .theme import DEFAULT_ZOOM, KIOSK_THEME, THEMES, style_sheet
from .wording import fill, head_name, translate

#: The side pages, in order (their titles: ``page_title``).
PAGE_TITLES = ("heads", "card", "challenges", "steps", "story", "learned", "english", "width")


def page_title(name: str) -> str:
    """A side page's tab title in the language in use."""
    titles = {
        "heads": translate("MainWindow", "Heads"),
        "card": translate("MainWindow", "Card"),
        "challenges": translate("MainWindow", "Goals"),
        "steps": translate("MainWindow", "Steps"),
        "story": translate("MainWindow", "2 layers"),
        "learned": translate("MainWindow", "Learned"),
        "english": translate("MainWindow", "English"),
        "width": translate("MainWindow", "Width"),
    }
    return titles[name]


def theme_label(theme_id: str) -> str:
    """A theme's name in the View menu."""
    labels = {
        "light": translate("MainWindow", "Light"),
        "dark": translate("MainWindow", "Dark"),
        "projector": translate("MainWindow", "Projector (high contrast)"),
    }
    return labels.get(theme_id, theme_id)


if TYPE_CHECKING:
    from .panels.heatmap_view import HeatmapView



def _placeholder(text: str) -> QLabel:
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setObjectName("summary")
    return label


class MainWindow(StageWindowMixin, QMainWindow):
    """Head selector, token strip, readout, heatmap, mask switch, mini maps, presets."""

    plots_ready = Signal()
    #: A part built after the window itself (a side page, the glossary, the plots);
    #: kiosk mode adjusts each one for touch.
    part_built = Signal(QWidget)
    #: The learner picked a language in the View menu (the window is rebuilt in it).
    language_requested = Signal(str)

    def __init__(self, state: AppState | None = None, settings: Settings | None = None) -> None:
        super().__init__()
        accessibility.install()  # nodes for the painted tokens and cells, radio choices
        self.setWindowTitle(translate("MainWindow", "Attention Heads"))
        self.state = state or AppState(self)
        self.settings = settings or Settings()
        self.controller = Controller(self.state, self)
        self.challenge_tracker = ChallengeTracker(self.state, self.controller)
        self.heatmap: HeatmapView | None = None
        #: False in kiosk mode: nothing a visitor does outlives the session.
        self.writes_settings = True
        #: True once the kiosk has taken the window over (see app.kiosk.touch).
        self.kiosk_mode = False
        #: The kiosk's tap-only sentence chooser, once the kiosk adds it.
        self.sentence_chooser: QWidget | None = None

        self.head_selector = HeadSelector(self.state)
        self.mask_toggle = MaskToggle(self.state)
        self.token_strip = TokenStrip(self.state)
        self.readout = Readout()
        self.sentence_editor = SentenceEditor(self.state)
        self.challenges = ChallengePanel(self.state)
        self._glossary = None
        self.head_grid = HeadGrid(self.state)  # painted once the heatmap lends its colours
        self._build_layout()
        self.banner = Banner(self.content)
        self.presenter = Presenter(self)
        self.challenges.completed.connect(self._celebrate)
        self.state.completed_changed.connect(self._update_challenge_tab)
        self._build_menus()

        self.state.theme_id_changed.connect(self._apply_theme)
        self.state.causal_changed.connect(
            lambda on: self.column_legend.setVisible(self.compact and on)
        )
        self.state.zoom_changed.connect(self._fold_editor)
        self.state.zoom_changed.connect(self._apply_theme)
        self.controller.attention_changed.connect(self._show_attention)
        self.controller.attention_changed.connect(self._follow_sentence)  # after drawing
        self._restore_settings()
        self._apply_theme()
        self._show_attention(self.controller.attention)
        self.token_strip.setFocus()

    @property
    def theme(self):
        """The theme in use."""
        return THEMES[self.state.theme_id]

    # -- parts built on first use -------------------------------------------------

    @property
    def glossary(self):
        """The glossary dialog, created the first time it is needed."""
        if self._glossary is None:
            from .glossary import GlossaryDialog

            self._glossary = GlossaryDialog(parent=self)
            self._glossary.set_theme(self.theme, self.state.font_px)
            self.part_built.emit(self._glossary)
        return self._glossary

    # The side pages' views; asking for one builds its page if it was not yet.

    @property
    def head_card(self):
        return self.side_tabs.view("card")

    @property
    def steps_view(self):
        return self.side_tabs.view("steps")

    @property
    def induction_story(self):
        return self.side_tabs.view("story")

    @property
    def learned_view(self):
        return self.side_tabs.view("learned")

    @property
    def preset_panel(self):
        return self.side_tabs.view("width")

    def _side_pages(self) -> dict[str, Page]:
        """How to build each side page; the views arrive themed (see ``_style_page``)."""

        def card():
            from .panels.head_card import HeadCard

            return HeadCard(
                self.state,
                self.controller.page_results,
                lambda term: self.glossary.show_term(term),
            )

        def steps():
            from .panels.steps_view import StepsView

            return StepsView(self.state, self.controller.page_results)

        def story():
            from .panels.induction_story import InductionStoryView

            return InductionStoryView(self.state, self.controller.page_results)

        def learned():
            from .panels.learned_view import LearnedView

            return LearnedView(self.state, self.controller.learned_results)

        def english():
            from .panels.english_view import EnglishView

            return EnglishView(self.state, self.controller.page_results)

        def width():
            from .panels.preset_panel import PresetPanel

            panel = PresetPanel(self.state)
            self.controller.shape_changed.connect(panel.show_shape)
            panel.show_shape(self.controller.shape)
            return panel

        def styled(name, make):
            def build():
                view = make()
                self._style_page(view)
                return view

            return Page(page_title(name), build, scrolls=name != "card")  # the card scrolls

        return {
            "heads": Page(page_title("heads"), self._build_grid_page),
            "card": styled("card", card),
            "challenges": Page(page_title("challenges"), lambda: self.challenges),
            "steps": styled("steps", steps),
            "story": styled("story", story),
            "learned": styled("learned", learned),
            "english": styled("english", english),
            "width": styled("width", width),
        }

    def _build_grid_page(self) -> QWidget:
        grid_page = QWidget()
        box = QVBoxLayout(grid_page)
        box.addWidget(self.head_grid)
        hint = QLabel(
            translate(
                "MainWindow", "Every head on the same sentence. Click a map to select its head."
            )
        )
        hint.setObjectName("summary")
        hint.setWordWrap(True)
        box.addWidget(hint)
        box.addStretch(1)
        return grid_page

    # -- construction ---------------------------------------------------------------

    def _build_layout(self) -> None:
        # The mask switch stands under the head buttons, in the stage's column.
        present(self.head_selector.layout()).addWidget(self.mask_toggle)

        self.heatmap_box = QVBoxLayout()
        self.heatmap_box.setContentsMargins(0, 0, 0, 0)
        self._heatmap_placeholder = _placeholder(translate("MainWindow", "Drawing the heatmap…"))
        self.heatmap_box.addWidget(self._heatmap_placeholder)
        heatmap_holder = QWidget()
        heatmap_holder.setLayout(self.heatmap_box)

        self.side_tabs = SidePanel(self._side_pages())
        self.side_tabs.page_built.connect(lambda _name, content: self.part_built.emit(content))
        #: The side panel's tabs by name; the View menu and its shortcuts open them.
        self.pages: dict[str, QWidget] = self.side_tabs.holders
        self.side_tabs.setAccessibleName(translate("MainWindow", "Side panel"))
        self.side_tabs.tabBar().setAccessibleName(translate("MainWindow", "Side panel pages"))
        self._update_challenge_tab()
        self.side_tabs.currentChanged.connect(self._show_side_page)
        self._build_stage(heatmap_holder)
        self.resize(1024, 768)

    def _action(self, menu, text: str, slot, shortcut_id: str | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut_id is not None:
            action.setShortcuts([QKeySequence(k) for k in SHORTCUTS[shortcut_id].keys])
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)  # shortcuts work even while the menu bar is hidden
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(translate("MainWindow", "&File"))
        self.export_menu = ExportMenu(self, file_menu)
        file_menu.addSeparator()
        self._action(file_menu, translate("MainWindow", "&Quit"), self.close, "quit")

        heads_menu = bar.addMenu(translate("MainWindow", "&Heads"))
        for number, head in enumerate(core.HEADS.values(), start=1):
            self._action(
                heads_menu,
                head_name(head.id),
                lambda _=False, hid=head.id: self.state.set_head(hid),
                f"head_{number}",
            )
        heads_menu.addSeparator()
        self._action(
            heads_menu,
            translate("MainWindow", "Previous query token"),
            lambda: self.state.move_query(-1),
            "query_left",
        )
        self._action(
            heads_menu,
            translate("MainWindow", "Next query token"),
            lambda: self.state.move_query(1),
            "query_right",
        )
        self._action(
            heads_menu,
            translate("MainWindow", "Toggle the causal mask"),
            lambda: self.state.set_causal(not self.state.causal),
            "mask",
        )

        view = bar.addMenu(translate("MainWindow", "&View"))
        self._action(
            view, translate("MainWindow", "Fullscreen"), self.toggle_fullscreen, "fullscreen"
        )
        self.presenter_action = self._action(
            view, translate("MainWindow", "Presenter mode"), self.toggle_presenter, "presenter"
        )
        self.presenter_action.setCheckable(True)
        self._action(
            view,
            translate("MainWindow", "Next stop of the tour"),
            lambda: self.clicker(1),
            "clicker_next",
        )
        self._action(
            view,
            translate("MainWindow", "Previous stop of the tour"),
            lambda: self.clicker(-1),
            "clicker_previous",
        )
        pages = view.addMenu(translate("MainWindow", "Side panel"))
        for name, page in self.pages.items():
            self._action(
                pages,
                page_title(name),
                lambda _=False, p=page: self.open_page(p),
                f"{name}_page",
            )
        zoom = self.state.set_zoom
        self._action(
            view, translate("MainWindow", "Zoom in"), lambda: zoom(self.state.zoom + 1), "zoom_in"
        )
        self._action(
            view, translate("MainWindow", "Zoom out"), lambda: zoom(self.state.zoom - 1), "zoom_out"
        )
        self._action(
            view, translate("MainWindow", "Actual size"), lambda: zoom(DEFAULT_ZOOM), "zoom_reset"
        )
        themes = view.addMenu(translate("MainWindow", "Theme"))
        self.theme_actions = QActionGroup(self)
        for theme in THEMES.values():
            if theme.id == KIOSK_THEME:
                continue  # the kiosk's own look; a kiosk has no menus
            action = themes.addAction(theme_label(theme.id))
            action.setCheckable(True)
            action.setData(theme.id)
            self.theme_actions.addAction(action)
            action.triggered.connect(lambda _=False, tid=theme.id: self.state.set_theme(tid))

        self._build_language_menu(view)

        help_menu = bar.addMenu(translate("MainWindow", "&Help"))
        self._action(
            help_menu, translate("MainWindow", "Keyboard shortcuts"), self.show_shortcuts, "help"
        )
        self._action(
            help_menu,
            translate("MainWindow", "Glossary"),
            lambda: self.glossary.show_term(self.glossary.current_id or "attention_head"),
            "glossary",
        )
        about = QAction(translate("MainWindow", "About Attention Heads"), self)
        about.triggered.connect(self._show_about)
        help_menu.addAction(about)

    def _build_language_menu(self, view) -> None:
        """One entry per language, by its own name; the one in use is checked."""
        languages = view.addMenu(translate("MainWindow", "Language"))
        group = QActionGroup(self)
        for code, name in LANGUAGES.items():
            action = languages.addAction(name)
            action.setCheckable(True)
            action.setChecked(code == current_language())
            action.setData(code)
            group.addAction(action)
            action.triggered.connect(lambda _=False, c=code: self.language_requested.emit(c))
        self.language_actions = group

    # -- plots, built after the first paint ---------------------------------------------

    def build_plots(self) -> None:
        """Create the pyqtgraph heatmap (once); its colour map then reaches the others."""
        if self.heatmap is not None:
            return
        from .panels.heatmap_view import HeatmapView

        heatmap = self.heatmap = HeatmapView(self.state)
        self.heatmap_box.replaceWidget(self._heatmap_placeholder, heatmap)
        self._heatmap_placeholder.hide()
        self._heatmap_placeholder.deleteLater()
        self._apply_plot_theme()
        heatmap.show_result(self.controller.attention)
        self.part_built.emit(heatmap)
        heatmap.plot.getViewBox().sigResized.connect(self.heatmap_settled)
        self.arrange()  # the heatmap's own axes and bar are known now
        self.plots_ready.emit()

    def event(self, event) -> bool:
        # The first paint shows the controls; only then build the plots, whose
        # pyqtgraph import would otherwise delay that first paint.
        if event.type() == QEvent.Type.UpdateRequest and self.heatmap is None:
            result = super().event(event)
            QTimer.singleShot(0, self.build_plots)
            return result
        return super().event(event)

    # -- drawing results ------------------------------------------------------------------

    def _show_attention(self, result) -> None:
        self.token_strip.show_result(result)
        self.readout.show_result(result)
        self.head_grid.show_result(result)
        self._show_side_page()
        if self.heatmap is not None:
            self.heatmap.show_result(result)

    def _show_side_page(self, *_args) -> None:
        """Only the side page in view follows every change; the others catch up when
        shown (so a click costs one page's drawing, not four)."""
        name = self.side_tabs.current_name()
        view = self.side_tabs.view(name) if name is not None else None
        if isinstance(view, ShowsResults):
            view.show_result(self.controller.attention)

    def _apply_theme(self, *_args) -> None:
        theme = THEMES[self.state.theme_id]
        self.setStyleSheet(style_sheet(theme, self.state.font_px))
        for action in self.theme_actions.actions():
            action.setChecked(action.data() == theme.id)
        for panel in (self.token_strip, self.mask_toggle, self.head_grid, self.column_legend):
            panel.set_theme(theme)
        for view in self.side_tabs.views.values():
            self._style_page(view)
        if self._glossary is not None:
            self._glossary.set_theme(theme, self.state.font_px)
        self._apply_plot_theme()
        self.arrange()

    def _style_page(self, view: QWidget) -> None:
        """Give a side page the theme, text size and (once there is one) colour map."""
        if isinstance(view, Themed):
            view.set_theme(self.theme, self.state.font_px)
        if isinstance(view, Tinted):
            view.set_colours(self.theme)
        if isinstance(view, Coloured) and self.heatmap is not None:
            view.set_colormap(self.heatmap.lookup_table())

    def _apply_plot_theme(self) -> None:
        if self.heatmap is None:
            return
        theme = THEMES[self.state.theme_id]
        self.heatmap.set_theme(theme, self.state.font_px)
        lut = self.heatmap.lookup_table()
        self.head_grid.set_colormap(lut)
        for view in self.side_tabs.views.values():
            if isinstance(view, Coloured):
                view.set_colormap(lut)

    # -- challenges ---------------------------------------------------------------------------

    def _update_challenge_tab(self, *_args) -> None:
        index = self.side_tabs.indexOf(self.pages["challenges"])
        done = len(self.state.completed)
        goals = fill(translate("MainWindow", "Goals %1/%2"), done, len(core.CHALLENGES))
        self.side_tabs.setTabText(index, goals)

    def _celebrate(self, challenge) -> None:
        self.banner.say(self.challenges.confirmation(challenge))

    # -- commands ---------------------------------------------------------------------------

    def reset_session(self) -> None:
        """Back to a fresh start: everything of the visitor's lives in the state, and the
        pages follow it (see ``AppState.reset``)."""
        self.state.reset()
        if self._glossary is not None:
            self._glossary.close()  # a kiosk must not leave a definition open

    def stop_training(self) -> None:
        """End a training run, if one is going: no training process outlives the window."""
        for view in self.side_tabs.views.values():
            if isinstance(view, HasWork):
                view.shutdown()

    def toggle_presenter(self) -> None:
        if self.presenter.active:
            self.presenter.leave()
        else:
            self.presenter.enter()
        self.presenter_action.setChecked(self.presenter.active)
        # The tour runs on the lesson's sentence; the editor would only take room
        # (arrange() hides it).
        self.token_strip.set_label_floor(PRESENTER_FONT_PX if self.presenter.active else 9)
        self.arrange()

    def open_page(self, page: QWidget) -> None:
        """Show a side page, scrolling to it when it stands under the stage."""
        self.side_tabs.setCurrentWidget(page)
        self.reveal_side_panel()

    def clicker(self, delta: int) -> None:
        """PageDown / PageUp: step the tour (or the page in view, when it has steps)."""
        name = self.side_tabs.current_name()
        view = self.side_tabs.view(name) if name is not None else None
        stepper = getattr(view, "step_by", None)
        if stepper is not None:
            stepper(delta)
        else:
            self.presenter.step(delta)

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def show_shortcuts(self) -> None:
        from .help_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self)
        dialog.fit()
        dialog.exec()
        dialog.deleteLater()

    def _show_about(self) -> None:
        from .version import app_version

        QMessageBox.about(
            self,
            translate("MainWindow", "About Attention Heads"),
            fill(
                translate(
                    "MainWindow",
                    "Attention Heads — Version %1\n\nAttention Heads shows where the heads of a "
                    "transformer look and what the causal mask hides. It works entirely offline. "
                    "Free software under the MIT licence.",
                ),
                app_version(),
            ),
        )

    # -- settings --------------------------------------------------------------------------------

    def _restore_settings(self) -> None:
        geometry = self.settings.get("window/geometry")
        #: Whether the saved settings placed the window (else launch sizes it to the screen).
        self.geometry_restored = not geometry.isEmpty() and self.restoreGeometry(geometry)
        with self.state.batch():
            self.state.set_theme(self.settings.get("view/theme"))
            self.state.set_zoom(self.settings.get("view/zoom"))
            sentence = self.settings.get("session/sentence")
            # The lesson's sentence is shown in the language in use.
            self.state.set_sentence(lesson_sentence() if is_lesson_sentence(sentence) else sentence)
            self.state.complete_challenges(frozenset(self.settings.get("session/completed")))

    def save_settings(self) -> None:
        if not self.writes_settings:
            return  # kiosk mode: nothing a visitor does outlives the session
        geometry, theme_id, zoom = self.saveGeometry(), self.state.theme_id, self.state.zoom
        before = self.presenter.settings_before()
        if before is not None:  # the presentation's theme, text and fullscreen stay its own
            theme_id, zoom, geometry = before
        self.settings.set("window/geometry", geometry)
        self.settings.set("view/theme", theme_id)
        self.settings.set("view/zoom", zoom)
        self.settings.set("session/sentence", self.state.sentence)
        self.settings.set("session/completed", sorted(self.state.completed))
        self.settings.sync()

    def closeEvent(self, event) -> None:  # noqa: N802
        self.stop_training()
        self.save_settings()
        super().closeEvent(event)

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self.menuBar().setVisible(not self.isFullScreen())
