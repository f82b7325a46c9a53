"""One number format for weights on every page, and masked cells without numbers."""

import re

import numpy as np

import core
from app.text.wording import format_weight

WEIGHT = re.compile(r"^[01]\.\d\d$")


def test_format_weight_always_writes_two_decimals_with_the_leading_digit():
    assert format_weight(0.9168) == "0.92"
    assert format_weight(1.0) == "1.00"
    assert format_weight(0.0) == "0.00"
    assert format_weight(0.004) == "0.00"


def check_page(texts, weights, hidden):
    """Every visible cell carries format_weight of its weight; every masked cell nothing."""
    assert texts is not None
    for i, row in enumerate(texts):
        for j, text in enumerate(row):
            if hidden[i, j]:
                assert text == "", (i, j, text)
            else:
                assert WEIGHT.match(text) and text == format_weight(weights[i, j]), (i, j, text)


def test_heatmap_steps_story_and_learned_pages_write_weights_alike(qtbot, window):
    window.resize(1920, 1080)
    result = window.controller.attention
    weights, hidden = result.selected, result.hidden
    # The heatmap paints numbers only on visible cells.
    labels = {(i, j): t for i, j, t, _ in window.heatmap.labels._text}
    assert labels[(7, 2)] == "0.92" and labels[(0, 0)] == "1.00"
    assert not any(hidden[i, j] for i, j in labels)
    assert all(t == format_weight(weights[i, j]) for (i, j), t in labels.items())

    window.side_tabs.setCurrentWidget(window.pages["steps"])
    window.side_tabs.view("steps").canvas.grab()
    grid = window.side_tabs.view("steps").canvas.grid("weights")
    check_page(grid.texts, weights, hidden)

    window.side_tabs.setCurrentWidget(window.pages["story"])
    story = window.side_tabs.view("story")
    seen = 0
    for _ in range(5):  # every step of the walk-through
        story.canvas.grab()
        for grid in story.canvas._grids.values():
            if grid.texts is None:
                continue
            seen += 1
            texts = np.array(grid.texts)
            assert (texts[grid.hidden] == "").all()
            assert all(WEIGHT.match(t) for t in texts[~grid.hidden])
        story.step_by(1)
    assert seen >= 4

    window.side_tabs.setCurrentWidget(window.pages["learned"])
    learned = window.side_tabs.view("learned")
    learned.big_map.grab()
    texts = learned.big_map.grid(0).texts
    check_page(texts, learned.selected_weights, core.causal_mask(len(texts)))
