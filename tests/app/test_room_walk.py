"""Rooms hold still: a walk through every state a presenter's or a kiosk's room sees.

Each (mode, size) starts the real program once (``room_walk.walk``) and steps it through
the tour, every head and query on the lesson's sentence and on the longest example, and
on a kiosk through attract, the sentence picker, the word tiles (tapped with real touch
events), the PIN pad, the countdown and a reset from every side page and open dialog.
"""

import pytest
from room_walk import ROOM_TEXT_PX, moved, walk

pytestmark = pytest.mark.slow

SIZES = [(1024, 768), (1280, 720), (1366, 768), (1920, 1080)]
#: The longer language, at the smallest size.
CASES = [(mode, size, "en") for mode in ("presenter", "kiosk") for size in SIZES] + [
    ("presenter", (1024, 768), "de"),
    ("kiosk", (1024, 768), "de"),
]


@pytest.fixture(scope="module")
def walks():
    return {}


def _walk(walks, mode, size, language):
    key = (mode, size, language)
    if key not in walks:
        walks[key] = walk(*size, mode, language)
    return walks[key]


@pytest.mark.parametrize(("mode", "size", "language"), CASES, ids=lambda v: str(v))
def test_a_room_holds_still_through_every_state(walks, mode, size, language):
    result = _walk(walks, mode, size, language)
    states = result["states"]
    assert len(states) > 100  # the walk went through the states, not one frame
    for state in states:
        assert state["problems"] == [], (state["name"], state["problems"])
        if not state["stage_in_view"]:
            continue  # a side page in view (the stage is one screen up)
        assert state["grid_share"] >= 0.55, state["name"]
        assert state["visible_share"] >= 0.55, state["name"]
        if state["lesson"]:  # the room's promise, on the lesson's sentence
            assert state["cell_px"] >= 40, state["name"]
            assert state["numbers_drawn"], state["name"]
            assert state["number_px"] >= ROOM_TEXT_PX, state["name"]
            assert state["number_width_px"] < state["cell_px"], state["name"]
    shift, where = moved(states)
    assert shift <= 1, where
    if size == (1920, 1080):
        assert result["facts"]["blank_share"] <= 0.15


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=str)
def test_a_visitor_taps_tiles_drags_pages_and_always_finds_the_stage_again(walks, size):
    facts = _walk(walks, "kiosk", size, "en")["facts"]
    same = facts["same_point"]
    assert same["chosen"] == [same["word"]] * 5  # five taps on one point: one word, five times
    assert facts["spelled"]["chosen"] == facts["spelled"]["wanted"]
    assert facts["tiles_moved"] == []
    assert facts["finger_drag"] > 100 and facts["mouse_drag"] > 100  # dragged, by either
    assert len(facts["resets"]) >= 12  # every page and every dialog
    for reset in facts["resets"].values():
        assert reset == {"scrolled": 0, "open": [], "page": "heads"}
