"""How the window lays out a room's stage (presenter, kiosk): ``app.window.room``'s grid
put on the real widgets, and taken off again when the room mode ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QWidget

import core
from app.panels.head_grid import HeadGrid
from app.text.lesson import examples, exhibit_examples, lesson_sentence
from app.ui.qt_typing import present
from app.window.room import (
    NOTES_LINES,
    ROOM_GAP,
    ROOM_MARGINS,
    RoomPlan,
    fix_size,
    free_size,
    plan_room,
)
from app.window.stage import GAP, MARGINS

#: The gaps of a room's column that is too tall for its row (see ``_fit_column``).
TIGHT_GAP = 2

if TYPE_CHECKING:
    from app.window.roles import RoomHost

#: The most rows of chips a room reserves: a longer sentence gets smaller chips (at
#: 1024 px, the 16-token example's small line drops from 24 to 18 px).
STRIP_ROWS = 2
#: The readout's largest size in a room, in body text sizes (the theme's readout size).
READOUT_SCALE = 1.5


def offered_sentences() -> list[tuple[str, ...]]:
    """The sentences a room offers (the lesson's, the examples, the exhibit's), as tokens."""
    texts = [lesson_sentence(), *(e.sentence for e in (*examples(), *exhibit_examples()))]
    found = []
    for text in texts:
        try:
            found.append(tuple(core.tokenize(text)))
        except core.TokenError:
            continue
    return found


def widest_label(window: RoomHost) -> str:
    """The widest left-axis label ("chased 8") of the sentences the room offers."""
    from app.panels.heatmap_items import axis_labels  # pyqtgraph: only once plots exist

    font = QFont(window.font())
    font.setPixelSize(window.state.font_px)
    metrics = QFontMetrics(font)
    labels = [label for tokens in offered_sentences() for label in axis_labels(tokens)]
    return max(labels, key=metrics.horizontalAdvance, default="")


def line_px(font_px: int, widget: QWidget) -> int:
    """One line of text at ``font_px`` in ``widget``'s font."""
    font = QFont(widget.font())
    font.setPixelSize(font_px)
    return QFontMetrics(font).lineSpacing()


def _column_height(window: RoomHost, width: int) -> int:
    """How tall the controls' column is with what it shows now, at ``width``."""
    box = present(window.stage.column.layout())
    heights = []
    for index in range(box.count()):
        widget = present(box.itemAt(index)).widget()
        if widget is None or widget.isHidden():
            continue
        if widget.hasHeightForWidth():
            heights.append(widget.heightForWidth(width))
        else:
            heights.append(widget.sizeHint().height())
    return sum(heights) + box.spacing() * max(0, len(heights) - 1)


def plan_for(window: RoomHost) -> RoomPlan:
    """The room's grid for the window's view as it is now."""
    area = window.scroll_area
    font_px = window.state.font_px
    strip = window.token_strip
    inner = area.width() - ROOM_MARGINS[0] - ROOM_MARGINS[2]
    rows = max((strip.rows_needed(tokens, inner) for tokens in offered_sentences()), default=1)
    heatmap = window.heatmap

    longest = widest_label(window) if heatmap is not None else ""

    def chrome(room: tuple[bool, bool]) -> tuple[int, int]:
        if heatmap is None:
            return font_px * 7, font_px * 3
        return heatmap.room_chrome((*room, longest), font_px)

    return plan_room(
        (area.width(), area.height()),
        font_px,
        line_px(font_px, window.readout),
        strip.rows_height(min(max(rows, 1), STRIP_ROWS)),
        window.stage.column.minimumWidth(),
        len(core.tokenize(lesson_sentence())),
        chrome,
    )


def _fit_column(window: RoomHost, plan: RoomPlan) -> None:
    """A column taller than its row would be cut (a window with a menu bar, the largest
    text): the head's summary gives way first, then the gaps narrow, and last the mask
    legend goes (the hatching stays on the cells). Measured with the legend shown, so
    that turning the mask off and on never changes what the column keeps."""
    selector = window.head_selector
    flow = present(selector.layout())
    box = present(window.stage.column.layout())
    window.column_legend.setVisible(True)
    selector.summary.show()
    flow.setSpacing(GAP)
    box.setSpacing(GAP)
    window.legend_fits = True

    def too_tall() -> bool:
        return _column_height(window, plan.column) > plan.row

    if too_tall():
        selector.summary.hide()
    if too_tall():
        flow.setSpacing(TIGHT_GAP)
        box.setSpacing(TIGHT_GAP)
    if too_tall():
        window.legend_fits = False  # the arrangement hides the legend (show_column_legend)


