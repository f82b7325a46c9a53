"""Panel classes that asked for an accessible node of their own.

A panel registers its class with the protocol it speaks and how to make its node;
the factory looks an object's classes up here. Registering checks that the class has
what the protocol names, so a renamed method fails at import, not silently in a screen
reader.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessibleInterface

Maker = Callable[[Any], QAccessibleInterface]

_MAKERS: dict[type, Maker] = {}


def protocol_members(protocol: type) -> set[str]:
    """The names a protocol asks for (methods, properties and attributes)."""
    names: set[str] = set()
    for klass in protocol.__mro__:
        if klass is object or klass.__name__ in ("Protocol", "Generic"):
            continue
        names.update(getattr(klass, "__annotations__", {}))
        names.update(n for n in vars(klass) if not n.startswith("_"))
    return names


def register(cls: type[QObject], protocol: type, make: Maker) -> None:
    """Objects of ``cls`` (and its subclasses) get the node ``make(obj)``.

    ``cls`` must offer every member of ``protocol``; attributes set in ``__init__``
    are named in the class's annotations or are checked on the first object.
    """
    missing = {
        name
        for name in protocol_members(protocol)
        if not hasattr(cls, name) and name not in _annotations(cls)
    }
    if missing:
        raise TypeError(f"{cls.__name__} lacks {sorted(missing)} of {protocol.__name__}")
    _MAKERS[cls] = make


def _annotations(cls: type) -> set[str]:
    names: set[str] = set()
    for klass in cls.__mro__:
        names.update(getattr(klass, "__annotations__", {}))
    return names


def maker_for(obj: QObject) -> Maker | None:
    """How to make ``obj``'s node, if its class (or a base) registered."""
    for klass in type(obj).__mro__:
        make = _MAKERS.get(klass)
        if make is not None:
            return make
    return None


def registered() -> list[type]:
    """The classes registered so far."""
    return list(_MAKERS)
