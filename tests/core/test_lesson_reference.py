"""The lesson's own numbers, cell for cell and line for line."""

import numpy as np
import pytest
from lesson_sketch import lesson_induction_weights

import core
from core.readout import describe_query

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


def test_readout_phrases():
    weights = core.head_weights("induction", core.LESSON_TOKENS)
    assert core.describe_focus(core.LESSON_TOKENS, weights, 7) == "chased (2), 92%"
    assert core.describe_focus(core.LESSON_TOKENS, weights, 6) == "cat (1) and dog (4), 48% each"
    assert describe_query(core.LESSON_TOKENS, weights, 7) == "cat (7) looks most at chased (2), 92%"
    assert core.describe_focus(core.LESSON_TOKENS, weights, 9) == (
        "cat (1), dog (4) and cat (7), 32% each"
    )
    broad = core.head_weights("broad", core.LESSON_TOKENS)
    assert describe_query(core.LESSON_TOKENS, broad, 7) == (
        "cat (7) is split between 8 tokens, 12% each"
    )
    assert describe_query(core.LESSON_TOKENS, weights, 6) == (
        "the (6) is split between cat (1) and dog (4), 48% each"
    )
