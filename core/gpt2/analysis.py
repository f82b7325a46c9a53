"""A GPT-2-family model on one text: every head's weights, what each head looks like on it,
and the next-token guesses.

A head is scored against four patterns of the lesson with the English model's detector
(:func:`core.english.metrics.pattern_scores`: the share of its attention on the keys the
pattern names, averaged over the queries that have such a key), and each score is read
against its chance level (:func:`core.english.metrics.chance_scores`: what attention
spread evenly would score on the same text). A head is named after its strongest pattern
when that score reaches :data:`core.english.analysis.CLEAR_MATCH` and beats chance, as on
the English page. The model reads its start token (``<|endoftext|>``) before the text, as
the English model does: position 0 is the attention sink, and the same detector applies.

Two texts are read: the learner's, and :data:`REPEATED_PASSAGE` followed by itself,
where induction heads show (a text without a repeated token gives induction nothing to
find).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..english.analysis import CLEAR_MATCH
from ..english.metrics import chance_scores, pattern_scores
from ..heads import HEADS, SHARE
from .errors import TooLongError
from .forward import check_ids, forward, next_token_probabilities
from .model import GPT2Model
from .tokens import END_OF_TEXT, Pieces, cut, readable, token_texts

#: The patterns of the lesson that a trained head is found doing, in the page's order:
#: each constructed head whose weights are scored by where they go (broad's evenness
#: describes no place a head looks).
PATTERNS = tuple(head.id for head in HEADS.values() if head.measure == SHARE)
#: The texts a head is measured on: the learner's, and the built-in repeated passage.
TEXTS = ("sentence", "repeats")
#: A passage of everyday English, read twice, token for token (cut to what fits the
#: model's positions): on the second copy an induction head looks at the token that
#: followed the current one the first time.
REPEATED_PASSAGE = (
    "Nora packed two green apples, a torn map and her grandfather's compass before the "
    "ferry left the harbour at dawn."
)


@dataclass(frozen=True)
class Guess:
    """A next token: its id, its own text (a leading space as a space), its probability."""

    id: int
    text: str
    probability: float

    @property
    def label(self) -> str:
        """As shown: spaces as "␣"."""
        return readable(self.text)


@dataclass(frozen=True)
class HeadScore:
    """One head against one pattern on one text."""

    layer: int
    head: int
    pattern: str
    score: float
    chance: float

    @property
    def clear(self) -> bool:
        """Whether the head is named after the pattern: at least CLEAR_MATCH, above chance."""
        return self.score >= CLEAR_MATCH and self.score > self.chance


@dataclass(frozen=True, eq=False)
class GPT2Run:
    """The model on one text.

    Attributes
    ----------
    model : GPT2Model
    text : str
    pieces : Pieces
        The text's tokens (without the start token).
    offset : int
        1 when the model reads its start token at position 0, else 0.
    ids : ndarray of int64, shape (offset + n,)
    weights : ndarray, shape (n_layer, n_head, offset + n, offset + n)
    final : ndarray, shape (offset + n, n_embd)
        What the unembedding reads at each position.
    scores : dict of str to ndarray or None
        Pattern -> every head's score (n_layer, n_head); None where the text gives the
        pattern nothing to find (induction without a repeated token).
    chance : dict of str to float or None
        Pattern -> what even attention scores on this text.
    """

    model: GPT2Model
    text: str
    pieces: Pieces
    offset: int
    ids: np.ndarray
    weights: np.ndarray
    final: np.ndarray
    scores: dict[str, np.ndarray | None]
    chance: dict[str, float | None]
    _guessed: dict[tuple[int, int], tuple[Guess, ...]] = field(
        default_factory=dict, init=False, repr=False
    )

    @property
    def n_tokens(self) -> int:
        return len(self.pieces.ids)

    @property
    def positions(self) -> tuple[str, ...]:
        """Every position's readable label, the start token's own text first."""
        return (END_OF_TEXT,) * self.offset + self.pieces.labels

    def head_score(self, layer: int, head: int, pattern: str) -> HeadScore | None:
        grid, chance = self.scores[pattern], self.chance[pattern]
        if grid is None or chance is None:
            return None
        return HeadScore(layer, head, pattern, float(grid[layer, head]), chance)

    def strongest(self, layer: int, head: int) -> HeadScore | None:
        """The head's best pattern on this text (first in PATTERNS on a tie), if any scores."""
        found = [s for p in PATTERNS if (s := self.head_score(layer, head, p)) is not None]
        return max(found, key=lambda s: s.score) if found else None

    def ranking(self, pattern: str) -> tuple[HeadScore, ...]:
        """Every head, best for ``pattern`` first (ties: earlier layer and head first);
        empty when the text gives the pattern nothing to find."""
        c = self.model.config
        found = [self.head_score(i, j, pattern) for i in range(c.n_layer) for j in range(c.n_head)]
        return tuple(sorted((s for s in found if s is not None), key=lambda s: -s.score))

    def guesses(self, query: int, count: int = 5) -> tuple[Guess, ...]:
        """The ``count`` likeliest next tokens after token ``query`` of the text, likeliest
        first (ties: lower id first)."""
        if not 0 <= query < self.n_tokens:
            raise IndexError(f"query {query} is outside 0..{self.n_tokens - 1}")
        known = self._guessed.get((query, count))
        if known is None:
            p = next_token_probabilities(self.model, self.final[query + self.offset])
            count = min(count, len(p))
            # The few largest without sorting 50,257: likeliest first, ties by id.
            top = np.argpartition(-p, count - 1)[:count]
            top = top[np.lexsort((top, -p[top]))]
            texts = token_texts(self.model.tokenizer, top.tolist())
            known = tuple(Guess(int(i), t, float(p[i])) for i, t in zip(top, texts, strict=True))
            self._guessed[query, count] = known
        return known


