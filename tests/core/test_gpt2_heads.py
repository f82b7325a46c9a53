"""What a GPT-2 head looks like: the English page's detector and chance levels, on
weights made by hand so that the right answer is known."""

import numpy as np
import pytest

from core.english.metrics import chance_scores, pattern_scores
from core.gpt2 import PATTERNS, analyse, analyse_repeats, open_model
from core.gpt2.analysis import REPEATED_PASSAGE, HeadScore, measure
from tests.gpt2_folders import write_gpt2_folder

# The start token, then "a b c a b c": ids as the model would see them.
IDS = np.array([0, 7, 8, 9, 7, 8, 9])
N = len(IDS)


def head(kind):
    """(n, n) weights of a perfect head of one kind (row 0 looks at itself)."""
    w = np.zeros((N, N))
    w[0, 0] = 1.0
    for q in range(1, N):
        if kind == "previous_token" and q >= 2:
            w[q, q - 1] = 1.0
        elif kind == "same_word" and q >= 4:
            w[q, q - 3] = 1.0
        elif kind == "induction" and q >= 4:
            w[q, q - 2] = 1.0
        elif kind == "even":
            w[q, : q + 1] = 1.0 / (q + 1)
        else:
            w[q, 0] = 1.0
    return w


def test_each_perfect_head_scores_one_on_its_pattern():
    kinds = ["previous_token", "same_word", "induction", "first_token", "even"]
    weights = np.stack([head(k) for k in kinds])[None]  # one layer of five heads
    scores, chance = measure(weights, IDS)
    for index, kind in enumerate(kinds[:4]):
        assert scores[kind][0, index] == pytest.approx(1.0)
    # Even attention scores exactly the chance level, on every pattern.
    for pattern in PATTERNS:
        assert scores[pattern][0, 4] == pytest.approx(chance[pattern])


def test_the_chance_levels_are_what_even_attention_scores():
    chance = chance_scores(IDS[None], unknown=None)
    # first token: queries 1..6 give 1/2 .. 1/7 to the start token.
    assert chance["first_token"] == pytest.approx(np.mean([1 / (q + 1) for q in range(1, 7)]))
    # previous token: queries 2..6 (query 1's previous token is the start token).
    assert chance["previous_token"] == pytest.approx(np.mean([1 / (q + 1) for q in range(2, 7)]))


def test_gpt2_id_0_is_a_word_where_the_english_model_s_0_is_unknown():
    ids = np.array([[50256, 0, 5, 0]])  # GPT-2's id 0 is "!", a token like any other
    weights = np.zeros((1, 1, 1, 4, 4))
    weights[..., 0, 0] = weights[..., 1, 0] = weights[..., 2, 0] = 1.0
    weights[..., 3, 1] = 1.0  # the second "!" looks at the first
    assert pattern_scores(weights, ids, unknown=None)["same_word"][0, 0] == 1.0
    assert pattern_scores(weights, ids)["same_word"][0, 0] == 0.0  # the English reading


def test_a_text_without_a_repeat_gives_induction_nothing_to_find(tmp_path):
    model = open_model(write_gpt2_folder(tmp_path / "m", n_positions=160))
    run = analyse(model, "When Mary and John went")
    assert len(set(run.ids.tolist())) == len(run.ids)
    assert run.scores["induction"] is None and run.chance["induction"] is None
    assert run.scores["same_word"] is None
    assert run.ranking("induction") == ()
    assert run.strongest(0, 0).pattern in ("previous_token", "first_token")


def test_the_repeated_passage_is_the_passage_twice_token_for_token(tmp_path):
    model = open_model(write_gpt2_folder(tmp_path / "m", n_positions=160))
    run = analyse_repeats(model)
    once = analyse(model, REPEATED_PASSAGE).pieces.ids
    assert run.pieces.ids == once + once and run.offset == 1
    assert run.scores["induction"] is not None
    best = run.ranking("induction")[0]
    assert best.score == run.scores["induction"].max()
    # A short model reads the passage's first tokens only, twice.
    short = analyse_repeats(open_model(write_gpt2_folder(tmp_path / "s", n_positions=21)))
    assert short.pieces.ids == once[:10] * 2


def test_a_head_is_named_from_the_clear_match_up_and_above_chance():
    assert HeadScore(0, 0, "first_token", 0.6, 0.2).clear
    assert not HeadScore(0, 0, "first_token", 0.45, 0.2).clear
    assert not HeadScore(0, 0, "first_token", 0.6, 0.6).clear  # no better than even
