"""What the Learned page draws, computed in one place when the page asks for it.

The page is one of the side pages most visitors never open, and its results are the
costliest of the side pages' (reading the weights, scoring every head, two forward
passes for the comparison), so none of it is computed before the page is built. The
controller owns one ``LearnedResults``; the page asks it with the learned weights in use
(session state) and the sentence it was handed, and each result is computed at most once
per change of what it depends on, however often the page asks.

No Qt here, and no wording: the page says what these numbers mean.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

import core
from app.model.memo import Memo
from app.model.state import TrainedWeights
from core.heads import STRONG
from core.learned import (
    SHIPPED_WEIGHTS,
    Evaluation,
    Params,
    WeightsError,
    attention_patterns,
    evaluate,
    load_weights,
    repeated_sequence,
    sentence_attention,
    sentence_ids,
)
from core.learned.metrics import EVAL_PERIOD

#: The random repeat of the comparison: eight symbols, then the same eight again, always
#: from this seed.
REPEAT_SEED = 3
REPEAT_PERIOD = 8


@dataclass(frozen=True, eq=False)
class LearnedModel:
    """Weights the Learned page shows, and their scores on repeated random tokens.

    Attributes
    ----------
    params : dict of ndarray
    evaluation : Evaluation
        Per-head scores on the fixed evaluation batch of ``core.learned``.
    origin : str
        'shipped' or 'trained'.
    steps : int or None
        Training steps behind the weights, if known.
    seed : int or None
        The training run's seed (trained weights only).
    """

    params: Params
    evaluation: Evaluation
    origin: str
    steps: int | None = None
    seed: int | None = None

    @classmethod
    def from_params(
        cls, params: Params, origin: str, steps: int | None = None, seed: int | None = None
    ) -> LearnedModel:
        """Score ``params`` (some 50 ms for the shipped size) and wrap them."""
        period = min(EVAL_PERIOD, int(params["pos_embed"].shape[0]) // 2)
        return cls(params, evaluate(params, period, losses=False), origin, steps, seed)

    @property
    def n_layers(self) -> int:
        return int(self.params["w_q"].shape[0])

    @property
    def n_heads(self) -> int:
        return int(self.params["w_q"].shape[2])

    @property
    def context_length(self) -> int:
        return int(self.params["pos_embed"].shape[0])

    @property
    def vocab_size(self) -> int:
        return int(self.params["embed"].shape[0])

    @property
    def best_induction_head(self) -> int:
        """The head of the last layer with the highest induction score."""
        return int(np.argmax(self.evaluation.induction_per_head[-1]))

    def score(self, layer: int) -> tuple[str, np.ndarray]:
        """The job a layer's heads are scored on ('previous_token' or 'induction'), and
        every head's score.

        The first layer is where a previous-token head forms, the last where an
        induction head forms; a layer in between gets whichever of the two its
        best head does better.
        """
        previous = ("previous_token", self.evaluation.previous_token_per_head[layer])
        induction = ("induction", self.evaluation.induction_per_head[layer])
        if layer == 0 and self.n_layers > 1:
            return previous
        if layer == self.n_layers - 1:
            return induction
        return max(previous, induction, key=lambda job: float(np.max(job[1])))

    def attention(self, tokens: Sequence[str]) -> np.ndarray:
        """Every head's weights on ``tokens``, (n_layers, n_heads, n, n), causal.

        Raises
        ------
        ValueError
            If the sentence is longer than the model's context.
        """
        return sentence_attention(self.params, tokens)


def load_model(path: str | os.PathLike[str] = SHIPPED_WEIGHTS) -> LearnedModel:
    """The model that comes with the program.

    Raises
    ------
    core.learned.WeightsError
        If the file is missing, damaged or does not fit the model.
    """
    saved = load_weights(path)
    steps = saved.info.get("training", {}).get("steps")
    known = steps if isinstance(steps, int) else None
    return LearnedModel.from_params(saved.params, "shipped", known)


@dataclass(frozen=True, eq=False)
class SentenceHeads:
    """Every learned head on the learner's sentence.

    Attributes
    ----------
    tokens : tuple of str
    weights : ndarray or None
        (n_layers, n_heads, n, n), causal; None when the sentence is longer than the
        model reads.
    ids : tuple of int
        The symbol of each token: one per distinct word, in order of first appearance.
    """

    tokens: tuple[str, ...]
    weights: np.ndarray | None
    ids: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class RulePair:
    """The constructed induction head and the learned model's best one on the same tokens.

    Attributes
    ----------
    tokens : tuple of str
    rule, learned : ndarray
        (n, n) weights of each.
    cells : ndarray
        (k, 2) visible cells where the rule finds its target: ringed on both maps.
    """

    tokens: tuple[str, ...]
    rule: np.ndarray
    learned: np.ndarray
    cells: np.ndarray


@dataclass(frozen=True, eq=False)
class Comparison:
    """Side by side on the lesson's sentence and on a repeat of random symbols."""

    sentence: RulePair
    repeat: RulePair


