"""Kiosk mode keeps visitors in, lets staff out with a PIN, and survives its own bugs."""

import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QSlider,
    QTabBar,
    QToolTip,
    QWidget,
)

import app.model.state
from app.kiosk import (
    SECOND_INSTANCE_EXIT,
    KioskConfig,
    claim_single_instance,
    install_exception_reset,
    install_kiosk,
)
from app.kiosk.pin_backoff import FREE_TRIES, PinBackoff
from app.kiosk.touch import TOUCH_PX

# The kiosk's long presses, PIN waits and lock-ins, each on a kiosk of its own: slow.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[3]
PIN = "2468"
Key, Mod = Qt.Key, Qt.KeyboardModifier


@pytest.fixture
def kiosk(window):
    """The window as a kiosk: a long idle time, so nothing resets during a test."""
    running = install_kiosk(
        window, KioskConfig(idle_seconds=600, staff_pin=PIN, long_press_seconds=0.3)
    )
    yield running
    running.shutdown()


MODIFIER_KEYS = {Key.Key_Alt, Key.Key_Control, Key.Key_Shift, Key.Key_Meta}


class KeySpy(QObject):
    """Records the key presses (other than lone modifiers) that reach one widget."""

    def __init__(self, widget):
        super().__init__(widget)
        self.keys = []
        widget.installEventFilter(self)

    def eventFilter(self, watched, event):  # noqa: N802
        if event.type() == QEvent.Type.KeyPress and event.key() not in MODIFIER_KEYS:
            self.keys.append(event.key())
        return False


def press(qtbot, window, key, modifier=Mod.NoModifier):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, key, modifier)


# -- no way out for visitors --------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "modifier"),
    [
        (Key.Key_F4, Mod.AltModifier),
        (Key.Key_Escape, Mod.NoModifier),
        (Key.Key_Q, Mod.ControlModifier),
        (Key.Key_W, Mod.ControlModifier),
        (Key.Key_F11, Mod.NoModifier),
    ],
)
def test_escape_keys_do_nothing(qtbot, window, kiosk, key, modifier):
    fired = []
    for action in window.actions():
        action.triggered.connect(lambda *_args, a=action: fired.append(a.text()))
    spy = KeySpy(window)
    press(qtbot, window, key, modifier)
    qtbot.wait(20)
    assert window.isVisible() and window.isFullScreen()
    assert fired == []
    assert spy.keys == []  # eaten before anything in the window could react


def test_the_fullscreen_key_toggles_nothing_but_can_still_be_typed(qtbot, window, kiosk):
    fired = []
    for action in window.actions():
        action.triggered.connect(lambda *_args, a=action: fired.append(a.text()))
    press(qtbot, window, Key.Key_F)
    qtbot.wait(20)
    assert window.isFullScreen()
    assert fired == []
    window.sentence_editor.edit.setFocus()
    window.sentence_editor.edit.clear()
    qtbot.keyClicks(window.sentence_editor.edit, "of")
    assert window.sentence_editor.edit.text() == "of"


def test_ordinary_keys_still_reach_the_window(qtbot, window, kiosk):
    spy = KeySpy(window)
    press(qtbot, window, Key.Key_A)
    assert spy.keys == [Key.Key_A]


def test_esc_still_closes_a_dialog_over_the_exhibit(qtbot, window, kiosk):
    dialog = QDialog(window)
    dialog.show()
    # Taken into the kiosk window (no window of its own for a window manager to minimise).
    qtbot.waitUntil(lambda: not dialog.isWindow() and dialog.isVisible())
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(dialog, Key.Key_Escape)
    assert not dialog.isVisible()
    assert window.isVisible() and window.isFullScreen()


def test_close_requests_are_refused(qtbot, window, kiosk):
    assert window.close() is False
    qtbot.wait(20)
    assert window.isVisible()


def test_menus_are_hidden_and_every_action_disabled(window, kiosk):
    assert not window.menuBar().isVisible()
    assert window.actions()  # the window does have shortcuts ...
    assert not any(action.isEnabled() for action in window.actions())  # ... all off


