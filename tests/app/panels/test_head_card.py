"""The head card: its texts, the live pattern score, and every "Show me" button."""

import copy
import json
from importlib import resources

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import app.model.page_results as page_results_module
import app.panels.head_card as head_card_module
import core
from app.model.controller import Controller
from app.model.state import AppState
from app.panels.glossary import linked_ids, load_glossary
from app.panels.head_card import (
    HeadCard,
    load_head_cards,
    no_score_text,
    parse_head_cards,
)
from app.text.resources import ResourceError
from app.text.wording import focus_of, format_percent
from app.ui.theme import THEMES, ZOOM_STEPS, style_sheet
from core.pattern_scores import pattern_score
from tests.app.panel_harness import count_pixels_near

CARDS, ERROR = load_head_cards()
RAW = json.loads((resources.files("resources") / "text" / "heads.json").read_text("utf-8"))
PROMPTS = [(head_id, k) for head_id, card in CARDS.items() for k in range(len(card.prompts))]


class Setup:
    """A card in a holder styled like the window's side panel, fed by a real controller."""

    def __init__(self, qtbot, size=(420, 520), theme_id="light", zoom=None):
        self.state = AppState()
        self.state.set_theme(theme_id)
        if zoom is not None:
            self.state.set_zoom(ZOOM_STEPS.index(zoom))
        self.controller = Controller(self.state)
        self.opened = []
        self.holder = QWidget()
        self.holder.setStyleSheet(style_sheet(THEMES[theme_id], self.state.font_px))
        layout = QVBoxLayout(self.holder)
        layout.setContentsMargins(0, 0, 0, 0)
        self.card = HeadCard(self.state, self.controller.page_results, self.opened.append)
        self.card.set_theme(THEMES[theme_id], self.state.font_px)
        layout.addWidget(self.card)
        self.controller.attention_changed.connect(self.card.show_result)
        self.card.show_result(self.controller.attention)
        qtbot.addWidget(self.holder)
        self.holder.resize(*size)
        self.holder.show()
        qtbot.waitExposed(self.holder)


@pytest.fixture
def setup(qtbot):
    return Setup(qtbot)


def expected_score(state):
    weights = core.head_weights(state.head_id, state.tokens, state.causal)
    return pattern_score(state.head_id, state.tokens, weights, state.causal)


# -- the file -------------------------------------------------------------------------------


def test_every_head_has_a_card_with_enough_prompts():
    assert ERROR is None
    assert set(CARDS) == set(core.HEADS)
    for head_id, card in CARDS.items():
        assert len(card.prompts) >= (3 if head_id == "induction" else 2), head_id
        assert all(p.show.head_id == head_id for p in card.prompts), head_id


def test_the_cards_cite_the_lesson_sources():
    assert "Elhage et al. (2021" in CARDS["induction"].source
    assert "Olsson et al. (2022" in CARDS["induction"].source
    assert "Wang et al. (2022" in CARDS["same_word"].source
    assert "Xiao et al. (2023" in CARDS["first_token"].source
    assert "Clark et al. (2019" in CARDS["broad"].source
    assert "Elhage et al. (2021" in CARDS["previous_token"].source


def test_every_link_in_the_cards_has_a_glossary_entry():
    glossary = load_glossary()
    text = json.dumps(RAW)
    ids = linked_ids(text)
    assert {"induction_head", "attention_sink", "causal_mask", "softmax"} <= set(ids)
    assert all(term_id in glossary for term_id in ids)
    assert "pattern_score" in glossary and "causal_mask" in glossary


def test_the_lesson_prompts_are_there():
    shows = {
        (p.show.head_id, p.show.query, p.show.causal) for c in CARDS.values() for p in c.prompts
    }
    assert ("induction", 7, True) in shows  # the second cat
    assert ("induction", 9, True) in shows  # the last the, split between cat and dog
    assert ("same_word", 0, False) in shows  # the first the, mask off
    assert any(h == "first_token" for h, _, _ in shows)
    last = {h for h, q, _ in shows if q in (9, "last")}
    assert last >= {"previous_token", "same_word", "first_token"}


