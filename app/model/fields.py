"""Evented fields from one table: a row gives a field's type, default and whether a
session reset restores it, and the class gets its reader, its ``<name>_changed``
signal, its default and its part in ``reset`` from that row.

Plain Python: the signals are blinker's (``app.model.signals``), so the state and
everything that listens to it can be tested without a QApplication. A Qt view
subscribes through ``app.ui.binding``, which also drops the subscription when the
widget is destroyed (blinker knows nothing of Qt object lifetimes).

    class Settings(EventedState):
        colour, colour_changed = row(str, "blue", reset=True)

``state.colour`` reads it; ``state._store("colour", "red")`` writes it, and the signal
fires only when the value really changed; writes inside ``with state.batch():`` are
announced together, each field's signal once and ``changed`` once with all their names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar, overload

from app.model.signals import Signal

T = TypeVar("T")


class Field(Generic[T]):
    """One field of an ``EventedState``: read as an attribute, written through ``_store``.

    Attributes
    ----------
    name : str
        The attribute's name (its signal is ``<name>_changed``).
    kind : type
        The signal's argument type.
    default : T
    reset : bool
        Whether a session reset restores it.
    reset_to : callable or None
        What a reset puts back, when that is not ``default``: called with the state (the
        lesson sentence in the language in use, which the state is given).
    via : str or None
        The setter a reset goes through, when the field derives others (the sentence
        its tokens); None: stored as it is.
    """

    def __init__(
        self,
        kind: type,
        default: T,
        *,
        reset: bool,
        reset_to: Callable[[Any], T] | None = None,
        via: str | None = None,
        doc: str = "",
    ) -> None:
        self.kind = kind
        self.default = default
        self.reset = reset
        self.reset_to = reset_to
        self.via = via
        self.name = ""
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type) -> Field[T]: ...
    @overload
    def __get__(self, instance: EventedState, owner: type) -> T: ...
    def __get__(self, instance: EventedState | None, owner: type) -> Field[T] | T:
        if instance is None:
            return self
        return instance._values[self.name]

    def reset_value(self, instance: EventedState) -> T:
        return self.reset_to(instance) if self.reset_to is not None else self.default


def row(
    kind: type,
    default: T,
    *,
    reset: bool,
    reset_to: Callable[[Any], T] | None = None,
    via: str | None = None,
    doc: str = "",
) -> tuple[Field[T], Signal]:
    """A field and its change signal, for ``name, name_changed = row(...)`` in a class body."""
    field = Field(kind, default, reset=reset, reset_to=reset_to, via=via, doc=doc)
    return field, Signal(kind)


def _emit(signal: Any, value: Any) -> list[Exception]:
    """Emit; a listener's error is returned (not raised) so the other fields are still
    announced and no listener is left with half a change."""
    try:
        signal.emit(value)
    except Exception as error:  # the listener's own error
        return [error]
    return []


class EventedState:
    """A plain object whose fields are ``row`` entries of its class body."""

    #: The names of all fields that changed together, once per change.
    changed = Signal(frozenset)
    #: The class's fields, in the order of its rows.
    FIELDS: tuple[Field[Any], ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = [value for value in vars(cls).values() if isinstance(value, Field)]
        for field in fields:
            signal = vars(cls).get(f"{field.name}_changed")
            if not isinstance(signal, Signal):
                raise TypeError(f"{cls.__name__}.{field.name} has no {field.name}_changed row")
            if field.via is not None and not callable(getattr(cls, field.via, None)):
                raise TypeError(f"{cls.__name__}.{field.name} resets through no {field.via}")
        cls.FIELDS = (*cls.FIELDS, *fields)

    def __init__(self) -> None:
        self._values: dict[str, Any] = {field.name: field.default for field in self.FIELDS}
        self._pending: set[str] = set()
        self._batch_depth = 0
        self._emitting = False

    def restore_session_fields(self) -> None:
        """Every field whose row says ``reset=True`` back to its reset value, in row order."""
        with self.batch():
            for field in self.FIELDS:
                if not field.reset:
                    continue
                if field.via is not None:
                    getattr(self, field.via)(field.reset_value(self))
                else:
                    self._store(field.name, field.reset_value(self))

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group several writes: per-field signals and ``changed`` fire once, at the end."""
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if self._batch_depth == 0:
                self._emit_pending()

    def _emit_pending(self) -> None:
        """Tell every listener about the pending fields, one change after another.

        A listener may write to the state (the challenge tracker completes a
        challenge when a result meets it). Such a write is not announced from inside
        the announcement under way: every listener hears the first change in full
        before anyone hears of the second, in the order they happened.
        """
        if self._emitting:
            return  # the loop below picks the write up once this round is over
        self._emitting = True
        errors: list[Exception] = []
        try:
            while self._pending:
                names = frozenset(self._pending)
                self._pending.clear()
                for name in sorted(names):
                    errors += _emit(getattr(self, f"{name}_changed"), self._values[name])
                errors += _emit(self.changed, names)
        finally:
            self._emitting = False
        if errors:
            # Every field was announced; the first listener's error is the caller's.
            raise errors[0]

    def _store(self, name: str, value: Any) -> None:
        if name not in self._values:
            raise KeyError(f"{type(self).__name__} has no field {name!r}")
        if self._values[name] == value and type(self._values[name]) is type(value):
            return
        self._values[name] = value
        with self.batch():
            self._pending.add(name)
