"""The stage: the sentence, where the query looks, and the heatmap, laid out first.

Sketch (the side panel goes beside the stage when that costs the heatmap nothing,
else under it, one screen further down, reached with "More pages"):

    +--------------------------------------------+   +-------------+
    | sentence field (desktop only)              |   | side panel  |
    | token strip (chips wrap onto more rows)    |   | (beside on  |
    | readout: "cat (7) looks most at ..."       |   |  wide       |
    | +------------------------+ +-----------+   |   |  screens,   |
    | |   heatmap, square,     | | head      |   |   |  else under |
    | |   as large as the      | | buttons,  |   |   |  the stage) |
    | |   room allows          | | mask,     |   |   |             |
    | |                        | | summary   |   |   |             |
    | +------------------------+ +-----------+   |   |             |
    +--------------------------------------------+   +-------------+

The head buttons and the mask switch stand in a column beside the heatmap: on the
wide screens of today's laptops and projectors height is what runs short, and a row of
buttons over the heatmap would take it from the matrix. Larger text makes the column
wider, never the matrix smaller than it is at the default text size.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app.text.wording import translate
from app.ui.qt_typing import present

#: Space between the stage's parts, and around it.
GAP = 8
#: Space around the window's content outside a room: left, top, right, bottom.
MARGINS = (12, 8, 12, 8)
#: Space between the heatmap and the column of controls beside it.
COLUMN_GAP = 8


class Stage(QWidget):
    """Sentence field, token strip, readout; the heatmap with its controls beside it."""

    def __init__(
        self,
        top: list[QWidget],
        heatmap_holder: QWidget,
        column: list[QWidget],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("stage")
        self.top = top
        self._extra: list[QWidget] = []  # added to the column later
        self.column = QWidget()
        self.column.setObjectName("stageColumn")
        column_box = self._column_box = QVBoxLayout(self.column)
        column_box.setContentsMargins(0, 0, 0, 0)
        column_box.setSpacing(GAP)
        for widget in column:
            column_box.addWidget(widget)
        column_box.addStretch(1)
        # At the largest text sizes on a small screen the column is taller than the
        # heatmap: it scrolls on its own, and the heatmap keeps its size.
        self.column_scroll = QScrollArea()
        self.column_scroll.setWidget(self.column)
        self.column_scroll.setWidgetResizable(True)
        self.column_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.column_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.column_scroll.setAccessibleName(translate("Stage", "Heads and the causal mask"))
        self.column_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a frame, no Tab stop

        self.heatmap_holder = heatmap_holder
        #: Words that come and go (tour caption, confirmations): see ``place_notes``
        #: (a room's) and ``notes_in_column`` (the normal window's).
        self.notes = Notes()
        self.notes.setObjectName("stageNotes")
        notes_box = QVBoxLayout(self.notes)
        notes_box.setContentsMargins(0, 0, 0, 0)
        notes_box.setSpacing(0)
        self.notes.hide()
        #: A wide room's region beside the column: the notes and the small maps.
        self.room_side = QWidget()
        self.room_side.setObjectName("roomSide")
        side_box = self._side_box = QVBoxLayout(self.room_side)
        side_box.setContentsMargins(0, 0, 0, 0)
        side_box.setSpacing(GAP)
        self.room_side.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(COLUMN_GAP)
        row.addWidget(heatmap_holder, 1000)  # up to its widest (see HeatmapView)
        row.addWidget(self.column_scroll, 0)
        row.addWidget(self.room_side, 0)
        row.addStretch(1)  # what the heatmap cannot use
        self._row = row
        layout = self._box = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(GAP)
        for widget in top:
            layout.addWidget(widget)
        layout.addWidget(self.notes)
        layout.addLayout(row, 1)

    @property
    def side_box(self) -> QVBoxLayout:
        """The layout of the region beside the column."""
        return self._side_box

    def place_notes(self, beside: bool) -> None:
        """A room's notes: under the readout, or at the top of the region beside the
        column."""
        self._take_notes()
        if beside:
            self._side_box.insertWidget(0, self.notes)
        else:
            self._box.insertWidget(self._box.count() - 1, self.notes)

    def notes_in_column(self, summary: QWidget) -> None:
        """The normal window's notes: in the column, in the place of ``summary``, which
        they hide while they are shown (a caption there moves no control and takes
        nothing from the heatmap; under the readout it pushed both down)."""
        self._take_notes()
        self._column_box.insertWidget(self._column_box.indexOf(summary), self.notes)
        self.notes.stands_for = summary
        summary.setVisible(self.notes.isHidden())

    def _take_notes(self) -> None:
        for box in (self._box, self._side_box, self._column_box):
            box.removeWidget(self.notes)
        if self.notes.stands_for is not None:
            self.notes.stands_for.show()
            self.notes.stands_for = None

    def add_to_column(self, widget: QWidget, index: int) -> None:
        """Put ``widget`` in the column beside the heatmap, at ``index``."""
        self._extra.append(widget)
        self._column_box.insertWidget(index, widget)

    def extra_column_widgets(self) -> list[QWidget]:
        """Widgets added to the column later (the kiosk's sentence chooser)."""
        # A list of our own, not findChildren: that wraps every descendant for Python,
        # text documents included, whose enums alone cost 2.5 ms before the first paint.
        self._extra = [w for w in self._extra if isValid(w)]
        return list(self._extra)

    def set_column_width(self, width: int) -> None:
        """The controls' column: as wide as its widest button (larger text, wider column)."""
        bar = self.column_scroll.verticalScrollBar().sizeHint().width()
        if self.column.minimumWidth() != width or self.column_scroll.minimumWidth() != width + bar:
            self.column.setFixedWidth(width)
            self.column_scroll.setFixedWidth(width + bar)

    def top_height(self, width: int) -> int:
        """How tall the rows over the heatmap are at ``width`` (with any added later,
        such as the presenter tour's caption under the readout)."""
        layout = present(self.layout())
        items = [layout.itemAt(i) for i in range(layout.count())]
        rows = [item.widget() if item is not None else None for item in items]
        heights = []
        for widget in rows:
            if widget is None or widget.isHidden():
                continue
            if widget.hasHeightForWidth():
                heights.append(widget.heightForWidth(width))
            else:
                heights.append(widget.sizeHint().height())
        return sum(heights) + GAP * len(heights)


class Notes(QWidget):
    """The stage's notes; where they stand in for another widget (``stands_for``), that
    one shows exactly while they do not."""

    def __init__(self) -> None:
        super().__init__()
        self.stands_for: QWidget | None = None

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt override)
        super().setVisible(visible)
        if self.stands_for is not None:
            self.stands_for.setVisible(not visible)


