"""Core speed: the vectorised induction rule against the lesson's double loop, and
multi-head attention at GPT-2 small width. Prints medians; run it, do not collect it.

    python tests/benchmarks/bench_core.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "core")]

from lesson_sketch import lesson_induction_scores  # noqa: E402

import core  # noqa: E402
from core.heads import induction_scores  # noqa: E402


def median_seconds(fn, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    rng = np.random.default_rng(0)
    vocabulary = ["the", "cat", "chased", "dog", ".", "a", "sat", "on", "mat", "ran"]
    print("induction rule: vectorised vs the lesson's double loop (median seconds)")
    for n in (10, 256, 1024):
        tokens = [str(w) for w in rng.choice(vocabulary, n)]
        assert np.array_equal(induction_scores(tokens), lesson_induction_scores(tokens))
        loop = median_seconds(lambda t=tokens: lesson_induction_scores(t), 3 if n > 256 else 9)
        fast = median_seconds(lambda t=tokens: induction_scores(t), 21)
        print(
            f"  n={n:5d}  loop {loop * 1e3:9.3f} ms  vectorised {fast * 1e3:7.3f} ms"
            f"  speed-up {loop / fast:7.1f}x"
        )

    print("multi_head_attention, d_model 768, 12 heads (median seconds)")
    for dtype in (np.float32, np.float64):
        for n in (256, 1024):
            x = rng.normal(size=(n, 768)).astype(dtype)
            ws = [(rng.normal(size=(768, 768)) / 28).astype(dtype) for _ in range(4)]
            t = median_seconds(lambda x=x, ws=ws: core.multi_head_attention(x, *ws, 12), 7)
            print(f"  {np.dtype(dtype).name:7s} n={n:5d}  {t * 1e3:8.2f} ms")

    scores = rng.normal(size=(4096, 4096))
    t = median_seconds(lambda: core.attention_weights(scores), 5)
    print(f"attention_weights at n=4096: {t * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
