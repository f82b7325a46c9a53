"""The row that wraps like words: where its buttons stand at each width."""

from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from app.ui.flow_row import FlowRow


def _row(qtbot, width):
    holder = QWidget()
    qtbot.addWidget(holder)
    row = FlowRow(spacing=8)
    buttons = [QPushButton(f"button number {i}") for i in range(3)]
    for button in buttons:
        row.addWidget(button)
    QVBoxLayout(holder).addWidget(row)
    holder.resize(width, 300)
    holder.show()
    qtbot.waitExposed(holder)
    row.holder = holder  # the window lives as long as the row is tested
    return row, buttons


def test_a_wide_row_keeps_its_buttons_on_one_line_in_order(qtbot):
    row, buttons = _row(qtbot, 1200)
    tops = {b.geometry().top() for b in buttons}
    assert len(tops) == 1
    lefts = [b.geometry().left() for b in buttons]
    assert lefts == sorted(lefts)
    for a, b in zip(buttons, buttons[1:], strict=False):
        assert b.geometry().left() - a.geometry().right() - 1 == 8  # the spacing, no overlap


def test_a_narrow_row_wraps_and_grows_taller_and_shows_every_button_whole(qtbot):
    row, buttons = _row(qtbot, 1200)
    one_line = row.heightForWidth(1200)
    narrow = buttons[0].sizeHint().width() + 20
    row.parentWidget().resize(narrow + 20, 300)
    qtbot.waitUntil(lambda: len({b.geometry().top() for b in buttons}) == 3)
    assert row.heightForWidth(narrow) > 2 * one_line
    for button in buttons:
        assert button.geometry().width() == button.sizeHint().width()
        assert row.rect().contains(button.geometry())


def test_a_hidden_button_leaves_no_gap_and_comes_back_in_its_place(qtbot):
    row, buttons = _row(qtbot, 1200)
    second_left = buttons[1].geometry().left()
    buttons[1].hide()
    qtbot.waitUntil(lambda: buttons[2].geometry().left() == second_left)
    buttons[1].show()
    qtbot.waitUntil(lambda: buttons[2].geometry().left() > buttons[1].geometry().right())
    assert buttons[1].geometry().left() == second_left
