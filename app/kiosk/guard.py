"""Keeping visitors in: escape keys, close requests, menus, context menus and tooltips."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QWidget

from app.ui.qt_typing import present
from app.window.shortcuts import SHORTCUTS

if TYPE_CHECKING:
    from app.kiosk.host import LockableWindow

_T = QEvent.Type
_MOD = Qt.KeyboardModifier
#: Fixed ways out on common desktops, besides the window's own shortcuts.
_ESCAPES = ("Esc", "F11", "Alt+F4", "Ctrl+Q", "Ctrl+W", "Ctrl+Shift+Q", "Ctrl+Shift+W")
_STANDARD = (
    QKeySequence.StandardKey.Quit,
    QKeySequence.StandardKey.Close,
    QKeySequence.StandardKey.FullScreen,
)


@cache
def _escape_sequences() -> tuple[QKeySequence, ...]:
    own = SHORTCUTS["quit"].keys + SHORTCUTS["fullscreen"].keys
    # A plain letter (F) must stay typeable in the sentence field: its action is
    # disabled instead (see disable_window_actions).
    own = tuple(k for k in own if len(k) > 1)
    return tuple(QKeySequence(k) for k in (*_ESCAPES, *own))


def is_escape_key(event: QKeyEvent) -> bool:
    """Whether a key press would quit, close, or leave or toggle fullscreen."""
    if event.key() in (Qt.Key.Key_Alt, Qt.Key.Key_Control, Qt.Key.Key_Shift, Qt.Key.Key_Meta):
        return False
    modifiers = event.modifiers() & ~_MOD.KeypadModifier
    pressed = QKeySequence(QKeyCombination(modifiers, Qt.Key(event.key())))
    exact = QKeySequence.SequenceMatch.ExactMatch
    if any(pressed.matches(seq) == exact for seq in _escape_sequences()):
        return True
    return any(event.matches(key) for key in _STANDARD)


def disable_window_actions(window: LockableWindow) -> list[QAction]:
    """Disable every action of the window and its menus; hide the menu bar.

    Returns the actions that were enabled, so they can be enabled again.
    """
    window.fill_menus()  # every action must exist before it is disabled
    found: list[QAction] = list(window.actions())
    pending = list(window.menuBar().actions())
    while pending:
        action = pending.pop()
        found.append(action)
        menu = action.menu()
        if isinstance(menu, QMenu):
            pending.extend(menu.actions())
    disabled = []
    for action in dict.fromkeys(found):  # unique, in order
        if action.isEnabled():
            action.setEnabled(False)
            disabled.append(action)
    window.menuBar().hide()
    return disabled


class KioskGuard(QObject):
    """An application-wide filter that refuses every way out of the exhibit.

    Close requests are refused unless ``exit_authorised`` is set. (Keeping the window
    fullscreen and on screen is the ``WindowKeeper``'s job.)
    """

    def __init__(self, window: QWidget, on_show: Callable[[QObject], None] | None = None) -> None:
        super().__init__(window)
        self._window = window
        self.exit_authorised = False
        self._on_show = on_show

    def start(self) -> None:
        present(QApplication.instance()).installEventFilter(self)

    def stop(self) -> None:
        present(QApplication.instance()).removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind in (_T.KeyPress, _T.KeyRelease, _T.ShortcutOverride):
            assert isinstance(event, QKeyEvent)
            if not is_escape_key(event) or self._closes_a_dialog(watched, event):
                return False
            # An accepted override stops Qt from matching the key against any shortcut.
            event.accept()
            return True
        if kind in (_T.ContextMenu, _T.ToolTip, _T.WhatsThis, _T.QueryWhatsThis):
            return True  # nothing may depend on hovering or a right click
        if kind == _T.Show and self._on_show is not None:
            self._on_show(watched)  # a dialog showing as a window of its own, perhaps
        if watched is self._window and kind == _T.Close and not self.exit_authorised:
            event.ignore()
            return True
        return False

    def _closes_a_dialog(self, watched: QObject, event: QKeyEvent) -> bool:
        """Esc in a dialog (a glossary, say) only closes the dialog: let it through.

        Kiosk dialogs live inside the window, so the test is whether the key goes to
        a dialog or to something in one, not which window is active.
        """
        if event.key() != Qt.Key.Key_Escape:
            return False
        widget = watched if isinstance(watched, QWidget) else QApplication.focusWidget()
        while widget is not None and widget is not self._window:
            if isinstance(widget, QDialog) and widget.isVisible():
                return True
            widget = widget.parentWidget()
        return False
