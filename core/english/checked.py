"""The training texts' one check: each source is read from its files and compared with
the SHA-256 the shipped model was trained on, so a run is reproduced or refused."""

from __future__ import annotations

import hashlib


class SourceError(RuntimeError):
    """A source is missing or not the text the model was trained on."""


def check_sha256(data: bytes, expected: str, what: str, differs: str) -> bytes:
    """``data`` when its SHA-256 is ``expected``; otherwise a SourceError that names
    ``what`` was read and says what a different checksum means (``differs``)."""
    digest = hashlib.sha256(data).hexdigest()
    if digest != expected:
        raise SourceError(f"{what} has SHA-256 {digest}, not {expected}: {differs}")
    return data


def unreadable(what: str, error: Exception, install: str) -> SourceError:
    """The error for a source whose files cannot be read: which, why, and what to install."""
    return SourceError(f"Cannot read {what} ({error}). Install {install}.")
