"""The width drawing: to scale, every bar labelled, neighbouring heads apart, captions whole."""

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor

import core
from app.model.results import compute_shape
from app.panels.width_diagram import (
    MARGIN,
    SLICE_COLOURS,
    WidthDiagram,
    bars,
    captions,
    slice_colour,
)
from app.ui.theme import THEMES
from tests.app.panel_harness import in_side_panel


def shape_of(preset_id, n_heads=None, n_kv=None):
    preset = core.PRESETS[preset_id]
    h = n_heads or preset.n_heads
    return compute_shape(preset_id, h, n_kv or h)


@pytest.fixture
def diagram(qtbot):
    view = WidthDiagram()
    qtbot.addWidget(view)
    return view


def show(qtbot, view, shape, width):
    view.show_shape(shape)
    view.resize(width, view.heightForWidth(width))
    view.show()
    qtbot.waitExposed(view)
    view.grab()
    return view.bar_rects


def test_the_concatenation_is_exactly_as_long_as_the_vector(qtbot, diagram):
    vector, queries, kv, concat, output = show(qtbot, diagram, shape_of("transformer_base"), 500)
    assert concat.width() == pytest.approx(vector.width())
    assert queries.width() == pytest.approx(vector.width())
    assert output.width() == pytest.approx(vector.width())
    assert vector.width() == pytest.approx(500 - 2 * MARGIN)


def test_shared_keys_and_values_are_drawn_to_scale(qtbot, diagram):
    shape = shape_of("transformer_base", 8, 2)
    vector, _, kv, _, _ = show(qtbot, diagram, shape, 500)
    assert kv.width() == pytest.approx(vector.width() * 2 * 64 / 512)
    assert "each shared by 4 query heads" in captions(shape)[2]


@pytest.mark.parametrize("preset_id", list(core.PRESETS))
def test_every_bar_is_labelled_with_its_width(preset_id):
    shape = shape_of(preset_id)
    labels = [bar.label for bar in bars(shape)]
    assert labels[0] == labels[-1] == f"{shape.d_model:,}"  # the vector and the output
    assert labels[1] == labels[3] == f"{shape.n_heads} × {shape.d_k}"
    assert f"{shape.d_model:,} × {shape.d_model:,}" in captions(shape)[-1]


def test_neighbouring_heads_never_share_a_colour_up_to_96_heads():
    for h in range(1, 97):
        colours = [slice_colour(i) for i in range(h)]
        assert all(a != b for a, b in zip(colours, colours[1:], strict=False)), h
    eight = [slice_colour(i) for i in range(8)]
    assert len(set(eight)) == 8  # Transformer base: heads 1 and 8 differ too
    assert len(set(SLICE_COLOURS)) == len(SLICE_COLOURS)


def test_the_painted_slices_have_the_colours_they_claim(qtbot, diagram):
    _, queries, *_ = show(qtbot, diagram, shape_of("transformer_base"), 800)
    image = diagram.grab().toImage()
    slice_w = queries.width() / 8
    for i in (0, 7):
        x = int(queries.left() + slice_w * (i + 0.15))
        y = int(queries.top() + 3)
        assert image.pixelColor(QPoint(x, y)) == QColor(slice_colour(i)), i


@pytest.mark.parametrize("theme_id", list(THEMES))
@pytest.mark.parametrize("preset_id", list(core.PRESETS))
def test_captions_are_never_cut_in_a_narrow_panel(qtbot, theme_id, preset_id):
    view = WidthDiagram()
    view.set_theme(THEMES[theme_id])
    view.setStyleSheet("font-size: 28px")
    view.show_shape(shape_of(preset_id))
    scroll = in_side_panel(qtbot, view, (380, 600))  # noqa: F841 (kept alive)
    qtbot.waitUntil(lambda: view.height() >= view.heightForWidth(view.width()))
    for text, _bar in view.row_rects(view.width()):
        assert text.right() <= view.width()
    rows = view.row_rects(view.width())
    for (_, upper), (lower_text, _) in zip(rows, rows[1:], strict=False):
        assert lower_text.top() > upper.bottom()  # no caption over a bar


def test_bars_grow_with_the_room(qtbot, diagram):
    narrow = show(qtbot, diagram, shape_of("gpt2_small"), 400)[0].height()
    wide = show(qtbot, diagram, shape_of("gpt2_small"), 900)[0].height()
    assert wide > narrow


def test_the_width_page_grown_wider_leaves_no_blank_bands(qtbot):
    """Laid out narrow, then wide (a window that grows, presenter mode): the page is as
    tall as its rows at the new width. Before, the drawing's and the formulas' smallest
    heights stayed those of the narrow width, and the scroll area spread the surplus as
    blank bands above the drawing (about 290 px in presenter at 1280x720)."""
    from app.model.state import AppState
    from app.panels.preset_panel import PresetPanel

    panel = PresetPanel(AppState(lesson_sentence=lambda: "the cat"))
    panel.show_shape(shape_of("transformer_base"))
    scroll = in_side_panel(qtbot, panel, (320, 600))
    qtbot.waitUntil(lambda: panel.width() > 200)
    font = panel.font()
    font.setPixelSize(28)  # a room's larger text, laid out narrow first
    panel.setFont(font)
    qtbot.waitUntil(lambda: panel.height() > 2000)
    scroll.resize(1250, 600)
    layout = panel.layout()
    qtbot.waitUntil(lambda: panel.width() > 1100)
    qtbot.waitUntil(lambda: panel.height() == layout.totalHeightForWidth(panel.width()))
    assert panel.wide  # 1,250 px is wider than 38 ems of 28 px: two columns
    controls, formula, drawing = (
        panel.controls.geometry(),
        panel.formula.geometry(),
        panel.diagram.geometry(),
    )
    assert formula.top() - controls.bottom() - 1 == layout.verticalSpacing()  # no band
    assert drawing.top() == controls.top() == 0
    assert panel.height() == max(formula.bottom(), drawing.bottom()) + 1


def test_the_width_page_stands_in_two_columns_when_wide_and_one_when_narrow(qtbot):
    """Wide, the drawing stands beside the controls, from the page's top, so that all of
    it is above the fold (in one column it ended 230 px below it in presenter mode at
    1280x720); narrow, it comes straight under the controls, before the formulas."""
    from app.model.state import AppState
    from app.panels.preset_panel import PresetPanel

    panel = PresetPanel(AppState(lesson_sentence=lambda: "the cat"))
    panel.show_shape(shape_of("gpt3_175b"))
    scroll = in_side_panel(qtbot, panel, (1000, 600))
    qtbot.waitUntil(lambda: panel.width() > 900 and panel.diagram.x() > 0)
    assert panel.wide
    controls, drawing = panel.controls.geometry(), panel.diagram.geometry()
    assert drawing.left() > controls.right() and drawing.top() == 0
    assert drawing.bottom() < 600
    scroll.resize(420, 600)
    qtbot.waitUntil(lambda: panel.width() < 420 and panel.diagram.y() > 0)
    assert not panel.wide
    controls, drawing = panel.controls.geometry(), panel.diagram.geometry()
    formula = panel.formula.geometry()
    assert controls.bottom() < drawing.top() < formula.top()
    assert drawing.left() == controls.left()
