"""The kiosk works by taps alone: its look, its sentence chooser, every control of the stage."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSlider,
    QComboBox,
    QLabel,
    QLineEdit,
    QScrollBar,
    QWidget,
)

import core
from app.kiosk import KioskConfig, install_kiosk
from app.kiosk.sentences import kiosk_sentences
from app.kiosk.touch import KIOSK_FONT_PX, TOUCH_PX
from app.text.lesson import exhibit_examples

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def kiosk(qtbot, window):
    running = install_kiosk(window, KioskConfig(idle_seconds=600))
    qtbot.waitUntil(window.isFullScreen)
    window.grab()
    yield running
    running.shutdown()


def tap(qtbot, widget, point=None):
    qtbot.mouseClick(widget, LEFT, pos=point if point is not None else widget.rect().center())


def test_the_kiosk_has_its_own_large_look(window, kiosk):
    assert window.state.theme_id == "exhibit"
    assert window.state.font_px >= KIOSK_FONT_PX
    assert window.token_strip.label_px() >= KIOSK_FONT_PX
    assert window.readout.font().pixelSize() >= KIOSK_FONT_PX


def _on_screen(widget: QWidget) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def test_every_text_and_target_on_every_page_is_room_sized(qtbot, window, kiosk):
    """Text at least 24 px (read from two metres), targets at least 48 px, on the stage
    and on every side page a visitor can open."""
    assert KIOSK_FONT_PX >= 24
    assert window.heatmap.labels.number_px(window.heatmap.cell_rect(0, 0).height()) >= 24
    trouble = []
    for name, page in window.pages.items():
        window.open_page(page)
        window.grab()  # lay the page out
        for widget in window.findChildren(QWidget):
            if not _on_screen(widget):
                continue
            text = isinstance(widget, (QLabel, QAbstractButton)) and widget.text()
            if text and QFontInfo(widget.font()).pixelSize() < KIOSK_FONT_PX:
                trouble.append(f"{name}: {text[:30]!r} at {QFontInfo(widget.font()).pixelSize()}")
            # Scroll bars are no targets here: a finger drags the content itself.
            target = isinstance(widget, (QAbstractButton, QAbstractSlider, QComboBox))
            small = min(widget.width(), widget.height()) < TOUCH_PX
            if target and small and not isinstance(widget, QScrollBar):
                trouble.append(f"{name}: {widget.objectName() or text!r} {widget.size()}")
    for button in [*window.page_chooser.buttons.values(), window.page_chooser.back]:
        assert min(button.width(), button.height()) >= TOUCH_PX  # every page, whole
        assert button.width() >= button.fontMetrics().horizontalAdvance(button.text())
    assert trouble == []


def test_no_control_needs_a_keyboard(window, kiosk):
    typing = [e for e in window.findChildren(QLineEdit) if e.isVisible()]
    assert typing == []
    assert window.sentence_chooser.isVisible()
    assert window.sentence_chooser.height() >= TOUCH_PX


@pytest.mark.slow  # every sentence tapped and drawn: 2.5 s
def test_every_sentence_is_one_tap_away_and_each_one_works(qtbot, window, kiosk):
    exhibit = {e.label for e in exhibit_examples()}
    assert len(exhibit) == 3 and exhibit <= set(kiosk_sentences())
    for label, sentence in kiosk_sentences().items():
        core.tokenize(sentence)  # every offered sentence is a usable one
        tap(qtbot, window.sentence_chooser)
        picker = window.sentence_chooser.picker
        qtbot.waitUntil(picker.isVisible)
        button = picker.buttons[label]
        assert button.height() >= TOUCH_PX and button.width() >= TOUCH_PX
        words = button.words  # the label and the whole sentence, wrapped, never cut
        assert words.height() >= words.heightForWidth(words.width())
        assert sentence in words.text()
        tap(qtbot, button)
        qtbot.waitUntil(lambda p=picker: not p.isVisible())
        assert window.state.sentence == sentence


def test_back_leaves_the_sentence_as_it_was(qtbot, window, kiosk):
    before = window.state.sentence
    tap(qtbot, window.sentence_chooser)
    picker = window.sentence_chooser.picker
    qtbot.waitUntil(picker.isVisible)
    tap(qtbot, picker.cancel)
    qtbot.waitUntil(lambda: not picker.isVisible())
    assert window.state.sentence == before


def test_the_stage_works_by_tap(qtbot, window, kiosk):
    state = window.state
    tap(qtbot, window.head_selector.buttons["same_word"])
    assert state.head_id == "same_word"
    chip = window.token_strip.chip_rect(3).center().toPoint()
    tap(qtbot, window.token_strip, chip)
    assert state.query == 3
    causal = state.causal
    tap(qtbot, window.mask_toggle)
    assert state.causal is not causal
    heatmap = window.heatmap
    cell = heatmap.cell_rect(5, 1).center().toPoint()
    viewport = heatmap.graphics.viewport()
    tap(qtbot, viewport, viewport.mapFrom(heatmap, cell))
    assert state.query == 5


def test_the_side_pages_are_reached_by_tap_and_left_by_tap(qtbot, window, kiosk):
    assert not window.arranger.side_beside  # a room's stage fills the screen
    bar = window.scroll_area.verticalScrollBar()
    assert bar.value() == 0
    tap(qtbot, window.more_pages)
    assert bar.value() > 0
    chooser = window.page_chooser  # large buttons in place of the tab bar
    assert not window.side_tabs.tabBar().isVisible()
    tap(qtbot, chooser.buttons["card"])
    assert window.side_tabs.currentIndex() == window.side_tabs.indexOf(window.pages["card"])
    top = chooser.mapTo(window, QPoint(0, 0)).y()
    assert 0 <= top < window.height() // 4  # the chooser and its page fill the view
    tap(qtbot, chooser.back)
    assert bar.value() == 0


# -- a sentence built from word tiles ------------------------------------------------------


def open_tiles(qtbot, window):
    tap(qtbot, window.sentence_chooser)
    picker = window.sentence_chooser.picker
    qtbot.waitUntil(picker.isVisible)
    tap(qtbot, picker.build_own)
    qtbot.waitUntil(picker.tiles.isVisible)
    return picker, picker.tiles


def test_a_visitor_builds_a_sentence_from_tiles_by_tap(qtbot, window, kiosk):
    picker, tiles = open_tiles(qtbot, window)
    assert tiles.tiles  # words of the kiosk's sentences, each once
    assert len(tiles.tiles) == len(set(tiles.tiles))
    for word in ("the", "cat", "chased", "the", "dog", ".", "the", "cat"):
        button = tiles.tiles[word]
        assert button.height() >= TOUCH_PX and button.width() >= TOUCH_PX
        tap(qtbot, button)
    assert tiles.sentence.text() == "the cat chased the dog. the cat"  # as written
    tap(qtbot, tiles.remove_last)  # "cat" goes
    tap(qtbot, tiles.tiles["dog"])
    tap(qtbot, tiles.use)
    qtbot.waitUntil(lambda: not picker.isVisible())
    assert window.state.sentence == "the cat chased the dog. the dog"
    assert window.state.tokens == ("the", "cat", "chased", "the", "dog", ".", "the", "dog")
    # the heads see the repeat: "dog" (7) looks back at what followed "dog" before
    assert window.readout.text().startswith("dog (7)")


def test_an_empty_or_full_sentence_says_so_and_cannot_be_used(qtbot, window, kiosk):
    from app.kiosk.word_tiles import MAX_TILE_WORDS

    picker, tiles = open_tiles(qtbot, window)
    before = window.state.sentence
    empty_message = tiles.status.text()
    assert empty_message and not tiles.use.isEnabled() and not tiles.clear.isEnabled()
    tap(qtbot, tiles.use)  # a tap on a disabled button does nothing
    assert picker.isVisible() and window.state.sentence == before
    for _ in range(MAX_TILE_WORDS):
        tap(qtbot, tiles.tiles["row"])
    assert all(not t.isEnabled() for t in tiles.tiles.values())  # full: no more words
    assert str(MAX_TILE_WORDS) in tiles.status.text()
    tap(qtbot, tiles.tiles["boat"])
    assert len(tiles.chosen) == MAX_TILE_WORDS
    tap(qtbot, tiles.clear)
    assert tiles.chosen == [] and tiles.status.text() == empty_message
    assert all(t.isEnabled() for t in tiles.tiles.values())
    tap(qtbot, picker.to_list)  # back to the ready-made sentences, then out
    assert picker.pages.currentWidget() is not tiles
    tap(qtbot, picker.cancel)
    qtbot.waitUntil(lambda: not picker.isVisible())
    assert window.state.sentence == before


def test_german_tiles_are_the_german_sentences_words(qtbot, window):
    from app.text.i18n import install_language

    install_language("de")
    try:
        running = install_kiosk(window, KioskConfig(idle_seconds=600))
        qtbot.waitUntil(window.isFullScreen)
        try:
            picker, tiles = open_tiles(qtbot, window)
            assert {"Katze", "jagte", "Jakob", "grün"} <= set(tiles.tiles)
            assert "cat" not in tiles.tiles
            assert tiles.use.text() == "Diesen Satz nehmen"
            assert "Getränk" in tiles.tiles
            text_px = QFontInfo(tiles.tiles["Katze"].font()).pixelSize()
            assert text_px >= KIOSK_FONT_PX
        finally:
            running.shutdown()
    finally:
        install_language("en")