def damaged(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["heads"].pop("broad"), "lacks cards for ['broad']"),
        (lambda d: d["heads"].update(extra={}), "unknown ones ['extra']"),
        (lambda d: d["heads"]["induction"]["try"].pop(), None),  # 3 -> 2 is still enough
        (
            lambda d: d["heads"]["broad"].update(try_=0) or d["heads"]["broad"]["try"].clear(),
            "at least 2",
        ),
        (
            lambda d: d["heads"]["broad"]["try"][0]["show"].update(head="nope"),
            "unknown head 'nope'",
        ),
        (lambda d: d["heads"]["same_word"]["try"][1]["show"].update(query=10), "query 10"),
        (
            lambda d: d["heads"]["broad"]["try"][0]["show"].update(query=5),
            "must be 0, 'last' or 'current'",
        ),
        (lambda d: d["heads"]["broad"]["try"][0]["show"].update(page="x"), "unknown page 'x'"),
        (lambda d: d["heads"]["broad"]["try"][2]["show"].update(query=16), "has 16 tokens"),
        (lambda d: d["heads"]["broad"]["try"][2]["show"].update(query=True), "query True"),
        (lambda d: d["heads"]["broad"]["try"][0]["show"].update(causal="yes"), "'causal'"),
        (
            lambda d: d["heads"]["broad"]["try"][2]["show"].update(sentence="  "),
            "unusable sentence",
        ),
        (lambda d: d["heads"]["broad"].update(formula=[["0"]]), "'formula'"),
        (lambda d: d["heads"]["broad"].update(does=""), "'does'"),
        (lambda d: d["heads"]["broad"]["try"].__setitem__(0, "text"), "prompt 1 is not an object"),
    ],
)
def test_damaged_cards_are_refused_with_a_reason(change, message):
    data = damaged(change)
    if message is None:
        parse_head_cards(data)
        return
    with pytest.raises(ResourceError, match=None) as caught:
        parse_head_cards(data)
    assert message in str(caught.value)


def test_a_damaged_file_gives_a_card_that_says_so(qtbot, monkeypatch):
    def broken(name):
        raise ResourceError(f"resource {name!r} is not valid JSON: x", "not_json", name)

    monkeypatch.setattr(head_card_module, "load_json", broken)
    state = AppState()
    controller = Controller(state)
    card = HeadCard(state, controller.page_results, lambda term: None)
    qtbot.addWidget(card)
    card.show_result(controller.attention)  # no crash while drawing results
    card.show()
    assert card.error.isVisible()
    assert "could not be loaded" in card.error.text()
    assert "not valid JSON" in card.error.text()
    assert card.sections.isHidden()


# -- what the card shows ---------------------------------------------------------------------


def test_the_card_follows_the_selected_head(setup):
    setup.state.set_head("broad")
    assert setup.card.title.text() == "Broad head"
    assert len(setup.card.show_buttons) == len(CARDS["broad"].prompts)
    assert "score(<i>i</i>, <i>j</i>) =" in setup.card.formula.text()
    assert "for every key" in setup.card.formula.text()
    setup.state.set_head("induction")
    assert setup.card.title.text() == "Induction head"
    assert "<i>w</i><sub><i>j</i>−1</sub>" in setup.card.formula.text()


@pytest.mark.parametrize("head_id", list(core.HEADS))
@pytest.mark.parametrize("causal", [True, False])
def test_the_score_shown_is_the_core_score(setup, head_id, causal):
    with setup.state.batch():
        setup.state.set_head(head_id)
        setup.state.set_causal(causal)
    score = expected_score(setup.state)
    assert score is not None
    assert setup.card.score == pytest.approx(score, abs=1e-12)
    assert setup.card.score_value.text() == format_percent(score)
    assert setup.card.score_value.isVisible() and not setup.card.no_score.isVisible()


def test_the_lesson_numbers(setup):
    # Induction on the lesson sentence: 94%; the mask off costs it 10 points.
    assert setup.card.score_value.text() == "94%"
    setup.state.set_causal(False)
    assert setup.card.score_value.text() == "84%"
    setup.state.set_head("broad")
    assert setup.card.score_value.text() == "100%"


def test_a_sentence_without_repeats_has_nothing_to_score(setup):
    setup.state.set_sentence("a cat sat down")
    assert setup.card.score is None
    assert setup.card.no_score.isVisible()
    assert setup.card.no_score.text() == no_score_text()
    assert not setup.card.score_value.isVisible()
    setup.state.set_head("previous_token")  # this pattern does have cells here
    assert setup.card.score_value.isVisible()
    assert setup.card.score_value.text() == format_percent(expected_score(setup.state))


def test_the_score_is_recomputed_only_when_sentence_head_or_mask_change(setup, monkeypatch):
    calls = []

    def counting(*args):
        calls.append(args[0])
        return pattern_score(*args)

    # The score is computed where the controller keeps single pages' results.
    monkeypatch.setattr(page_results_module, "pattern_score", counting)
    setup.state.set_query(3)
    setup.state.move_query(1)
    assert calls == []
    setup.state.set_causal(False)
    setup.state.set_head("same_word")
    setup.state.set_sentence("the cat saw the other cat")
    assert calls == ["induction", "same_word", "same_word"]


