"""A session reset is one call, and afterwards every page shows the fresh session."""

import numpy as np

import app.model.state
import core
from app.model.state import SESSION_FIELDS, TrainedWeights
from core.learned import ModelConfig, init_params

TINY_MODEL = ModelConfig(vocab_size=16, context_length=16, d_model=16, n_heads=2, d_head=8)


def _visit_every_page(window) -> None:
    """Build every side page, as a visitor who opened each tab would."""
    for name, holder in window.pages.items():
        window.side_tabs.setCurrentWidget(holder)
        assert name in window.side_tabs.views


def _leave_traces(window) -> None:
    """Change everything a visitor can change in a session."""
    state = window.state
    state.set_sentence("the dog sat and the dog ran")
    state.set_head("previous_token")
    state.set_query(2)
    state.set_causal(False)
    state.set_preset("gpt2_small")
    state.set_n_heads(24)
    state.complete_challenges(frozenset({core.CHALLENGES[0].id}))
    window.side_tabs.view("story").step_by(3)
    card = window.side_tabs.view("card")
    card.verticalScrollBar().setValue(card.verticalScrollBar().maximum())
    _leave_learned_traces(window)


def _leave_learned_traces(window) -> None:
    """On the Learned page: weights of one's own, another head, the comparison, a training run."""
    learned = window.side_tabs.view("learned")
    window.side_tabs.setCurrentWidget(window.pages["learned"])
    params = init_params(TINY_MODEL, np.random.default_rng(0))
    learned.use_result(core.learned.TrainResult(params, None, 5, (), False, 40))
    learned.select_head(0, 1)
    learned.show_section("train")
    learned.train_panel.train_button.click()
    assert learned.runner.is_running
    learned.show_section("compare")
    assert learned.model.origin == "trained"


def test_every_page_shows_the_fresh_session_after_one_reset(window):
    _visit_every_page(window)
    _leave_traces(window)
    fresh = {name: app.model.state.DEFAULTS[name] for name in SESSION_FIELDS}
    assert {name: getattr(window.state, name) for name in SESSION_FIELDS} != fresh

    window.reset_session()

    state = window.state
    assert {name: getattr(state, name) for name in SESSION_FIELDS} == fresh
    assert state.tokens == core.LESSON_TOKENS
    # What each page draws follows the state.
    result = window.controller.attention
    assert (result.tokens, result.head_id, result.query, result.causal) == (
        core.LESSON_TOKENS,
        "induction",
        app.model.state.DEFAULTS["query"],
        True,
    )
    assert window.heatmap.result is result
    assert window.token_strip.result is result
    window.side_tabs.setCurrentWidget(window.pages["steps"])
    steps = window.side_tabs.view("steps").steps
    assert (steps.tokens, steps.head_id, steps.causal) == (core.LESSON_TOKENS, "induction", True)
    story = window.side_tabs.view("story")
    window.side_tabs.setCurrentWidget(window.pages["story"])
    assert (story.step, story.length) == (0, 1)
    assert story.title.text().startswith("1 ·")
    assert story.story.tokens == core.LESSON_TOKENS
    assert not story.timer.isActive()
    assert window.side_tabs.view("card").verticalScrollBar().value() == 0
    _check_learned_page(window)
    goals = window.side_tabs.tabText(window.side_tabs.indexOf(window.pages["challenges"]))
    assert goals == f"Goals 0/{len(core.CHALLENGES)}"
    shape = window.controller.shape
    assert (shape.preset_id, shape.n_heads) == ("transformer_base", state.n_heads)


def test_the_walk_through_step_is_session_state(window):
    """The story's step lives in the state: a page built later shows it, a reset undoes it."""
    state = window.state
    state.set_story_position(2, 1)
    story = window.side_tabs.view("story")  # built now, after the step moved
    assert story.step == 2
    story.step_by(1)
    assert state.story_step == 3
    state.reset()
    assert story.step == 0


def _check_learned_page(window) -> None:
    """The shipped model, its best induction head large, the heads part, no training."""
    learned = window.side_tabs.view("learned")
    window.side_tabs.setCurrentWidget(window.pages["learned"])
    assert learned.current_section() == "heads"
    assert not learned.heads.isHidden() and learned.compare.isHidden()
    assert learned.section_buttons["heads"].isChecked()
    assert not learned.runner.is_running
    model = learned.model
    assert model.origin == "shipped" and "comes with the program" in learned.source.text()
    assert learned.selected == (model.n_layers - 1, model.best_induction_head)
    shipped_weights = model.attention(core.LESSON_TOKENS)[learned.selected]
    np.testing.assert_array_equal(learned.selected_weights, shipped_weights)
    assert learned.readout.text().startswith("cat (7) looks most at")
    learned.shutdown()


def test_a_reset_undoes_the_learned_pages_choices_even_before_it_is_built(window):
    """The Learned page's model, part and head are session state: a page built after
    they changed shows them, a reset undoes them."""
    state = window.state
    params = init_params(TINY_MODEL, np.random.default_rng(0))
    state.use_learned_weights(TrainedWeights(params, 40, 5))
    state.select_learned_head(0, 1)
    window.side_tabs.setCurrentWidget(window.pages["learned"])
    learned = window.side_tabs.view("learned")  # built now
    assert learned.model.origin == "trained" and learned.selected == (0, 1)
    assert "you trained (40 steps from random weights, seed 5)" in learned.source.text()
    state.reset()
    assert learned.model.origin == "shipped"
    assert learned.selected == (learned.model.n_layers - 1, learned.model.best_induction_head)
