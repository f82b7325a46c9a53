"""One tab stop per group of choices, landing on the chosen one; arrows inside it.

A group of checkable buttons of which one is on (the heads, the model presets, the
learned page's sections) is one control to the keyboard, as a group of radio buttons
is: Tab enters it on the button that is on and leaves it with the next Tab; the arrow
keys (and Home, End) choose the previous or next button, and the focus follows.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QButtonGroup

from app.accessibility.choices import read_as_choice

BACK = {Qt.Key.Key_Left, Qt.Key.Key_Up}
ON = {Qt.Key.Key_Right, Qt.Key.Key_Down}
ENDS = {Qt.Key.Key_Home, Qt.Key.Key_End}


class RadioGroupKeys(QObject):
    """Keeps ``group``'s tab stop on its checked button and moves it with the arrows."""

    def __init__(self, group: QButtonGroup) -> None:
        super().__init__(group)
        self.group = group
        for button in group.buttons():
            button.installEventFilter(self)
            read_as_choice(button)
        group.buttonToggled.connect(self._follow)
        self._follow()

    def _follow(self, *_args) -> None:
        """Only the checked button is a tab stop (all are, while none is checked)."""
        checked = self.group.checkedButton()
        for button in self.group.buttons():
            tab = checked is None or button is checked
            policy = Qt.FocusPolicy.StrongFocus if tab else Qt.FocusPolicy.ClickFocus
            if button.focusPolicy() != policy:
                button.setFocusPolicy(policy)

    def _target(self, button: QAbstractButton, key: int) -> QAbstractButton | None:
        buttons = [b for b in self.group.buttons() if b.isVisible() and b.isEnabled()]
        if button not in buttons:
            return None
        if key == Qt.Key.Key_Home:
            return buttons[0]
        if key == Qt.Key.Key_End:
            return buttons[-1]
        step = -1 if key in BACK else 1
        return buttons[(buttons.index(button) + step) % len(buttons)]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        assert isinstance(event, QKeyEvent)
        key = event.key()
        plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier == Qt.KeyboardModifier(0)
        if not plain or key not in BACK | ON | ENDS or not isinstance(watched, QAbstractButton):
            return False
        event.accept()  # the window's Left / Right (the query) wait outside the group
        if kind == QEvent.Type.KeyPress:
            target = self._target(watched, key)
            if target is not None and target is not watched:
                target.setFocus(Qt.FocusReason.TabFocusReason)
                target.click()
        return True


def one_tab_stop(group: QButtonGroup) -> RadioGroupKeys:
    """Make ``group`` one tab stop with arrows inside (kept alive by the group)."""
    return RadioGroupKeys(group)
