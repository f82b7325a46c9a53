"""The alternating benchmark runner reads the figures a line is about."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "benchmarks"))

from alternate import figures  # noqa: E402


def test_every_time_of_a_line_is_a_figure_and_numbers_before_them_name_the_line():
    line = "n=  256  loop     5.575 ms  vectorised   0.203 ms  speed-up    27.4x"
    assert figures(line) == (
        "n=  256  loop     # ms  vectorised   # ms  speed-up    #x",
        [5.575, 0.203],
    )
    line = "page redraw after a new query, n = 10: median 4.3 ms (ok, goal < 50 ms)"
    key, values = figures(line)
    assert key.startswith("page redraw after a new query, n = 10: median # ms") and values[0] == 4.3


def test_a_line_without_units_gives_its_median_else_its_numbers_after_the_first():
    line = "memory: 91.7 MB before the model, 92.6 MB with it loaded"
    assert figures(line) == ("memory: # MB before the model, # MB with it loaded", [91.7, 92.6])
    assert figures("n=10   head   4.1  query   3.2") == ("n=10   head   #  query   #", [4.1, 3.2])
    assert figures("loss: median 3.96 nats, bigram 4.53") == (
        "loss: median # nats, bigram #",
        [3.96],
    )
    assert figures("the model misses a bar") is None
