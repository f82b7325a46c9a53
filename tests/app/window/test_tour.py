"""The presenter's tour: it shows, it captions, and it never plays the learner's part."""

import re

import pytest
from PySide6.QtCore import QPoint, Qt

import core
from app.text.i18n import install_language
from app.window.tour import TOUR


def press(qtbot, window, key):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, key)


def test_the_tour_completes_no_challenge_and_pops_no_banner(qtbot, window):
    # The tour passes through answers of all three challenges (induction 8; the
    # first 'the' on the same-word head, mask on then off).
    met = set()
    for stop in TOUR:
        met |= core.challenges.met_challenges(
            core.LESSON_TOKENS, stop.head_id, stop.causal, stop.query
        )
    assert met == {c.id for c in core.CHALLENGES}
    for _ in TOUR:
        press(qtbot, window, Qt.Key.Key_PageDown)
        assert not window.banner.isVisible()
    assert window.state.completed == frozenset()
    assert window.challenges.progress.text() == "0 of 3 complete"


def test_after_the_tour_the_learner_still_completes_challenges(qtbot, window):
    for _ in range(7):  # to the induction head's query 8, an answer to challenge 1
        window.presenter.step(1)
    assert (window.state.head_id, window.state.query) == ("induction", 8)
    assert window.state.completed == frozenset()
    window.state.set_query(5)  # the learner's own move: also an answer
    assert window.state.completed == {"induction_next"}
    assert window.banner.isVisible()


def test_each_stop_has_a_caption_whole_on_screen_and_nothing_moves_for_it(qtbot, qapp, window):
    def places():
        parts = [window.readout, window.heatmap, *window.head_selector.buttons.values()]
        return [(w.mapTo(window, QPoint(0, 0)), w.size()) for w in parts]

    for _ in range(4):  # the layout's posted requests, until it stands
        qapp.processEvents()
    before = places()
    for number, stop in enumerate(TOUR, start=1):
        window.presenter.step(1)
        caption = window.tour_caption
        assert caption.isVisible()
        assert caption.text() == f"Tour {number} of {len(TOUR)} · {stop.caption}"
        # every line, once the layout has run
        qtbot.waitUntil(lambda c=caption: c.height() >= c.heightForWidth(c.width()))
        shown = caption.visibleRegion().boundingRect()
        assert shown.size() == caption.size()  # on screen, whole
        qapp.processEvents()
        assert places() == before  # the caption takes the summary's place in the column


def test_the_caption_goes_once_the_learner_moves_on(qtbot, window):
    window.presenter.step(1)
    assert window.tour_caption.isVisible()
    window.state.set_query(2)
    assert not window.tour_caption.isVisible()
    window.presenter.step(1)
    assert window.tour_caption.isVisible()


def marked(tokens, position: int) -> str:
    """A token as the captions name it: its word in quotes, then its position."""
    return f"“{tokens[position]}” ({position})"


@pytest.mark.parametrize("stop", TOUR, ids=lambda s: f"{s.head_id}-{s.query}-{s.causal}")
def test_every_caption_is_one_short_line_about_its_own_query(stop):
    label = marked(core.LESSON_TOKENS, stop.query)
    mentions_query = label in stop.caption or "last token" in stop.caption
    assert mentions_query or "position 0" in stop.caption
    assert len(stop.caption) <= 90
    assert "\n" not in stop.caption


def test_captions_say_what_the_weights_show():
    """A caption that names a favourite must be right about it."""
    for stop in TOUR:
        weights = core.head_weights(stop.head_id, core.LESSON_TOKENS, stop.causal)
        keys, weight = core.top_keys(weights, stop.query)
        if len(keys) == 1 and keys[0] != stop.query:
            assert marked(core.LESSON_TOKENS, keys[0]) in stop.caption
        if "10%" in stop.caption:
            assert round(weight, 2) == 0.10


@pytest.mark.parametrize(("language", "quotes"), [("en", "“”"), ("de", "„“")])
def test_captions_mark_every_token_they_name_the_same_way(qapp, language, quotes):
    """A token named in a caption is in quotes, so "all followed a the" cannot read as
    broken English; the same quotes everywhere, in each language's own style."""
    install_language(language)
    try:
        for stop in TOUR:
            text = stop.text()
            for word, _position in re.findall(r"(\S+) \((\d+)\)", text):
                assert word[0] == quotes[0] and word[-1] == quotes[1], (word, text)
            bare = re.sub(f"{quotes[0]}[^{quotes[1]}]*{quotes[1]}", "", text)
            assert quotes[0] not in bare and quotes[1] not in bare, text
    finally:
        install_language("en")
