"""The English page: heads, head detector, next-word guesses, examples, damaged weights.

Behaviour is tested on a tiny model saved in the English format (fast and independent of
training); tests/core/test_english_shipped.py checks what the shipped model learned.
"""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

import core
from app.model.controller import Controller
from app.model.english_results import EnglishResults
from app.model.state import AppState
from app.panels.english.predictions import prediction_text
from app.panels.english.wording import jobs_text, map_subtitle, start_token, unknown_word, verdict
from app.panels.english_view import EnglishView, english_examples, load_failed
from app.ui.theme import THEMES
from core.english import BOS, UNKNOWN, Vocabulary, load_english, save_english
from core.english.analysis import analyse, head_verdicts
from core.english.metrics import KIND_OF, PATTERNS
from core.english.probes import MARY_AND_JOHN
from core.english.weights import FIX
from core.learned import ModelConfig, init_params

RED_LUT = np.column_stack([np.arange(256), np.zeros(256), np.zeros(256), np.full(256, 255)]).astype(
    np.uint8
)
TINY = ModelConfig(vocab_size=80, context_length=65, d_model=16, n_layers=2, n_heads=3, d_head=8)
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


#: What even attention scores against each pattern, made up.
CHANCE = {
    "previous_token": 0.05,
    "same_word": 0.06,
    "induction": 0.03,
    "first_token": 0.07,
    "broad": 1.0,
    "current_token": 0.04,
}


def held_out_scores():
    """Every head's held-out scores, made up, each different (so a mix-up shows)."""
    rng = np.random.default_rng(11)
    prose = {p: rng.uniform(0.0, 0.45, (2, 3)) for p in PATTERNS if KIND_OF[p] == "prose"}
    repeats = {p: rng.uniform(0.0, 0.45, (2, 3)) for p in PATTERNS}
    prose["previous_token"][0, 0] = 0.9
    prose["first_token"][1, 1] = 0.68
    repeats["induction"][1, 1] = 0.66
    prose["current_token"][0, 2] = 0.81
    return {
        kind: {p: np.round(v, 4).tolist() for p, v in scores.items()}
        for kind, scores in (("prose", prose), ("repeats", repeats))
    }


@pytest.fixture(scope="module")
def tiny_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("english") / "tiny.npz"
    vocab = Vocabulary((UNKNOWN, BOS, *WORDS, *(f"w{i}" for i in range(80 - 2 - len(WORDS)))))
    params = init_params(TINY, np.random.default_rng(5))
    evaluation = {
        "losses": {"bible": [4.1, 4.3], "unseen": [4.6, 5.2]},
        "head_scores": held_out_scores(),
        "chance": CHANCE,
    }
    info = {
        "text": {"bible": {}, "wordnet": {}, "fortunes": {}, "everyday": {}, "unseen": {}},
        "evaluation": evaluation,
    }
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
    # It opens on the head most like an induction head on held-out repeats.
    assert view.selected == (1, 1)


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


def shown_numbers(text):
    """Every number written in a text ('0.66' -> 0.66)."""
    import re

    return [float(x) for x in re.findall(r"\d+\.\d+", text)]


