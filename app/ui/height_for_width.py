"""A painted widget whose height follows its width, and whose smallest height does too."""

from __future__ import annotations

from PySide6.QtCore import QSize


class MinimumFollowsWidth:
    """Mix in before ``QWidget``: the smallest size is the height at the width the widget
    has (``MIN_WIDTH`` at least), and a new width makes the layout ask again.

    Without the asking, a height measured at an earlier, narrower width stayed the
    widget's minimum, and a scrolling page spread the surplus as blank bands between its
    rows (the Width page in presenter mode: 290 px at 1280x720).
    """

    #: The narrowest the widget lets its layout make it.
    MIN_WIDTH = 50

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        width = max(self.MIN_WIDTH, self.width())  # type: ignore[attr-defined]
        return QSize(self.MIN_WIDTH, self.heightForWidth(width))  # type: ignore[attr-defined]

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # type: ignore[attr-defined]
        super().resizeEvent(event)  # type: ignore[misc]
