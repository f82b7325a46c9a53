"""The side pages' pictures, as a screen reader reads them (in-process, through Qt)."""

from PySide6.QtGui import QAccessible

from app.text.numbers import weight_text as w  # the heatmap's number format

Name = QAccessible.Text.Name


def lines(widget):
    picture = QAccessible.queryAccessibleInterface(widget)
    assert picture.role() == QAccessible.Role.Graphic
    return [picture.child(i).text(Name) for i in range(picture.childCount())]


def test_the_steps_page_reads_the_query_row_of_each_stage(window):
    window.side_tabs.setCurrentWidget(window.pages["steps"])
    window.state.set_query(7)
    scores, masked, weights = lines(window.side_tabs.view("steps").canvas)
    assert scores.startswith("Scores, query cat (7): the (0) 2, cat (1) 0, chased (2) 5")
    assert masked.endswith("chased (8) −∞, the (9) −∞")
    assert weights.startswith(
        f"Weights, query cat (7): the (0) {w(0.05)}, cat (1) {w(0.01)}, chased (2) {w(0.92)}"
    )
    assert weights.endswith("the (9) hidden by the mask")


def test_the_steps_page_follows_the_query_and_the_mask(window):
    window.side_tabs.setCurrentWidget(window.pages["steps"])
    window.state.set_causal(False)
    window.state.set_query(2)
    read = lines(window.side_tabs.view("steps").canvas)
    assert len(read) == 2  # no masked stage with the mask off
    assert read[1].startswith("Weights, query chased (2):")
    assert "hidden" not in read[1]


def test_the_two_layer_story_reads_chips_then_numbers(window):
    window.side_tabs.setCurrentWidget(window.pages["story"])
    story = window.side_tabs.view("story")
    first = lines(story.canvas)
    assert first[7] == "cat (7), the query"
    story.next_button.click()
    second = lines(story.canvas)
    assert second[2] == "chased (2), carries cat (1) from the token before it"
    assert second[-1].startswith("Layer 1")
    assert f"the (6) {w(1.0)}" in second[-1]


def test_the_learned_page_reads_its_large_map_and_readout(window):
    window.side_tabs.setCurrentWidget(window.pages["learned"])
    view = window.side_tabs.view("learned")
    (large,) = lines(view.big_map)
    assert ", query cat (7): the (0) " in large
    readout = QAccessible.queryAccessibleInterface(view.readout)
    assert readout.text(Name) == view.readout.text()
    assert readout.text(Name).startswith("cat (7) looks most at")


def test_learned_small_maps_are_buttons_that_select_their_head(window):
    window.side_tabs.setCurrentWidget(window.pages["learned"])
    maps = list(window.side_tabs.view("learned").grid.maps.values())
    assert len(maps) == 4  # two layers of two heads
    first = QAccessible.queryAccessibleInterface(maps[0])
    assert first.role() == QAccessible.Role.Button
    title_before = lines(window.side_tabs.view("learned").big_map)[0]
    first.actionInterface().doAction("Press")
    assert lines(window.side_tabs.view("learned").big_map)[0] != title_before
    assert lines(window.side_tabs.view("learned").big_map)[0].startswith(maps[0].title)
