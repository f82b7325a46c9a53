"""The shipped weights: they load, and the heads they hold are the ones the lesson promises."""

import numpy as np
import pytest

import core
from core.learned import (
    FORMAT_VERSION,
    SHIPPED_SEED,
    SHIPPED_TRAINING,
    SHIPPED_WEIGHTS,
    evaluate,
    load_weights,
    sentence_attention,
)


@pytest.fixture(scope="module")
def model():
    return load_weights()


@pytest.fixture(scope="module")
def scores(model):
    return evaluate(model.params)  # fixed-seed batch of repeated random sequences


def test_file_is_small_and_records_how_it_was_made(model):
    assert SHIPPED_WEIGHTS.stat().st_size < 1_000_000
    assert model.config == SHIPPED_TRAINING.model
    assert model.info["seed"] == SHIPPED_SEED
    assert model.info["training"] == SHIPPED_TRAINING.to_dict()
    assert FORMAT_VERSION == 1


def test_a_layer_two_head_is_an_induction_head(scores):
    assert scores.induction >= 0.7


def test_a_layer_one_head_is_a_previous_token_head(scores):
    assert scores.previous_token >= 0.7


def test_copying_makes_the_second_copy_easy(scores):
    assert scores.second_copy_loss < scores.first_copy_loss / 4
    # The first copy is random: nothing beats a guess among 64 tokens by much.
    assert scores.first_copy_loss > 0.9 * np.log(64)


def test_the_induction_head_completes_the_lesson_sentence(model, scores):
    # "the cat chased the dog. the cat chased the": the last "the" should look at
    # the tokens that followed earlier "the"s ("cat", "dog", "cat").
    weights = sentence_attention(model.params, core.LESSON_TOKENS)
    head = int(np.argmax(scores.induction_per_head[-1]))
    last_row = weights[-1, head, -1]
    after_the = [1, 4, 7]
    assert last_row[after_the].sum() > 0.5