def symbol_tokens(ids: Iterable[int]) -> tuple[str, ...]:
    """Token ids written as symbols: 17 -> 't17'."""
    return tuple(f"t{int(i)}" for i in ids)


def rule_cells(tokens: Sequence[str]) -> np.ndarray:
    """(k, 2) visible cells where the constructed induction head finds its target."""
    strong = core.get_head("induction").scores(tokens) == STRONG
    return np.argwhere(strong & ~core.causal_mask(len(tokens)))


def _rule_pair(tokens: tuple[str, ...], learned: np.ndarray) -> RulePair:
    rule = core.head_weights("induction", tokens)
    return RulePair(tokens, rule, learned, rule_cells(tokens))


def comparison(model: LearnedModel, lesson: tuple[str, ...]) -> Comparison:
    """The rule against the model's best induction head, on ``lesson`` and on a repeat."""
    best = model.best_induction_head
    on_sentence = _rule_pair(lesson, model.attention(lesson)[-1, best])
    ids = repeated_sequence(REPEAT_SEED, REPEAT_PERIOD, model.vocab_size)
    patterns = attention_patterns(model.params, ids).astype(np.float64)
    return Comparison(on_sentence, _rule_pair(symbol_tokens(ids), patterns[-1, best]))


class LearnedResults:
    """The Learned page's frozen results, each kept until what it depends on changes.

    Parameters
    ----------
    weights_path : path-like
        The shipped weights (tests point it at a damaged copy).
    lesson_sentence : callable, optional
        The lesson's sentence in the language in use (the state's); English by default.
    """

    def __init__(
        self,
        weights_path: str | os.PathLike[str] = SHIPPED_WEIGHTS,
        lesson_sentence: Callable[[], str] | None = None,
    ) -> None:
        self._weights_path = weights_path
        self._lesson_sentence = lesson_sentence or (lambda: core.LESSON_SENTENCE)
        #: How many times each was computed; tests and benchmarks read it.
        self.recomputes: dict[str, int] = {}
        # The shipped model and a trained one share one count: either is a model read.
        self._shipped: Memo[None, LearnedModel | WeightsError] = Memo("model", self.recomputes)
        self._trained: Memo[TrainedWeights, LearnedModel] = Memo(
            "model", self.recomputes, same=operator.is_
        )
        self._heads: Memo[tuple[LearnedModel, tuple[str, ...]], SentenceHeads] = Memo(
            "heads", self.recomputes
        )
        self._comparison: Memo[tuple[LearnedModel, tuple[str, ...]], Comparison] = Memo(
            "comparison", self.recomputes
        )

    def model(self, weights: TrainedWeights | None) -> LearnedModel | WeightsError:
        """The model for the weights in use (None: the shipped one, read once), or why the
        shipped weights could not be read."""
        if weights is None:
            return self._shipped.get(None, self._read_shipped)
        trained: TrainedWeights = weights
        return self._trained.get(trained, lambda: _trained_model(trained))

    def _read_shipped(self) -> LearnedModel | WeightsError:
        try:
            return load_model(self._weights_path)
        except WeightsError as exc:
            return exc  # a damaged file is read once, not on every click

    def heads(self, model: LearnedModel, tokens: tuple[str, ...]) -> SentenceHeads:
        """Every head of ``model`` on ``tokens`` (the query and the mask switch do not matter:
        the model is always causal)."""
        return self._heads.get((model, tokens), lambda: _sentence_heads(model, tokens))

    def comparison(self, model: LearnedModel) -> Comparison:
        """The rule against ``model`` on the lesson's sentence in the language in use."""
        lesson = tuple(core.tokenize(self._lesson_sentence()))
        return self._comparison.get((model, lesson), lambda: comparison(model, lesson))


def _trained_model(weights: TrainedWeights) -> LearnedModel:
    return LearnedModel.from_params(weights.params, "trained", weights.steps, weights.seed)


def _sentence_heads(model: LearnedModel, tokens: tuple[str, ...]) -> SentenceHeads:
    try:
        weights = model.attention(tokens)
        ids = tuple(int(i) for i in sentence_ids(tokens, model.context_length))
        return SentenceHeads(tokens, weights, ids)
    except ValueError:  # longer than the model's context
        return SentenceHeads(tokens, None, ())
