"""What an export reads of the window, as a protocol (``MainWindow`` satisfies it): the
results, the parts a picture shows, and the window itself for a picture of it all.
Export is a layer below the window, so it names what it needs rather than import it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from app.model.controller import Controller
from app.model.state import AppState
from app.ui.theme import Theme

if TYPE_CHECKING:
    from app.panels.heatmap_view import HeatmapView


class Passing(Protocol):
    """A confirmation passing by (the window's banner)."""

    def dismiss(self) -> None: ...


class ExportSource(Protocol):
    """The window an export is made from."""

    @property
    def state(self) -> AppState: ...
    @property
    def controller(self) -> Controller: ...
    @property
    def theme(self) -> Theme: ...
    @property
    def heatmap(self) -> HeatmapView | None: ...
    @property
    def head_grid(self) -> QWidget: ...
    @property
    def banner(self) -> Passing: ...
    def build_plots(self) -> None: ...
    def window(self) -> QWidget: ...  # the whole window, for its picture
    def size(self) -> QSize: ...
    def styleSheet(self) -> str: ...  # noqa: N802 (Qt's names)
    def show(self) -> None: ...
    def hide(self) -> None: ...
