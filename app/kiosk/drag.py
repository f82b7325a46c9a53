"""Scrolling by dragging the content itself, with a finger or the mouse.

A kiosk has no scroll bars a finger could hit, and many kiosk screens send mouse
events rather than touch events: Qt's kinetic scroller, driven by the left mouse
button, serves both (a touch becomes a mouse press where no widget takes touches).
A tap still reaches the button under it: the scroller passes a press on when the
finger lifts without having moved.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractScrollArea, QScroller, QScrollerProperties

#: How far (in metres on the screen, Qt's unit) a press must move to become a drag:
#: about 4 mm, so a slightly wobbly tap still taps.
DRAG_START_M = 0.004


def drag_to_scroll(area: QAbstractScrollArea) -> None:
    """Let a finger or the mouse drag ``area``'s content up and down."""
    viewport = area.viewport()
    QScroller.grabGesture(viewport, QScroller.ScrollerGestureType.LeftMouseButtonGesture)
    scroller = QScroller.scroller(viewport)
    properties = scroller.scrollerProperties()
    properties.setScrollMetric(QScrollerProperties.ScrollMetric.DragStartDistance, DRAG_START_M)
    # No rubber band past the ends: the page stays where the eye expects it.
    off = QScrollerProperties.OvershootPolicy.OvershootAlwaysOff
    for metric in (
        QScrollerProperties.ScrollMetric.VerticalOvershootPolicy,
        QScrollerProperties.ScrollMetric.HorizontalOvershootPolicy,
    ):
        properties.setScrollMetric(metric, off)
    scroller.setScrollerProperties(properties)


def stop_scrolling(area: QAbstractScrollArea) -> None:
    """End a flick still running in ``area`` (a reset puts the stage back at once)."""
    QScroller.scroller(area.viewport()).stop()
