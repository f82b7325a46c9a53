"""Smaller points of the lesson's look: the walk-through's chips and buttons, the training plot."""

import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetrics

from app.model.controller import Controller
from app.model.state import AppState
from app.panels.induction_story import InductionStoryView
from app.panels.learned.curve import TrainingCurve, score_title
from app.panels.learned.train_panel import intro_text
from app.ui.theme import THEMES
from core.learned import QUICK_TRAINING, SHIPPED_TRAINING, TrainProgress
from tests.app.panel_harness import count_pixels_near


@pytest.fixture
def story(qtbot):
    state = AppState()
    controller = Controller(state)
    view = InductionStoryView(state, controller.page_results)
    qtbot.addWidget(view)
    view.setProperty("test_controller", controller)  # lives as long as the view
    controller.attention_changed.connect(view.show_result)
    view.show_result(controller.attention)
    view.resize(420, 1600)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.mark.parametrize("zoom", [16, 28])
def test_the_walk_through_chips_hold_their_whole_labels(qtbot, story, zoom):
    story.set_theme(THEMES["projector"], zoom)
    for _ in range(2):  # the first step says "key: ...", the later ones "← ..."
        story.canvas.grab()
        canvas = story.canvas
        small = QFontMetrics(canvas.small_font())
        for i in range(len(canvas.story.tokens)):
            _, bottom = canvas.chip_texts(i)
            rect: QRectF = canvas.chip_rect(i)
            assert small.boundingRect(bottom).width() <= rect.width() - 2, bottom
        story.step_by(1)
    assert canvas.chip_texts(6)[1] == "6 · ← “.”"  # the full stop, quoted, not cut


@pytest.mark.parametrize("theme_id", list(THEMES))
def test_next_looks_disabled_on_the_last_step(qtbot, story, theme_id):
    theme = THEMES[theme_id]
    story.set_theme(theme, 16)
    story.step_by(story.step_count - 1)
    story.timer.stop()
    story.step_by(len(story.canvas.story.tokens))  # every token shown: nowhere to go
    assert not story.next_button.isEnabled() and story.back_button.isEnabled()
    qtbot.wait(10)
    enabled, disabled = story.back_button.grab().toImage(), story.next_button.grab().toImage()
    # The enabled button writes in the text colour; the disabled one does not.
    assert count_pixels_near(enabled, theme.text, 30) > 20
    assert (
        count_pixels_near(disabled, theme.text, 30) < count_pixels_near(enabled, theme.text, 30) / 4
    )


def test_the_train_panel_explains_its_steps_against_the_shipped_models():
    text = intro_text(QUICK_TRAINING)
    assert f"for {QUICK_TRAINING.steps:,} steps" in text
    assert f"had {SHIPPED_TRAINING.steps:,}" in text


def test_the_score_axis_has_a_title(qtbot):
    curve = TrainingCurve()
    qtbot.addWidget(curve)
    theme = THEMES["light"]
    curve.set_theme(theme, 16)
    history = [
        TrainProgress(s, 2000, 3 - s / 1000, 1 / (1 + math.exp(-(s - 900) / 80)), 0.5, s / 100)
        for s in range(0, 2001, 100)
    ]
    curve.set_history(history, 2000)
    curve.resize(400, curve.heightForWidth(400))
    curve.show()
    qtbot.waitExposed(curve)
    image = curve.grab().toImage()
    r = curve.plot_rect()
    line = QFontMetrics(curve._font()).height()
    # The last strip on the right, beyond the tick values, holds only the title.
    strip = image.copy(curve.width() - line - 2, int(r.top()), line + 2, int(r.height()))
    assert count_pixels_near(strip, theme.muted, 60) > 30
    assert score_title() == "score (0 to 1)"


def test_the_glossary_says_exactly_what_the_pattern_score_computes():
    import numpy as np

    import core
    from app.panels.glossary import load_glossary
    from core.pattern_scores import induction_pattern, pattern_score

    tokens = core.LESSON_TOKENS
    weights = core.head_weights("induction", tokens, True)
    ours = pattern_score("induction", tokens, weights, True)
    every_row = float((weights * induction_pattern(tokens)).sum() / weights.sum())
    glossary = load_glossary()
    text = glossary.get("pattern_score").definition
    assert f"{ours:.1%}" in text and f"{every_row:.1%}" in text  # 94.1% and 47.0%
    assert "divides by every row" in text
    assert "at least two tokens" in text
    assert np.isclose(ours, 2 * every_row, atol=0.01)  # half the rows have nothing to find
