"""The induction walk-through: stepping, what each step says and marks, following the state."""

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor

from app.model.controller import Controller
from app.model.state import AppState
from app.panels.induction_story import InductionStoryView, step_title
from app.ui.theme import THEMES
from tests.app.panel_harness import in_side_panel

LIGHT = THEMES["light"]


@pytest.fixture
def setup(qtbot):
    state = AppState()
    controller = Controller(state)
    view = InductionStoryView(state, controller.page_results)
    qtbot.addWidget(view)
    view.setProperty("test_controller", controller)  # lives as long as the view
    controller.attention_changed.connect(view.show_result)
    view.set_theme(LIGHT, 16)
    view.show_result(controller.attention)
    view.resize(420, 1600)
    view.show()
    qtbot.waitExposed(view)
    return state, view


def close(a: QColor, b: QColor, tolerance=30):
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def ring(view, name, i, j):
    """The colour on a cell's top edge, where a highlight ring is drawn."""
    image = view.canvas.grab().toImage()
    rect = view.canvas.grid(name).cell_rect(i, j)
    return image.pixelColor(QPoint(int(rect.left() + rect.width() * 0.3), round(rect.top())))


def go_to(qtbot, view, step):
    view.step_by(step - view.step)
    view.timer.stop()
    settle(qtbot, view)


def settle(qtbot, view):
    """Wait until the layout has given the picture the height it asked for."""
    canvas = view.canvas
    qtbot.waitUntil(lambda: canvas.height() >= canvas.heightForWidth(canvas.width()))
    canvas.grab()


# -- stepping -------------------------------------------------------------------------


def test_next_and_back_buttons_move_the_step_and_its_text(qtbot, setup):
    _, view = setup
    assert view.step == 0 and view.step_count == 5
    assert not view.back_button.isEnabled()
    seen = {view.text.text()}
    for step in range(1, 5):
        qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
        assert view.step == step
        assert step_title(step) in view.title.text()
        assert view.progress.text() == f"{step + 1} / 5"
        seen.add(view.text.text())
    assert len(seen) == 5  # every step says something of its own
    view.timer.stop()
    view.next_step()  # in the last step, Next brings in a token ...
    assert view.length == 2
    qtbot.mouseClick(view.back_button, Qt.MouseButton.LeftButton)
    assert (view.step, view.length) == (4, 1)  # ... and Back takes it away
    qtbot.mouseClick(view.back_button, Qt.MouseButton.LeftButton)
    assert view.step == 3
    view.step_by(-20)
    assert view.step == 0
    assert not view.back_button.isEnabled()


def test_page_down_and_page_up_step_when_the_view_has_focus(qtbot, setup):
    _, view = setup
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert view.step == 2
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert view.step == 1
    assert step_title(1) in view.title.text()


def test_a_tap_on_the_picture_gives_the_view_the_keys(qtbot, setup):
    _, view = setup
    view.next_button.setFocus()
    qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    assert view.hasFocus()
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert view.step == 1


# -- the problem and layer 1 ------------------------------------------------------------------


def test_the_problem_points_at_the_wanted_token(qtbot, setup):
    _, view = setup
    text = view.text.text()
    assert "“cat”</b>&nbsp;(7)" in text and "“chased”</b>&nbsp;(2)" in text


def test_layer_one_outlines_each_previous_token_cell(qtbot, setup):
    _, view = setup
    go_to(qtbot, view, 1)
    accent = QColor(LIGHT.accent)
    for j in (1, 2, 5, 9):
        assert close(ring(view, "layer1", j, j - 1), accent), j
    for cell in ((2, 2), (2, 3), (5, 0), (9, 5)):
        assert not close(ring(view, "layer1", *cell), accent), cell
    assert "“chased”</b>&nbsp;(2) now also carries <b>“cat”" in view.text.text()
    assert "Elhage et al. (2021)" in view.text.text()


# -- layer 2 ---------------------------------------------------------------------------------


