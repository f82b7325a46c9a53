"""A picture of the window is taken once its layout stands, not halfway through it."""

from layout_probe import grid_metrics

import app.export.api
from app.main import main


def test_a_presenter_screenshot_at_a_chosen_size_shows_the_full_heatmap(
    qapp, tmp_path, monkeypatch, isolated_settings
):
    seen = []
    real_png_bytes = app.export.api.png_bytes

    def measured_png_bytes(window):
        seen.append(grid_metrics(window))  # the heatmap as the picture shows it
        return real_png_bytes(window)

    monkeypatch.setattr(app.export.api, "png_bytes", measured_png_bytes)
    picture = tmp_path / "room.png"
    argv = ["--screenshot", str(picture), "--presenter", "--size", "1280x720"]
    assert main(argv) == 0
    assert picture.read_bytes()[:4] == b"\x89PNG"
    # Once the window stands the room's floor holds (the picture taken halfway through
    # presenter mode's resizes had 32 px cells); a windowed picture keeps its menu bar.
    (grid,) = seen
    assert grid["cell_px"] >= 40 and grid["numbers_drawn"], grid
