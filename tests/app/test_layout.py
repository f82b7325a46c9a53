"""The window fits 1024 x 768 without clipping and remembers its size."""

import os
import subprocess
import sys

import pytest
from layout_probe import measure
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget
from room_walk import cut_by_frame

from app.export.pictures import settle
from app.panels.heatmap_ticks import axis_titles
from app.panels.mask_legend import full_text
from app.text.i18n import install_language
from app.text.wording import translate
from app.ui.theme import ZOOM_STEPS
from app.window.main_window import MainWindow

# Every widget walked at every room size, mode and language; the fast subset leaves them out.
pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True, params=["en", "de"])
def language(request, qapp):
    """Every layout test runs in English and in German, the longer language."""
    install_language(request.param)
    yield request.param
    install_language("en")


def assert_nothing_clipped(qtbot, window):
    for button in window.head_selector.buttons.values():
        assert button.width() >= button.sizeHint().width(), button.text()
    window.side_tabs.setCurrentWidget(window.pages["width"])
    window.grab()  # lay out the page now shown
    for button in window.side_tabs.view("width").preset_buttons.values():
        assert button.width() >= button.minimumSizeHint().width(), button.text()
    panel = window.side_tabs.view("width")
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
        long_title = axis_titles("left")[0]  # "queries (who is looking)" in English
        assert window.heatmap.plot.getAxis("left").label.toPlainText().strip() == long_title


@pytest.mark.parametrize(
    ("size", "zoom"), [((1024, 768), 16), ((1024, 768), 28), ((1920, 1080), 28)]
)
def test_the_mask_legend_says_it_in_full_words(qtbot, window, size, zoom):
    """Large text on a small screen gets a shorter phrasing, not a cut-off one."""
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
        assert text == full_text()


