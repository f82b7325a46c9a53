"""Screen-reader support: nodes for what is painted, radio semantics, announcements.

``install()`` puts the factory in place; the panels tell assistive technology about
changes through ``events`` and the ``*_shown`` functions, which cost nothing while no
assistive technology listens.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface

_installed = False


def _interface_for(class_name: str, obj: QObject) -> QAccessibleInterface | None:
    # Qt asks the factory only once assistive technology is listening: the factory's
    # module and the Qt classes it tests against are imported then, not at start.
    from app.accessibility.factory import interface_for

    return interface_for(class_name, obj)


def install() -> None:
    """Install the factory once per process (Qt keeps it for good)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_interface_for)
        _installed = True


__all__ = ["install"]
