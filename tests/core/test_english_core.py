"""The English model's pieces on small made-up data: vocabulary, baseline, batches,
held-out scores, the forward pass of the page, the heads' verdicts and the weights file."""

import numpy as np
import pytest

import core
from core.english import (
    BOS,
    UNKNOWN,
    Bigram,
    Vocabulary,
    build_vocabulary,
    load_english,
    save_english,
    split_heldout,
    training_batch,
)
from core.english.analysis import NO_CLEAR_PATTERN, HeadVerdict, analyse, head_verdicts, ranking
from core.english.data import (
    Stream,
    heldout_block,
    repeat_stretch,
    sentence_starts,
    with_bos,
)
from core.english.metrics import KIND_OF, PATTERNS, pattern_scores
from core.english.weights import FIX
from core.learned import ModelConfig, WeightsError, forward, init_params, load_weights
from core.learned.model import ONE_HOT_VOCAB, _embedding_grad

WORDS = ["the", "cat", "chased", "dog", ".", "a", "sat", "on", "mat"]
TINY = ModelConfig(vocab_size=72, context_length=65, d_model=16, n_layers=2, n_heads=3, d_head=8)


def tiny_vocabulary(size: int = 72) -> Vocabulary:
    return Vocabulary((UNKNOWN, BOS, *WORDS, *(f"w{i}" for i in range(size - 2 - len(WORDS)))))


def scores_record(previous_token=0.1, first_token=0.1, induction=0.1):
    """A made-up held-out evaluation record: every head 0.05, but for the given heads."""
    grid = lambda value=0.05: [[value] * 3 for _ in range(2)]  # noqa: E731
    prose = {p: grid() for p in PATTERNS if KIND_OF[p] == "prose"}
    repeats = {p: grid() for p in PATTERNS}
    prose["previous_token"][0][1] = previous_token
    prose["first_token"][1][2] = first_token
    repeats["induction"][1][2] = induction
    return {"head_scores": {"prose": prose, "repeats": repeats}}


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    path = tmp_path_factory.mktemp("english") / "tiny.npz"
    params = init_params(TINY, np.random.default_rng(3))
    info = {"seed": 3, "evaluation": scores_record(0.97, 0.68, 0.66)}
    save_english(path, TINY, params, tiny_vocabulary(), info)
    return load_english(path), path


def test_vocabulary_lower_cases_reads_curly_apostrophes_and_maps_the_rest_to_unknown():
    vocab = Vocabulary((UNKNOWN, BOS, "the", "god's"))
    assert vocab.encode(["The", "GOD’S", "zebra"]).tolist() == [2, 3, 0]
    assert vocab.decode([3, 0]) == ["god's", UNKNOWN]
    assert vocab.bos == 1 and Vocabulary((UNKNOWN, "the")).bos is None
    # Typed text never becomes the start token: "<bos>" is three tokens, none of them it.
    assert 1 not in vocab.encode(core.tokenize("<bos>")).tolist()
    with pytest.raises(ValueError):
        Vocabulary(("the", UNKNOWN))
    with pytest.raises(ValueError):
        Vocabulary((UNKNOWN, "a", "a"))


def test_build_vocabulary_keeps_frequent_and_required_words_and_no_blocked_one():
    counts = {"b": 2.0, "a": 2.0, "c": 1.0, "d": 0.5, "rude": 9.0}
    assert build_vocabulary(counts, 4).words == (UNKNOWN, BOS, "rude", "a")
    vocab = build_vocabulary(counts, 5, required=["D"], blocked=["rude"])
    assert vocab.words == (UNKNOWN, BOS, "a", "b", "d")  # ties alphabetical, "d" let in
    assert build_vocabulary(counts, 4, required=["zebra"]).words[-1] == "zebra"
    with pytest.raises(ValueError):
        build_vocabulary(counts, 3, required=["x", "y"])


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
    # A short source gets shorter blocks, so that it still has text held out.
    assert heldout_block(1_000_000, 1024, 20) == 1024
    assert heldout_block(2000, 1024, 20) == 16


