"""The state object: validation, one signal per real change, one batch per user act."""

import numpy as np
import pytest

import core
from app.model.state import AppState
from core.learned import ModelConfig, TrainConfig, TrainResult, init_params


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


def _find_query_that_completes_a_challenge(window) -> int:
    """A query of the current sentence and head whose result meets a new challenge."""
    from app.model.results import compute_attention

    s = window.state
    for query in range(len(s.tokens)):
        if query == s.query:
            continue
        result = compute_attention(s.tokens, s.head_id, query, s.causal, None)
        if result.met_challenges - s.completed:
            return query
    raise AssertionError("no query of the lesson sentence completes a challenge")


def test_a_late_listener_hears_each_change_whole_and_in_order(window):
    """A write made by a listener (a challenge completing) is announced after the
    change that caused it, to every listener, never from inside that announcement."""
    state = window.state
    heard: list[tuple[str, object]] = []
    state.changed.connect(lambda names: heard.append(("changed", names)))
    state.query_changed.connect(lambda q: heard.append(("query", q)))
    state.completed_changed.connect(lambda done: heard.append(("completed", done)))

    query = _find_query_that_completes_a_challenge(window)
    state.set_query(query)

    assert [kind for kind, _ in heard] == ["query", "changed", "completed", "changed"]
    assert heard[0] == ("query", query)
    assert heard[1] == ("changed", frozenset({"query"}))
    assert heard[3] == ("changed", frozenset({"completed"}))
    assert heard[2][1] == state.completed and state.completed


@pytest.mark.parametrize(
    "action, fields",
    [
        (lambda s: s.set_head("previous_token"), {"head_id"}),
        (lambda s: s.set_causal(False), {"causal"}),
        (lambda s: s.move_query(-1), {"query"}),
        (lambda s: s.set_sentence("a b a b"), {"sentence", "query"}),
        (lambda s: s.set_preset("gpt2_small"), {"preset_id", "n_heads", "n_kv_heads"}),
    ],
)
def test_each_user_action_is_one_change_for_a_late_listener(window, action, fields):
    state = window.state
    state.reset_challenges()
    heard: list[frozenset[str]] = []
    state.changed.connect(heard.append)
    action(state)
    # One change for what the user did; a challenge it met follows as a change of its own.
    assert heard[0] == frozenset(fields)
    assert heard[1:] in ([], [frozenset({"completed"})])


def _listen_last(window) -> list[tuple[str, object]]:
    """Connect, after every part of the window, one listener to each published thing."""
    heard: list[tuple[str, object]] = []
    window.state.changed.connect(lambda names: heard.append(("changed", names)))
    window.controller.attention_changed.connect(lambda r: heard.append(("attention", r)))
    window.controller.shape_changed.connect(lambda r: heard.append(("shape", r)))
    return heard


@pytest.mark.parametrize(
    "action, fields, published",
    [
        (lambda s: s.set_head("previous_token"), {"head_id"}, ["attention"]),
        (lambda s: s.set_causal(False), {"causal"}, ["attention"]),
        (lambda s: s.move_query(-1), {"query"}, ["attention"]),
        (lambda s: s.set_sentence("a b a b"), {"sentence", "query"}, ["attention"]),
        (lambda s: s.set_preset("gpt2_small"), {"preset_id", "n_heads", "n_kv_heads"}, ["shape"]),
        (lambda s: s.set_n_heads(16), {"n_heads", "n_kv_heads"}, ["shape"]),
        (lambda s: s.set_theme("dark"), {"theme_id"}, []),
        (lambda s: s.set_zoom(s.zoom + 1), {"zoom"}, []),
    ],
)
def test_each_user_action_publishes_once_in_order(window, action, fields, published):
    """For every user action a late listener hears: each result once and the state's
    change once (in no set order: listeners are called in none), then (only when a
    fresh result met a challenge) the completion."""
    state = window.state
    state.reset_challenges()
    heard = _listen_last(window)
    action(state)
    first = dict(heard[: len(published) + 1])
    assert sorted(first) == sorted([*published, "changed"])
    assert first["changed"] == frozenset(fields)
    met = window.controller.attention.met_challenges if "attention" in published else set()
    if met:
        assert heard[len(published) + 1 :] == [("changed", frozenset({"completed"}))]
        assert state.completed == met
    else:
        assert heard[len(published) + 1 :] == []
        assert state.completed == frozenset()
    # The published result is the one every part draws, and it is the state's now.
    if "attention" in published:
        assert first["attention"] is window.controller.attention
        assert window.controller.attention.query == state.query


