"""What the English model learned, measured on held-out text of two kinds.

Every window starts with the beginning-of-text token (position 0) and then text
from a sentence start the model never trained on:

- **prose**: 64 tokens of running text;
- **repeats**: a stretch of 32 tokens followed by itself.

On each window every head is scored against each pattern (see
:func:`pattern_scores`): the share of its attention that lands where the pattern
looks, averaged over the queries that have such a key. A pattern is read on one
kind of text, the one where it can show (:data:`KIND_OF`): induction on repeats,
where copying earlier text pays; every other pattern on prose. Those are the
numbers the page and the command line show for a head, and its verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..heads import EVENNESS, HEADS, IdGrid, Pattern
from ..learned.model import Params, forward
from .bigram import Bigram
from .data import Stream, prose_windows, random_words, repeated_windows, with_bos

#: Held-out windows per source, and the repeated stretch's length.
EVAL_WINDOWS = 32
EVAL_PERIOD = 32
#: Windows of random words, each repeated once, and the seed they are drawn with.
RANDOM_WINDOWS = 256
RANDOM_SEED = 2024
#: Ids below this are the unknown-word and beginning-of-text tokens.
FIRST_WORD = 2
#: The rarest words: the last quarter of the vocabulary (ids are in order of frequency).
RARE_SHARE = 0.25
#: A trained head's habit that no constructed head shows: looking at the query itself.
CURRENT_TOKEN = Pattern(
    "current_token", lambda g: g.everywhere((g.key == g.query) & (g.query >= 1))
)


def pattern_registry(*patterns: Pattern) -> dict[str, Pattern]:
    """The patterns by id, in order; a ValueError names an id declared twice."""
    by_id: dict[str, Pattern] = {}
    for pattern in patterns:
        if pattern.id in by_id:
            raise ValueError(f"the pattern {pattern.id!r} is declared twice")
        by_id[pattern.id] = pattern
    return by_id


#: The patterns: every constructed head of ``core.HEADS``, in its order, then the habits
#: of trained heads that no constructed head shows.
PATTERN_BY_ID = pattern_registry(*HEADS.values(), CURRENT_TOKEN)
PATTERNS = tuple(PATTERN_BY_ID)
#: How each pattern is scored: the share of weight on its keys, or evenness (broad).
MEASURE = {p.id: p.measure for p in PATTERN_BY_ID.values()}
KINDS = ("prose", "repeats")
#: The kind of text each pattern is read on.
KIND_OF = {p.id: p.text for p in PATTERN_BY_ID.values()}


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def pattern_cells(ids: np.ndarray, unknown: int | None = 0) -> dict[str, np.ndarray]:
    """Where each pattern looks, for windows that start with the beginning-of-text token.

    ``ids`` (batch, n) -> pattern -> bool (batch, n, n), True on the keys the
    pattern predicts for each query (causal: keys at or before the query). The
    ``unknown`` id (the unknown-word token, 0 here; None for a vocabulary without
    one, such as GPT-2's) matches no word, and position 0 is no word either.
    """
    b, n = ids.shape
    pos = np.arange(n)
    query, key = pos[:, None], pos[None, :]
    word = (pos >= 1) if unknown is None else (ids != unknown) & (pos >= 1)
    word = np.broadcast_to(word, (b, n))  # (batch, n): real, known words
    same = (ids[:, :, None] == ids[:, None, :]) & word[:, :, None] & word[:, None, :]
    earlier = same & (key < query)
    after_copy = np.zeros_like(same)  # key j whose previous token j - 1 is the query's word
    after_copy[:, :, 1:] = earlier[:, :, :-1]
    grid = IdGrid(query, key, earlier, after_copy)
    return {name: pattern.on_ids(grid) for name, pattern in PATTERN_BY_ID.items()}


def pattern_scores(
    weights: np.ndarray, ids: np.ndarray, unknown: int | None = 0
) -> dict[str, np.ndarray]:
    """Every head's score against every pattern, over a batch of windows.

    ``weights`` (batch, layers, heads, n, n), ``ids`` (batch, n) -> pattern ->
    (layers, heads); ``unknown`` as for :func:`pattern_cells`. For a pattern that
    predicts keys: the weight on them, averaged over the queries that have one. For
    broad: 1 minus the total-variation distance between a query's weights and the even
    spread over the keys it sees, averaged over the queries from position 1.
    """
    out = {}
    for name, cells in pattern_cells(ids, unknown).items():
        rows = np.asarray(cells.any(axis=-1))  # (batch, n): queries with a key to look at
        count = max(int(rows.sum()), 1)
        if MEASURE[name] == EVENNESS:
            even = cells / np.maximum(cells.sum(axis=-1, keepdims=True), 1)
            per_query = 1 - 0.5 * np.abs(weights - even[:, None, None]).sum(axis=-1)
        else:
            per_query = (weights * cells[:, None, None]).sum(axis=-1)
        out[name] = (per_query * rows[:, None, None]).sum(axis=(0, 3)) / count
    return out


def chance_scores(ids: np.ndarray, unknown: int | None = 0) -> dict[str, float]:
    """What attention spread evenly would score against each pattern on these windows.

    Query ``i`` gives ``1 / (i + 1)`` to every key it sees; its scores are the chance
    level a head's score means something above (a first-token score of 0.2 says
    nothing on a text where even attention scores 0.2). ``ids`` (batch, n) as for
    :func:`pattern_scores`.
    """
    b, n = ids.shape
    even = np.tril(np.ones((n, n))) / np.arange(1, n + 1)[:, None]
    weights = np.broadcast_to(even, (b, 1, 1, n, n))
    return {name: float(s[0, 0]) for name, s in pattern_scores(weights, ids, unknown).items()}


@dataclass(frozen=True)
class EnglishEvaluation:
    """Scores of the model on held-out text; per-head arrays are (n_layers, n_heads).

    Attributes
    ----------
    losses : dict of str to (float, float)
        Per source (and ``"unseen"``, the text never trained on): mean next-word
        loss (nats) of the model and of the smoothed bigram model on its held-out
        prose windows.
    scores : dict of str to dict of str to ndarray
        ``scores[kind][pattern]``, for both kinds of text and every pattern.
    second_copy_accuracy : float
        Share of the words of the second copy (after its first word) that the
        model's top guess gets right, over the repeats of every source.
    first_copy_loss, second_copy_loss : float
    second_copy_accuracies : dict of str to float
        The same share on each source's repeats alone.
    random_copy_accuracy, rare_copy_accuracy : float
        The same share on stretches of random words (every word as likely), over all
        words and over the rarest quarter of the vocabulary only.
    chance : dict of str to float
        Per pattern, what a head spreading its attention evenly over the keys it sees
        would score on the same text: the level a head's score must rise above to mean
        anything.
    """

    losses: dict[str, tuple[float, float]]
    scores: dict[str, dict[str, np.ndarray]]
    second_copy_accuracy: float
    first_copy_loss: float
    second_copy_loss: float
    second_copy_accuracies: dict[str, float]
    random_copy_accuracy: float = float("nan")
    rare_copy_accuracy: float = float("nan")
    chance: dict[str, float] = field(default_factory=dict)

    def head_scores(self, pattern: str) -> np.ndarray:
        """Each head's score against ``pattern``, on the kind of text it is read on."""
        return self.scores[KIND_OF[pattern]][pattern]

    def best(self, pattern: str) -> tuple[float, int, int]:
        """Highest score of a pattern (on its kind of text) and its (layer, head)."""
        per_head = self.head_scores(pattern)
        layer, head = np.unravel_index(int(np.argmax(per_head)), per_head.shape)
        return float(per_head[layer, head]), int(layer), int(head)

    def to_dict(self) -> dict[str, Any]:
        """Plain dict with rounded numbers, for JSON."""
        return {
            "losses": {k: [round(m, 4), round(b, 4)] for k, (m, b) in self.losses.items()},
            "second_copy_accuracy": round(self.second_copy_accuracy, 4),
            "first_copy_loss": round(self.first_copy_loss, 4),
            "second_copy_loss": round(self.second_copy_loss, 4),
            "second_copy_accuracy_by_source": {
                k: round(v, 4) for k, v in self.second_copy_accuracies.items()
            },
            "random_copy_accuracy": round(self.random_copy_accuracy, 4),
            "rare_copy_accuracy": round(self.rare_copy_accuracy, 4),
            "chance": {p: round(v, 4) for p, v in self.chance.items()},
            "head_scores": {
                kind: {p: np.round(v, 4).tolist() for p, v in per_kind.items()}
                for kind, per_kind in self.scores.items()
            },
        }


