"""The English model on one sentence: every head's weights, what each head looks like,
and the model's next-word guesses.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..heads import HEADS
from ..pattern_scores import detection_pattern
from .probes import PROBE_TOKENS
from .vocab import UNKNOWN
from .weights import EnglishModel

#: A head is named after a pattern only if it scores at least this; otherwise it is
#: "no clear pattern" (the lesson: many trained heads are messier than the constructed ones).
CLEAR_MATCH = 0.5
NO_CLEAR_PATTERN = "no clear pattern"


def head_label(layer: int, head: int) -> str:
    """'layer 1 head 2': layers count from 1, heads from 0, as on the Learned page."""
    return f"layer {layer + 1} head {head}"


def sentence_forward(model: EnglishModel, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every head's weights (layers, heads, n, n) and the final stream (n, d), float64.

    The forward pass of :func:`core.learned.model.forward` for one sequence,
    without the unembedding of every position (the page needs one row of it).
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


def all_pattern_scores(tokens: Sequence[str], weights: np.ndarray) -> np.ndarray:
    """:func:`core.pattern_scores.pattern_score` of every head at once, causal.

    ``weights`` (..., n, n) -> (..., 5) in the order of ``core.HEADS``; NaN where
    the pattern has nothing to score on this sentence. The same numbers as
    scoring each head alone, without building every pattern once per head.
    """
    n = len(tokens)
    a = np.asarray(weights, dtype=float)
    visible = np.tril(np.ones((n, n), dtype=bool))
    choice = visible.sum(axis=1) >= 2  # queries that see two keys or more
    out = np.full((*a.shape[:-2], len(HEADS)), np.nan)
    for index, head_id in enumerate(HEADS):
        if head_id == "broad":
            if choice.any():
                even = visible / visible.sum(axis=1, keepdims=True)
                distance = 0.5 * np.abs(a[..., choice, :] - even[choice]).sum(axis=-1)
                out[..., index] = (1.0 - distance).mean(axis=-1)
            continue
        pattern = detection_pattern(head_id, tokens)
        rows = pattern.any(axis=1) & choice
        if not rows.any():
            continue
        total = a[..., rows, :].sum(axis=(-1, -2))
        hits = np.where(pattern[rows], a[..., rows, :], 0.0).sum(axis=(-1, -2))
        with np.errstate(invalid="ignore", divide="ignore"):
            out[..., index] = np.where(total > 0, hits / total, np.nan)
    return out


def best_match(scores: dict[str, float | None]) -> tuple[str, float] | None:
    """The best-scoring pattern and its score, or None if none reaches :data:`CLEAR_MATCH`."""
    scored = [(s, head_id) for head_id, s in scores.items() if s is not None]
    if not scored:
        return None
    score, head_id = max(scored)
    return (head_id, score) if score >= CLEAR_MATCH else None


def describe_match(layer: int, head: int, match: tuple[str, float] | None) -> str:
    """'layer 1 head 2: previous token, 0.87' or 'layer 2 head 1: no clear pattern'."""
    if match is None:
        return f"{head_label(layer, head)}: {NO_CLEAR_PATTERN}"
    head_id, score = match
    return f"{head_label(layer, head)}: {head_id.replace('_', ' ')}, {score:.2f}"


@dataclass(frozen=True)
class HeadDetection:
    """What one head looks like, against each of the five constructed patterns.

    Attributes
    ----------
    layer, head : int
        Counted from 0.
    sentence : dict of str to float or None
        Scores on the learner's sentence (None where the pattern predicts no cell).
    probes : dict of str to float
        Mean scores over the probe texts (see :mod:`core.english.probes`).
    """

    layer: int
    head: int
    sentence: dict[str, float | None]
    probes: dict[str, float]

    @property
    def match(self) -> tuple[str, float] | None:
        """Best pattern on the learner's sentence, if clear."""
        return best_match(self.sentence)

    @property
    def probe_match(self) -> tuple[str, float] | None:
        """Best pattern over the probe texts, if clear."""
        return best_match(dict(self.probes))

    def describe(self) -> str:
        """'layer 1 head 2: previous token, 0.87' on the learner's sentence."""
        return describe_match(self.layer, self.head, self.match)