def test_windows_start_where_sentences_start():
    ids = np.array([5, 6, 1, 7, 8, 2, 9, 1])  # 1 and 2 end sentences
    assert sentence_starts(ids, np.array([1, 2])).tolist() == [0, 3, 6]
    stream = Stream(ids, sentence_starts(ids, np.array([1, 2])))
    assert stream.window_starts(3).tolist() == [0, 3]
    assert with_bos(np.array([[4, 5]]), 1).tolist() == [[1, 4, 5]]


def test_repeat_stretch_copies_the_stretch_right_after_itself():
    windows = np.arange(20)[None]
    out, copied = repeat_stretch(windows, np.array([3]), np.array([4]))
    assert out[0].tolist() == [0, 1, 2, 3, 4, 5, 6, 3, 4, 5, 6, *range(11, 20)]
    assert np.flatnonzero(copied[0]).tolist() == [8, 9, 10]  # what copying can predict


def test_training_batch_starts_each_window_with_bos_then_a_sentence_and_is_seeded():
    ids = np.arange(2, 10_002)  # distinct ids: a repeat shows as a duplicate
    streams = (Stream(ids, np.arange(0, 9_000, 7)), Stream(ids + 20_000, np.array([0, 500])))
    mix = np.array([0.75, 0.25])
    args = (streams, mix, 400, 65, 1, 0.4, 8, 32)
    a, copied = training_batch(np.random.default_rng(1), *args)
    b, _ = training_batch(np.random.default_rng(1), *args)
    assert np.array_equal(a, b) and a.shape == (400, 65) and copied.shape == (400, 64)
    assert (a[:, 0] == 1).all()  # the beginning-of-text token at position 0
    second = a[:, 1] >= 20_000
    assert 0.15 < second.mean() < 0.35  # each source's share of the windows
    assert set(a[second, 1] - 20_000) <= {2, 502}  # its sentence starts only
    assert set((a[~second, 1] - 2) % 7) == {0}
    text = a[:, 1:]
    repeated = np.array([len(set(row)) < 64 for row in text.tolist()])
    assert 0.3 < repeated.mean() < 0.5
    # Marked words are exactly the repeats of earlier words (after a copy's first word).
    for row, marks in zip(text, copied, strict=True):
        seen_before = [row[t] in row[:t] for t in range(64)]
        first_of_copy = [
            seen and not previous
            for seen, previous in zip(seen_before, [False, *seen_before[:-1]], strict=True)
        ]
        expected = np.array(seen_before) & ~np.array(first_of_copy)
        assert np.array_equal(marks, expected)


def _one_head(weights):
    """(n, n) weights as a batch of one window of a one-layer, one-head model."""
    return np.asarray(weights, dtype=float)[None, None, None]


def test_each_pattern_scores_one_on_a_head_that_does_exactly_it():
    # position 0 is the start token (id 1); "the cat sat . the cat sat" after it
    ids = np.array([[1, 2, 3, 4, 5, 2, 3, 4]])
    n = ids.shape[1]
    rows = np.arange(n)
    cases = {}
    cases["first_token"] = np.zeros((n, n))
    cases["first_token"][:, 0] = 1
    cases["current_token"] = np.eye(n)
    cases["previous_token"] = np.eye(n, k=-1)  # from query 2: query 1's previous is the start
    cases["broad"] = np.tril(np.ones((n, n))) / (rows + 1)[:, None]
    cases["same_word"] = np.eye(n)
    cases["same_word"][5:, :] = np.eye(n)[rows[5:] - 4]  # 5 -> 1, 6 -> 2, 7 -> 3
    cases["induction"] = np.eye(n)
    cases["induction"][5:, :] = np.eye(n)[rows[5:] - 3]  # the word after the earlier copy
    for pattern, weights in cases.items():
        scores = pattern_scores(_one_head(weights), ids)
        assert scores[pattern][0, 0] == pytest.approx(1.0), pattern
    # A head on the start token is a first-token head and nothing else.
    scores = pattern_scores(_one_head(cases["first_token"]), ids)
    for pattern in ("current_token", "previous_token", "same_word", "induction"):
        assert scores[pattern][0, 0] == 0, pattern
    assert scores["broad"][0, 0] < 0.5


