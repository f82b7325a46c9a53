"""The heatmap as a table: rows are queries, columns keys, tokens as headers.

PySide6 does not bind Qt's table interface, so the table node cannot answer "how many
rows" or "the cell at row 3, column 5" itself. What it can do, it does: the node has the
table role, and its children are the header cells and the weight cells in reading
order, each weight cell with the table-cell interface (its row, its column, its header
cells, selected when its row is the query).

Children, in order: the column headers (keys 0 .. n-1), then for each query row its
row header followed by that row's n cells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import (
    QAccessible,
    QAccessibleActionInterface,
    QAccessibleInterface,
    QAccessibleTableCellInterface,
)
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from app.accessibility import events
from app.accessibility.items import ItemCache, PaintedItem, widget_rect_to_screen
from app.model.results import AttentionResult
from app.text.numbers import weight_text
from app.text.wording import display_tokens, fill, token_label, translate

if TYPE_CHECKING:
    from app.accessibility.protocols import CellWidget


def cell_name(result: AttentionResult, query: int, key: int) -> str:
    """'query cat 7, key chased 2: 0.92', or 'query the 2, key . 5: hidden by the mask':
    a cell says its row and its column, so that a cell reached alone (by the heatmap's
    cursor, or a screen reader's review) needs no table commands to be understood."""
    tokens = display_tokens(result.tokens)
    row, column = f"{tokens[query]} {query}", f"{tokens[key]} {key}"
    if result.hidden[query, key]:
        template = translate("HeatmapTable", "query %1, key %2: hidden by the mask")
        return fill(template, row, column)
    weight = weight_text(float(result.selected[query, key]))
    return fill(translate("HeatmapTable", "query %1, key %2: %3"), row, column, weight)


def shown_result(view: CellWidget) -> AttentionResult:
    """The heatmap's result; Qt asks an item about itself only while it ``exists()``."""
    if view.result is None:
        raise RuntimeError("a heatmap item was asked about before the heatmap had a result")
    return view.result


class HeaderItem(PaintedItem):
    """A token heading a column (a key) or a row (a query)."""

    widget: CellWidget

    def __init__(self, view: CellWidget, index: int, position: int, is_row: bool) -> None:
        super().__init__(view, index)
        self.position = position
        self.is_row = is_row

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.RowHeader if self.is_row else QAccessible.Role.ColumnHeader

    def exists(self) -> bool:
        result = self.widget.result
        return result is not None and self.position < len(result.tokens)

    def name(self) -> str:
        result = shown_result(self.widget)
        label = token_label(display_tokens(result.tokens), self.position)
        if self.is_row:
            if self.position == result.query:
                return fill(translate("HeatmapTable", "query %1, the query"), label)
            return fill(translate("HeatmapTable", "query %1"), label)
        return fill(translate("HeatmapTable", "key %1"), label)

    def screen_rect(self) -> QRect:
        # Beside the first cell of its row, or above the first cell of its column.
        if self.is_row:
            box = self.widget.cell_rect(self.position, 0)
            box.moveRight(box.left() - 1)
        else:
            box = self.widget.cell_rect(0, self.position)
            box.moveBottom(box.top() - 1)
        return widget_rect_to_screen(self.widget, box)

    def add_states(self, state: QAccessible.State) -> None:
        if self.is_row:
            state.selectable = True
            state.selected = self.position == shown_result(self.widget).query

    def press(self) -> None:
        if self.is_row:
            self.widget.choose(self.position)

    def actionNames(self) -> list[str]:  # noqa: N802 (Qt override)
        return super().actionNames() if self.is_row else []


class CellItem(PaintedItem, QAccessibleTableCellInterface):
    """One weight: what query ``row`` gives key ``column``. Pressing it makes the row
    the query, as a click does."""

    CPP_BASES = (QAccessibleInterface, QAccessibleActionInterface, QAccessibleTableCellInterface)
    ROLE = QAccessible.Role.Cell

    widget: CellWidget

    def __init__(self, view, index: int, row: int, column: int, table) -> None:
        PaintedItem.__init__(self, view, index)
        QAccessibleTableCellInterface.__init__(self)
        self.row, self.column = row, column
        self._table = table

    def extra_interface(self, kind: QAccessible.InterfaceType) -> type | None:
        if kind == QAccessible.InterfaceType.TableCellInterface:
            return QAccessibleTableCellInterface
        return None

    def exists(self) -> bool:
        result = self.widget.result
        return result is not None and max(self.row, self.column) < len(result.tokens)

    def name(self) -> str:
        return cell_name(shown_result(self.widget), self.row, self.column)

    def screen_rect(self) -> QRect:
        return widget_rect_to_screen(self.widget, self.widget.cell_rect(self.row, self.column))

    def add_states(self, state: QAccessible.State) -> None:
        state.selectable = True
        state.selected = self.isSelected()
        state.focusable = True
        state.focused = self.widget.hasFocus() and self.widget.cell_cursor == (
            self.row,
            self.column,
        )

    def press(self) -> None:
        self.widget.choose(self.row)

    def is_cursor(self) -> bool:
        """Whether the heatmap's keyboard cursor is on this cell."""
        return self.widget.cell_cursor == (self.row, self.column)

    def key_bindings(self) -> list[str]:
        return ["Return"] if self.is_cursor() else []

    # -- QAccessibleTableCellInterface ----------------------------------------------------

    def rowIndex(self) -> int:  # noqa: N802
        return self.row

    def columnIndex(self) -> int:  # noqa: N802
        return self.column

    def rowExtent(self) -> int:  # noqa: N802
        return 1

    def columnExtent(self) -> int:  # noqa: N802
        return 1

    def isSelected(self) -> bool:  # noqa: N802
        result = self.widget.result
        return result is not None and self.row == result.query

    def rowHeaderCells(self) -> list[QAccessibleInterface]:  # noqa: N802
        return [self._table.row_header(self.row)]

    def columnHeaderCells(self) -> list[QAccessibleInterface]:  # noqa: N802
        return [self._table.column_header(self.column)]

    def table(self) -> QAccessibleInterface:
        return self._table


class HeatmapTableAccessible(QAccessibleWidget):
    """The heatmap's node: role Table, children as described in the module docstring."""

    def __init__(self, view: CellWidget) -> None:
        super().__init__(view, QAccessible.Role.Table, view.accessibleName())
        self.view = view
        self.items = ItemCache(view, self._make)

    def _n(self) -> int:
        result = self.view.result
        return 0 if result is None else len(result.tokens)

    @staticmethod
    def index_of(n: int, row: int | None, column: int | None) -> int:
        """Child index of a column header (row None), row header (column None) or cell."""
        if row is None:
            assert column is not None, "a child is a header or a cell, never neither"
            return column
        return n + row * (n + 1) + (0 if column is None else column + 1)

    def _make(self, key: tuple[int | None, int | None]) -> PaintedItem:
        row, column = key
        index = self.index_of(self._n(), row, column)
        if row is None:
            assert column is not None, "a child is a header or a cell, never neither"
            return HeaderItem(self.view, index, column, is_row=False)
        if column is None:
            return HeaderItem(self.view, index, row, is_row=True)
        return CellItem(self.view, index, row, column, self)

    def _item(self, row: int | None, column: int | None) -> PaintedItem:
        item = self.items.get((row, column))
        item.index = self.index_of(self._n(), row, column)  # n may have changed
        return item

    def row_header(self, row: int) -> PaintedItem:
        return self._item(row, None)

    def column_header(self, column: int) -> PaintedItem:
        return self._item(None, column)

    def cell(self, row: int, column: int) -> PaintedItem:
        return self._item(row, column)

    def childCount(self) -> int:  # noqa: N802 (Qt override)
        n = self._n()
        return n + n * (n + 1)

    def child(self, index: int) -> QAccessibleInterface | None:
        n = self._n()
        if not 0 <= index < n + n * (n + 1):
            return None
        if index < n:
            return self.column_header(index)
        row, rest = divmod(index - n, n + 1)
        return self.row_header(row) if rest == 0 else self.cell(row, rest - 1)

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, PaintedItem) and child.widget is self.view and child.exists():
            return child.index
        return -1

    def focusChild(self) -> QAccessibleInterface | None:  # noqa: N802
        cursor = self.view.cell_cursor
        if cursor is None or not self.view.hasFocus():
            return None
        return self.cell(*cursor)

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # noqa: N802
        graphics = self.view.graphics
        scene = graphics.mapToScene(graphics.mapFromGlobal(QPoint(x, y)))
        cell = self.view.cell_at(scene)
        return None if cell is None else self.cell(*cell)

    def text(self, kind: QAccessible.Text) -> str:
        result = self.view.result
        if kind == QAccessible.Text.Description and result is not None:
            n = len(result.tokens)
            query = token_label(display_tokens(result.tokens), result.query)
            template = translate(
                "HeatmapTable",
                "%1. %2 rows, one per query, and %2 columns, one per key. The query row is %3.",
            )
            return f"{fill(template, self.view.title.text(), n, query)} {row_summary(result)}"
        return super().text(kind)


