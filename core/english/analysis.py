"""The English model on one sentence: every head's weights and the model's next-word
guesses; and what each head does, measured once on held-out text.

A head's verdict does not hang on the learner's sentence: it comes from the scores
the training script measured on text the model never trained on and saved in the
weights file (see :mod:`core.english.metrics`). The page shows the head's weights on
the learner's sentence beside it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .blocked import allowed_ids, blocked_words
from .metrics import KIND_OF, KINDS, PATTERNS
from .vocab import BOS, UNKNOWN, normalize
from .weights import EnglishModel

#: A head is named after a pattern only if it scores at least this; otherwise it has
#: "no clear pattern" (the lesson: many trained heads are messier than the constructed ones).
CLEAR_MATCH = 0.5
NO_CLEAR_PATTERN = "no clear pattern"
#: How the beginning-of-text token is written where words are plain text.
BOS_TEXT = "<start>"


def head_label(layer: int, head: int) -> str:
    """'layer 1 head 2': layers count from 1, heads from 0, as on the Learned page."""
    return f"layer {layer + 1} head {head}"


def sentence_forward(model: EnglishModel, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every head's weights (layers, heads, n, n) and the final stream (n, d), float64.

    The forward pass of :func:`core.learned.model.forward` for one sequence of
    ids (the beginning-of-text id included, if the model has one), without the
    unembedding of every position (the page needs one row of it).
    """
    p = model.params
    n = len(ids)
    n_layers, d, h, k = p["w_q"].shape
    x = p["embed"][ids] + p["pos_embed"][:n]
    future = np.triu(np.full((n, n), -np.inf), k=1)
    patterns = np.empty((n_layers, h, n, n))
    for layer in range(n_layers):
        # Plain matrix products (einsum does not reach BLAS here): (n, h*k) -> (h, n, k).
        q, keys, v = (
            (x @ p[w][layer].reshape(d, h * k)).reshape(n, h, k).transpose(1, 0, 2)
            for w in ("w_q", "w_k", "w_v")
        )
        scores = q @ keys.transpose(0, 2, 1) / np.sqrt(k) + future
        scores -= scores.max(axis=-1, keepdims=True)
        weights = np.exp(scores)
        weights /= weights.sum(axis=-1, keepdims=True)
        patterns[layer] = weights
        z = (weights @ v).transpose(1, 0, 2).reshape(n, h * k)
        x = x + z @ p["w_o"][layer].reshape(h * k, d)
    return patterns, x


@dataclass(frozen=True)
class HeadVerdict:
    """What one head does, measured on held-out text.

    Attributes
    ----------
    layer, head : int
        Counted from 0.
    scores : dict of str to float
        Its score against each pattern of :data:`core.english.metrics.PATTERNS`, on
        the kind of text that pattern is read on (:data:`~core.english.metrics.KIND_OF`).
    chance : dict of str to float
        Per pattern, what even attention scores on the same text (the same for every
        head; empty for a file that has no such record).
    """

    layer: int
    head: int
    scores: dict[str, float]
    chance: dict[str, float] = field(default_factory=dict)

    @property
    def jobs(self) -> tuple[tuple[str, str, float], ...]:
        """(kind of text, pattern, score): on each kind, the best pattern read there, if
        it reaches :data:`CLEAR_MATCH`. Two entries when the head does two jobs."""
        out = []
        for kind in KINDS:
            scored = [(self.scores[p], p) for p in PATTERNS if KIND_OF[p] == kind]
            score, pattern = max(scored)
            if score >= CLEAR_MATCH:
                out.append((kind, pattern, score))
        return tuple(out)

    @property
    def main_job(self) -> tuple[str, str, float] | None:
        """The job with the highest score, or None."""
        jobs = self.jobs
        return max(jobs, key=lambda job: job[2]) if jobs else None

    def describe(self) -> str:
        """'layer 2 head 1: on prose: first token 0.68; on repeats: induction 0.66'."""
        jobs = self.jobs
        text = (
            "; ".join(f"on {kind}: {p.replace('_', ' ')} {s:.2f}" for kind, p, s in jobs)
            if jobs
            else NO_CLEAR_PATTERN
        )
        return f"{head_label(self.layer, self.head)}: {text}"


def _grid(values: Any, n_layers: int, n_heads: int) -> np.ndarray | None:
    grid = np.asarray(values if values is not None else [], dtype=float)
    return grid if grid.shape == (n_layers, n_heads) else None


def chance_levels(evaluation: dict[str, Any]) -> dict[str, float]:
    """The recorded chance level of each pattern (what even attention scores), where the
    file has one."""
    saved = evaluation.get("chance", {})
    if not isinstance(saved, dict):
        return {}
    return {p: float(v) for p, v in saved.items() if p in PATTERNS and isinstance(v, float | int)}


@functools.lru_cache(maxsize=2)
def head_verdicts(model: EnglishModel) -> tuple[tuple[HeadVerdict, ...], ...]:
    """``verdicts[layer][head]`` from the scores saved in the weights file.

    A pattern the file has no scores for counts 0 (an older or a test file).
    """
    c = model.config
    evaluation = model.info.get("evaluation", {})
    saved = evaluation.get("head_scores", {})
    chance = chance_levels(evaluation)
    scores = np.zeros((len(PATTERNS), c.n_layers, c.n_heads))
    for index, pattern in enumerate(PATTERNS):
        per_kind = saved.get(KIND_OF[pattern], {})
        grid = _grid(
            per_kind.get(pattern) if isinstance(per_kind, dict) else None, *scores[0].shape
        )
        if grid is not None:
            scores[index] = grid
    return tuple(
        tuple(
            HeadVerdict(
                layer,
                head,
                {p: float(scores[i, layer, head]) for i, p in enumerate(PATTERNS)},
                chance,
            )
            for head in range(c.n_heads)
        )
        for layer in range(c.n_layers)
    )