def test_leaving_fullscreen_is_undone(qtbot, window, kiosk):
    window.showNormal()
    qtbot.waitUntil(window.isFullScreen, timeout=2000)


def covers_the_screen(window):
    return (
        window.isVisible()
        and window.isFullScreen()
        and not window.isMinimized()
        and window.geometry() == window.screen().geometry()
    )


@pytest.mark.parametrize(
    "lose",
    [
        lambda w: w.showMinimized(),
        lambda w: w.hide(),
        lambda w: w.move(200, 150),
        lambda w: w.setGeometry(0, 0, 1024, 768),  # what a screen without a window manager kept
    ],
    ids=["minimised", "hidden", "moved", "shrunk"],
)
def test_the_kiosk_comes_back_after_any_minimise_hide_move_or_resize(qtbot, window, kiosk, lose):
    qtbot.waitUntil(lambda: covers_the_screen(window), timeout=2000)
    restores = kiosk.keeper.restores
    lose(window)
    qtbot.waitUntil(lambda: covers_the_screen(window), timeout=2000)
    assert kiosk.keeper.restores > restores


def test_a_kiosk_window_stays_on_top_and_has_no_frame(qtbot):
    from app.window.main_window import MainWindow

    fresh = MainWindow()  # as the program starts a kiosk: not shown yet
    qtbot.addWidget(fresh)
    running = install_kiosk(fresh, KioskConfig(staff_pin=PIN, idle_seconds=600))
    try:
        flags = fresh.windowFlags()
        assert flags & Qt.WindowType.WindowStaysOnTopHint
        assert flags & Qt.WindowType.FramelessWindowHint  # no title bar, no minimise button
        qtbot.waitUntil(lambda: covers_the_screen(fresh), timeout=2000)
    finally:
        running.release()
        fresh.close()


def test_a_glossary_term_opens_inside_the_kiosk_window(qtbot, window, kiosk):
    window.glossary.show_term("causal_mask")  # what tapping an underlined term does
    glossary = window.glossary
    qtbot.waitUntil(glossary.isVisible, timeout=2000)
    assert not glossary.isWindow()  # nothing for a window manager to give a title bar
    assert glossary.window() is window
    assert window.geometry().contains(glossary.mapTo(window, glossary.rect().center()))
    others = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window]
    assert others == []
    # A tap beside it closes it; the exhibit underneath gets nothing.
    backdrop = glossary.parentWidget()
    state = window.state
    before = (state.head_id, state.query, state.causal, state.sentence)
    for corner in (QPoint(60, 30), QPoint(5, backdrop.height() - 5)):  # head buttons, mask ...
        glossary.show_term("query")
        qtbot.mouseClick(backdrop, Qt.MouseButton.LeftButton, pos=corner)
        assert not glossary.isVisible() and not backdrop.isVisible()
    assert (state.head_id, state.query, state.causal, state.sentence) == before
    assert covers_the_screen(window)


def test_no_context_menus_and_no_tooltips(qtbot, window, kiosk):
    requests = []
    window.readout.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    window.readout.customContextMenuRequested.connect(requests.append)
    centre = window.readout.rect().center()
    QApplication.sendEvent(
        window.readout,
        QContextMenuEvent(
            QContextMenuEvent.Reason.Mouse, centre, window.readout.mapToGlobal(centre)
        ),
    )
    assert requests == []
    button = window.head_selector.buttons["broad"]
    assert button.toolTip()  # there is a tooltip, and it must not appear
    inside = button.rect().center()
    QApplication.sendEvent(
        button, QHelpEvent(QEvent.Type.ToolTip, inside, button.mapToGlobal(inside))
    )
    qtbot.wait(20)
    assert not QToolTip.isVisible()


# -- touch first ---------------------------------------------------------------------------


def visible_heights(window, kind):
    return {
        w.accessibleName() or w.objectName() or repr(w): w.height()
        for w in window.findChildren(kind)
        if w.isVisible()
    }