def test_the_glossary_links_in_the_card_open_their_terms(qtbot, setup):
    label = setup.card.then
    setup.card.ensureWidgetVisible(label)
    for y in range(2, label.height() - 1, 8):
        for x in range(2, label.width() - 1, 4):
            qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
    assert set(setup.opened) == {"causal_mask", "softmax"}
    for text_label in setup.card.findChildren(QLabel):
        if "href=" in text_label.text():
            assert not text_label.openExternalLinks()
            assert 'href="term:' in text_label.text()


# -- "Show me" -----------------------------------------------------------------------------------


OTHER = "one two three four five six seven eight nine ten eleven"


@pytest.mark.parametrize(("head_id", "index"), PROMPTS)
def test_each_show_me_button_reaches_its_state(qtbot, setup, head_id, index):
    show = CARDS[head_id].prompts[index].show
    state = setup.state
    with state.batch():  # start somewhere else in every field the button sets
        state.set_sentence(OTHER)
        state.set_head(head_id)
        state.set_causal(not show.causal)
        state.set_query(10 if show.query != 10 else 9)
    start_query = state.query
    button = setup.card.show_buttons[index]
    setup.card.ensureWidgetVisible(button)
    before = setup.controller.recomputes["attention"]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    sentence = show.sentence if show.sentence is not None else OTHER
    query = show.query_on(len(core.tokenize(sentence)), start_query)
    assert (state.sentence, state.head_id, state.query, state.causal) == (
        sentence,
        show.head_id,
        query,
        show.causal,
    )
    assert setup.controller.recomputes["attention"] == before + 1  # one batch, one recompute
    assert setup.card.score_value.text() == format_percent(expected_score(state))
    # Saying so when the sentence was swapped, and only then.
    assert setup.card.swap_notice.isVisible() is (show.sentence is not None)


FOX = "the quick brown fox jumps over the lazy dog"


@pytest.mark.parametrize(("head_id", "index"), PROMPTS)
def test_every_prompt_reads_right_on_another_sentence_or_says_what_it_needs(
    qtbot, setup, head_id, index
):
    setup.state.set_sentence(FOX)
    setup.state.set_head(head_id)
    qtbot.wait(10)  # new prompt frames show on the next turn of the event loop
    prompt = setup.card.prompts[index]
    note = setup.card.prompt_notes[index]
    if prompt.show.sentence is None:  # written for any sentence: names no word, no position > 0
        assert "<b>" not in prompt.text.replace("<b>C</b>", "")
        assert not any(f"({k})" in prompt.text for k in range(1, 64))
        assert note.isHidden()
    else:
        assert note.isVisible()
        assert "Written for" in note.text() and "you can come back" in note.text()
    setup.state.set_sentence(prompt.show.sentence or FOX)
    assert note.isHidden()  # on its own sentence it needs no note


def test_show_me_says_it_replaced_the_sentence_and_goes_back(qtbot, setup):
    state = setup.state
    with state.batch():
        state.set_sentence(FOX)
        state.set_head("induction")
        state.set_causal(False)
        state.set_query(3)
    card = setup.card
    qtbot.mouseClick(card.show_buttons[0], Qt.MouseButton.LeftButton)  # the second cat (7)
    assert state.tokens == core.LESSON_TOKENS and state.query == 7
    notice = card.swap_notice
    assert notice.isVisible()
    assert "lesson's sentence in place of yours" in notice.text.text()
    assert FOX[:20] in notice.text.text()
    # A second Show me on yet another sentence still goes back to the learner's own.
    qtbot.mouseClick(card.show_buttons[2], Qt.MouseButton.LeftButton)  # red green blue
    assert state.tokens[0] == "red"
    assert "its own sentence" in notice.text.text()
    qtbot.mouseClick(notice.back_button, Qt.MouseButton.LeftButton)
    assert (state.sentence, state.head_id, state.query, state.causal) == (
        FOX,
        "induction",
        3,
        False,
    )
    assert notice.isHidden()


def test_a_sentence_of_the_learners_own_ends_the_offer_to_go_back(qtbot, setup):
    setup.state.set_sentence(FOX)
    setup.state.set_head("induction")
    qtbot.mouseClick(setup.card.show_buttons[0], Qt.MouseButton.LeftButton)
    assert setup.card.swap_notice.isVisible()
    setup.state.set_sentence("a b a b")
    assert setup.card.swap_notice.isHidden()
    assert setup.card.swap_notice.saved is None


