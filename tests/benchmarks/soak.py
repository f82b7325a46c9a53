"""Soak: many random interactions on the real window, with memory and objects sampled.

    python tests/benchmarks/soak.py [--actions 100000] [--every 5000]

Prints one line per sample (resident memory, live Qt objects, references to None) and
a verdict: after warm-up, resident memory must grow by less than 10 MB, live Qt objects
must stay flat, and sys.getrefcount(None) must not fall. Exits 1 if any of these fails.
The invariants of the monkey test are checked every 1,000 actions.

Warm-up visits every window size, theme, text size, page and sentence once before the first
sample, so that what is built once and kept (the English model, pictures cached per
size and theme, backing stores for the largest window) is in the baseline; a random
walk reaches some of these only after hundreds of actions. Every sample is taken in the
same state: the session reset and the window at 1024x768.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_GROWTH_MB = 10
#: Live objects may wobble by a few (a banner, a timer) but must not trend upwards.
MAX_OBJECT_DRIFT = 50


def resident_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def live_qt_objects(app) -> int:
    from PySide6.QtCore import QObject

    tops = app.topLevelWidgets()
    return len(tops) + sum(len(w.findChildren(QObject)) for w in tops)


def warm_up(window, app) -> None:
    """Build once everything the window keeps: each size, theme, text size, page and
    sentence (the longest ones set how much heap the allocator holds on to)."""
    from monkey import SENTENCES, SIZES

    from app.ui.theme import THEMES, ZOOM_STEPS

    for size in SIZES:
        window.resize(*size)
        for theme_id in THEMES:
            window.state.set_theme(theme_id)
            app.processEvents()
        for zoom in range(len(ZOOM_STEPS)):
            window.state.set_zoom(zoom)
            app.processEvents()
        for index in range(window.side_tabs.count()):
            window.side_tabs.setCurrentIndex(index)
            app.processEvents()
        for text in SENTENCES:
            window.sentence_editor.edit.setText(text)
            window.sentence_editor.apply_text()
            app.processEvents()


def sample_state(window, app) -> tuple[float, int, int]:
    """Memory, live Qt objects and references to None, always in the same state."""
    window.reset_session()
    window.resize(1024, 768)
    app.processEvents()
    gc.collect()
    # Hand freed heap back to the system, so that the figure is what is alive, not how
    # much the allocator kept after the largest sentence or window so far.
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    return resident_mb(), live_qt_objects(app), sys.getrefcount(None)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("XDG_CONFIG_HOME", "/tmp/attention-heads-soak")
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "app")]
    from monkey import Monkey
    from PySide6.QtWidgets import QApplication

    from app.adapters.settings import APPLICATION, ORGANIZATION
    from app.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    app.setApplicationName(APPLICATION)  # settings go where the program keeps them
    app.setOrganizationName(ORGANIZATION)
    window = MainWindow()
    window.resize(1024, 768)
    window.show()
    window.build_plots()
    app.processEvents()
    monkey = Monkey(window, args.seed)
    warm_up(window, app)

    start = time.perf_counter()
    samples = [(0, *sample_state(window, app))]
    print(
        f"warm-up    rss {samples[0][1]:7.1f} MB  qt objects {samples[0][2]:6d}"
        f"  refs to None {samples[0][3]:8d}",
        flush=True,
    )
    for number in range(1, args.actions + 1):
        monkey.step()
        if number % 1000 == 0:
            monkey.check()
        if number % args.every == 0:
            sample = (number, *sample_state(window, app))
            samples.append(sample)
            print(
                f"{number:7d} actions  rss {sample[1]:7.1f} MB  qt objects {sample[2]:6d}"
                f"  refs to None {sample[3]:8d}  {time.perf_counter() - start:7.0f} s",
                flush=True,
            )
    window.close()
    window.deleteLater()
    app.processEvents()

    first, last = samples[0], samples[-1]
    growth = last[1] - first[1]
    drift = max(s[2] for s in samples[1:] or [first]) - first[2]
    # The PySide6 build the design notes warn about loses references to None until
    # the interpreter aborts: the count must never drop below its warm-up value.
    none_fell = min(s[3] for s in samples) < first[3]
    ok = growth < MAX_GROWTH_MB and drift <= MAX_OBJECT_DRIFT and not none_fell
    print(
        f"after warm-up: memory {growth:+.1f} MB (limit {MAX_GROWTH_MB}), "
        f"qt objects {drift:+d} (limit {MAX_OBJECT_DRIFT}), "
        f"refs to None {'fell' if none_fell else 'did not fall'}: "
        f"{'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