def test_every_touch_target_is_at_least_48_px(qtbot, window, kiosk):
    checked = 0
    for index in range(window.side_tabs.count()):
        window.side_tabs.setCurrentIndex(index)
        window.grab()  # lay out the page now shown
        for kind in (QAbstractButton, QSlider, QComboBox, QLineEdit):
            small = {n: h for n, h in visible_heights(window, kind).items() if h < TOUCH_PX}
            assert small == {}, kind.__name__
            checked += len(visible_heights(window, kind))
    assert checked > 20
    for bar in window.findChildren(QTabBar):
        for tab in range(bar.count()):
            assert bar.tabRect(tab).height() >= TOUCH_PX, bar.tabText(tab)
            assert bar.tabRect(tab).width() >= TOUCH_PX, bar.tabText(tab)
    strip = window.token_strip
    for position in range(len(window.state.tokens)):
        chip = strip.chip_rect(position)
        assert chip.height() >= TOUCH_PX and chip.width() >= TOUCH_PX
    for mini in window.head_grid.maps.values():
        assert mini.map_rect().height() >= TOUCH_PX


def test_the_pin_pad_keys_are_large(qtbot, window, kiosk):
    kiosk.pin_pad.open()
    window.grab()
    for name, key in kiosk.pin_pad.keys.items():
        assert key.height() >= TOUCH_PX and key.width() >= TOUCH_PX, name


def test_no_label_text_can_be_selected_but_links_still_work(window):
    flags = Qt.TextInteractionFlag
    window.readout.setTextInteractionFlags(flags.TextSelectableByMouse)
    window.head_selector.summary.setTextInteractionFlags(
        flags.TextSelectableByMouse | flags.LinksAccessibleByMouse
    )
    running = install_kiosk(window, KioskConfig(idle_seconds=600))
    try:
        selectable = [
            label.text()
            for label in window.findChildren(QLabel)
            if label.textInteractionFlags() & flags.TextSelectableByMouse
        ]
        assert selectable == []
        assert window.head_selector.summary.textInteractionFlags() & flags.LinksAccessibleByMouse
    finally:
        running.shutdown()


def test_the_touch_sizes_survive_a_theme_change(qtbot, window, kiosk):
    window.state.set_theme("projector")
    window.grab()
    button = window.head_selector.buttons["broad"]
    assert button.height() >= TOUCH_PX
    assert "#000000" in window.styleSheet()  # the new theme's own rules are kept


# -- staff exit ------------------------------------------------------------------------------


def hold_corner(qtbot, window, kiosk):
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(6, 6))
    qtbot.waitUntil(kiosk.pin_pad.isVisible, timeout=2000)


def type_pin(qtbot, kiosk, digits):
    for digit in [*digits, "ok"]:
        qtbot.mouseClick(kiosk.pin_pad.keys[digit], Qt.MouseButton.LeftButton)


def test_a_long_finger_press_in_the_corner_opens_the_pin_pad(qtbot, window, kiosk):
    screen = QTest.createTouchDevice()
    QTest.touchEvent(window, screen).press(0, QPoint(8, 8), window).commit()
    qtbot.waitUntil(kiosk.pin_pad.isVisible, timeout=2000)
    QTest.touchEvent(window, screen).release(0, QPoint(8, 8), window).commit()
    assert kiosk.pin_pad.isVisible()


def test_a_staff_hold_over_a_chip_leaves_it_unchosen_and_a_tap_there_chooses_it(
    qtbot, window, kiosk
):
    from PySide6.QtCore import QRect

    state, strip = window.state, window.token_strip
    state.set_query(len(state.tokens) - 1)
    last = state.query
    corner = QRect(0, 0, kiosk.config.corner_px, kiosk.config.corner_px)
    chip = strip.chip_rect(0).toAlignedRect()
    chip.moveTopLeft(strip.mapTo(window, chip.topLeft()))
    at = chip.intersected(corner).center()
    assert chip.contains(at) and corner.contains(at)  # the first chip, under the corner
    screen = QTest.createTouchDevice()
    QTest.touchEvent(window, screen).press(0, at, window).commit()
    qtbot.waitUntil(kiosk.pin_pad.isVisible, timeout=2000)
    QTest.touchEvent(window, screen).release(0, at, window).commit()
    assert state.query == last  # the hold opened the pad, and chose nothing
    kiosk.pin_pad.press("cancel")
    qtbot.waitUntil(lambda: not kiosk.pin_pad.isVisible())
    QTest.touchEvent(window, screen).press(0, at, window).commit()
    QTest.touchEvent(window, screen).release(0, at, window).commit()
    assert state.query == 0  # a visitor's tap there still chooses the chip
    assert not kiosk.pin_pad.isVisible()


