"""The controller against a stand-in view: no QApplication, no widget (as ndv's controller
tests). What a view would draw is what the controller publishes."""

import subprocess
import sys

import numpy as np
import pytest

import core
from app.model.challenge_tracker import ChallengeTracker
from app.model.controller import Controller
from app.model.state import AppState


class StandInView:
    """Records what a view is given, in order: results and the state's changes."""

    def __init__(self, state: AppState, controller: Controller) -> None:
        self.drawn = []
        self.shapes = []
        self.changes = []
        controller.attention_changed.connect(self.drawn.append)
        controller.shape_changed.connect(self.shapes.append)
        state.changed.connect(self.changes.append)


@pytest.fixture
def setup():
    state = AppState()
    controller = Controller(state)
    tracker = ChallengeTracker(state, controller)
    return state, controller, StandInView(state, controller), tracker


def test_the_model_layer_imports_no_qt():
    code = (
        "import sys, app.model.controller, app.model.challenge_tracker, "
        "app.model.page_results, app.model.learned_results, app.model.english_results\n"
        "qt = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6', 'pyqtgraph'))\n"
        "print(qt)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_click_on_a_token_publishes_one_result_with_the_lessons_numbers(setup):
    state, controller, view, _ = setup
    state.set_query(7)  # already 7: nothing happens
    assert view.drawn == []
    state.set_query(9)
    (result,) = view.drawn
    assert result.query == 9 and result.head_id == "induction"
    assert result.tokens == tuple(core.tokenize(core.LESSON_SENTENCE))
    expected = core.head_weights("induction", result.tokens, True)[9]
    np.testing.assert_array_equal(result.query_row, expected)
    assert controller.attention is result


def test_the_mask_switch_renormalises_the_rows(setup):
    state, _, view, _ = setup
    state.set_causal(False)
    (result,) = view.drawn
    assert not result.hidden.any()
    np.testing.assert_allclose(result.selected.sum(axis=1), 1.0)
    assert result.selected[0, 1:].sum() > 0  # the first token now sees the future


def test_a_preset_switch_is_one_recompute_and_one_shape(setup):
    state, controller, view, _ = setup
    before = dict(controller.recomputes)
    state.set_preset("gpt3_175b")
    assert view.changes == [frozenset({"preset_id", "n_heads", "n_kv_heads"})]
    (shape,) = view.shapes
    assert (shape.d_model, shape.n_heads, shape.d_k) == (12288, 96, 128)
    assert controller.recomputes["shape"] == before["shape"] + 1
    assert controller.recomputes["attention"] == before["attention"]
    assert view.drawn == []


def test_results_are_frozen_data_without_screen_words(setup):
    state, controller, _, _ = setup
    result = controller.attention
    with pytest.raises(AttributeError):
        result.query = 3
    with pytest.raises(ValueError):
        result.selected[0, 0] = 1.0
    assert not any(isinstance(value, str) and " " in value for value in vars(result).values())


def test_a_learners_move_completes_a_challenge_and_every_listener_hears_it_once(setup):
    state, _, view, _ = setup
    state.set_head("same_word")
    state.set_query(1)  # the first "cat": a word with no earlier copy
    completed = [names for names in view.changes if "completed" in names]
    assert view.drawn[-1].met_challenges == {"first_occurrence"}
    assert state.completed == {"first_occurrence"}
    # Heard once, after the change that met it, by every listener.
    assert completed == [frozenset({"completed"})]
    assert view.changes[-2:] == [frozenset({"query"}), frozenset({"completed"})]


def test_a_scripted_change_completes_nothing(setup):
    state, controller, _, _ = setup
    with controller.scripted(), state.batch():
        state.set_head("same_word")
        state.set_query(1)
    assert state.completed == frozenset()


def test_a_bad_sentence_publishes_nothing_and_keeps_the_old_one(setup):
    state, controller, view, _ = setup
    before = controller.attention
    with pytest.raises(core.TokenError):
        state.set_sentence("   ")
    assert view.drawn == [] and controller.attention is before


def test_every_listener_reads_the_fresh_result_whatever_order_it_is_called_in(setup):
    """Listeners are called in no set order (blinker's), so one that hears the state
    before the controller does must still read the result of this change, computed
    once: with results cached by the fields they were made from, it does."""
    state, controller, view, _ = setup
    seen = []
    state.query_changed.connect(lambda q: seen.append((q, controller.attention.query)))
    state.changed.connect(lambda _names: seen.append(("changed", controller.attention.query)))
    before = controller.recomputes["attention"]
    state.set_query(3)
    assert len(seen) == 2 and set(seen) == {(3, 3), ("changed", 3)}
    assert controller.recomputes["attention"] == before + 1
    assert view.drawn[-1] is controller.attention


def test_a_signal_holds_a_method_weakly_and_a_function_strongly():
    """A view's bound method goes when the view goes; a closure nobody else keeps (a
    binding's guard) stays as long as the signal."""
    import gc

    from app.model.signals import Signal

    class Source:
        fired = Signal(int)

    class Listener:
        def __init__(self):
            self.heard = []

        def hear(self, value):
            self.heard.append(value)

    source, listener, kept = Source(), Listener(), []
    source.fired.connect(listener.hear)
    source.fired.connect(lambda value: kept.append(value))
    source.fired.emit(1)
    assert listener.heard == [1] and kept == [1]
    del listener
    gc.collect()
    source.fired.emit(2)  # the method's object is gone: no error, the closure still hears
    assert kept == [1, 2]
    assert Source().fired is not source.fired  # each object has a signal of its own
