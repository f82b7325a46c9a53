"""The lesson's own numbers, cell for cell and line for line."""

import numpy as np
import pytest
from lesson_sketch import lesson_induction_weights

import core

# The lesson's induction table, mask on ("masked" above the diagonal).
LESSON_TABLE = """\
1.00	masked	masked	masked	masked	masked	masked	masked	masked	masked
0.88	0.12	masked	masked	masked	masked	masked	masked	masked	masked
0.79	0.11	0.11	masked	masked	masked	masked	masked	masked	masked
0.05	0.94	0.01	0.01	masked	masked	masked	masked	masked	masked
0.65	0.09	0.09	0.09	0.09	masked	masked	masked	masked	masked
0.60	0.08	0.08	0.08	0.08	0.08	masked	masked	masked	masked
0.02	0.48	0.00	0.00	0.48	0.00	0.00	masked	masked	masked
0.05	0.01	0.92	0.01	0.01	0.01	0.01	0.01	masked	masked
0.05	0.01	0.01	0.91	0.01	0.01	0.01	0.01	0.01	masked
0.02	0.32	0.00	0.00	0.32	0.00	0.00	0.32	0.00	0.00"""


def test_lesson_sentence_tokenizes_to_the_ten_lesson_tokens():
    assert core.tokenize(core.LESSON_SENTENCE) == list(core.LESSON_TOKENS)
    assert len(core.LESSON_TOKENS) == 10


def test_induction_table_matches_the_lesson_cell_for_cell():
    weights = core.head_weights("induction", core.LESSON_TOKENS, causal=True)
    future = core.causal_mask(10)
    expected = [line.split("\t") for line in LESSON_TABLE.splitlines()]
    for i, row in enumerate(expected):
        for j, cell in enumerate(row):
            if cell == "masked":
                assert future[i, j]
                assert weights[i, j] == 0.0
            else:
                assert not future[i, j]
                assert f"{weights[i, j]:.2f}" == cell, (i, j)


def test_table_command_prints_the_lesson_table(capsys):
    from app.main import main

    assert main(["table", "--head", "induction"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == list(core.LESSON_TOKENS)
    assert [line.split() for line in lines[1:]] == [
        line.split("\t") for line in LESSON_TABLE.splitlines()
    ]


def test_printed_lines_of_the_lesson_sketch():
    tokens = core.LESSON_TOKENS
    weights = core.head_weights("induction", tokens)
    keys, weight = core.top_keys(weights, 7)
    top = keys[0]
    assert f"cat (7) looks most at {tokens[top]} ({top}): {weight:.0%}" == (
        "cat (7) looks most at chased (2): 92%"
    )
    assert weights[core.causal_mask(10)].sum() == 0.0
    assert core.head_width(768, 12) == 64
    assert core.projection_weights(768, 12) == 2_359_296


def test_vectorised_weights_equal_the_lesson_sketch_on_its_sentence():
    np.testing.assert_allclose(
        core.head_weights("induction", core.LESSON_TOKENS),
        lesson_induction_weights(list(core.LESSON_TOKENS)),
        rtol=0,
        atol=1e-15,
    )


@pytest.mark.parametrize(
    ("query", "expected"),
    [(7, ((2,), 0.92)), (6, ((1, 4), 0.48)), (9, ((1, 4, 7), 0.32)), (0, ((0,), 1.0))],
)
def test_top_keys_reports_ties(query, expected):
    keys, weight = core.top_keys(core.head_weights("induction", core.LESSON_TOKENS), query)
    assert keys == expected[0]
    assert round(weight, 2) == expected[1]


def test_readout_facts():
    # The words are the app's (tests/app/test_wording.py); core gives keys and weights.
    weights = core.head_weights("induction", core.LESSON_TOKENS)
    found = core.focus(weights, 7)
    assert (found.query, found.keys, round(found.weight, 2)) == (7, (2,), 0.92)
    assert not found.is_tie
    assert core.focus(weights, 6).keys == (1, 4)
    assert core.focus(weights, 9).keys == (1, 4, 7)
    assert core.focus(weights, 9).is_tie and not core.focus(weights, 9).is_spread
    broad = core.focus(core.head_weights("broad", core.LESSON_TOKENS), 7)
    assert broad.is_spread and len(broad.keys) == 8 and round(broad.weight, 3) == 0.125