def test_a_short_press_in_the_corner_opens_nothing(qtbot, window, kiosk):
    qtbot.mouseClick(window, Qt.MouseButton.LeftButton, pos=QPoint(6, 6))
    qtbot.wait(500)
    assert not kiosk.pin_pad.isVisible()


def test_a_long_press_elsewhere_opens_nothing(qtbot, window, kiosk):
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    qtbot.wait(500)
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    assert not kiosk.pin_pad.isVisible()


def test_staff_exit_with_the_right_pin_closes_the_window(qtbot, window, kiosk):
    hold_corner(qtbot, window, kiosk)
    type_pin(qtbot, kiosk, PIN)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)


def test_a_wrong_pin_keeps_the_pad_open_for_another_try(qtbot, window, kiosk):
    hold_corner(qtbot, window, kiosk)
    type_pin(qtbot, kiosk, "1111")
    assert kiosk.pin_pad.message.text().startswith("Not the right PIN.")
    qtbot.wait(2500)  # the pad used to close by itself after about two seconds
    assert kiosk.pin_pad.isVisible()
    assert window.close() is False  # still locked
    type_pin(qtbot, kiosk, PIN)  # the second try, without holding the corner again
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)


def test_repeated_wrong_pins_shut_the_pad_for_a_growing_wait(qtbot, window, kiosk):
    pad = kiosk.pin_pad
    hold_corner(qtbot, window, kiosk)
    for _ in range(FREE_TRIES):
        type_pin(qtbot, kiosk, "1111")
        assert not pad.waiting and pad.keys["5"].isEnabled()
    type_pin(qtbot, kiosk, "1111")
    assert pad.waiting and not pad.keys["5"].isEnabled() and not pad.keys["ok"].isEnabled()
    assert pad.keys["cancel"].isEnabled()  # the way back to the exhibit stays open
    assert "Next try in 2 s" in pad.message.text()
    qtbot.keyClicks(pad, PIN)  # typing during the wait does nothing
    assert pad.entered == ""
    # Cancelling and opening again does not start the count over.
    qtbot.mouseClick(pad.keys["cancel"], Qt.MouseButton.LeftButton)
    hold_corner(qtbot, window, kiosk)
    assert pad.waiting and not pad.keys["5"].isEnabled()
    qtbot.waitUntil(lambda: pad.keys["5"].isEnabled(), timeout=4000)
    type_pin(qtbot, kiosk, "1111")
    assert "Next try in 4 s" in pad.message.text()


def test_the_wait_doubles_up_to_five_minutes():
    now = [0.0]
    backoff = PinBackoff(clock=lambda: now[0])
    waits = [backoff.failed() for _ in range(FREE_TRIES + 10)]
    assert waits[:FREE_TRIES] == [0.0] * FREE_TRIES
    assert waits[FREE_TRIES : FREE_TRIES + 4] == [2.0, 4.0, 8.0, 16.0]
    assert waits[-1] == 300.0
    assert backoff.remaining() == 300.0
    now[0] += 100
    assert backoff.remaining() == 200.0
    backoff.succeeded()
    assert backoff.remaining() == 0 and backoff.failed() == 0.0
    # All 10,000 four-digit PINs would now take weeks, not the 14 hours of before.
    assert sum(PinBackoff().wait_after(n) for n in range(1, 10_001)) > 30 * 24 * 3600


def test_a_long_pin_opens_the_exit(qtbot, window):
    long_pin = "31415926535897932384"  # 20 digits
    running = install_kiosk(window, KioskConfig(staff_pin=long_pin, long_press_seconds=0.3))
    try:
        hold_corner(qtbot, window, running)
        type_pin(qtbot, running, long_pin)
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)
    finally:
        running.shutdown()


