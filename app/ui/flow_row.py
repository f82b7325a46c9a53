"""A row of widgets placed left to right that wraps onto new lines, like words.

Qt has no built-in one. This is a widget that places its children itself, not a
``QLayout`` subclass: a Python layout must hold the ``QLayoutItem`` wrappers Qt hands
it, and Qt and the bindings can each end an item's life behind the other's back (a
random user met a preset row whose three items had died under it, and the next resize
crashed the program). Widgets are QObjects, whose lifetimes the bindings follow.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtWidgets import QSizePolicy, QWidget


class FlowRow(QWidget):
    """Left-to-right lines that wrap; height follows width."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 8) -> None:
        super().__init__(parent)
        self._widgets: list[QWidget] = []
        self._spacing = spacing
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def addWidget(self, widget: QWidget) -> None:  # noqa: N802 (the QLayout name)
        """Place ``widget`` after the others."""
        widget.setParent(self)
        widget.installEventFilter(self)  # hidden or shown: the lines change
        self._widgets.append(widget)
        # As a layout does: a row not shown yet shows its children with itself (showing
        # each now polished it with the style sheet, a millisecond a button at start-up);
        # a row on screen shows a new one at once.
        explicit = widget.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)
        if self.isVisible() and not explicit:
            widget.show()
        self._changed()

    def widgets(self) -> tuple[QWidget, ...]:
        return tuple(self._widgets)

    def spacing(self) -> int:
        return self._spacing

    def setSpacing(self, spacing: int) -> None:  # noqa: N802
        if spacing != self._spacing:
            self._spacing = spacing
            self._changed()

    # -- geometry ------------------------------------------------------------------

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._arrange(width, move=False)

    def sizeHint(self) -> QSize:  # noqa: N802
        """All on one line."""
        shown = self._shown()
        margins = self.contentsMargins()
        width = sum(w.sizeHint().width() for w in shown) + self._spacing * max(0, len(shown) - 1)
        height = max((w.sizeHint().height() for w in shown), default=0)
        return QSize(
            width + margins.left() + margins.right(), height + margins.top() + margins.bottom()
        )

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        """As wide as the widest widget, one widget to a line."""
        size = QSize()
        for widget in self._shown():
            size = size.expandedTo(widget.minimumSizeHint().expandedTo(widget.minimumSize()))
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._arrange(self.width(), move=True)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a widget's size hint changed
            self._changed()
        return super().event(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self._changed()
        return False

    def _shown(self) -> list[QWidget]:
        return [w for w in self._widgets if not w.isHidden()]

    def _changed(self) -> None:
        self.updateGeometry()
        if self.isVisible():  # a hidden row is arranged when it is shown (resizeEvent)
            self._arrange(self.width(), move=True)

    def _arrange(self, width: int, move: bool) -> int:
        """Place the widgets in ``width`` (or only measure); return the height used."""
        margins = self.contentsMargins()
        left, right = margins.left(), width - margins.right()
        x, y, line_height = left, margins.top(), 0
        for widget in self._shown():
            hint = (
                widget.sizeHint().expandedTo(widget.minimumSize()).boundedTo(widget.maximumSize())
            )
            if x > left and x + hint.width() > right:
                x, y = left, y + line_height + self._spacing
                line_height = 0
            if move:
                widget.setGeometry(QRect(x, y, min(hint.width(), max(1, right - x)), hint.height()))
            x += hint.width() + self._spacing
            line_height = max(line_height, hint.height())
        return y + line_height + margins.bottom()