def test_layer_two_marks_the_position_that_carries_the_query(qtbot, setup):
    _, view = setup
    go_to(qtbot, view, 2)
    accent = QColor(LIGHT.accent)
    assert close(ring(view, "layer2", 7, 2), accent)
    for j in (0, 1, 3, 7):
        assert not close(ring(view, "layer2", 7, j), accent), j
    # the chip that carries "cat" is filled; its neighbours are not
    image = view.canvas.grab().toImage()
    for i, filled in ((2, True), (1, False), (8, False)):
        rect = view.canvas.chip_rect(i)
        colour = image.pixelColor(QPoint(int(rect.left() + 4), int(rect.center().y())))
        assert close(colour, accent, 10) == filled, i
    text = view.text.text()
    assert "One does" in text and "“chased”</b> (92%)" in text


def test_it_follows_a_query_change(qtbot, setup):
    state, view = setup
    go_to(qtbot, view, 2)
    story = view.story
    state.set_query(9)
    settle(qtbot, view)
    assert view.story.cache is story.cache  # the query does not redo the cache frames
    accent = QColor(LIGHT.accent)
    for j in (1, 4, 7):
        assert close(ring(view, "layer2", 9, j), accent), j
    assert not close(ring(view, "layer2", 7, 2), accent)
    text = view.text.text()
    assert "3 positions do" in text
    assert "“cat”</b> (65%) or <b>“dog”</b> (32%)" in text


def test_no_earlier_copy_is_explained_and_nothing_is_marked(qtbot, setup):
    state, view = setup
    state.set_query(4)  # "dog" appears once
    assert "no earlier copy" in view.text.text()
    assert "“the”</b>&nbsp;(9)" in view.text.text()  # a query that does repeat
    go_to(qtbot, view, 2)
    assert view.canvas.grid("layer2").highlights.shape == (0, 2)
    assert "None does" in view.text.text()
    assert "predicts nothing" in view.text.text()


def test_it_follows_a_sentence_change(qtbot, setup):
    state, view = setup
    go_to(qtbot, view, 2)
    state.set_sentence("a b c d a b c d")
    state.set_query(4)
    settle(qtbot, view)
    assert view.story.tokens == ("a", "b", "c", "d", "a", "b", "c", "d")
    assert close(ring(view, "layer2", 4, 1), QColor(LIGHT.accent))
    assert "“b”</b> (9" in view.text.text()  # "a" was followed by "b"


def test_tapping_a_chip_picks_the_query(qtbot, setup):
    state, view = setup
    view.canvas.grab()
    rect = view.canvas.chip_rect(3)
    qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert state.query == 3


# -- agreement ---------------------------------------------------------------------------------


def test_the_two_layers_agree_with_the_rule(qtbot, setup):
    _, view = setup
    go_to(qtbot, view, 3)
    two, rule = view.canvas.grid("two_layers"), view.canvas.grid("rule")
    assert two.texts == rule.texts
    assert two.texts[0][2] == "0.92"
    assert "largest difference is 0" in view.text.text()
    assert "Olsson et al. (2022)" in view.text.text()


# -- the KV cache ------------------------------------------------------------------------------


def test_tokens_arrive_on_a_timer_and_with_next(qtbot, setup):
    _, view = setup
    view.step_by(3)
    view.timer.setInterval(5)
    view.next_step()
    assert view.step == 4 and view.length == 1
    assert view.timer.isActive()
    qtbot.waitUntil(lambda: view.length >= 3, timeout=2000)
    view.timer.stop()
    length = view.length
    view.next_step()
    assert view.length == length + 1
    assert f"Token {length + 1} of 10" in view.status.text()
    view.step_by(20)
    assert view.length == 10 and not view.next_button.isEnabled()
    view.replay()
    assert view.length == 1 and view.timer.isActive()
    view.timer.stop()


def test_cached_rows_are_marked_kept_and_changed_rows_changed(qtbot, setup):
    _, view = setup
    view.step_by(4)
    view.timer.stop()
    view.step_by(4)  # five tokens have arrived
    assert view.length == 5
    assert "Mask on: 4 of 4 earlier rows reused unchanged" in view.status.text()
    assert "Mask off: 4 of 4 changed" in view.status.text()
    settle(qtbot, view)
    image = view.canvas.grab().toImage()
    on, off = view.canvas.grid("mask_on"), view.canvas.grid("mask_off")
    assert on.rows == 5 and off.rows == 5

    def marker(grid, row):
        x = grid.left + grid.cols * grid.cell + 6
        return image.pixelColor(QPointF(x, grid.cell_rect(row, 0).center().y()).toPoint())

    for row in range(4):
        assert close(marker(on, row), QColor(LIGHT.accent), 10), row
        assert close(marker(off, row), QColor(LIGHT.query), 10), row
    assert close(marker(on, 4), QColor(LIGHT.query), 10)  # the newcomer is computed
    # the first row with the mask on is still exactly what it was with one token
    assert on.texts[0][0] == "1.00"


