"""Signals without Qt for the model layer, on blinker (the Pallets project's signal
library, which Flask and its extensions use): each object gets signals of its own, as
with Qt's, and a listener is called with the one value a signal carries.

    class Controller:
        attention_changed = Signal()          # a class attribute, as in Qt

    controller.attention_changed.connect(view.show_result)
    controller.attention_changed.emit(result)  # view.show_result(result)

blinker keeps the listeners, holds a bound method weakly (its object's life is its own)
and calls them in no set order, so nothing can come to depend on the order in which
they were connected. Its import costs about a millisecond; psygnal's, which this
replaced, cost some 40 ms of every start (it reads its own version with
``importlib.metadata``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, overload

import blinker

Listener = Callable[..., Any]


class BoundSignal:
    """One object's signal: ``connect``, ``disconnect``, ``emit``."""

    __slots__ = ("_signal",)

    def __init__(self) -> None:
        self._signal = blinker.Signal()

    def connect(self, listener: Listener) -> Listener:
        """Call ``listener(value)`` at each ``emit(value)``; a function is held strongly
        (it is often a closure nobody else keeps), a bound method weakly."""
        self._signal.connect(listener, weak=inspect.ismethod(listener))
        return listener

    def disconnect(self, listener: Listener) -> None:
        """Stop calling ``listener``; nothing happens if it was not connected."""
        self._signal.disconnect(listener)

    def emit(self, value: Any) -> None:
        """Call every listener with ``value``; a listener's error propagates at once."""
        # blinker passes its "sender" positionally and nothing else: the value.
        self._signal.send(value)


class Signal:
    """A class attribute that gives each instance its own ``BoundSignal``."""

    def __init__(self, kind: type = object) -> None:
        #: What the signal carries (documentation, and for the reader of the class).
        self.kind = kind
        self._name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type) -> Signal: ...
    @overload
    def __get__(self, instance: object, owner: type) -> BoundSignal: ...
    def __get__(self, instance: object | None, owner: type) -> Signal | BoundSignal:
        if instance is None:
            return self
        bound = instance.__dict__.get(self._name)
        if bound is None:
            bound = instance.__dict__[self._name] = BoundSignal()
        return bound
