"""The frame around the lesson: the side panel's tab list and the splitter handle.

Qt names a tab list after its current tab ("Heads"), so a screen reader hears the page
twice and never the list's own name; and a splitter handle is an unnamed node of
unknown role. These interfaces give both a name and a role that says what they are.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import (
    QAccessibleWidget,
    QSplitter,
    QSplitterHandle,
    QTabBar,
    QTabWidget,
    QWidget,
)

from app.accessibility.choices import strip_mnemonic
from app.accessibility.items import ItemCache, PaintedItem, widget_rect_to_screen
from app.text.wording import translate


class TabItem(PaintedItem):
    """One tab; pressing it opens its page."""

    ROLE = QAccessible.Role.PageTab
    widget: QTabBar

    def exists(self) -> bool:
        return self.index < self.widget.count()

    def name(self) -> str:
        return self.widget.accessibleTabName(self.index) or strip_mnemonic(
            self.widget.tabText(self.index)
        )

    def description(self) -> str:
        return self.widget.tabToolTip(self.index)

    def screen_rect(self) -> QRect:
        return widget_rect_to_screen(self.widget, self.widget.tabRect(self.index).toRectF())

    def add_states(self, state: QAccessible.State) -> None:
        current = self.index == self.widget.currentIndex()
        state.selectable = True
        state.selected = current
        state.focusable = True
        state.focused = current and self.widget.hasFocus()
        state.disabled = not self.widget.isTabEnabled(self.index)
        if not self.widget.isTabVisible(self.index):
            state.invisible = True

    def press(self) -> None:
        self.widget.setCurrentIndex(self.index)


class TabListAccessible(QAccessibleWidget):
    """A tab bar that keeps its own accessible name; its tabs are its children."""

    def __init__(self, bar: QTabBar) -> None:
        super().__init__(bar, QAccessible.Role.PageTabList, bar.accessibleName())
        self.bar = bar
        self.items: ItemCache[int] = ItemCache(bar, lambda i: TabItem(bar, i))

    def childCount(self) -> int:  # noqa: N802 (Qt override)
        return self.bar.count()

    def child(self, index: int) -> QAccessibleInterface | None:
        return self.items.get(index) if 0 <= index < self.bar.count() else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, TabItem) and child.widget is self.bar and child.exists():
            return child.index
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # noqa: N802
        index = self.bar.tabAt(self.bar.mapFromGlobal(QPoint(x, y)))
        return self.child(index)

    def focusChild(self) -> QAccessibleInterface | None:  # noqa: N802
        return self.child(self.bar.currentIndex()) if self.bar.hasFocus() else None


class SplitterAccessible(QAccessibleWidget):
    """A splitter whose children come in screen order: first pane, handle, next pane.

    (Qt lists them in the order they became children, which put the side panel
    before the heatmap: a screen reader then reads the stage last.)
    """

    def __init__(self, splitter: QSplitter) -> None:
        super().__init__(splitter, QAccessible.Role.Splitter)
        self.splitter = splitter

    def _parts(self) -> list[QWidget]:
        parts: list[QWidget] = []
        for i in range(self.splitter.count()):
            handle, pane = self.splitter.handle(i), self.splitter.widget(i)
            parts += [w for w in (handle, pane) if w is not None and not w.isHidden()]
        return parts

    def childCount(self) -> int:  # noqa: N802 (Qt override)
        return len(self._parts())

    def child(self, index: int) -> QAccessibleInterface | None:
        parts = self._parts()
        return (
            QAccessible.queryAccessibleInterface(parts[index]) if 0 <= index < len(parts) else None
        )

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        parts = self._parts()
        found = child.object()
        return parts.index(found) if isinstance(found, QWidget) and found in parts else -1


class TabWidgetAccessible(QAccessibleWidget):
    """A tabbed panel that lists its tabs before the page they show (Qt puts the page
    first, so the tab list was read last)."""

    def __init__(self, tabs: QTabWidget) -> None:
        super().__init__(tabs, QAccessible.Role.Client)
        self.tabs = tabs

    def _parts(self) -> list[QAccessibleInterface]:
        parts = [super(TabWidgetAccessible, self).child(i) for i in range(super().childCount())]
        bar = QAccessible.queryAccessibleInterface(self.tabs.tabBar())
        return [bar] + [p for p in parts if p is not None and p.object() is not self.tabs.tabBar()]

    def childCount(self) -> int:  # noqa: N802 (Qt override)
        return len(self._parts())

    def child(self, index: int) -> QAccessibleInterface | None:
        parts = self._parts()
        return parts[index] if 0 <= index < len(parts) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        objects = [p.object() for p in self._parts()]
        return objects.index(child.object()) if child.object() in objects else -1


class SplitterHandleAccessible(QAccessibleWidget):
    """A splitter handle: a named separator, not an unknown node."""

    def __init__(self, handle: QSplitterHandle) -> None:
        super().__init__(handle, QAccessible.Role.Separator)
        self.handle = handle

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name:
            return self.handle.accessibleName() or translate(
                "Accessibility", "Divider between the panels"
            )
        if kind == QAccessible.Text.Description:
            return translate(
                "Accessibility", "Drag it with the mouse to share the room between the two sides"
            )
        return super().text(kind)
