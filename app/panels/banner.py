"""A short, friendly confirmation that floats over the window and goes away by itself.

It never blocks or eats input: mouse and touch pass straight through it to the head
buttons and the mask switch beneath, and it never takes the keyboard focus.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QRect, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from app.text.wording import translate
from app.ui.fitting import FittedText
from app.ui.qt_typing import present

#: A room's text never gets smaller than this.
ROOM_FLOOR_PX = 24

#: How long a short confirmation stays up.
SHOW_MS = 3500
#: Longer confirmations stay up longer, this much per character, so they can be read.
MS_PER_CHAR = 45
#: ... but never longer than this.
MAX_SHOW_MS = 12000


class Banner(QLabel):
    """A rounded label near the bottom of its parent's visible part, transparent to the mouse.

    It fits itself to its text again when the text size changes or its parent is
    resized while it is up (a teacher may press P for presenter mode right after a
    confirmation appears).
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAccessibleName(translate("Banner", "Confirmation"))
        # Clicks and taps reach whatever is below: a confirmation must not cost one.
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()
        #: In a room: where the banner goes (the stage's notes, in the parent's
        #: coordinates), so that it never covers the heatmap or the readout.
        self.room_place: Callable[[], QRect | None] | None = None
        self.fitted = FittedText(self, "banner")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        parent.installEventFilter(self)

    def say(self, text: str) -> None:
        self.fitted.full_text = text
        self.setText(text)
        self._fit()
        self.raise_()
        self.show()
        self._timer.start(show_ms(text))

    def dismiss(self) -> None:
        """Take it down now (a screenshot must not catch one passing by)."""
        self._timer.stop()
        self.hide()

    def _fit(self) -> None:
        """One line if it fits, else wrapped to the parent's width; centred near the bottom
        of the part of the parent in view, so the head buttons and the mask switch at the
        top stay in sight (the parent scrolls at large text sizes)."""
        self.ensurePolished()  # the style sheet's font decides the size
        place = self.room_place() if self.room_place is not None else None
        if place is not None:  # a room's own place: the text fits it, shrinking if need be
            self.setFixedSize(place.size())
            self.move(place.topLeft())
            px = self.font().pixelSize()
            self.fitted.set_sizes((max(px, ROOM_FLOOR_PX), ROOM_FLOOR_PX))
            return
        if self.fitted.sizes is not None:
            self.fitted.set_sizes(None)
        parent = present(self.parentWidget())
        one_line = self.fontMetrics().horizontalAdvance(self.text()) + 60
        width = max(1, min(parent.width() - 40, max(320, one_line)))
        self.setFixedWidth(width)  # first: the label measures its height at its width
        self.setFixedHeight(self.heightForWidth(width))
        seen = parent.visibleRegion().boundingRect()
        if seen.isEmpty():
            seen = parent.rect()
        self.move((parent.width() - width) // 2, max(0, seen.bottom() - self.height() - 16))

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and self.isVisible():
            self._fit()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        resized = watched is self.parentWidget() and event.type() == QEvent.Type.Resize
        if resized and self.isVisible():
            self._fit()
        return False


def show_ms(text: str) -> int:
    """How long ``text`` stays up: long enough to read, never for ever."""
    return min(MAX_SHOW_MS, max(SHOW_MS, len(text) * MS_PER_CHAR))
