"""Splitting text into tokens: words and punctuation marks, kept as typed."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import cache

#: The most tokens a sentence may have. 64 keeps a 64 x 64 heatmap legible on a
#: 1024 x 768 screen and every redraw well inside one frame.
MAX_TOKENS = 64

#: The sentence the lesson is built on.
LESSON_SENTENCE = "the cat chased the dog. the cat chased the"
LESSON_TOKENS: tuple[str, ...] = (
    "the",
    "cat",
    "chased",
    "the",
    "dog",
    ".",
    "the",
    "cat",
    "chased",
    "the",
)

# The text is cut into grapheme clusters: what a reader sees as one character (a
# letter with its accents, an emoji with its skin tone, a flag, a ZWJ sequence), by
# Unicode's text segmentation rules (UAX #29; the ``regex`` module's \X follows the
# current Unicode version). A word is a run of clusters that each start with a letter
# or digit, with inner apostrophes; every other visible cluster is a token of its own.
_TOKEN = r"(?:(?=\w)\X)+(?:['’](?:(?=\w)\X)+)*|\X"
# Control and format characters (NUL, zero-width spaces and non-joiners, BOM ...)
# separate words like a space. Kept: the zero-width joiner and the tag characters,
# which belong to emoji sequences (👩‍💻, the flag of England).
_SEPARATOR = r"[[\p{Cc}\p{Cf}]--[\u200d\U000E0020-\U000E007F]]+"

# The same two patterns for ASCII text, in the standard library's ``re``: there every
# character is a cluster of its own (a CR LF pair is one, but both are separators,
# already a space) and the only control characters are C0 and DEL. The lesson and
# most typed sentences are ASCII, and so the program starts without importing
# ``regex`` (7 ms); a test holds the two pairs to the same tokens.
_ASCII_TOKEN_RE = re.compile(r"\w+(?:'\w+)*|.", re.DOTALL)
_ASCII_SEPARATORS = re.compile(r"[\x00-\x1f\x7f]+")


@cache
def _unicode_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    import regex

    return regex.compile(_TOKEN), regex.compile(_SEPARATOR, regex.V1)


def _patterns(text: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The token and separator patterns for ``text``."""
    return (_ASCII_TOKEN_RE, _ASCII_SEPARATORS) if text.isascii() else _unicode_patterns()


class TokenError(ValueError):
    """Raised when text cannot be turned into a usable token sequence.

    ``kind`` says what is wrong (``"not_text"``, ``"empty"``, ``"too_many"``) and
    ``limit`` carries the number that goes with it, so the app can word the
    message in the learner's language; ``str()`` is a plain English message for
    the command line and the log.
    """

    def __init__(self, kind: str, message: str, limit: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.limit = limit


def _visible(cluster: str) -> bool:
    """Whether a cluster shows anything: not white space, not a lone joiner or tag."""
    return not cluster.isspace() and any(
        unicodedata.category(c) not in ("Cf", "Zs", "Zl", "Zp", "Cc") for c in cluster
    )


def split_tokens(text: str) -> Iterator[str]:
    """Every word and punctuation token of ``text``, in order, with no limit."""
    token_re, separators = _patterns(text)
    for match in token_re.finditer(separators.sub(" ", text)):
        token = match.group()
        if _visible(token):
            yield token


def tokenize(text: str) -> list[str]:
    """Split ``text`` into word and punctuation tokens.

    Parameters
    ----------
    text : str
        Any text. Words keep their spelling and case; a grapheme cluster (an emoji
        with its modifiers, a flag, a letter with combining accents) is never split.

    Returns
    -------
    list of str
        Between 1 and ``MAX_TOKENS`` tokens.

    Raises
    ------
    TokenError
        If the text has no tokens or more than ``MAX_TOKENS``.
    """
    if not isinstance(text, str):
        raise TokenError("not_text", f"expected text, got {type(text).__name__}")
    tokens: list[str] = []
    for token in split_tokens(text):
        tokens.append(token)
        if len(tokens) > MAX_TOKENS:
            # Stop early: a pasted megabyte must not be scanned to the end.
            raise TokenError(
                "too_many",
                f"The sentence has more than {MAX_TOKENS} tokens; "
                f"shorten it to {MAX_TOKENS} words and punctuation marks or fewer.",
                MAX_TOKENS,
            )
    if not tokens:
        raise TokenError("empty", "The sentence is empty; type at least one word.")
    return tokens


def normalize_word(token: str) -> str:
    """The form rules compare: case-insensitive, so 'The' and 'the' match."""
    return token.casefold()
