"""Run one benchmark script from this checkout and from another, alternating, and compare.

    python tests/benchmarks/alternate.py --against DIR [--rounds 5] bench_english.py [-- ARGS]

A shared machine's noise comes and goes; running the two checkouts' copies of a
benchmark in turns (this, other, other, this, ...) lets it fall on both alike. Each line
a script prints with a figure in it ("n = 10: median 4.3 ms") is matched between the
two checkouts by its text up to its first figure (see ``figures``); for every line both
printed, each figure's median over the rounds is shown, with the ratio this / other.
The other checkout runs its own copy of the script with its own code on the path,
under the same interpreter.
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
#: A figure followed by one of these is a measurement: a time or a memory size.
UNIT = re.compile(r"\s*(?:ms|s|µs|us|MB|MiB|KiB)\b")


def figures(line: str) -> tuple[str, list[float]] | None:
    """A line's text with its figures masked, and the figures: every measurement (a
    number followed by ms, s, us, MB ...); a line without units gives its first number
    after "median", else (a table row) every number but the first, which names the row.
    None for a line without numbers."""
    numbers = list(NUMBER.finditer(line))
    if not numbers:
        return None
    chosen = [m for m in numbers if UNIT.match(line, m.end())]
    if not chosen:
        after = line.find("median")
        later = [m for m in numbers if after >= 0 and m.start() > after]
        # A table row ("n=10  head 4.1  query 3.2"): its first number names it.
        chosen = later[:1] or numbers[1:] or numbers
    # Numbers before the first figure name the line ("n = 10"); after it, they vary.
    start = chosen[0].start()
    key = line[:start] + NUMBER.sub("#", line[start:])
    return key.strip(), [float(m.group()) for m in chosen]


def run(checkout: Path, script: str, args: list[str]) -> dict[str, list[float]]:
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
    found: dict[str, list[float]] = {}
    for line in result.stdout.splitlines():
        parsed = figures(line)
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
    seen: dict[str, dict[str, list[list[float]]]] = {
        "this": defaultdict(list),
        "other": defaultdict(list),
    }
    order = [("this", ROOT), ("other", other)]
    for number in range(options.rounds):
        for name, checkout in order if number % 2 == 0 else order[::-1]:
            for line, values in run(checkout, options.script, args).items():
                seen[name][line].append(values)
        print(f"round {number + 1} of {options.rounds} done", file=sys.stderr, flush=True)
    print(f"{options.script}, {options.rounds} alternating rounds; this = {ROOT}, other = {other}")
    for line, mine in seen["this"].items():
        theirs = seen["other"].get(line)
        if not theirs or len(mine[0]) != len(theirs[0]):
            continue
        print(line)
        for k in range(len(mine[0])):
            a = statistics.median(v[k] for v in mine)
            b = statistics.median(v[k] for v in theirs)
            ratio = f"{a / b:.2f}x" if b else "n/a"
            print(f"    figure {k + 1}: this {a:g}   other {b:g}   this/other {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
