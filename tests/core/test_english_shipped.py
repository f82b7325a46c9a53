"""The shipped English model: it loads, it is documented, it knows the program's words,
and it learned what it claims.

The held-out scores were printed by scripts/train_english_model.py and saved with the
weights; the fast tests check those records and what the model does on our own
sentences, the slow ones recompute the records from the training text (when its Debian
packages are installed).
"""

import json

import numpy as np
import pytest

import core
from core.english import (
    BOS,
    ENGLISH_MODEL,
    ENGLISH_TRAINING,
    ENGLISH_WEIGHTS,
    UNKNOWN,
    corpus,
    fortunes,
    load_english,
    wordnet,
)
from core.english.analysis import analyse, head_verdicts
from core.english.checks import BARS, LESSON_ANSWER, LESSON_PROMPT, MIN_SECOND_COPY_ACCURACY
from core.english.metrics import KINDS, PATTERNS
from core.english.program_sentences import program_sentences, program_words
from core.english.sources import EVERYDAY_SHA256, MIX
from tests.tools import require

#: The least count, in the text trained on, of a word of the program's own sentences.
MIN_WORD_COUNT = 20
needs_text = require(
    corpus.MODULE_DIR.is_dir() and wordnet.WORDNET_DIR.is_dir(),
    f"the Debian packages of the training text ({corpus.PACKAGE}, wordnet-base)",
)


@pytest.fixture(scope="module")
def model():
    return load_english()


@pytest.fixture(scope="module")
def evaluation(model):
    return model.info["evaluation"]


def test_the_file_is_small_and_says_how_it_was_made(model):
    assert ENGLISH_WEIGHTS.stat().st_size <= 5 * 2**20
    assert model.config == ENGLISH_MODEL
    assert model.info["training"] == json.loads(json.dumps(ENGLISH_TRAINING.to_dict()))
    text = model.info["text"]
    assert list(text) == [*MIX, "unseen"]
    assert text["bible"]["sha256"] == corpus.TEXT_SHA256
    assert text["wordnet"]["sha256"] == wordnet.SHA256
    assert text["fortunes"]["sha256"] == text["unseen"]["sha256"] == fortunes.SHA256
    assert text["everyday"]["sha256"] == EVERYDAY_SHA256
    assert text["unseen"]["collections"] == list(fortunes.UNSEEN)
    assert set(fortunes.UNSEEN).isdisjoint(text["fortunes"]["collections"])
    assert len(model.vocabulary) == 7168
    assert model.vocabulary.words[:2] == (UNKNOWN, BOS)


@pytest.mark.parametrize("sentence", program_sentences())
def test_the_model_knows_every_word_of_the_programs_sentences(model, sentence):
    run = analyse(model, core.tokenize(sentence))
    assert run.unknown_words == ()


def test_every_word_of_the_programs_sentences_is_met_often_in_training(model):
    counts = model.info["program_word_counts"]
    assert set(program_words()) <= set(counts)
    rare = {word: count for word, count in counts.items() if count < MIN_WORD_COUNT}
    assert rare == {}


def test_it_predicts_held_out_text_of_every_source_better_than_a_smoothed_bigram(evaluation):
    losses = evaluation["losses"]
    assert list(losses) == [*MIX, "unseen"]  # each source, and a text never trained on
    for name, (model_loss, bigram_loss) in losses.items():
        assert model_loss < bigram_loss, name


def test_previous_token_induction_and_sink_heads_formed(model, evaluation):
    scores = evaluation["head_scores"]
    assert np.max(scores["prose"]["previous_token"]) >= BARS["previous_token"] == 0.95
    assert np.max(scores["repeats"]["induction"]) >= BARS["induction"] == 0.65
    assert np.sum(np.asarray(scores["repeats"]["induction"]) >= 0.6) == 2  # two of them
    assert np.max(scores["prose"]["first_token"]) >= BARS["first_token"] == 0.6
    named = {job[1] for layer in head_verdicts(model) for v in layer for job in v.jobs}
    assert {"previous_token", "induction", "first_token"} <= named
    assert "same_word" not in named  # no duplicate-token head formed


def test_one_head_does_two_jobs_the_sink_on_prose_and_induction_on_repeats(model):
    # Layer 2 head 3: with nothing to copy it rests on the start token.
    jobs = head_verdicts(model)[1][3].jobs
    assert [(kind, pattern) for kind, pattern, _ in jobs] == [
        ("prose", "first_token"),
        ("repeats", "induction"),
    ]
    assert [score for *_, score in jobs] == pytest.approx([0.720, 0.521], abs=1e-3)
    # The two other induction heads of layer 2 copy and do nothing else.
    for head in (0, 1):
        assert [p for _, p, _ in head_verdicts(model)[1][head].jobs] == ["induction"]


