"""The vectorised head rules, checked against plain loops and against their promises."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.heads import FALLBACK, POSITIONAL, STRONG

WORDS = ["the", "The", "cat", "CAT", "dog", "sat", ".", ",", "a", "on"]
sentences = st.lists(st.sampled_from(WORDS), min_size=1, max_size=core.MAX_TOKENS)


def loop_scores(head_id, tokens):
    """Each rule written as the lesson writes its induction rule: a double loop."""
    words = [t.lower() for t in tokens]
    n = len(tokens)
    s = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if head_id == "induction":
                if j >= 1 and j - 1 != i and words[j - 1] == words[i]:
                    s[i, j] = STRONG
                elif j == 0:
                    s[i, j] = FALLBACK
            elif head_id == "previous_token":
                s[i, j] = POSITIONAL if j == max(i - 1, 0) else 0
            elif head_id == "same_word":
                s[i, j] = FALLBACK if i == j else STRONG if words[i] == words[j] else 0
            elif head_id == "first_token":
                s[i, j] = POSITIONAL if j == 0 else 0
    return s


def loop_weights(scores, causal):
    n = len(scores)
    w = np.zeros((n, n))
    for i in range(n):
        visible = [j for j in range(n) if not (causal and j > i)]
        e = np.exp([scores[i, j] - max(scores[i, k] for k in visible) for j in visible])
        w[i, visible] = e / e.sum()
    return w


@settings(max_examples=150, deadline=None)
@given(tokens=sentences, causal=st.booleans())
def test_vectorised_rules_equal_double_loops(tokens, causal):
    for head_id, head in core.HEADS.items():
        expected = loop_scores(head_id, tokens)
        np.testing.assert_array_equal(head.scores(tokens), expected, err_msg=head_id)
        np.testing.assert_allclose(
            core.head_weights(head_id, tokens, causal),
            loop_weights(expected, causal),
            atol=1e-12,
            err_msg=head_id,
        )


@settings(max_examples=100, deadline=None)
@given(tokens=sentences)
def test_each_head_keeps_its_promise_with_the_mask_on(tokens):
    n = len(tokens)
    words = [t.lower() for t in tokens]
    prev = core.head_weights("previous_token", tokens)
    first = core.head_weights("first_token", tokens)
    broad = core.head_weights("broad", tokens)
    same = core.head_weights("same_word", tokens)
    for i in range(n):
        if i >= 1:
            assert prev[i, i - 1] >= 0.8
        assert first[i, 0] >= 0.95
        np.testing.assert_allclose(broad[i, : i + 1], 1 / (i + 1))
        copies = [j for j in range(i) if words[j] == words[i]]
        if copies:
            assert same[i, copies].sum() > 0.5
        else:
            assert core.top_keys(same, i)[0] == (i,)  # falls back to itself


@settings(max_examples=60, deadline=None)
@given(tokens=sentences)
def test_mask_barely_moves_previous_and_first_token_heads(tokens):
    for head_id in ("previous_token", "first_token"):
        on = core.head_weights(head_id, tokens, causal=True)
        off = core.head_weights(head_id, tokens, causal=False)
        assert np.abs(on - off).max() < 0.03, head_id
        for i in range(len(tokens)):
            assert core.top_keys(on, i)[0] == core.top_keys(off, i)[0]


def test_rules_compare_words_case_insensitively():
    tokens = core.tokenize("The cat saw the cat")
    same = core.HEADS["same_word"].scores(tokens)
    assert same[3, 0] == STRONG


def test_every_head_has_an_id_and_a_documented_rule():
    assert list(core.HEADS) == ["previous_token", "same_word", "induction", "first_token", "broad"]
    for head in core.HEADS.values():
        assert head.id and head.rule.__doc__  # names and summaries: app/text/wording.py


def test_unknown_head_names_the_valid_ones():
    with pytest.raises(KeyError, match="previous_token"):
        core.get_head("nope")
