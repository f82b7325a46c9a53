"""Every word on screen is translated: walk every page in English and in German.

A visible text (label, button, tab, menu entry, tooltip, placeholder, list item,
window title, and the names and descriptions a screen reader speaks) that reads the
same in both languages is untranslated, unless it is a number, a token, a symbol or
a name that stays the same in every language. So is a translated text with English
words in it ("Kopf Induktion, key 3"): each word is looked up among the words of the
English texts, leaving out the sentence's tokens, numbers, names, the notation of
formulas, and the words German writes as English does.
"""

import atexit
import functools
import re
import shutil
import tempfile
import unicodedata
from html import unescape
from pathlib import Path

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTabBar,
    QWidget,
)

from app.panels.english_view import english_examples
from app.text.i18n import LANGUAGES, install_language
from app.window.main_window import MainWindow
from tests.gpt2_folders import write_gpt2_folder

#: Names and symbols that are the same in every language.
SAME_IN_EVERY_LANGUAGE = {
    "Attention Heads",
    "English",
    "Englisch",
    "Deutsch",
    "Transformer base",
    "GPT-2 small",
    "GPT-2",  # the GPT-2 page's tab: the model's name
    "GPT-3 175B",
    "Softmax",
    "softmax",
    "d_model",
    "d_k",
    "KV",
    "Token",
    "Tokens",
    "Query",
    "Queries",
    "Key",
    "Keys",
    "Value",
    "Values",
    "CSV",
    "Heatmap",
    "PNG",
    "SVG",
    "GB",
}

#: Phrases that stay as they are inside translated text: names of people, of sources and
#: of data, titles of papers, the notation of formulas, loanwords of the field.
KEPT_PHRASES = (
    "A Mathematical Framework for Transformer Circuits",
    "In-context Learning and Induction Heads",
    "In-Context-Learning",
    "BERT",
    "Mary",  # and John: the names in an example sentence of the English model
    "WordNet",  # a source of the English model's text
    "Start",  # the English model's start token, written the same in German
    "attention sink",  # the English term, named in the German text on purpose
    "John",
    "Elhage et al.",
    "Olsson et al.",
    "Xiao et al.",
    "World English Bible",
    "sword-text-web",
    "NumPy",
    "Debian",
    "Multi-Head-Attention",
    "KV-Cache",
    # The files of a GPT-2 model folder, by name, and the stick a teacher brings them on.
    "config.json",
    "model.safetensors",
    "tokenizer.json",
    "USB-Stick",
    # The paper's formula, spoken: head_i = Attention(...), MultiHead = Concat(...) W^O.
    "MultiHead",
    "Concat",
    "head i",
    "head 1",
    "head h",
    "d model",
)

#: Words that German writes as English does (or symbols spelled in letters: w_i, d_k,
#: QK), which a translated text may share with the English ones.
SHARED_WORDS = {
    "an", "in", "so", "was", "plus", "minus", "position", "problem", "symbol", "text",
    "tour", "training", "moment", "passage", "minute", "prompt", "code", "nats",
    "attention", "wi", "dk", "qk", "computer", "bring", "byte", "bytes",
}  # fmt: skip

#: Pages that still speak English only (none now; a page that arrives before its
#: translation goes here until it is wrapped).
NOT_YET_TRANSLATED: set[str] = set()

_TAG = re.compile(r"<[^>]+>")
#: A rich text's style sheet: no words a reader sees.
_STYLE = re.compile(r"<style[^>]*>.*?</style>", re.DOTALL | re.IGNORECASE)
_LETTERS = re.compile(r"[^\W\d_]{2,}")


def words_of(text: str) -> str:
    """The text as a reader sees it: style sheets and tags dropped, entities resolved,
    spaces collapsed."""
    return " ".join(unescape(_TAG.sub(" ", _STYLE.sub(" ", text))).split())


def visible_texts(window: QWidget) -> set[str]:
    """Every text the window and its built pages show, menus and tooltips included."""
    texts: list[str] = [window.windowTitle()]
    for widget in window.findChildren(QWidget):
        texts.append(widget.toolTip())
        # What a screen reader says is read too.
        texts.extend((widget.accessibleName(), widget.accessibleDescription()))
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QComboBox):
            texts.extend(widget.itemText(i) for i in range(widget.count()))
        elif isinstance(widget, QTabBar):
            texts.extend(widget.tabText(i) for i in range(widget.count()))
        elif isinstance(widget, QListWidget):
            texts.extend(widget.item(i).text() for i in range(widget.count()))
        elif isinstance(widget, QMenu):
            texts.append(widget.title())
            texts.extend(a.text() for a in widget.actions())
    for action in window.actions():
        texts.extend((action.text(), action.toolTip()))
    return {words_of(t).replace("&", "") for t in texts if t}


def accessible_texts(window: QWidget) -> set[str]:
    """The names and descriptions a screen reader reads, walked through the accessible
    tree: our own nodes too (tokens, cells, pictures' lines), which no widget holds."""
    texts: list[str] = []
    seen: set[int] = set()

    def walk(node, depth: int) -> None:
        if node is None or not node.isValid() or depth > 40:
            return
        key = QAccessible.uniqueId(node)
        if key in seen:
            return
        seen.add(key)
        texts.extend(
            node.text(kind) for kind in (QAccessible.Text.Name, QAccessible.Text.Description)
        )
        for i in range(node.childCount()):
            walk(node.child(i), depth + 1)

    walk(QAccessible.queryAccessibleInterface(window), 0)
    return {words_of(t).replace("&", "") for t in texts if t}


def needs_translation(text: str, tokens: set[str]) -> bool:
    """False for numbers, tokens, symbols and names that every language shares."""
    if text in SAME_IN_EVERY_LANGUAGE or text in tokens:
        return False
    words = [w for w in _LETTERS.findall(text) if w not in SAME_IN_EVERY_LANGUAGE]
    return any(w.casefold() not in tokens for w in words)


