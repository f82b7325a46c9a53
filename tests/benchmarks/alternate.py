"""Run one benchmark script from this checkout and from another, alternating, and compare.

    python tests/benchmarks/alternate.py --against DIR [--rounds 5] bench_english.py [-- ARGS]

A shared machine's noise comes and goes; running the two checkouts' copies of a
benchmark in turns (this, other, other, this, ...) lets it fall on both alike. Each
line a script prints with a figure in it ("n = 10: median 4.3 ms") is matched between
the two checkouts by its text up to that figure (its first after "median", else its
first); for every line both printed, the figure's median over the rounds is shown, with
the ratio this / other. The other checkout runs its own copy of the script with its own code on
the path, under the same interpreter.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def figure(line: str) -> tuple[str, float] | None:
    """A line's words (figures masked) and its figure, or None when it has none."""
    numbers = list(NUMBER.finditer(line))
    if not numbers:
        return None
    after = line.find("median")
    chosen = next((m for m in numbers if after >= 0 and m.start() > after), numbers[0])
    # Figures before the chosen one name the line ("n = 10"); it and those after vary.
    start = chosen.start()
    return (line[:start] + NUMBER.sub("#", line[start:])).strip(), float(chosen.group())


def run(checkout: Path, script: str, args: list[str]) -> dict[str, float]:
    """The figures one run of ``checkout``'s copy of ``script`` printed, by line."""
    result = subprocess.run(
        [sys.executable, str(checkout / "tests" / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        cwd=checkout,
        env={**os.environ, "PYTHONPATH": str(checkout)},
        timeout=1800,
    )
    if result.returncode != 0:
        raise SystemExit(f"{script} in {checkout} failed:\n{result.stderr[-3000:]}")
    found = {}
    for line in result.stdout.splitlines():
        parsed = figure(line)
        if parsed is not None:
            found.setdefault(*parsed)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script", help="a script of tests/benchmarks, e.g. bench_core.py")
    parser.add_argument("--against", type=Path, required=True, help="the other checkout")
    parser.add_argument("--rounds", type=int, default=5)
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    options = parser.parse_args(argv[:split])
    args = argv[split + 1 :]  # after "--": the script's own
    other = options.against.resolve()
    figures: dict[str, dict[str, list[float]]] = {
        "this": defaultdict(list),
        "other": defaultdict(list),
    }
    order = [("this", ROOT), ("other", other)]
    for number in range(options.rounds):
        for name, checkout in order if number % 2 == 0 else order[::-1]:
            for line, value in run(checkout, options.script, args).items():
                figures[name][line].append(value)
        print(f"round {number + 1} of {options.rounds} done", file=sys.stderr, flush=True)
    print(f"{options.script}, {options.rounds} alternating rounds; this = {ROOT}, other = {other}")
    for line, values in figures["this"].items():
        theirs = figures["other"].get(line)
        if not theirs:
            continue
        mine, old = statistics.median(values), statistics.median(theirs)
        ratio = f"{mine / old:.2f}x" if old else "n/a"
        print(f"{line}\n    this {mine:g}   other {old:g}   this/other {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
