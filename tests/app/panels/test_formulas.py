"""The typeset formulas: what they say, that they are painted, and that they fit."""

import pytest

import core
from app.model.controller import Controller
from app.model.results import compute_shape
from app.model.state import AppState
from app.panels.formula import FormulaView, Frac, Sqrt, T, Typesetter, seq, var
from app.panels.lesson_formulas import multi_head_formula
from app.panels.preset_panel import PresetPanel
from app.panels.steps_view import StepsView
from app.ui.theme import THEMES
from tests.app.panel_harness import count_pixels_near, in_side_panel


def test_a_fraction_is_taller_than_its_parts_and_as_wide_as_the_wider(qapp):
    view = FormulaView()
    ts = Typesetter(view.font(), 20)
    num, den = seq(var("Q"), var("K")), Sqrt(var("d", "k"))
    frac = ts.measure(Frac(num, den), 20)
    assert frac.ascent + frac.descent > ts.measure(T("x"), 20).ascent * 2
    assert frac.width >= max(ts.measure(num, 18).width, ts.measure(den, 18).width)


@pytest.fixture
def steps(qtbot):
    state = AppState()
    controller = Controller(state)
    view = StepsView(state, controller.page_results)
    controller.attention_changed.connect(view.show_result)
    view.show_result(controller.attention)
    view.controller = controller  # kept alive as long as the view
    return state, view


def test_the_steps_page_shows_softmax_with_the_mask_and_works_it_on_the_query_row(steps):
    state, view = steps
    assert "softmax" in view.formula.accessibleName()
    assert "minus infinity" in view.formula.accessibleName()
    assert len(view.formula.lines) == 2  # the softmax, then M's two cases
    text = view.example.text()
    assert text.startswith("On row cat (7):")
    assert "key chased (2) has <i>S</i> = 5, <i>M</i> = 0, weight 0.92" in text
    assert "key chased (8) has <i>S</i> = 0, <i>M</i> = −∞, weight 0.00" in text
    state.set_query(3)
    assert "key cat (1) has <i>S</i> = 5, <i>M</i> = 0, weight 0.94" in view.example.text()
    state.set_causal(False)
    assert "−∞" not in view.example.text()
    assert "0 everywhere" in view.tie.text()


@pytest.mark.parametrize("theme_id", list(THEMES))
@pytest.mark.parametrize("zoom", [16, 28])
def test_the_steps_formula_is_painted_in_the_theme_and_fits(qtbot, steps, theme_id, zoom):
    _, view = steps
    theme = THEMES[theme_id]
    view.set_theme(theme, zoom)
    scroll = in_side_panel(qtbot, view, (420, 700))  # noqa: F841 (kept alive)
    formula = view.formula
    qtbot.waitUntil(lambda: formula.height() >= formula.heightForWidth(formula.width()))
    assert formula.used_width() <= formula.width()
    image = formula.grab().toImage()
    assert count_pixels_near(image, theme.text, 60) > 40 * zoom  # the glyphs are there
    assert formula.px >= zoom  # at least as large as the text around it


def test_the_width_formula_gives_the_presets_shapes():
    lines, spoken = multi_head_formula(compute_shape("transformer_base", 8, 8))
    assert "512 by 64" in spoken and "W O is d model by d model, 512 by 512" in spoken
    _, spoken = multi_head_formula(compute_shape("gpt2_small", 12, 12))
    assert "768 by 64" in spoken and "for i from 1 to 12" in spoken
    _, spoken = multi_head_formula(compute_shape("gpt3_175b", 96, 96))
    assert "12288 by 128" in spoken and "12288 by 12288" in spoken
    lines, spoken = multi_head_formula(compute_shape("transformer_base", 8, 2))
    assert "only 2 W K, W V pairs" in spoken and len(lines) == 5


def test_the_width_page_shows_the_formula_and_follows_the_preset(qtbot, window):
    window.side_tabs.setCurrentWidget(window.pages["width"])
    panel = window.side_tabs.view("width")
    qtbot.waitUntil(panel.formula.isVisible)
    assert "512 by 64" in panel.formula.accessibleName()
    window.state.set_preset("gpt2_small")
    assert "768 by 64" in panel.formula.accessibleName()
    assert panel.formula.y() > panel.diagram.y()  # right under the drawing it describes


@pytest.mark.parametrize("theme_id", list(THEMES))
def test_the_width_formula_follows_the_text_size(qtbot, theme_id):
    state = AppState()
    panel = PresetPanel(state)
    panel.show_shape(Controller(state).shape)
    panel.set_colours(THEMES[theme_id], 28)
    assert panel.formula.px >= 28
    scroll = in_side_panel(qtbot, panel, (420, 900))  # noqa: F841 (kept alive)
    qtbot.waitUntil(lambda: panel.formula.height() >= panel.formula.heightForWidth(420 - 20))
    assert panel.formula.used_width() <= panel.formula.width()
    image = panel.formula.grab().toImage()
    assert count_pixels_near(image, THEMES[theme_id].text, 60) > 500


def test_every_core_preset_has_a_formula():
    for preset in core.PRESETS.values():
        shape = compute_shape(preset.id, preset.n_heads, preset.n_heads)
        lines, _ = multi_head_formula(shape)
        assert lines
