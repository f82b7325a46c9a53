"""How a Qt view binds itself to the plain-Python model: one helper for every view.

The state and the controller publish through psygnal, which knows nothing of Qt
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

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QObject, QSignalBlocker


class Subscribable(Protocol):
    """A psygnal signal instance (what the state's and controller's signals are)."""

    def connect(self, slot: Callable[..., Any]) -> Any: ...

    def disconnect(self, slot: Callable[..., Any], missing_ok: bool = ...) -> None: ...


def listen(owner: QObject, signal: Subscribable, slot: Callable[..., Any]) -> None:
    """Call ``slot`` on each emission of ``signal`` for as long as ``owner`` lives."""
    signal.connect(slot)
    owner.destroyed.connect(lambda *_: signal.disconnect(slot, missing_ok=True))


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