def test_unknown_words_are_no_copies_of_each_other():
    ids = np.array([[1, 0, 7, 0]])
    weights = np.eye(4)
    weights[3] = [0, 1, 0, 0]  # from the second unknown word to the first
    assert pattern_scores(_one_head(weights), ids)["same_word"][0, 0] == 0


def test_embedding_gradient_of_a_large_vocabulary_equals_the_one_hot_sum():
    rng = np.random.default_rng(0)
    vocab = ONE_HOT_VOCAB * 4
    ids = rng.integers(vocab, size=500)
    dx = rng.standard_normal((500, 8))
    expected = np.eye(vocab)[ids].T @ dx
    assert np.allclose(_embedding_grad(ids, dx, vocab), expected)


def test_the_pages_forward_pass_reads_the_start_token_first_as_the_training_code(tiny_model):
    model, _ = tiny_model
    tokens = core.tokenize("The cat chased the dog. The cat chased the zebra")
    run = analyse(model, tokens)
    assert run.offset == 1 and run.ids[0] == model.vocabulary.bos
    assert run.positions == (BOS, *tokens)
    logits, cache = forward(model.params, run.ids[None])
    assert np.allclose(run.weights, np.stack(cache.weights, axis=1)[0])
    assert run.weights.shape[-1] == len(tokens) + 1
    assert np.allclose(run.weights.sum(axis=-1), 1.0)
    above = np.triu_indices(len(tokens) + 1, 1)
    assert (run.weights[..., above[0], above[1]] == 0).all()
    assert run.unknown_words == ("zebra",)
    guesses = run.predictions(3)  # after "the" (3), read at position 4
    probabilities = np.exp(logits[0, 4] - logits[0, 4].max())
    probabilities /= probabilities.sum()
    top = np.argsort(-probabilities)[:5]
    assert [g.word for g in guesses] == model.vocabulary.decode(top)
    assert [g.probability for g in guesses] == pytest.approx(probabilities[top].tolist())
    with pytest.raises(IndexError):
        run.predictions(len(tokens))
    with pytest.raises(ValueError):
        analyse(model, ["the"] * 65)  # 64 words and the start token fill the context


def test_a_heads_verdict_names_one_job_per_kind_of_text_or_none():
    scores = dict.fromkeys(PATTERNS, 0.05)
    two = HeadVerdict(1, 2, {**scores, "first_token": 0.68, "broad": 0.3, "induction": 0.66})
    assert two.jobs == (("prose", "first_token", 0.68), ("repeats", "induction", 0.66))
    assert (
        two.describe() == "layer 2 head 2: on prose: first token 0.68; on repeats: induction 0.66"
    )
    assert two.main_job == ("prose", "first_token", 0.68)
    itself = HeadVerdict(0, 2, {**scores, "current_token": 0.93})
    assert itself.describe() == "layer 1 head 2: on prose: current token 0.93"
    # Split between the query itself and the token before it: no pattern gets half.
    messy = HeadVerdict(1, 0, {**scores, "current_token": 0.45, "previous_token": 0.44})
    assert messy.jobs == () and messy.main_job is None
    assert messy.describe() == f"layer 2 head 0: {NO_CLEAR_PATTERN}"


def test_verdicts_come_from_the_files_held_out_scores_the_same_for_every_sentence(tiny_model):
    model, _ = tiny_model
    verdicts = head_verdicts(model)
    assert verdicts[0][1].scores["previous_token"] == pytest.approx(0.97)
    assert verdicts[1][2].jobs == (
        ("prose", "first_token", pytest.approx(0.68)),
        ("repeats", "induction", pytest.approx(0.66)),
    )
    one = analyse(model, core.tokenize("a cat sat on a mat"))
    other = analyse(model, core.tokenize("the dog"))
    assert one.verdicts is other.verdicts is verdicts


def test_ranking_lists_every_head_best_first(tiny_model):
    model, _ = tiny_model
    ranked = ranking(model, "induction")
    assert len(ranked) == TINY.n_layers * TINY.n_heads
    assert (ranked[0].layer, ranked[0].head) == (1, 2)
    scores = [v.scores["induction"] for v in ranked]
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


