"""The first frame, painted before the heatmap exists, already has the final layout."""

import pytest
from PySide6.QtCore import QPoint


def _button_at(window):
    button = window.head_selector.buttons["induction"]
    return button.mapTo(window, QPoint(0, 0))


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1366, 768), (1280, 720)])
def test_the_head_buttons_stand_where_they_stay_when_the_heatmap_comes(qtbot, size):
    from app.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    assert window.heatmap is None  # the placeholder is painted first
    before = _button_at(window)
    window.build_plots()
    qtbot.waitUntil(lambda: window.heatmap is not None)

    # pyqtgraph lays its axes out, and the window looks again: as long as that takes
    # under load (a fixed 100 ms wait failed now and then), the column settles where
    # it stood. Before, the placeholder took the whole width and the column stood at
    # the stage's right edge: 151 px (1024 x 768) to 375 px (1280 x 800) from there.
    def where_it_stood():
        after = _button_at(window)
        return abs(after.x() - before.x()) <= 4 and after.y() == before.y()

    qtbot.waitUntil(where_it_stood, timeout=10_000)
