"""The English model's pieces on small made-up data: vocabulary, baseline, batches,
scores, the forward pass of the page, the head detector and the weights file."""

import numpy as np
import pytest

import core
from core.english import (
    UNKNOWN,
    Bigram,
    Vocabulary,
    build_vocabulary,
    load_english,
    save_english,
    split_heldout,
    training_batch,
)
from core.english.analysis import (
    NO_CLEAR_PATTERN,
    analyse,
    best_match,
    describe_match,
)
from core.english.data import repeat_stretch
from core.english.metrics import broad_scores, first_token_scores, same_word_scores
from core.english.weights import FIX
from core.learned import ModelConfig, WeightsError, forward, init_params, load_weights
from core.learned.model import ONE_HOT_VOCAB, _embedding_grad
from core.pattern_scores import pattern_score


def pattern_scores_on(tokens, weights):
    """The reference: each pattern scored alone by the constructed heads' scorer."""
    return {head_id: pattern_score(head_id, tokens, weights, causal=True) for head_id in core.HEADS}


WORDS = ["the", "cat", "chased", "dog", ".", "a", "sat", "on", "mat"]
TINY = ModelConfig(vocab_size=64, context_length=64, d_model=16, n_layers=2, n_heads=3, d_head=8)


def tiny_vocabulary(size: int = 64) -> Vocabulary:
    return Vocabulary((UNKNOWN, *WORDS, *(f"w{i}" for i in range(size - 1 - len(WORDS)))))


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    path = tmp_path_factory.mktemp("english") / "tiny.npz"
    params = init_params(TINY, np.random.default_rng(3))
    save_english(path, TINY, params, tiny_vocabulary(), {"seed": 3})
    return load_english(path), path


def test_vocabulary_lower_cases_reads_curly_apostrophes_and_maps_the_rest_to_unknown():
    vocab = Vocabulary((UNKNOWN, "the", "god's"))
    assert vocab.encode(["The", "GOD’S", "zebra"]).tolist() == [1, 2, 0]
    assert vocab.decode([2, 0]) == ["god's", UNKNOWN]
    with pytest.raises(ValueError):
        Vocabulary(("the", UNKNOWN))
    with pytest.raises(ValueError):
        Vocabulary((UNKNOWN, "a", "a"))


def test_build_vocabulary_keeps_the_most_frequent_words_ties_alphabetical():
    vocab = build_vocabulary(["b", "a", "c", "a", "b", "d"], 3)
    assert vocab.words == (UNKNOWN, "a", "b")


def test_bigram_probabilities_sum_to_one_and_favour_seen_pairs():
    ids = np.array([1, 2, 1, 2, 1, 3, 4, 1, 2])
    bigram = Bigram(ids, 6)
    for previous in range(6):  # 0 and 5 never appear: the back-off alone
        p = bigram.probabilities(np.full(6, previous), np.arange(6))
        assert p.sum() == pytest.approx(1.0)
        assert (p > 0).all()
    after_one = bigram.probabilities(np.full(6, 1), np.arange(6))
    assert np.argmax(after_one) == 2
    assert bigram.loss(ids[None]) < np.log(6)


def test_split_heldout_keeps_every_twentieth_block():
    ids = np.arange(100)
    train, held = split_heldout(ids, block=10, every=5)
    assert held.tolist() == [*range(40, 50), *range(90, 100)]
    assert sorted([*train, *held]) == ids.tolist()


def test_repeat_stretch_copies_the_stretch_right_after_itself():
    windows = np.arange(20)[None]
    out, copied = repeat_stretch(windows, np.array([3]), np.array([4]))
    assert out[0].tolist() == [0, 1, 2, 3, 4, 5, 6, 3, 4, 5, 6, *range(11, 20)]
    assert np.flatnonzero(copied[0]).tolist() == [8, 9, 10]  # what copying can predict


def test_training_batch_repeats_a_share_of_windows_and_is_seeded():
    ids = np.arange(10_000)  # every window of distinct ids: a repeat shows as a duplicate
    a, copied = training_batch(np.random.default_rng(1), ids, 200, 64, 0.4, 8, 32)
    b, _ = training_batch(np.random.default_rng(1), ids, 200, 64, 0.4, 8, 32)
    assert np.array_equal(a, b) and a.shape == (200, 64) and copied.shape == (200, 63)
    repeated = np.array([len(set(row)) < 64 for row in a.tolist()])
    assert 0.3 < repeated.mean() < 0.5
    # Marked words are exactly the repeats of earlier words (after a copy's first word).
    for row, marks in zip(a, copied, strict=True):
        seen_before = [row[t] in row[:t] for t in range(1, 64)]
        first_of_copy = [
            seen and not previous
            for seen, previous in zip(seen_before, [False, *seen_before[:-1]], strict=True)
        ]
        expected = np.array(seen_before) & ~np.array(first_of_copy)
        assert np.array_equal(marks, expected)


def test_scores_of_the_constructed_heads_are_what_they_are_named_after():
    tokens = core.tokenize("the cat sat on the mat and the cat sat")
    ids = np.array(core.heads.word_ids(tokens))
    n = len(tokens)
    first = core.head_weights("first_token", tokens, True)
    assert first_token_scores(first) > 0.95
    even = core.head_weights("broad", tokens, True)
    assert broad_scores(even) == pytest.approx(1.0)
    same = core.head_weights("same_word", tokens, True)[None, None, None]
    assert same_word_scores(same, ids[None] + 1)[0, 0] > 0.9
    assert first_token_scores(np.eye(n)) == 0.0


