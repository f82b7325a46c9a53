"""Touch-first looks: every target at least 48 px, and no text to select by accident."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QScrollArea, QSlider, QWidget

from app.kiosk.drag import drag_to_scroll

if TYPE_CHECKING:
    from app.kiosk.host import TouchWindow

#: The smallest height (and width) a finger can hit reliably.
TOUCH_PX = 48
#: The kiosk's text size (desktop: 16): read standing, from two metres (as presenter mode).
KIOSK_FONT_PX = 24
_MARKER = "\n/* kiosk: touch sizes */\n"


def touch_style_sheet(font_px: int) -> str:
    """Rules appended after the theme's own, so that they win over its sizes."""
    button = max(TOUCH_PX, round(font_px * 1.9))
    # A button's minimum height counts its text only; its padding (2 + 2) and the
    # theme's border (2 + 2) come on top: a target of ``button`` px in all.
    text = button - 8
    return f"""
QPushButton {{ min-height: {text}px; min-width: {TOUCH_PX}px;
              padding-top: 2px; padding-bottom: 2px; }}
QLineEdit, QComboBox {{ min-height: {button}px; }}
QTabBar::tab {{ min-height: {button}px; min-width: {TOUCH_PX * 2}px; }}
QTabBar::scroller {{ width: {TOUCH_PX * 2}px; }}
QTabBar QToolButton {{ min-width: {TOUCH_PX}px; }}
QSlider {{ min-height: {TOUCH_PX + 8}px; }}
QSlider::groove:horizontal {{ height: 12px; border-radius: 6px; }}
QSlider::handle:horizontal {{ width: {TOUCH_PX}px; margin: -18px 0; border-radius: 24px; }}
QScrollBar:vertical {{ width: 24px; }}
QScrollBar:horizontal {{ height: 24px; }}
"""


def apply_touch_style(window: TouchWindow) -> None:
    """Append the touch rules to the window's own style sheet (again after a theme change).

    The window rewrites its sheet when the theme or text size changes; whatever it
    wrote is kept, and only our previous addition is replaced.
    """
    own = window.styleSheet().split(_MARKER)[0]
    window.setStyleSheet(own + _MARKER + touch_style_sheet(window.state.font_px))
    size_sliders_for_touch(window.window())


def size_sliders_for_touch(root: QWidget) -> None:
    """Every slider in ``root`` tall enough for a finger."""
    for slider in root.findChildren(QSlider):
        slider.setMinimumHeight(TOUCH_PX + 8)


def widen_chips_for_touch(root: QWidget) -> None:
    """Every chip of the English and GPT-2 pages in ``root`` at least a finger wide (the
    "." chip was 27 px wide at 1920x1080)."""
    from app.panels.english.chips import ModelTokens

    for chips in root.findChildren(ModelTokens):
        chips.set_min_chip_width(TOUCH_PX)


def drag_everywhere(root: QWidget) -> None:
    """Every page and list in ``root`` scrolls when dragged, by finger or mouse (the
    heatmap's own view is no page: it never scrolls, and taps on it pick a query)."""
    areas = root.findChildren(QScrollArea) + root.findChildren(QAbstractItemView)
    if isinstance(root, (QScrollArea, QAbstractItemView)):
        areas.append(root)
    for area in areas:
        drag_to_scroll(area)
        # No thin bar to aim at: the content itself is dragged.
        area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


_SELECTING = (
    Qt.TextInteractionFlag.TextSelectableByMouse
    | Qt.TextInteractionFlag.TextSelectableByKeyboard
    | Qt.TextInteractionFlag.TextEditable
)


def disable_text_selection(root: QWidget) -> None:
    """No label's text in ``root`` can be selected (or dragged); links keep working."""
    labels = root.findChildren(QLabel) + ([root] if isinstance(root, QLabel) else [])
    for label in labels:
        label.setTextInteractionFlags(label.textInteractionFlags() & ~_SELECTING)


def apply_exhibit_look(window: TouchWindow) -> None:
    """The kiosk's own look: the exhibit theme, large type, and sentences chosen by tap.

    The typing field needs a keyboard, which a kiosk has not: it gives way to a button
    that opens a page of sentences to tap.
    """
    from app.kiosk.sentences import SentenceChooser
    from app.ui.theme import ZOOM_STEPS

    state = window.state
    window.kiosk_mode = True
    with state.batch():
        state.set_theme("exhibit")
        state.set_zoom(ZOOM_STEPS.index(KIOSK_FONT_PX))
    window.token_strip.set_label_floor(KIOSK_FONT_PX)
    drag_everywhere(window.window())
    if window.sentence_chooser is None:
        chooser = SentenceChooser(state)
        window.sentence_chooser = chooser
        window.stage.add_to_column(chooser, 1)
    window.arrange()
    # Lay the new look out now, not in the first moments of the exhibit's idle clock.
    QCoreApplication.sendPostedEvents()
