"""One-of-several choices read as radio buttons; the mini maps as buttons.

A checkable push button in an exclusive group looks like a button but behaves like a
radio button: Qt calls it a check box, which tells a screen-reader user the wrong thing
(that several may be on). The same holds for checkable menu items in an exclusive
action group (the themes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAccessible, QAccessibleInterface, QAction
from PySide6.QtWidgets import QAbstractButton, QAccessibleWidget, QMenu, QWidget

from app.accessibility.items import PRESS, PaintedItem, widget_rect_to_screen

if TYPE_CHECKING:
    from app.accessibility.protocols import ClickableWidget, SelectableWidget

#: Dynamic property holding the key that chooses a widget ("1" for the first head).
KEY_PROPERTY = "accessibleKey"
#: Dynamic property holding what just changed, which the widget's node reads as its
#: description while it is set (see ``app.accessibility.herald``): unlike
#: ``setAccessibleDescription`` it sends no event of its own.
NEWS_PROPERTY = "accessibleNews"


def strip_mnemonic(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def is_exclusive_choice(button: QAbstractButton) -> bool:
    group = button.group()
    return button.isCheckable() and group is not None and group.exclusive()


def key_of(widget: QWidget) -> list[str]:
    key = widget.property(KEY_PROPERTY)
    return [str(key)] if key else []


class RadioButtonAccessible(QAccessibleWidget):
    """A checkable button of an exclusive group, read as a radio button."""

    def __init__(self, button: QAbstractButton) -> None:
        super().__init__(button, QAccessible.Role.RadioButton)
        self.button = button

    #: Reads ``NEWS_PROPERTY`` as its description (the herald may put news there).
    reads_news = True

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name:
            return self.button.accessibleName() or strip_mnemonic(self.button.text())
        if kind == QAccessible.Text.Accelerator:
            return ", ".join(key_of(self.button))
        if kind == QAccessible.Text.Description and self.button.property(NEWS_PROPERTY):
            return str(self.button.property(NEWS_PROPERTY))
        return super().text(kind)

    def state(self) -> QAccessible.State:
        state = super().state()
        state.checkable = True
        state.checked = self.button.isChecked()
        return state

    def actionNames(self) -> list[str]:  # noqa: N802 (Qt override)
        return [PRESS] + [a for a in super().actionNames() if a != PRESS]

    def doAction(self, action: str) -> None:  # noqa: N802
        if action == PRESS:
            self.button.click()
        else:
            super().doAction(action)

    def keyBindingsForAction(self, action: str) -> list[str]:  # noqa: N802
        return key_of(self.button) if action == PRESS else []


def read_as_choice(button: QAbstractButton) -> None:
    """Make ``button``'s screen-reader node a radio button once it is in its exclusive
    group. Qt keeps the first node it made of a widget, and a node made before the
    button joined its group (a name set while a screen reader listens, as on a page
    built late) said "check box" for as long as the button lived."""
    if not is_exclusive_choice(button):
        return
    node = QAccessible.queryAccessibleInterface(button)
    if node is not None and not isinstance(node, RadioButtonAccessible):
        QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(node))


class MiniMapAccessible(QAccessibleWidget):
    """A small map is a button: pressing it selects its head."""

    def __init__(self, mini: SelectableWidget) -> None:
        super().__init__(mini, QAccessible.Role.Button)
        self.mini = mini

    def state(self) -> QAccessible.State:
        state = super().state()
        state.checkable = True
        state.checked = self.mini.is_selected
        return state

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Accelerator:
            return ", ".join(key_of(self.mini))
        return super().text(kind)

    def actionNames(self) -> list[str]:  # noqa: N802 (Qt override)
        return [PRESS] + [a for a in super().actionNames() if a != PRESS]

    def doAction(self, action: str) -> None:  # noqa: N802
        if action == PRESS:
            self.mini.select()
        else:
            super().doAction(action)

    def keyBindingsForAction(self, action: str) -> list[str]:  # noqa: N802
        return key_of(self.mini) if action == PRESS else []


class ClickableAccessible(QAccessibleWidget):
    """A painted widget that acts on a click and on Space (a learned head's small map):
    a button, whose press emits its ``clicked`` signal."""

    def __init__(self, widget: ClickableWidget) -> None:
        super().__init__(widget, QAccessible.Role.Button)
        self.clickable = widget

    def actionNames(self) -> list[str]:  # noqa: N802 (Qt override)
        return [PRESS] + [a for a in super().actionNames() if a != PRESS]

    def doAction(self, action: str) -> None:  # noqa: N802
        if action == PRESS:
            self.clickable.clicked.emit()
        else:
            super().doAction(action)


class RadioMenuItem(PaintedItem):
    """A checkable menu item of an exclusive action group (a theme), as a radio button."""

    ROLE = QAccessible.Role.RadioButton
    widget: QMenu

    def __init__(self, menu: QMenu, action: QAction) -> None:
        super().__init__(menu, 0)
        self.action = action

    def exists(self) -> bool:
        return self.action in self.widget.actions()

    def object(self) -> QAction:  # noqa: A003 (Qt override)
        return self.action

    def name(self) -> str:
        return strip_mnemonic(self.action.text())

    def description(self) -> str:
        return self.action.toolTip() if self.action.toolTip() != self.name() else ""

    def screen_rect(self):
        return widget_rect_to_screen(self.widget, self.widget.actionGeometry(self.action).toRectF())

    def add_states(self, state: QAccessible.State) -> None:
        state.checkable = True
        state.checked = self.action.isChecked()
        state.focusable = True
        state.focused = self.widget.activeAction() is self.action
        state.disabled = not self.action.isEnabled()

    def parent(self) -> QAccessibleInterface | None:
        return QAccessible.queryAccessibleInterface(self.widget)

    def press(self) -> None:
        self.action.trigger()
        self.widget.close()  # as a click would


def radio_menu_item(action: QAction) -> RadioMenuItem | None:
    """The item for ``action`` when it is one of an exclusive group inside a menu."""
    group = action.actionGroup()
    if not (action.isCheckable() and group is not None and group.isExclusive()):
        return None
    menus = [m for m in action.associatedObjects() if isinstance(m, QMenu)]
    return RadioMenuItem(menus[0], action) if menus else None
