"""A growing wait after wrong staff PINs, so that guessing takes weeks, not hours."""

from __future__ import annotations

import time
from collections.abc import Callable

#: Wrong PINs allowed before any wait (a slip of the finger costs nothing).
FREE_TRIES = 3
#: The first wait, in seconds; each further wrong PIN doubles it ...
FIRST_WAIT_S = 2.0
#: ... up to this. With a 4-digit PIN, trying all 10,000 then takes about 35 days.
LONGEST_WAIT_S = 300.0


class PinBackoff:
    """Counts wrong PINs and says how long the pad stays shut after the last one.

    The count outlives a closed pad (cancelling does not start over) and is cleared
    only by the right PIN. ``clock`` is ``time.monotonic`` unless a test passes another.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.failures = 0
        self._open_at = 0.0

    def wait_after(self, failures: int) -> float:
        """Seconds of wait after the ``failures``-th wrong PIN in a row."""
        if failures <= FREE_TRIES:
            return 0.0
        doublings = min(failures - FREE_TRIES - 1, 32)  # no float overflow after ~1,000
        return min(FIRST_WAIT_S * 2**doublings, LONGEST_WAIT_S)

    def failed(self) -> float:
        """Count one wrong PIN; returns the wait it costs, in seconds."""
        self.failures += 1
        wait = self.wait_after(self.failures)
        self._open_at = self._clock() + wait
        return wait

    def succeeded(self) -> None:
        self.failures = 0
        self._open_at = 0.0

    def remaining(self) -> float:
        """Seconds until the next try is allowed (0 when it is allowed now)."""
        return max(0.0, self._open_at - self._clock())