def test_training_is_seeded_and_lowers_the_loss():
    from dataclasses import replace

    from core.english import ENGLISH_TRAINING, train_english
    from core.learned import token_losses

    ids = np.random.default_rng(0).integers(2, 8, size=3000)  # a small made-up "text"
    ids[1::2] = (ids[::2] + 1)[: len(ids[1::2])]  # every other word follows from the one before
    config = replace(ENGLISH_TRAINING, steps=30, batch_size=4, warmup_steps=5)
    model = ModelConfig(vocab_size=72, context_length=65, d_model=16, n_heads=2, d_head=8)
    streams = tuple(Stream(ids, np.arange(0, 2900, 3)) for _ in ENGLISH_TRAINING.mix)
    first = train_english(model, config, streams, 1)
    again = train_english(model, config, streams, 1)
    assert all(np.array_equal(first[k], again[k]) for k in first)
    untrained = init_params(model, np.random.default_rng(0))
    windows = with_bos(ids[:640].reshape(10, 64), 1)
    assert token_losses(first, windows).mean() < token_losses(untrained, windows).mean() - 0.5


def test_the_everyday_text_holds_none_of_the_programs_sentences():
    """The model must copy the lesson's answers from the sentence, not remember them: no
    line of the everyday text shares five words in a row with a sentence the program
    offers, and none has the lesson's "cat chased"."""
    from core.english.program_sentences import program_sentences
    from core.english.sources import EVERYDAY
    from core.english.vocab import normalize

    def words(text):
        return [normalize(t) for t in core.tokenize(text)]

    def runs(ws):
        return {tuple(ws[i : i + 5]) for i in range(len(ws) - 4)}

    offered = set().union(*(runs(words(s)) for s in program_sentences()))
    lines = EVERYDAY.read_text(encoding="utf-8").splitlines()
    assert len(lines) > 100
    for line in lines:
        assert not runs(words(line)) & offered, line
        assert "cat chased" not in " ".join(words(line)), line


def test_guesses_are_worked_out_once_per_query_and_the_same_as_anew(tiny_model):
    model, _ = tiny_model
    run = analyse(model, ["the", "cat", "saw", "the"])
    first = run.predictions(3)
    assert run.predictions(3) is first  # the second visit reads what the first worked out
    assert analyse(model, ["the", "cat", "saw", "the"]).predictions(3) == first
    assert run.predictions(3, count=2) == first[:2]


def test_a_missing_or_different_source_is_refused_with_one_error(tmp_path):
    from core.english import corpus, fortunes, wordnet
    from core.english.checked import SourceError

    for read, what in (
        (corpus.read_markup, "the training text in"),
        (wordnet.read_wordnet, "WordNet in"),
        (fortunes.read_files, "the fortunes in"),
    ):
        with pytest.raises(SourceError, match=f"Cannot read {what} .*Install the Debian package"):
            read(tmp_path)
    for name in (*fortunes.TRAINED, *fortunes.UNSEEN):
        (tmp_path / name).write_text("Not the fortune you trained on.\n%\n")
    with pytest.raises(SourceError, match="has SHA-256 [0-9a-f]{64}, not .* not be reproduced"):
        fortunes.read_files(tmp_path)


def test_random_repeats_repeat_evenly_drawn_words_to_the_windows_end():
    from core.english.data import random_repeats

    args = (200, 65, 1, 2, 6000, 8, 32)
    a, copied = random_repeats(np.random.default_rng(4), *args)
    b, _ = random_repeats(np.random.default_rng(4), *args)
    assert np.array_equal(a, b) and a.shape == (200, 65) and copied.shape == (200, 64)
    assert (a[:, 0] == 1).all() and (a[:, 1:] >= 2).all() and (a[:, 1:] < 6000).all()
    assert a[:, 1:].max() > 5900 and a[:, 1:].min() < 100  # rare ids as often as common
    for row, marks in zip(a[:, 1:], copied, strict=True):
        period = int(np.argmax(marks)) - 1  # entry t - 1 marks token t; the first is p + 2
        assert 8 <= period <= 32
        assert np.array_equal(row[period:], row[: 64 - period])  # repeated to the end
        assert marks[period + 1 :].all() and not marks[: period + 1].any()