def test_a_result_that_meets_a_challenge_completes_it_once(window):
    state = window.state
    completions: list[frozenset[str]] = []
    state.completed_changed.connect(completions.append)
    query = _find_query_that_completes_a_challenge(window)
    state.set_query(query)
    state.set_query(0)
    state.set_query(query)  # met again: already done, nothing new to announce
    assert len(completions) == 1 and completions[0] == state.completed


def test_scripted_changes_complete_no_challenge(window):
    """A tour stop or the kiosk's attract loop shows answers; the learner earned nothing."""
    state = window.state
    query = _find_query_that_completes_a_challenge(window)
    heard = _listen_last(window)
    with window.controller.scripted(), state.batch():
        state.set_query(query)
    assert sorted(kind for kind, _ in heard) == ["attention", "changed"]
    assert window.controller.attention.met_challenges  # the result did meet one
    assert state.completed == frozenset()
    state.set_query(0)
    state.set_query(query)  # the learner's own visit counts
    assert state.completed


def _tiny_run() -> TrainResult:
    model = ModelConfig(vocab_size=16, context_length=16, d_model=16, n_heads=2, d_head=8)
    params = init_params(model, np.random.default_rng(0))
    return TrainResult(
        params, TrainConfig(model=model, max_period=8, eval_period=8), 3, (), False, 40
    )


@pytest.mark.parametrize(
    "action, fields",
    [
        (lambda w: w.side_tabs.view("learned").show_section("compare"), {"learned_section"}),
        (lambda w: w.side_tabs.view("learned").select_head(0, 1), {"learned_head"}),
        (lambda w: w.side_tabs.view("learned").use_result(_tiny_run()), {"learned_weights"}),
        (lambda w: w.side_tabs.view("learned").use_shipped(), set()),
        (lambda w: w.side_tabs.view("story").next_step(), {"story_step"}),
    ],
)
def test_each_action_on_a_side_page_is_one_change_and_recomputes_only_that_page(
    window, action, fields
):
    """The Learned page and the walk-through write the state like any control: a late
    listener hears one change, the attention result is not recomputed, and the Learned
    page's results are computed once at most."""
    window.side_tabs.setCurrentWidget(window.pages["story"])
    window.side_tabs.setCurrentWidget(window.pages["learned"])
    window.side_tabs.view("learned").show_section("heads")
    heard = _listen_last(window)
    attention = dict(window.controller.recomputes)
    learned = dict(window.controller.learned_results.recomputes)

    action(window)

    assert heard == ([("changed", frozenset(fields))] if fields else [])  # no change: silence
    assert window.controller.recomputes == attention
    after = window.controller.learned_results.recomputes
    assert all(after[name] - learned[name] <= 1 for name in learned)
    window.side_tabs.view("learned").shutdown()


def test_a_reset_is_one_change_for_a_late_listener(window):
    """After a session with changes on the main view and the side pages, a late listener
    hears each fresh result once, then one change naming every field the reset restored."""
    state = window.state
    window.side_tabs.setCurrentWidget(window.pages["learned"])
    window.side_tabs.view("learned").use_result(_tiny_run())
    window.side_tabs.view("learned").select_head(1, 0)
    state.set_story_position(2, 1)
    state.set_head("previous_token")
    state.set_preset("gpt2_small")
    heard = _listen_last(window)

    window.reset_session()

    assert sorted(kind for kind, _ in heard) == ["attention", "changed", "shape"]
    assert dict(heard)["changed"] == frozenset(
        {
            "head_id",
            "preset_id",
            "n_heads",
            "n_kv_heads",
            "story_step",
            "learned_weights",
            "learned_head",
            "session",
        }
    )
    assert window.side_tabs.view("learned").model.origin == "shipped"
    window.side_tabs.view("learned").shutdown()
