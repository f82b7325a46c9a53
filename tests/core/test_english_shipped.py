"""The shipped English model: it loads, it is documented, and it learned what it claims.

The held-out scores were printed by scripts/train_english_model.py and saved with the
weights; the fast tests check those records and what the model does on our own
sentences, the slow ones recompute the records from the training text (when its Debian
package is installed).
"""

import numpy as np
import pytest

import core
from core.english import (
    ENGLISH_MODEL,
    ENGLISH_TRAINING,
    ENGLISH_WEIGHTS,
    Bigram,
    build_vocabulary,
    corpus,
    evaluate_english,
    load_english,
    split_heldout,
)
from core.english.analysis import analyse, probe_scores
from core.english.probes import MARY_AND_JOHN
from tests.tools import require

EXAMPLES_REPEAT = "Moses spoke to Aaron in the tent of meeting. Moses spoke to"
needs_text = require(corpus.MODULE_DIR.is_dir(), f"the Debian package {corpus.PACKAGE}")


@pytest.fixture(scope="module")
def model():
    return load_english()


@pytest.fixture(scope="module")
def evaluation(model):
    return model.info["evaluation"]


def test_the_file_is_small_and_says_how_it_was_made(model):
    assert ENGLISH_WEIGHTS.stat().st_size <= 5 * 2**20
    assert model.config == ENGLISH_MODEL
    assert model.config.n_layers >= 2 and model.config.n_heads >= 2
    assert model.info["training"] == ENGLISH_TRAINING.to_dict()
    assert model.info["text"] == {
        "package": corpus.PACKAGE,
        "version": corpus.PACKAGE_VERSION,
        "sha256": corpus.TEXT_SHA256,
    }
    assert len(model.vocabulary) == 4096 and model.vocabulary.words[0] == "<unk>"
    for word in ("the", ",", ".", "mary", "john", "went", "store", "gave", "drink", "chased"):
        assert word in model.vocabulary


def test_it_predicts_held_out_text_better_than_a_smoothed_bigram(evaluation):
    assert evaluation["heldout_loss"] < evaluation["bigram_loss"]


def test_a_previous_token_head_formed(evaluation):
    assert np.max(evaluation["head_scores"]["previous_token"]) >= 0.6


def test_an_induction_head_formed_and_copying_works(evaluation):
    assert np.max(evaluation["head_scores"]["induction"]) >= 0.5
    assert evaluation["second_copy_accuracy"] >= 0.5
    assert evaluation["second_copy_loss"] < evaluation["first_copy_loss"]


def test_every_head_has_all_five_scores(evaluation):
    for pattern in core.HEADS:
        scores = np.asarray(evaluation["head_scores"][pattern])
        assert scores.shape == (2, 4)
        assert ((scores >= 0) & (scores <= 1)).all()


def test_on_a_repeated_passage_copying_makes_the_right_word_the_top_guess(model):
    run = analyse(model, core.tokenize(EXAMPLES_REPEAT))
    guess = run.predictions(len(run.tokens) - 1)[0]
    assert guess.word == "aaron" and guess.probability > 0.5


def test_an_induction_head_looks_from_the_second_cat_to_chased(model):
    # "the cat chased the dog. the cat": "cat" is not in the vocabulary, yet a layer-2
    # head looks from its second copy (7) to the word after the first one, "chased" (2).
    run = analyse(model, core.LESSON_TOKENS[:8])
    assert run.unknown_words == ("cat",)
    assert run.weights[1, :, 7, 2].max() > 0.5


def test_the_detector_finds_the_heads_that_formed_on_the_probe_texts(model):
    probes = probe_scores(model)
    names = list(core.HEADS)
    previous = probes[..., names.index("previous_token")]
    assert previous[0].max() > 0.9  # layer 1 holds a sharp previous-token head
    assert probes[1, :, names.index("induction")].max() >= 0.5
    run = analyse(model, core.tokenize(MARY_AND_JOHN))
    layer, head, _, score = run.where_is("previous_token")[0]
    assert (layer, score) == (0, pytest.approx(previous.max()))
    assert run.detections[layer][head].describe().startswith(f"layer 1 head {head}: previous")


@pytest.mark.slow
@needs_text
def test_the_recorded_scores_are_what_the_held_out_text_gives(model, evaluation):
    words = corpus.corpus_words()
    vocabulary = build_vocabulary(words, ENGLISH_MODEL.vocab_size)
    assert vocabulary == model.vocabulary
    train, heldout = split_heldout(
        vocabulary.encode(words), ENGLISH_TRAINING.heldout_block, ENGLISH_TRAINING.heldout_every
    )
    params = {name: value.astype(np.float32) for name, value in model.params.items()}
    result = evaluate_english(params, heldout, Bigram(train, ENGLISH_MODEL.vocab_size)).to_dict()
    for key in ("heldout_loss", "bigram_loss", "second_copy_accuracy"):
        assert result[key] == pytest.approx(evaluation[key], abs=2e-4)
    for pattern, scores in result["head_scores"].items():
        np.testing.assert_allclose(scores, evaluation["head_scores"][pattern], atol=2e-4)
