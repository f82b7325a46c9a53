"""The English page: heads, head detector, next-word guesses, examples, damaged weights.

Behaviour is tested on a tiny model saved in the English format (fast and independent of
training); tests/core/test_english_shipped.py checks what the shipped model learned.
"""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

import core
from app.model.controller import Controller
from app.model.english_results import EnglishResults
from app.model.state import AppState
from app.panels.english.predictions import prediction_text
from app.panels.english.wording import map_subtitle, score_text, unknown_word, verdict
from app.panels.english_view import EXAMPLES, EnglishView, load_failed
from app.ui.theme import THEMES
from core.english import UNKNOWN, Vocabulary, load_english, save_english
from core.english.analysis import analyse, probe_scores
from core.english.probes import MARY_AND_JOHN
from core.english.weights import FIX
from core.learned import ModelConfig, init_params

RED_LUT = np.column_stack([np.arange(256), np.zeros(256), np.zeros(256), np.full(256, 255)]).astype(
    np.uint8
)
TINY = ModelConfig(vocab_size=80, context_length=64, d_model=16, n_layers=2, n_heads=3, d_head=8)
WORDS = [
    "the",
    "cat",
    "chased",
    "dog",
    ".",
    "when",
    "mary",
    "and",
    "john",
    "went",
    "to",
    "store",
    ",",
    "gave",
    "a",
    "drink",
    "king",
]


@pytest.fixture(scope="module")
def tiny_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("english") / "tiny.npz"
    vocab = Vocabulary((UNKNOWN, *WORDS, *(f"w{i}" for i in range(80 - 1 - len(WORDS)))))
    params = init_params(TINY, np.random.default_rng(5))
    evaluation = {
        "heldout_loss": 4.1,
        "bigram_loss": 4.3,
        "head_scores": {
            "previous_token": [[0.9, 0.1, 0.2], [0.1, 0.1, 0.1]],
            "induction": [[0.0, 0.0, 0.0], [0.2, 0.3, 0.1]],
        },
    }
    info = {"text": {"package": "sword-text-web", "version": "426.0-1"}, "evaluation": evaluation}
    save_english(path, TINY, params, vocab, info)
    return path


def make_view(qtbot, path, size=(480, 1800)):
    state = AppState()
    controller = Controller(state)
    controller.page_results.english_model = EnglishResults(path)
    view = EnglishView(state, controller.page_results)
    qtbot.addWidget(view)
    controller.attention_changed.connect(view.show_result)
    view.set_theme(THEMES["light"], 16)
    view.set_colormap(RED_LUT)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    return state, controller, view


@pytest.fixture
def setup(qtbot, tiny_path):
    state, controller, view = make_view(qtbot, tiny_path)
    view.show_result(controller.attention)
    return state, controller, view, load_english(tiny_path)


def test_the_model_is_read_on_first_use_only(qtbot, tiny_path):
    state, controller, view = make_view(qtbot, tiny_path)
    english = controller.page_results.english_model
    assert english.recomputes["load"] == 0 and view.english is None
    view.show_result(controller.attention)
    assert english.recomputes == {"load": 1, "run": 1, "predictions": 1}
    # It opens on the head most like an induction head on the probe texts.
    scores = probe_scores(load_english(tiny_path))[..., list(core.HEADS).index("induction")]
    assert view.selected == np.unravel_index(int(np.argmax(scores)), scores.shape)


def test_the_controller_computes_once_per_change_of_what_the_page_uses(qtbot, tiny_path):
    state, controller, view = make_view(qtbot, tiny_path)
    view.show_result(controller.attention)
    english = controller.page_results.english_model
    state.set_query(3)  # the sentence's analysis is kept; only the guesses are new
    assert english.recomputes == {"load": 1, "run": 1, "predictions": 2}
    assert view.english.query == 3
    state.set_head("broad")  # nothing the English page uses
    view.show_result(controller.attention)  # asked again: nothing is recomputed
    assert english.recomputes == {"load": 1, "run": 1, "predictions": 2}
    state.set_sentence("the dog chased the cat")
    assert english.recomputes == {"load": 1, "run": 2, "predictions": 3}
    assert view.english.run.tokens == ("the", "dog", "chased", "the", "cat")