def row_summary(result: AttentionResult) -> str:
    """The query's row as text: 'Row 7, cat: the 0.05, cat 0.01, ...'."""
    tokens = display_tokens(result.tokens)
    hidden_word = translate("HeatmapTable", "hidden")
    cells = [
        f"{token} {hidden_word if hidden else weight_text(float(weight))}"
        for token, weight, hidden in zip(
            tokens, result.query_row, result.hidden[result.query], strict=True
        )
    ]
    row = fill(translate("HeatmapTable", "Row %1, %2:"), result.query, tokens[result.query])
    return f"{row} " + ", ".join(cells)


def heatmap_shown(view, previous: AttentionResult | None, result: AttentionResult) -> None:
    """Tell assistive technology what a new result changed in the table."""
    iface = QAccessible.queryAccessibleInterface(view)
    if not isinstance(iface, HeatmapTableAccessible):
        return
    if previous is None or previous.tokens != result.tokens:
        events.notify(view, events.Event.ObjectReorder)
        return
    if previous.query != result.query:
        rows = {previous.query, result.query}
        moved: list[QAccessibleInterface] = [
            item
            for item in iface.items.made()
            if (isinstance(item, CellItem) and item.row in rows)
            or (isinstance(item, HeaderItem) and item.is_row and item.position in rows)
        ]
        events.selection_moved(moved)
    events.notify(view, events.Event.VisibleDataChanged)
    events.notify(view, events.Event.DescriptionChanged)


def cursor_moved(view: QWidget) -> None:
    """The keyboard cursor is on another cell (or came into the heatmap): it is the
    focused item now, and a screen reader says the cell, as it says a list's item."""
    iface = QAccessible.queryAccessibleInterface(view)
    if not isinstance(iface, HeatmapTableAccessible):
        return
    focused = iface.focusChild()
    if focused is not None:
        events.notify(focused, events.Event.Focus)
