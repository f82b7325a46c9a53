"""The GPT-2 page on tiny random GPT-2 folders: reading off the GUI thread, the grid of
heads, the large map, the head finder, the two texts, and folders that cannot be used."""

import threading

import numpy as np
import pytest
from PySide6.QtCore import Qt, QTimer

import app.model.gpt2_results as gpt2_results
from app.model.controller import Controller
from app.model.state import AppState
from app.panels.english.wording import head_label, start_token
from app.panels.gpt2 import wording
from app.panels.gpt2_view import GPT2View
from app.ui.theme import THEMES
from core.gpt2 import PATTERNS
from tests.gpt2_folders import write_gpt2_folder

RED_LUT = np.column_stack([np.arange(256), np.zeros(256), np.zeros(256), np.full(256, 255)]).astype(
    np.uint8
)
LESSON = "the cat chased the dog. the cat chased the"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("gpt2")
    return str(write_gpt2_folder(root / "tiny", n_layer=3, n_head=4, n_positions=160))


@pytest.fixture(autouse=True)
def fresh():
    gpt2_results.forget_last_model()
    yield
    gpt2_results.forget_last_model()


def make_view(qtbot, folder=None, size=(560, 2400)):
    state = AppState()
    controller = Controller(state)
    view = GPT2View(state, controller.page_results.gpt2())
    qtbot.addWidget(view)
    controller.attention_changed.connect(view.show_result)
    view.set_theme(THEMES["light"], 16)
    view.set_colormap(RED_LUT)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    if folder is not None:
        state.set_model_dir(folder)
    view.show_result(controller.attention)
    return state, view


def drawn(qtbot, view):
    qtbot.waitUntil(lambda: view.page is not None and not view.runner.busy, timeout=20_000)
    return view.page


@pytest.fixture
def setup(qtbot, folder):
    state, view = make_view(qtbot, folder)
    drawn(qtbot, view)
    return state, view


def test_without_a_folder_the_page_says_how_to_bring_one_and_reads_nothing(qtbot):
    state, view = make_view(qtbot)
    assert view.about.text() == wording.no_model_text()
    assert view.open_button.isVisible() and not view.grid.isVisible()
    assert view.results.model is None and not view.runner.busy


def test_the_model_is_read_and_run_off_the_gui_thread_with_progress(qtbot, folder, monkeypatch):
    threads = []
    prepare = gpt2_results.GPT2Results.prepare

    def slow_prepare(self, *args, **kwargs):
        threads.append(threading.get_ident())
        prepare(self, *args, **kwargs)
        threading.Event().wait(0.3)  # as long as a real model: the window must go on

    monkeypatch.setattr(gpt2_results.GPT2Results, "prepare", slow_prepare)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    state, view = make_view(qtbot, folder)
    assert view.runner.busy and view.status.isVisible() and view.progress.isVisible()
    drawn(qtbot, view)
    timer.stop()
    assert threads and threading.get_ident() not in threads
    assert len(ticks) >= 5  # the event loop ran on while the model was read
    assert not view.progress.isVisible() and not view.error.isVisible()


def test_the_chips_show_the_start_token_and_plain_sub_words(setup):
    state, view = setup
    run = view.page.run
    assert view.chips.labels[0] == start_token()
    assert view.chips.labels[1:] == run.pieces.labels
    assert "␣cat" in view.chips.labels and not any("Ġ" in label for label in view.chips.labels)
    assert view.chips.query == run.n_tokens  # the last token, after the start token
    assert view.predictions_title.text().startswith(f"After {run.pieces.labels[-1]} (")


def big_map_pixel(qtbot, view, query, key):
    """The colour near the corner of one cell of the large map (away from its number)."""
    big = view.big_map
    qtbot.waitUntil(lambda: big.height() >= big.heightForWidth(big.width()))  # laid out
    image = big.grab().toImage()
    grid = view.big_map.grid(0)
    x = int(grid.left + key * grid.cell + 2)
    y = int(grid.top + query * grid.cell + 2)
    return image.pixelColor(x, y)


