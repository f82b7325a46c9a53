"""Keyboard all the way round: Tab in reading order and back to its start, a visible
ring at every stop, one stop per group of choices, the heatmap's cell cursor, and what
a screen reader is told when a key changes the lesson."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from app.accessibility import events
from app.panels.heatmap_items import colour_of
from app.text.numbers import weight_text as w
from app.text.wording import readout_of
from app.ui.theme import THEMES

Name, Description = QAccessible.Text.Name, QAccessible.Text.Description


def tab_walk(window, key=Qt.Key.Key_Tab, limit=80):
    """Press Tab (or Shift+Tab) from the token strip until the focus comes back to it:
    the widgets it stopped on, in order (None in the list: it never came back)."""
    start = window.token_strip
    start.setFocus(Qt.FocusReason.OtherFocusReason)
    QTest.qWait(1)
    stops = []
    for _ in range(limit):
        focused = QApplication.focusWidget()
        QTest.keyClick(focused, key)
        focused = QApplication.focusWidget()
        if focused is start:
            return stops
        stops.append(focused)
    return [*stops, None]


def controls(window):
    """What a learner can use by keyboard, found without the chain: every shown, enabled
    widget that takes Tab focus, one per group of choices (the one chosen)."""
    found = []
    for widget in window.findChildren(QWidget):
        if not (widget.isVisible() and widget.isEnabled() and widget.window() is window):
            continue
        group = widget.group() if isinstance(widget, QAbstractButton) else None
        if group is not None and group.exclusive() and widget is not group.checkedButton():
            continue
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.focusProxy() is None:
            found.append(widget)
    return found


def label(widget):
    return f"{type(widget).__name__} {widget.accessibleName()!r}"


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize("page", ["heads", "width", "learned"])
def test_tab_goes_round_every_control_and_comes_back(window, size, page):
    window.resize(*size)
    window.side_tabs.setCurrentWidget(window.pages[page])
    QTest.qWait(30)
    stops = tab_walk(window)
    assert None not in stops, [label(s) for s in stops[:20]]  # no trap: back at the start
    everything = [window.token_strip, *stops]
    assert len(set(everything)) == len(everything)  # each stop once a round
    assert {label(c) for c in controls(window)} == {label(s) for s in everything}
    assert all(s.isVisible() for s in stops)  # nothing invisible in the chain
    # Reading order on the stage: sentence field, tokens, heatmap, the column beside it.
    order = [
        window.token_strip,
        window.heatmap,
        window.head_selector.buttons[window.state.head_id],
        window.mask_toggle,
        window.side_tabs.tabBar(),
    ]
    positions = [everything.index(widget) for widget in order]
    assert positions == sorted(positions)
    if page == "heads":  # the small maps are stops, after the tabs
        maps = window.head_grid.findChildren(QWidget)
        assert any(m in stops for m in maps)


def test_shift_tab_goes_round_the_other_way(window):
    forward = tab_walk(window)
    backward = tab_walk(window, Qt.Key.Key_Backtab)
    assert None not in backward
    assert backward == forward[::-1]


def test_every_stop_shows_a_focus_ring(qtbot, window):
    window.side_tabs.setCurrentWidget(window.pages["heads"])
    QTest.qWait(30)
    ringless = []
    for widget in [window.token_strip, *tab_walk(window)]:
        window.menuBar().setFocus()  # somewhere without a ring of ours
        QTest.qWait(1)
        before = widget.grab().toImage()
        widget.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(widget.hasFocus)
        QTest.qWait(1)
        after = widget.grab().toImage()
        changed = sum(
            before.pixelColor(x, y) != after.pixelColor(x, y)
            for x in range(0, widget.width(), 2)
            for y in range(0, widget.height(), 2)
        )
        if changed < 10:
            ringless.append(label(widget))
    assert ringless == []


def test_tab_enters_the_heads_on_the_selected_one_and_arrows_choose(qtbot, window):
    window.state.set_head("induction")
    window.state.set_query(7)
    stops = tab_walk(window)
    heads = [s for s in stops if s in window.head_selector.buttons.values()]
    assert heads == [window.head_selector.buttons["induction"]]  # one stop, the chosen one
    button = heads[0]
    button.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(button, Qt.Key.Key_Down)
    assert window.state.head_id == "first_token"
    assert window.head_selector.buttons["first_token"].hasFocus()
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left)
    assert window.state.head_id == "same_word"
    assert window.state.query == 7  # Left chose a head, it did not move the query
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Home)
    assert window.state.head_id == "previous_token"
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert window.mask_toggle.hasFocus()


# -- the heatmap's cursor -------------------------------------------------------------


@pytest.fixture
def heatmap_focused(qtbot, window):
    window.state.set_query(7)
    window.heatmap.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(window.heatmap.hasFocus)
    return window.heatmap


def cursor_name(heatmap):
    table = QAccessible.queryAccessibleInterface(heatmap)
    focused = table.focusChild()
    assert focused is not None and focused.state().focused
    return focused.text(Name)


def test_the_cursor_starts_where_the_query_looks_most(heatmap_focused):
    assert heatmap_focused.cell_cursor == (7, 2)
    assert cursor_name(heatmap_focused) == f"query cat 7, key chased 2: {w(0.92)}"


def test_arrows_home_end_and_page_keys_move_the_cursor(window, heatmap_focused):
    view = heatmap_focused
    keys = [
        (Qt.Key.Key_Right, (7, 3)),
        (Qt.Key.Key_Up, (6, 3)),
        (Qt.Key.Key_Down, (7, 3)),
        (Qt.Key.Key_Left, (7, 2)),
        (Qt.Key.Key_End, (7, 9)),
        (Qt.Key.Key_Home, (7, 0)),
        (Qt.Key.Key_PageDown, (9, 0)),
        (Qt.Key.Key_PageUp, (0, 0)),
        (Qt.Key.Key_Up, (0, 0)),  # at the edge it stays
    ]
    for key, place in keys:
        QTest.keyClick(view, key)
        assert view.cell_cursor == place, key
    QTest.keyClick(view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert view.cell_cursor == (9, 9)
    # The window's own keys wait: the query did not move, the tour did not start.
    assert window.state.query == 7
    assert window.presenter.stop_index == -1
    assert cursor_name(view) == "query the 9, key the 9: " + w(float(view.result.selected[9, 9]))


def test_a_masked_cell_says_so(heatmap_focused):
    QTest.keyClick(heatmap_focused, Qt.Key.Key_End)
    assert cursor_name(heatmap_focused) == "query cat 7, key the 9: hidden by the mask"


def test_enter_makes_the_cursors_row_the_query(window, heatmap_focused):
    QTest.keyClick(heatmap_focused, Qt.Key.Key_Up)
    QTest.keyClick(heatmap_focused, Qt.Key.Key_Return)
    assert window.state.query == 6
    assert heatmap_focused.cell_cursor == (6, 2)


def test_the_cursor_is_drawn_while_the_heatmap_has_focus(qtbot, window, heatmap_focused):
    view = heatmap_focused
    box = view.cell_rect(7, 2).toAlignedRect()
    with_cursor = view.grab(box.adjusted(-3, -3, 3, 3)).toImage()
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    without = view.grab(box.adjusted(-3, -3, 3, 3)).toImage()
    focus = window.theme.focus.lower()
    ring = [
        with_cursor.pixelColor(x, 3).name()
        for x in range(with_cursor.width())
        if with_cursor.pixelColor(x, 3) != without.pixelColor(x, 3)
    ]
    assert ring and ring.count(focus) > len(ring) // 2
    assert window.theme.panel.lower() in ring  # and its halo, in the panel's colour


def luminance(colour: QColor) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.red())
        + 0.7152 * channel(colour.green())
        + 0.0722 * (channel(colour.blue()))
    )


def contrast(a: QColor, b: QColor) -> float:
    """WCAG's contrast ratio, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme_id", sorted(THEMES))
