"""The World English Bible, read from an installed Debian package.

Only the training script and its tests read the text; the program never does.
The package ``sword-text-web`` holds the World English Bible (public domain,
modern English) as a SWORD "zText" module: each ``.bzz`` file is a run of
zlib-compressed blocks, one per book, and the matching ``.bzs`` file lists
every block as three little-endian 32-bit numbers (offset, compressed size,
uncompressed size). The blocks hold OSIS markup; we drop footnotes and
headings, strip the remaining tags and keep the running text.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

from ..tokens import split_tokens
from .checked import check_sha256, unreadable

#: The package, the version whose text the checksum below belongs to, and where it puts the module.
PACKAGE = "sword-text-web"
PACKAGE_VERSION = "426.0-1"
MODULE_DIR = Path("/usr/share/sword/modules/texts/ztext/engWEB2015eb")
#: SHA-256 of the decompressed blocks of ot.bzz then nt.bzz, joined.
TEXT_SHA256 = "f5249c299c4ee23f39b6863ee2c47b8a3ea0df83d956d8790ab81555e429973a"

_DROPPED = re.compile(r"<(note|title)\b.*?</\1>", re.S)
_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")


def _blocks(module_dir: Path, testament: str) -> Iterator[bytes]:
    index = (module_dir / f"{testament}.bzs").read_bytes()
    data = (module_dir / f"{testament}.bzz").read_bytes()
    for start in range(0, len(index) - 11, 12):
        offset, size, _ = struct.unpack("<III", index[start : start + 12])
        yield zlib.decompress(data[offset : offset + size])


def read_markup(module_dir: Path = MODULE_DIR) -> str:
    """The module's text with its markup, after checking its SHA-256.

    Raises
    ------
    SourceError
        If the package is not installed or its text differs from the expected one.
    """
    try:
        raw = b"".join(b for t in ("ot", "nt") for b in _blocks(module_dir, t))
    except (OSError, zlib.error, struct.error) as exc:
        install = f"the Debian package {PACKAGE} (version {PACKAGE_VERSION})"
        raise unreadable(f"the training text in {module_dir}", exc, install) from None
    differs = (
        f"it is not version {PACKAGE_VERSION} of {PACKAGE}, so the model would not be reproduced."
    )
    return check_sha256(raw, TEXT_SHA256, f"The text in {module_dir}", differs).decode("utf-8")


def plain_text(markup: str) -> str:
    """Running text: footnotes and headings dropped, tags removed, spaces collapsed."""
    text = _TAG.sub(" ", _DROPPED.sub(" ", markup))
    return _SPACE.sub(" ", text).strip()


def words_of(text: str) -> list[str]:
    """Every word and punctuation mark of ``text``, as the app tokenizes them, lower-cased."""
    from .vocab import normalize

    return [normalize(t) for t in split_tokens(text)]  # core.tokenize without its limit


def corpus_words(module_dir: Path = MODULE_DIR) -> list[str]:
    """Every word and punctuation mark of the Bible's running text, lower-cased."""
    return words_of(plain_text(read_markup(module_dir)))
