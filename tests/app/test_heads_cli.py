"""`attention-heads heads --model english`: every head, the detector and the guesses."""

import json

import numpy as np
import pytest

import core
from app.main import main
from core.english import BOS, UNKNOWN, Vocabulary, load_english, save_english, weights
from core.english.analysis import analyse
from core.english.metrics import KIND_OF, PATTERNS
from core.english.probes import MARY_AND_JOHN
from core.learned import ModelConfig, init_params

TINY = ModelConfig(vocab_size=66, context_length=65, d_model=16, n_layers=2, n_heads=2, d_head=8)


@pytest.fixture(scope="module")
def tiny_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("english") / "tiny.npz"
    words = ["when", "mary", "and", "john", "went", "to", "the", "store", ",", "gave", "a"]
    vocab = Vocabulary((UNKNOWN, BOS, *words, *(f"w{i}" for i in range(66 - 2 - len(words)))))
    grid = [[0.1, 0.2], [0.3, 0.4]]
    scores = {
        "prose": {p: grid for p in PATTERNS if KIND_OF[p] == "prose"},
        "repeats": {"induction": [[0.0, 0.1], [0.2, 0.7]]},
    }
    info = {"evaluation": {"head_scores": scores}}
    save_english(path, TINY, init_params(TINY, np.random.default_rng(2)), vocab, info)
    return path


@pytest.fixture
def tiny(monkeypatch, tiny_path):
    monkeypatch.setattr(weights, "ENGLISH_WEIGHTS", tiny_path)
    return load_english(tiny_path)


def test_json_has_every_heads_weights_scores_and_the_guesses(capsys, tiny):
    assert main(["heads", "--model", "english", "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    tokens = core.tokenize(MARY_AND_JOHN)
    run = analyse(tiny, tokens)
    assert payload["tokens"] == tokens and payload["query"] == len(tokens) - 1
    assert payload["positions"] == ["<start>", *tokens]
    assert payload["unknown_words"] == ["drink"]
    assert [p["word"] for p in payload["predictions"]] == [
        p.word for p in run.predictions(len(tokens) - 1)
    ]
    assert len(payload["heads"]) == 4
    head = payload["heads"][3]
    assert (head["layer"], head["head"], head["name"]) == (2, 1, "layer 2 head 1")
    weights_ = head["weights"]
    assert weights_[0][1] is None  # a key after its query: hidden by the causal mask
    assert weights_[5][:6] == pytest.approx(run.weights[1, 1, 5, :6].tolist())
    assert len(weights_) == len(tokens) + 1  # the start token at position 0
    assert head["heldout_scores"]["induction"] == {"text": "repeats", "score": 0.7}
    assert head["heldout_scores"]["previous_token"] == {"text": "prose", "score": 0.4}
    assert head["jobs"] == [{"text": "repeats", "pattern": "induction", "score": 0.7}]
    assert head["description"] == run.verdicts[1][1].describe()
    assert head["description"] == "layer 2 head 1: on repeats: induction 0.70"


def test_text_lists_the_guesses_then_each_head_with_its_table(capsys, tiny):
    sentence = "the store and the store"
    assert main(["heads", "--sentence", sentence, "--query", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("After 'store' (1), the likeliest next words:")
    for layer in (1, 2):
        for head in (0, 1):
            assert f"\nlayer {layer} head {head}: " in out
    assert "masked" in out and "held-out text" in out and "<start>" in out


def test_forms_of_known_words_are_said_in_both_formats(capsys, tiny):
    """'stores' is read as 'store', 'gave' is known, 'zebras' has no known base."""
    sentence = "john gave the stores zebras"
    assert main(["heads", "--model", "english", "--sentence", sentence, "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["read_as"] == [{"typed": "stores", "read": "store"}]
    assert payload["unknown_words"] == ["zebras"]
    assert main(["heads", "--model", "english", "--sentence", sentence]) == 0
    out = capsys.readouterr().out
    assert "Read as forms of words the model knows: 'stores' as 'store'\n" in out
    assert "Words the model does not know: zebras\n" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["heads", "--model", "gpt2"],
        ["heads", "--query", "40"],
        ["heads", "--sentence", "   "],
        ["heads", "--format", "csv"],
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(capsys, tiny, argv):
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusals end the program at once
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


def test_a_damaged_weights_file_gets_the_clear_message_and_exit_code_1(
    capsys, monkeypatch, tmp_path
):
    bad = tmp_path / "english.npz"
    bad.write_bytes(b"not a zip at all")
    monkeypatch.setattr(weights, "ENGLISH_WEIGHTS", bad)
    assert main(["heads"]) == 1
    err = capsys.readouterr().err
    assert "is damaged or is not a NumPy .npz archive" in err
    assert err.strip().endswith(weights.FIX)
