"""The English page in the window: its tab and key, and nothing read before it is shown."""

import sys

from PySide6.QtCore import Qt

from app.window.shortcuts import SHORTCUTS
from app.window.side_pages import PAGE_BY_NAME, page_title


def test_the_page_has_a_tab_and_a_key_of_its_own():
    assert "english" in PAGE_BY_NAME and page_title("english") == "English"
    keys = [key for shortcut in SHORTCUTS.values() for key in shortcut.keys]
    assert SHORTCUTS["english_page"].keys == ("E",)
    assert keys.count("E") == 1


def test_the_model_is_read_only_when_the_page_is_first_shown(qtbot, window):
    assert "english" not in window.side_tabs.views
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_E)
    qtbot.waitUntil(lambda: "english" in window.side_tabs.views)
    view = window.side_tabs.views["english"]
    assert window.side_tabs.current_name() == "english"
    assert view.english is not None  # the controller's page results read the model
    # The shipped model loads: a page that only says "could not be read" is a failure.
    assert view.english.error is None, view.english.error
    assert view.english.run is not None
    assert not view.error.isVisible()
    assert window.controller.page_results.english_model.recomputes["load"] == 1
    assert "core.english.weights" in sys.modules


def test_the_page_follows_the_sentence_and_query(qtbot, window):
    window.side_tabs.setCurrentWidget(window.pages["english"])
    view = window.side_tabs.views["english"]
    window.state.set_sentence("the cat chased the dog. the cat")
    window.state.set_query(2)
    assert view.english.error is None
    assert view.big_map.query == 3  # the model's start token is position 0
    assert view.chips.labels[0] == "‹start›" and view.chips.query == 3
    assert view.predictions_title.text().startswith("After chased (3)")
    window.state.set_query(7)  # the second "cat"
    assert view.predictions.predictions[0].word == "chased"  # the lesson's induction
