"""A one-of-several group is read as radio buttons, however its buttons were made."""

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QButtonGroup, QPushButton, QWidget

from app import accessibility
from app.accessibility.radio_group import one_tab_stop


def test_a_button_whose_node_was_made_before_its_group_is_still_a_radio_button(qtbot):
    accessibility.install()
    holder = QWidget()
    qtbot.addWidget(holder)
    group = QButtonGroup(holder)
    buttons = []
    for name in ("Transformer base", "GPT-2 small", "GPT-3 175B"):
        button = QPushButton(name, holder)
        button.setCheckable(True)
        # A screen reader asks for the node as soon as the name is set (a page built
        # while Orca listens): the node is made before the button is in its group.
        early = QAccessible.queryAccessibleInterface(button)
        assert early.role() == QAccessible.Role.CheckBox
        group.addButton(button)
        buttons.append(button)
    buttons[0].setChecked(True)
    one_tab_stop(group)
    for button in buttons:
        node = QAccessible.queryAccessibleInterface(button)
        assert node.role() == QAccessible.Role.RadioButton
    assert QAccessible.queryAccessibleInterface(buttons[0]).state().checked


def test_the_width_pages_presets_and_the_learned_sections_are_radio_buttons(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    for page, groups in (
        ("width", lambda v: [v.preset_group]),
        ("learned", lambda v: [b.group() for b in v.findChildren(QPushButton) if b.group()]),
    ):
        window.run_command(f"{page}_page")
        view = window.side_tabs.view(page)
        found = [g for g in groups(view) if g.exclusive()]
        assert found
        for group in found:
            for button in group.buttons():
                role = QAccessible.queryAccessibleInterface(button).role()
                assert role == QAccessible.Role.RadioButton, button.text()