def test_the_mask_off_note_appears_only_when_the_main_view_has_it_off(qtbot, setup):
    state, view = setup
    assert not view.note.isVisible()
    state.set_causal(False)
    assert view.note.isVisible()
    assert "keeps the causal mask on" in view.note.text()


@pytest.mark.parametrize("size", [(420, 520), (800, 850)])
@pytest.mark.parametrize("n", [10, 64])
def test_every_step_fits_the_side_panel_width(qtbot, size, n):
    state = AppState()
    controller = Controller(state)
    if n != 10:
        state.set_sentence(" ".join(f"w{i % 9}" for i in range(n)))
    view = InductionStoryView(state, controller.page_results)
    view.set_theme(THEMES["projector"], 24)
    view.show_result(controller.attention)
    scroll = in_side_panel(qtbot, view, size)
    assert view.width() <= scroll.viewport().width()  # never wider than the panel
    for step in range(5):
        view.step_by(step - view.step)
        view.timer.stop()
        if step == 4:
            view.step_by(n)  # every token in
        assert view.step == step
        settle(qtbot, view)
        canvas = view.canvas
        assert view.width() <= scroll.viewport().width(), step
        assert canvas.height() >= canvas.heightForWidth(canvas.width()), step
        for name in ("layer1", "layer2", "two_layers", "rule", "mask_on", "mask_off"):
            grid = canvas.grid(name)
            if grid is not None:
                assert grid.rect.right() <= canvas.width(), (step, name)
        for i in range(n if step <= 2 else 0):
            assert canvas.chip_rect(i).right() <= canvas.width()
        for button in (view.back_button, view.next_button):
            assert button.width() >= button.sizeHint().width()
            assert button.height() >= 44  # a fingertip's worth


# -- inside the real window (wired the way the lead will wire it) ------------------------------


def install(window):
    """The window's own view, with its page in view (so it follows every change)."""
    window.side_tabs.setCurrentWidget(window.pages["story"])
    return window.side_tabs.view("story")


def test_in_the_window_page_down_steps_once(qtbot, window):
    view = install(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert view.step == 1  # not two: the window's own PageDown shortcut stood aside
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert view.step == 0
    window.state.set_query(9)
    assert view.story.query == 9


def test_page_down_reaches_the_view_from_its_buttons(qtbot, setup):
    _, view = setup
    view.next_button.setFocus()
    qtbot.waitUntil(view.next_button.hasFocus)
    qtbot.keyClick(view.next_button, Qt.Key.Key_PageDown)
    assert view.step == 1


def test_a_session_reset_goes_back_to_the_first_step_and_stops_the_animation(qtbot, setup):
    state, view = setup
    view.step_by(4)
    assert view.timer.isActive()
    state.reset()  # the step is session state
    assert (view.step, view.length) == (0, 1)
    assert not view.timer.isActive()


def test_hiding_the_view_stops_the_animation(qtbot, setup):
    _, view = setup
    view.step_by(4)
    assert view.timer.isActive()
    view.hide()
    assert not view.timer.isActive()


@pytest.mark.parametrize(
    "sentence", ["hello", "a a", "a b c a b c", ("w" * 300) + " x " + ("w" * 300) + " y"]
)
def test_odd_sentences_walk_through_every_step(qtbot, setup, sentence):
    state, view = setup
    state.set_sentence(sentence)
    state.set_query(len(state.tokens) - 1)
    for step in range(5):
        go_to(qtbot, view, step)
        assert view.text.text()
        assert "w" * 40 not in view.text.text()  # long tokens are shortened
    view.step_by(len(state.tokens))
    assert view.length == len(state.tokens)
    assert f"Token {len(state.tokens)} of {len(state.tokens)}" in view.status.text()
