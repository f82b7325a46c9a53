"""What core finds, worded in English and in German: readout, challenges, errors, numbers."""

import pytest

import core
from app.text import errors, wording
from core.challenges import challenge

LESSON = core.LESSON_TOKENS
GERMAN_LESSON = tuple(core.tokenize("die Katze jagte die Maus. die Katze jagte die"))


def readout(tokens, head, query, causal=True):
    return wording.readout_text(tokens, core.focus(core.head_weights(head, tokens, causal), query))


def confirmation(tokens, challenge_id, head, causal, query):
    return wording.confirmation(
        tokens, challenge(challenge_id).finding(tokens, head, causal, query)
    )


def test_the_readout_in_english():
    weights = core.head_weights("induction", LESSON)
    assert wording.focus_text(LESSON, core.focus(weights, 7)) == "chased (2), 92%"
    assert readout(LESSON, "induction", 7) == "cat (7) looks most at chased (2), 92%"
    assert (
        readout(LESSON, "induction", 6) == "the (6) is split between cat (1) and dog (4), 48% each"
    )
    assert wording.focus_text(LESSON, core.focus(weights, 9)) == (
        "cat (1), dog (4) and cat (7), 32% each"
    )
    assert readout(LESSON, "broad", 7) == "cat (7) is split between 8 tokens, 12% each"


def test_the_readout_in_german(german):
    assert (
        readout(GERMAN_LESSON, "induction", 7) == "Katze (7) schaut am meisten auf jagte (2), 92 %"
    )
    assert readout(GERMAN_LESSON, "induction", 6) == (
        "die (6) verteilt sich auf Katze (1) und Maus (4), je 48 %"
    )
    assert readout(GERMAN_LESSON, "broad", 7) == "Katze (7) verteilt sich auf 8 Tokens, je 12 %"


def test_numbers_follow_the_language(german):
    assert wording.format_weight(0.9168) == "0,92"
    assert wording.format_percent(0.9168) == "92 %"
    assert wording.format_count(4000) == "4.000"


def test_numbers_in_english():
    assert (wording.format_weight(0.9168), wording.format_percent(0.9168)) == ("0.92", "92%")
    assert wording.format_count(4000) == "4,000"


def test_challenge_one_confirmation_names_the_fallback_and_points_at_the_induction_move():
    text = confirmation(LESSON, "induction_next", "induction", True, 2)
    assert text.startswith("chased (2) looks most at the (0), 79%")
    assert "first-token fallback" in text and "induction move" in text
    assert "chased (8)" in text  # where the real move can be seen on this sentence
    copy = confirmation(LESSON, "induction_next", "induction", True, 8)
    assert copy.startswith("chased (8) looks most at the (3), 91%")
    assert "fallback" not in copy


def test_challenge_confirmations_in_german(german):
    text = confirmation(GERMAN_LESSON, "induction_next", "induction", True, 2)
    assert text.startswith("jagte (2) schaut am meisten auf die (0), 79 %")
    assert "Rückfall auf das erste Token" in text and "jagte (8)" in text
    ahead = confirmation(GERMAN_LESSON, "look_ahead", "same_word", False, 0)
    assert ahead.startswith(
        "die (0) verteilt sich gleichmäßig auf die (3), die (6) und die (9), je 32 %"
    )
    first = confirmation(GERMAN_LESSON, "first_occurrence", "same_word", True, 1)
    assert first.startswith("Katze (1) hat keine frühere Kopie")


def test_look_ahead_confirmation_lists_the_tie():
    text = confirmation(LESSON, "look_ahead", "same_word", False, 0)
    assert text.startswith("the (0) splits evenly between the (3), the (6) and the (9), 32% each")


def test_only_the_fallback_gets_a_note_for_the_banner():
    item = challenge("induction_next")
    assert "first-token fallback" in wording.short_note(item.finding(LESSON, "induction", True, 5))
    assert wording.short_note(item.finding(LESSON, "induction", True, 8)) == ""
    look = challenge("look_ahead").finding(LESSON, "same_word", False, 0)
    assert wording.short_note(look) == ""


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_challenge_has_a_title_a_hint_and_says_how_ties_are_treated(qapp, language):
    from app.text.i18n import install_language

    install_language(language)
    try:
        for item in core.CHALLENGES:
            assert wording.challenge_title(item.id) and wording.challenge_hint(item.id)
            ties = wording.challenge_ties(item.id).lower()
            assert ("tie" if language == "en" else "gleich") in ties
    finally:
        install_language("en")