def test_holding_the_corner_shows_a_filling_ring(qtbot, window, kiosk):
    ring = kiosk.corner.progress
    assert not ring.isVisible()
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(6, 6))
    # Every fraction seen while holding, until the pad opens: on a busy machine a turn of
    # the event loop can take long, so no particular fraction is waited for.
    seen = []

    def pad_open() -> bool:
        if ring.isVisible():
            seen.append(ring.fraction)
        return kiosk.pin_pad.isVisible()

    qtbot.waitUntil(pad_open, timeout=5000)
    assert any(0 < f < 1 for f in seen), seen  # part filled
    assert seen == sorted(seen) and len(set(seen)) > 1, seen  # and filling
    assert not ring.isVisible()  # gone once the pad opens
    # Letting go early hides it at once.
    kiosk.pin_pad.close_pad()
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(6, 6))
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(6, 6))
    qtbot.waitUntil(ring.isVisible, timeout=1000)
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(6, 6))
    assert not ring.isVisible()


def test_cancel_returns_to_the_exhibit(qtbot, window, kiosk):
    hold_corner(qtbot, window, kiosk)
    qtbot.mouseClick(kiosk.pin_pad.keys["cancel"], Qt.MouseButton.LeftButton)
    assert not kiosk.pin_pad.isVisible()
    assert window.isVisible()