@pytest.mark.parametrize(
    ("size", "zoom", "columns"),
    [((1024, 768), 16, 3), ((1024, 768), 28, 3), ((1920, 1080), 16, 3), ((1920, 1080), 28, 3)],
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
    panel = window.side_tabs.view("width")
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
    assert label.toPlainText().strip() == translate("HeatmapView", "weight")
    # the title lies on its side: its height is one line of text at the chosen size
    assert label.boundingRect().height() >= 1.4 * zoom  # a line of text and its margins


# -- the stage first (measured through the real entry point) ---------------------------------

ROOM_SIZES = [(1024, 768), (1280, 720), (1280, 800), (1366, 768), (1920, 1080)]
#: A room's smallest text: the cells' numbers included.
ROOM_TEXT_PX = 24


@pytest.mark.parametrize("mode", ["presenter", "kiosk"])
@pytest.mark.parametrize("size", ROOM_SIZES)
def test_a_room_sees_a_large_heatmap_with_its_numbers(mode, size, language):
    measured = measure(*size, mode=mode, args=("--language", language))[0]
    assert measured["window"] == list(size)
    assert measured["grid_share"] >= 0.55, measured
    assert measured["visible_share"] >= 0.55, measured
    assert measured["cell_px"] >= 40, measured
    assert measured["numbers_drawn"], measured
    # "0.92" (or "0,92") drawn at a room's size, fitting inside its cell
    assert measured["number_px"] >= ROOM_TEXT_PX, measured
    assert measured["number_width_px"] < measured["cell_px"], measured


@pytest.mark.parametrize("screen", [(1024, 768), (1920, 1080)])
def test_larger_text_never_makes_the_heatmap_smaller(screen):
    steps = measure(*screen, mode="normal", zoom_walk=True)
    default = steps[0]
    assert default["font_px"] == 16
    assert [s["font_px"] for s in steps] == list(ZOOM_STEPS[ZOOM_STEPS.index(16) :])
    # the window opened inside the screen's available area
    assert default["window"][0] <= screen[0] and default["window"][1] <= screen[1] - 40
    for step in steps[1:]:  # every press of Ctrl+=, up to the largest text
        assert step["grid_visible_px"] >= default["grid_px"], step
        assert step["numbers_drawn"], step
        assert step["number_px"] >= 16, step  # larger text, numbers at least as large


@pytest.mark.parametrize("screen", [(800, 600), (1024, 600), (3840, 2160)])
def test_a_first_window_fits_any_screen(screen):
    from app.launch import FRAME_ALLOWANCE, first_geometry

    x, y, w, h = first_geometry((0, 0, *screen))
    # (x, y) is the frame's corner: window and frame inside the screen
    assert x >= 0 and y >= 0
    assert x + w + FRAME_ALLOWANCE[0] <= screen[0]
    assert y + h + FRAME_ALLOWANCE[1] <= screen[1]
    if screen[0] > 2000:
        assert w >= 0.75 * screen[0]  # a large screen goes to the stage


def test_presenter_mode_leaves_the_saved_settings_as_they_were(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.state.set_theme("dark")
    first.state.set_zoom(ZOOM_STEPS.index(18))
    first.resize(1100, 700)
    first.show()
    qtbot.waitExposed(first)
    first.run_command("presenter")
    qtbot.waitUntil(first.isFullScreen)
    assert first.state.theme_id == "projector"
    first.close()  # quitting in presenter mode
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert second.state.theme_id == "dark"
    assert second.state.font_px == 18
    assert not second.isFullScreen()
    assert (second.width(), second.height()) == (1100, 700)
    assert second.menuBar().isVisible()


# -- nothing clipped, nothing overlapping ----------------------------------------------------


def _texts_fit(widget) -> str | None:
    """Why ``widget``'s text is cut off, or None when it fits."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    if isinstance(widget, QLabel) and widget.text() and not widget.pixmap():
        if widget.wordWrap():
            if widget.height() < widget.heightForWidth(widget.width()) - 1:
                return f"label {widget.text()[:40]!r} is cut at the bottom"
        elif widget.width() < widget.sizeHint().width() - 1 and "…" not in widget.text():
            return f"label {widget.text()[:40]!r} is cut at the side"
    button = isinstance(widget, QAbstractButton) and widget.text()
    if button and widget.width() < widget.minimumSizeHint().width() - 1:
        return f"button {widget.text()!r} is narrower than its text"
    return None


def _overlaps(parent) -> list[str]:
    """Visible child widgets of ``parent`` (laid out side by side) that overlap."""
    from PySide6.QtWidgets import QScrollBar, QStackedWidget

    children = [
        c
        for c in parent.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if c.isVisible() and not c.isWindow() and not isinstance(c, QScrollBar)
    ]
    if isinstance(parent, QStackedWidget):
        return []
    found = []
    for i, a in enumerate(children):
        for b in children[i + 1 :]:
            if a.geometry().intersected(b.geometry()).width() > 1 and (
                a.geometry().intersected(b.geometry()).height() > 1
            ):
                found.append(
                    f"{a.metaObject().className()} {a.accessibleName()!r} {a.geometry()} "
                    f"overlaps {b.metaObject().className()} {b.accessibleName()!r} {b.geometry()}"
                )
    return found


def walk_for_trouble(window) -> list[str]:
    """Every visible widget whose text is cut off, or that overlaps a sibling."""
    trouble = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible() or widget.isWindow() and widget is not window:
            continue
        reason = _texts_fit(widget)
        if reason:
            trouble.append(reason)
        trouble.extend(_overlaps(widget))
    return trouble


LAYOUT_SIZES = [(1024, 768), (1280, 720), (1280, 800), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("mode", ["normal", "presenter"])
@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_no_text_is_cut_and_nothing_overlaps(qtbot, window, mode, size):
    if mode == "presenter":
        window.run_command("presenter")
        window.showNormal()  # presenter mode at each screen size, as --size does
    window.resize(*size)
    view = window.heatmap.plot.getViewBox()
    qtbot.waitUntil(lambda: abs(view.width() - view.height()) <= 2, timeout=3000)
    if mode == "presenter":
        # In a window the menu bar takes a line from the room: the stage still shows whole.
        settle(window)
        window.grab()
        assert cut_by_frame(window.stage) == [], size
    for page in ("heads", "width"):
        window.open_page(window.pages[page])
        window.grab()
        assert walk_for_trouble(window) == [], (mode, size, page)
    if mode == "presenter":
        assert window.token_strip.label_px() >= 24
        for side in ("top", "left"):
            assert window.heatmap.plot.getAxis(side).style["tickFont"].pixelSize() >= 24
        assert window.heatmap.colorbar.axis.style["tickFont"].pixelSize() >= 24


@pytest.mark.parametrize(
    ("sentence", "line"),
    [
        ("the quick brown fox jumps over the dog. the quick brown fox jumps over the", {"32%"}),
        (
            "die Donaudampfschifffahrt überraschte die Straßenbahnhaltestelle . die "
            "Donaudampfschifffahrt überraschte die",
            {"32%", ""},  # German's "32 %" and "Anfrage" leave no room for a small line
        ),
    ],
    ids=["16 tokens", "long words"],
)
def test_a_narrow_room_keeps_its_chips_at_24_px_by_saying_less(qtbot, window, sentence, line):
    """At 1024x768 a presenter's chips for 16 tokens took an 18 px small line ("1 ·
    32%"), and the long-word sentence's words fell to 20 px. Now the small line says
    less at 24 px: the weight alone, or (words too long for two rows) nothing, the
    weight in the chip's colour; the words stay whole at 24 px."""
    from app.panels.chip_layout import small_line

    window.run_command("presenter")
    window.showNormal()
    window.resize(1024, 768)
    window.state.set_sentence(sentence)
    window.state.set_query(1)
    settle(window)
    window.grab()
    strip = window.token_strip
    assert strip.label_px() >= 24
    assert small_line(1, "32%", strip._compact) in line
    for position in range(len(window.state.tokens)):
        shown = strip.chip_words(position)
        assert shown.shown == shown.full and shown.px >= 24, shown


def test_the_kiosk_has_nothing_cut_or_overlapping(qtbot, window):
    from app.kiosk import KioskConfig, install_kiosk
    from app.kiosk.touch import KIOSK_FONT_PX

    kiosk = install_kiosk(window, KioskConfig(idle_seconds=600))
    try:
        qtbot.waitUntil(window.isFullScreen)
        window.grab()
        assert walk_for_trouble(window) == []
        assert cut_by_frame(window.stage) == []
        assert window.state.theme_id == "exhibit"
        assert window.token_strip.label_px() >= KIOSK_FONT_PX >= ROOM_TEXT_PX
        for axis in ("top", "left"):
            assert window.heatmap.plot.getAxis(axis).style["tickFont"].pixelSize() >= 24
        assert window.heatmap.colorbar.axis.style["tickFont"].pixelSize() >= 24
    finally:
        kiosk.shutdown()


def _tick_texts(heatmap, side):
    return [text for _pos, text in heatmap.plot.getAxis(side)._tickLevels[0]]


def test_both_axes_name_tokens_the_same_way(qtbot, window, language):
    heatmap = window.heatmap
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: heatmap.axes_show_words, timeout=3000)
    top, left = _tick_texts(heatmap, "top"), _tick_texts(heatmap, "left")
    word = window.state.tokens[7]  # "cat", or "Katze" in German
    assert top[7] == f"{word}\n7" and left[7] == f"{word} 7"  # word and position on both
    window.resize(1024, 768)
    window.state.set_zoom(len(ZOOM_STEPS) - 1)
    qtbot.waitUntil(lambda: not heatmap.axes_show_words, timeout=3000)
    view = heatmap.plot.getViewBox()
    qtbot.waitUntil(lambda: abs(view.width() - view.height()) <= 2, timeout=3000)
    top, left = _tick_texts(heatmap, "top"), _tick_texts(heatmap, "left")
    assert all(t.isdigit() for t in top + left)  # positions alone, on both
    # ...and pointing names the word: over a column's label, over a cell
    column = view.mapViewToScene(QPointF(7.5, 0)) - QPointF(0, 10)
    key, query = ("key", "query") if language == "en" else ("Key", "Query")  # in its language
    heatmap._on_hover(column)
    assert heatmap.graphics.toolTip() == f"{key} {word} 7"
    heatmap._on_hover(view.mapViewToScene(QPointF(2.5, 7.5)))
    assert heatmap.graphics.toolTip() == f"{query} {word} 7, {key} {window.state.tokens[2]} 2"


def test_a_box_too_narrow_for_an_ellipsis_shows_nothing_and_the_fit_ends(qtbot):
    """Qt's eliding keeps "…" however narrow the room: the loop that shrinks the room
    until the ink fits must end with nothing shown, not spin (a chip laid out 1 px wide
    while a window changes size)."""
    from PySide6.QtGui import QFont

    from app.ui.fitting import fit_line

    font = QFont()
    for width in (5.0, 0.0, -20.0):
        fitted = fit_line("Donaudampfschifffahrt", font, width, 24, 24)
        assert fitted.shown == "" and fitted.cut
