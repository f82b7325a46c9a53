"""Left alone, the kiosk asks 'Still there?', starts over, and tours the heads until touched."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

import app.model.state
from app.kiosk import KioskConfig, install_kiosk
from app.text.wording import head_name

# Idle timers, countdowns and the attract loop run in real time; the fast subset leaves them out.
pytestmark = pytest.mark.slow

SESSION = ("sentence", "head_id", "query", "causal", "preset_id", "n_heads", "completed")


def session(state):
    return {name: getattr(state, name) for name in SESSION}


@pytest.fixture
def make_kiosk(window):
    """Install a kiosk with quick timings; shut it down after the test."""
    made = []

    def make(**timings):
        config = KioskConfig(**{"idle_seconds": 0.3, "countdown_seconds": 1, **timings})
        made.append(install_kiosk(window, config))
        return made[-1]

    yield make
    for kiosk in made:
        kiosk.shutdown()


def wait_for_attract(qtbot, kiosk):
    qtbot.waitUntil(lambda: kiosk.attracting, timeout=8000)


def test_idle_shows_a_countdown_then_resets_and_starts_the_attract_loop(qtbot, window, make_kiosk):
    kiosk = make_kiosk(countdown_seconds=2, attract_step_seconds=0.2)
    state = window.state
    with state.batch():
        state.set_sentence("a b a b")
        state.set_head("broad")
        state.set_causal(False)
        state.set_preset("gpt2_small")
    changed = session(state)
    after_reset = []
    reset_session = window.reset_session

    def recording_reset():
        reset_session()
        after_reset.append(session(state))

    window.reset_session = recording_reset

    qtbot.waitUntil(kiosk.countdown.isVisible, timeout=2000)
    assert kiosk.countdown.seconds_left == 2
    assert session(state) == changed  # nothing resets while the visitor may still be there
    qtbot.waitUntil(lambda: kiosk.countdown.seconds_left == 1, timeout=2000)
    assert kiosk.countdown.isVisible()

    wait_for_attract(qtbot, kiosk)
    assert not kiosk.countdown.isVisible()
    assert after_reset == [{name: app.model.state.DEFAULTS[name] for name in SESSION}]
    assert kiosk.banner.isVisible()
    assert state.sentence == app.model.state.DEFAULTS["sentence"]
    assert state.preset_id == app.model.state.DEFAULTS["preset_id"]

    seen = {(state.head_id, state.query, state.causal)}
    qtbot.waitUntil(lambda: seen.add((state.head_id, state.query, state.causal)) or len(seen) >= 3)
    # every panel follows the tour: the heatmap title names the tour's current head
    assert window.heatmap.title.text().startswith(head_name(state.head_id))


def test_starting_over_closes_what_the_last_visitor_left_open(qtbot, window, make_kiosk):
    kiosk = make_kiosk()
    dialog = QDialog(window)
    dialog.show()
    kiosk.pin_pad.open()
    wait_for_attract(qtbot, kiosk)
    assert not dialog.isVisible()
    assert not kiosk.pin_pad.isVisible()


def test_a_touch_dismisses_the_countdown(qtbot, window, make_kiosk):
    kiosk = make_kiosk(countdown_seconds=10)
    window.state.set_head("broad")
    qtbot.waitUntil(kiosk.countdown.isVisible, timeout=2000)
    qtbot.mouseClick(window, Qt.MouseButton.LeftButton, pos=QPoint(500, 500))
    assert not kiosk.countdown.isVisible()
    assert window.state.head_id == "broad"
    assert kiosk.idle.idle_timer_active


def test_the_first_touch_stops_the_loop_and_does_not_press_what_is_under_it(
    qtbot, window, make_kiosk
):
    kiosk = make_kiosk(attract_step_seconds=30)  # the tour stays on its first stop
    wait_for_attract(qtbot, kiosk)
    first = window.state.head_id
    assert first != "broad"
    broad = window.head_selector.buttons["broad"]
    qtbot.mouseClick(broad, Qt.MouseButton.LeftButton)
    assert not kiosk.attracting
    assert not kiosk.banner.isVisible()
    assert window.state.head_id == first  # the waking touch pressed nothing
    assert kiosk.idle.idle_timer_active
    qtbot.mouseClick(broad, Qt.MouseButton.LeftButton)
    assert window.state.head_id == "broad"  # the next one does


def test_a_key_dismisses_the_countdown(qtbot, window, make_kiosk):
    kiosk = make_kiosk(countdown_seconds=10)
    window.state.set_head("broad")
    qtbot.waitUntil(kiosk.countdown.isVisible, timeout=2000)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert not kiosk.countdown.isVisible()
    assert window.state.head_id == "broad"
    assert kiosk.idle.idle_timer_active


def test_a_key_stops_the_loop_and_does_nothing_else(qtbot, window, make_kiosk):
    # A keyboard on the stand (or a presenter's clicker) wakes the exhibit like a touch;
    # the waking key is eaten as the waking touch is, so it does not move the query.
    kiosk = make_kiosk(attract_step_seconds=30, idle_seconds=1.5)
    wait_for_attract(qtbot, kiosk)
    query = window.state.query
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert not kiosk.attracting
    assert not kiosk.banner.isVisible()
    assert window.state.query == query
    assert kiosk.idle.idle_timer_active


def test_a_finger_touch_stops_the_loop(qtbot, window, make_kiosk):
    # 1.5 s of idle time: the relayout after the banner closes must not let the idle
    # timer run out (and the countdown eat the second touch) on a busy machine.
    kiosk = make_kiosk(attract_step_seconds=30, idle_seconds=1.5)
    wait_for_attract(qtbot, kiosk)
    first = window.state.head_id
    screen = QTest.createTouchDevice()
    broad = window.head_selector.buttons["broad"]
    where = broad.mapTo(window, broad.rect().center())
    QTest.touchEvent(window, screen).press(0, where, window).commit()
    QTest.touchEvent(window, screen).release(0, where, window).commit()
    qtbot.wait(20)
    assert not kiosk.attracting
    assert window.state.head_id == first  # the waking touch pressed nothing
    QTest.touchEvent(window, screen).press(0, where, window).commit()
    QTest.touchEvent(window, screen).release(0, where, window).commit()
    qtbot.waitUntil(lambda: window.state.head_id == "broad")  # the next one does


def test_the_loop_shows_the_tour_on_the_lesson_sentence(qtbot, window, make_kiosk):
    kiosk = make_kiosk(attract_step_seconds=0.1)
    wait_for_attract(qtbot, kiosk)
    qtbot.waitUntil(lambda: kiosk.attract.index >= 3, timeout=3000)
    stop = kiosk.attract.stops[kiosk.attract.index]
    assert (window.state.head_id, window.state.query) == (stop.head_id, stop.query)
    assert window.state.sentence == app.model.state.DEFAULTS["sentence"]


def test_the_tour_completes_no_challenges_for_the_next_visitor(qtbot, window, make_kiosk):
    kiosk = make_kiosk(attract_step_seconds=0.05)
    wait_for_attract(qtbot, kiosk)
    qtbot.waitUntil(lambda: kiosk.attract.index == len(kiosk.attract.stops) - 1, timeout=5000)
    qtbot.wait(20)
    assert window.state.completed == frozenset()
    assert not window.banner.isVisible()


def test_input_keeps_the_exhibit_awake(qtbot, window, make_kiosk):
    # A move every 150 ms for 1.5 s keeps a 1 s idle time from running out; the margin
    # of 850 ms per move lets a busy machine stall the event loop without a false alarm.
    kiosk = make_kiosk(idle_seconds=1.0)
    for step in range(10):
        qtbot.wait(150)
        qtbot.mouseMove(window, QPoint(400 + step * 10, 400))
        assert not kiosk.countdown.isVisible()
    qtbot.waitUntil(kiosk.countdown.isVisible, timeout=4000)
