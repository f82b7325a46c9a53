"""The GPT-2 page's results: a model read from a folder, its runs, and what the page draws.

Reading GPT-2 small takes a moment and running it a few tenths of a second, so the work
is split in two. ``prepare`` does the slow part (reading the folder, running the model on
a text) and is called by the page's adapter on a worker thread
(``app/panels/gpt2/runner.py``); ``page`` only puts together what is ready, on the GUI
thread, and returns None while something is still missing. No Qt here.

A folder that cannot be used changes nothing: the model in use stays, and the error is
handed back to the caller. The last model read is kept for the whole process, so that a
window rebuilt in another language does not read it again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.model.memo import Memo
from core.english.analysis import Prediction
from core.gpt2 import PATTERNS, GPT2Model, GPT2Run, HeadScore, analyse, analyse_repeats, open_model

#: Reports how far the work has come: (step, done, total); it may raise to stop the work.
Progress = Callable[[str, int, int], None]
#: The text a run is on: the learner's sentence, or None for the built-in repeated passage.
Text = str | None
#: Runs kept per model (a learner goes back and forth between a few sentences).
RUNS_KEPT = 8

_last_model: GPT2Model | None = None
_last_lock = threading.Lock()


@dataclass(frozen=True)
class ModelAbout:
    """What the page says about the model itself."""

    folder: str
    name: str  # the folder's own name ("gpt2", "distilgpt2")
    n_layer: int
    n_head: int
    n_embd: int
    n_positions: int
    vocab_size: int
    n_params: int
    file_size: int
    has_start_token: bool


def describe(model: GPT2Model) -> ModelAbout:
    c = model.config
    return ModelAbout(
        folder=model.folder,
        name=Path(model.folder).name,
        n_layer=c.n_layer,
        n_head=c.n_head,
        n_embd=c.n_embd,
        n_positions=c.n_positions,
        vocab_size=c.vocab_size,
        n_params=model.n_params,
        file_size=model.file_size,
        has_start_token=model.start is not None,
    )


@dataclass(frozen=True, eq=False)
class GPT2Page:
    """Everything the GPT-2 page draws.

    Attributes
    ----------
    about : ModelAbout
    run : GPT2Run
        The model on the text shown (its positions, every head's weights, its scores).
    repeats : bool
        Whether that text is the built-in repeated passage.
    query : int
        The token whose guesses are shown, counted in the text (without the start token).
    head : (int, int)
        The head shown large.
    predictions : tuple of Prediction
        The five likeliest next tokens after the query, as shown.
    strongest : tuple of tuple of HeadScore or None
        ``strongest[layer][head]``: each head's best pattern on the text.
    rankings : dict of str to tuple of HeadScore
        Per pattern, every head, best first (empty: nothing for it on this text).
    """

    about: ModelAbout
    run: GPT2Run
    repeats: bool
    query: int
    head: tuple[int, int]
    predictions: tuple[Prediction, ...]
    strongest: tuple[tuple[HeadScore | None, ...], ...]
    rankings: dict[str, tuple[HeadScore, ...]]

    @property
    def position(self) -> int:
        """The query's place among the model's positions (after its start token)."""
        return self.query + self.run.offset


def default_head(run: GPT2Run) -> tuple[int, int]:
    """The head a page opens on: the strongest induction head, else the strongest
    previous-token head (a text without a repeat gives induction nothing to find)."""
    for pattern in ("induction", "previous_token", "first_token"):
        ranking = run.ranking(pattern)
        if ranking:
            return ranking[0].layer, ranking[0].head
    return 0, 0


class GPT2Results:
    """The model in use and its runs; see the module docstring for who calls what.

    Parameters
    ----------
    dtype : NumPy float type
        What the model runs in (float64 for tests).
    available : int or None
        Free memory to check a model against (None: what the system says).
    """

    def __init__(self, dtype: type[np.floating] = np.float32, available: int | None = None):
        self.dtype = dtype
        self.available = available
        #: How many times each part was computed; tests read it.
        self.recomputes: dict[str, int] = {"load": 0, "run": 0}
        self._lock = threading.Lock()
        self._model: GPT2Model | None = None
        self._runs: OrderedDict[tuple[str, Text], GPT2Run] = OrderedDict()
        self._page: Memo[tuple[GPT2Run, tuple[int, int], int], GPT2Page] = Memo(
            "page", self.recomputes
        )

    @property
    def model(self) -> GPT2Model | None:
        """The model in use (the last one read without an error)."""
        return self._model

    def ready(self, folder: str, text: Text) -> bool:
        """Whether ``page`` can answer for ``folder`` and ``text`` without ``prepare``."""
        with self._lock:
            model = self._model
            return (
                model is not None
                and model.folder == _folder(folder)
                and ((model.folder, text) in self._runs)
            )

    def prepare(self, folder: str, text: Text, progress: Progress | None = None) -> None:
        """Read ``folder`` (unless it is the model in use) and run it on ``text``: the slow
        part, for a worker thread.

        Raises
        ------
        core.gpt2.ModelFolderError
            The folder cannot be used; the model in use stays.
        core.gpt2.TooLongError
            The text has more tokens than the model has positions.
        """
        model = self._load(_folder(folder), progress)
        key = (model.folder, text)
        with self._lock:
            if key in self._runs:
                return
        run = analyse_repeats(model, progress) if text is None else analyse(model, text, progress)
        with self._lock:
            self.recomputes["run"] += 1
            self._runs[key] = run
            while len(self._runs) > RUNS_KEPT:
                self._runs.popitem(last=False)

    def _load(self, folder: str, progress: Progress | None) -> GPT2Model:
        global _last_model
        model = self._model
        if model is not None and model.folder == folder:
            return model
        with _last_lock:
            shared = _last_model
        if shared is not None and shared.folder == folder and shared.dtype == self.dtype:
            model = shared  # a window rebuilt in another language: read once per process
        else:
            model = open_model(folder, self.dtype, progress, self.available)
            self.recomputes["load"] += 1
            with _last_lock:
                _last_model = model
        with self._lock:
            self._model = model
            self._runs.clear()  # the runs of the model before
        return model

    def page(
        self, folder: str, text: Text, head: tuple[int, int] | None, query: int | None
    ) -> GPT2Page | None:
        """What the page draws, or None until ``prepare`` has done its part.

        ``head`` None: :func:`default_head`; ``query`` None: the last token (the text's
        next token is the guess). Both are kept inside the model and the text.
        """
        with self._lock:
            model = self._model
            run = None if model is None else self._runs.get((model.folder, text))
        if model is None or run is None or model.folder != _folder(folder):
            return None
        c = model.config
        chosen = default_head(run) if head is None else head
        chosen = (min(max(chosen[0], 0), c.n_layer - 1), min(max(chosen[1], 0), c.n_head - 1))
        last = run.n_tokens - 1
        position = last if query is None else min(max(query, 0), last)
        return self._page.get(
            (run, chosen, position), lambda: _page(model, run, text is None, chosen, position)
        )


def _page(
    model: GPT2Model, run: GPT2Run, repeats: bool, head: tuple[int, int], query: int
) -> GPT2Page:
    c = model.config
    return GPT2Page(
        about=describe(model),
        run=run,
        repeats=repeats,
        query=query,
        head=head,
        predictions=tuple(Prediction(g.label, g.probability) for g in run.guesses(query)),
        strongest=tuple(
            tuple(run.strongest(i, j) for j in range(c.n_head)) for i in range(c.n_layer)
        ),
        rankings={p: run.ranking(p) for p in PATTERNS},
    )


def _folder(folder: str) -> str:
    """A folder as the model records it."""
    return str(Path(folder).expanduser())


def forget_last_model() -> None:
    """Drop the process-wide model (tests; a staff member removing the folder)."""
    global _last_model
    with _last_lock:
        _last_model = None
