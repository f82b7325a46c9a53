"""The window fits 1024 x 768 without clipping and remembers its size."""

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from app.main_window import MainWindow
from app.theme import ZOOM_STEPS


def assert_nothing_clipped(qtbot, window):
    for button in window.head_selector.buttons.values():
        assert button.width() >= button.sizeHint().width(), button.text()
    window.side_tabs.setCurrentWidget(window.pages["width"])
    window.grab()  # lay out the page now shown
    for button in window.preset_panel.preset_buttons.values():
        assert button.width() >= button.minimumSizeHint().width(), button.text()
    panel = window.preset_panel
    assert panel.width() <= panel.parentWidget().width()  # no sideways clipping
    window.side_tabs.setCurrentWidget(window.pages["heads"])
    window.grab()
    for mini in window.head_grid.maps.values():
        assert mini.map_rect().width() >= 60
    assert window.mask_toggle.width() >= window.mask_toggle.sizeHint().width()
    strip = window.token_strip
    assert strip.height() >= strip.heightForWidth(strip.width())
    readout = window.readout
    assert readout.height() >= readout.heightForWidth(readout.width())
    heatmap = window.heatmap
    view = heatmap.plot.getViewBox()

    def plot_settled():
        # square cells, as large as fits, inside the room it has (the plot is placed a
        # few event-loop turns after a resize)
        inside = heatmap.host.rect().contains(heatmap.graphics.geometry())
        return inside and abs(view.width() - view.height()) <= 2

    qtbot.waitUntil(plot_settled, timeout=3000)
    assert view.width() >= 250


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize("sentence", [None, " ".join(f"w{i}" for i in range(64))])
def test_window_fits_without_clipping(qtbot, window, size, sentence):
    if sentence:
        window.state.set_sentence(sentence)
    window.resize(*size)
    qtbot.wait(30)
    assert window.width() == size[0] and window.height() == size[1]
    assert_nothing_clipped(qtbot, window)


def test_window_remembers_its_size(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.resize(1100, 700)
    first.show()
    qtbot.waitExposed(first)
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    assert (second.width(), second.height()) == (first.width(), first.height()) == (1100, 700)


def test_screenshot_command_writes_a_real_picture(tmp_path):
    path = tmp_path / "shot.png"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "--screenshot",
            str(path),
            "--head",
            "same_word",
            "--query",
            "0",
            "--no-mask",
            "--size",
            "1024x768",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1024, 768)
    colours = {image.pixel(x, y) for x in range(0, 1024, 16) for y in range(0, 768, 16)}
    assert len(colours) > 50  # a drawn window, not a blank one
    assert not (tmp_path / "config").exists() or not any((tmp_path / "config").rglob("*.conf"))


@pytest.mark.parametrize(
    ("size", "zoom"), [((1024, 768), 16), ((1024, 768), 20), ((1024, 768), 28), ((1920, 1080), 16)]
)
def test_axis_titles_fit_along_the_matrix(qtbot, window, size, zoom):
    """Long titles where they fit; at large text on a small screen, the short ones."""
    window.resize(*size)
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    view = window.heatmap.plot.getViewBox()
    qtbot.waitUntil(lambda: abs(view.width() - view.height()) <= 2, timeout=3000)
    qtbot.wait(20)
    view_rect = view.sceneBoundingRect()
    for side, room in (("top", view.width()), ("left", view.height())):
        label = window.heatmap.plot.getAxis(side).label
        assert label.isVisible()
        assert label.boundingRect().width() <= room, (side, label.toPlainText())
        # ...and centred along the matrix
        centre = label.sceneBoundingRect().center()
        along, middle = (
            (centre.x(), view_rect.center().x())
            if side == "top"
            else (
                centre.y(),
                view_rect.center().y(),
            )
        )
        assert abs(along - middle) <= 0.1 * room, (side, along, middle)
    if size == (1920, 1080):
        assert window.heatmap.plot.getAxis("left").label.toPlainText().startswith("queries (")


@pytest.mark.parametrize(
    ("size", "zoom"), [((1024, 768), 16), ((1024, 768), 28), ((1920, 1080), 28)]
)
def test_the_mask_legend_says_it_in_full_words(qtbot, window, size, zoom):
    """Large text on a small screen gets a shorter phrasing, not a cut-off one."""
    from app.panels.mask_legend import TEXT

    window.resize(*size)
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    legend = window.heatmap.legend
    # the legend spans the plot's host once the plot has been placed
    qtbot.waitUntil(lambda: legend.width() == legend.parentWidget().width(), timeout=3000)
    text = legend.shown_text()
    assert "…" not in text
    assert (
        legend.fontMetrics().horizontalAdvance(text) + legend.fontMetrics().height()
        < legend.width()
    )
    if zoom == 16:
        assert text == TEXT


@pytest.mark.parametrize(
    ("size", "zoom", "columns"),
    [((1024, 768), 16, 3), ((1024, 768), 28, 2), ((1920, 1080), 16, 3), ((1920, 1080), 28, 3)],
)
def test_small_map_titles_are_never_cut_off(qtbot, window, size, zoom, columns):
    """Names wrap onto two lines, and at large text the maps go two to a row."""
    window.resize(*size)
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    grid = window.head_grid
    qtbot.waitUntil(lambda: grid.columns == columns, timeout=3000)
    window.grab()  # lay out the page
    for head_id in ("previous_token", "induction"):
        window.state.set_head(head_id)  # selected titles are bold and may carry a marker
        for mini in grid.maps.values():
            lines = mini.title_lines()
            assert "…" not in "".join(lines), lines
            metrics = mini.fontMetrics()
            assert len(lines) * metrics.height() <= mini.map_rect().top()
            assert mini.map_rect().width() >= 60
    if size == (1920, 1080):
        assert all(len(m.title_lines()) == 1 for m in grid.maps.values())


@pytest.mark.parametrize("zoom", [16, 28])
def test_the_width_page_fits_at_every_text_size(qtbot, window, zoom):
    """Preset names, the figures' names and the diagram's captions are never cut off."""
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    window.side_tabs.setCurrentWidget(window.pages["width"])
    panel = window.preset_panel
    window.grab()  # lay out the page now shown
    for button in panel.preset_buttons.values():
        assert button.width() >= button.sizeHint().width(), button.text()
        assert panel.rect().contains(button.geometry()), button.text()
    for key, value in panel.figures.items():  # each figure's name ends before the figure
        name = panel.figure_names[key]
        assert name.geometry().right() < value.geometry().left(), name.text()
        assert name.height() >= name.heightForWidth(name.width()), name.text()
    diagram = panel.diagram
    assert diagram.height() >= diagram.heightForWidth(diagram.width())


@pytest.mark.parametrize("zoom", [16, 28])
def test_the_colour_bar_title_is_as_large_as_the_text(qtbot, window, zoom):
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    label = window.heatmap.colorbar.axis.label
    assert label.toPlainText().strip() == "weight"
    # the title lies on its side: its height is one line of text at the chosen size
    assert label.boundingRect().height() >= 1.4 * zoom  # a line of text and its margins
