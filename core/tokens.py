"""Splitting text into tokens: words and punctuation marks, kept as typed."""

from __future__ import annotations

import re
import unicodedata

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

# A word is a run of letters/digits (with inner apostrophes); anything else that is
# not white space is a token of one character. Invisible format and control
# characters are handled after matching (see _is_invisible).
_TOKEN_RE = re.compile(r"\w+(?:['’]\w+)*|[^\w\s]")
_ZWJ = "\u200d"


class TokenError(ValueError):
    """Raised when text cannot be turned into a usable token sequence."""


def _is_invisible(char: str) -> bool:
    """Control and format characters (NUL, zero-width space ...) separate tokens."""
    return unicodedata.category(char) in ("Cc", "Cf") and char != _ZWJ


def _is_mark(char: str) -> bool:
    """Combining marks and emoji modifiers extend the character before them."""
    return unicodedata.category(char) in ("Mn", "Mc", "Me") or (
        unicodedata.category(char) == "Sk" and not char.isascii()
    )


def _glues_to_previous(token: str, previous: str) -> bool:
    """Whether ``token``, written right after ``previous``, belongs to it.

    Keeps accented letters typed as base + combining mark, scripts whose vowel
    signs are marks, emoji with skin tones and ZWJ emoji sequences in one token.
    """
    first, last = token[0], previous[-1]
    return _is_mark(first) or first == _ZWJ or last == _ZWJ or (_is_mark(last) and first.isalnum())


def tokenize(text: str) -> list[str]:
    """Split ``text`` into word and punctuation tokens.

    Parameters
    ----------
    text : str
        Any text. Words keep their spelling and case.

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
        raise TokenError(f"expected text, got {type(text).__name__}")
    tokens: list[str] = []
    previous_end = -1
    for match in _TOKEN_RE.finditer(text):
        token = "".join(c for c in match.group() if not _is_invisible(c))
        if not token:
            continue
        adjacent = match.start() == previous_end
        previous_end = match.end()
        if tokens and adjacent and _glues_to_previous(token, tokens[-1]):
            tokens[-1] += token
            continue
        tokens.append(token)
        if len(tokens) > MAX_TOKENS:
            # Stop early: a pasted megabyte must not be scanned to the end.
            raise TokenError(
                f"The sentence has more than {MAX_TOKENS} tokens; "
                f"shorten it to {MAX_TOKENS} words and punctuation marks or fewer."
            )
    if not tokens:
        raise TokenError("The sentence is empty; type at least one word.")
    return tokens


def normalize_word(token: str) -> str:
    """The form rules compare: case-insensitive, so 'The' and 'the' match."""
    return token.casefold()