def even_weights(batch: int, n: int) -> np.ndarray:
    """Attention spread evenly over the keys each query sees: (batch, 1, 1, n, n)."""
    causal = np.tril(np.ones((n, n)))
    even = causal / causal.sum(axis=-1, keepdims=True)
    return np.broadcast_to(even, (batch, 1, 1, n, n))


def chance_levels(texts: dict[str, np.ndarray]) -> dict[str, float]:
    """What even attention scores against each pattern, on the kind of text it is read on
    (``texts`` maps a kind to its windows)."""
    levels = {}
    for kind, ids in texts.items():
        scores = pattern_scores(even_weights(*ids.shape), ids)
        for pattern in PATTERNS:
            if KIND_OF[pattern] == kind:
                levels[pattern] = float(scores[pattern][0, 0])
    return levels


def _run(params: Params, windows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Log-probabilities (batch, n, vocab) and weights (batch, layers, heads, n, n)."""
    logits, cache = forward(params, windows)
    return _log_softmax(logits.astype(np.float64)), np.stack(cache.weights, axis=1).astype(float)


def _next_word_loss(log_p: np.ndarray, windows: np.ndarray) -> float:
    """Mean loss on tokens 2 .. n - 1: the first word after position 0 is left out, as the
    bigram model has no beginning-of-text token to predict it from."""
    targets = windows[:, 2:, None]
    return float(-np.take_along_axis(log_p[:, 1:-1], targets, axis=-1).mean())


def evaluate_english(
    params: Params,
    heldout: dict[str, Stream],
    bigram: Bigram,
    bos: int,
) -> EnglishEvaluation:
    """Score ``params`` on fixed windows of each held-out stream (see the module docstring).

    ``heldout`` maps a source name to its held-out stream; a stream named
    ``"unseen"`` counts for the losses only.
    """
    n = params["pos_embed"].shape[0] - 1
    losses, prose_all, repeats_all, names = {}, [], [], []
    for name, stream in heldout.items():
        prose = with_bos(prose_windows(stream, EVAL_WINDOWS, n), bos)
        log_p, _ = _run(params, prose)
        losses[name] = (_next_word_loss(log_p, prose), bigram.loss(prose[:, 1:]))
        if name != "unseen":
            prose_all.append(prose)
            names.append(name)
            repeats_all.append(with_bos(repeated_windows(stream, EVAL_WINDOWS, EVAL_PERIOD), bos))
    prose, repeats = np.concatenate(prose_all), np.concatenate(repeats_all)
    _, weights = _run(params, prose)
    scores = {"prose": pattern_scores(weights, prose)}
    log_p, weights = _run(params, repeats)
    scores["repeats"] = pattern_scores(weights, repeats)
    period = EVAL_PERIOD
    # Column t - 1 of log_p predicts token t; the first copy is tokens 1 .. p, the
    # second p + 1 .. 2p. Scored: tokens 2 .. p and p + 2 .. 2p (the copies after
    # their first word).
    nll = -np.take_along_axis(log_p[:, :-1], repeats[:, 1:, None], axis=-1)[..., 0]
    second = slice(period + 1, 2 * period)
    right = log_p[:, second].argmax(axis=-1) == repeats[:, period + 2 :]
    per_source = np.split(right, np.cumsum([len(r) for r in repeats_all])[:-1])
    random_right, rare = random_copying(params, bos)
    return EnglishEvaluation(
        losses=losses,
        scores=scores,
        second_copy_accuracy=float(right.mean()),
        first_copy_loss=float(nll[:, 1:period].mean()),
        second_copy_loss=float(nll[:, second].mean()),
        second_copy_accuracies={n: float(r.mean()) for n, r in zip(names, per_source, strict=True)},
        random_copy_accuracy=float(random_right.mean()),
        rare_copy_accuracy=float(random_right[rare].mean()),
        chance=chance_levels({"prose": prose, "repeats": repeats}),
    )


def random_copying(params: Params, bos: int) -> tuple[np.ndarray, np.ndarray]:
    """Whether the top guess is right on each word of the second copy (after its first
    word) of :data:`RANDOM_WINDOWS` stretches of random words, and whether that word is
    among the rarest quarter of the vocabulary. Both flat bool arrays."""
    vocab_size = params["embed"].shape[0]
    rng = np.random.default_rng(RANDOM_SEED)
    words = random_words(rng, RANDOM_WINDOWS, EVAL_PERIOD, FIRST_WORD, vocab_size)
    windows = with_bos(words, bos)
    logits, _ = forward(params, windows)
    period = EVAL_PERIOD
    targets = windows[:, period + 2 :]
    right = logits[:, period + 1 : 2 * period].argmax(axis=-1) == targets
    rare = targets >= FIRST_WORD + (1 - RARE_SHARE) * (vocab_size - FIRST_WORD)
    return right.ravel(), rare.ravel()