def english_words_in(text: str, english: set[str], tokens: set[str]) -> list[str]:
    """The words of ``text`` (a translated text) that are words of the English texts
    (``english``, casefolded), leaving out tokens and what every language keeps."""
    text = unicodedata.normalize("NFKC", text)  # d_model² is d_model2
    examples = (sentence for sentence, _query in english_examples().values())
    kept = sorted((*SAME_IN_EVERY_LANGUAGE, *KEPT_PHRASES, *examples), key=len)
    for phrase in reversed(kept):  # the longest first: "KV-Cache" before "KV"
        text = re.sub(rf"(?<![^\W\d_]){re.escape(phrase)}(?![^\W\d_])", " ", text)
    return [
        word
        for word in _LETTERS.findall(text)
        if word.casefold() in english
        and word.casefold() not in tokens
        and word.casefold() not in SHARED_WORDS
    ]


def vocabulary(texts: set[str]) -> set[str]:
    return {word.casefold() for text in texts for word in _LETTERS.findall(text)}


@functools.cache
def gpt2_folder() -> str:
    """A tiny random GPT-2 folder, so that the GPT-2 page is walked with a model read."""
    root = Path(tempfile.mkdtemp(prefix="ah-gpt2-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    return str(write_gpt2_folder(root / "gpt2", n_positions=160))


def built_window(qtbot, language: str) -> set[str]:
    install_language(language)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 900)
    window.show()
    window.build_plots()
    window.state.set_model_dir(gpt2_folder())
    for name in list(window.pages):  # build every side page
        if name in NOT_YET_TRANSLATED:
            continue
        window.side_tabs.setCurrentWidget(window.pages[name])
        if name == "gpt2":
            view = window.side_tabs.view(name)
            qtbot.waitUntil(lambda v=view: v.page is not None, timeout=20_000)
            view.find_head("previous_token")  # the finder's answer speaks too
        window.grab()
    window.glossary.show_term("causal_mask")
    window.glossary.grab()
    window.heatmap.setFocus()  # the cursor's cell speaks too
    texts = visible_texts(window) | visible_texts_of(window.glossary) | accessible_texts(window)
    window.glossary.close()
    tokens = {t.casefold() for t in window.state.tokens}
    # The English model's guesses are English words in every language, by design.
    model = window.controller.page_results.english_model
    guesses = model.result(window.state.tokens, window.state.query).predictions
    tokens |= {guess.word.casefold() for guess in guesses}
    # GPT-2's tokens and guesses stay English too (and show a leading space as "␣").
    gpt2 = window.side_tabs.view("gpt2").page
    shown = (*gpt2.run.positions, *(p.word for p in gpt2.predictions))
    tokens |= {label.strip("␣").casefold() for label in shown}
    tokens |= vocabulary({gpt2.about.folder})  # a path, named as it is
    window.writes_settings = False
    return texts, tokens


def visible_texts_of(dialog: QWidget) -> set[str]:
    texts = {dialog.windowTitle()}
    for widget in dialog.findChildren(QWidget):
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.add(widget.text())
        if isinstance(widget, QListWidget):
            texts.update(widget.item(i).text() for i in range(widget.count()))
    return {words_of(t) for t in texts if t}


@pytest.fixture
def both_languages(qtbot):
    try:
        english, english_tokens = built_window(qtbot, "en")
        german, german_tokens = built_window(qtbot, "de")
    finally:
        install_language("en")
    return english, german, english_tokens | german_tokens


OTHER_LANGUAGES = [code for code in LANGUAGES if code != "en"]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_visible_text_of_every_page_is_translated(qtbot, language):
    try:
        english, english_tokens = built_window(qtbot, "en")
        other, other_tokens = built_window(qtbot, language)
    finally:
        install_language("en")
    tokens = english_tokens | other_tokens
    untranslated = {t for t in english & other if needs_translation(t, tokens)}
    assert untranslated == set()
    english_vocabulary = vocabulary(english)
    mixed = {
        text: words
        for text in other - english
        if (words := english_words_in(text, english_vocabulary, tokens))
    }
    assert mixed == {}


def test_english_words_inside_a_translated_text_are_found():
    english = vocabulary({"Induction head, key 3", "Causal mask: on", "the cat chased"})
    tokens = {"die", "katze", "the", "cat"}
    assert english_words_in("Kopf Induktion, key 3", english, tokens) == ["key"]
    assert english_words_in("Kausale Maske: on", english, tokens) == ["on"]
    # Tokens, numbers, names and words German shares are no English words.
    assert english_words_in("die Katze (7) in der Tour", english | {"in"}, tokens) == []
    assert english_words_in("Über Attention Heads", vocabulary({"Attention Heads"}), tokens) == []


def test_the_walk_reads_what_the_screen_reader_nodes_say(both_languages):
    english, german, _ = both_languages
    # A token item, a heatmap cell and the strip's description: nodes of our own.
    assert "cat (7), the query, 1%" in english and "Katze (7), die Query, 1 %" in german
    assert any(t.startswith("query cat 7, key chased 2:") for t in english)
    assert any(t.startswith("10 Tokens. Die Query ist") for t in german)


def test_the_walk_sees_the_pages(both_languages):
    english, german, _ = both_languages
    assert "Lesson sentence" in english  # a button of the stage
    assert any("Induction" in t for t in english) and any("Induktion" in t for t in german)
    assert len(english) > 150 and len(german) > 150
    # The English-model page is walked with its model read, in both languages.
    assert "Held-out score" in english and "Gemessener Wert" in german
    assert any("auf Prosa:" in t for t in german)  # a head's verdict: the model was read
