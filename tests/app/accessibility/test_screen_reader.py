"""What a screen reader finds, read in-process through Qt's accessibility interfaces.

Qt builds the same nodes for the accessibility bus from these interfaces; the
end-to-end check on a real bus is ``scripts/check_screen_reader.py``.
"""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication

from app.accessibility import events
from app.text.numbers import weight_text as w  # the heatmap's number format
from app.text.wording import head_name, head_summary

Name, Description = QAccessible.Text.Name, QAccessible.Text.Description
Role = QAccessible.Role
PRESS = "Press"


def node(widget):
    return QAccessible.queryAccessibleInterface(widget)


def press(item):
    actions = item.actionInterface()
    assert PRESS in actions.actionNames()
    actions.doAction(PRESS)


# -- the tokens ------------------------------------------------------------------------


def test_every_token_is_an_item_with_word_position_and_weight(window):
    window.state.set_query(7)
    strip = node(window.token_strip)
    assert strip.role() == Role.List
    assert strip.childCount() == 10
    chased, cat, last = strip.child(2), strip.child(7), strip.child(9)
    assert chased.role() == Role.ListItem
    assert chased.text(Name) == "chased (2), 92%"
    assert cat.text(Name) == "cat (7), the query, 1%"
    assert cat.text(Description) == "cat (7) looks most at chased (2), 92%"
    assert chased.text(Description) == "How much the query cat (7) looks at this token"
    assert last.text(Name) == "the (9), hidden by the mask"
    assert strip.child(10) is None


def test_the_query_token_is_selected_and_the_others_are_not(window):
    window.state.set_query(7)
    strip = node(window.token_strip)
    selected = [i for i in range(strip.childCount()) if strip.child(i).state().selected]
    assert selected == [7]
    assert all(strip.child(i).state().selectable for i in range(10))


def test_token_items_sit_where_their_chips_are_painted(window):
    strip = node(window.token_strip)
    item = strip.child(4)
    assert item.parent() is strip
    assert strip.indexOfChild(item) == 4
    centre = item.rect().center()
    assert strip.childAt(centre.x(), centre.y()) is item
    local = window.token_strip.mapFromGlobal(centre)
    assert window.token_strip.chip_rect(4).contains(local.toPointF())


def test_pressing_a_token_item_makes_it_the_query(window):
    press(node(window.token_strip).child(4))
    assert window.state.query == 4
    assert window.readout.text().startswith("dog (4)")


def test_the_focused_strip_reports_the_query_as_its_focused_item(qtbot, window):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    window.state.set_query(5)
    strip = node(window.token_strip)
    assert strip.focusChild() is strip.child(5)
    assert strip.child(5).state().focused
    assert not strip.child(4).state().focused


def test_keys_move_the_query_item(qtbot, window):
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    qtbot.keyClick(window.token_strip, Qt.Key.Key_End)
    assert node(window.token_strip).focusChild().text(Name).startswith("the (9), the query")
    qtbot.keyClick(window.token_strip, Qt.Key.Key_Home)
    assert node(window.token_strip).focusChild().text(Name).startswith("the (0), the query")


def test_a_new_sentence_gives_new_items(window):
    window.state.set_sentence("a b a b")
    strip = node(window.token_strip)
    assert strip.childCount() == 4
    assert strip.child(3).text(Name).startswith("b (3)")


# -- the readout -----------------------------------------------------------------------


def test_the_readout_sentence_is_its_name(window):
    window.state.set_query(7)
    readout = node(window.readout)
    assert readout.text(Name) == "cat (7) looks most at chased (2), 92%"
    window.state.set_query(6)
    assert readout.text(Name) == "the (6) is split between cat (1) and dog (4), 48% each"


# -- the heatmap -----------------------------------------------------------------------


def test_the_heatmap_is_a_table_of_headers_and_cells(window):
    table = node(window.heatmap)
    assert table.role() == Role.Table
    n = 10
    assert table.childCount() == n + n * (n + 1)
    roles = [table.child(i).role() for i in range(table.childCount())]
    assert roles[:n] == [Role.ColumnHeader] * n
    assert roles[n] == Role.RowHeader
    assert roles.count(Role.Cell) == n * n
    assert table.child(2).text(Name) == "key chased (2)"


def cell(table, row, column, n=10):
    return table.child(n + row * (n + 1) + column + 1)


def test_a_cell_names_its_weight_row_and_column(window):
    window.state.set_query(7)
    table = node(window.heatmap)
    chased = cell(table, 7, 2)
    assert chased.role() == Role.Cell
    assert chased.text(Name) == f"query cat 7, key chased 2: {w(0.92)}"
    position = chased.tableCellInterface()
    assert (position.rowIndex(), position.columnIndex()) == (7, 2)
    assert [h.text(Name) for h in position.rowHeaderCells()] == ["query cat (7), the query"]
    assert [h.text(Name) for h in position.columnHeaderCells()] == ["key chased (2)"]
    assert position.table() is table
    assert table.indexOfChild(chased) == 10 + 7 * 11 + 3