def test_token_errors_are_worded_with_their_limit(german):
    with pytest.raises(core.TokenError) as empty:
        core.tokenize("   ")
    assert empty.value.kind == "empty"
    assert errors.token_error(empty.value) == "Der Satz ist leer; tippe mindestens ein Wort."
    with pytest.raises(core.TokenError) as many:
        core.tokenize("a " * 100)
    assert (many.value.kind, many.value.limit) == ("too_many", core.MAX_TOKENS)
    assert "mehr als 64 Tokens" in errors.token_error(many.value)


def test_head_names_in_both_languages(qapp):
    from app.text.i18n import install_language

    english = [wording.head_name(h) for h in core.HEADS]
    assert english == ["Previous token", "Same word", "Induction", "First token", "Broad"]
    install_language("de")
    try:
        assert wording.head_name("induction") == "Induktion"
        assert wording.head_summary("previous_token").startswith("Jedes Token")
    finally:
        install_language("en")


def test_a_value_that_looks_like_a_placeholder_is_put_in_as_it_is():
    assert wording.fill("%1 and %2", "%2", "x") == "%2 and x"
    assert wording.fill("%1 of %2 complete", 1, 3) == "1 of 3 complete"


def _weights_error(path, script=None):
    from core.learned import WeightsError, load_weights

    with pytest.raises(WeightsError) as caught:
        load_weights(path) if script is None else load_weights(path, script=script)
    return caught.value


@pytest.fixture
def damaged_files(tmp_path):
    """A missing file, random bytes, and an archive no program of ours wrote."""
    import numpy as np

    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(np.random.default_rng(3).bytes(2000))
    foreign = tmp_path / "foreign.npz"
    np.savez(foreign, something=np.zeros(3))
    return {"missing": tmp_path / "gone.npz", "damaged": garbage, "foreign": foreign}


def test_weights_errors_carry_a_kind_and_are_worded_in_english(damaged_files):
    for kind, path in damaged_files.items():
        error = _weights_error(path)
        assert (error.kind, error.path) == (kind, str(path))
        text = errors.weights_error(error)
        assert str(path) in text
        assert text.endswith(
            "Reinstall the program, or run scripts/train_shipped_model.py to recreate it."
        )
        assert str(error).endswith(text.split(". ")[-1])  # the log's message ends the same way
    assert errors.weights_error(_weights_error(damaged_files["missing"])).startswith(
        "There is no model file at"
    )


def test_weights_errors_in_german_name_the_file_and_the_script(german, damaged_files):
    missing = _weights_error(damaged_files["missing"], script="scripts/train_english_model.py")
    assert errors.weights_error(missing) == (
        f"Unter {damaged_files['missing']} gibt es keine Modelldatei. Installiere das Programm "
        "neu oder erzeuge die Datei mit scripts/train_english_model.py neu."
    )
    damaged = errors.weights_error(_weights_error(damaged_files["damaged"]))
    assert damaged.startswith(f"Die Modelldatei {damaged_files['damaged']} ist beschädigt")
    foreign = errors.weights_error(_weights_error(damaged_files["foreign"]))
    assert "keine Modelldatei dieses Programms" in foreign
    # The command line and the log keep core's English.
    assert str(_weights_error(damaged_files["missing"])).startswith("No model weights at")


@pytest.mark.parametrize("language", ["en", "de"])
def test_resource_errors_name_the_file_in_both_languages(qapp, language):
    from app.text import resources
    from app.text.i18n import install_language

    install_language(language)
    try:
        with pytest.raises(resources.ResourceError) as missing:
            resources.read_bytes("text/no_such_file.json")
        text = errors.resource_error(missing.value)
        assert missing.value.kind == "unreadable"
        assert "resources/text/no_such_file.json" in text
        expected = "could not be read" if language == "en" else "ließ sich nicht lesen"
        assert expected in text
        content = resources.ResourceError("glossary entry 3 is not an object", name="text/g.json")
        expected = "does not hold" if language == "en" else "enthält nicht"
        assert expected in errors.resource_error(content)
        assert "entry 3" not in errors.resource_error(content)  # the detail is the log's
    finally:
        install_language("en")
