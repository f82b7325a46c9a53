"""The state object: validation, one signal per real change, one batch per user act."""

import pytest

import core
from app.state import AppState


@pytest.fixture
def state(qapp):
    return AppState()


def test_signals_fire_only_on_real_change(qtbot, state):
    with qtbot.assertNotEmitted(state.head_id_changed):
        state.set_head(state.head_id)
    with qtbot.waitSignal(state.head_id_changed) as blocker:
        state.set_head("broad")
    assert blocker.args == ["broad"]


def test_a_preset_switch_is_one_change(qtbot, state):
    changes = []
    state.changed.connect(changes.append)
    state.set_preset("gpt3_175b")
    assert changes == [frozenset({"preset_id", "n_heads", "n_kv_heads"})]


def test_a_shorter_sentence_clamps_the_query(state):
    state.set_query(9)
    state.set_sentence("a b c")
    assert state.query == 2
    assert state.tokens == ("a", "b", "c")


def test_a_bad_sentence_keeps_the_old_one(state):
    with pytest.raises(core.TokenError):
        state.set_sentence("   ")
    assert state.tokens == core.LESSON_TOKENS


def test_head_counts_must_divide_d_model(state):
    with pytest.raises(ValueError, match="do not divide"):
        state.set_n_heads(5)
    state.set_n_heads(16)
    assert (state.n_heads, state.n_kv_heads) == (16, 16)


def test_shared_kv_heads_survive_while_they_divide(state):
    state.set_n_kv_heads(2)
    state.set_n_heads(4)
    assert state.n_kv_heads == 2
    state.set_n_heads(1)
    assert state.n_kv_heads == 1


def test_reset_restores_everything_in_one_change(state):
    state.set_head("broad")
    state.set_causal(False)
    state.set_preset("gpt2_small")
    changes = []
    state.changed.connect(changes.append)
    state.reset()
    assert len(changes) == 1
    assert (state.head_id, state.causal, state.preset_id) == ("induction", True, "transformer_base")


def test_unknown_ids_are_refused(state):
    with pytest.raises(KeyError):
        state.set_head("nope")
    with pytest.raises(KeyError):
        state.set_theme("neon")
