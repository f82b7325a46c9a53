"""What the accessibility layer needs of a panel, as small protocols.

The panels stand above this layer: it never imports them. A panel class that wants a
node of its own registers itself (``app.accessibility.registry.register``) with the
protocol it speaks, and the factory finds its node by the object's class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF, QRectF, SignalInstance
    from PySide6.QtWidgets import QGraphicsView, QLabel

    from app.model.results import AttentionResult


class ShowsTokens(Protocol):
    """The token strip: one painted chip per token, the query among them."""

    @property
    def result(self) -> AttentionResult | None: ...

    def choose(self, position: int) -> None: ...

    def chip_rect(self, position: int) -> QRectF: ...

    def position_at(self, point: QPointF) -> int | None: ...


class ShowsCells(Protocol):
    """The heatmap: a square of painted cells, queries down and keys across, with a
    keyboard cursor on one cell."""

    graphics: QGraphicsView
    title: QLabel

    @property
    def result(self) -> AttentionResult | None: ...

    @property
    def cell_cursor(self) -> tuple[int, int] | None: ...

    def choose(self, query: int) -> None: ...

    def cell_rect(self, query: int, key: int) -> QRectF: ...

    def cell_at(self, scene_pos: QPointF) -> tuple[int, int] | None: ...


class Selectable(Protocol):
    """A small map of a head: pressing it selects that head."""

    @property
    def is_selected(self) -> bool: ...

    def select(self) -> None: ...


class ReadsAsLines(Protocol):
    """A painted picture of a side page, read as lines of text in the order drawn."""

    def text_lines(self) -> list[str]: ...


class Clickable(Protocol):
    """A painted widget that acts on a click (a learned head's small map)."""

    clicked: SignalInstance


if TYPE_CHECKING:  # the widgets that speak them, for the type checker only
    from PySide6.QtWidgets import QWidget

    class TokenWidget(QWidget, ShowsTokens):
        """A widget that shows tokens."""

    class CellWidget(QWidget, ShowsCells):
        """A widget that shows the heatmap's cells."""

    class SelectableWidget(QWidget, Selectable):
        """A small map of a head."""

    class ClickableWidget(QWidget, Clickable):
        """A painted widget that acts on a click."""

    class PictureWidget(QWidget, ReadsAsLines):
        """A painted picture read as lines."""
