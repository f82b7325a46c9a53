"""The scores -> mask -> softmax view: what it writes, where it paints, what a tap does."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from app.model.controller import Controller
from app.model.state import AppState
from app.panels.steps.words import tiny_note
from app.panels.steps_view import MINUS_INF, StepsView, skip_note
from app.ui.theme import THEMES
from tests.app.panel_harness import in_side_panel

#: A lookup table no theme uses: pure red rising from black, so probes can be exact.
RED_LUT = np.column_stack([np.arange(256), np.zeros(256), np.zeros(256), np.full(256, 255)]).astype(
    np.uint8
)


@pytest.fixture
def setup(qtbot):
    state = AppState()
    controller = Controller(state)
    view = StepsView(state, controller.page_results)
    qtbot.addWidget(view)
    controller.attention_changed.connect(view.show_result)
    view.set_theme(THEMES["light"], 16)
    view.show_result(controller.attention)
    view.resize(420, 1600)
    view.show()
    qtbot.waitExposed(view)
    return state, controller, view


def probe(view, stage, i, j, where=(0.2, 0.2)):
    """The colour inside a cell, near its top-left corner (clear of its number)."""
    image = view.canvas.grab().toImage()
    rect = view.canvas.grid(stage).cell_rect(i, j)
    x = rect.left() + rect.width() * where[0]
    y = rect.top() + rect.height() * where[1]
    return image.pixelColor(QPoint(int(x), int(y)))


def close(a: QColor, b: QColor, tolerance=6):
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def saturation(c: QColor) -> int:
    return max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue())


def test_each_step_writes_its_numbers(setup):
    _, _, view = setup
    view.canvas.grab()
    assert view.canvas.numbers_last_paint
    scores = view.canvas.grid("scores").texts
    masked = view.canvas.grid("masked").texts
    weights = view.canvas.grid("weights").texts
    assert scores[7] == ["2", "0", "5", "0", "0", "0", "0", "0", "0", "0"]
    assert scores[0][4] == "5"  # the raw rule sees the future ...
    assert masked[0][4] == MINUS_INF  # ... until the mask hides it
    assert masked[7][:8] == ["2", "0", "5", "0", "0", "0", "0", "0"]
    assert masked[7][8:] == [MINUS_INF, MINUS_INF]
    assert weights[7][2] == "0.92"
    assert weights[9][1] == "0.32"
    assert weights[0][9] == ""  # masked: hatched, no number (its weight is exactly 0)


def test_masked_cells_are_hatched_not_coloured(setup):
    _, _, view = setup
    view.set_colormap(RED_LUT)
    theme = THEMES["light"]
    for stage in ("masked", "weights"):
        colour = probe(view, stage, 0, 9)
        assert saturation(colour) <= saturation(QColor(theme.masked)) + 10, stage
        assert colour.red() < 250 or colour.green() > 150  # never the red of a value
    # the raw scores are not hidden: the same cell shows the colour of score 0
    assert close(probe(view, "scores", 0, 9), QColor(0, 0, 0))


def test_scores_use_their_own_scale_and_weights_zero_to_one(setup):
    _, _, view = setup
    view.set_colormap(RED_LUT)
    # induction scores run 0 .. 5: a 5 is the top of the scale, a 2 is 2/5 of it
    assert close(probe(view, "scores", 7, 2), QColor(255, 0, 0))
    assert close(probe(view, "scores", 7, 0), QColor(round(255 * 2 / 5), 0, 0))
    weight = view.steps.weights[7, 2]
    assert close(probe(view, "weights", 7, 2), QColor(round(255 * weight), 0, 0))


def test_a_grey_ramp_until_the_heatmap_hands_over_its_colours(setup):
    _, _, view = setup
    colour = probe(view, "weights", 7, 2)
    assert saturation(colour) <= 2
    view.set_colormap(RED_LUT)
    assert saturation(probe(view, "weights", 7, 2)) > 100


def test_the_query_row_is_outlined_in_every_step(setup):
    state, controller, view = setup
    recomputes = controller.page_results.recomputes
    query = QColor(THEMES["light"].query)

    def top_edge(stage, row):
        rect = view.canvas.grid(stage).cell_rect(row, 1)
        image = view.canvas.grab().toImage()
        return image.pixelColor(QPoint(int(rect.center().x()), round(rect.top() - 1.5)))

    for stage in ("scores", "masked", "weights"):
        assert close(top_edge(stage, 7), query, 30), stage
        assert not close(top_edge(stage, 3), query, 30), stage
    computed = recomputes["steps"]
    state.set_query(3)
    for stage in ("scores", "masked", "weights"):
        assert close(top_edge(stage, 3), query, 30), stage
        assert not close(top_edge(stage, 7), query, 30), stage
    assert recomputes["steps"] == computed  # moving the query moves only the outline


def test_steps_are_recomputed_for_tokens_head_and_mask(setup):
    state, controller, view = setup
    recomputes = controller.page_results.recomputes
    count = recomputes["steps"]
    state.set_head("previous_token")
    assert recomputes["steps"] == count + 1
    assert view.canvas.steps.head_id == "previous_token"
    assert view.title.text().startswith("Previous token head")
    state.set_causal(False)
    assert recomputes["steps"] == count + 2
    state.set_sentence("a b a b")
    assert recomputes["steps"] == count + 3
    assert view.steps.tokens == ("a", "b", "a", "b")


@pytest.mark.parametrize("stage", ["scores", "masked", "weights"])
def test_tapping_a_row_makes_it_the_query(qtbot, setup, stage):
    state, _, view = setup
    view.canvas.grab()
    rect = view.canvas.grid(stage).cell_rect(4, 2)
    qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert state.query == 4


def test_tapping_a_row_label_makes_it_the_query(qtbot, setup):
    state, _, view = setup
    view.canvas.grab()
    grid = view.canvas.grid("scores")
    point = QPoint(int(grid.left - 20), int(grid.cell_rect(2, 0).center().y()))
    qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=point)
    assert state.query == 2


def test_mask_off_skips_the_middle_step_and_says_so(setup):
    state, _, view = setup
    state.set_head("same_word")
    state.set_causal(False)
    view.canvas.grab()
    assert view.skip_note.isVisible()
    assert view.skip_note.text() == skip_note() and "skipped" in skip_note()
    assert view.canvas.grid("masked") is None
    assert view.canvas.grid("weights").texts[0][9] == "0.32"  # sees its later copy
    state.set_causal(True)
    view.canvas.grab()
    assert not view.skip_note.isVisible()
    assert view.canvas.grid("masked") is not None


def test_a_long_sentence_falls_back_to_colour_with_a_note(setup):
    state, _, view = setup
    state.set_sentence(" ".join(f"w{i}" for i in range(64)))
    view.canvas.grab()
    assert not view.canvas.numbers_last_paint
    assert tiny_note() in view.canvas.notes_last_paint
    state.set_sentence("the cat sat")
    view.canvas.grab()
    assert view.canvas.numbers_last_paint
    assert tiny_note() not in view.canvas.notes_last_paint


# Side by side needs room for "0.00" in every cell: one number format on every page.
@pytest.mark.parametrize(("width", "side_by_side"), [(420, False), (1100, True)])
def test_side_by_side_when_wide_stacked_when_narrow(setup, width, side_by_side):
    _, _, view = setup
    view.resize(width, 1600)
    view.canvas.grab()
    tops = [view.canvas.grid(stage).top for stage in ("scores", "masked", "weights")]
    assert (len(set(tops)) == 1) == side_by_side
    assert view.canvas.numbers_last_paint


@pytest.mark.parametrize("size", [(420, 520), (800, 850)])
@pytest.mark.parametrize("n", [10, 64])
def test_fits_the_side_panel_and_scrolls_instead_of_clipping(qtbot, size, n):
    state = AppState()
    controller = Controller(state)
    if n != 10:
        state.set_sentence(" ".join(f"w{i}" for i in range(n)))
    view = StepsView(state, controller.page_results)
    view.set_theme(THEMES["projector"], 24)
    view.show_result(controller.attention)
    scroll = in_side_panel(qtbot, view, size)
    qtbot.waitUntil(lambda: view.height() >= view.heightForWidth(view.width()))
    view.canvas.grab()
    canvas = view.canvas
    assert view.width() <= scroll.viewport().width()  # never wider than the panel
    assert canvas.height() >= canvas.heightForWidth(canvas.width())
    for stage in ("scores", "masked", "weights"):
        assert canvas.grid(stage).rect.right() <= canvas.width()
    # taller than the panel: it scrolls (and only then)
    taller = view.heightForWidth(scroll.viewport().width()) > scroll.viewport().height()
    assert (scroll.verticalScrollBar().maximum() > 0) == taller
    assert taller or size == (800, 850)


def test_theme_colours_reach_the_painting(setup):
    _, _, view = setup
    view.set_theme(THEMES["dark"], 16)
    image = view.canvas.grab().toImage()
    assert close(image.pixelColor(QPoint(2, 2)), QColor(THEMES["dark"].panel))
    rect = view.canvas.grid("weights").cell_rect(7, 1)
    edge = image.pixelColor(QPoint(int(rect.center().x()), round(rect.top() - 1.5)))
    assert close(edge, QColor(THEMES["dark"].query), 30)


def test_a_bad_lookup_table_is_refused(setup):
    _, _, view = setup
    with pytest.raises(ValueError):
        view.set_colormap(np.zeros((256, 3), dtype=np.uint8))


# -- inside the real window (wired the way the lead will wire it) ------------------------------


def install(window):
    """The window's own view, with its page in view (so it follows every change)."""
    window.side_tabs.setCurrentWidget(window.pages["steps"])
    return window.side_tabs.view("steps")