def test_show_me_on_any_sentence_keeps_the_learners_sentence(qtbot, setup):
    setup.state.set_sentence(FOX)
    setup.state.set_head("previous_token")
    index = next(k for k, p in enumerate(CARDS["previous_token"].prompts) if p.show.query == "last")
    qtbot.mouseClick(setup.card.show_buttons[index], Qt.MouseButton.LeftButton)
    assert setup.state.sentence == FOX
    assert setup.state.query == len(core.tokenize(FOX)) - 1
    assert setup.card.swap_notice.isHidden()


def test_show_me_beside_press_c_opens_the_heads_page(qtbot, window):
    window.state.set_head("first_token")
    tabs = window.side_tabs
    tabs.setCurrentWidget(window.pages["card"])
    card = window.side_tabs.view("card")
    index = next(k for k, p in enumerate(card.prompts) if p.show.page == "heads")
    assert "<b>C</b>" in card.prompts[index].text
    qtbot.mouseClick(card.show_buttons[index], Qt.MouseButton.LeftButton)
    assert tabs.current_name() == "heads"
    assert window.state.head_id == "first_token"


def test_show_me_on_the_second_cat_reads_chased(qtbot, setup):
    state = setup.state
    state.set_query(0)
    index = next(k for k, p in enumerate(CARDS["induction"].prompts) if p.show.query == 7)
    qtbot.mouseClick(setup.card.show_buttons[index], Qt.MouseButton.LeftButton)
    assert focus_of(setup.controller.attention) == "chased (2), 92%"


def test_show_me_on_the_last_the_splits_between_cat_and_dog(qtbot, setup):
    index = next(k for k, p in enumerate(CARDS["induction"].prompts) if p.show.query == 9)
    qtbot.mouseClick(setup.card.show_buttons[index], Qt.MouseButton.LeftButton)
    keys = setup.controller.attention.focus_keys
    assert keys == (1, 4, 7)  # a three-way tie
    assert {setup.state.tokens[k] for k in keys} == {"cat", "dog"}
    row = setup.controller.attention.query_row
    assert row[1] == row[4] == row[7] == pytest.approx(0.32, abs=0.005)


# -- fitting the side panel ------------------------------------------------------------------------


@pytest.mark.slow  # every theme at three sizes
@pytest.mark.parametrize("theme_id", list(THEMES))
@pytest.mark.parametrize(("size", "zoom"), [((420, 520), 16), ((420, 520), 28), ((800, 850), 16)])
def test_the_card_scrolls_rather_than_clips(qtbot, theme_id, size, zoom):
    s = Setup(qtbot, size=size, theme_id=theme_id, zoom=zoom)
    for head_id in core.HEADS:
        s.state.set_head(head_id)
        qtbot.wait(10)  # let the layout settle, as it does between two frames
        card = s.card
        page = card.widget()
        assert page.width() <= card.viewport().width()  # nothing runs off to the right
        assert card.horizontalScrollBar().maximum() == 0
        if size == (420, 520):
            assert card.verticalScrollBar().maximum() > 0  # too tall: it scrolls

        def fits(label):
            return label.height() >= label.heightForWidth(label.width()) - 1

        wrapped = [x for x in page.findChildren(QLabel) if x.isVisibleTo(page) and x.wordWrap()]
        # A busy machine may need more than one frame to lay the prompts out.
        qtbot.waitUntil(lambda labels=wrapped: all(fits(x) for x in labels), timeout=2000)
        for button in card.show_buttons:
            assert button.width() >= button.sizeHint().width()
            assert button.height() >= 40  # easy to hit with a finger


@pytest.mark.parametrize("theme_id", list(THEMES))
def test_links_and_score_use_the_theme_colours(qtbot, theme_id):
    theme = THEMES[theme_id]
    s = Setup(qtbot, theme_id=theme_id)
    s.card.ensureWidgetVisible(s.card.score_value)
    assert count_pixels_near(s.card.then.grab().toImage(), theme.accent) > 30
    assert count_pixels_near(s.card.score_value.grab().toImage(), theme.text) > 100


def test_the_card_fits_the_real_side_panel(qtbot, window):
    # The integration the lead adds to main_window.py, done here by hand.
    card = HeadCard(window.state, window.controller.page_results, lambda term: None)
    window.controller.attention_changed.connect(card.show_result)
    card.show_result(window.controller.attention)
    card.set_theme(window.theme, window.state.font_px)
    window.side_tabs.addTab(card, "This head")
    window.side_tabs.setCurrentWidget(card)
    window.grab()
    assert card.width() >= 380 and card.height() >= 400
    assert card.widget().width() <= card.viewport().width()
    qtbot.mouseClick(window.head_selector.buttons["broad"], Qt.MouseButton.LeftButton)
    assert card.title.text() == "Broad head"
    assert card.score_value.text() == "100%"