#: The side panel beside the stage is at least this wide, and this many times the text
#: size (its pages are written for about 25 characters to a line).
SIDE_MIN_PX = 360
SIDE_EMS = 24
#: Beside the stage only when that leaves the heatmap at least this share of the size
#: it has with the side panel under the stage.
BESIDE_SHARE = 0.9


def grid_side(stage: Stage, width: int, height: int, chrome: tuple[int, int]) -> int:
    """The heatmap's cell grid (a square's side) when the stage is ``width`` x ``height``.

    ``chrome`` is what the heatmap needs around its cells (axes, colour bar, title,
    legend), as (width, height).
    """
    column = stage.column_scroll.minimumWidth()  # its fixed width, set before layout
    by_width = width - column - COLUMN_GAP - chrome[0]
    return min(grid_by_height(stage, width, height, chrome), by_width)


def grid_by_height(stage: Stage, width: int, height: int, chrome: tuple[int, int]) -> int:
    """The largest grid the stage's height leaves room for, whatever its width."""
    return height - stage.top_height(width) - chrome[1]


def stage_width(stage: Stage, width: int, height: int, chrome: tuple[int, int]) -> int:
    """How wide the stage needs to be for the heatmap it can have at ``height``; any more
    width would only be empty space around the matrix."""
    grid = grid_side(stage, width, height, chrome)
    return grid + chrome[0] + stage.column_scroll.minimumWidth() + COLUMN_GAP


def side_width(font_px: int, tabs_px: int) -> int:
    """How wide the side panel is beside the stage: room for its pages and all its tabs."""
    return max(SIDE_MIN_PX, font_px * SIDE_EMS, tabs_px)


def side_panel_beside(
    stage: Stage, width: int, height: int, chrome: tuple[int, int], side: int
) -> bool:
    """Whether a side panel ``side`` px wide can stand beside the stage at no real cost
    to the heatmap."""
    if width - side < SIDE_MIN_PX:
        return False
    alone = grid_side(stage, width, height, chrome)
    shared = grid_side(stage, width - side - GAP, height, chrome)
    return shared >= BESIDE_SHARE * alone