def test_every_head_is_a_map_named_after_its_best_pattern(setup):
    state, _, view, model = setup
    run = analyse(model, core.LESSON_TOKENS)
    assert len(view.grid.maps) == 6
    for (layer, head), mini in view.grid.maps.items():
        match = run.detections[layer][head].match
        expected = "no clear pattern" if match is None else f"{match[0].replace('_', ' ')} "
        assert mini.subtitle.startswith(expected)
        assert mini.subtitle == map_subtitle(match)
        assert mini.isVisible()


def test_tapping_a_map_shows_that_head_large_with_its_detector_scores(qtbot, setup):
    state, _, view, model = setup
    qtbot.mouseClick(view.grid.maps[1, 2], Qt.MouseButton.LeftButton)
    assert view.selected == (1, 2)
    run = analyse(model, core.LESSON_TOKENS)
    np.testing.assert_array_equal(view.selected_weights, run.weights[1, 2])
    assert view.big_map.matrices[0].title == "Layer 2 head 2 on your sentence"
    detection = run.detections[1][2]
    for head_id, (_, here, probes) in view.detector.rows.items():
        assert here.text() == score_text(detection.sentence[head_id])
        assert probes.text() == score_text(detection.probes[head_id])
    assert view.detector.verdict.text().startswith(detection.describe().capitalize())
    assert view.detector.verdict.text() == verdict(detection)
    # The large map paints the weights in the heatmap's colours.
    view.big_map.grab()
    rect = view.big_map.grid(0).cell_rect(7, 2)
    colour = (
        view.big_map.grab()
        .toImage()
        .pixelColor(
            QPoint(int(rect.left() + rect.width() * 0.2), int(rect.top() + rect.height() * 0.2))
        )
    )
    assert abs(colour.red() - round(255 * run.weights[1, 2, 7, 2])) <= 6


def test_the_guesses_follow_the_query(qtbot, setup):
    state, _, view, model = setup
    run = analyse(model, core.LESSON_TOKENS)
    shown = [prediction_text(p) for p in view.predictions.predictions]
    assert state.query == 7
    assert shown == [prediction_text(p) for p in run.predictions(7)]
    assert view.predictions_title.text().startswith("After cat (7)")
    state.set_query(1)
    assert view.predictions.predictions == run.predictions(1)
    assert view.predictions_title.text().startswith("After cat (1)")
    probabilities = [p.probability for p in view.predictions.predictions]
    assert probabilities == sorted(probabilities, reverse=True) and len(probabilities) == 5
    assert prediction_text(type(run.predictions(1)[0])(UNKNOWN, 0.5)) == unknown_word()
    assert unknown_word() == "(unknown word)"


