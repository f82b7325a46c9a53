"""Presenter mode, the clicker tour, and every zoom level and theme at 1024 x 768."""

import pytest
from PySide6.QtCore import Qt

import core
from app.ui.theme import DEFAULT_THEME, THEMES, ZOOM_STEPS
from app.window.presenter import PRESENTER_FONT_PX, TOUR


def press(qtbot, window, key):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, key)


def test_presenter_mode_goes_fullscreen_large_and_high_contrast(qtbot, window):
    window.state.set_theme("dark")
    press(qtbot, window, Qt.Key.Key_P)
    qtbot.waitUntil(window.isFullScreen)
    assert window.state.theme_id == "projector"
    assert window.state.font_px >= PRESENTER_FONT_PX
    assert window.readout.font().pixelSize() >= PRESENTER_FONT_PX
    assert not window.sentence_editor.isVisible()
    press(qtbot, window, Qt.Key.Key_P)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert window.state.theme_id == "dark"
    assert window.state.font_px == 16


def test_clicker_keys_step_through_the_tour(qtbot, window):
    window.state.set_sentence("something else entirely")
    press(qtbot, window, Qt.Key.Key_PageDown)
    first = TOUR[0]
    assert window.state.tokens == core.LESSON_TOKENS
    assert (window.state.head_id, window.state.query, window.state.causal) == (
        first.head_id,
        first.query,
        first.causal,
    )
    press(qtbot, window, Qt.Key.Key_PageDown)
    assert window.state.head_id == TOUR[1].head_id
    press(qtbot, window, Qt.Key.Key_PageUp)
    assert (window.state.head_id, window.state.query) == (first.head_id, first.query)
    for _ in range(len(TOUR) + 3):  # stops at the end
        press(qtbot, window, Qt.Key.Key_PageDown)
    assert window.state.head_id == TOUR[-1].head_id


LONG = " ".join(f"t{i % 7}" for i in range(core.MAX_TOKENS))


def _themes_and_zooms():
    """Every theme at every text size; the fast subset keeps every size in the default
    theme and every theme at the largest size (the tightest), the full suite all."""
    largest = len(ZOOM_STEPS) - 1
    for zoom in range(len(ZOOM_STEPS)):
        for theme_id in THEMES:
            quick = theme_id == DEFAULT_THEME or zoom == largest
            marks = () if quick else (pytest.mark.slow,)
            yield pytest.param(theme_id, zoom, marks=marks, id=f"{zoom}-{theme_id}")


@pytest.mark.parametrize(("theme_id", "zoom"), list(_themes_and_zooms()))
def test_every_theme_and_zoom_fits_1024_by_768(qtbot, window, theme_id, zoom):
    window.resize(1024, 768)
    assert_fits(qtbot, window, theme_id, zoom)


@pytest.mark.parametrize("size", [(1024, 768), (800, 600)])
def test_a_long_sentence_at_the_largest_zoom_is_never_cut(qtbot, window, size):
    # Found by the monkey test: the page thought it was shorter than it was, and
    # squeezed the token strip.
    window.state.set_sentence(LONG)
    window.resize(*size)
    assert_fits(qtbot, window, "projector", len(ZOOM_STEPS) - 1)
    # the token strip lives in the stage, inside the splitter: the page holds all of it
    assert window.content.height() >= window.splitter.height() + window.splitter.y()
    assert window.stage.height() >= window.stage.minimumSizeHint().height()


def assert_fits(qtbot, window, theme_id, zoom):
    window.state.set_theme(theme_id)
    window.state.set_zoom(zoom)
    qtbot.wait(10)
    window.grab()
    viewport = window.scroll_area.viewport()
    # Never cut sideways: the content is exactly as wide as the view.
    assert window.content.width() <= viewport.width()
    for button in window.head_selector.buttons.values():
        assert button.width() >= button.sizeHint().width()
        assert button.geometry().right() <= window.head_selector.width()
    assert window.mask_toggle.geometry().right() <= window.head_selector.width()
    strip = window.token_strip
    assert strip.height() >= strip.heightForWidth(strip.width())
    assert window.readout.height() >= window.readout.heightForWidth(window.readout.width())
    assert window.heatmap.graphics.geometry().right() <= window.heatmap.host.width()


@pytest.mark.parametrize(("desktop_px", "start_px"), [(13, 16), (20, 20), (27, 28)])
def test_the_desktop_font_size_is_where_the_text_size_starts_and_returns(
    qtbot, qapp, desktop_px, start_px
):
    from PySide6.QtGui import QFont

    from app.adapters.settings import Settings
    from app.window.commands import run
    from app.window.main_window import MainWindow
    from app.window.saved_settings import save_settings

    before = QFont(qapp.font())
    font = QFont(before)
    font.setPixelSize(desktop_px)
    qapp.setFont(font)
    try:
        window = MainWindow(settings=Settings())
        qtbot.addWidget(window)
        assert window.state.font_px == start_px  # never under the program's own 16 px
        run(window, "zoom_out")
        run(window, "zoom_reset")
        assert window.state.font_px == start_px  # "actual size" is the desktop's
        save_settings(window)
        assert not Settings().stored("view/zoom")  # nothing chosen: the desktop decides
        run(window, "zoom_out")
        save_settings(window)
        assert Settings().get("view/zoom") == window.state.zoom  # a choice is kept
    finally:
        qapp.setFont(before)
