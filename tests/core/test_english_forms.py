"""Reading a word the English model does not know as a form of one it does."""

import pytest

from core.english import BOS, UNKNOWN, Vocabulary, wordnet
from core.english.forms import WORD_FORMS, WordForms, parse_word_forms, word_forms
from tests.tools import require

KNOWN = ("the", "steal", "mouse", "duckling", "fox", "lady", "snowman", "bake", "jump",
         "ride", "stop", "happy", "nice", "tall", "big", "quick", "granny", "us", "state",
         "call", "see")  # fmt: skip


@pytest.fixture(scope="module")
def vocab():
    return Vocabulary((UNKNOWN, BOS, *KNOWN), forms=word_forms())


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("stole", "steal"),  # WordNet's irregular forms
        ("Mice", "mouse"),  # as the tokenizer leaves it: case does not matter
        ("ducklings", "duckling"),
        ("foxes", "fox"),
        ("ladies", "lady"),
        ("snowmen", "snowman"),
        ("baked", "bake"),
        ("jumping", "jump"),
        ("riding", "ride"),
        ("stopped", "stop"),  # a doubled consonant
        ("happier", "happy"),
        ("nicest", "nice"),
        ("taller", "tall"),
        ("biggest", "big"),
        ("happily", "happy"),
        ("quickly", "quick"),
        ("granny’s", "granny"),
        ("called", "call"),  # the stem before the undoubled one
        ("seeing", "see"),
    ],
)
def test_a_form_of_a_known_word_is_read_as_that_word(vocab, typed, read):
    assert vocab.read_as(typed) == read
    assert vocab.encode([typed]).tolist() == vocab.encode([read]).tolist() != [0]


@pytest.mark.parametrize("word", ["user", "stately", "campfire", "as", "s", "<unk>s", "<bos>"])
def test_a_word_of_its_own_or_no_form_at_all_stays_unknown(vocab, word):
    """ "user" is not "us" + -er, "stately" not "state" + -ly; "as" is too short to be
    "a" + -s; the special tokens are never a base."""
    assert vocab.read_as(word) is None
    assert vocab.encode([word]).tolist() == [0]


def test_a_known_word_is_read_as_itself_and_training_reads_no_forms(vocab):
    assert vocab.read_as("The") == "the"
    plain = Vocabulary(vocab.words)  # as the training script builds it
    assert plain.encode(["stole", "the"]).tolist() == [0, 2]
    assert plain == vocab  # the reading of forms is not part of what a vocabulary is


def test_the_table_parses_its_sections_and_refuses_a_line_outside_them():
    forms = parse_word_forms("# a comment\n[irregular]\nmice mouse\n\n[own]\nuser\n")
    assert forms == WordForms({"mice": ("mouse",)}, frozenset({"user"}))
    with pytest.raises(ValueError, match="before any section"):
        parse_word_forms("mice mouse\n")


def test_the_shipped_table_holds_wordnets_forms_and_no_blocked_word():
    from core.english.blocked import blocked_words

    forms = word_forms()
    assert forms.irregular["stole"] == ("steal",) and forms.irregular["mice"] == ("mouse",)
    assert {"user", "digest", "stately"} <= forms.own and "bigger" not in forms.own
    listed = set(forms.irregular) | {b for bs in forms.irregular.values() for b in bs}
    assert listed.isdisjoint(blocked_words())


@pytest.mark.slow
@require(wordnet.WORDNET_DIR.is_dir(), "the Debian package wordnet-base")
def test_the_shipped_table_is_what_the_script_makes_from_wordnet():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "make_word_forms.py"
    spec = importlib.util.spec_from_file_location("make_word_forms", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.word_forms_text() == WORD_FORMS.read_text(encoding="utf-8")
