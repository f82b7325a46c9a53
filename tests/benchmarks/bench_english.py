"""The English model's speed and memory: forward pass, page redraw, memory with it loaded.

    python tests/benchmarks/bench_english.py [--weights PATH] [--repeats 50]

Prints medians against the goals: forward pass of a 64-token sentence (and the start
token before it) under 10 ms with one BLAS thread, a redraw of the English page under
50 ms (a new query, and a new sentence), and resident memory growing by at most 30 MB
once the model is loaded and the page drawn.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # the goal is for one BLAS thread
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

FORWARD_MS, REDRAW_MS, MEMORY_MB = 10.0, 50.0, 30.0
REPEAT = "the king went up to the city and spoke to the people of the land . "


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def verdict(value: float, limit: float) -> str:
    return "ok" if value <= limit else "OVER"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=Path, help="weights file (default: the shipped one)")
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    from app.model.controller import Controller
    from app.model.state import AppState
    from app.ui.theme import THEMES
    from core.english import ENGLISH_WEIGHTS
    from core.english.analysis import analyse, sentence_forward

    app = QApplication([])
    state = AppState()
    controller = Controller(state)
    from app.model.english_results import EnglishResults
    from app.panels.english_view import EnglishView

    controller.page_results.english_model = EnglishResults(args.weights or ENGLISH_WEIGHTS)
    view = EnglishView(state, controller.page_results)
    view.set_theme(THEMES["light"], 16)
    view.resize(480, 1800)
    view.show()
    app.processEvents()
    before = rss_mb()
    view.show_result(controller.attention)  # reads the model
    controller.attention_changed.connect(view.show_result)
    view.grab()
    after = rss_mb()
    if view.english is None or view.english.run is None:
        print(view.english.error if view.english is not None else "the model was not read")
        return 1
    model = view.english.run.model

    tokens = (REPEAT * 5).split()[:64]
    ids = analyse(model, tokens).ids  # the start token first, if the model has one
    forward = median_ms(lambda: sentence_forward(model, ids), args.repeats)
    whole = median_ms(lambda: analyse(model, tokens), args.repeats)
    print(
        f"forward pass, 64 tokens ({len(ids)} positions): median {forward:.2f} ms "
        f"({verdict(forward, FORWARD_MS)}, goal < {FORWARD_MS:.0f} ms)"
    )
    print(f"forward pass and analysis of 64 tokens: median {whole:.2f} ms")

    sentences = [" ".join(tokens[:n]) for n in (10, 64)]
    for text in sentences:
        state.set_sentence(text)
        n = len(state.tokens)
        queries = iter(range(10**6))

        def new_query(n=n, queries=queries):
            state.set_query(next(queries) % n)
            view.grab()

        redraw = median_ms(new_query, args.repeats)
        print(
            f"page redraw after a new query, n = {n}: median {redraw:.1f} ms "
            f"({verdict(redraw, REDRAW_MS)}, goal < {REDRAW_MS:.0f} ms)"
        )
    flip = iter(range(10**6))

    def new_sentence():
        state.set_sentence(sentences[next(flip) % 2])
        view.grab()

    redraw = median_ms(new_sentence, max(5, args.repeats // 5))
    print(
        f"page redraw after a new sentence (10 <-> 64 tokens): median {redraw:.1f} ms "
        f"({verdict(redraw, REDRAW_MS)}, goal < {REDRAW_MS:.0f} ms)"
    )
    growth = after - before
    print(
        f"memory: {before:.1f} MB before the model, {after:.1f} MB with it loaded and drawn: "
        f"{growth:+.1f} MB ({verdict(growth, MEMORY_MB)}, goal <= {MEMORY_MB:.0f} MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
