"""Accessible items that are painted, not widgets: chips, cells, tabs.

Qt gives every widget an accessible node, but a chip of the token strip or a cell of the
heatmap is only paint. These items stand in for them. PySide6 lets a Python class derive
from ``QAccessibleInterface`` and from the extra interfaces (actions, table cells); Qt
finds the extras through ``interface_cast``, which must hand back the C++ address of
that part of the object.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import shiboken6
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import (
    QAccessible,
    QAccessibleActionInterface,
    QAccessibleInterface,
    QWindow,
)
from PySide6.QtWidgets import QWidget

PRESS = QAccessibleActionInterface.pressAction()
SET_FOCUS = QAccessibleActionInterface.setFocusAction()


def widget_rect_to_screen(widget: QWidget, rect: QRectF) -> QRect:
    """A rectangle in ``widget``'s coordinates, on the screen (where Qt wants it)."""
    box = rect.toAlignedRect()
    return QRect(widget.mapToGlobal(box.topLeft()), box.size())


def alive(widget: QWidget | None) -> bool:
    """Whether the C++ widget behind ``widget`` still exists."""
    return widget is not None and shiboken6.isValid(widget)


class PaintedItem(QAccessibleInterface, QAccessibleActionInterface):
    """One painted piece of ``widget``: its node in the tree, with actions.

    Subclasses say what the item is (``role``, ``name``, ``states``, ``screen_rect``)
    and what pressing it does (``press``); the tree bookkeeping lives here.
    """

    #: The C++ bases in the order this class lists them (see ``interface_cast``).
    CPP_BASES: tuple[type, ...] = (QAccessibleInterface, QAccessibleActionInterface)
    ROLE = QAccessible.Role.Client

    def __init__(self, widget: QWidget, index: int) -> None:
        QAccessibleInterface.__init__(self)
        QAccessibleActionInterface.__init__(self)
        self.widget = widget
        #: Where this item is among its parent's children.
        self.index = index
        #: What just changed, said as this item's description while it has the focus
        #: (see ``app.accessibility.herald``); empty: its own description.
        self.news = ""

    # -- what subclasses describe ------------------------------------------------------

    def name(self) -> str:
        return ""

    def description(self) -> str:
        return ""

    def exists(self) -> bool:
        """Whether the painted piece is still there (a shorter sentence drops chips)."""
        return True

    def screen_rect(self) -> QRect:
        return QRect()

    def add_states(self, state: QAccessible.State) -> None:
        """Set the item's own states (selected, focused ...)."""

    def press(self) -> None:
        """What a click on the item does."""

    def key_bindings(self) -> list[str]:
        return []

    # -- QAccessibleInterface ------------------------------------------------------------

    def isValid(self) -> bool:  # noqa: N802 (Qt override)
        return alive(self.widget) and self.exists()

    def object(self):  # noqa: A003 (Qt override)
        return None

    def window(self) -> QWindow | None:
        return self.widget.window().windowHandle() if alive(self.widget) else None

    def parent(self) -> QAccessibleInterface | None:
        return QAccessible.queryAccessibleInterface(self.widget) if alive(self.widget) else None

    def child(self, index: int) -> None:
        return None

    def childCount(self) -> int:  # noqa: N802
        return 0

    def indexOfChild(self, child) -> int:  # noqa: N802
        return -1

    def childAt(self, x: int, y: int) -> None:  # noqa: N802
        return None

    def focusChild(self) -> None:  # noqa: N802
        return None

    def relations(self, match=None) -> list:
        return []

    def rect(self) -> QRect:
        return self.screen_rect() if self.isValid() else QRect()

    def role(self) -> QAccessible.Role:
        return self.ROLE

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        if not self.isValid():
            state.invalid = True
            return state
        if not self.widget.isVisible():
            state.invisible = True
        self.add_states(state)
        return state

    def text(self, kind: QAccessible.Text) -> str:
        if not self.isValid():
            return ""
        if kind == QAccessible.Text.Name:
            return self.name()
        if kind == QAccessible.Text.Description:
            return self.news or self.description()
        if kind == QAccessible.Text.Accelerator:
            return ", ".join(self.key_bindings())
        return ""

    def setText(self, kind, text: str) -> None:  # noqa: N802
        pass  # painted items have no editable text

    def interface_cast(self, kind: QAccessible.InterfaceType) -> shiboken6.VoidPtr:
        wanted = {
            QAccessible.InterfaceType.ActionInterface: QAccessibleActionInterface,
        }.get(kind) or self.extra_interface(kind)
        if wanted is None or wanted not in self.CPP_BASES:
            return shiboken6.VoidPtr(0)
        address = shiboken6.getCppPointer(self)[self.CPP_BASES.index(wanted)]
        return shiboken6.VoidPtr(address)

    def extra_interface(self, kind: QAccessible.InterfaceType) -> type | None:
        """The C++ base that implements ``kind`` beyond actions (table cells ...)."""
        return None

    # -- QAccessibleActionInterface ------------------------------------------------------

    def actionNames(self) -> list[str]:  # noqa: N802
        return [PRESS] if self.isValid() else []

    def doAction(self, action: str) -> None:  # noqa: N802
        if action == PRESS and self.isValid():
            self.press()

    def keyBindingsForAction(self, action: str) -> list[str]:  # noqa: N802
        return self.key_bindings() if action == PRESS else []


#: Every cache whose widget is alive.
_LIVE_CACHES: set[ItemCache[Any]] = set()


K = TypeVar("K", bound=Hashable)


class ItemCache(Generic[K]):
    """The items of one widget, made when first asked for and kept while it lives.

    Qt keeps the address of every item it has handed out, so an item must not die
    while Qt can still ask for it: the cache keeps them, and removes them from Qt's
    registry when the widget goes.
    """

    def __init__(self, widget: QWidget, make: Callable[[K], PaintedItem]) -> None:
        self._make = make
        self._items: dict[K, PaintedItem] = {}
        _LIVE_CACHES.add(self)  # alive until its widget goes, whoever else lets go
        widget.destroyed.connect(self.release)

    def get(self, key: K) -> PaintedItem:
        item = self._items.get(key)
        if item is None:
            item = self._items[key] = self._make(key)
        return item

    def made(self) -> list[PaintedItem]:
        """The items made so far (only these can have been announced)."""
        return list(self._items.values())

    def release(self, *_args) -> None:
        """Forget every item, and have Qt forget them too."""
        items, self._items = self._items, {}
        _LIVE_CACHES.discard(self)
        for item in items.values():
            if shiboken6.isValid(item):
                QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(item))