def arrange_room(window: RoomHost) -> RoomPlan:
    """Size every region of the stage from the room's grid (see ``app.window.room``)."""
    stage = window.stage
    present(window.content.layout()).setContentsMargins(*ROOM_MARGINS)
    present(stage.layout()).setSpacing(ROOM_GAP)
    stage.place_notes(False)  # out of the normal window's column: the summary shows
    window.head_selector.summary.show()
    plan = plan_for(window)
    font_px = window.state.font_px
    window.token_strip.set_room_height(plan.strip)
    fix_size(window.token_strip, height=plan.strip)
    fix_size(window.readout, height=plan.readout)
    window.readout.fit_sizes((round(font_px * READOUT_SCALE), font_px))
    stage.place_notes(plan.notes_beside)
    stage.notes.show()
    if plan.notes_beside:
        fix_size(stage.notes, width=plan.side, height=3 * NOTES_LINES * line_px(font_px, stage))
    else:
        free_size(stage.notes)
        fix_size(stage.notes, height=plan.notes)
    caption = getattr(window, "tour_caption", None)
    if caption is not None:
        caption.fit_sizes((font_px, font_px))
    fix_size(stage.heatmap_holder, plan.heatmap, plan.row)
    if window.heatmap is not None:
        window.heatmap.set_room((plan.words, plan.titles, widest_label(window)))
    column = stage.column_scroll
    column.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    fix_size(column, width=plan.column, height=plan.row)
    fix_size(stage.column, width=plan.column)
    _fit_column(window, plan)
    stage.room_side.setVisible(plan.side > 0)
    if plan.side > 0:
        fix_size(stage.room_side, plan.side, plan.row if not plan.notes_beside else None)
    if plan.side > 0:
        room_maps_for(window).show()
    elif window.room_maps is not None:
        window.room_maps.hide()
    window.room_plan = plan
    return plan


def room_maps_for(window: RoomHost) -> HeadGrid:
    """The small maps beside a wide room's column: a second view of the Heads page's
    maps (a room has the width, and no time to open a page), built on first use."""
    if window.room_maps is None:
        maps = HeadGrid(window.state, results=window.controller)
        maps.setObjectName("roomMaps")
        for mini in maps.maps.values():
            mini.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the Heads page's maps take Tab
        window.room_maps = maps
        window.painter.apply_to_maps(maps)
        side = window.stage.side_box
        side.addWidget(maps)
        side.addStretch(1)  # the maps at the top, at the size their width gives them
        window.part_built.emit(maps)
    return window.room_maps


def leave_room(window: RoomHost) -> None:
    """Give the stage back to the flowing desktop layout."""
    if getattr(window, "room_plan", None) is None:
        return
    window.room_plan = None
    window.legend_fits = True
    present(window.head_selector.layout()).setSpacing(GAP)
    present(window.stage.column.layout()).setSpacing(GAP)
    stage = window.stage
    present(window.content.layout()).setContentsMargins(*MARGINS)
    present(stage.layout()).setSpacing(GAP)
    window.token_strip.set_room_height(None)
    for widget in (window.token_strip, window.readout, stage.notes, stage.room_side):
        free_size(widget)
    window.readout.fit_sizes(None)
    caption = getattr(window, "tour_caption", None)
    if caption is not None:
        caption.fit_sizes(None)
    stage.place_notes(False)
    free_size(stage.heatmap_holder)
    if window.heatmap is not None:
        window.heatmap.set_room(None)
    stage.column_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    free_size(stage.column_scroll)
    stage.room_side.hide()
    stage.notes_in_column(window.head_selector.summary)
    stage.notes.setVisible(caption is not None and caption.stop is not None)


def banner_place(window: QWidget, content: QWidget) -> QRect | None:
    """Where a confirmation goes in a room, in ``content``'s coordinates: the stage's
    notes (never the heatmap's place); None outside a room."""
    rect = notes_rect(window)
    return None if rect is None else rect.translated(-content.mapTo(window, QPoint()))


def invitation_rect(window: QWidget | None) -> QRect | None:
    """Where a kiosk's invitation goes, in the window's coordinates: the notes under the
    readout, or the whole region beside a wide room's column (None outside a room)."""
    rect = notes_rect(window)
    plan = getattr(window, "room_plan", None)
    if rect is None or plan is None or not plan.notes_beside:
        return rect
    side = window.stage.room_side  # type: ignore[union-attr]  # a MainWindow in a room
    return QRect(side.mapTo(window, side.rect().topLeft()), side.size())


def notes_rect(window: QWidget | None) -> QRect | None:
    """Where a room's notes are, in the window's coordinates (None outside a room, or
    for a widget that is no main window)."""
    if window is None or getattr(window, "room_plan", None) is None:
        return None
    notes = window.stage.notes  # type: ignore[attr-defined]  # a MainWindow in a room
    return QRect(notes.mapTo(window, notes.rect().topLeft()), notes.size())
