"""Telling assistive technology what changed.

Every function returns at once when no assistive technology listens
(``QAccessible.isActive()`` is false), so the redraw path pays nothing for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QAccessibleInterface,
    QAccessibleStateChangeEvent,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QAccessibleAnnouncementEvent

Announcement: type[QAccessibleAnnouncementEvent] | None
try:  # Qt 6.8 and later
    from PySide6.QtGui import QAccessibleAnnouncementEvent as Announcement
except ImportError:  # pragma: no cover (older Qt: the name change is all there is)
    Announcement = None

Event = QAccessible.Event


def is_active() -> bool:
    """Whether a screen reader (or another assistive tool) is listening."""
    return QAccessible.isActive()


def send(event: QAccessibleEvent) -> None:
    """Hand one event to Qt, which passes it on to the accessibility bus."""
    QAccessible.updateAccessibility(event)


def notify(target: QObject | QAccessibleInterface, kind: QAccessible.Event) -> None:
    """A plain event (``NameChanged``, ``Focus`` ...) about a widget or an item."""
    send(QAccessibleEvent(target, kind))


def announce(target: QObject, message: str) -> None:
    """Ask the screen reader to say ``message`` without moving the learner's focus.

    Spoken politely, after whatever is being said. (A label whose text changes also
    reports its new name by itself, for tools that follow names instead.)
    """
    if Announcement is not None:
        event = Announcement(target, message)
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
        send(event)


def selection_moved(items: list[QAccessibleInterface]) -> None:
    """Items whose selected state changed (the old and the new query)."""
    changed = QAccessible.State()
    changed.selected = True
    for item in items:
        send(QAccessibleStateChangeEvent(item, changed))
