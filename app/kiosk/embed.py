"""Dialogs shown inside the kiosk window, never as windows of their own.

A separate window gets a title bar from the window manager, and its minimise button
(or the window manager's menu) could take the whole exhibit off the screen. In kiosk
mode every dialog becomes a child of the main window, centred over a dimmed backdrop;
a tap on the backdrop closes it, as Esc and its own Close button do.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QMouseEvent, QPainter
from PySide6.QtWidgets import QDialog, QWidget

from app.ui.qt_typing import present

_T = QEvent.Type
#: Room left around an embedded dialog, in pixels, so the exhibit shows behind it.
MARGIN_PX = 24
#: Width of the frame drawn around an embedded dialog.
FRAME_PX = 2


class DialogBackdrop(QWidget):
    """Dims the window behind an embedded dialog and closes the dialog on a tap."""

    def __init__(self, window: QWidget, dialog: QDialog) -> None:
        super().__init__(window)
        self.setObjectName("kioskDialogBackdrop")
        self.dialog = dialog
        self.hide()

    def cover(self) -> None:
        """Cover the window, then centre the dialog in it at the size it asked for."""
        self.setGeometry(present(self.parentWidget()).rect())
        room = self.rect().adjusted(MARGIN_PX, MARGIN_PX, -MARGIN_PX, -MARGIN_PX)
        wanted = self.dialog.size().expandedTo(self.dialog.sizeHint())
        wanted = wanted.expandedTo(self.dialog.minimumSize())
        width, height = min(wanted.width(), room.width()), min(wanted.height(), room.height())
        box = QRect(0, 0, width, height)
        box.moveCenter(room.center())
        self.dialog.setGeometry(box)
        self.show()
        self.raise_()
        self.dialog.raise_()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if not self.dialog.geometry().contains(event.position().toPoint()):
            self.dialog.reject()
        event.accept()  # never reaches the exhibit underneath

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(0, 0, 0, 150))
        # A frame in the theme's text colour: a dark dialog on a dark, dimmed window
        # would otherwise have no visible edge.
        theme = getattr(self.parentWidget(), "theme", None)
        edge = QColor(theme.text) if theme is not None else QColor(255, 255, 255)
        frame = self.dialog.geometry().adjusted(-FRAME_PX, -FRAME_PX, FRAME_PX, FRAME_PX)
        painter.fillRect(frame, edge)
        painter.end()


class DialogEmbedder(QObject):
    """Turns every dialog of ``window`` into a panel inside it (see the module's notes).

    ``embed`` does it for one dialog; ``notice_shown`` takes in a dialog nobody
    announced, when it is first shown (the kiosk's guard, which already watches every
    event, reports each Show; a second application-wide Python filter makes PySide
    crash on touch events).
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._backdrops: dict[QDialog, DialogBackdrop] = {}

    def start(self) -> None:
        self._window.installEventFilter(self)

    def stop(self) -> None:
        self._window.removeEventFilter(self)

    def embed(self, dialog: QDialog) -> None:
        """Make ``dialog`` a child panel of the window (it keeps its own size and look)."""
        if dialog in self._backdrops:
            return
        backdrop = DialogBackdrop(self._window, dialog)
        # Qt.Widget: no window of its own, so nothing for a window manager to decorate.
        dialog.setParent(backdrop, Qt.WindowType.Widget)
        dialog.installEventFilter(self)
        self._backdrops[dialog] = backdrop
        dialog.destroyed.connect(lambda *_a, d=dialog: self._backdrops.pop(d, None))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if isinstance(watched, QDialog) and watched in self._backdrops:
            # ShowToParent, not Show: a child of a hidden backdrop gets no Show event.
            if kind == _T.ShowToParent:
                self._backdrops[watched].cover()
            elif kind == _T.HideToParent:
                self._backdrops[watched].hide()
        elif kind == _T.Resize and watched is self._window:
            for dialog, backdrop in self._backdrops.items():
                if dialog.isVisible():
                    backdrop.cover()
        return False

    def notice_shown(self, widget: QObject) -> None:
        """Take in ``widget`` if it is a dialog of the window showing as a window of its own.

        Its native window exists by then and cannot be taken in during its own show,
        so it is taken in right after (it shows as a window for that moment).
        """
        if (
            isinstance(widget, QDialog)
            and widget.isWindow()
            and widget not in self._backdrops
            and self._belongs_to_window(widget)
        ):
            QTimer.singleShot(0, self, lambda d=widget: self._take_in(d))

    def _take_in(self, dialog: QDialog) -> None:
        with contextlib.suppress(RuntimeError):  # the dialog may be gone already
            if dialog.isWindow():
                visible = dialog.isVisible()
                self.embed(dialog)
                if visible:
                    dialog.show()
                    self._window.activateWindow()  # the dialog's own window had the focus

    def _belongs_to_window(self, dialog: QDialog) -> bool:
        parent = dialog.parentWidget()
        # Parentless dialogs too: in a kiosk there is only one window to show them in.
        return parent is None or parent.window() is self._window