def test_embedding_gradient_of_a_large_vocabulary_equals_the_one_hot_sum():
    rng = np.random.default_rng(0)
    vocab = ONE_HOT_VOCAB * 4
    ids = rng.integers(vocab, size=500)
    dx = rng.standard_normal((500, 8))
    expected = np.eye(vocab)[ids].T @ dx
    assert np.allclose(_embedding_grad(ids, dx, vocab), expected)


def test_the_pages_forward_pass_matches_the_training_code(tiny_model):
    model, _ = tiny_model
    tokens = core.tokenize("The cat chased the dog. The cat chased the zebra")
    run = analyse(model, tokens)
    logits, cache = forward(model.params, run.ids[None])
    assert np.allclose(run.weights, np.stack(cache.weights, axis=1)[0])
    assert np.allclose(run.weights.sum(axis=-1), 1.0)
    above = np.triu_indices(len(tokens), 1)
    assert (run.weights[..., above[0], above[1]] == 0).all()
    assert run.unknown_words == ("zebra",)
    guesses = run.predictions(3)
    probabilities = np.exp(logits[0, 3] - logits[0, 3].max())
    probabilities /= probabilities.sum()
    top = np.argsort(-probabilities)[:5]
    assert [g.word for g in guesses] == model.vocabulary.decode(top)
    assert [g.probability for g in guesses] == pytest.approx(probabilities[top].tolist())
    with pytest.raises(IndexError):
        run.predictions(len(tokens))


def test_detector_names_a_constructed_head_and_calls_a_mess_a_mess():
    tokens = core.tokenize("the cat chased the dog . the cat chased the")
    for head_id in core.HEADS:
        weights = core.head_weights(head_id, tokens, True)
        match = best_match(pattern_scores_on(tokens, weights))
        assert match is not None and match[0] == head_id
    assert (
        describe_match(0, 2, ("previous_token", 0.8712)) == "layer 1 head 2: previous token, 0.87"
    )
    # Split between the query itself and the token before it: no pattern gets half.
    n = len(tokens)
    messy = np.zeros((n, n))
    rows = np.arange(n)
    messy[rows, rows] = 0.55
    messy[rows[1:], rows[1:] - 1] = 0.45
    messy[0, 0] = 1.0
    assert best_match(pattern_scores_on(tokens, messy)) is None
    assert describe_match(1, 0, None) == f"layer 2 head 0: {NO_CLEAR_PATTERN}"


def test_where_is_ranks_every_head_by_its_probe_score(tiny_model):
    model, _ = tiny_model
    run = analyse(model, core.tokenize("a cat sat on a mat"))
    ranking = run.where_is("previous_token")
    assert len(ranking) == TINY.n_layers * TINY.n_heads
    scores = [row[3] for row in ranking]
    assert scores == sorted(scores, reverse=True)


def test_weights_file_round_trips_in_float16_with_its_word_list(tiny_model, tmp_path):
    model, path = tiny_model
    stored = load_weights(path).params
    assert all(v.dtype == np.float16 for v in stored.values())
    assert model.vocabulary == tiny_vocabulary()
    assert "vocabulary" not in model.info and model.info["seed"] == 3
    assert all(v.dtype == np.float64 for v in model.params.values())


@pytest.mark.parametrize(
    "damage",
    ["random bytes", "truncated", "no word list", "short word list"],
)
def test_a_damaged_file_gets_a_clear_message(tiny_model, tmp_path, damage):
    _, good = tiny_model
    bad = tmp_path / "bad.npz"
    if damage == "random bytes":
        bad.write_bytes(np.random.default_rng(0).bytes(5000))
    elif damage == "truncated":
        bad.write_bytes(good.read_bytes()[:3000])
    else:
        saved = load_weights(good)
        words = None if damage == "no word list" else ["<unk>", "the"]
        from core.learned import save_weights

        save_weights(bad, saved.config, saved.params, {"vocabulary": words})
    with pytest.raises(WeightsError) as error:
        load_english(bad)
    assert str(error.value).endswith(FIX)
    assert str(bad) in str(error.value)


@pytest.mark.parametrize(
    "sentence",
    ["the cat chased the dog . the cat chased the", "one", "a b", "When Mary and John went"],
)
def test_scoring_every_head_at_once_equals_scoring_each_alone(tiny_model, sentence):
    model, _ = tiny_model
    tokens = core.tokenize(sentence)
    run = analyse(model, tokens)
    for layer in run.detections:
        for d in layer:
            expected = pattern_scores_on(tokens, run.weights[d.layer, d.head])
            assert d.sentence.keys() == expected.keys()
            for head_id, score in expected.items():
                assert d.sentence[head_id] == pytest.approx(score, abs=1e-12) or (
                    score is None and d.sentence[head_id] is None
                )


def test_training_is_seeded_and_lowers_the_loss():
    from dataclasses import replace

    from core.english import ENGLISH_TRAINING, train_english
    from core.learned import token_losses

    ids = np.random.default_rng(0).integers(1, 8, size=3000)  # a small made-up "text"
    ids[1::2] = (ids[::2] + 1)[: len(ids[1::2])]  # every other word follows from the one before
    config = replace(ENGLISH_TRAINING, steps=30, batch_size=4, warmup_steps=5)
    model = ModelConfig(vocab_size=64, context_length=64, d_model=16, n_heads=2, d_head=8)
    first = train_english(model, config, ids)
    again = train_english(model, config, ids)
    assert all(np.array_equal(first[k], again[k]) for k in first)
    untrained = init_params(model, np.random.default_rng(0))
    windows = ids[:640].reshape(10, 64)
    assert token_losses(first, windows).mean() < token_losses(untrained, windows).mean() - 0.5
