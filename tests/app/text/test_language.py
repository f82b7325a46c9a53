"""Choosing the language: View menu, command line, kiosk; the session survives the switch."""

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QPoint, Qt

import core
from app.adapters.settings import Settings
from app.kiosk import KioskConfig
from app.text.i18n import current_language, install_language
from app.text.lesson import examples, lesson_sentence
from app.window.main_window import MainWindow
from app.window_host import WindowHost
from core.pattern_scores import pattern_score

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def host(qtbot):
    made = WindowHost(MainWindow)
    made.window.resize(1024, 768)
    made.window.show()
    qtbot.waitExposed(made.window)
    yield made
    if made.kiosk is not None:
        made.kiosk.shutdown()
        made.kiosk.guard.exit_authorised = True
    made.window.writes_settings = False
    made.window.close()
    made.window.deleteLater()
    install_language("en")


def language_action(window, code):
    return next(a for a in window.menus.language_actions.actions() if a.data() == code)


def test_the_view_menu_rebuilds_the_window_in_german_and_keeps_the_session(qtbot, host):
    old = host.window
    state = old.state
    with state.batch():
        state.set_head("same_word")
        state.set_query(4)
        state.set_causal(False)
    assert old.head_selector.buttons["same_word"].text().endswith("Same word")
    language_action(old, "de").trigger()
    new = host.window
    assert new is not old and current_language() == "de"
    assert new.state.sentence == lesson_sentence("de")  # the lesson's sentence, translated
    assert (new.state.head_id, new.state.query, new.state.causal) == ("same_word", 4, False)
    assert new.head_selector.buttons["same_word"].text().endswith("Gleiches Wort")
    assert new.readout.text().startswith("Maus (4) ")
    assert language_action(new, "de").isChecked()
    assert Settings().get("view/language") == "de"  # remembered
    assert QLocale().decimalPoint() == ","


def test_a_sentence_of_ones_own_is_kept_across_the_switch(host):
    host.window.state.set_sentence("a b a b")
    language_action(host.window, "de").trigger()
    assert host.window.state.sentence == "a b a b"


def test_choosing_the_language_in_use_changes_nothing(host):
    old = host.window
    language_action(old, "en").trigger()
    assert host.window is old