def test_in_the_window_it_uses_the_heatmaps_colours_and_follows_the_state(qtbot, window):
    from app.panels.heatmap_items import colour_of

    view = install(window)
    qtbot.waitUntil(lambda: view.canvas.height() >= view.canvas.heightForWidth(view.canvas.width()))
    weight = float(window.controller.attention.selected[7, 2])
    assert close(probe(view, "weights", 7, 2), colour_of(window.theme, weight), 8)
    window.state.set_head("first_token")
    assert view.steps.head_id == "first_token"
    view.canvas.grab()
    assert view.canvas.grid("scores").texts[3][0] == "8"


def test_a_one_token_sentence_still_shows_every_step(setup):
    state, _, view = setup
    state.set_sentence("hello")
    view.canvas.grab()
    assert view.canvas.grid("weights").texts == [["1.00"]]
    assert view.canvas.grid("masked").texts == [["2"]]  # induction's fallback on key 0


@pytest.mark.parametrize("page", ["steps", "story", "learned"])
def test_numbers_in_cells_stay_readable_at_projector_sizes(qtbot, window, page):
    """At 28 px text (a room's size or more) the matrices' numbers are at least a room's
    24 px, or not drawn at all (colours only; the worked example and the accessible
    table still say them): smaller print cannot be read from the back of a room. A page
    as wide as a presenter's window still shows the lesson's numbers."""
    from app.ui.theme import ZOOM_STEPS

    window.state.set_zoom(ZOOM_STEPS.index(28))
    window.side_tabs.setCurrentWidget(window.pages[page])
    window.grab()
    view = window.side_tabs.views[page]
    canvases = [c for c in view.findChildren(QWidget) if hasattr(c, "compute_layout")]
    assert canvases
    sizes = {SIDE_PANEL_W: [], PRESENTER_PAGE_W: []}
    for _ in range(5 if page == "story" else 1):  # every step of the walk-through
        for width, found in sizes.items():
            found += [px for c in canvases for px in number_sizes(c.compute_layout(width))]
        if page == "story":
            view.step_by(1)
    assert any(sizes[PRESENTER_PAGE_W]), (page, sizes)  # the lesson's ten tokens' numbers
    for found in sizes.values():
        assert all(px == 0 or px >= 24 for px in found), (page, sizes)


#: A side page's width in presenter mode at 1280 x 720, where it fills the window.
PRESENTER_PAGE_W = 1250
#: The side panel's width in a 1024 x 768 window at 28 px text.
SIDE_PANEL_W = 420


def number_sizes(layout):
    """The number sizes a canvas layout chose (0: colours only)."""
    if hasattr(layout, "places"):
        return [place.number_px for place in layout.places.values()]
    if not getattr(layout, "numbers", True):
        return [0]
    return [layout.number_px]