def test_a_tap_on_a_row_of_the_large_map_moves_the_query(qtbot, setup):
    state, _, view, _ = setup
    view.big_map.grab()
    rect = view.big_map.grid(0).cell_rect(4, 1)
    qtbot.mouseClick(view.big_map, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert state.query == 4
    assert view.readout.text().startswith("dog (4) looks most at")


def test_examples_include_the_lessons_mary_and_john_sentence(qtbot, setup):
    state, _, view, _ = setup
    assert EXAMPLES["mary_and_john"] == MARY_AND_JOHN
    assert view.example_buttons["mary_and_john"].text() == "Mary and John"
    qtbot.mouseClick(view.example_buttons["mary_and_john"], Qt.MouseButton.LeftButton)
    assert state.sentence == MARY_AND_JOHN
    assert len(view.big_map.labels) == len(core.tokenize(MARY_AND_JOHN))


def test_unknown_words_are_named(setup):
    state, _, view, _ = setup
    assert view.unknown_note.isHidden()
    state.set_sentence("the zebra chased the okapi")
    assert view.unknown_note.isVisible()
    assert "zebra, okapi" in view.unknown_note.text()


def test_asking_where_a_constructed_head_is_selects_the_closest_head(qtbot, setup):
    _, _, view, model = setup
    view.detector.chooser.setCurrentIndex(list(core.HEADS).index("first_token"))
    qtbot.mouseClick(view.detector.find_button, Qt.MouseButton.LeftButton)
    scores = probe_scores(model)[..., list(core.HEADS).index("first_token")]
    best = np.unravel_index(int(np.argmax(scores)), scores.shape)
    assert view.selected == tuple(int(i) for i in best)
    answer = view.detector.answer.text()
    assert answer.startswith("First token:")
    assert f"layer {best[0] + 1} head {best[1]}" in answer
    assert view.detector.answer.isVisible()
    view.select_head(0, 0)
    assert view.detector.answer.isHidden()  # the answer was about another head


def test_the_page_says_what_formed_and_what_did_not(setup):
    _, _, view, _ = setup
    about = view.about.text()
    assert "sword-text-web 426.0-1" in about
    assert "A previous token head formed (layer 1 head 0, 0.90)." in about
    assert "No clear induction head formed: the best is layer 2 head 1, 0.30" in about
    assert "better than a word-pair count (loss 4.10 against 4.30" in about


@pytest.mark.parametrize("damage", ["missing", "random bytes"])
def test_a_damaged_file_is_reported_on_the_page(qtbot, tmp_path, damage):
    path = tmp_path / "english.npz"
    if damage == "random bytes":
        path.write_bytes(np.random.default_rng(1).bytes(4000))
    state, controller, view = make_view(qtbot, path)
    view.show_result(controller.attention)
    assert view.error.isVisible()
    assert view.error.text().startswith(load_failed()) and view.error.text().endswith(FIX)
    assert str(path) in view.error.text()
    for part in view.model_parts:
        assert part.isHidden()
    state.set_sentence("the page still follows the sentence")  # and nothing breaks
    assert view.error.isVisible()


def test_the_page_in_german_keeps_the_models_words_english(qtbot, tiny_path, german):
    state, controller, view = make_view(qtbot, tiny_path)
    state.set_sentence(core.LESSON_SENTENCE)  # the model reads English in every language
    view.show_result(controller.attention)
    model = load_english(tiny_path)
    run = analyse(model, core.LESSON_TOKENS)
    assert view.predictions_title.text().startswith("Nach cat (7) die fünf")
    view.select_head(1, 2)
    assert view.big_map.matrices[0].title == "Schicht\u00a02 · Kopf\u00a02 auf deinem Satz"
    detection = run.detections[1][2]
    verdict_text = view.detector.verdict.text()
    assert verdict_text.startswith("Schicht\u00a02 · Kopf\u00a02: ")
    assert "Auf den Prüftexten:" in verdict_text
    for head_id, (_, _, probes) in view.detector.rows.items():
        score = detection.probes[head_id]
        assert probes.text() == f"{score:.2f}".replace(".", ",")
    about = view.about.text()
    formed = "Ein Kopf für „voriges Token“ hat sich gebildet (Schicht\u00a01 · Kopf\u00a00, 0,90)."
    assert formed in about
    assert "Für „Induktion“ hat sich kein klarer Kopf gebildet" in about
    assert "(Verlust 4,10 gegenüber 4,30 Nats pro Wort)" in about
    assert "englische Sätze" in view.language_note.text()
    assert view.example_buttons["mary_and_john"].text() == "Mary und John"
    # The guesses are the model's own English words.
    words = model.vocabulary.words
    assert all(p.word in words for p in view.predictions.predictions)


def test_a_damaged_file_is_reported_in_german(qtbot, tmp_path, german):
    path = tmp_path / "english.npz"
    state, controller, view = make_view(qtbot, path)
    view.show_result(controller.attention)
    assert view.error.text() == (
        f"Das englische Modell konnte nicht geladen werden. Unter {path} gibt es keine "
        "Modelldatei. Installiere das Programm neu oder erzeuge die Datei mit "
        "scripts/train_english_model.py neu."
    )


def test_a_sentence_longer_than_the_models_context_is_said_not_crashed(qtbot, tmp_path):
    path = tmp_path / "short.npz"
    short = ModelConfig(
        vocab_size=80, context_length=32, d_model=8, n_layers=1, n_heads=2, d_head=4
    )
    vocab = Vocabulary((UNKNOWN, *WORDS, *(f"w{i}" for i in range(80 - 1 - len(WORDS)))))
    save_english(path, short, init_params(short, np.random.default_rng(2)), vocab, {})
    state, controller, view = make_view(qtbot, path)
    state.set_sentence(" ".join(["the cat chased the dog ."] * 7))  # 42 tokens
    view.show_result(controller.attention)
    assert view.error.isVisible()
    assert view.error.text().startswith(
        "This model reads at most 32 tokens and the sentence has 42"
    )
    assert all(part.isHidden() for part in view.model_parts)
    state.set_sentence("the cat chased the dog")  # short enough: the heads come back
    assert view.error.isHidden() and view.grid.isVisible()
    assert len(view.grid.maps) == 2
