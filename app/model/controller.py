"""Turns state changes into fresh results: each result is recomputed at most once per
state change, and only when a field it depends on changed.

A result is read fresh whoever reads it first: ``attention`` and ``shape`` compare the
fields they were made from with the state's, so a listener of the state that runs
before the controller's own (listeners run in no set order) never sees the result of
the change before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from app.model.memo import Memo
from app.model.page_results import PageResults
from app.model.results import AttentionResult, ShapeResult, compute_attention, compute_shape
from app.model.signals import Signal
from app.model.state import AppState

if TYPE_CHECKING:  # the learned model's code is imported when the Learned page is built
    from app.model.learned_results import LearnedResults

ATTENTION_FIELDS = frozenset({"sentence", "head_id", "query", "causal"})
SHAPE_FIELDS = frozenset({"preset_id", "n_heads", "n_kv_heads"})


class Controller:
    """Listens to the state and publishes immutable results for the panels (plain Python:
    tested against a stand-in view, with no QApplication)."""

    attention_changed = Signal(object)  # AttentionResult
    shape_changed = Signal(object)  # ShapeResult

    def __init__(self, state: AppState) -> None:
        self._state = state
        #: How many times each part was recomputed; tests and benchmarks read it.
        self.recomputes: dict[str, int] = {}
        self._attention: Memo[tuple, AttentionResult] = Memo("attention", self.recomputes)
        self._shape: Memo[tuple, ShapeResult] = Memo("shape", self.recomputes)
        self._scripted = 0
        #: What single side pages draw, computed when they ask for it.
        self.page_results = PageResults()
        self._learned_results: LearnedResults | None = None
        state.changed.connect(self._on_state_changed)

    @property
    def attention(self) -> AttentionResult:
        """The attention result for the state as it is now."""
        s = self._state
        last = self._attention.last
        previous = last[1] if last is not None else None
        return self._attention.get(
            (s.tokens, s.head_id, s.query, s.causal),
            lambda: compute_attention(s.tokens, s.head_id, s.query, s.causal, previous),
        )

    @property
    def shape(self) -> ShapeResult:
        """The model shape for the state as it is now."""
        s = self._state
        return self._shape.get(
            (s.preset_id, s.n_heads, s.n_kv_heads),
            lambda: compute_shape(s.preset_id, s.n_heads, s.n_kv_heads),
        )

    @property
    def learned_results(self) -> LearnedResults:
        """What the Learned page draws, computed when it asks for it (made, and the
        learned model's code imported, when the page is first built)."""
        if self._learned_results is None:
            from app.model.learned_results import LearnedResults

            self._learned_results = LearnedResults(lesson_sentence=self._state.lesson_sentence)
        return self._learned_results

    @contextmanager
    def scripted(self) -> Iterator[None]:
        """State changes made inside are the program's (a tour stop), not the learner's:
        they complete no challenge (see ``ChallengeTracker``). Wrap it around
        ``state.batch()``."""
        self._scripted += 1
        try:
            yield
        finally:
            self._scripted -= 1

    @property
    def is_scripted(self) -> bool:
        """True inside ``scripted()``: what is published now is the program's doing."""
        return self._scripted > 0

    def _on_state_changed(self, names: frozenset[str]) -> None:
        if names & ATTENTION_FIELDS:
            self.attention_changed.emit(self.attention)
        if names & SHAPE_FIELDS:
            self.shape_changed.emit(self.shape)