def test_masked_cells_say_so_and_follow_the_mask(window):
    table = node(window.heatmap)
    assert cell(table, 2, 5).text(Name) == "query chased 2, key . 5: hidden by the mask"
    window.state.set_causal(False)
    assert "hidden" not in cell(table, 2, 5).text(Name)


def test_the_query_row_is_selected(window):
    window.state.set_query(3)
    table = node(window.heatmap)
    assert cell(table, 3, 0).state().selected
    assert cell(table, 3, 0).tableCellInterface().isSelected()
    assert not cell(table, 4, 0).state().selected
    assert table.child(10 + 3 * 11).state().selected  # the row header


def test_pressing_a_cell_makes_its_row_the_query_and_hit_testing_finds_it(window):
    table = node(window.heatmap)
    target = cell(table, 4, 1)
    centre = target.rect().center()
    assert table.childAt(centre.x(), centre.y()).text(Name) == target.text(Name)
    press(target)
    assert window.state.query == 4


# -- one-of-several choices -----------------------------------------------------------


def test_head_buttons_are_radio_buttons_with_their_key(window):
    buttons = [node(b) for b in window.head_selector.buttons.values()]
    assert {b.role() for b in buttons} == {Role.RadioButton}
    third = node(window.head_selector.buttons["induction"])
    assert third.text(Name) == "Induction head, key 3"
    assert third.actionInterface().keyBindingsForAction(PRESS) == ["3"]
    press(third)
    assert window.state.head_id == "induction"
    assert [b.state().checked for b in buttons] == [False, False, True, False, False]


def test_presets_are_radio_buttons(window):
    window.side_tabs.setCurrentWidget(window.pages["width"])
    buttons = window.side_tabs.view("width").preset_buttons
    assert {node(b).role() for b in buttons.values()} == {Role.RadioButton}
    checked = [pid for pid, b in buttons.items() if node(b).state().checked]
    assert checked == [window.state.preset_id]


def test_theme_menu_items_are_radio_buttons(window):
    menu = window.menus.theme_actions.actions()[0].associatedObjects()[0]
    items = [node(menu).child(i) for i in range(node(menu).childCount())]
    assert [i.role() for i in items] == [Role.RadioButton] * 3
    assert [i.state().checked for i in items] == [True, False, False]
    items[1].actionInterface().doAction(PRESS)
    assert window.state.theme_id == "dark"
    assert [i.state().checked for i in items] == [False, True, False]


# -- mini maps, tabs, splitter --------------------------------------------------------


def test_mini_maps_are_focusable_buttons_that_select_their_head(qtbot, window):
    window.side_tabs.setCurrentWidget(window.pages["heads"])
    mini = window.head_grid.maps["first_token"]
    button = node(mini)
    assert button.role() == Role.Button
    assert button.state().focusable
    assert button.text(Name) == "First token head, small map, key 4"
    press(button)
    assert window.state.head_id == "first_token"
    assert button.text(Description) == f"Selected. {head_summary(mini.head.id)}"
    broad = window.head_grid.maps["broad"]
    broad.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(broad.hasFocus)
    qtbot.keyClick(broad, Qt.Key.Key_Space)
    assert window.state.head_id == "broad"
    assert button.text(Description) == head_summary(mini.head.id)


def test_the_tab_list_has_its_own_name_and_tabs_that_open_pages(window):
    tabs = node(window.side_tabs.tabBar())
    assert tabs.role() == Role.PageTabList
    assert tabs.text(Name) == "Side panel pages"
    names = [tabs.child(i).text(Name) for i in range(tabs.childCount())]
    assert names[:2] == ["Heads", "Card"] and "Width" in names
    press(tabs.child(names.index("Width")))
    assert window.side_tabs.current_name() == "width"
    assert tabs.child(names.index("Width")).state().selected


def test_splitter_handles_are_named_separators(window):
    for index in range(window.splitter.count()):
        handle = node(window.splitter.handle(index))
        assert handle.role() == Role.Separator
        assert handle.text(Name)


def test_the_stage_is_read_before_the_side_panel_and_tabs_before_their_page(window):
    splitter = node(window.splitter)
    roles = [splitter.child(i).role() for i in range(splitter.childCount())]
    assert roles[1] == Role.Separator
    first_pane = [i.role() for i in walk(splitter.child(0))]
    assert Role.Table in first_pane  # the heatmap, then the divider, then the side panel
    assert splitter.child(2).object() is window.side_tabs
    tabs = node(window.side_tabs)
    assert tabs.child(0).role() == Role.PageTabList
    assert tabs.indexOfChild(tabs.child(1)) == 1


def test_the_sentence_fields_clear_button_has_a_name(window):
    field = node(window.sentence_editor.edit)
    buttons = [field.child(i) for i in range(field.childCount())]
    assert [b.text(Name) for b in buttons if b.role() == Role.Button] == ["Clear Sentence"]


def walk(iface, depth=0):
    yield iface
    if depth < 40:
        for i in range(iface.childCount()):
            child = iface.child(i)
            if child is not None and child.isValid():
                yield from walk(child, depth + 1)