@dataclass(frozen=True)
class Prediction:
    word: str
    probability: float

    @property
    def known(self) -> bool:
        return self.word != UNKNOWN


@functools.lru_cache(maxsize=2)
def probe_scores(model: EnglishModel) -> np.ndarray:
    """Mean score of every head against every pattern over the probe texts.

    Returns
    -------
    ndarray, shape (n_layers, n_heads, 5)
        In the order of ``core.HEADS``; a pattern a probe cannot score is left
        out of that pattern's mean. Computed once per model.
    """
    c = model.config
    sums = np.zeros((c.n_layers, c.n_heads, len(HEADS)))
    counts = np.zeros(len(HEADS))
    for tokens in PROBE_TOKENS:
        patterns, _ = sentence_forward(model, model.vocabulary.encode(tokens))
        scores = all_pattern_scores(tokens, patterns)
        scored = ~np.isnan(scores[0, 0])  # the same for every head: cells to score or not
        sums[..., scored] += scores[..., scored]
        counts[scored] += 1
    return sums / np.maximum(counts, 1)


@dataclass(frozen=True, eq=False)
class EnglishRun:
    """The model on one sentence.

    Attributes
    ----------
    tokens : tuple of str
        As typed.
    ids : ndarray of int64, shape (n,)
        Token ids; 0 for a word outside the vocabulary.
    weights : ndarray, shape (n_layers, n_heads, n, n)
        Every head's attention; rows sum to 1, exactly 0 above the diagonal.
    detections : tuple of tuple of HeadDetection
        ``detections[layer][head]``.
    """

    model: EnglishModel
    tokens: tuple[str, ...]
    ids: np.ndarray
    weights: np.ndarray
    stream: np.ndarray
    detections: tuple[tuple[HeadDetection, ...], ...]

    @property
    def unknown_words(self) -> tuple[str, ...]:
        """Distinct words of the sentence the model does not know, in order."""
        seen = dict.fromkeys(t for t, i in zip(self.tokens, self.ids, strict=True) if i == 0)
        return tuple(seen)

    def predictions(self, query: int, count: int = 5) -> tuple[Prediction, ...]:
        """The ``count`` likeliest next words after ``tokens[: query + 1]``, likeliest first."""
        if not 0 <= query < len(self.tokens):
            raise IndexError(f"query {query} is outside 0..{len(self.tokens) - 1}")
        logits = self.stream[query] @ self.model.params["unembed"]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        top = np.argsort(-p, kind="stable")[:count]
        words = self.model.vocabulary.words
        return tuple(Prediction(words[i], float(p[i])) for i in top)

    def where_is(self, head_id: str) -> list[tuple[int, int, float | None, float]]:
        """Every head ranked by how well it matches a constructed head.

        Returns
        -------
        list of (layer, head, score on this sentence, mean score on the probes)
            Best first, ranked by the probe score (steadier than one sentence).
        """
        index = list(HEADS).index(head_id)
        probes = probe_scores(self.model)
        rows = [
            (d.layer, d.head, d.sentence[head_id], float(probes[d.layer, d.head, index]))
            for layer in self.detections
            for d in layer
        ]
        return sorted(rows, key=lambda row: -row[3])


def _optional(score: float) -> float | None:
    return None if np.isnan(score) else float(score)


def analyse(model: EnglishModel, tokens: Sequence[str]) -> EnglishRun:
    """Run the model on ``tokens`` and score every head.

    Raises
    ------
    ValueError
        If there are no tokens or more than the model's context length.
    """
    tokens = tuple(tokens)
    if not 1 <= len(tokens) <= model.config.context_length:
        raise ValueError(
            f"the English model reads 1 to {model.config.context_length} tokens, got {len(tokens)}"
        )
    ids = model.vocabulary.encode(tokens)
    weights, stream = sentence_forward(model, ids)
    probes = probe_scores(model)
    here = all_pattern_scores(tokens, weights)
    detections = tuple(
        tuple(
            HeadDetection(
                layer,
                head,
                {h: _optional(here[layer, head, i]) for i, h in enumerate(HEADS)},
                {h: float(probes[layer, head, i]) for i, h in enumerate(HEADS)},
            )
            for head in range(model.config.n_heads)
        )
        for layer in range(model.config.n_layers)
    )
    return EnglishRun(model, tokens, ids, weights, stream, detections)
