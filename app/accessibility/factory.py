"""Which of our accessible interfaces a Qt object gets (none: Qt's own)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessibleInterface, QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QSplitter,
    QSplitterHandle,
    QTabBar,
    QTabWidget,
    QWidget,
)

from app.accessibility.choices import RadioButtonAccessible, is_exclusive_choice, radio_menu_item
from app.accessibility.count_slider import CountSlider, CountSliderAccessible
from app.accessibility.frames import (
    SplitterAccessible,
    SplitterHandleAccessible,
    TabListAccessible,
    TabWidgetAccessible,
)
from app.accessibility.registry import maker_for
from app.text.wording import fill, translate


def interface_for(class_name: str, obj: QObject) -> QAccessibleInterface | None:
    """Qt asks this for every object it needs a node for, the first time only."""
    if class_name == "QLineEditIconButton":  # a line edit's clear button: Qt's own node,
        name_clear_button(obj)  # with a name
        return None
    make = maker_for(obj)  # a panel that registered (the tokens, the heatmap, pictures)
    if make is not None:
        return make(obj)
    if isinstance(obj, CountSlider):
        return CountSliderAccessible(obj)
    if isinstance(obj, QAbstractButton) and is_exclusive_choice(obj):
        return RadioButtonAccessible(obj)
    if isinstance(obj, QTabBar) and obj.accessibleName():
        return TabListAccessible(obj)
    if isinstance(obj, QSplitterHandle):
        return SplitterHandleAccessible(obj)
    if isinstance(obj, QSplitter):
        return SplitterAccessible(obj)
    if isinstance(obj, QTabWidget):
        return TabWidgetAccessible(obj)
    if isinstance(obj, QAction):
        return radio_menu_item(obj)
    return None


def name_clear_button(button: QObject) -> None:
    """Qt leaves a line edit's clear button unnamed: 'Clear Sentence'."""
    if isinstance(button, QWidget) and not button.accessibleName():
        field = button.parentWidget()
        label = field.accessibleName() if field is not None else ""
        button.setAccessibleName(
            fill(translate("Accessibility", "Clear %1"), label)
            if label
            else translate("Accessibility", "Clear the text")
        )
