"""The English model's results for its page, computed once per change of what they use.

The model is read the first time the page asks (start-up reads nothing); the analysis
of a sentence (every head's weights) is kept until the sentence changes, the next-word
guesses until the query changes too. The heads' verdicts and the rankings of "where is
this pattern?" come from the held-out scores in the weights file. No Qt here;
:class:`app.model.page_results.PageResults` owns one of these.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from app.model.memo import Memo
from core.english import ENGLISH_WEIGHTS, EnglishModel, load_english
from core.english.analysis import EnglishRun, HeadVerdict, Prediction, analyse, ranking
from core.english.metrics import PATTERNS
from core.english.summary import Formation, formations, losses
from core.learned import WeightsError

#: Every head of the model, best match for a pattern first.
Ranked = tuple[HeadVerdict, ...]


@dataclass(frozen=True, eq=False)
class EnglishAbout:
    """What the page says about the model itself (the same for every sentence).

    Attributes
    ----------
    n_layers, n_heads, n_words : int
        Its shape; ``n_words`` counts the known words, not the unknown-word token.
    sources : tuple of str
        The names of the sources it read ("bible", "wordnet", ...), as recorded at
        training time; the text never trained on is not among them.
    repeat_share, copy_weight : float or None
        How much of the training text was a repeated stretch, and how much more the
        copied words counted (None where not recorded).
    formations : tuple of Formation
        Which patterns formed, on held-out text.
    losses : dict of str to (float, float)
        Held-out loss of the model and of a word-pair count, per source (and
        ``"unseen"``, the text it never trained on).
    start_head : (int, int)
        The head most like the lesson's induction head, on held-out repeats.
    has_start_token : bool
        Whether it reads a beginning-of-text token at position 0.
    """

    n_layers: int
    n_heads: int
    n_words: int
    sources: tuple[str, ...]
    repeat_share: float | None
    copy_weight: float | None
    formations: tuple[Formation, ...]
    losses: dict[str, tuple[float, float]]
    start_head: tuple[int, int]
    has_start_token: bool


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
    rankings : dict of str to Ranked
        For each pattern, every head of the model, closest first (held-out scores).
    query : int
    predictions : tuple of Prediction
        The five likeliest next words after the query, likeliest first.
    """

    error: WeightsError | None = None
    context_length: int | None = None
    about: EnglishAbout | None = None
    run: EnglishRun | None = None
    rankings: dict[str, Ranked] = field(default_factory=dict)
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
    best = ranking(model, "induction")[0]
    has_start = model.vocabulary.bos is not None
    return EnglishAbout(
        n_layers=c.n_layers,
        n_heads=c.n_heads,
        n_words=c.vocab_size - 1 - int(has_start),
        sources=tuple(name for name in text if name != "unseen") if isinstance(text, dict) else (),
        repeat_share=_number(training.get("repeat_share")),
        copy_weight=_number(training.get("copy_weight")),
        formations=formations(evaluation),
        losses=losses(evaluation),
        start_head=(best.layer, best.head),
        has_start_token=has_start,
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
        self._run: Memo[tuple[str, ...], tuple[EnglishRun, dict[str, Ranked]]] = Memo(
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
        limit = self._model.config.context_length - int(self._model.vocabulary.bos is not None)
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
    ) -> tuple[EnglishRun, dict[str, Ranked]]:
        return self._run.get(tokens, lambda: _analyse(model, tokens))


def _analyse(model: EnglishModel, tokens: tuple[str, ...]) -> tuple[EnglishRun, dict[str, Ranked]]:
    run = analyse(model, tokens)
    return run, {pattern: ranking(model, pattern) for pattern in PATTERNS}
