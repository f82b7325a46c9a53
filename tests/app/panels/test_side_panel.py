"""The side panel builds a page when it is first shown, and that page is up to date."""

import pytest

from app.ui.theme import THEMES
from tests.app.panel_harness import count_pixels_near


def test_only_the_page_in_view_is_built_at_start(window):
    assert set(window.side_tabs.views) == {"heads"}
    assert window.side_tabs.current_name() == "heads"
    assert window.glossary_built is None  # the glossary dialog waits for its first use


@pytest.mark.parametrize("name", ["card", "challenges", "steps", "story", "learned", "width"])
def test_showing_a_page_builds_it_once(qtbot, window, name):
    window.side_tabs.setCurrentWidget(window.pages[name])
    qtbot.wait(10)
    view = window.side_tabs.views[name]
    assert view.isVisible()
    window.side_tabs.setCurrentWidget(window.pages["heads"])
    window.side_tabs.setCurrentWidget(window.pages[name])
    assert window.side_tabs.views[name] is view


def test_a_page_built_late_shows_the_current_head_and_query(qtbot, window):
    window.state.set_head("previous_token")
    window.state.set_query(4)
    before = window.controller.recomputes["attention"]
    window.side_tabs.setCurrentWidget(window.pages["steps"])
    steps = window.side_tabs.view("steps")
    assert steps.title.text().startswith("Previous token head")
    assert steps.canvas.query == 4
    assert window.controller.recomputes["attention"] == before  # drawn, not recomputed


def test_the_width_page_built_late_shows_the_preset_chosen_before(qtbot, window):
    window.state.set_preset("gpt3_175b")
    window.side_tabs.setCurrentWidget(window.pages["width"])
    assert window.side_tabs.view("width").figures["d_model"].text() == "12,288"
    window.state.set_preset("gpt2_small")  # and it follows later changes
    assert window.side_tabs.view("width").figures["d_model"].text() == "768"


def test_a_page_built_after_a_theme_change_paints_in_that_theme(qtbot, window):
    dark = THEMES["dark"]
    window.state.set_theme("dark")
    window.side_tabs.setCurrentWidget(window.pages["steps"])
    qtbot.wait(20)
    canvas = window.side_tabs.view("steps").canvas
    image = canvas.grab().toImage()
    area = image.width() * image.height()
    assert count_pixels_near(image, dark.panel, 10) > area // 3
    # White appears only as text on dark cells, never as the light theme's background.
    assert count_pixels_near(image, THEMES["light"].panel, 10) < area // 100


def test_the_glossary_opened_late_takes_the_theme(qtbot, window):
    window.state.set_theme("dark")
    window.state.set_zoom(window.state.zoom + 2)
    glossary = window.glossary
    assert glossary.styleSheet() != ""
    assert THEMES["dark"].text.lower() in glossary.styleSheet().lower()


def test_reset_builds_no_page(window):
    window.reset_session()
    assert set(window.side_tabs.views) == {"heads"}