def test_every_interactive_node_has_a_name_and_no_node_is_unknown(window):
    unnamed, unknown = [], []
    for iface in walk(node(window)):
        state = iface.state()
        if state.invisible:
            continue
        actions = iface.actionInterface()
        interactive = state.focusable or (actions is not None and actions.actionNames())
        if interactive and not iface.text(Name).strip():
            unnamed.append(f"{iface.role()} {iface.object()}")
        if iface.role() in (Role.NoRole, Role.Grip):
            unknown.append(f"{iface.role()} {iface.object()}")
    assert not unnamed, unnamed
    assert not unknown, unknown


# -- events ----------------------------------------------------------------------------


@pytest.fixture
def heard(monkeypatch):
    """Pretend a screen reader listens and record what it would be told."""
    said = []

    def record(event):
        iface = event.accessibleInterface()
        name = iface.text(Name) if iface is not None else None
        message = event.message() if isinstance(event, QAccessibleAnnouncementEvent) else None
        said.append((event.type(), name, message))

    monkeypatch.setattr(events, "is_active", lambda: True)
    monkeypatch.setattr(events, "send", record)
    return said


def test_a_new_query_on_the_focused_strip_moves_the_focus_and_selection(qtbot, window, heard):
    window.state.set_query(3)
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    heard.clear()
    window.state.set_query(7)
    # The focused item moves, and it says the readout as its description: said once,
    # not announced a second time.
    assert [m for _t, _n, m in heard if m is not None] == []
    assert (QAccessible.Event.Focus, "cat (7), the query, 1%", None) in heard
    focused = node(window.token_strip).focusChild()
    assert focused.text(Description) == "cat (7) looks most at chased (2), 92%"


def test_a_new_query_from_elsewhere_is_announced(qtbot, window, heard):
    window.state.set_query(3)
    window.mask_toggle.setFocus()
    qtbot.waitUntil(window.mask_toggle.hasFocus)
    heard.clear()
    window.state.set_query(7)
    announced = [m for _t, _n, m in heard if m is not None]
    assert announced == ["cat (7) looks most at chased (2), 92%."]


def test_the_old_query_item_is_told_it_is_no_longer_selected(window, heard):
    window.state.set_query(3)
    strip = node(window.token_strip)
    strip.child(3), strip.child(7)  # a screen reader has met both items
    heard.clear()
    window.state.set_query(7)
    changed = [n for t, n, _m in heard if t == QAccessible.Event.StateChanged]
    assert "the (3), 1%" in changed
    assert "cat (7), the query, 1%" in changed


def test_without_a_screen_reader_nothing_is_sent(monkeypatch, window):
    sent = []
    monkeypatch.setattr(events, "send", sent.append)
    monkeypatch.setattr(events, "is_active", lambda: False)
    window.state.set_query(7)
    window.state.set_head("broad")
    assert sent == []


def test_the_heatmap_tells_which_row_is_selected_now(window, heard):
    window.state.set_query(3)
    table = node(window.heatmap)
    table.child(10 + 3 * 11), table.child(10 + 7 * 11), cell(table, 7, 2)  # met before
    heard.clear()
    window.state.set_query(7)
    changed = [n for t, n, _m in heard if t == QAccessible.Event.StateChanged]
    assert "query the (3)" in changed
    assert "query cat (7), the query" in changed
    assert f"query cat 7, key chased 2: {w(0.92)}" in changed
    assert (QAccessible.Event.VisibleDataChanged, "Attention weights heatmap", None) in heard


def test_down_among_the_heads_puts_the_news_where_the_focus_arrives_without_an_event(
    qtbot, window, heard
):
    """Orca reads the new focus's description as it presents it: an event for the same
    news made it say it twice. Where the focus arrived with the key, no event."""
    selected = window.head_selector.group.checkedButton()
    selected.setFocus()
    qtbot.waitUntil(selected.hasFocus)
    heard.clear()
    qtbot.keyClick(selected, Qt.Key.Key_Down)
    focused = QApplication.focusWidget()
    assert focused is not selected and focused.isChecked()
    news = node(focused).text(Description)
    assert news.startswith(f"{head_name(window.state.head_id)} head.")
    name = node(focused).text(Name)

    def described() -> list[str]:  # the heatmap's own description follows the head too
        return [n for t, n, _m in heard if t == QAccessible.Event.DescriptionChanged and n == name]

    assert described() == []
    # Nor one of Qt's: setting the widget's own description would send one.
    assert focused.accessibleDescription() != news
    # The focus stays: the next change (the mask) is news for the same button, and said.
    qtbot.wait(20)  # the key is over: the focus has settled where it arrived
    heard.clear()
    window.state.toggle("causal")
    assert node(focused).text(Description).startswith("Causal mask: off.")
    assert described() == [name]
    # When the focus leaves, the button's own description comes back, unsaid.
    window.token_strip.setFocus()
    qtbot.waitUntil(window.token_strip.hasFocus)
    assert node(focused).text(Description) == focused.accessibleDescription()
