"""What the window's helpers need of the window, as small protocols.

``MainWindow`` is one class; its jobs live in modules of their own (the commands, the
menus, the saved settings, the painter). Each of those takes the window as the
protocol below that names what it reads and calls, never as ``MainWindow``, so that
a test hands it a stand-in (``tests/app/window/test_window_roles.py``) and a reader
sees at once what a helper can touch. ``MainWindow`` satisfies all of them (the type
check proves it where the window hands itself over).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

import numpy as np
from PySide6.QtCore import QByteArray, SignalInstance
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import QMenuBar, QPushButton, QScrollArea, QSplitter, QWidget

from app.adapters.settings import Settings
from app.model.controller import Controller
from app.model.state import AppState
from app.ui.theme import Theme

if TYPE_CHECKING:  # the parts' own modules: their types only
    from app.panels.head_grid import HeadGrid
    from app.panels.head_selector import HeadSelector
    from app.panels.heatmap_view import HeatmapView
    from app.panels.mask_legend import MaskLegend
    from app.panels.mask_toggle import MaskToggle
    from app.panels.readout import Readout
    from app.panels.sentence_editor import SentenceEditor
    from app.panels.side_panel import SidePanel
    from app.panels.token_strip import TokenStrip
    from app.window.room import RoomPlan
    from app.window.stage import Stage


class SidePages(Protocol):
    """The side panel: its pages built so far, the one in view, and any one by name."""

    @property
    def views(self) -> Mapping[str, QWidget]: ...
    def current_name(self) -> str | None: ...
    def view(self, name: str, /) -> QWidget: ...


class Stepper(Protocol):
    """Presenter mode: the tour's steps and what the presentation changed."""

    def step(self, delta: int, /) -> None: ...
    def settings_before(self) -> tuple[str, int, QByteArray] | None: ...


class ThemeChoice(Protocol):
    """Whether the theme in use was the learner's choice or the desktop's."""

    def first_theme(self, saved: str, /) -> str: ...
    def chosen(self, theme_id: str, /) -> bool: ...
    def pick(self, theme_id: str, /) -> None: ...


class Glossary(Protocol):
    current_id: str | None

    def show_term(self, term_id: str, /) -> object: ...


class ThemedPanel(Protocol):
    def set_theme(self, theme: Theme, /) -> None: ...


class ColouredPanel(ThemedPanel, Protocol):
    def set_colormap(self, lut: np.ndarray, /) -> None: ...


class SizedPanel(Protocol):
    """A part that takes the theme and the window's text size (glossary, heatmap)."""

    def set_theme(self, theme: Theme, font_px: int, /) -> None: ...


class CommandTarget(Protocol):
    """What the menus' commands act on (``app.window.commands``)."""

    @property
    def state(self) -> AppState: ...
    @property
    def controller(self) -> Controller: ...  # what Print puts on paper
    @property
    def side_tabs(self) -> SidePages: ...
    @property
    def presenter(self) -> Stepper: ...
    @property
    def pages(self) -> Mapping[str, QWidget]: ...
    @property
    def glossary(self) -> Glossary: ...
    def open_page(self, page: QWidget, /) -> None: ...
    def window(self) -> QWidget: ...  # the parent of the dialogs a command opens
    def menuBar(self) -> QMenuBar: ...  # noqa: N802
    def isFullScreen(self) -> bool: ...  # noqa: N802 (Qt's names)
    def showFullScreen(self) -> None: ...  # noqa: N802
    def showNormal(self) -> None: ...  # noqa: N802
    def close(self) -> bool: ...


class SettingsTarget(Protocol):
    """What is saved and restored between runs (``app.window.saved_settings``)."""

    @property
    def state(self) -> AppState: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def writes_settings(self) -> bool: ...
    @property
    def presenter(self) -> Stepper: ...
    @property
    def system_theme(self) -> ThemeChoice: ...
    def saveGeometry(self) -> QByteArray: ...  # noqa: N802 (Qt's names)
    def restoreGeometry(self, geometry: QByteArray, /) -> bool: ...  # noqa: N802


class PaintTarget(Protocol):
    """What the theme is painted on (``app.window.theme_painter``)."""

    @property
    def state(self) -> AppState: ...
    def show_theme_choice(self, theme_id: str, /) -> None: ...
    @property
    def token_strip(self) -> ThemedPanel: ...
    @property
    def mask_toggle(self) -> ThemedPanel: ...
    @property
    def column_legend(self) -> ThemedPanel: ...
    @property
    def head_grid(self) -> ColouredPanel: ...
    @property
    def room_maps(self) -> ColouredPanel | None: ...
    @property
    def side_tabs(self) -> SidePages: ...
    @property
    def glossary_built(self) -> SizedPanel | None: ...
    @property
    def heatmap(self) -> SizedPanel | None: ...
    def setStyleSheet(self, sheet: str, /) -> None: ...  # noqa: N802 (Qt's name)
    def arrange(self) -> None: ...


