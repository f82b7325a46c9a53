"""The Width page's sliders read out the counts they stand for, not their positions."""

from PySide6.QtGui import QAccessible


def test_the_heads_slider_says_96_heads_not_position_12(qtbot, window):
    window.state.set_preset("gpt3_175b")
    window.open_page(window.pages["width"])
    panel = window.side_tabs.views["width"]
    slider = panel.heads_slider
    node = QAccessible.queryAccessibleInterface(slider)
    assert node.role() == QAccessible.Role.Slider
    value = node.valueInterface()
    assert value is not None
    assert slider.value() == slider.counts.index(96)  # the position, as Qt keeps it
    assert value.currentValue() == 96  # the count, as a screen reader reads it
    assert node.text(QAccessible.Text.Value) in ("96 heads", "96 Köpfe")
    assert (value.minimumValue(), value.maximumValue()) == (1, 12288)

    value.setCurrentValue(100)  # a screen reader's own value: the nearest allowed count
    assert window.state.n_heads == 96
    value.setCurrentValue(60)
    assert window.state.n_heads == 64
    assert value.currentValue() == 64
    one = slider.counts.index(1)
    slider.setValue(one)
    assert node.text(QAccessible.Text.Value) in ("1 head", "1 Kopf")


def test_the_key_value_slider_says_what_its_count_means(qtbot, window):
    window.state.set_preset("gpt2_small")
    window.open_page(window.pages["width"])
    slider = window.side_tabs.views["width"].kv_slider
    node = QAccessible.queryAccessibleInterface(slider)
    assert node.valueInterface().currentValue() == window.state.n_kv_heads == 12
    assert node.text(QAccessible.Text.Value) in ("12 key/value heads", "12 Key/Value-Köpfe")
