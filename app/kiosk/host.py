"""What the kiosk takes over of the window, as protocols (``MainWindow`` satisfies each):
one for each part of the kiosk, and ``KioskHost``, all of them, for the kiosk itself.
The kiosk is the layer above the window; naming what it touches keeps that small and
lets a test hand a part of the kiosk a stand-in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenuBar, QScrollArea, QSplitter, QWidget

from app.model.controller import Controller
from app.model.state import AppState

if TYPE_CHECKING:
    from app.panels.side_panel import SidePanel
    from app.panels.token_strip import TokenStrip
    from app.window.stage import Stage


class ResettableWindow(Protocol):
    """A window whose session can start again (``app.kiosk.recovery``)."""

    def reset_session(self) -> None: ...
    def window(self) -> QWidget: ...


class LockableWindow(Protocol):
    """A window whose menus and actions can all be switched off (``app.kiosk.guard``)."""

    def fill_menus(self) -> object: ...
    def actions(self) -> list[QAction]: ...
    def menuBar(self) -> QMenuBar: ...  # noqa: N802 (Qt's name)


class PagedWindow(Protocol):
    """A window whose side pages the kiosk offers as buttons (``app.kiosk.pages``)."""

    page_chooser: QWidget | None

    @property
    def state(self) -> AppState: ...
    @property
    def side_tabs(self) -> SidePanel: ...
    @property
    def pages(self) -> Mapping[str, QWidget]: ...
    @property
    def splitter(self) -> QSplitter: ...
    def open_page(self, page: QWidget, /) -> None: ...
    def reveal_stage(self) -> None: ...
    def arrange(self) -> None: ...


class TouchWindow(Protocol):
    """A window dressed for fingers and the exhibit (``app.kiosk.touch``)."""

    kiosk_mode: bool
    sentence_chooser: QWidget | None

    @property
    def state(self) -> AppState: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def token_strip(self) -> TokenStrip: ...
    def styleSheet(self) -> str: ...  # noqa: N802 (Qt's names)
    def setStyleSheet(self, sheet: str, /) -> None: ...  # noqa: N802
    def arrange(self) -> None: ...
    def window(self) -> QWidget: ...


class KioskHost(ResettableWindow, LockableWindow, PagedWindow, TouchWindow, Protocol):
    """Everything the kiosk takes over (``app.kiosk.mode``)."""

    writes_settings: bool

    @property
    def controller(self) -> Controller: ...
    @property
    def scroll_area(self) -> QScrollArea: ...
    @property
    def part_built(self) -> SignalInstance: ...
    def close(self) -> bool: ...