def test_the_cursor_stands_out_on_every_cell_and_is_never_red(theme_id):
    """The cursor is a ring in the focus colour inside a halo of the panel's colour:
    the two differ strongly, and one of them stands out from any cell it is on (the
    focus colour alone, purple, was lost on viridis' dark purple cells)."""
    theme = THEMES[theme_id]
    ring, halo = QColor(theme.focus), QColor(theme.panel)
    assert contrast(ring, halo) >= 4.5
    cells = [colour_of(theme, weight) for weight in np.linspace(0, 1, 101)]
    cells.append(QColor(theme.masked))
    assert min(max(contrast(ring, c), contrast(halo, c)) for c in cells) >= 2.5
    # Red is the query's outline: the cursor is another colour altogether.
    hue = ring.hslHue()
    assert theme.focus.lower() != theme.query.lower() and 40 <= hue <= 320


# -- what a screen reader is told -------------------------------------------------------


@pytest.fixture
def told(monkeypatch, qtbot):
    """Pretend a screen reader listens; record announcements and description changes."""
    said = []

    def record(event):
        iface = event.accessibleInterface()
        if isinstance(event, events.Announcement):
            said.append(("announce", event.message()))
        elif event.type() == QAccessible.Event.DescriptionChanged and iface is not None:
            said.append(("description", iface.text(Description)))
        elif event.type() == QAccessible.Event.Focus and iface is not None:
            said.append(("focus", iface.text(Name)))

    monkeypatch.setattr(events, "is_active", lambda: True)
    monkeypatch.setattr(events, "send", record)
    return said


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    QTest.keyClick(QApplication.focusWidget(), key, modifier)
    QTest.qWait(5)  # the sentence is put together once the change is drawn


def test_a_head_key_is_announced_and_becomes_the_focused_items_description(qtbot, window, told):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    window.state.set_query(7)
    QTest.qWait(5)
    told.clear()
    press(qtbot, window, Qt.Key.Key_5)
    message = f"Broad head. {readout_of(window.controller.attention)}."
    assert ("announce", message) in told
    assert ("description", message) in told  # heard by readers that ignore announcements
    strip = QAccessible.queryAccessibleInterface(window.token_strip)
    assert strip.focusChild().text(Description) == message


