"""`attention-heads heads --model-dir PATH`: a GPT-2 folder's heads, in the English shape."""

import json

import numpy as np
import pytest

from app.main import main
from core.english.probes import MARY_AND_JOHN
from core.gpt2 import PATTERNS, analyse, analyse_repeats, open_model
from tests.gpt2_folders import write_gpt2_folder

LESSON = "the cat chased the dog. the cat chased the"
#: What every script can count on in both models' JSON.
SHARED_KEYS = {"model", "tokens", "positions", "unknown_words", "query", "predictions", "heads"}
HEAD_KEYS = {"layer", "head", "name", "jobs", "description", "weights"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(write_gpt2_folder(tmp_path_factory.mktemp("gpt2") / "tiny", n_positions=160))


def json_of(capsys, *argv):
    assert main(["heads", *argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_json_has_the_english_models_shape(capsys, folder):
    gpt2 = json_of(capsys, "--model-dir", folder, "--sentence", LESSON)
    english = json_of(capsys, "--model", "english", "--sentence", LESSON)
    for payload in (gpt2, english):
        assert set(payload) >= SHARED_KEYS and set(payload["heads"][0]) >= HEAD_KEYS
        assert len(payload["heads"][0]["weights"]) == len(payload["positions"])
        assert payload["positions"][1:] == payload["tokens"]
        assert payload["query"] == len(payload["tokens"]) - 1


def test_every_heads_weights_and_the_guesses_are_the_models(capsys, folder):
    payload = json_of(capsys, "--model-dir", folder, "--sentence", LESSON, "--query", "2")
    model = open_model(folder)
    run = analyse(model, LESSON)
    assert payload["model"] == "gpt2" and payload["folder"] == folder
    assert payload["tokens"] == list(run.pieces.texts) and payload["query"] == 2
    assert payload["positions"] == ["<|endoftext|>", *run.pieces.texts]
    assert [p["word"] for p in payload["predictions"]] == [g.text for g in run.guesses(2)]
    assert len(payload["heads"]) == 2 * 3
    for entry in payload["heads"]:
        layer, head = entry["layer"] - 1, entry["head"]
        weights = np.array([[np.nan if w is None else w for w in row] for row in entry["weights"]])
        expected = run.weights[layer, head].astype(float)
        upper = np.triu(np.ones_like(expected, dtype=bool), k=1)
        assert np.isnan(weights[upper]).all()  # null where the causal mask hides a key
        np.testing.assert_array_equal(weights[~upper], expected[~upper])
        assert set(entry["scores"]) == {"sentence", "repeats"}
        assert set(entry["scores"]["repeats"]) == set(PATTERNS)
    repeats = analyse_repeats(model)
    last = payload["heads"][-1]
    found = repeats.head_score(1, 2, "induction")
    assert last["scores"]["repeats"]["induction"] == {
        "score": round(found.score, 4),
        "chance": round(found.chance, 4),
    }


def test_the_default_sentence_and_the_text_format(capsys, folder):
    assert main(["heads", "--model-dir", folder]) == 0
    out = capsys.readouterr().out
    run = analyse(open_model(folder), MARY_AND_JOHN)
    assert out.startswith(f"After '{run.pieces.labels[-1]}' ({run.n_tokens - 1}), the likeliest")
    assert "\nlayer 2 head 2: " in out and "<|endoftext|>" in out and "chance" in out


def test_the_folder_may_stand_before_the_command(capsys, folder):
    assert main(["--model-dir", folder, "heads", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["model"] == "gpt2"


def test_a_folder_that_cannot_be_used_gets_one_line_and_exit_code_1(capsys, tmp_path):
    (tmp_path / "config.json").write_text('{"model_type": "llama"}')
    assert main(["heads", "--model-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "llama model" in err and "GPT-2" in err


@pytest.mark.parametrize(
    "extra",
    [
        ["--model", "english"],  # two models
        ["--query", "99"],  # outside the sentence's tokens
        ["--sentence", "the cat " * 100],  # longer than the model's 160 positions
        ["--sentence", ""],  # no tokens
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(capsys, folder, extra):
    assert main(["heads", "--model-dir", folder, *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err