class MenuHost(Protocol):
    """What the menus are built into (``app.window.menus``): a main window's bar, its
    actions, the commands by id, the theme choice and the language request."""

    @property
    def system_theme(self) -> ThemeChoice: ...
    @property
    def state(self) -> AppState: ...
    def menuBar(self) -> QMenuBar: ...  # noqa: N802 (Qt's names)
    def addAction(self, action: QAction, /) -> None: ...  # noqa: N802
    def run_command(self, command_id: str, /) -> None: ...
    @property
    def language_requested(self) -> SignalInstance: ...  # a language code


class PageHost(Protocol):
    """What the side pages are built from (``app.window.side_pages``)."""

    @property
    def state(self) -> AppState: ...
    @property
    def controller(self) -> Controller: ...
    @property
    def glossary(self) -> Glossary: ...
    @property
    def challenges(self) -> QWidget: ...  # built with the window: its tab counts the goals
    @property
    def head_grid(self) -> QWidget: ...
    @property
    def painter(self) -> PagePainter: ...
    def reveal_stage(self) -> None: ...


class PagePainter(Protocol):
    def style_page(self, view: QWidget, /) -> None: ...


class FocusHost(Protocol):
    """The stage's controls in reading order, for Tab (``app.window.focus_chain``)."""

    @property
    def sentence_editor(self) -> SentenceEditor: ...
    @property
    def token_strip(self) -> QWidget: ...
    @property
    def heatmap(self) -> QWidget | None: ...
    @property
    def head_selector(self) -> HeadSelector: ...
    @property
    def mask_toggle(self) -> QWidget: ...
    @property
    def edit_sentence(self) -> QWidget: ...
    @property
    def more_pages(self) -> QWidget: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def side_tabs(self) -> SidePanel: ...
    @property
    def back_to_stage(self) -> QWidget: ...
    def window(self) -> QWidget: ...  # whose focus chain it is


class ThemeHost(Protocol):
    """What follows the desktop's theme (``app.window.system_theme``)."""

    @property
    def state(self) -> AppState: ...
    @property
    def writes_settings(self) -> bool: ...
    def window(self) -> QWidget: ...  # what the follower lives and dies with


class TourPosition(Protocol):
    @property
    def stop_index(self) -> int: ...


class SpokenHost(Protocol):
    """What the spoken changes follow (``app.window.spoken``)."""

    @property
    def state(self) -> AppState: ...
    @property
    def controller(self) -> Controller: ...
    @property
    def token_strip(self) -> QWidget: ...
    @property
    def side_tabs(self) -> SidePanel: ...
    @property
    def presenter(self) -> TourPosition: ...
    def window(self) -> QWidget: ...  # where the herald's live region sits


class RoomPainter(Protocol):
    def apply_to_maps(self, maps: HeadGrid, /) -> None: ...


class RoomHost(Protocol):
    """What a room arranges (``app.window.room_window``): the stage's regions, and what
    the room remembers of its plan."""

    room_plan: RoomPlan | None
    room_maps: HeadGrid | None
    legend_fits: bool

    @property
    def state(self) -> AppState: ...
    @property
    def controller(self) -> Controller: ...
    @property
    def painter(self) -> RoomPainter: ...
    @property
    def part_built(self) -> SignalInstance: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def content(self) -> QWidget: ...
    @property
    def scroll_area(self) -> QScrollArea: ...
    @property
    def token_strip(self) -> TokenStrip: ...
    @property
    def heatmap(self) -> HeatmapView | None: ...
    @property
    def readout(self) -> Readout: ...
    @property
    def head_selector(self) -> HeadSelector: ...
    @property
    def column_legend(self) -> MaskLegend: ...
    def font(self) -> QFont: ...


class TourState(Protocol):
    @property
    def active(self) -> bool: ...


class StageHost(RoomHost, Protocol):
    """What the stage is built into and arranged in (``app.window.stage_window``): a
    room's regions, the panels it places, and the parts ``build_stage`` makes and puts
    on the window."""

    back_to_stage: QPushButton
    edit_sentence: QPushButton
    more_pages: QPushButton
    column_legend: MaskLegend
    stage: Stage
    splitter: QSplitter
    scroll_area: QScrollArea
    content: QWidget

    @property
    def presenter(self) -> TourState: ...
    @property
    def kiosk_mode(self) -> bool: ...
    @property
    def page_chooser(self) -> QWidget | None: ...
    @property
    def side_tabs(self) -> SidePanel: ...
    @property
    def sentence_editor(self) -> SentenceEditor: ...
    @property
    def mask_toggle(self) -> MaskToggle: ...
    def window(self) -> QWidget: ...
    def setCentralWidget(self, widget: QWidget, /) -> None: ...  # noqa: N802 (Qt's name)