def test_the_mask_key_says_the_mask_on_a_button_of_qts_own(qtbot, window, told):
    window.sentence_editor.lesson_button.setFocus()
    qtbot.waitUntil(window.sentence_editor.lesson_button.hasFocus)
    told.clear()
    press(qtbot, window, Qt.Key.Key_M)
    readout = readout_of(window.controller.attention)
    assert ("announce", f"Causal mask: off. {readout}.") in told
    button = window.sentence_editor.lesson_button
    assert button.accessibleDescription() == f"Causal mask: off. {readout}."
    window.token_strip.setFocus()  # focus moves on: the button's own description is back
    qtbot.waitUntil(lambda: not button.accessibleDescription().startswith("Causal"))


def test_a_query_key_on_the_strip_moves_its_focused_item(qtbot, window, told):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    window.state.set_query(7)
    QTest.qWait(5)
    told.clear()
    press(qtbot, window, Qt.Key.Key_Left)
    assert ("focus", "chased (2), the query, 1%") in told or any(
        kind == "focus" and name.startswith("the (6)") for kind, name in told
    )


def test_a_query_key_elsewhere_is_told(qtbot, window, told):
    window.mask_toggle.setFocus()
    qtbot.waitUntil(window.mask_toggle.hasFocus)
    window.state.set_query(7)
    QTest.qWait(5)
    told.clear()
    press(qtbot, window, Qt.Key.Key_Left)
    readout = readout_of(window.controller.attention)
    assert readout.startswith("the (6)")
    assert ("announce", f"{readout}.") in told
    assert window.mask_toggle.accessibleDescription() == f"{readout}."


def test_heatmap_moves_are_said_as_the_focused_cell(qtbot, window, told):
    window.state.set_query(7)
    window.heatmap.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(window.heatmap.hasFocus)
    QTest.qWait(5)
    assert ("focus", f"query cat 7, key chased 2: {w(0.92)}") in told
    told.clear()
    press(qtbot, window, Qt.Key.Key_Right)
    assert told[-1][0] == "focus" and told[-1][1].startswith("query cat 7, key the 3: ")
    press(qtbot, window, Qt.Key.Key_Up)
    press(qtbot, window, Qt.Key.Key_Return)  # the row becomes the query: the readout
    readout = readout_of(window.controller.attention)
    assert readout.startswith("the (6)")
    assert ("description", f"{readout}.") in told


def test_a_tour_stop_goes_into_the_item_the_focus_moves_to(qtbot, window, told):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    told.clear()
    press(qtbot, window, Qt.Key.Key_PageDown)
    assert window.state.query == 5
    focused = QAccessible.queryAccessibleInterface(window.token_strip).focusChild()
    said = focused.text(Description)
    assert said.startswith("Previous token head. Tour 1 of 11 · Each token looks one step back")
    assert said.endswith(readout_of(window.controller.attention) + ".")
    assert ("announce", said) in told
    press(qtbot, window, Qt.Key.Key_Right)  # a plain move: the item says the readout again
    focused = QAccessible.queryAccessibleInterface(window.token_strip).focusChild()
    assert focused.text(Description) == readout_of(window.controller.attention)


def test_a_page_key_and_a_new_sentence_are_told(qtbot, window, told):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    told.clear()
    press(qtbot, window, Qt.Key.Key_S)
    assert ("announce", "Steps page shown") in told
    window.state.set_sentence("a b a b")
    QTest.qWait(5)
    assert any(m.startswith("New sentence, 4 tokens. ") for kind, m in told if kind == "announce")


def test_completing_a_challenge_is_said_once_with_the_readout(qtbot, window, told):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    window.state.set_head("same_word")
    window.state.set_query(2)  # "chased": its word has no earlier copy, but the query
    window.state.reset_challenges()  # ... completes challenge 2 already; start again
    window.state.set_query(3)  # "the": an earlier copy
    QTest.qWait(5)
    told.clear()
    press(qtbot, window, Qt.Key.Key_Left)  # back to "chased": challenge 2, by the learner
    assert window.state.completed == {"first_occurrence"}
    announced = [m for kind, m in told if kind == "announce"]
    assert len(announced) == 1, announced
    (message,) = announced
    assert "Challenge complete: " in message and "(1 of 3 complete)" in message
    assert message.endswith(readout_of(window.controller.attention) + ".")
    focused = QAccessible.queryAccessibleInterface(window.token_strip).focusChild()
    assert focused.text(Description) == message


def test_a_tour_stop_that_meets_a_challenge_says_no_completion(qtbot, window, told):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    told.clear()
    for _ in range(11):
        press(qtbot, window, Qt.Key.Key_PageDown)
    assert not any("Challenge complete" in m for _kind, m in told)


def test_presenter_mode_on_and_off_is_said(qtbot, window, told):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    told.clear()
    window.state.set_presenting(True)
    window.state.set_presenting(False)
    announced = [m for kind, m in told if kind == "announce"]
    assert announced == ["Presenter mode on", "Presenter mode off"]
