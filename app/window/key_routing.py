"""Which keys the focused control keeps before the window's own keys act.

The window's keys (Left/Right move the query, PageDown steps the tour, letters pick
heads and pages) are window-wide shortcuts. Qt asks the focused widget first with a
``ShortcutOverride`` event, which climbs to the window when the widget does not want
it; accepting it there gives the key to the focused widget instead of the shortcut.
So one rule, here, decides for every control: a slider, tab bar, spin box, combo box
or list keeps its arrow, Page, Home and End keys; a text field keeps every key it
can type or edit with. The stage (token chips, heatmap cells) and an empty focus
leave the window's keys alone; the heatmap's cell cursor decides for itself
(``app.panels.heatmap_keys``).
"""

from __future__ import annotations

import functools

from PySide6 import QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QTextEdit, QWidget

_K = Qt.Key
#: Keys a control moves its own value or place with.
NAVIGATION_KEYS = frozenset(
    {_K.Key_Left, _K.Key_Right, _K.Key_Up, _K.Key_Down}
    | {_K.Key_PageUp, _K.Key_PageDown, _K.Key_Home, _K.Key_End}
)


@functools.cache
def _controls(names: str) -> tuple[type, ...]:
    """Qt's classes of ``names``, looked up at the first key: the bindings make a
    class's Python type when it is first asked for, and the item views' alone took
    2.5 ms of every start."""
    return tuple(getattr(QtWidgets, name) for name in names.split())


#: Controls that keep the navigation keys while they have the focus.
NAVIGATING = "QAbstractSlider QTabBar QAbstractSpinBox QComboBox QAbstractItemView"
#: Controls that keep every key typed without Ctrl, Alt or Meta.
TYPING = "QLineEdit QTextEdit QPlainTextEdit QAbstractSpinBox"
_COMMAND_MODIFIERS = (
    Qt.KeyboardModifier.ControlModifier
    | Qt.KeyboardModifier.AltModifier
    | Qt.KeyboardModifier.MetaModifier
)


def control_keeps(widget: QWidget | None, event: QKeyEvent) -> bool:
    """Whether ``widget``, having the focus, should get ``event``'s key rather than the
    window's shortcut for it."""
    if widget is None:
        return False
    key = _K(event.key())
    if key in (_K.Key_F1, _K.Key_F10, _K.Key_Escape):
        return False  # help, the menu bar and closing are always the window's
    if isinstance(widget, _controls(TYPING)) and not (event.modifiers() & _COMMAND_MODIFIERS):
        read_only = isinstance(widget, (QLineEdit, QTextEdit, QPlainTextEdit)) and (
            widget.isReadOnly()
        )
        if not read_only:
            return True
    return isinstance(widget, _controls(NAVIGATING)) and key in NAVIGATION_KEYS