def ranking(model: EnglishModel, pattern: str) -> tuple[HeadVerdict, ...]:
    """Every head, best match for ``pattern`` first (ties: earlier layer and head first)."""
    verdicts = [v for layer in head_verdicts(model) for v in layer]
    return tuple(sorted(verdicts, key=lambda v: -v.scores[pattern]))


@dataclass(frozen=True)
class Prediction:
    word: str
    probability: float

    @property
    def known(self) -> bool:
        return self.word != UNKNOWN


@dataclass(frozen=True, eq=False)
class EnglishRun:
    """The model on one sentence.

    Attributes
    ----------
    tokens : tuple of str
        As typed.
    offset : int
        1 if the model reads a beginning-of-text token before the sentence (then
        position 0 is that token and word ``i`` of the sentence is position
        ``i + 1``), else 0.
    ids : ndarray of int64, shape (offset + n,)
        Token ids; 0 for a word outside the vocabulary.
    weights : ndarray, shape (n_layers, n_heads, offset + n, offset + n)
        Every head's attention; rows sum to 1, exactly 0 above the diagonal.
    verdicts : tuple of tuple of HeadVerdict
        ``verdicts[layer][head]``, measured on held-out text (the same for every sentence).
    """

    model: EnglishModel
    tokens: tuple[str, ...]
    offset: int
    ids: np.ndarray
    weights: np.ndarray
    stream: np.ndarray
    verdicts: tuple[tuple[HeadVerdict, ...], ...]
    #: Guesses already worked out, by (query, count): a learner goes back and forth
    #: between queries, and each guess reads all 6,144 columns of the unembedding.
    _guessed: dict[tuple[int, int], tuple[Prediction, ...]] = field(
        default_factory=dict, init=False, repr=False
    )

    @property
    def positions(self) -> tuple[str, ...]:
        """What the model reads, position by position: :data:`BOS` first, if it has one."""
        return (BOS,) * self.offset + self.tokens

    @property
    def unknown_words(self) -> tuple[str, ...]:
        """Distinct words of the sentence the model does not know, in order."""
        words = self.ids[self.offset :]
        seen = dict.fromkeys(t for t, i in zip(self.tokens, words, strict=True) if i == 0)
        return tuple(seen)

    @property
    def read_as(self) -> tuple[tuple[str, str], ...]:
        """Distinct words of the sentence read as a form of a word the model knows,
        in order: ``(as typed, as read)``, such as ``("stole", "steal")``."""
        words = self.model.vocabulary.words  # the ids say what each token was read as
        seen: dict[str, str] = {}
        for token, i in zip(self.tokens, self.ids[self.offset :], strict=True):
            if i != 0 and words[i] != normalize(token):
                seen.setdefault(token, words[i])
        return tuple(seen.items())

    def predictions(self, query: int, count: int = 5) -> tuple[Prediction, ...]:
        """The ``count`` likeliest next words after ``tokens[: query + 1]``, likeliest first."""
        if not 0 <= query < len(self.tokens):
            raise IndexError(f"query {query} is outside 0..{len(self.tokens) - 1}")
        known = self._guessed.get((query, count))
        if known is None:
            known = self._guessed[query, count] = self._predict(query, count)
        return known

    def _predict(self, query: int, count: int) -> tuple[Prediction, ...]:
        logits = self.stream[query + self.offset] @ self.model.params["unembed"]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        # The guard at the output: a blocked word (or the start token) is never shown,
        # whatever the weights say; the others keep the model's own probabilities.
        shown = shown_ids(self.model)
        p = np.where(shown, p, -1.0)
        count = min(count, int(shown.sum()))
        # The few largest without sorting thousands: likeliest first, ties by id.
        top = np.argpartition(-p, count - 1)[:count]
        top = top[np.lexsort((top, -p[top]))]
        words = self.model.vocabulary.words
        return tuple(Prediction(words[i], float(p[i])) for i in top)


@functools.lru_cache(maxsize=2)
def shown_ids(model: EnglishModel) -> np.ndarray:
    """True for each id the page may show as a guess: not a blocked word of
    :mod:`core.english.blocked`, not the beginning-of-text token (the unknown-word token
    is shown, as "unknown word")."""
    shown = allowed_ids(model.vocabulary.words, blocked_words())
    shown[0] = model.vocabulary.words[0] == UNKNOWN
    return shown


def analyse(model: EnglishModel, tokens: Sequence[str]) -> EnglishRun:
    """Run the model on ``tokens`` (after its beginning-of-text token, if it has one).

    Raises
    ------
    ValueError
        If there are no tokens or more than the model reads.
    """
    tokens = tuple(tokens)
    bos = model.vocabulary.bos
    offset = 0 if bos is None else 1
    limit = model.config.context_length - offset
    if not 1 <= len(tokens) <= limit:
        raise ValueError(f"the English model reads 1 to {limit} tokens, got {len(tokens)}")
    ids = model.vocabulary.encode(tokens)
    if bos is not None:
        ids = np.concatenate([[bos], ids]).astype(np.int64)
    weights, stream = sentence_forward(model, ids)
    return EnglishRun(model, tokens, offset, ids, weights, stream, head_verdicts(model))
