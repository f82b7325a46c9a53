"""Every control in both directions: state -> widget, and user action -> state."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible

import core
from app.text.wording import head_summary
from app.window import commands
from app.window.help_dialog import shortcut_table
from app.window.shortcuts import SHORTCUTS


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, key, modifier)


def click_center(qtbot, widget, rect):
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())


# -- head selector ---------------------------------------------------------------------


def test_state_head_checks_its_button_and_shows_its_summary(window):
    window.state.set_head("broad")
    assert window.head_selector.buttons["broad"].isChecked()
    assert not window.head_selector.buttons["induction"].isChecked()
    assert head_summary("broad") in window.head_selector.summary.text()


def test_clicking_a_head_button_selects_the_head(qtbot, window):
    qtbot.mouseClick(window.head_selector.buttons["same_word"], Qt.MouseButton.LeftButton)
    assert window.state.head_id == "same_word"
    assert window.heatmap.title.text() == "Same word head — causal mask on"


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_number_keys_select_heads(qtbot, window, number):
    press(qtbot, window, getattr(Qt.Key, f"Key_{number}"))
    assert window.state.head_id == list(core.HEADS)[number - 1]


# -- token strip and readout --------------------------------------------------------------


def test_clicking_the_second_cat_on_induction_reads_chased_92(qtbot, window):
    window.state.set_query(0)
    strip = window.token_strip
    click_center(qtbot, strip, strip.chip_rect(7))
    assert window.state.query == 7
    assert "chased (2)" in window.readout.text()
    assert "92%" in window.readout.text()
    assert window.readout.text() == "cat (7) looks most at chased (2), 92%"


def test_a_tie_is_said_as_a_tie(window):
    window.state.set_query(6)
    assert window.readout.text() == "the (6) is split between cat (1) and dog (4), 48% each"


def test_state_query_moves_the_strip_highlight(window):
    window.state.set_query(3)
    strip = QAccessible.queryAccessibleInterface(window.token_strip)
    assert "The query is the (3)" in strip.text(QAccessible.Text.Description)
    assert "the (3)" in window.readout.text()


def test_arrow_keys_move_the_query_and_stop_at_the_ends(qtbot, window):
    window.state.set_query(1)
    press(qtbot, window, Qt.Key.Key_Left)
    assert window.state.query == 0
    press(qtbot, window, Qt.Key.Key_Left)
    assert window.state.query == 0
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.state.query == 1


def test_strip_shading_follows_the_query_row(window):
    window.state.set_query(7)
    image = window.token_strip.grab().toImage()
    strip = window.token_strip

    def corner(i):
        r = strip.chip_rect(i)
        return image.pixelColor(QPoint(int(r.left() + 8), int(r.top() + 8)))

    # 'chased' (2) gets 92% and is shaded strongly; 'dog' (4) gets 1% and is near white.
    assert corner(2).lightness() < corner(4).lightness() - 60
    # later tokens are hidden: drawn in the masked grey, not the attention colour
    hidden = corner(9)
    assert abs(hidden.red() - hidden.blue()) < 20


# -- mask toggle -------------------------------------------------------------------------------


def test_mask_toggle_in_both_directions(qtbot, window):
    window.state.set_causal(False)
    assert not window.mask_toggle.isChecked()
    assert window.mask_toggle.text() == "Causal mask: off"
    qtbot.mouseClick(window.mask_toggle, Qt.MouseButton.LeftButton)
    assert window.state.causal is True
    press(qtbot, window, Qt.Key.Key_M)
    assert window.state.causal is False
    assert window.controller.attention.selected[0, 9] > 0  # upper triangle filled in


def test_rows_renormalise_when_the_mask_goes_off(window):
    on = window.controller.attention.selected.copy()
    window.state.set_causal(False)
    off = window.controller.attention.selected
    assert (on[core.causal_mask(10)] == 0).all()
    assert (off[core.causal_mask(10)] > 0).all()
    assert abs(off.sum(axis=1) - 1).max() < 1e-12


# -- heatmap -----------------------------------------------------------------------------------


def test_clicking_a_cell_makes_its_row_the_query(qtbot, window):
    heatmap = window.heatmap
    pos = heatmap.graphics.mapFrom(heatmap, heatmap.cell_rect(4, 1).center().toPoint())
    qtbot.mouseClick(heatmap.graphics.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert window.state.query == 4


def test_heatmap_is_static(window):
    plot = window.heatmap.plot
    assert not any(plot.getViewBox().state["mouseEnabled"])
    assert plot.getViewBox().menu is None or not plot.menuEnabled()


# -- mini maps -------------------------------------------------------------------------------


def test_clicking_a_mini_map_selects_its_head(qtbot, window):
    window.side_tabs.setCurrentWidget(window.pages["heads"])
    mini = window.head_grid.maps["first_token"]
    qtbot.mouseClick(mini, Qt.MouseButton.LeftButton, pos=mini.map_rect().center().toPoint())
    assert window.state.head_id == "first_token"
    # The selected map says so and keeps its summary; the others keep theirs.
    assert mini.accessibleDescription() == f"Selected. {head_summary(mini.head.id)}"
    induction = window.head_grid.maps["induction"]
    assert induction.accessibleDescription() == head_summary(induction.head.id)


def test_state_head_outlines_its_mini_map(window):
    window.state.set_head("broad")
    mini = window.head_grid.maps["broad"]
    image = mini.grab().toImage()
    rect = mini.map_rect()
    edge = image.pixelColor(QPoint(int(rect.center().x()), int(rect.top() - 2)))
    assert edge.name() == window.theme.query


# -- presets -------------------------------------------------------------------------------------


def test_preset_state_updates_the_panel(window):
    window.state.set_preset("gpt2_small")
    panel = window.side_tabs.view("width")
    assert panel.preset_buttons["gpt2_small"].isChecked()
    assert panel.figures["weights"].text() == "2,359,296"
    assert panel.figures["d_k"].text() == "64"
    window.state.set_preset("gpt3_175b")
    assert panel.figures["d_model"].text() == "12,288"
    assert panel.figures["heads"].text() == "96"
    assert panel.figures["d_k"].text() == "128"
    assert panel.figures["weights"].text() == "603,979,776"


def test_clicking_a_preset_button_switches_model(qtbot, window):
    qtbot.mouseClick(
        window.side_tabs.view("width").preset_buttons["gpt2_small"], Qt.MouseButton.LeftButton
    )
    assert (window.state.preset_id, window.state.n_heads) == ("gpt2_small", 12)


def test_heads_slider_only_lands_on_divisors_and_keeps_the_count(window):
    window.state.set_preset("gpt2_small")
    slider = window.side_tabs.view("width").heads_slider
    seen = set()
    for index in range(slider.minimum(), slider.maximum() + 1):
        slider.setValue(index)
        assert 768 % window.state.n_heads == 0
        assert window.side_tabs.view("width").figures["weights"].text() == "2,359,296"
        assert window.side_tabs.view("width").figures["d_k"].text() == str(
            768 // window.state.n_heads
        )
        seen.add(window.state.n_heads)
    assert seen == set(core.valid_head_counts(768))


def test_kv_slider_shrinks_the_projection_count(window):
    window.state.set_preset("gpt2_small")
    window.side_tabs.view("width").kv_slider.setValue(0)  # one shared key/value head
    assert window.state.n_kv_heads == 1
    expected = core.projection_weights(768, 12, 1)
    assert window.side_tabs.view("width").figures["weights"].text() == f"{expected:,}"
    assert "fewer" in window.side_tabs.view("width").note.text()


def test_a_preset_switch_causes_exactly_one_recompute(window):
    before = dict(window.controller.recomputes)
    window.state.set_preset("gpt3_175b")
    assert window.controller.recomputes["shape"] == before["shape"] + 1
    assert window.controller.recomputes["attention"] == before["attention"]


# -- menus, shortcuts, zoom, fullscreen ------------------------------------------------------------


def test_help_lists_every_shortcut_a_row_each(qtbot):
    table = shortcut_table()
    qtbot.addWidget(table)
    rows = [(table.item(r, 0).text(), table.item(r, 1).text()) for r in range(table.rowCount())]
    assert rows == [(" / ".join(s.keys), s.text()) for s in SHORTCUTS.values()]
    keys = {k for key, _text in rows for k in key.split(" / ")}
    assert {"1", "Left", "Right", "M", "F", "F1", "F10", "Ctrl+=", "Ctrl+-", "Ctrl+0"} <= keys
    assert table.item(0, 0).font().bold() and not table.item(0, 1).font().bold()
    # A screen reader names the table and reads the row in focus, which is the first.
    assert table.accessibleName() == "Keyboard shortcuts" and table.currentRow() == 0
    assert not table.tabKeyNavigation()  # Tab leaves the table; the arrows move in it


def test_zoom_keys_step_and_reset(qtbot, window):
    start = window.state.font_px
    press(qtbot, window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.state.font_px > start
    press(qtbot, window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert window.state.font_px == start
    press(qtbot, window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.state.font_px < start
    assert window.readout.font().pixelSize() == round(window.state.font_px * 1.5)


def test_f_toggles_fullscreen(qtbot, window):
    press(qtbot, window, Qt.Key.Key_F)
    qtbot.waitUntil(window.isFullScreen)
    press(qtbot, window, Qt.Key.Key_F)
    qtbot.waitUntil(lambda: not window.isFullScreen())


@pytest.mark.parametrize(
    ("size", "zoom"), [((1024, 768), 16), ((1920, 1080), 24), ((1024, 768), 28)]
)
def test_the_shortcut_list_fits_the_screen_and_shows_every_key(qtbot, window, size, zoom):
    """Help > Keyboard shortcuts (F1). At presenter sizes a message box grew past the
    bottom of the screen, its button out of reach."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.ui.theme import ZOOM_STEPS

    window.resize(*size)
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    seen = {}

    def inspect():
        dialog = next(
            w
            for w in QApplication.topLevelWidgets()
            if w.isVisible() and w.windowTitle() == "Keyboard shortcuts"
        )
        try:
            screen = dialog.screen().availableGeometry()
            seen["fits"] = dialog.height() <= screen.height() and dialog.width() <= screen.width()
            seen["text_px"] = dialog.table.font().pixelSize()
            table = dialog.table
            # every row is there, and what does not fit can be scrolled to
            rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
            seen["whole"] = table.rowCount() == len(SHORTCUTS)
            hidden = rows - table.viewport().height()
            bar = table.verticalScrollBar()
            seen["reachable"] = hidden <= 0 or bar.maximum() > 0
            texts = [table.item(r, 1).text() for r in range(table.rowCount())]
            seen["keys"] = texts == [s.text() for s in SHORTCUTS.values()]
            # A screen reader starts on the list, not on "Close", and Tab goes between them.
            # (the dialog's own focus widget: it need not be the active window yet)
            seen["list first"] = dialog.focusWidget() is table
            qtbot.keyClick(table, Qt.Key.Key_Tab)
            seen["tab to close"] = dialog.focusWidget() is dialog.close_button
            qtbot.keyClick(dialog.close_button, Qt.Key.Key_Tab)
            seen["tab back"] = dialog.focusWidget() is table
            qtbot.keyClick(dialog, Qt.Key.Key_Return)  # the default button closes it
        finally:
            dialog.close()  # whatever happened, the test must not hang on an open dialog

    QTimer.singleShot(200, inspect)
    commands.show_shortcuts(window)  # returns once the dialog is closed
    assert seen == {
        "fits": True,
        "text_px": window.state.font_px,  # the window's text size
        "whole": True,
        "reachable": True,
        "keys": True,
        "list first": True,
        "tab to close": True,
        "tab back": True,
    }