REAL_PROCESS = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSettings, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    scope, native = QSettings.Scope.UserScope, QSettings.Format.NativeFormat
    QSettings.setPath(native, scope, sys.argv[1])
    from app.kiosk import KioskConfig, install_kiosk
    from app.window.main_window import MainWindow

    window = MainWindow()
    pin = sys.argv[2]
    kiosk = install_kiosk(window, KioskConfig(staff_pin=pin, long_press_seconds=0.2))


    def hold_corner():
        QTest.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))


    def enter_pin():
        for key in [*pin, "ok"]:
            kiosk.pin_pad.keys[key].click()


    closed = []
    QTimer.singleShot(300, lambda: closed.append(window.close()))  # must be refused
    QTimer.singleShot(400, hold_corner)
    QTimer.singleShot(1200, enter_pin)
    QTimer.singleShot(15000, lambda: app.exit(9))  # the test failed: do not hang
    code = app.exec()
    print("plain close:", closed, "staff exit:", kiosk.guard.exit_authorised)
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    sys.exit(code)
    """
)


def test_staff_exit_in_a_real_process_exits_with_code_0(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", REAL_PROCESS, str(tmp_path), PIN],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "plain close: [False] staff exit: True" in result.stdout
    assert "Traceback" not in result.stderr
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []  # no settings written


# -- settings -----------------------------------------------------------------------------------


def test_kiosk_mode_writes_no_settings(qtbot, window, kiosk, isolated_settings):
    window.state.set_theme("dark")
    window.state.set_sentence("a b a b")
    window.close()
    kiosk.staff_exit()
    assert not window.isVisible()
    written = [p for p in Path(isolated_settings).rglob("*") if p.is_file()]
    assert written == []


def test_kiosk_starts_on_the_lesson_whatever_the_settings_say(qtbot, window):
    window.state.set_sentence("a b a b")
    window.state.set_head("broad")
    running = install_kiosk(window, KioskConfig(idle_seconds=600))
    try:
        assert window.state.sentence == app.model.state.DEFAULTS["sentence"]
        assert window.state.head_id == app.model.state.DEFAULTS["head_id"]
    finally:
        running.shutdown()


# -- robustness ----------------------------------------------------------------------------------


def test_an_exception_in_a_slot_is_logged_and_resets_the_session(qtbot, window, caplog):
    hook = install_exception_reset(window)
    try:
        window.state.set_head("broad")
        window.state.set_causal(False)

        def broken_slot(_head):
            raise RuntimeError("a bug in a panel")

        window.state.head_id_changed.connect(broken_slot)
        with caplog.at_level(logging.ERROR):
            window.head_selector.buttons["same_word"].click()  # the slot raises inside Qt
            qtbot.waitUntil(lambda: window.state.head_id == app.model.state.DEFAULTS["head_id"])
        window.state.head_id_changed.disconnect(broken_slot)
    finally:
        hook.uninstall()
    assert window.isVisible()
    assert window.state.causal is True
    record = next(r for r in caplog.records if r.levelno == logging.ERROR)
    assert record.exc_info[0] is RuntimeError
    assert "a bug in a panel" in caplog.text and "Traceback" in caplog.text


def test_the_kiosk_recovers_from_an_exception_and_keeps_watching(qtbot, window, caplog):
    running = install_kiosk(window, KioskConfig(idle_seconds=600))  # hook installed now
    try:
        window.state.set_preset("gpt3_175b")
        running.pin_pad.open()
        with caplog.at_level(logging.ERROR):
            QTimer.singleShot(0, lambda: 1 / 0)
            qtbot.waitUntil(lambda: window.state.preset_id == app.model.state.DEFAULTS["preset_id"])
        assert not running.pin_pad.isVisible()
        assert running.idle.idle_timer_active
        assert "ZeroDivisionError" in caplog.text
    finally:
        running.shutdown()


def test_uninstall_restores_the_previous_hook(window):
    before = sys.excepthook
    hook = install_exception_reset(window)
    assert sys.excepthook is not before
    hook.uninstall()
    assert sys.excepthook is before


# -- single instance ---------------------------------------------------------------------------

SECOND = textwrap.dedent(
    """
    import sys
    from app.kiosk import KioskAlreadyRunningError, SECOND_INSTANCE_EXIT, claim_single_instance
    try:
        lock = claim_single_instance(sys.argv[1])
    except KioskAlreadyRunningError as error:
        print(f"attention-heads: {error}", file=sys.stderr)
        sys.exit(SECOND_INSTANCE_EXIT)
    if len(sys.argv) > 2:
        import os
        os._exit(0)  # die holding the lock, as a crashed kiosk would
    lock.unlock()
    """
)


def second_launch(lock_path, *extra):
    return subprocess.run(
        [sys.executable, "-c", SECOND, str(lock_path), *extra],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_second_kiosk_is_refused_with_a_clear_message(tmp_path):
    lock_path = tmp_path / "kiosk.lock"
    first = claim_single_instance(lock_path)
    try:
        result = second_launch(lock_path)
    finally:
        first.unlock()
    assert result.returncode == SECOND_INSTANCE_EXIT == 3
    assert "already running" in result.stderr
    assert second_launch(lock_path).returncode == 0  # free again once the first has gone


def test_a_lock_left_by_a_crashed_kiosk_is_taken_over(tmp_path):
    lock_path = tmp_path / "kiosk.lock"
    assert second_launch(lock_path, "crash").returncode == 0
    assert lock_path.exists()
    claim_single_instance(lock_path).unlock()


def test_parts_built_later_are_made_touch_safe_too(qtbot, window, kiosk):
    """Side pages, the glossary and the plots are built on first use, after the kiosk
    started; each one it hears of loses selectable text and gets touch-sized sliders."""
    flags = Qt.TextInteractionFlag
    late = QWidget()
    qtbot.addWidget(late)
    label = QLabel("selectable", late)
    label.setTextInteractionFlags(flags.TextSelectableByMouse | flags.LinksAccessibleByMouse)
    slider = QSlider(Qt.Orientation.Horizontal, late)
    window.part_built.emit(late)
    assert not label.textInteractionFlags() & flags.TextSelectableByMouse
    assert label.textInteractionFlags() & flags.LinksAccessibleByMouse
    assert slider.minimumHeight() >= TOUCH_PX


def test_the_window_announces_every_part_it_builds_late(qtbot, window):
    built = []
    window.part_built.connect(built.append)
    window.side_tabs.setCurrentWidget(window.pages["width"])
    assert window.side_tabs.view("width") in [
        w for part in built for w in part.findChildren(QWidget)
    ]
    glossary = window.glossary
    assert built[-1] is glossary
    _ = window.glossary  # asked again: not built again
    assert built.count(glossary) == 1
