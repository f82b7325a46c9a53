"""Keys reach the focused control first; the window's keys act on the stage or with no focus."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QTabBar

from app.window.shortcuts import SHORTCUTS


@pytest.fixture
def shown(window, qtbot):
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.fill_menus()
    return window


def _key(qtbot, key, widget=None):
    target = widget or QApplication.focusWidget() or QApplication.activeWindow()
    qtbot.keyClick(target, key)


def test_a_focused_slider_keeps_right_and_the_query_stays(shown, qtbot):
    shown.run_command("width_page")
    slider = shown.side_tabs.view("width").heads_slider
    slider.setFocus()
    qtbot.waitUntil(slider.hasFocus)
    query, value = shown.state.query, slider.value()
    _key(qtbot, Qt.Key.Key_Right, slider)
    assert slider.value() == value + 1
    assert shown.state.query == query
    assert shown.state.completed == frozenset()  # no challenge met by a key nobody chose


def test_a_focused_tab_bar_changes_the_page_with_the_arrows(shown, qtbot):
    bar = shown.side_tabs.tabBar()
    assert isinstance(bar, QTabBar)
    bar.setFocus()
    qtbot.waitUntil(bar.hasFocus)
    index, query = shown.side_tabs.currentIndex(), shown.state.query
    _key(qtbot, Qt.Key.Key_Right, bar)
    assert shown.side_tabs.currentIndex() == index + 1
    assert shown.state.query == query


def test_a_text_field_keeps_letters_and_arrows(shown, qtbot):
    edit = shown.sentence_editor.edit
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    head, causal, query = shown.state.head_id, shown.state.causal, shown.state.query
    edit.clear()
    qtbot.keyClicks(edit, "m1")  # M and 1 are window keys elsewhere
    _key(qtbot, Qt.Key.Key_Left, edit)
    assert edit.text() == "m1" and edit.cursorPosition() == 1
    assert (shown.state.head_id, shown.state.causal, shown.state.query) == (head, causal, query)


def test_on_the_stage_the_window_keys_act(shown, qtbot):
    shown.token_strip.setFocus()
    qtbot.waitUntil(shown.token_strip.hasFocus)
    query = shown.state.query
    _key(qtbot, Qt.Key.Key_Right)
    assert shown.state.query == query + 1
    _key(qtbot, Qt.Key.Key_M)
    assert shown.state.causal is False


@pytest.mark.parametrize("end", ["first", "last"])
def test_the_query_stays_at_either_end_of_the_sentence(shown, qtbot, end):
    last = len(shown.state.tokens) - 1
    shown.state.set_query(0 if end == "first" else last)
    shown.token_strip.setFocus()
    qtbot.waitUntil(shown.token_strip.hasFocus)
    _key(qtbot, Qt.Key.Key_Left if end == "first" else Qt.Key.Key_Right)
    assert shown.state.query == (0 if end == "first" else last)


def test_a_page_key_moves_the_focus_into_the_page_it_opens(shown, qtbot):
    shown.token_strip.setFocus()
    qtbot.waitUntil(shown.token_strip.hasFocus)
    _key(qtbot, Qt.Key.Key_W)
    page = shown.pages["width"]
    qtbot.waitUntil(lambda: page.isAncestorOf(QApplication.focusWidget()))
    # The next Tab goes on inside the page, not back to the sentence field.
    _key(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not shown.sentence_editor.edit


def test_every_page_has_a_stop_for_the_keyboard(shown, qtbot):
    for command in SHORTCUTS.values():
        if command.page is None:
            continue
        shown.run_command(command.id)
        page = shown.pages[command.page]
        qtbot.waitUntil(lambda p=page: p.isAncestorOf(QApplication.focusWidget()))


def test_the_steps_page_scrolls_by_keyboard_below_its_fold(shown, qtbot):
    shown.resize(1024, 600)
    shown.run_command("steps_page")
    qtbot.waitUntil(lambda: shown.pages["steps"].isAncestorOf(QApplication.focusWidget()))
    frame = QApplication.focusWidget()
    bar = frame.verticalScrollBar()
    if bar.maximum() == 0:
        pytest.skip("the steps fit without scrolling at this size")
    _key(qtbot, Qt.Key.Key_Down, frame)
    assert bar.value() > 0


# The offscreen platform cannot raise a popup or grab the keyboard; it says so.
@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_f10_opens_the_first_menu(shown, qtbot):
    shown.token_strip.setFocus()
    _key(qtbot, Qt.Key.Key_F10)
    qtbot.waitUntil(lambda: shown.menuBar().activeAction() is not None)
    assert shown.menuBar().activeAction().menu() is shown.menuBar().actions()[0].menu()
    popup = QApplication.activePopupWidget()
    if isinstance(popup, QMenu):
        popup.close()
