"""How a Qt view binds itself to the plain-Python model: one helper for every view.

The state and the controller publish through blinker, which knows nothing of Qt
object lifetimes: a widget whose C++ side is gone but whose Python wrapper lives on
would still be called. ``listen`` ties a subscription to a widget's life; ``bind``
adds the two-way sync of one state field (glue's ``connect_value`` and ndv's views
do the same job):

- initial sync: the view shows the field's value at once;
- model -> view: each real change is shown with the view's own signals blocked, so a
  view setter never writes back (no echo);
- view -> model: the widget's edit signal calls the state's setter.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QObject, QSignalBlocker


class Subscribable(Protocol):
    """A model signal (``app.model.signals.BoundSignal``: the state's, the controller's)."""

    def connect(self, slot: Callable[..., Any]) -> Any: ...

    def disconnect(self, slot: Callable[..., Any]) -> None: ...


def listen(owner: QObject, signal: Subscribable, slot: Callable[..., Any]) -> None:
    """Call ``slot`` on each emission of ``signal`` for as long as ``owner`` lives.

    As with a Qt slot, an error in ``slot`` goes to ``sys.excepthook`` (logged; the
    kiosk starts over) and the listeners after it still hear the change.
    """

    taken = _positional_count(slot)

    def guarded(*args: Any) -> None:
        try:
            slot(*args[:taken])
        except Exception:
            sys.excepthook(*sys.exc_info())

    signal.connect(guarded)
    owner.destroyed.connect(lambda *_: signal.disconnect(guarded))


def follow(view: QObject, signal: Subscribable, now: Any, show: Callable[[Any], None]) -> None:
    """Show ``now`` at once, then each value ``signal`` brings, for as long as ``view``
    lives: the initial sync and the model -> view half of ``bind``, for a published
    result rather than a state field."""
    show(now)
    listen(view, signal, show)


def _positional_count(slot: Callable[..., Any]) -> int | None:
    """How many of a signal's arguments ``slot`` takes (a slot may ignore the value, as
    a Qt slot may); None: all of them."""
    try:
        parameters = inspect.signature(slot).parameters.values()
    except (TypeError, ValueError):  # a C++ method without a signature
        return None
    if any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return None
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)


def bind(
    view: QObject,
    state: object,
    field: str,
    show: Callable[[Any], None],
    edited: Any = None,
    write: Callable[[Any], None] | None = None,
) -> None:
    """Keep ``view`` showing ``state.<field>``; with ``edited``, write the view's edits back.

    Parameters
    ----------
    view : QObject
        The widget; its signals are blocked while ``show`` runs.
    state : object
        An evented state with ``<field>`` and ``<field>_changed``.
    show : callable
        Shows a value in the view; it must not write to the state.
    edited : Qt signal, optional
        The view's edit signal (``toggled``, ``valueChanged`` ...).
    write : callable, optional
        The state's setter that ``edited`` calls.
    """

    def show_quietly(value: Any) -> None:
        with QSignalBlocker(view):
            show(value)

    show_quietly(getattr(state, field))
    listen(view, getattr(state, f"{field}_changed"), show_quietly)
    if edited is not None and write is not None:
        edited.connect(write)
