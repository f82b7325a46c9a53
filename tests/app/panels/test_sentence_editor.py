"""Typing sentences: everything follows, bad input gets a message and loses nothing."""

import pytest
from PySide6.QtCore import Qt

import core
from app.panels.sentence_editor import MAX_CHARS


def type_sentence(qtbot, window, text):
    editor = window.sentence_editor
    editor.edit.selectAll()
    if text.isascii() and text:
        qtbot.keyClicks(editor.edit, text)
    elif not text:
        qtbot.keyClick(editor.edit, Qt.Key.Key_Delete)
    else:  # QTest cannot type characters outside ASCII: do what a paste does
        editor.edit.setText(text)
        editor.edit.textEdited.emit(text)
    qtbot.waitUntil(lambda: not editor._timer.isActive(), timeout=2000)


def test_typing_updates_tokens_heads_readout_and_maps(qtbot, window):
    type_sentence(qtbot, window, "a b a b")
    assert window.state.tokens == ("a", "b", "a", "b")
    result = window.controller.attention
    assert len(result.selected) == 4
    assert window.readout.text().startswith("b (3)")
    assert window.heatmap.image.image.shape == (4, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("\u200b\u200b", "empty"),
        (" ".join(["w"] * 80), str(core.MAX_TOKENS)),
        (" ".join(["w"] * 1000), str(core.MAX_TOKENS)),  # 1,000 tokens
    ],
)
def test_bad_sentences_get_a_message_and_keep_the_last_good_one(qtbot, window, text, message):
    type_sentence(qtbot, window, "one two three")
    type_sentence(qtbot, window, text)
    assert window.state.tokens == ("one", "two", "three")
    assert message in window.sentence_editor.message.text()
    assert window.sentence_editor.message.isVisible()
    type_sentence(qtbot, window, "four five")
    assert not window.sentence_editor.message.isVisible()


def test_pasted_megabyte_is_cut_and_refused_without_a_crash(qtbot, window):
    editor = window.sentence_editor
    editor.edit.setText("word " * 200_000)  # what a paste does
    editor.apply_text()
    assert len(editor.edit.text()) == MAX_CHARS
    assert window.state.tokens == core.LESSON_TOKENS
    assert "too long" in editor.message.text()


@pytest.mark.parametrize("unit", ["😀", "😀 ", "a😀", "🇩🇪"])
def test_a_pasted_megabyte_of_emoji_is_too_long_not_too_many_tokens(qtbot, window, unit):
    # Emoji take two UTF-16 units each: the field and the check must count alike.
    editor = window.sentence_editor
    text = unit * (1_000_000 // len(unit.encode("utf-16-le")) * 2)
    editor.edit.setText(text)  # what a paste does
    editor.edit.textEdited.emit(editor.edit.text())
    qtbot.waitUntil(lambda: not editor._timer.isActive(), timeout=2000)
    assert "too long" in editor.message.text()
    assert str(core.MAX_TOKENS) not in editor.message.text()
    assert len(editor.edit.text()) == MAX_CHARS  # characters, as the message says
    assert window.state.tokens == core.LESSON_TOKENS


def test_ten_thousand_letters_of_one_word_are_refused_kindly(qtbot, window):
    window.sentence_editor.use("x" * 10_000)
    assert window.state.tokens == core.LESSON_TOKENS
    assert "too long" in window.sentence_editor.message.text()
    assert f"{MAX_CHARS:,} characters" in window.sentence_editor.message.text()


@pytest.mark.parametrize(
    "text",
    ["😀 🙂 😀 🙂", "שלום עולם שלום", "x" * 3000, "cafe\u0301 cafe\u0301", "a\x00b\x07c"],
)
def test_odd_unicode_is_handled(qtbot, window, text):
    window.sentence_editor.use(text)
    assert window.state.tokens == tuple(core.tokenize(text))
    assert len(window.readout.text()) < 200  # a huge word is shortened on screen
    window.grab()  # paints without error


def test_lesson_button_and_examples(qtbot, window):
    type_sentence(qtbot, window, "x y z")
    qtbot.mouseClick(window.sentence_editor.lesson_button, Qt.MouseButton.LeftButton)
    assert window.state.tokens == core.LESSON_TOKENS
    combo = window.sentence_editor.examples
    for index in range(1, combo.count()):
        combo.activated.emit(index)
        examples = window.sentence_editor.example_sentences
        assert window.state.sentence == examples[combo.itemText(index)]
        assert combo.currentIndex() == 0


def test_sentence_set_elsewhere_shows_in_the_field(window):
    window.state.set_sentence("the end")
    assert window.sentence_editor.edit.text() == "the end"
