"""The one memo of the results caches: the last value, kept until its key changes.

A page asks for its result many times per change (each repaint, each page that shows
it); a ``Memo`` computes it once per key and counts each computation under its name
in a shared ``recomputes`` table, which the tests and benchmarks read.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(Generic[K, V]):
    """The last value computed and the key it was computed for.

    Parameters
    ----------
    name : str
        Its entry in ``recomputes``.
    recomputes : dict of str to int
        The owner's table of counts, shared by its memos.
    same : callable
        Whether two keys are the same (``==``; ``operator.is_`` for weights compared by
        identity).
    """

    def __init__(
        self,
        name: str,
        recomputes: dict[str, int],
        same: Callable[[Any, Any], bool] = operator.eq,
    ) -> None:
        self.name = name
        self._recomputes = recomputes
        self._recomputes.setdefault(name, 0)
        self._same = same
        self._last: tuple[K, V] | None = None

    @property
    def last(self) -> tuple[K, V] | None:
        """The key and value kept (None before the first computation)."""
        return self._last

    def get(self, key: K, compute: Callable[[], V]) -> V:
        """The value for ``key``: the kept one, or ``compute()`` when the key changed."""
        if self._last is None or not self._same(self._last[0], key):
            self._recomputes[self.name] += 1
            self._last = key, compute()
        return self._last[1]
