"""A session reset is one call, and afterwards every page shows the fresh session."""

import app.state
import core
from app.state import SESSION_FIELDS


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
    window.induction_story.step_by(3)
    card = window.head_card
    card.verticalScrollBar().setValue(card.verticalScrollBar().maximum())
    window.learned_view.show_section("compare")


def test_every_page_shows_the_fresh_session_after_one_reset(window):
    _visit_every_page(window)
    _leave_traces(window)
    fresh = {name: app.state.DEFAULTS[name] for name in SESSION_FIELDS}
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
        app.state.DEFAULTS["query"],
        True,
    )
    assert window.heatmap.result is result
    assert window.token_strip.result is result
    window.side_tabs.setCurrentWidget(window.pages["steps"])
    steps = window.steps_view.steps
    assert (steps.tokens, steps.head_id, steps.causal) == (core.LESSON_TOKENS, "induction", True)
    story = window.induction_story
    window.side_tabs.setCurrentWidget(window.pages["story"])
    assert (story.step, story.length) == (0, 1)
    assert story.title.text().startswith("1 ·")
    assert story.story.tokens == core.LESSON_TOKENS
    assert not story.timer.isActive()
    assert window.head_card.verticalScrollBar().value() == 0
    assert window.learned_view.current_section() == "heads"
    goals = window.side_tabs.tabText(window.side_tabs.indexOf(window.pages["challenges"]))
    assert goals == f"Goals 0/{len(core.CHALLENGES)}"
    shape = window.controller.shape
    assert (shape.preset_id, shape.n_heads) == ("transformer_base", state.n_heads)


def test_the_walk_through_step_is_session_state(window):
    """The story's step lives in the state: a page built later shows it, a reset undoes it."""
    state = window.state
    state.set_story_position(2, 1)
    story = window.induction_story  # built now, after the step moved
    assert story.step == 2
    story.step_by(1)
    assert state.story_step == 3
    state.reset()
    assert story.step == 0
