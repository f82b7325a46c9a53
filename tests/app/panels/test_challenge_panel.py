"""Challenges complete by themselves exactly when the state satisfies them."""

import pytest
from PySide6.QtCore import Qt

import core
from app.text.wording import challenge_ties
from app.ui.theme import ZOOM_STEPS
from app.window.main_window import MainWindow


def press(qtbot, window, key):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, key)


def click_chip(qtbot, window, position):
    rect = window.token_strip.chip_rect(position)
    qtbot.mouseClick(window.token_strip, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())


def test_challenge_one_needs_induction_mask_on_and_a_next_word_answer(qtbot, window):
    press(qtbot, window, Qt.Key.Key_3)  # induction
    for position in (7, 9, 6, 3):  # the given example and wrong answers
        click_chip(qtbot, window, position)
        assert "induction_next" not in window.state.completed, position
    press(qtbot, window, Qt.Key.Key_M)  # mask off
    click_chip(qtbot, window, 8)
    assert "induction_next" not in window.state.completed
    press(qtbot, window, Qt.Key.Key_M)  # mask on, still on 8
    assert window.state.completed == {"induction_next"}
    assert window.challenges.progress.text() == "1 of 3 complete"
    assert window.banner.isVisible()
    assert window.banner.text() == "Challenge complete: Predict the next word! (1 of 3 complete)"
    found = window.challenges.items["induction_next"].text()
    assert "chased (8) looks most at the (3), 91%" in found and "induction move" in found


def test_a_new_sentence_completes_nothing_by_itself_the_next_move_on_it_does(qtbot, window):
    state = window.state
    state.set_sentence("one two three four five six seven eight nine ten")
    state.set_head("induction")
    state.set_query(8)  # no repeat here: no answer
    assert state.completed == frozenset()
    state.set_sentence(core.LESSON_SENTENCE)  # query 8 kept: an answer, by coincidence
    assert state.completed == frozenset()
    assert not window.banner.isVisible()
    state.set_query(5)  # the learner's own move on the new sentence
    assert state.completed == {"induction_next"}


@pytest.mark.parametrize("position", [2, 5])
def test_challenge_one_accepts_the_fallback_and_says_so(qtbot, window, position):
    press(qtbot, window, Qt.Key.Key_3)  # induction, mask on
    click_chip(qtbot, window, position)
    assert window.state.completed == {"induction_next"}
    text = window.banner.text()
    assert text.startswith("Challenge complete: Predict the next word!")
    assert "first-token fallback, not the induction move" in text
    # The Goals page keeps the whole story, after the banner is gone.
    found = window.challenges.items["induction_next"].text()
    assert f"({position}) looks most at the (0)" in found
    assert "first-token fallback" in found and "Compare chased (8)" in found


def test_challenge_two_needs_same_word_and_a_first_occurrence(qtbot, window):
    click_chip(qtbot, window, 3)  # "the" again: has an earlier copy
    press(qtbot, window, Qt.Key.Key_2)
    assert "first_occurrence" not in window.state.completed
    click_chip(qtbot, window, 6)
    assert "first_occurrence" not in window.state.completed
    click_chip(qtbot, window, 4)  # "dog": first time
    assert "first_occurrence" in window.state.completed


def test_challenge_three_needs_the_mask_off_and_a_later_favourite(qtbot, window):
    press(qtbot, window, Qt.Key.Key_2)
    click_chip(qtbot, window, 3)  # mask on: cannot look ahead
    assert "look_ahead" not in window.state.completed
    press(qtbot, window, Qt.Key.Key_M)
    assert "look_ahead" not in window.state.completed  # 'the' (3) ties over 0, 6, 9
    click_chip(qtbot, window, 1)  # 'cat' (1) now favours 'cat' (7)
    assert "look_ahead" in window.state.completed


def test_challenge_three_accepts_the_same_word_cards_own_tie(qtbot, window):
    """Mask off, the first 'the': 32% each on 3, 6 and 9, all after the query."""
    window.state.set_head("same_word")
    click_chip(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_M)
    assert "look_ahead" in window.state.completed
    found = window.challenges.items["look_ahead"].text()
    assert "the (3), the (6) and the (9), 32% each" in found


