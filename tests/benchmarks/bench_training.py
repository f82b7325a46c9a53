"""Training speed of the learned heads: seconds from scratch until the induction and
previous-token scores both reach 0.6, then the final scores. Run it, do not collect it.

    python tests/benchmarks/bench_training.py            # seed 0
    python tests/benchmarks/bench_training.py 0 1 2      # several seeds
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

# One BLAS thread, set before NumPy loads: the matrices are small, and two OpenBLAS
# threads on two cores slow a step tenfold as soon as anything else wants a core.
# Export OPENBLAS_NUM_THREADS to measure another setting.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.learned import QUICK_TRAINING, TrainProgress, evaluate, train  # noqa: E402

BAR = 0.6


def run(seed: int) -> float | None:
    """Train once; return the seconds until both scores reached the bar (None if never)."""
    reached: list[TrainProgress] = []

    def watch(p: TrainProgress) -> None:
        if not reached and p.induction_score >= BAR and p.previous_token_score >= BAR:
            reached.append(p)

    start = time.perf_counter()
    result = train(QUICK_TRAINING, seed, on_progress=watch)
    total = time.perf_counter() - start
    s = evaluate(result.params)
    ms_per_step = 1e3 * total / result.steps_done
    print(f"seed {seed}: {result.steps_done} steps in {total:.1f} s ({ms_per_step:.1f} ms/step)")
    if reached:
        p = reached[0]
        print(f"  both scores >= {BAR} at step {p.step}, after {p.elapsed_seconds:.1f} s")
    else:
        print(f"  never reached {BAR} on both scores")
    print(
        f"  final: induction {s.induction:.3f}, previous token {s.previous_token:.3f}, "
        f"loss first copy {s.first_copy_loss:.3f}, second copy {s.second_copy_loss:.3f}"
    )
    return reached[0].elapsed_seconds if reached else None


def main() -> None:
    seeds = [int(a) for a in sys.argv[1:]] or [0]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}, load average {load}")
    times = [run(seed) for seed in seeds]
    if len(seeds) > 1:
        hit = [t for t in times if t is not None]
        print(f"reached the bar in {len(hit)}/{len(seeds)} runs", end="")
        print(f"; median {np.median(hit):.1f} s, worst {max(hit):.1f} s" if hit else "")


if __name__ == "__main__":
    main()
