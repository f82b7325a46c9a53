"""The token strip as a list: one item per token, the query selected."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from app.accessibility import events
from app.accessibility.items import ItemCache, PaintedItem, widget_rect_to_screen
from app.model.results import AttentionResult
from app.text.wording import (
    display_tokens,
    fill,
    format_percent,
    readout_of,
    token_label,
    translate,
)

if TYPE_CHECKING:
    from app.accessibility.protocols import TokenWidget


def token_name(result: AttentionResult, position: int) -> str:
    """'chased (2), 92%': the word, its position and the query's weight on it."""
    label = token_label(display_tokens(result.tokens), position)
    percent = format_percent(result.query_row[position])
    if position == result.query:
        return fill(translate("TokenList", "%1, the query, %2"), label, percent)
    if result.hidden[result.query, position]:
        return fill(translate("TokenList", "%1, hidden by the mask"), label)
    return f"{label}, {percent}"


class TokenItem(PaintedItem):
    """One chip. Pressing it makes the token the query."""

    ROLE = QAccessible.Role.ListItem
    widget: TokenWidget

    def _result(self) -> AttentionResult:
        """The strip's result; Qt asks an item about itself only while it ``exists()``."""
        result = self.widget.result
        if result is None:
            raise RuntimeError("a token item was asked about before the strip had tokens")
        return result

    def exists(self) -> bool:
        result = self.widget.result
        return result is not None and self.index < len(result.tokens)

    def name(self) -> str:
        return token_name(self._result(), self.index)

    def description(self) -> str:
        result = self._result()
        if self.index == result.query:
            # Said as the query moves onto the item: the key fact, even for screen
            # readers that do not speak announcements.
            return readout_of(result)
        query = token_label(display_tokens(result.tokens), result.query)
        return fill(translate("TokenList", "How much the query %1 looks at this token"), query)

    def screen_rect(self) -> QRect:
        return widget_rect_to_screen(self.widget, self.widget.chip_rect(self.index))

    def add_states(self, state: QAccessible.State) -> None:
        state.selectable = True
        state.focusable = True
        if self.index == self._result().query:
            state.selected = True
            state.focused = self.widget.hasFocus()

    def press(self) -> None:
        self.widget.choose(self.index)

    def key_bindings(self) -> list[str]:
        return ["Left", "Right", "Home", "End"] if self.index == self._result().query else []


class TokenStripAccessible(QAccessibleWidget):
    """The strip is a list; its items are the chips, in sentence order."""

    def __init__(self, strip: TokenWidget) -> None:
        super().__init__(strip, QAccessible.Role.List, strip.accessibleName())
        self.strip = strip
        self.items: ItemCache[int] = ItemCache(strip, lambda i: TokenItem(strip, i))

    def _count(self) -> int:
        result = self.strip.result
        return 0 if result is None else len(result.tokens)

    def childCount(self) -> int:  # noqa: N802 (Qt override)
        return self._count()

    def child(self, index: int) -> QAccessibleInterface | None:
        return self.items.get(index) if 0 <= index < self._count() else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, TokenItem) and child.widget is self.strip and child.exists():
            return child.index
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # noqa: N802
        position = self.strip.position_at(self.strip.mapFromGlobal(QPoint(x, y)).toPointF())
        return None if position is None else self.child(position)

    def focusChild(self) -> QAccessibleInterface | None:  # noqa: N802
        result = self.strip.result
        if result is None or not self.strip.hasFocus():
            return None
        return self.child(result.query)

    def text(self, kind: QAccessible.Text) -> str:
        result = self.strip.result
        if kind == QAccessible.Text.Description and result is not None:
            template = translate(
                "TokenList", "%1 tokens. The query is %2; %3. Left and Right move the query."
            )
            query = token_label(display_tokens(result.tokens), result.query)
            return fill(template, len(result.tokens), query, readout_of(result))
        return super().text(kind)


def tokens_shown(strip, previous: AttentionResult | None, result: AttentionResult) -> None:
    """Tell assistive technology what a new result changed on the strip."""
    iface = QAccessible.queryAccessibleInterface(strip)
    if not isinstance(iface, TokenStripAccessible):
        return
    if previous is None or previous.tokens != result.tokens:
        events.notify(strip, events.Event.ObjectReorder)
        return
    if previous.query != result.query:
        moved = [iface.child(previous.query), iface.child(result.query)]
        events.selection_moved([item for item in moved if item is not None])
        focused = iface.child(result.query)
        if strip.hasFocus() and focused is not None:
            events.notify(focused, events.Event.Focus)
    events.notify(strip, events.Event.VisibleDataChanged)


def tokens_focused(strip: QWidget) -> None:
    """The strip took the focus: its query item is the focused item (said with its
    name and the readout, its description), after Qt's word that the list has it."""
    iface = QAccessible.queryAccessibleInterface(strip)
    if isinstance(iface, TokenStripAccessible):
        focused = iface.focusChild()
        if focused is not None:
            events.notify(focused, events.Event.Focus)
