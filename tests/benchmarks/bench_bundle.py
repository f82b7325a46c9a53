"""Start-up of the bundle against the virtual environment: whole processes, alternating.

    python scripts/build_bundle.py           # once: makes dist/attention-heads
    python tests/benchmarks/bench_bundle.py [--runs 9] [--bundle dist/attention-heads]

Each run is one ``attention-heads --screenshot`` from process start to exit (the
interpreter or the bundle's loader, the imports, the window, the picture written), the
venv's console script and the bundle's program taking turns so that machine noise
hits both alike. Prints every time, the medians and their ratio (the goal: at most 1.3).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bundle_program(folder: Path) -> Path:
    if sys.platform == "win32":
        return folder / "attention-heads-cli.exe"
    if folder.suffix == ".app":
        return folder / "Contents" / "MacOS" / "attention-heads"
    return folder / "attention-heads"


def venv_program() -> Path:
    scripts = Path(sys.executable).parent
    return scripts / ("attention-heads.exe" if sys.platform == "win32" else "attention-heads")


def one_run(program: Path, picture: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        [str(program), "--screenshot", str(picture), "--size", "1280x800"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    default = (
        ROOT / "dist" / ("Attention Heads.app" if sys.platform == "darwin" else "attention-heads")
    )
    parser.add_argument("--bundle", type=Path, default=default)
    args = parser.parse_args()
    programs = {"venv": venv_program(), "bundle": bundle_program(args.bundle)}
    for name, program in programs.items():
        if not program.is_file():
            print(f"no {name} program at {program}", file=sys.stderr)
            return 1
    times: dict[str, list[float]] = {name: [] for name in programs}
    with tempfile.TemporaryDirectory() as folder:
        picture = Path(folder) / "shot.png"
        for program in programs.values():  # one warm-up each: the disk cache
            one_run(program, picture)
        for run in range(args.runs):
            order = list(programs) if run % 2 == 0 else list(reversed(programs))
            for name in order:
                times[name].append(one_run(programs[name], picture))
    for name, values in times.items():
        shown = " ".join(f"{v:.2f}" for v in values)
        print(f"{name:7s} median {statistics.median(values):.3f} s   ({shown})")
    ratio = statistics.median(times["bundle"]) / statistics.median(times["venv"])
    print(f"bundle / venv: {ratio:.2f} (goal: at most 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