def measure(
    weights: np.ndarray, ids: np.ndarray
) -> tuple[dict[str, np.ndarray | None], dict[str, float | None]]:
    """Every head's score against each pattern, and each pattern's chance level, on one
    sequence that starts with the start token (see the module docstring)."""
    batch = ids[None, :]
    found = pattern_scores(weights[None], batch, unknown=None)
    chance = chance_scores(batch, unknown=None)
    # Even attention gives every visible key some weight: its score is 0 exactly when the
    # text has no key for the pattern to find.
    scores: dict[str, np.ndarray | None] = {}
    levels: dict[str, float | None] = {}
    for p in PATTERNS:
        measurable = chance[p] > 0
        scores[p] = found[p] if measurable else None
        levels[p] = chance[p] if measurable else None
    return scores, levels


def analyse(
    model: GPT2Model, text: str, progress: Callable[[str, int, int], None] | None = None
) -> GPT2Run:
    """Run ``model`` on ``text``, after its start token if it has one.

    Raises
    ------
    TooLongError
        More tokens than the model has positions.
    ValueError
        A text with no tokens.
    """
    pieces = cut(model.tokenizer, text)
    if not pieces.ids:
        raise ValueError("the text has no tokens")
    return _run(model, text, pieces, progress)


def analyse_repeats(
    model: GPT2Model, progress: Callable[[str, int, int], None] | None = None
) -> GPT2Run:
    """Run ``model`` on :data:`REPEATED_PASSAGE` followed by itself, token for token; a
    model with few positions reads the passage's first tokens only, twice."""
    once = cut(model.tokenizer, REPEATED_PASSAGE)
    room = (model.config.n_positions - int(model.start is not None)) // 2
    if room < 1:
        raise TooLongError(2 + int(model.start is not None), model.config.n_positions)
    keep = min(len(once.ids), room)
    twice = Pieces(once.ids[:keep] * 2, once.texts[:keep] * 2, once.labels[:keep] * 2)
    return _run(model, "".join(twice.texts), twice, progress)


def _run(
    model: GPT2Model,
    text: str,
    pieces: Pieces,
    progress: Callable[[str, int, int], None] | None,
) -> GPT2Run:
    start = () if model.start is None else (model.start,)
    ids = check_ids(model, np.array(start + pieces.ids, dtype=np.int64))
    run = forward(model, ids, logits=False, progress=progress)
    scores, chance = measure(run.weights, ids)
    return GPT2Run(model, text, pieces, len(start), ids, run.weights, run.final, scores, chance)