def test_copying_works_on_held_out_repeats(evaluation):
    assert evaluation["second_copy_accuracy"] >= MIN_SECOND_COPY_ACCURACY == 0.85
    assert min(evaluation["second_copy_accuracy_by_source"].values()) >= 0.8
    assert evaluation["second_copy_loss"] < evaluation["first_copy_loss"] / 2


def test_the_chance_level_of_every_pattern_is_recorded_and_low(evaluation):
    chance = evaluation["chance"]
    assert set(chance) == set(PATTERNS)
    assert chance["broad"] == 1  # even attention is as broad as attention gets
    assert max(v for p, v in chance.items() if p != "broad") < 0.1
    # The duplicate-token head did not form: its best is near what even attention scores.
    best_same_word = np.max(evaluation["head_scores"]["prose"]["same_word"])
    assert best_same_word < 0.5 and best_same_word < 3 * chance["same_word"]


def test_every_head_has_every_score_on_both_kinds_of_text(evaluation):
    for kind in KINDS:
        for pattern in PATTERNS:
            scores = np.asarray(evaluation["head_scores"][kind][pattern])
            assert scores.shape == (2, 4)
            assert ((scores >= 0) & (scores <= 1)).all()


def test_after_the_lessons_second_cat_the_top_guess_is_chased(model):
    tokens = core.tokenize(LESSON_PROMPT)
    guess = analyse(model, tokens).predictions(len(tokens) - 1)[0]
    # Copied, not remembered: no line of the text the model read has "cat chased".
    assert guess.word == LESSON_ANSWER == "chased" and guess.probability > 0.4
    assert model.info["checks"]["top_words"][0][0] == "chased"


def test_an_induction_head_looks_from_the_second_cat_to_chased(model):
    run = analyse(model, core.LESSON_TOKENS[:8])  # positions: start, the, cat, chased, ...
    assert run.weights[1, :, 8, 3].max() > 0.5


@pytest.mark.slow
@needs_text
def test_no_blocked_word_is_in_the_vocabulary(model):
    from core.english.sources import read_texts

    texts = read_texts()
    assert texts.blocked.isdisjoint(model.vocabulary.words)
    assert len(texts.blocked) > 400  # WordNet's rude words are read, not an empty list


@pytest.mark.slow
@needs_text
def test_the_recorded_scores_are_what_the_held_out_text_gives(model, evaluation):
    import importlib.util
    import sys
    from pathlib import Path

    from core.english import Bigram, build_vocabulary, evaluate_english, stored

    path = Path(__file__).resolve().parents[2] / "scripts" / "train_english_model.py"
    spec = importlib.util.spec_from_file_location("train_english_model", path)
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script
    spec.loader.exec_module(script)
    texts = script.read_texts()
    counts = script.word_counts(texts, dict(ENGLISH_TRAINING.mix))
    required = script.required_words()
    assert set(program_words()) <= set(required)
    vocab = build_vocabulary(counts, ENGLISH_MODEL.vocab_size, required, texts.blocked)
    assert vocab == model.vocabulary
    train, heldout = script.streams(
        texts,
        vocab,
        ENGLISH_TRAINING.heldout_block,
        ENGLISH_TRAINING.heldout_every,
        ENGLISH_TRAINING.sentence_heldout_below,
    )
    bigram = Bigram(np.concatenate([s.ids for s in train.values()]), ENGLISH_MODEL.vocab_size)
    params = {k: v.astype(np.float32) for k, v in stored(model.params).items()}
    result = evaluate_english(params, heldout, bigram, vocab.bos).to_dict()
    for key in (
        "second_copy_accuracy",
        "first_copy_loss",
        "second_copy_loss",
        "random_copy_accuracy",
        "rare_copy_accuracy",
    ):
        assert result[key] == pytest.approx(evaluation[key], abs=2e-4)
    for name, pair in result["losses"].items():
        assert pair == pytest.approx(evaluation["losses"][name], abs=2e-4)
    assert result["chance"] == pytest.approx(evaluation["chance"], abs=2e-4)
    for kind, per_kind in result["head_scores"].items():
        for pattern, scores in per_kind.items():
            np.testing.assert_allclose(scores, evaluation["head_scores"][kind][pattern], atol=2e-4)
