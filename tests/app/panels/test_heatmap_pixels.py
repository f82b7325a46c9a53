"""Pixel probes on the rendered heatmap: what is drawn where."""

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor

from app.panels.heatmap_items import colour_of


def probe(window, query, key):
    """The colour near a cell's top-left corner, clear of its number and the outline."""
    heatmap = window.heatmap
    image = heatmap.grab().toImage()
    rect = heatmap.cell_rect(query, key)
    x, y = rect.left() + rect.width() * 0.2, rect.top() + rect.height() * 0.2
    return image.pixelColor(QPoint(int(x), int(y)))


def close(a: QColor, b: QColor, tolerance=8):
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def saturation(c: QColor) -> int:
    return max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue())


def test_masked_cells_are_drawn_in_the_masked_style(window):
    theme = window.theme
    masked, hatch = QColor(theme.masked), QColor(theme.hatch)
    for cell in ((0, 9), (3, 5), (7, 8)):
        colour = probe(window, *cell)
        # the flat neutral fill, a hatch line, or an antialiased mix of the two
        assert saturation(colour) <= max(saturation(masked), saturation(hatch)) + 4, cell
        assert min(hatch.lightness(), masked.lightness()) - 4 <= colour.lightness()
    # ...and never like a small weight, which is a dark, saturated purple
    assert not close(probe(window, 0, 9), colour_of(theme, 0.0), 40)


def test_unmasked_cells_follow_their_weight(window):
    theme = window.theme
    weights = window.controller.attention.selected
    for cell in ((7, 2), (7, 1), (0, 0), (6, 1), (4, 0)):
        expected = colour_of(theme, float(weights[cell]))
        assert close(probe(window, *cell), expected), (cell, probe(window, *cell).name())
    assert probe(window, 7, 2).lightness() > probe(window, 7, 1).lightness() + 80


def test_mask_off_paints_the_upper_triangle_with_weights(window):
    window.state.set_head("same_word")
    window.state.set_causal(False)
    weights = window.controller.attention.selected
    assert close(probe(window, 0, 9), colour_of(window.theme, float(weights[0, 9])))


def test_outline_follows_the_query(window):
    heatmap = window.heatmap
    query_colour = QColor(window.theme.query)

    def top_edge(query):
        image = heatmap.grab().toImage()
        rect = heatmap.cell_rect(query, 1)
        return image.pixelColor(QPoint(int(rect.center().x()), int(round(rect.top()))))

    window.state.set_query(7)
    assert close(top_edge(7), query_colour, 30)
    assert not close(top_edge(3), query_colour, 30)
    window.state.set_query(3)
    assert close(top_edge(3), query_colour, 30)
    assert not close(top_edge(7), query_colour, 30)


def test_numbers_are_written_in_large_cells_and_hidden_in_small_ones(window):
    assert window.heatmap.labels.visible_last_paint
    window.state.set_sentence(" ".join(["word"] * 64))
    window.heatmap.grab()
    assert not window.heatmap.labels.visible_last_paint


def test_each_theme_changes_the_heatmap_colours(window):
    seen = set()
    for theme_id in ("light", "dark", "projector"):
        window.state.set_theme(theme_id)
        seen.add(probe(window, 0, 9).name())
        assert close(probe(window, 7, 2), colour_of(window.theme, 0.917), 8)
    assert len(seen) == 3


def test_no_tick_marks_inside_the_cells(window):
    """Ticks drawn into the first column sat just before its numbers and read as
    minus signs ("-0.05"); every pixel along the cells' outer edges is the cell's."""
    heatmap = window.heatmap
    image = heatmap.grab().toImage()
    weights = window.controller.attention.selected
    n = len(weights)
    query = window.state.query  # its row wears the outline
    for row in (r for r in range(n) if r != query):  # the first column, inside its left edge
        rect = heatmap.cell_rect(row, 0)
        expected = colour_of(window.theme, float(weights[row, 0]))
        for dx in (1, 2):  # the tick ran 5 px in; the number starts a little later
            pixel = image.pixelColor(QPoint(int(rect.left()) + dx, int(rect.center().y())))
            assert close(pixel, expected, 40), (row, dx, pixel.name(), expected.name())
    rect = heatmap.cell_rect(0, 0)  # the first row, just inside its top edge
    pixel = image.pixelColor(QPoint(int(rect.center().x()), int(rect.top()) + 2))
    assert close(pixel, colour_of(window.theme, float(weights[0, 0])), 40)
