"""The Learned page: the trained model's heads, the comparison, training, damaged weights."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

import core
from app.model.controller import Controller
from app.model.learned_results import REPEAT_PERIOD, REPEAT_SEED, LearnedResults, rule_cells
from app.model.state import AppState
from app.panels.learned.heads_section import mask_note, vocab_note
from app.panels.learned.train_panel import cancelled_text, in_use_text
from app.panels.learned_view import LearnedView
from app.ui.theme import THEMES
from core.learned import (
    QUICK_TRAINING,
    SHIPPED_WEIGHTS,
    ModelConfig,
    TrainConfig,
    TrainResult,
    attention_patterns,
    evaluate,
    init_params,
    load_weights,
    repeated_sequence,
    sentence_attention,
)

#: A lookup table no theme uses: pure red rising from black, so probes can be exact.
RED_LUT = np.column_stack([np.arange(256), np.zeros(256), np.zeros(256), np.full(256, 255)]).astype(
    np.uint8
)
TINY_MODEL = ModelConfig(vocab_size=16, context_length=16, d_model=16, n_heads=2, d_head=8)
#: Trains in a fraction of a second: enough to see every part of a run.
TINY = TrainConfig(
    model=TINY_MODEL, steps=40, batch_size=4, max_period=8, eval_period=8, report_every=10
)


@pytest.fixture(scope="module")
def shipped():
    return load_weights().params


def make_view(qtbot, weights_path=SHIPPED_WEIGHTS, config=TINY, size=(440, 1400)):
    state = AppState()
    controller = Controller(state)
    view = LearnedView(state, LearnedResults(weights_path), config=config)
    qtbot.addWidget(view)
    controller.attention_changed.connect(view.show_result)
    view.set_theme(THEMES["light"], 16)
    view.set_colormap(RED_LUT)
    view.show_result(controller.attention)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    return state, controller, view


@pytest.fixture
def setup(qtbot):
    state, controller, view = make_view(qtbot)
    yield state, controller, view
    view.shutdown()
    assert view.runner.process_ids() == []


def fake_result(params, seed=7, steps=0) -> TrainResult:
    return TrainResult(params, TINY, seed, (), False, steps)


def probe(canvas, i, j, where=(0.2, 0.2)) -> QColor:
    """The colour inside a cell of the large map, near its top-left corner."""
    image = canvas.grab().toImage()
    rect = canvas.grid(0).cell_rect(i, j)
    point = QPoint(
        int(rect.left() + rect.width() * where[0]), int(rect.top() + rect.height() * 0.2)
    )
    return image.pixelColor(point)


# -- the learned heads on the sentence ------------------------------------------------------


def test_every_head_of_the_model_gets_a_labelled_map(setup, shipped):
    _, _, view = setup
    layers, _, heads, _ = shipped["w_q"].shape
    assert len(view.grid.maps) == layers * heads == 4
    scores = evaluate(shipped, losses=False)
    for (layer, head), mini in view.grid.maps.items():
        assert mini.isVisible()
        assert mini.title == f"Layer {layer + 1} · head {head}"
        if layer == 0:
            assert mini.subtitle == f"previous token {scores.previous_token_per_head[0, head]:.2f}"
        else:
            assert mini.subtitle == f"induction {scores.induction_per_head[1, head]:.2f}"
    # The shipped model's previous-token head is plain to see in its label.
    assert view.grid.maps[0, 0].subtitle == "previous token 0.98"
    assert "on repeated random tokens" in view.score_note.text()
    assert view.score_note.isVisible()


def test_the_best_induction_head_is_shown_large_at_first(setup, shipped):
    _, _, view = setup
    best = int(np.argmax(evaluate(shipped, losses=False).induction_per_head[1]))
    assert view.selected == (1, best)
    assert view.grid.maps[1, best].selected
    assert view.big_map.matrices[0].title == f"Layer 2 · head {best} on your sentence"


def test_large_map_and_readout_agree_with_the_model(setup, shipped):
    state, _, view = setup
    expected = sentence_attention(shipped, core.LESSON_TOKENS)
    layer, head = view.selected
    np.testing.assert_array_equal(view.selected_weights, expected[layer, head])
    view.big_map.grab()
    assert view.big_map.numbers_last_paint
    texts = view.big_map.grid(0).texts
    assert texts[7][2] == f"{expected[layer, head, 7, 2]:.2f}" == "0.67"
    assert texts[0][9] == ""  # hidden by the mask: hatched, no number
    assert view.readout.text() == "cat (7) looks most at chased (2), 67%"
    state.set_query(3)
    row = expected[layer, head, 3]
    assert view.readout.text() == (f"the (3) looks most at cat (1), {row.max():.0%}")
    assert int(np.argmax(row)) == 1


def test_the_query_row_is_outlined_and_masked_cells_hatched(setup):
    state, _, view = setup
    canvas = view.big_map
    canvas.grab()
    query = QColor(THEMES["light"].query)

    def top_edge(row):
        rect = canvas.grid(0).cell_rect(row, 1)
        image = canvas.grab().toImage()
        return image.pixelColor(QPoint(int(rect.center().x()), round(rect.top() - 1.5)))

    assert top_edge(7) == query and top_edge(3) != query
    state.set_query(3)
    assert top_edge(3) == query and top_edge(7) != query
    # A hidden cell is grey hatching, never a colour of the map; a visible one is red.
    hidden = probe(canvas, 0, 9)
    assert abs(hidden.red() - hidden.green()) < 20
    weight = view.selected_weights[7, 2]
    assert abs(probe(canvas, 7, 2).red() - round(255 * weight)) <= 6


def test_clicking_a_small_map_selects_that_head(qtbot, setup, shipped):
    _, _, view = setup
    qtbot.mouseClick(view.grid.maps[0, 0], Qt.MouseButton.LeftButton)
    assert view.selected == (0, 0)
    assert view.grid.maps[0, 0].selected and not view.grid.maps[1, 1].selected
    assert view.big_map.matrices[0].title == "Layer 1 · head 0 on your sentence"
    expected = sentence_attention(shipped, core.LESSON_TOKENS)[0, 0]
    np.testing.assert_array_equal(view.selected_weights, expected)
    # The previous-token head: "cat" (7) looks at "the" (6) just before it.
    assert view.readout.text() == f"cat (7) looks most at the (6), {expected[7, 6]:.0%}"


def test_a_small_map_can_be_chosen_from_the_keyboard(qtbot, setup):
    _, _, view = setup
    mini = view.grid.maps[0, 1]
    mini.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(mini.hasFocus)
    qtbot.keyClick(mini, Qt.Key.Key_Space)
    assert view.selected == (0, 1)
    assert view.big_map.matrices[0].title == "Layer 1 · head 1 on your sentence"


def test_tapping_a_row_of_the_large_map_sets_the_query(qtbot, setup):
    state, _, view = setup
    view.big_map.grab()
    rect = view.big_map.grid(0).cell_rect(4, 1)
    qtbot.mouseClick(view.big_map, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert state.query == 4
    assert view.readout.text().startswith("dog (4) looks most at")
    label = QPoint(
        int(view.big_map.grid(0).left - 20), int(view.big_map.grid(0).cell_rect(2, 0).center().y())
    )
    qtbot.mouseClick(view.big_map, Qt.MouseButton.LeftButton, pos=label)
    assert state.query == 2


def test_a_tie_is_said_as_a_tie(setup):
    state, _, view = setup
    # Queries of zero score every key alike: each row is an exact tie over what it sees.
    params = dict(init_params(TINY_MODEL, np.random.default_rng(0)))
    params["w_q"] = np.zeros_like(params["w_q"])
    view.use_result(fake_result(params))
    view.select_head(1, 0)
    state.set_query(2)
    expected = sentence_attention(params, core.LESSON_TOKENS)[1, 0]
    np.testing.assert_array_equal(view.selected_weights, expected)
    assert view.readout.text() == (
        "chased (2) is split between the (0), cat (1) and chased (2), 33% each"
    )


def test_words_become_symbols_in_order_of_first_appearance(setup):
    state, _, view = setup
    assert view.vocab_note.isVisible()
    assert view.vocab_note.text() == f"{vocab_note()} Here: 0 1 2 0 3 4 0 1 2 0."
    state.set_sentence("A b a B c")
    assert view.vocab_note.text().endswith("Here: 0 1 0 1 2.")


def test_mask_off_in_the_main_view_is_explained_and_the_mask_kept(setup, shipped):
    state, _, view = setup
    assert not view.mask_note.isVisible()
    state.set_causal(False)
    assert view.mask_note.isVisible() and view.mask_note.text() == mask_note()
    weights = view.selected_weights
    assert np.all(np.triu(weights, 1) == 0)  # the model still cannot look ahead
    assert view.big_map.matrices[0].hidden[0, 9]
    state.set_causal(True)
    assert not view.mask_note.isVisible()


def test_a_sentence_longer_than_a_small_models_context_is_explained(setup):
    state, _, view = setup
    view.use_result(fake_result(init_params(TINY_MODEL, np.random.default_rng(1))))
    state.set_sentence(" ".join(f"w{i}" for i in range(20)))
    assert view.heads_error.isVisible()
    assert "reads at most 16 tokens and the sentence has 20" in view.heads_error.text()
    assert not view.big_map.isVisible()
    state.set_sentence("a b a b")
    assert not view.heads_error.isVisible() and view.big_map.isVisible()


# -- side by side ------------------------------------------------------------------------------


def test_side_by_side_rule_and_learned_head(setup, shipped):
    _, _, view = setup
    view.show_section("compare")
    assert view.compare.isVisible() and not view.grid.isVisible()
    best = view.model.best_induction_head
    rule, learned = view.compare.sentence_canvas.matrices
    np.testing.assert_array_equal(rule.weights, core.head_weights("induction", core.LESSON_TOKENS))
    np.testing.assert_array_equal(
        learned.weights, sentence_attention(shipped, core.LESSON_TOKENS)[1, best]
    )
    assert learned.title == f"Learned: layer 2 · head {best}"
    cells = {tuple(c) for c in rule.highlights}
    assert (7, 2) in cells and (9, 1) in cells and (9, 4) in cells  # cat -> chased, the -> cat/dog
    # The learned head's strongest key for "cat" (7) is the ringed one.
    assert int(np.argmax(learned.weights[7])) == 2

    ids = repeated_sequence(REPEAT_SEED, REPEAT_PERIOD, 64)
    symbols = [f"t{i}" for i in ids]
    rule, learned = view.compare.repeat_canvas.matrices
    np.testing.assert_array_equal(rule.weights, core.head_weights("induction", symbols))
    np.testing.assert_allclose(learned.weights, attention_patterns(shipped, ids)[1, best])
    np.testing.assert_array_equal(rule.highlights, rule_cells(symbols))
    assert " ".join(symbols[:REPEAT_PERIOD]) in view.compare.repeat_title.text()
    # On the repeat the learned head is sharp: most of the second copy's weight is ringed.
    second = [(i, j) for i, j in rule.highlights if i >= REPEAT_PERIOD]
    assert np.mean([learned.weights[i, j] for i, j in second]) > 0.6
    assert "fuzzier" in view.compare.notice.text() and view.compare.notice.isVisible()


# -- training from the page ----------------------------------------------------------------------


def test_train_use_and_go_back(qtbot, setup, shipped):
    _, _, view = setup
    panel = view.train_panel
    view.show_section("train")
    shipped_model = view.model
    with qtbot.waitSignal(view.runner.finished, timeout=20_000) as finished:
        qtbot.mouseClick(panel.train_button, Qt.MouseButton.LeftButton)
        assert panel.cancel_button.isVisible() and not panel.train_button.isVisible()
    result = finished.args[0]
    assert [p.step for p in result.history] == [10, 20, 30, 40]
    assert panel.curve.history == result.history  # the curve drew every report
    assert panel.progress_bar.value() == panel.progress_bar.maximum() == 40
    assert panel.status.text().startswith("Step 40 of 40 · loss ")
    assert panel.use_button.isVisible() and panel.train_button.isVisible()
    assert view.model is shipped_model  # nothing changes until the learner says so

    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    assert view.model.origin == "trained"
    for name, array in result.params.items():
        np.testing.assert_array_equal(view.model.params[name], array)
    assert view.current_section() == "heads"
    layer, head = view.selected
    np.testing.assert_allclose(
        view.selected_weights, sentence_attention(result.params, core.LESSON_TOKENS)[layer, head]
    )
    assert "you trained" in view.source.text()
    assert panel.outcome.text() == in_use_text() and not panel.use_button.isEnabled()
    assert SHIPPED_WEIGHTS.stat().st_size > 0  # the shipped file is untouched

    qtbot.mouseClick(panel.shipped_button, Qt.MouseButton.LeftButton)
    assert view.model is shipped_model
    np.testing.assert_array_equal(
        view.selected_weights, sentence_attention(shipped, core.LESSON_TOKENS)[view.selected]
    )


def test_cancel_stops_at_once_and_keeps_the_model(qtbot):
    state, _, view = make_view(qtbot, config=QUICK_TRAINING)
    try:
        before = view.model
        panel = view.train_panel
        view.show_section("train")
        with qtbot.waitSignal(view.runner.progress, timeout=20_000):
            panel.train_button.click()
        pids = view.runner.process_ids()
        assert len(pids) == 1
        qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
        assert not view.runner.is_running and panel.status.text() == cancelled_text()
        qtbot.waitUntil(lambda: view.runner.process_ids() == [], timeout=500)
        assert view.model is before
        assert not panel.use_button.isVisible() and panel.train_button.isVisible()
        state.set_query(3)  # the page goes on working
        view.show_section("heads")
        assert view.readout.text().startswith("the (3) looks most at")
    finally:
        view.shutdown()


def test_shutdown_while_training_leaves_no_process(qtbot):
    _, _, view = make_view(qtbot, config=QUICK_TRAINING)
    view.show_section("train")
    view.train_panel.train_button.click()
    qtbot.waitUntil(lambda: len(view.runner.process_ids()) == 1, timeout=5000)
    (pid,) = view.runner.process_ids()
    view.shutdown()
    assert view.runner.process_ids() == []
    with pytest.raises(ProcessLookupError):  # exited and reaped: not even a zombie
        import os

        os.kill(pid, 0)


# -- damaged weights ---------------------------------------------------------------------------


def _damaged(tmp_path, kind):
    path = tmp_path / "induction_2layer.npz"
    good = SHIPPED_WEIGHTS.read_bytes()
    if kind == "random bytes":
        path.write_bytes(np.random.default_rng(0).bytes(4096))
    elif kind == "truncated":
        path.write_bytes(good[: len(good) // 2])
    else:
        with np.load(SHIPPED_WEIGHTS) as archive:
            contents = {name: archive[name] for name in archive.files}
        contents["embed"] = np.zeros((3, 3), dtype=np.float32)
        with open(path, "wb") as f:
            np.savez(f, **contents)
    return path


@pytest.mark.parametrize("kind", ["random bytes", "truncated", "wrong shapes"])
def test_damaged_weights_give_a_message_and_training_still_works(qtbot, tmp_path, kind):
    state, _, view = make_view(qtbot, weights_path=_damaged(tmp_path, kind))
    try:
        assert view.model is None
        assert view.error.isVisible()
        assert view.error.text().startswith("The trained model could not be loaded.")
        assert (
            "could not be loaded" in view.error.text() and "train one yourself" in view.error.text()
        )
        assert not view.grid.isVisible() and not view.big_map.isVisible()
        state.set_query(3)  # no crash, and the message stays
        assert view.error.isVisible()
        view.show_section("compare")
        assert not view.compare.sentence_canvas.isVisible()
        view.show_section("train")
        with qtbot.waitSignal(view.runner.finished, timeout=20_000):
            view.train_panel.train_button.click()
        view.train_panel.use_button.click()
        assert not view.error.isVisible() and view.model.origin == "trained"
        assert len(view.grid.maps) == 4 and view.big_map.isVisible()
    finally:
        view.shutdown()


def test_the_window_keeps_working_beside_a_damaged_page(qtbot, window, tmp_path):
    page = LearnedView(window.state, LearnedResults(_damaged(tmp_path, "truncated")))
    window.controller.attention_changed.connect(page.show_result)
    window.side_tabs.addTab(page, "Learned")
    window.side_tabs.setCurrentWidget(page)
    page.set_theme(window.theme, window.state.font_px)
    page.show_result(window.controller.attention)
    window.grab()
    assert page.error.isVisible()
    window.state.set_query(7)
    window.state.set_head("induction")
    assert window.readout.text() == "cat (7) looks most at chased (2), 92%"
    window.state.set_query(9)
    assert window.readout.text().startswith("the (9) is split between")
    page.shutdown()
