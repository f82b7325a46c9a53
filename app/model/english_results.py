"""The English model's results for its page, computed once per change of what they use.

The model is read the first time the page asks (start-up reads nothing); the analysis
of a sentence (every head's weights and detector scores, the rankings of "where is
this head?") is kept until the sentence changes, the next-word guesses until the
query changes too. No Qt here; :class:`app.model.page_results.PageResults` owns one of these.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import core
from app.model.memo import Memo
from core.english import ENGLISH_WEIGHTS, EnglishModel, load_english
from core.english.analysis import EnglishRun, Prediction, analyse, probe_scores
from core.english.summary import Formation, formations, losses
from core.learned import WeightsError

#: One head in a ranking: layer, head, score on the sentence, mean score on the probe texts.
Ranked = tuple[int, int, "float | None", float]


@dataclass(frozen=True, eq=False)
class EnglishAbout:
    """What the page says about the model itself (the same for every sentence).

    Attributes
    ----------
    n_layers, n_heads, n_words : int
        Its shape; ``n_words`` counts the known words, not the unknown-word token.
    source : tuple of str
        The text's Debian package and version, as recorded at training time.
    repeat_share, copy_weight : float or None
        How much of the training text was a repeated stretch, and how much more the
        copied words counted (None where not recorded).
    formations : tuple of Formation
        Which patterns formed, on held-out text.
    losses : (float, float) or None
        Held-out loss of the model and of a word-pair count.
    start_head : (int, int)
        The head most like the lesson's induction head on the probe texts.
    """

    n_layers: int
    n_heads: int
    n_words: int
    source: tuple[str, str]
    repeat_share: float | None
    copy_weight: float | None
    formations: tuple[Formation, ...]
    losses: tuple[float, float] | None
    start_head: tuple[int, int]


@dataclass(frozen=True, eq=False)
class EnglishResult:
    """The English model on the learner's sentence and query, or why it is not there.

    Attributes
    ----------
    error : WeightsError or None
        Why the model could not be read; everything else is then empty.
    context_length : int or None
        Set when the sentence is longer than the model reads (its context length);
        there is then no run.
    about : EnglishAbout or None
    run : EnglishRun or None
        Every head's weights and detector scores on the sentence.
    rankings : dict of str to tuple of Ranked
        For each constructed head, every head of the model, closest first.
    query : int
    predictions : tuple of Prediction
        The five likeliest next words after the query, likeliest first.
    """

    error: WeightsError | None = None
    context_length: int | None = None
    about: EnglishAbout | None = None
    run: EnglishRun | None = None
    rankings: dict[str, tuple[Ranked, ...]] = field(default_factory=dict)
    query: int = 0
    predictions: tuple[Prediction, ...] = ()


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, float | int) else None


def describe_model(model: EnglishModel) -> EnglishAbout:
    """What the page says about ``model``, from its shape and its recorded notes."""
    c = model.config
    text = model.info.get("text", {})
    training = model.info.get("training", {})
    evaluation = model.info.get("evaluation", {})
    scores = probe_scores(model)[..., list(core.HEADS).index("induction")]
    layer, head = np.unravel_index(int(np.argmax(scores)), scores.shape)
    return EnglishAbout(
        n_layers=c.n_layers,
        n_heads=c.n_heads,
        n_words=c.vocab_size - 1,
        source=(str(text.get("package", "?")), str(text.get("version", ""))),
        repeat_share=_number(training.get("repeat_share")),
        copy_weight=_number(training.get("copy_weight")),
        formations=formations(evaluation),
        losses=losses(evaluation),
        start_head=(int(layer), int(head)),
    )


class EnglishResults:
    """Reads the English model once and keeps its results until their inputs change.

    Parameters
    ----------
    path : path-like
        The weights file (tests point it at a damaged copy).
    """

    def __init__(self, path: str | os.PathLike[str] = ENGLISH_WEIGHTS) -> None:
        self.path = path
        #: How many times each part was computed; tests read it.
        self.recomputes = {"load": 0, "run": 0, "predictions": 0}
        self._model: EnglishModel | None = None
        self._about: EnglishAbout | None = None
        self._error: WeightsError | None = None
        self._run: Memo[tuple[str, ...], tuple[EnglishRun, dict[str, tuple[Ranked, ...]]]] = Memo(
            "run", self.recomputes
        )
        self._result: Memo[tuple[tuple[str, ...], int], EnglishResult] = Memo(
            "predictions", self.recomputes
        )

    def result(self, tokens: tuple[str, ...], query: int) -> EnglishResult:
        """The model's results on ``tokens`` at ``query`` (the first call reads the model)."""
        if self._model is None and self._error is None:
            self._load()
        if self._error is not None or self._model is None:
            return EnglishResult(error=self._error)
        limit = self._model.config.context_length
        if len(tokens) > limit:  # a model with a shorter context than the editor allows
            return EnglishResult(context_length=limit, about=self._about, query=query)
        model = self._model
        return self._result.get((tokens, query), lambda: self._predict(model, tokens, query))

    def _predict(self, model: EnglishModel, tokens: tuple[str, ...], query: int) -> EnglishResult:
        run, rankings = self._analysis(model, tokens)
        return EnglishResult(
            about=self._about,
            run=run,
            rankings=rankings,
            query=query,
            predictions=run.predictions(query),
        )

    def _load(self) -> None:
        self.recomputes["load"] += 1
        try:
            self._model = load_english(self.path)
        except WeightsError as error:
            self._error = error
            return
        self._about = describe_model(self._model)

    def _analysis(
        self, model: EnglishModel, tokens: tuple[str, ...]
    ) -> tuple[EnglishRun, dict[str, tuple[Ranked, ...]]]:
        return self._run.get(tokens, lambda: _analyse(model, tokens))


def _analyse(
    model: EnglishModel, tokens: tuple[str, ...]
) -> tuple[EnglishRun, dict[str, tuple[Ranked, ...]]]:
    run = analyse(model, tokens)
    return run, {head_id: tuple(run.where_is(head_id)) for head_id in core.HEADS}
