"""The heatmap as a keyboard place: a cursor on one cell, moved by the arrow keys.

Up and Down move the cursor to another query (row), Left and Right to another key
(column); Home and End jump to the row's first and last key, Page Up and Page Down to
the first and last query, Ctrl+Home and Ctrl+End to the corners. Enter (or Space)
makes the cursor's row the query, as a click on it does. Each move is said by a screen
reader as the cell's name ("query cat 7, key chased 2: 0.92"): the cell becomes the
focused item of the heatmap's accessible table.

While the heatmap has the focus, these keys are its own: the window's Left / Right
(move the query) and Page Up / Page Down (the tour) wait outside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QKeyEvent, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from app.accessibility import events
from app.accessibility.heatmap import cursor_moved

if TYPE_CHECKING:
    from app.model.results import AttentionResult
    from app.panels.heatmap_view import HeatmapView
    from app.ui.theme import Theme

K = Qt.Key
#: Keys that move the cursor: (rows, columns) to move by, or to jump to (None: stay).
MOVES = {K.Key_Up: (-1, 0), K.Key_Down: (1, 0), K.Key_Left: (0, -1), K.Key_Right: (0, 1)}
CHOOSE = {K.Key_Return, K.Key_Enter, K.Key_Space}
JUMPS = {K.Key_Home, K.Key_End, K.Key_PageUp, K.Key_PageDown}
#: The cursor's line, in pixels (the query's outline is 4, in the query's colour), and
#: the band of the panel's colour on each side of it: the focus colour alone was lost
#: on cells of a colour near it (purple on viridis' dark end, in the light theme).
CURSOR_PX = 3
HALO_PX = 2


def first_place(result: AttentionResult) -> tuple[int, int]:
    """Where the cursor starts: on the query's row, at the key it looks at most."""
    row = result.query
    return row, int(result.query_row.argmax())


class CellCursor(QObject):
    """The keyboard cursor of ``view`` (see the module): its place, keys and drawing."""

    def __init__(self, view: HeatmapView) -> None:
        super().__init__(view)
        self.view = view
        self.place: tuple[int, int] | None = None
        #: The ring in the focus colour, over a wider one in the panel's (its halo).
        self.item, self.halo = QGraphicsRectItem(), QGraphicsRectItem()
        for z, item in ((12, self.item), (11, self.halo)):  # over the query's outline
            item.setZValue(z)
            item.setVisible(False)
            view.plot.addItem(item)
        view.installEventFilter(self)

    def set_theme(self, theme: Theme) -> None:
        for item, colour, px in (
            (self.item, theme.focus, CURSOR_PX),
            (self.halo, theme.panel, CURSOR_PX + 2 * HALO_PX),
        ):
            pen = QPen(QColor(colour), px)
            pen.setCosmetic(True)
            item.setPen(pen)

    def follow(self, previous: AttentionResult | None, result: AttentionResult) -> None:
        """A new result: a new sentence puts the cursor back at its start."""
        if previous is None or previous.tokens != result.tokens:
            self.place = None
            if self.view.hasFocus():
                self.place = first_place(result)
        self._draw()

    def _draw(self) -> None:
        shown = self.place is not None and self.view.hasFocus()
        for item in (self.item, self.halo):
            if shown and self.place is not None:
                row, column = self.place
                item.setRect(QRectF(column, row, 1, 1))
            item.setVisible(shown)

    def _target(self, key: int, ctrl: bool) -> tuple[int, int] | None:
        result = self.view.result
        if result is None or self.place is None:
            return None
        last = len(result.tokens) - 1
        row, column = self.place
        if key in MOVES:
            d_row, d_column = MOVES[Qt.Key(key)]
            return min(last, max(0, row + d_row)), min(last, max(0, column + d_column))
        if key == K.Key_Home:
            return (0, 0) if ctrl else (row, 0)
        if key == K.Key_End:
            return (last, last) if ctrl else (row, last)
        if key == K.Key_PageUp:
            return 0, column
        if key == K.Key_PageDown:
            return last, column
        return None

    def move_to(self, place: tuple[int, int]) -> None:
        """Put the cursor on a cell, and have it said."""
        self.place = place
        self._draw()
        if events.is_active():
            cursor_moved(self.view)

    def _key(self, event: QKeyEvent, press: bool) -> bool:
        """Whether the key is the cursor's; does what it says when ``press``."""
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ctrl = mods == Qt.KeyboardModifier.ControlModifier
        key = event.key()
        ours = (mods == Qt.KeyboardModifier(0) and key in MOVES.keys() | CHOOSE | JUMPS) or (
            ctrl and key in (K.Key_Home, K.Key_End)
        )
        if not ours or self.view.result is None:
            return False
        if press:
            if key in CHOOSE:
                if self.place is not None:
                    self.view.choose(self.place[0])
            else:
                target = self._target(key, ctrl)
                if target is not None:
                    self.move_to(target)  # said again at an edge: the learner hears where
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            assert isinstance(event, QKeyEvent)
            if self._key(event, kind == QEvent.Type.KeyPress):
                event.accept()
                return True
        elif kind == QEvent.Type.FocusIn:
            result = self.view.result
            if self.place is None and result is not None:
                self.place = first_place(result)
            self._draw()
            if events.is_active():  # after Qt's own word that the table has the focus
                QTimer.singleShot(0, self, lambda: cursor_moved(self.view))
        elif kind == QEvent.Type.FocusOut:
            self._draw()
        return False
