"""Every control can be reached by keyboard, has a name, and shows where focus is."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QColor

from app.text.numbers import weight_text as w  # the heatmap's number format
from app.window.side_pages import PAGE_BY_NAME


def focus_chain(window):
    """Visible widgets that Tab reaches, in order, starting at the selected head."""
    first = window.head_selector.buttons[window.state.head_id]
    chain, widget = [], first
    for _ in range(400):
        if widget.isVisible() and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            chain.append(widget)
        widget = widget.nextInFocusChain()
        if widget is first:
            break
    return chain


def name_of(widget):
    text = widget.text() if hasattr(widget, "text") and callable(widget.text) else ""
    return widget.accessibleName() or text


@pytest.mark.parametrize("page", list(PAGE_BY_NAME))
def test_every_focusable_control_has_a_name(window, page):
    window.side_tabs.setCurrentWidget(window.pages[page])
    window.grab()
    chain = focus_chain(window)
    unnamed = [
        f"{type(w).__name__} in {type(w.parentWidget()).__name__}"
        for w in chain
        if not name_of(w).strip()
    ]
    assert not unnamed, unnamed


def test_keyboard_focus_is_visible(qtbot, window):
    button = window.head_selector.buttons["same_word"]
    before = button.grab().toImage()
    button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(button.hasFocus)
    after = button.grab().toImage()
    differing = sum(
        before.pixelColor(x, y) != after.pixelColor(x, y)
        for x in range(0, button.width(), 3)
        for y in range(0, button.height(), 3)
    )
    assert differing > 10  # the focus ring is drawn


def description(widget):
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Description)


def test_the_selected_row_is_available_as_text(window):
    # Read through the accessible node, as a screen reader does (the text is made when
    # asked for, not on every redraw).
    window.state.set_query(7)
    summary = description(window.heatmap)
    assert f"Row 7, cat: the {w(0.05)}, cat {w(0.01)}, chased {w(0.92)}" in summary
    assert summary.endswith("the hidden")
    assert "looks most at chased (2)" in description(window.token_strip)


def test_colour_is_never_alone(window):
    # The query chip says "query" in words and the hidden chips are dashed, not just grey.
    strip = window.token_strip
    image = strip.grab().toImage()
    hidden = strip.chip_rect(9)
    edge = image.pixelColor(int(hidden.center().x()), int(hidden.top() + 2))
    assert edge != QColor(window.theme.masked)  # a dashed border is drawn over the fill
