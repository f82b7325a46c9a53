"""The lesson's Mary and John sentence: the English model's default sentence on the
command line, and one of its page's examples."""

from __future__ import annotations

MARY_AND_JOHN = "When Mary and John went to the store, John gave a drink to"
