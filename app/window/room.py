"""A room's stage (presenter, kiosk): a fixed grid of regions, decided once from the screen.

A room watches a sequence of states from a distance: another query, head, sentence or
tour stop must never move a control or shrink the heatmap. So each region gets its
size when the room is laid out, and the words that change fit the region they have
(they shrink down to the room's 24 px, then elide; see ``app.ui.fitting``):

    +------------------------------------------------------------------+
    | token strip: the rows the longest offered sentence needs          |
    | readout: two lines                                                |
    | notes: two lines (caption, confirmations)  -- or beside, see below |
    | +-----------------------------+ +----------+ +-------------------+ |
    | | heatmap: the square that    | | column:  | | wide screens:     | |
    | | is left, axes of a fixed    | | heads,   | | notes, and the    | |
    | | size                        | | mask ... | | small maps        | |
    | +-----------------------------+ +----------+ +-------------------+ |
    +------------------------------------------------------------------+
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from app.window.stage import COLUMN_GAP, GAP

if TYPE_CHECKING:
    from collections.abc import Callable

#: Space around a room's stage: left, top, right, bottom.
ROOM_MARGINS = (8, 2, 8, 2)
#: Space between a room's regions.
ROOM_GAP = 2
#: The lines reserved for the readout and for the notes.
READOUT_LINES = 2
NOTES_LINES = 2
#: The region beside the column is worth having from this many text sizes wide.
SIDE_EMS = 11
#: Cells this large name words on the axes (smaller ones show positions alone).
WORD_CELL_EMS = 2.4
#: Axis titles only while the grid keeps at least this share of the height with them.
TITLES_SHARE = 0.62
#: Words on the axes while the grid keeps at least this share of its size without them.
WORDS_SHARE = 0.9
QWIDGETSIZE_MAX = (1 << 24) - 1


@dataclass(frozen=True)
class RoomPlan:
    """The sizes of a room's regions, in px (see the module's sketch)."""

    strip: int
    readout: int
    #: Height of the notes under the readout; 0 when they stand beside the column.
    notes: int
    row: int
    heatmap: int
    grid: int
    column: int
    side: int
    words: bool
    titles: bool

    @property
    def notes_beside(self) -> bool:
        return self.notes == 0


def plan_room(
    size: tuple[int, int],
    font_px: int,
    line_px: int,
    strip: int,
    column: int,
    n_lesson: int,
    chrome: Callable[[tuple[bool, bool]], tuple[int, int]],
) -> RoomPlan:
    """The room's grid for a view of ``size`` (width, height).

    ``line_px`` is one line of the room's text, ``strip`` the token strip's reserved
    height, ``column`` the controls' width, ``n_lesson`` the lesson's token count (the
    sentence a room shows most) and ``chrome(words, titles)`` what the heatmap needs
    around its cells.
    """
    width = size[0] - ROOM_MARGINS[0] - ROOM_MARGINS[2]
    height = size[1] - ROOM_MARGINS[1] - ROOM_MARGINS[3]
    readout = READOUT_LINES * line_px
    notes = NOTES_LINES * line_px
    side_min = SIDE_EMS * font_px
    plans = []
    for titles in (True, False):
        for words in (True, False):
            for beside in (True, False):
                chrome_w, chrome_h = chrome((words, titles))
                top = strip + readout + (0 if beside else notes)
                gaps = ROOM_GAP * (2 if beside else 3)
                row = height - top - gaps
                room_w = width - chrome_w - COLUMN_GAP - column
                if beside:
                    room_w -= COLUMN_GAP + side_min
                grid = min(row - chrome_h, room_w)
                if grid <= 0 or (words and grid / n_lesson < WORD_CELL_EMS * font_px):
                    continue
                heatmap = grid + chrome_w
                side = width - heatmap - column - 2 * COLUMN_GAP if beside else 0
                plan = RoomPlan(
                    strip, readout, 0 if beside else notes, row, heatmap, grid, column,
                    side, words, titles,
                )  # fmt: skip
                plans.append(plan)
    if not plans:  # a screen far too small for a room: the plain grid, as large as it gets
        return RoomPlan(strip, readout, notes, max(1, height - strip - readout - notes),
                        width - column, 40, column, 0, False, False)  # fmt: skip
    # Axis titles and words cost the grid some height: worth it while it stays large.
    titled = [p for p in plans if p.titles and p.grid >= TITLES_SHARE * size[1]]
    plans = titled or [p for p in plans if not p.titles] or plans
    plain = max((p.grid for p in plans if not p.words), default=0)
    worded = [p for p in plans if p.words and p.grid >= WORDS_SHARE * plain]
    plans = worded or [p for p in plans if not p.words] or plans
    return max(plans, key=lambda p: (p.grid, p.notes_beside))


def fix_size(widget: QWidget, width: int | None = None, height: int | None = None) -> None:
    """Fix ``widget``'s width and/or height (only when they differ: no needless relayout)."""
    if width is not None and (widget.minimumWidth(), widget.maximumWidth()) != (width, width):
        widget.setFixedWidth(width)
    if height is not None and (widget.minimumHeight(), widget.maximumHeight()) != (height,) * 2:
        widget.setFixedHeight(height)


def free_size(widget: QWidget) -> None:
    """Undo ``fix_size``: the layouts decide again."""
    widget.setMinimumSize(0, 0)
    widget.setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)


__all__ = ["GAP", "ROOM_GAP", "ROOM_MARGINS", "RoomPlan", "fix_size", "free_size", "plan_room"]
