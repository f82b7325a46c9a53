"""One walk over the whole state space: every word whole, every tap where it was.

Each (mode, size, language) starts the real program once (``room_walk.walk``) in the
normal window, presenter mode or a kiosk, at 1024x768, 1280x720, 1366x768 and
1920x1080, in English and German, and steps it through the program's sentences and a
sentence of long words (see ``room_walk.Walker.stage_walk`` for how queries and heads
are sampled), every side page, every tour stop, every text size of the normal window
and every kiosk tap. Each state is checked as ``room_walk.record`` says, and each walk
as ``walk_problems`` says here.
"""

import re

import pytest
from room_walk import LANGUAGES, MODES, ROOM_TEXT_PX, SIZES, moved, readout_heights, walk

pytestmark = pytest.mark.slow

CASES = [(mode, size, language) for mode in MODES for size in SIZES for language in LANGUAGES]

#: Faults the walk finds that are not mended yet, each with what it is: the walk passes
#: over them, and fails once one of them no longer occurs (take it off this list then).
KNOWN: dict[str, str] = {
    # pattern over "mode WxH state: problem": the fault, in a line
}


def walk_problems(result: dict, mode: str, size: tuple[int, int]) -> list[tuple[str, str]]:
    """Every fault of one walk, as (state, problem): what each state recorded, and
    what holds across states (controls that move, the room's grid, the readout's frame)."""
    states = result["states"]
    found = [(s["name"], p) for s in states for p in s["problems"]]
    for state in states:
        if mode == "normal" or not state["stage_in_view"]:
            continue  # the normal window scrolls; or a side page in view (stage above)
        name = state["name"]
        if state["grid_share"] < 0.55:
            found.append((name, f"the grid takes {state['grid_share']:.0%} of the screen"))
        if state["visible_share"] < 0.55:
            found.append((name, f"the grid shows {state['visible_share']:.0%} of the screen"))
        if state["readout_px"] < ROOM_TEXT_PX:
            found.append((name, f"the readout at {state['readout_px']} px"))
        if state["lesson"]:  # the room's promise, on the lesson's sentence
            if state["cell_px"] < 40:
                found.append((name, f"the lesson's cells are {state['cell_px']:.0f} px"))
            if not state["numbers_drawn"] or state["number_px"] < ROOM_TEXT_PX:
                found.append((name, f"the lesson's weights at {state['number_px']} px"))
            if state["number_width_px"] >= state["cell_px"]:
                found.append((name, "the lesson's weights wider than their cells"))
    shift, where = moved(states, mode)
    if shift:
        found.append((where, f"controls moved {shift} px"))
    heights = readout_heights(states)
    if len(heights) != 1:
        found.append(("readout", f"the readout's frame took heights {sorted(heights)}"))
    if size == (1920, 1080) and mode != "normal" and result["facts"]["blank_share"] > 0.15:
        found.append(("start", f"the stage's row is {result['facts']['blank_share']:.0%} blank"))
    return found


@pytest.fixture(scope="module")
def walks():
    return {}


def _walk(walks, mode, size, language):
    key = (mode, size, language)
    if key not in walks:
        walks[key] = walk(*size, mode, language)
    return walks[key]


def _known(mode: str, size: tuple[int, int], state: str, problem: str) -> list[str]:
    """The KNOWN faults that ``problem`` (in ``state`` of one walk) is."""
    where = f"{mode} {size[0]}x{size[1]} {state}: {problem}"
    return [k for k in KNOWN if re.search(k, where)]


@pytest.mark.parametrize(("mode", "size", "language"), CASES, ids=lambda v: str(v))
def test_every_state_holds_its_words_and_its_controls(walks, mode, size, language):
    result = _walk(walks, mode, size, language)
    states = result["states"]
    print(f"{mode} {size} {language}: {len(states)} states")
    assert len(states) > 150  # the walk went through the states, not one frame
    found = walk_problems(result, mode, size)
    unknown = [(s, p) for s, p in found if not _known(mode, size, s, p)]
    assert unknown == [], unknown[:20]


def test_the_walk_counts_its_states_and_every_known_fault_still_occurs(walks):
    seen = set()
    for case in CASES:
        result = _walk(walks, *case)
        for state, problem in walk_problems(result, case[0], case[1]):
            seen.update(_known(case[0], case[1], state, problem))
    total = sum(len(w["states"]) for w in walks.values())
    print(f"the walk visited {total} states in {len(walks)} runs")
    assert set(KNOWN) == seen, f"mended, take off KNOWN: {set(KNOWN) - seen}"


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


def test_the_desktop_font_size_is_the_base_of_the_normal_window():
    small = walk(1280, 720, "normal", desktop_pt=11)["facts"]
    large = walk(1280, 720, "normal", desktop_pt=20)["facts"]
    assert large["font_px"] > small["font_px"], (small, large)