def test_every_number_the_page_shows_for_a_head_is_its_held_out_score(qtbot, setup):
    """The maps, the detector, its verdict and the 'where is it' answer all read one
    measurement: the held-out scores saved in the file."""
    state, _, view, model = setup
    saved = model.info["evaluation"]["head_scores"]

    def held_out(pattern, layer, head):
        return round(saved[KIND_OF[pattern]][pattern][layer][head], 2)

    scores_of_head = {
        (layer, head): {held_out(p, layer, head) for p in PATTERNS}
        for layer in range(2)
        for head in range(3)
    }
    for sentence in (core.LESSON_SENTENCE, MARY_AND_JOHN):  # the same on every sentence
        state.set_sentence(sentence)
        for (layer, head), mini in view.grid.maps.items():
            assert set(shown_numbers(mini.subtitle)) <= scores_of_head[layer, head]
            view.select_head(layer, head)
            for pattern, (_, score, chance, kind) in view.detector.rows.items():
                assert float(score.text()) == held_out(pattern, layer, head)
                assert float(chance.text()) == CHANCE[pattern]  # beside it: even attention
                assert kind.text() == KIND_OF[pattern]
            assert set(shown_numbers(view.detector.verdict.text())) <= scores_of_head[layer, head]
            assert jobs_text(head_verdicts(model)[layer][head]) in view.detector.verdict.text()
            assert mini.subtitle == jobs_text(head_verdicts(model)[layer][head])
    for index, pattern in enumerate(PATTERNS):
        view.detector.chooser.setCurrentIndex(index)
        qtbot.mouseClick(view.detector.find_button, Qt.MouseButton.LeftButton)
        ranked = sorted(
            (
                (saved[KIND_OF[pattern]][pattern][la][he], la, he)
                for la in range(2)
                for he in range(3)
            ),
            reverse=True,
        )
        assert view.selected == ranked[0][1:]
        assert shown_numbers(view.detector.answer.text()) == [
            round(ranked[0][0], 2),
            round(ranked[1][0], 2),
        ]


def test_a_head_with_two_jobs_says_both_with_the_text_kind(setup):
    _, _, view, _ = setup
    mini = view.grid.maps[1, 1]
    assert mini.subtitle == "on prose: first token 0.68; on repeats: induction 0.66"
    view.select_head(1, 1)
    assert view.detector.verdict.text() == (
        "Layer 2 head 1 does two jobs: on prose: first token 0.68; on repeats: induction 0.66."
    )
    # A head that looks at its own position is named for it, not "no clear pattern".
    assert view.grid.maps[0, 2].subtitle == "on prose: current token 0.81"
    view.select_head(1, 0)
    assert view.detector.verdict.text() == "Layer 2 head 0: no clear pattern on held-out text."
    assert view.grid.maps[1, 0].subtitle == map_subtitle(view.english.run.verdicts[1][0])
    assert view.grid.maps[1, 0].subtitle == "no clear pattern"


def test_the_start_token_is_the_position_0_chip_and_the_words_follow_it(qtbot, setup):
    state, _, view, _ = setup
    n = len(core.LESSON_TOKENS)
    assert view.chips.labels == (start_token(), *core.LESSON_TOKENS)
    assert start_token() == "‹start›"
    assert view.start_note.isVisible() and "attention sink" in view.start_note.text()
    assert view.big_map.labels[0] == "‹start› 0" and len(view.big_map.labels) == n + 1
    assert view.big_map.labels[8] == "cat 8"
    assert state.query == 7 and view.chips.query == 8  # the second "cat", one place on
    view.chips.grab()
    start = view.chips._layout(view.chips.width())[0].center()
    qtbot.mouseClick(view.chips, Qt.MouseButton.LeftButton, pos=start.toPoint())
    assert state.query == 7  # the start token is not a word to guess after
    third = view.chips._layout(view.chips.width())[3].center()
    qtbot.mouseClick(view.chips, Qt.MouseButton.LeftButton, pos=third.toPoint())
    assert state.query == 2 and view.chips.query == 3 and view.big_map.query == 3
    assert view.chips.position_at(QPointF(-5, -5)) is None


def test_tapping_a_map_shows_that_head_large(qtbot, setup):
    state, _, view, model = setup
    qtbot.mouseClick(view.grid.maps[1, 2], Qt.MouseButton.LeftButton)
    assert view.selected == (1, 2)
    run = analyse(model, core.LESSON_TOKENS)
    np.testing.assert_array_equal(view.selected_weights, run.weights[1, 2])
    assert view.big_map.matrices[0].title == "Layer 2 head 2 on your sentence"
    assert view.detector.verdict.text() == verdict(run.verdicts[1][2])
    # The large map paints the weights in the heatmap's colours.
    view.big_map.grab()
    rect = view.big_map.grid(0).cell_rect(8, 3)
    colour = (
        view.big_map.grab()
        .toImage()
        .pixelColor(
            QPoint(int(rect.left() + rect.width() * 0.2), int(rect.top() + rect.height() * 0.2))
        )
    )
    assert abs(colour.red() - round(255 * run.weights[1, 2, 8, 3])) <= 6