def test_a_click_on_a_head_of_the_grid_shows_it_in_the_large_map(qtbot, setup):
    state, view = setup
    run = view.page.run
    first = view.page.head
    target = (2, 3) if first != (2, 3) else (0, 1)
    # Where the two heads differ most is where the large map must change colour.
    difference = np.abs(run.weights[first] - run.weights[target])
    query, key = np.unravel_index(np.argmax(difference), difference.shape)
    before = big_map_pixel(qtbot, view, query, key)
    centre = view.grid.tile_rect(*target).center().toPoint()
    qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=centre)
    assert state.gpt2_head == target and view.page.head == target
    np.testing.assert_array_equal(view.selected_weights, run.weights[target])
    after = big_map_pixel(qtbot, view, query, key)
    assert before != after
    assert after.red() == pytest.approx(round(run.weights[target][query, key] * 255), abs=2)
    assert view.big_map.matrices[0].title.startswith(head_label(*target).capitalize())


def test_the_grid_is_one_tab_stop_with_arrow_keys_and_enter(qtbot, setup):
    state, view = setup
    view.grid.setFocus()
    qtbot.waitUntil(view.grid.hasFocus)
    view.grid.cursor_head = (0, 0)
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Right):
        qtbot.keyClick(view.grid, key)
    assert view.grid.cursor_head == (1, 2)
    assert view.grid.accessibleDescription().startswith(head_label(1, 2))
    qtbot.keyClick(view.grid, Qt.Key.Key_Return)
    assert state.gpt2_head == (1, 2)
    qtbot.keyClick(view.grid, Qt.Key.Key_End)
    qtbot.keyClick(view.grid, Qt.Key.Key_PageDown)
    assert view.grid.cursor_head == (2, 3)
    qtbot.keyClick(view.grid, Qt.Key.Key_Down)  # stays inside the grid
    assert view.grid.cursor_head == (2, 3)


def test_each_find_button_shows_the_strongest_head_of_its_kind(qtbot, setup):
    state, view = setup
    state.show_gpt2_text(True)  # the repeated passage: every pattern has something to find
    qtbot.waitUntil(lambda: view.page is not None and view.page.repeats, timeout=20_000)
    for pattern in PATTERNS:
        qtbot.mouseClick(view.finder.buttons[pattern], Qt.MouseButton.LeftButton)
        best = view.page.rankings[pattern][0]
        assert state.gpt2_head == (best.layer, best.head)
        assert best.score == view.page.run.scores[pattern].max()
        answer = view.finder.answer.text()
        assert head_label(best.layer, best.head) in answer and "repeated passage" in answer
        assert f"{best.chance:.2f}" in answer  # read against chance


def test_a_sentence_without_a_repeat_gives_induction_nothing_to_find(qtbot, setup):
    state, view = setup
    state.set_sentence("When Mary and John went")
    qtbot.waitUntil(lambda: view.page.run.text == "When Mary and John went", timeout=20_000)
    head = state.gpt2_head
    view.find_head("induction")
    assert state.gpt2_head == head
    assert "nothing to find" in view.finder.answer.text()
    assert view.scores.rows["induction"][1].text() == "–"


def test_the_repeated_passage_is_a_click_away(qtbot, setup):
    state, view = setup
    qtbot.mouseClick(view.text_buttons[True], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.page is not None and view.page.repeats, timeout=20_000)
    run = view.page.run
    half = run.n_tokens // 2
    assert run.pieces.ids[:half] == run.pieces.ids[half:]
    assert "repeated passage" in view.big_map.matrices[0].title
    assert view.text_buttons[True].isChecked() and not view.text_buttons[False].isChecked()
    qtbot.mouseClick(view.text_buttons[False], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.page.repeats, timeout=20_000)


def test_a_chip_or_a_row_of_the_large_map_chooses_the_query(qtbot, setup):
    state, view = setup
    labels = view.chips.labels
    view.chips.position_clicked.emit(3)
    assert state.gpt2_query == 2 and view.chips.query == 3 and view.big_map.query == 3
    assert view.predictions_title.text().startswith(f"After {labels[3]} (3)")
    view.chips.position_clicked.emit(0)  # the start token is no query
    assert state.gpt2_query == 2
    view.big_map.row_clicked.emit(5)
    assert state.gpt2_query == 4 and view.readout.text().startswith(f"{labels[5]} (5)")


def test_a_folder_that_cannot_be_used_changes_nothing(qtbot, setup, tmp_path):
    state, view = setup
    page, folder = view.page, state.model_dir
    bad = tmp_path / "llama"
    bad.mkdir()
    (bad / "config.json").write_text('{"model_type": "llama", "hidden_size": 4096}')
    view.open_folder(str(bad))
    qtbot.waitUntil(view.error.isVisible, timeout=20_000)
    assert "llama model" in view.error.text() and folder in view.error.text()
    assert state.model_dir == folder and view.page is page and view.grid.isVisible()
    assert not view.runner.busy


