"""The GPT-2 page's results, without Qt: what is read when, and a bad folder changes nothing."""

from pathlib import Path

import numpy as np
import pytest

import app.model.gpt2_results as gpt2_results
from app.model.gpt2_results import GPT2Results, default_head
from core.gpt2 import ModelFolderError, TooLongError, analyse, open_model
from tests.gpt2_folders import write_gpt2_folder

LESSON = "the cat chased the dog. the cat chased the"


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("gpt2")
    good = write_gpt2_folder(root / "good", n_layer=2, n_head=3, n_positions=160)
    other = write_gpt2_folder(root / "other", n_layer=3, n_head=2, n_positions=160, seed=4)
    return str(good), str(other)


@pytest.fixture(autouse=True)
def fresh():
    gpt2_results.forget_last_model()
    yield
    gpt2_results.forget_last_model()


def test_the_model_layer_has_no_qt():
    assert not any(name.startswith("PySide6") for name in vars(gpt2_results))
    source = Path(gpt2_results.__file__).read_text(encoding="utf-8")
    assert "PySide6" not in source and "pyqtgraph" not in source


def test_nothing_is_ready_until_prepared_then_the_page_has_it_all(folders):
    good, _ = folders
    results = GPT2Results()
    assert results.page(good, LESSON, None, None) is None and not results.ready(good, LESSON)
    results.prepare(good, LESSON)
    page = results.page(good, LESSON, None, None)
    assert page is not None and results.ready(good, LESSON)
    run = analyse(open_model(good), LESSON)
    np.testing.assert_array_equal(page.run.weights, run.weights)
    assert page.query == run.n_tokens - 1 and page.position == run.n_tokens  # after <|endoftext|>
    assert page.head == default_head(run) and not page.repeats
    assert [p.word for p in page.predictions] == [g.label for g in run.guesses(page.query)]
    assert page.about.n_layer == 2 and page.about.n_head == 3 and page.about.has_start_token
    assert len(page.strongest) == 2 and len(page.strongest[0]) == 3
    assert results.recomputes == {"load": 1, "run": 1, "page": 1}


def test_each_part_is_computed_once_per_change_of_what_it_uses(folders):
    good, _ = folders
    results = GPT2Results()
    results.prepare(good, LESSON)
    results.prepare(good, LESSON)  # nothing new
    results.page(good, LESSON, None, None)
    results.page(good, LESSON, None, None)
    assert results.recomputes == {"load": 1, "run": 1, "page": 1}
    results.page(good, LESSON, (1, 2), 3)  # a head and a query: the run is kept
    results.prepare(good, None)  # the repeated passage: a second run, the same model
    assert results.page(good, None, None, None).repeats
    assert results.recomputes == {"load": 1, "run": 2, "page": 3}


def test_the_head_and_query_stay_inside_the_model_and_the_text(folders):
    good, _ = folders
    results = GPT2Results()
    results.prepare(good, LESSON)
    page = results.page(good, LESSON, (9, 9), 500)
    assert page.head == (1, 2) and page.query == page.run.n_tokens - 1
    assert results.page(good, LESSON, (0, 1), 0).position == 1


def test_a_folder_that_cannot_be_used_leaves_the_model_in_use(folders, tmp_path):
    good, _ = folders
    results = GPT2Results()
    results.prepare(good, LESSON)
    in_use = results.model
    bad = tmp_path / "bert"
    bad.mkdir()
    (bad / "config.json").write_text('{"model_type": "bert"}')
    with pytest.raises(ModelFolderError):
        results.prepare(str(bad), LESSON)
    assert results.model is in_use
    assert results.page(good, LESSON, None, None) is not None  # its runs are kept too


def test_another_folder_replaces_the_model_and_its_runs(folders):
    good, other = folders
    results = GPT2Results()
    results.prepare(good, LESSON)
    results.prepare(other, LESSON)
    assert results.model.config.n_layer == 3
    assert results.page(good, LESSON, None, None) is None  # not the model in use any more
    assert results.page(other, LESSON, None, None).about.n_layer == 3


def test_a_text_too_long_for_the_model_is_refused_and_changes_nothing(tmp_path):
    short = str(write_gpt2_folder(tmp_path / "short", n_positions=8))
    results = GPT2Results()
    results.prepare(short, "the cat")
    with pytest.raises(TooLongError):
        results.prepare(short, LESSON)
    assert results.page(short, "the cat", None, None) is not None


def test_a_window_rebuilt_in_another_language_reads_nothing_again(folders):
    good, _ = folders
    first, second = GPT2Results(), GPT2Results()
    first.prepare(good, LESSON)
    second.prepare(good, LESSON)
    assert first.model is second.model
    assert (first.recomputes["load"], second.recomputes["load"]) == (1, 0)
