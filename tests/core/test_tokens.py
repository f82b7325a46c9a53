"""Tokenising what a person types."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core

#: The flag of England: a black flag and tag characters spelling "gbeng".
ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The cat, the hat!", ["The", "cat", ",", "the", "hat", "!"]),
        ("don't stop", ["don't", "stop"]),
        ("café  naïve", ["café", "naïve"]),
        ("cafe\u0301 x", ["cafe\u0301", "x"]),  # combining accent stays with its letter
        ("👍🏽 👩\u200d💻!", ["👍🏽", "👩\u200d💻", "!"]),
        ("שלום עולם", ["שלום", "עולם"]),
        ("a\u200bb\x00c", ["a", "b", "c"]),  # invisible characters separate
        ("नमस्ते दुनिया", ["नमस्ते", "दुनिया"]),
        ("🇩🇪🇫🇷 ok", ["🇩🇪", "🇫🇷", "ok"]),  # two flags, each one token
        (f"{ENGLAND} fan", [ENGLAND, "fan"]),  # the flag keeps its tag characters
        ("1\ufe0f\u20e3 x", ["1\ufe0f\u20e3", "x"]),  # keycap
        ("a\u200cb\ufeffc", ["a", "b", "c"]),  # non-joiner and BOM separate too
        ("Ba\u0308r", ["Ba\u0308r"]),  # decomposed umlaut
    ],
)
def test_words_and_punctuation_become_tokens(text, expected):
    assert core.tokenize(text) == expected


@pytest.mark.parametrize("text", ["", "   \n\t", "\u200b\x00"])
def test_empty_text_is_refused_with_advice(text):
    with pytest.raises(core.TokenError, match="empty"):
        core.tokenize(text)


def test_too_many_tokens_are_refused_with_the_limit():
    assert len(core.tokenize("a " * core.MAX_TOKENS)) == core.MAX_TOKENS
    with pytest.raises(core.TokenError, match=str(core.MAX_TOKENS)):
        core.tokenize("a " * (core.MAX_TOKENS + 1))


def test_a_pasted_megabyte_is_refused_at_the_limit_not_at_its_end(monkeypatch):
    # How fast: tests/benchmarks/bench_stops.py.
    real_patterns = core.tokens._patterns
    read = []

    class CountingPattern:
        def __init__(self, real):
            self.real = real

        def finditer(self, text):
            for match in self.real.finditer(text):
                read.append(match)
                yield match

    def counting(text):
        token_re, separators = real_patterns(text)
        return CountingPattern(token_re), separators

    monkeypatch.setattr(core.tokens, "_patterns", counting)
    with pytest.raises(core.TokenError) as refused:
        core.tokenize("word " * 200_000)
    assert refused.value.kind == "too_many"
    # It read the words up to one past the limit, each with the space after it, and none
    # of the 199,935 words after those.
    assert len(read) == 2 * (core.MAX_TOKENS + 1) - 1


def test_a_very_long_word_is_one_token():
    assert core.tokenize("x" * 10_000) == ["x" * 10_000]


def test_token_error_is_a_value_error():
    assert issubclass(core.TokenError, ValueError)


def _tokens_with(patterns, text):
    token_re, separators = patterns
    found = token_re.finditer(separators.sub(" ", text))
    return [m.group() for m in found if core.tokens._visible(m.group())]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=60))
def test_ascii_text_is_cut_by_re_as_regex_would_cut_it(text):
    # Most sentences are ASCII and are cut by the standard library's re, so that the
    # program starts without importing regex; the two must agree on every such text.
    unicode_patterns = core.tokens._unicode_patterns()
    assert core.tokens._patterns(text) != unicode_patterns
    assert _tokens_with(core.tokens._patterns(text), text) == _tokens_with(unicode_patterns, text)


@pytest.mark.parametrize("text", ["don't\r\nstop", "a\tb\x7fc", "x_1 'quoted' it's", "a''b"])
def test_ascii_edge_cases_are_cut_alike(text):
    unicode_patterns = core.tokens._unicode_patterns()
    assert _tokens_with(core.tokens._patterns(text), text) == _tokens_with(unicode_patterns, text)


def test_the_lesson_starts_without_the_regex_module():
    import subprocess
    import sys

    code = "import core, sys; core.tokenize(core.LESSON_SENTENCE); print('regex' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
