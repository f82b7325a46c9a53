"""Fixed texts every head is also scored on, so its name does not hang on one sentence.

Our own sentences, in the plain English the model read: two from the lesson,
two that repeat a stretch (where induction can show), and two of ordinary prose.
"""

from __future__ import annotations

from ..tokens import LESSON_SENTENCE, tokenize

MARY_AND_JOHN = "When Mary and John went to the store, John gave a drink to"

PROBE_TEXTS: tuple[str, ...] = (
    LESSON_SENTENCE,
    MARY_AND_JOHN,
    "He said to them, go and tell the king what you saw. He said to them, go and tell the",
    "The king of Israel went up to the city, and the people of the city came out to meet "
    "the king of Israel.",
    "In the evening a man and his son walked along the river, and the son said that the "
    "water was cold.",
    "She gave bread to the poor, and they ate it in the house of her father.",
)

PROBE_TOKENS: tuple[tuple[str, ...], ...] = tuple(tuple(tokenize(t)) for t in PROBE_TEXTS)
