"""Python's garbage collector during start-up: paused, and start-up's objects frozen after.

Start-up makes about 108,000 objects (NumPy, Qt's enums, our modules and widgets) and
keeps nearly all of them for the program's life, so collecting while they are made
is wasted work: 150 collections before the heatmap's first paint, which cost it
about 25 ms (3 ms of them before the controls' paint; one run alternating the pause
on and off, ``tests/benchmarks/bench_window.py``'s app program). So the entry point
pauses the collector, and once the window is painted it moves what start-up made out
of the collector's way (``gc.freeze``: otherwise the first two collections would walk
all of it, 26 and 30 ms, just after the first paint) and resumes it. This is the
pattern Python's documentation gives for ``gc.freeze``. If the window is never
painted (started minimised, say), the launcher resumes it after a few seconds without
freezing (``end_pause``), and so does the entry point on exit.

Only what start-up made is frozen, once; everything made later is collected as usual.
``thaw_start_up`` hands those objects back to the collector when they may become
garbage: when the first window is replaced by another (a change of language), and
when ``main()`` returns.
"""

from __future__ import annotations

import gc

_paused = False
_frozen = False


def pause_for_start_up() -> None:
    """Stop collecting until ``resume_after_start_up`` (a no-op if already stopped)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_after_start_up() -> None:
    """Freeze start-up's objects and collect again; only if ``pause_for_start_up`` paused.

    Safe to call more than once and from anywhere: a window built without the entry
    point (in a test, say) finds the collector running and leaves it alone."""
    global _paused, _frozen
    if not _paused:
        return
    _paused = False
    gc.freeze()
    _frozen = True
    gc.enable()


def end_pause() -> None:
    """Collect again without freezing anything: the program ends, or never painted."""
    global _paused
    if _paused:
        _paused = False
        gc.enable()


def thaw_start_up() -> None:
    """Give start-up's frozen objects back to the collector (once)."""
    global _frozen
    if _frozen:
        _frozen = False
        gc.unfreeze()


def frozen() -> bool:
    """Whether start-up's objects are frozen (out of the collector's way)."""
    return _frozen
