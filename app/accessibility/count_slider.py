"""A slider over a list of allowed counts, read as the counts it stands for.

The Width page's sliders move over positions (0, 1, 2 ...) of a list of allowed head
counts, so that they can land only on a count that divides the model's width. Qt's own
node reads out the position: "slider 12" for 96 heads. This node gives the count as
the slider's value and says what it means ("96 heads") as its value's text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleValueInterface
from PySide6.QtWidgets import QAccessibleWidget, QSlider, QWidget


class CountSlider(QSlider):
    """A horizontal slider whose positions stand for ``counts`` (see ``set_counts``)."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setAccessibleName(name)
        self.counts: tuple[int, ...] = (1,)
        #: Says what a count means ("96 heads"), for the screen reader.
        self.say: Callable[[int], str] = str

    def set_counts(self, counts: Sequence[int], value: int, say: Callable[[int], str]) -> None:
        """Positions for ``counts``, the handle on ``value`` (the caller blocks signals)."""
        self.counts, self.say = tuple(counts), say
        self.setRange(0, len(self.counts) - 1)
        self.setValue(self.counts.index(value))

    def count(self) -> int:
        """The count the handle stands on."""
        return self.counts[self.value()]


class CountSliderAccessible(QAccessibleWidget, QAccessibleValueInterface):
    """A ``CountSlider``'s node: a slider whose value is the count, not the position."""

    #: The C++ bases in the order this class lists them (see ``interface_cast``).
    CPP_BASES = (QAccessibleWidget, QAccessibleValueInterface)

    def __init__(self, slider: CountSlider) -> None:
        QAccessibleWidget.__init__(self, slider, QAccessible.Role.Slider)
        QAccessibleValueInterface.__init__(self)
        self.slider = slider

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Value:
            return self.slider.say(self.slider.count())
        return super().text(kind)

    def interface_cast(self, kind: QAccessible.InterfaceType) -> shiboken6.VoidPtr:
        if kind == QAccessible.InterfaceType.ValueInterface:
            return shiboken6.VoidPtr(shiboken6.getCppPointer(self)[1])
        return shiboken6.VoidPtr(super().interface_cast(kind))

    # -- QAccessibleValueInterface ------------------------------------------------------

    def currentValue(self) -> int:  # noqa: N802 (Qt override)
        return self.slider.count()

    def setCurrentValue(self, value) -> None:  # noqa: N802
        """The allowed count nearest ``value``."""
        counts = self.slider.counts
        nearest = min(range(len(counts)), key=lambda i: abs(counts[i] - float(value)))
        self.slider.setValue(nearest)

    def maximumValue(self) -> int:  # noqa: N802
        return self.slider.counts[-1]

    def minimumValue(self) -> int:  # noqa: N802
        return self.slider.counts[0]

    def minimumStepSize(self) -> int:  # noqa: N802
        return 0  # the steps are uneven: the slider's own keys move to the next count