def test_another_folder_is_used_once_it_is_read(qtbot, setup, tmp_path):
    state, view = setup
    state.select_gpt2_head(2, 3)
    other = str(write_gpt2_folder(tmp_path / "other", n_layer=2, n_head=2, n_positions=160))
    view.open_folder(other)
    qtbot.waitUntil(lambda: state.model_dir == other, timeout=20_000)
    qtbot.waitUntil(lambda: view.page.about.folder == other, timeout=20_000)
    assert view.grid.shape == (2, 2) and state.gpt2_head is None  # its own default head


def test_a_folder_in_use_that_breaks_says_why_once(qtbot, tmp_path):
    state, view = make_view(qtbot, str(tmp_path / "gone"))
    qtbot.waitUntil(view.error.isVisible, timeout=20_000)
    assert "is not a folder" in view.error.text()
    qtbot.wait(50)
    assert not view.runner.busy  # no endless retrying


def test_a_sentence_too_long_for_the_model_keeps_the_last_drawing(qtbot, tmp_path):
    short = str(write_gpt2_folder(tmp_path / "short", n_positions=12))
    state, view = make_view(qtbot, short)
    state.set_sentence("the cat chased the")
    qtbot.waitUntil(lambda: view.page is not None, timeout=20_000)
    state.set_sentence(f"{LESSON} dog, and then the cat chased the mouse.")
    qtbot.waitUntil(view.error.isVisible, timeout=20_000)
    assert "at most 12 tokens" in view.error.text()
    assert view.page.run.text == "the cat chased the" and view.grid.isVisible()


def test_every_control_of_the_page_has_a_name(setup):
    _, view = setup
    for widget in (view.grid, view.big_map, view.chips, view.readout, view.progress):
        assert widget.accessibleName()
    for button in (view.open_button, *view.text_buttons.values(), *view.finder.buttons.values()):
        assert button.text() or button.accessibleName()


def test_a_kiosk_offers_no_folder_choice(qtbot, setup):
    _, view = setup
    view.set_typing(False)
    assert not view.open_button.isVisible()


def test_the_page_speaks_german(qtbot, folder, german):
    state, view = make_view(qtbot, folder)
    drawn(qtbot, view)
    assert view.text_buttons[False].text() == "Dein Satz"
    assert view.chips.labels[0] == "‹Start›"
    assert view.finder.buttons["same_word"].text() == "Gleiches Wort"


def test_closing_the_window_stops_the_work_at_its_next_step(qtbot, folder, monkeypatch):
    steps = []

    def endless(self, folder, text, progress=None):
        for step in range(1000):  # a model that would take ten seconds to read
            steps.append(step)
            progress("weights", step, 1000)
            threading.Event().wait(0.01)

    monkeypatch.setattr(gpt2_results.GPT2Results, "prepare", endless)
    state, view = make_view(qtbot, folder)
    qtbot.waitUntil(lambda: len(steps) > 3)
    view.shutdown()  # what the window's closeEvent calls
    assert not view.runner.busy and len(steps) < 1000
    assert view.page is None and not view.error.isVisible()  # stopped, not failed


def test_the_chips_take_the_query_from_the_keyboard_too(qtbot, setup):
    state, view = setup
    chips = view.chips
    chips.setFocus()
    qtbot.waitUntil(chips.hasFocus)
    last = len(chips.labels) - 1
    assert chips.query == last
    qtbot.keyClick(chips, Qt.Key.Key_Left)
    assert state.gpt2_query == last - 2 and chips.query == last - 1  # after the start token
    qtbot.keyClick(chips, Qt.Key.Key_Home)
    assert chips.query == 1  # the first token, never the start token
    qtbot.keyClick(chips, Qt.Key.Key_Left)
    assert chips.query == 1
    qtbot.keyClick(chips, Qt.Key.Key_End)
    assert chips.query == last
    assert view.readout.text().startswith(f"{chips.labels[last]} ({last})")
    # A token of one letter is a square chip, not a sliver.
    height = chips._chip_height()
    assert all(rect.width() >= height - 1 for rect in chips._layout(chips.width()))