def test_the_command_line_chooses_the_language(tmp_path):
    shot = tmp_path / "de.png"
    run = subprocess.run(
        [sys.executable, "-m", "app", "--language", "de", "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert shot.stat().st_size > 10_000
    bad = subprocess.run(
        [sys.executable, "-m", "app", "--language", "xx", "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert bad.returncode == 2 and "en, de" in bad.stderr


# -- kiosk ---------------------------------------------------------------------------------------


def kiosk_host(host, **settings):
    host.kiosk_config = KioskConfig(
        **{"idle_seconds": 0.3, "countdown_seconds": 1, "attract_step_seconds": 30, **settings}
    )
    host.install_kiosk()
    return host.kiosk


def test_the_attract_banner_offers_the_languages_by_their_own_names(qtbot, host):
    kiosk = kiosk_host(host)
    qtbot.waitUntil(lambda: kiosk.attracting, timeout=4000)
    rects = kiosk.banner.language_rects()
    assert list(rects) == ["en", "de"]
    assert all(r.height() >= 48 for r in rects.values())  # a fingertip
    assert all(kiosk.banner.rect().toRectF().contains(r) for r in rects.values())
    assert not rects["en"].intersects(rects["de"])
    # the invitation keeps clear of the buttons, in the longer language too
    assert all(not kiosk.banner.text_rect().intersects(r) for r in rects.values())


@pytest.mark.slow  # the window built twice more, and the kiosk's idle reset: 3.6 s
def test_touching_deutsch_switches_the_exhibit_and_the_idle_reset_returns(qtbot, host):
    kiosk = kiosk_host(host, language="en")
    qtbot.waitUntil(lambda: kiosk.attracting, timeout=4000)
    where = kiosk.banner.language_rects()["de"].center().toPoint()
    qtbot.mouseClick(host.window, Qt.MouseButton.LeftButton, pos=where)
    assert current_language() == "de"
    assert host.kiosk is not kiosk and not host.kiosk.attracting
    assert host.window.head_selector.buttons["induction"].text().endswith("Induktion")
    qtbot.waitUntil(host.window.isFullScreen, timeout=2000)
    # Left alone, the exhibit returns to its own language and attracts again.
    qtbot.waitUntil(lambda: current_language() == "en", timeout=5000)
    qtbot.waitUntil(lambda: host.kiosk.attracting, timeout=4000)
    assert host.window.state.sentence == core.LESSON_SENTENCE


def test_a_touch_elsewhere_on_the_banner_only_wakes_the_exhibit(qtbot, host):
    kiosk = kiosk_host(host)
    qtbot.waitUntil(lambda: kiosk.attracting, timeout=4000)
    qtbot.mouseClick(host.window, Qt.MouseButton.LeftButton, pos=QPoint(20, 300))
    assert host.kiosk is kiosk and not kiosk.attracting and current_language() == "en"


def test_the_kiosk_config_names_the_exhibit_language(tmp_path, caplog):
    assert KioskConfig.from_mapping({"language": "de_DE"}).language == "de"
    assert KioskConfig.from_mapping({"language": "klingon"}).language == "en"
    assert "language must be one of" in caplog.text


# -- the translated lesson still teaches the same things -------------------------------------------


def test_the_german_lesson_sentence_has_the_lessons_weights_to_the_last_digit():
    english = core.LESSON_TOKENS
    german = core.tokenize(lesson_sentence("de"))
    for head in core.HEADS:
        for causal in (True, False):
            assert (
                core.head_weights(head, german, causal) == core.head_weights(head, english, causal)
            ).all()


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_challenge_has_an_answer_on_the_lesson_sentence(language):
    tokens = core.tokenize(lesson_sentence(language))
    setups = {"induction_next": ("induction", True), "first_occurrence": ("same_word", True)}
    for item in core.CHALLENGES:
        head, causal = setups.get(item.id, ("same_word", False))
        assert any(item.is_met(tokens, head, causal, q) for q in range(len(tokens))), item.id


def best_score(sentence, head):
    tokens = core.tokenize(sentence)
    return pattern_score(head, tokens, core.head_weights(head, tokens, True), True)


def test_the_german_examples_show_their_heads_as_well_as_the_english_ones():
    english, german = examples("en"), examples("de")
    assert [e.head_id for e in english] == [e.head_id for e in german]
    for en, de in zip(english, german, strict=True):
        assert best_score(de.sentence, de.head_id) >= best_score(en.sentence, en.head_id) - 0.02, (
            de.label
        )


def test_the_german_induction_example_repeats_a_phrase():
    example = next(e for e in examples("de") if "Induktion" in e.label and "Lektion" not in e.label)
    tokens = [t.casefold() for t in core.tokenize(example.sentence)]
    pairs = list(zip(tokens, tokens[1:], strict=False))
    repeated = [p for p in set(pairs) if pairs.count(p) > 1]
    assert len(repeated) >= 4  # a phrase of five words or more comes back


def test_the_exhibits_own_sentences_are_written_for_each_language():
    from app.text.lesson import exhibit_examples

    english, german = exhibit_examples("en"), exhibit_examples("de")
    assert len(english) == len(german) == 3
    assert [e.head_id for e in english] == [e.head_id for e in german]
    for example in (*english, *german):
        assert best_score(example.sentence, example.head_id) >= 0.9, example.label
    assert {e.label for e in english}.isdisjoint(e.label for e in german)
    song = core.tokenize(german[0].sentence)
    assert song[:2] == song[3:5]  # the song repeats its words: something to copy


def test_translations_reach_qt_itself(qapp):
    install_language("de")
    try:
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
    finally:
        install_language("en")


# -- text resources per language -------------------------------------------------------------------


def test_every_text_resource_has_a_german_twin_with_the_same_ids():
    import json

    from app.panels.card_text import parse_head_cards
    from app.panels.glossary import parse_glossary
    from app.text.resources import load_json, localized

    for name in ("text/heads.json", "text/glossary.json", "text/examples.json"):
        assert localized(name, "de") == name.replace("text/", "text/de/")
    english = parse_glossary(load_json("text/glossary.json"))
    german = parse_glossary(load_json("text/de/glossary.json"))
    assert list(english) == list(german)
    renamed = [german[i].name != english[i].name for i in english if not i.startswith("d_")]
    assert all(renamed)
    cards = parse_head_cards(load_json("text/de/heads.json"))
    assert set(cards) == set(core.HEADS)
    assert json.dumps(load_json("text/de/heads.json")).count("[[") == json.dumps(
        load_json("text/heads.json")
    ).count("[[")  # the same glossary links


def test_the_german_window_reads_its_cards_and_glossary_in_german(qtbot, german):
    from app.panels.glossary import default_glossary

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.side_tabs.setCurrentWidget(window.pages["card"])
    assert "Induktionskopf" in window.side_tabs.view("card").does.text()
    assert default_glossary().get("causal_mask").name == "kausale Maske"
