"""The glossary: its file, links from labels, and the dialog a learner reads."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel

import app.panels.glossary as glossary_module
from app.panels.glossary import (
    GlossaryDialog,
    connect_term_links,
    expand_term_links,
    linked_ids,
    load_glossary,
    term_link,
)
from app.text.resources import ResourceError
from app.ui.theme import THEMES
from tests.app.panel_harness import count_pixels_near

REQUIRED = [
    "attention_head",
    "multi_head_attention",
    "query",
    "key",
    "value",
    "softmax",
    "causal_mask",
    "induction_head",
    "attention_sink",
    "kv_cache",
    "d_model",
    "d_k",
]


def click_every_link(qtbot, label, step=4):
    """Click across a label like a curious visitor; return the term ids that opened."""
    opened = []
    label.linkActivated.connect(lambda href: opened.append(href))
    for y in range(2, label.height() - 1, step * 2):
        for x in range(2, label.width() - 1, step):
            qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
    return opened


# -- the file ----------------------------------------------------------------------------


def test_the_glossary_defines_every_required_term():
    glossary = load_glossary()
    assert glossary.error is None
    for term_id in REQUIRED:
        term = glossary.get(term_id)
        assert term is not None, term_id
        assert 60 <= len(term.definition) <= 600, term_id  # short, but says something
    assert glossary.get("kv_cache").name == "KV cache"


def test_definitions_link_only_to_terms_that_exist():
    glossary = load_glossary()
    for term in glossary:
        assert all(t in glossary for t in linked_ids(term.definition)), term.id


def test_a_missing_file_gives_an_empty_glossary_and_a_clear_message(caplog):
    glossary = load_glossary("text/no_such_glossary.json")
    assert len(glossary) == 0
    assert "glossary could not be loaded" in glossary.error
    assert "no_such_glossary.json" in glossary.error


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "list of 'terms'"),
        ({"terms": ["x"]}, "entry 1 is not an object"),
        ({"terms": [{"id": "query", "name": "query", "definition": " "}]}, "'definition'"),
        ({"terms": [{"id": "Bad Id", "name": "x", "definition": "y"}]}, "lower_case"),
        (
            {"terms": [{"id": "key", "name": "key", "definition": "a"}] * 2},
            "appears twice",
        ),
        (
            {"terms": [{"id": "key", "name": "key", "definition": "see [[nothing]]"}]},
            "unknown terms ['nothing']",
        ),
    ],
)
def test_a_damaged_file_gives_an_empty_glossary_that_says_why(monkeypatch, caplog, data, message):
    monkeypatch.setattr(glossary_module, "load_json", lambda name: data)
    glossary = load_glossary()
    assert len(glossary) == 0
    # The learner reads which file is wrong, in their language; the log has the detail.
    assert "resources/text/glossary.json does not hold what the program expects" in glossary.error
    assert message in caplog.text


def test_invalid_json_is_reported_not_raised(monkeypatch):
    def broken(name):
        raise ResourceError(f"resource {name!r} is not valid JSON: x", "not_json", name)

    monkeypatch.setattr(glossary_module, "load_json", broken)
    assert "not valid JSON" in load_glossary().error


# -- links ---------------------------------------------------------------------------------


def test_term_link_is_a_term_anchor():
    assert term_link("d_model", "model width") == '<a href="term:d_model">model width</a>'
    assert term_link("kv_cache") == '<a href="term:kv_cache">KV cache</a>'
    assert term_link("a_b", "x < y") == '<a href="term:a_b">x &lt; y</a>'


def test_marks_in_text_become_links():
    text = "The [[causal_mask|mask]] and the [[softmax]]."
    assert expand_term_links(text) == (
        'The <a href="term:causal_mask">mask</a> and the <a href="term:softmax">softmax</a>.'
    )


def test_clicking_a_term_link_opens_the_term_and_never_a_browser(qtbot):
    label = QLabel()
    qtbot.addWidget(label)
    opened = []
    connect_term_links(label, opened.append)
    label.setText(term_link("softmax", "softmax softmax") + " and " + '<a href="https://x">web</a>')
    label.resize(label.sizeHint())
    label.show()
    qtbot.waitExposed(label)
    hrefs = click_every_link(qtbot, label)
    assert "term:softmax" in hrefs and "https://x" in hrefs  # both links were hit ...
    assert set(opened) == {"softmax"}  # ... but only the term did anything
    assert not label.openExternalLinks()


# -- the dialog ------------------------------------------------------------------------------


@pytest.fixture
def dialog(qtbot):
    dlg = GlossaryDialog(load_glossary())
    qtbot.addWidget(dlg)
    return dlg


def test_show_term_opens_the_dialog_at_that_definition(qtbot, dialog):
    dialog.show_term("kv_cache")
    qtbot.waitExposed(dialog)
    assert dialog.isVisible()
    assert dialog.current_id == "kv_cache"
    assert dialog.term_list.currentItem().text() == "KV cache"
    assert dialog.title.text() == "KV cache"
    assert "computed once" in dialog.definition.text()


def test_choosing_a_term_in_the_list_shows_its_definition(qtbot, dialog):
    dialog.show()
    qtbot.waitExposed(dialog)
    items = dialog.term_list.findItems("softmax", Qt.MatchFlag.MatchExactly)
    dialog.term_list.scrollToItem(items[0])
    rect = dialog.term_list.visualItemRect(items[0])
    qtbot.mouseClick(dialog.term_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dialog.current_id == "softmax"
    assert dialog.title.text() == "Softmax"


def test_a_link_inside_a_definition_moves_to_that_term(qtbot, dialog):
    dialog.show_term("kv_cache")
    qtbot.waitExposed(dialog)
    seen = []
    dialog.definition.linkActivated.connect(seen.append)
    label = dialog.definition
    for y in range(2, label.height() - 1, 8):
        for x in range(2, label.width() - 1, 4):
            qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
            if seen:
                break
        if seen:
            break
    assert seen and seen[0].startswith("term:")
    assert dialog.current_id == seen[0].removeprefix("term:") != "kv_cache"


def test_escape_and_the_close_button_close_it(qtbot, dialog):
    dialog.show_term("query")
    qtbot.waitExposed(dialog)
    dialog.term_list.setFocus()
    qtbot.keyClick(dialog.term_list, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    dialog.show_term("query")
    qtbot.waitExposed(dialog)
    assert dialog.close_button.height() >= 44  # big enough for a finger
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_no_term_name_is_cut_off_even_at_the_largest_text(qtbot, dialog):
    dialog.set_theme(THEMES["light"], 28)
    dialog.show()
    qtbot.waitExposed(dialog)
    metrics = dialog.term_list.fontMetrics()
    for row in range(dialog.term_list.count()):
        item = dialog.term_list.item(row)
        needed = metrics.horizontalAdvance(item.text())
        assert needed <= dialog.term_list.viewport().width(), item.text()
    assert dialog.definition.font().pixelSize() >= 28  # reads larger than the window's text


def test_the_dialog_grows_with_the_text_to_fit_a_definition(qtbot, dialog):
    """At projector sizes a definition of a few lines is read without scrolling."""
    dialog.set_theme(THEMES["projector"], 24)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.show_term("causal_mask")
    text = dialog.definition
    assert text.height() >= text.heightForWidth(text.width())  # nothing hidden below
    assert text.parentWidget().height() >= text.height()  # ...nor scrolled away
    screen = dialog.screen().availableGeometry()
    assert dialog.width() <= screen.width() and dialog.height() <= screen.height()
    dialog.set_theme(THEMES["light"], 16)  # back to the normal size
    assert (dialog.width(), dialog.height()) == (760, 480)


@pytest.mark.parametrize("theme_id", list(THEMES))
def test_links_take_the_theme_accent(qtbot, dialog, theme_id):
    theme = THEMES[theme_id]
    dialog.set_theme(theme, 16)
    dialog.show_term("kv_cache")
    qtbot.waitExposed(dialog)
    image = dialog.definition.grab().toImage()
    assert count_pixels_near(image, theme.accent) > 50
    assert count_pixels_near(image, "#0000ff", tolerance=60) == 0  # not Qt's default blue


def test_an_empty_glossary_still_works_and_says_why(qtbot):
    dlg = GlossaryDialog(load_glossary("text/no_such_glossary.json"))
    qtbot.addWidget(dlg)
    dlg.show_term("softmax")
    qtbot.waitExposed(dlg)
    assert dlg.term_list.isHidden()
    assert "could not be loaded" in dlg.definition.text()
    qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert not dlg.isVisible()


def test_an_unknown_term_says_it_has_no_entry(qtbot, dialog):
    dialog.show_term("flux_capacitor")
    assert dialog.current_id is None
    assert dialog.title.text() == "Flux capacitor"
    assert "no entry" in dialog.definition.text()
