"""Which of our accessible interfaces a Qt object gets (none: Qt's own)."""

from __future__ import annotations

import sys
from functools import partial
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface, QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QSplitter,
    QSplitterHandle,
    QTabBar,
    QTabWidget,
    QWidget,
)

from app.accessibility.choices import (
    ClickableAccessible,
    MiniMapAccessible,
    RadioButtonAccessible,
    is_exclusive_choice,
    radio_menu_item,
)
from app.accessibility.frames import (
    SplitterAccessible,
    SplitterHandleAccessible,
    TabListAccessible,
    TabWidgetAccessible,
)
from app.accessibility.pages import PictureAccessible, matrices_lines, steps_lines, story_lines
from app.text.wording import fill, translate

if TYPE_CHECKING:
    from app.panels.heatmap_view import HeatmapView
    from app.panels.learned.mini_maps import LearnedMiniMap
    from app.panels.token_strip import TokenStrip

_installed = False

#: Painted pictures of the side pages, and how to read each as lines of text.
PICTURES = (
    ("steps_view", "StepsCanvas", steps_lines),
    ("induction_story", "StoryCanvas", story_lines),
    ("learned.matrices", "MatricesCanvas", matrices_lines),
)


def interface_for(class_name: str, obj: QObject) -> QAccessibleInterface | None:
    """Qt asks this for every object it needs a node for, the first time only."""
    if class_name == "QLineEditIconButton":  # a line edit's clear button: Qt's own node,
        name_clear_button(obj)  # with a name
        return None
    if _is(obj, "token_strip", "TokenStrip"):
        from app.accessibility.tokens import TokenStripAccessible

        return TokenStripAccessible(cast("TokenStrip", obj))
    if _is(obj, "heatmap_view", "HeatmapView"):
        from app.accessibility.heatmap import HeatmapTableAccessible

        return HeatmapTableAccessible(cast("HeatmapView", obj))
    if _is(obj, "head_grid", "MiniMap"):
        return MiniMapAccessible(obj)
    if _is(obj, "learned.mini_maps", "LearnedMiniMap"):
        return ClickableAccessible(cast("LearnedMiniMap", obj))
    for module, class_name, lines in PICTURES:
        if _is(obj, module, class_name):
            return PictureAccessible(cast(QWidget, obj), partial(lines, obj))
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


def _is(obj: QObject, module: str, class_name: str) -> bool:
    """``isinstance`` for a panel class, without importing its module: a panel that
    was never imported has no objects (and the heatmap's import is slow)."""
    loaded = sys.modules.get(f"{__package__.rpartition('.')[0]}.panels.{module}")
    return loaded is not None and isinstance(obj, getattr(loaded, class_name))


def install() -> None:
    """Install the factory once per process (Qt keeps it for good)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(interface_for)
        _installed = True
