"""A GPT-2-family model's sub-word tokens, cut by the ``tokenizers`` library.

The tokenizer comes from the folder's ``tokenizer.json``, or from ``vocab.json`` and
``merges.txt`` put together as GPT-2's byte-level BPE (the library's own parts). Each
token is also given a readable label: GPT-2 writes a token's leading space as "Ġ" and
cuts a character its vocabulary lacks into byte pieces that are not text on their own;
the labels show the space as "␣" and each byte piece as its character and its place
("😀 2/3").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tokenizers import Tokenizer, decoders, models, pre_tokenizers

from .errors import ModelFolderError

TOKENIZER_FILE = "tokenizer.json"
VOCAB_FILE, MERGES_FILE = "vocab.json", "merges.txt"
#: GPT-2's one special token: it separated documents in training, and is read here
#: before a text as its start token.
END_OF_TEXT = "<|endoftext|>"
#: A byte piece decodes to this character alone.
REPLACEMENT = "\ufffd"
#: How white space and control characters are shown in a label.
_VISIBLE = str.maketrans(
    {
        **{chr(code): chr(0x2400 + code) for code in range(0x20)},  # Unicode's control pictures
        " ": "␣",
        "\t": "⇥",
        "\n": "↵",
        "\x7f": "␡",
    }
)


def tokenizer_names(folder: Path) -> tuple[str, ...] | None:
    """The tokenizer files the folder has (``tokenizer.json`` first), or None."""
    if (folder / TOKENIZER_FILE).is_file():
        return (TOKENIZER_FILE,)
    if (folder / VOCAB_FILE).is_file() and (folder / MERGES_FILE).is_file():
        return (VOCAB_FILE, MERGES_FILE)
    return None


def load_tokenizer(folder: Path) -> Tokenizer:
    """The folder's tokenizer.

    Raises
    ------
    ModelFolderError
        ``missing`` (neither ``tokenizer.json`` nor both ``vocab.json`` and
        ``merges.txt``) or ``tokenizer`` (a file the library cannot read).
    """
    names = tokenizer_names(folder)
    if names is None:
        raise ModelFolderError(
            "missing",
            f"{folder} has no {TOKENIZER_FILE}, nor {VOCAB_FILE} and {MERGES_FILE}",
            folder,
            names=(TOKENIZER_FILE, VOCAB_FILE, MERGES_FILE),
        )
    try:
        if names == (TOKENIZER_FILE,):
            return Tokenizer.from_file(str(folder / TOKENIZER_FILE))
        bpe = models.BPE.from_file(str(folder / VOCAB_FILE), str(folder / MERGES_FILE))
        tokenizer = Tokenizer(bpe)
        tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tokenizer.decoder = decoders.ByteLevel()
        return tokenizer
    except Exception as error:  # the library raises plain Exceptions
        detail = str(error).splitlines()[0] if str(error) else type(error).__name__
        path = folder / names[0]
        raise ModelFolderError(
            "tokenizer", f"{path} cannot be read as a tokenizer ({detail})", path, detail=detail
        ) from None


def start_token(tokenizer: Tokenizer, bos_token_id: int | None, vocab_size: int) -> int | None:
    """The id read before every text: the config's, else ``<|endoftext|>``'s, else None."""
    if bos_token_id is not None:
        return bos_token_id
    found = tokenizer.token_to_id(END_OF_TEXT)
    return found if found is not None and 0 <= found < vocab_size else None


def readable(text: str) -> str:
    """A token's text with its spaces, tabs, line breaks and control characters visible."""
    return text.translate(_VISIBLE)


@dataclass(frozen=True)
class Pieces:
    """A text cut into tokens.

    Attributes
    ----------
    ids : tuple of int
    texts : tuple of str
        Each token's own text, leading space included (a byte piece is the replacement
        character: it is no text on its own).
    labels : tuple of str
        Each token as shown: spaces as "␣", a byte piece as its character and place.
    """

    ids: tuple[int, ...]
    texts: tuple[str, ...]
    labels: tuple[str, ...]


def _labels(tokenizer: Tokenizer, ids: Sequence[int], texts: Sequence[str]) -> list[str]:
    """Readable labels; each run of byte pieces is decoded together into its characters."""
    labels: list[str] = []
    i = 0
    while i < len(ids):
        if REPLACEMENT not in texts[i]:
            labels.append(readable(texts[i]))
            i += 1
            continue
        end = i
        while end < len(ids) and REPLACEMENT in texts[end]:
            end += 1
        whole = readable(tokenizer.decode(list(ids[i:end]), skip_special_tokens=False))
        count = end - i
        labels.extend(whole if count == 1 else f"{whole} {k}/{count}" for k in range(1, count + 1))
        i = end
    return labels


def token_texts(tokenizer: Tokenizer, ids: Sequence[int]) -> list[str]:
    """Each token's own text (special tokens included)."""
    return [tokenizer.decode([int(i)], skip_special_tokens=False) for i in ids]


def cut(tokenizer: Tokenizer, text: str) -> Pieces:
    """``text`` as the model reads it (without the start token)."""
    ids = tuple(int(i) for i in tokenizer.encode(text, add_special_tokens=False).ids)
    texts = token_texts(tokenizer, ids)
    return Pieces(ids, tuple(texts), tuple(_labels(tokenizer, ids, texts)))
