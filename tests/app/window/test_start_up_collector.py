"""The garbage collector is paused for start-up and runs again once the window is painted."""

import gc

import pytest

from app.ui import collector


@pytest.fixture
def collector_restored():
    """Whatever a test does, the worker's collector runs afterwards, nothing frozen."""
    yield
    collector.end_pause()
    collector.thaw_start_up()
    gc.enable()
    assert gc.get_freeze_count() == 0


def test_the_window_resumes_the_collector_after_the_heatmap_paint(qtbot, collector_restored):
    from app.window.main_window import MainWindow

    collector.pause_for_start_up()
    assert not gc.isenabled()
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert not gc.isenabled()  # the controls are painted; the heatmap is not built yet
    window.build_plots()
    qtbot.waitUntil(gc.isenabled)
    # Start-up's objects are out of the collector's way, and the menus were built first.
    assert collector.frozen() and gc.get_freeze_count() > 0
    assert window.fill_menus() is window.fill_menus()


def test_a_window_built_without_the_entry_point_leaves_the_collector_alone(
    qtbot, collector_restored
):
    from app.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.build_plots()
    qtbot.wait(50)
    assert gc.isenabled() and not collector.frozen() and gc.get_freeze_count() == 0


def test_main_leaves_the_collector_running_and_nothing_frozen(tmp_path, collector_restored):
    from app.main import main

    picture = tmp_path / "window.png"
    assert main(["--screenshot", str(picture)]) == 0  # builds and paints the window
    assert picture.stat().st_size > 0
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_command_without_a_window_resumes_it_too(capsys, collector_restored):
    from app.main import main

    assert main(["presets"]) == 0
    assert gc.isenabled()


def test_thawing_hands_the_frozen_objects_back(collector_restored):
    collector.pause_for_start_up()
    collector.resume_after_start_up()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    collector.thaw_start_up()
    assert gc.get_freeze_count() == 0
    collector.resume_after_start_up()  # no second freeze without a second pause
    assert gc.get_freeze_count() == 0


def test_replacing_the_first_window_thaws_its_objects(qtbot, german, collector_restored):
    from app.text.i18n import install_language
    from app.window.main_window import MainWindow
    from app.window_host import WindowHost

    install_language("en")
    collector.pause_for_start_up()
    host = WindowHost(MainWindow)
    qtbot.addWidget(host.window)
    collector.resume_after_start_up()
    assert gc.get_freeze_count() > 0
    host.switch_language("de")  # a new window: the first one's objects may be garbage
    qtbot.addWidget(host.window)
    assert gc.get_freeze_count() == 0 and not collector.frozen()
