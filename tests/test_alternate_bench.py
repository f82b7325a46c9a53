"""The alternating benchmark runner reads the figure a line is about."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "benchmarks"))

from alternate import figure  # noqa: E402


def test_a_median_is_the_figure_of_its_line():
    line = "page redraw after a new query, n = 10: median 4.3 ms (ok, goal < 50 ms)"
    assert figure(line) == (
        "page redraw after a new query, n = 10: median # ms (ok, goal < # ms)",
        4.3,
    )


def test_without_a_median_the_first_figure_counts_and_words_alone_count_nothing():
    assert figure("cold start: app 1.42 s, skeleton 0.61 s") == (
        "cold start: app # s, skeleton # s",
        1.42,
    )
    assert figure("the model misses a bar") is None