def test_the_guesses_follow_the_query(qtbot, setup):
    state, _, view, model = setup
    run = analyse(model, core.LESSON_TOKENS)
    shown = [prediction_text(p) for p in view.predictions.predictions]
    assert state.query == 7
    assert shown == [prediction_text(p) for p in run.predictions(7)]
    assert view.predictions_title.text().startswith("After cat (8)")
    state.set_query(1)
    assert view.predictions.predictions == run.predictions(1)
    assert view.predictions_title.text().startswith("After cat (2)")
    probabilities = [p.probability for p in view.predictions.predictions]
    assert probabilities == sorted(probabilities, reverse=True) and len(probabilities) == 5
    assert prediction_text(type(run.predictions(1)[0])(UNKNOWN, 0.5)) == unknown_word()
    assert unknown_word() == "(unknown word)"


def test_a_tap_on_a_row_of_the_large_map_moves_the_query(qtbot, setup):
    state, _, view, _ = setup
    view.big_map.grab()
    rect = view.big_map.grid(0).cell_rect(5, 1)
    qtbot.mouseClick(view.big_map, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert state.query == 4
    assert view.readout.text().startswith("dog (5) looks most at")
    rect = view.big_map.grid(0).cell_rect(0, 0)
    qtbot.mouseClick(view.big_map, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert state.query == 4  # the start token's row chooses nothing


def test_each_example_sets_its_sentence_and_its_query(qtbot, setup):
    state, _, view, _ = setup
    assert english_examples()["mary_and_john"] == (MARY_AND_JOHN, 13)
    assert view.example_buttons["mary_and_john"].text() == "Mary and John"
    qtbot.mouseClick(view.example_buttons["mary_and_john"], Qt.MouseButton.LeftButton)
    assert state.sentence == MARY_AND_JOHN
    assert len(view.big_map.labels) == len(core.tokenize(MARY_AND_JOHN)) + 1
    state.set_query(2)
    qtbot.mouseClick(view.example_buttons["lesson"], Qt.MouseButton.LeftButton)
    assert state.sentence == core.LESSON_SENTENCE and state.query == 7  # the second "cat"
    qtbot.mouseClick(view.example_buttons["repeated"], Qt.MouseButton.LeftButton)
    tokens = state.tokens
    word = tokens[state.query].casefold()
    earlier = [i for i, t in enumerate(tokens[: state.query]) if t.casefold() == word]
    assert earlier  # the query's word came before: the query is in the repeat
    assert view.big_map.query == state.query + 1


def test_unknown_words_are_named(setup):
    state, _, view, _ = setup
    assert view.unknown_note.isHidden()
    state.set_sentence("the zebra chased the okapi")
    assert view.unknown_note.isVisible()
    assert "zebra, okapi" in view.unknown_note.text()


def test_forms_of_known_words_are_named_with_the_words_they_are_read_as(setup):
    state, _, view, _ = setup
    state.set_sentence("the cats chased the zebra and the dogs")
    lines = view.unknown_note.text().splitlines()
    assert view.unknown_note.isVisible() and len(lines) == 2
    assert lines[0].endswith("cats as cat, dogs as dog.")
    assert lines[1].endswith("zebra.")
    state.set_sentence("the cat chased the dogs")  # only forms: one line, no unknown word
    assert view.unknown_note.text().splitlines() == [
        "Words it does not know, read as forms of words it does: dogs as dog."
    ]


def test_asking_where_a_pattern_is_selects_the_closest_head(qtbot, setup):
    _, _, view, _ = setup
    view.detector.chooser.setCurrentIndex(PATTERNS.index("induction"))
    qtbot.mouseClick(view.detector.find_button, Qt.MouseButton.LeftButton)
    assert view.selected == (1, 1)
    answer = view.detector.answer.text()
    assert answer.startswith("Induction: the best match is layer 2 head 1 (0.66 on repeats).")
    assert view.detector.answer.isVisible()
    view.select_head(0, 0)
    assert view.detector.answer.isHidden()  # the answer was about another head
    view.detector.chooser.setCurrentIndex(PATTERNS.index("same_word"))
    qtbot.mouseClick(view.detector.find_button, Qt.MouseButton.LeftButton)
    assert "Same word: no head of this model does it clearly." in view.detector.answer.text()


def test_the_page_says_what_formed_and_what_did_not(setup):
    _, _, view, _ = setup
    about = view.about.text()
    assert "World English Bible, WordNet" in about
    assert "A previous-token head formed (layer 1 head 0, 0.90 on prose, against 0.05 for" in about
    assert "an attention sink, formed (layer 2 head 1, 0.68 on prose, against 0.07 for" in about
    assert (
        "A same-word (duplicate-token) head did not form in this model: the best is "
        "layer 1 head 2, 0.43 on prose, against 0.06 for even attention."
    ) in about
    assert "An induction head formed (layer 2 head 1, 0.66 on repeats, against 0.03 " in about
    assert "the Bible 4.10 against 4.30, sayings it never read 4.60 against 5.20" in about


def test_the_detector_says_beside_a_pattern_no_head_does_that_it_did_not_form(setup):
    _, _, view, model = setup
    saved = model.info["evaluation"]["head_scores"]["prose"]["same_word"]
    best = max(max(row) for row in saved)
    notes = view.detector.not_formed
    assert notes["same_word"].isVisible()
    assert notes["same_word"].text() == (
        f"did not form in this model: best {best:.2f}, even attention 0.06"
    )
    assert notes["induction"].isHidden() and notes["previous_token"].isHidden()
    assert notes["broad"].isHidden()  # an even spread is not a job that forms


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
    assert view.predictions_title.text().startswith("Nach cat (8) die fünf")
    assert view.chips.labels[:2] == ("‹Start›", "the")
    assert view.start_note.text().startswith("Position 0 ist ein Start-Token")
    view.select_head(1, 1)
    assert view.big_map.matrices[0].title == "Schicht\u00a02 · Kopf\u00a01 auf deinem Satz"
    assert view.detector.verdict.text() == (
        "Schicht\u00a02 · Kopf\u00a01 hat zwei Aufgaben: auf Prosa: erstes Token 0,68; "
        "auf Wiederholungen: Induktion 0,66."
    )
    assert view.grid.maps[1, 1].subtitle == (
        "auf Prosa: erstes Token 0,68; auf Wiederholungen: Induktion 0,66"
    )
    saved = model.info["evaluation"]["head_scores"]
    for pattern, (_, score, _, kind) in view.detector.rows.items():
        value = saved[KIND_OF[pattern]][pattern][1][1]
        assert score.text() == f"{value:.2f}".replace(".", ",")
        assert kind.text() == {"prose": "Prosa", "repeats": "Wiederholungen"}[KIND_OF[pattern]]
    about = view.about.text()
    assert "Ein Induktionskopf hat sich gebildet (Schicht\u00a02 · Kopf\u00a01, 0,66 auf " in about
    assert "Ein Kopf für gleiche Wörter (Duplikat-Token) hat sich in diesem Modell " in about
    assert "gegenüber 0,06 bei gleichmäßiger Aufmerksamkeit" in about
    assert "Bibel 4,10 gegenüber 4,30, nie gelesene Sprüche 4,60 gegenüber 5,20" in about
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
    vocab = Vocabulary((UNKNOWN, BOS, *WORDS, *(f"w{i}" for i in range(80 - 2 - len(WORDS)))))
    save_english(path, short, init_params(short, np.random.default_rng(2)), vocab, {})
    state, controller, view = make_view(qtbot, path)
    state.set_sentence(" ".join(["the cat chased the dog ."] * 7))  # 42 tokens
    view.show_result(controller.attention)
    assert view.error.isVisible()
    assert view.error.text().startswith(
        "This model reads at most 31 tokens and the sentence has 42"
    )
    assert all(part.isHidden() for part in view.model_parts)
    state.set_sentence("the cat chased the dog")  # short enough: the heads come back
    assert view.error.isHidden() and view.grid.isVisible()
    assert len(view.grid.maps) == 2