def test_challenge_three_accepts_the_induction_heads_tie_at_query_0(qtbot, window):
    press(qtbot, window, Qt.Key.Key_M)  # mask off on the induction head
    click_chip(qtbot, window, 0)  # 48% on dog (4) and cat (7)
    assert "look_ahead" in window.state.completed


def test_the_goals_page_says_how_ties_are_treated(window):
    for item in core.CHALLENGES:
        assert f"<i>Ties:</i> {challenge_ties(item.id)}" in window.challenges.items[item.id].text()


def test_the_banner_lets_clicks_through_to_the_controls_beneath(qtbot, window):
    window.state.set_head("same_word")
    window.state.set_query(4)  # completes "Nothing to copy": the banner is up
    banner = window.banner
    assert banner.isVisible()
    mask = window.mask_toggle
    centre = mask.mapTo(window.content, mask.rect().center())
    # Make sure the test means something: the banner lies over the mask switch.
    banner.move(centre.x() - banner.width() // 2, centre.y() - banner.height() // 2)
    assert banner.geometry().contains(centre)
    was = window.state.causal
    # Qt hands a click on the window to the widget childAt() finds there, as here.
    point = window.content.mapTo(window, centre)
    target = window.childAt(point)
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton, pos=target.mapFrom(window, point))
    assert window.state.causal is not was  # the first click was not swallowed
    assert banner.isVisible()  # and the banner did not vanish either


def test_completed_challenges_stay_done_and_reset_clears_them(qtbot, window):
    window.state.set_head("same_word")
    window.state.set_query(4)
    assert "first_occurrence" in window.state.completed
    window.state.set_query(3)  # no longer satisfied, but stays done
    assert "first_occurrence" in window.state.completed
    qtbot.mouseClick(window.challenges.reset_button, Qt.MouseButton.LeftButton)
    assert window.state.completed == frozenset()
    assert window.challenges.progress.text() == "0 of 3 complete"
    tab = window.side_tabs.indexOf(window.pages["challenges"])
    assert window.side_tabs.tabText(tab) == f"Goals 0/{len(core.CHALLENGES)}"


def test_progress_survives_a_restart(qtbot, window):
    window.state.set_head("same_word")
    window.state.set_query(4)
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.state.completed == {"first_occurrence"}
    assert again.challenges.progress.text() == "1 of 3 complete"


def test_reset_session_clears_challenges_and_state(window):
    window.state.set_head("same_word")
    window.state.set_query(4)
    window.state.set_preset("gpt2_small")
    window.reset_session()
    assert window.state.completed == frozenset()
    assert (window.state.head_id, window.state.preset_id) == ("induction", "transformer_base")


def assert_banner_fits(banner):
    assert banner.isVisible()
    assert banner.x() >= 0
    assert banner.geometry().right() < banner.parentWidget().width()
    assert banner.height() >= banner.heightForWidth(banner.width())


@pytest.mark.parametrize("zoom", [16, 28])
def test_the_banner_shows_all_of_its_text(qtbot, window, zoom):
    """At large text sizes the confirmation wraps; it must grow to fit, not clip."""
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    window.banner.say("Challenge complete: Nothing to copy! (1 of 3 complete)")
    assert_banner_fits(window.banner)


def test_the_banner_fits_again_when_the_text_grows_while_it_is_up(qtbot, window):
    banner = window.banner
    banner.say("Challenge complete: Nothing to copy! (1 of 3 complete)")
    one_line = banner.height()
    window.state.set_zoom(ZOOM_STEPS.index(28))  # e.g. presenter mode after a challenge
    assert_banner_fits(banner)
    assert banner.height() > one_line
    window.resize(700, 768)
    assert_banner_fits(banner)


def test_a_screenshot_never_catches_a_passing_banner(qtbot, window, tmp_path, qapp):
    from PySide6.QtGui import QColor, QImage

    from app.launch import _screenshot

    window.state.set_head("same_word")
    window.state.set_query(4)  # completes a challenge: the banner is up
    banner = window.banner
    assert banner.isVisible()
    spot = banner.mapTo(window, banner.rect().center())
    path = tmp_path / "shot.png"
    assert _screenshot(qapp, window, path) == 0
    assert not banner.isVisible()
    image = QImage(str(path))
    ratio = image.width() / window.width()
    pixel = image.pixelColor(int(spot.x() * ratio), int(spot.y() * ratio))
    assert pixel != QColor(window.theme.accent)  # what lay under the banner, not the banner
