"""The user's intent, in one place: the single source of truth for the window.

Widgets never keep their own copy of a field: they write here and redraw from
what the controller publishes. Every field has a ``<field>_changed`` signal,
emitted only on a real change; ``changed`` carries the names of all fields that
changed together, once, so a preset switch that moves three fields costs one
recompute.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

import core
from app.text.lesson import lesson_sentence
from app.ui.theme import DEFAULT_THEME, DEFAULT_ZOOM, THEMES, ZOOM_STEPS


@dataclass(frozen=True, eq=False)
class TrainedWeights:
    """Weights the learner trained in this session; each run is its own (compared by identity).

    Attributes
    ----------
    params : dict of ndarray
    steps : int
        Optimiser steps taken.
    seed : int
    """

    params: dict[str, Any]
    steps: int
    seed: int


#: The Learned page's parts, in the order of its buttons.
LEARNED_SECTIONS = ("heads", "compare", "train")

DEFAULTS: dict[str, Any] = {
    "sentence": core.LESSON_SENTENCE,
    "head_id": "induction",
    "query": 7,
    "causal": True,
    "preset_id": "transformer_base",
    "n_heads": core.PRESETS["transformer_base"].n_heads,
    "n_kv_heads": core.PRESETS["transformer_base"].n_heads,
    "theme_id": DEFAULT_THEME,
    "zoom": DEFAULT_ZOOM,
    "completed": frozenset(),
    # The two-layer walk-through: its step, and in its last step how many tokens arrived.
    "story_step": 0,
    "story_length": 1,
    # The Learned page: the weights in use (None: the shipped model), the part shown, and
    # the head shown large (None: the model's best induction head).
    "learned_weights": None,
    "learned_section": "heads",
    "learned_head": None,
    # Counts the visitors: a reset starts the next session, and pages drop what they held
    # of the last one (a scroll position, a training run).
    "session": 0,
    # Presenter mode: the room's, like theme and zoom (a session reset keeps it).
    "presenting": False,
}
#: What a session reset puts back; theme and zoom are the room's, not the visitor's.
SESSION_FIELDS = (
    "head_id",
    "query",
    "causal",
    "preset_id",
    "n_heads",
    "n_kv_heads",
    "completed",
    "story_step",
    "story_length",
    "learned_weights",
    "learned_section",
    "learned_head",
)
STORY_FIELDS = frozenset({"story_step", "story_length"})
LEARNED_FIELDS = frozenset({"learned_weights", "learned_section", "learned_head"})


class AppState(QObject):
    """What the learner has chosen: sentence, head, query, mask, model shape."""

    changed = Signal(frozenset)
    sentence_changed = Signal(str)
    head_id_changed = Signal(str)
    query_changed = Signal(int)
    causal_changed = Signal(bool)
    preset_id_changed = Signal(str)
    n_heads_changed = Signal(int)
    n_kv_heads_changed = Signal(int)
    theme_id_changed = Signal(str)
    zoom_changed = Signal(int)
    completed_changed = Signal(frozenset)
    story_step_changed = Signal(int)
    story_length_changed = Signal(int)
    learned_weights_changed = Signal(object)
    learned_section_changed = Signal(str)
    learned_head_changed = Signal(object)
    session_changed = Signal(int)
    presenting_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._values: dict[str, Any] = dict(DEFAULTS)
        self._tokens: tuple[str, ...] = tuple(core.tokenize(DEFAULTS["sentence"]))
        self._pending: set[str] = set()
        self._batch_depth = 0
        self._emitting = False

    # -- reading -------------------------------------------------------------

    @property
    def sentence(self) -> str:
        return self._values["sentence"]

    @property
    def tokens(self) -> tuple[str, ...]:
        """The sentence's tokens; always valid (1 to MAX_TOKENS)."""
        return self._tokens

    @property
    def head_id(self) -> str:
        return self._values["head_id"]

    @property
    def query(self) -> int:
        return self._values["query"]

    @property
    def causal(self) -> bool:
        return self._values["causal"]

    @property
    def preset_id(self) -> str:
        return self._values["preset_id"]

    @property
    def n_heads(self) -> int:
        return self._values["n_heads"]

    @property
    def n_kv_heads(self) -> int:
        return self._values["n_kv_heads"]

    @property
    def theme_id(self) -> str:
        return self._values["theme_id"]

    @property
    def zoom(self) -> int:
        """Index into theme.ZOOM_STEPS."""
        return self._values["zoom"]

    @property
    def completed(self) -> frozenset[str]:
        """Ids of the challenges the learner has completed."""
        return self._values["completed"]

    @property
    def story_step(self) -> int:
        """The two-layer walk-through's step, from 0."""
        return self._values["story_step"]

    @property
    def story_length(self) -> int:
        """In the walk-through's last step: how many tokens have arrived (1 or more)."""
        return self._values["story_length"]

    @property
    def learned_weights(self) -> TrainedWeights | None:
        """The weights the Learned page shows; None for the model that comes with the program."""
        return self._values["learned_weights"]

    @property
    def learned_section(self) -> str:
        """The Learned page's part in view: one of LEARNED_SECTIONS."""
        return self._values["learned_section"]

    @property
    def learned_head(self) -> tuple[int, int] | None:
        """(layer, head) shown large on the Learned page; None for the best induction head."""
        return self._values["learned_head"]

    @property
    def session(self) -> int:
        """How many sessions were reset so far: each reset starts the next."""
        return self._values["session"]

    @property
    def presenting(self) -> bool:
        """Presenter mode: fullscreen, projector colours, large text, the clicker tour."""
        return self._values["presenting"]

    @property
    def font_px(self) -> int:
        return ZOOM_STEPS[self.zoom]

    @property
    def d_model(self) -> int:
        return core.PRESETS[self.preset_id].d_model

    # -- writing -------------------------------------------------------------

    def set_sentence(self, text: str) -> None:
        """Use a new sentence; raises core.TokenError and keeps the old one if unusable."""
        tokens = tuple(core.tokenize(text))
        with self.batch():
            self._tokens = tokens
            self._store("sentence", text)
            self._store("query", min(self.query, len(tokens) - 1))

    def set_head(self, head_id: str) -> None:
        core.get_head(head_id)  # refuses unknown ids
        self._store("head_id", head_id)

    def set_query(self, query: int) -> None:
        """Select a query position; out-of-range positions are clamped."""
        self._store("query", max(0, min(int(query), len(self._tokens) - 1)))

    def move_query(self, step: int) -> None:
        self.set_query(self.query + step)

    def set_causal(self, causal: bool) -> None:
        self._store("causal", bool(causal))

    def set_preset(self, preset_id: str) -> None:
        """Switch model; the head counts follow the preset's own."""
        preset = core.PRESETS[preset_id]
        with self.batch():
            self._store("preset_id", preset_id)
            self._store("n_heads", preset.n_heads)
            self._store("n_kv_heads", preset.n_heads)

    def set_n_heads(self, n_heads: int) -> None:
        """Change the head count; it must divide d_model.

        Standard attention (one key/value head per head) stays standard; a shared
        key/value count is kept while it still divides the new head count.
        """
        core.head_width(self.d_model, n_heads)  # raises if it does not divide
        standard = self.n_kv_heads == self.n_heads
        with self.batch():
            self._store("n_heads", n_heads)
            if standard or n_heads % self.n_kv_heads:
                self._store("n_kv_heads", n_heads)

    def set_n_kv_heads(self, n_kv_heads: int) -> None:
        core.projection_weights(self.d_model, self.n_heads, n_kv_heads)  # validates
        self._store("n_kv_heads", n_kv_heads)

    def set_theme(self, theme_id: str) -> None:
        if theme_id not in THEMES:
            raise KeyError(f"unknown theme {theme_id!r}; choose one of: {', '.join(THEMES)}")
        self._store("theme_id", theme_id)

    def set_zoom(self, zoom: int) -> None:
        """Pick a zoom step; steps beyond either end are clamped."""
        self._store("zoom", max(0, min(int(zoom), len(ZOOM_STEPS) - 1)))

    def complete_challenges(self, ids: frozenset[str]) -> None:
        """Mark challenges done; done ones stay done until reset_challenges()."""
        unknown = set(ids) - {c.id for c in core.CHALLENGES}
        if unknown:
            raise KeyError(f"unknown challenges: {sorted(unknown)}")
        self._store("completed", self.completed | frozenset(ids))

    def set_story_position(self, step: int, length: int) -> None:
        """The walk-through's step and tokens arrived; the page that shows it keeps
        them within its own step count and the sentence's length."""
        if step < 0 or length < 1:
            raise ValueError(f"no walk-through step {step} with {length} tokens")
        with self.batch():
            self._store("story_step", int(step))
            self._store("story_length", int(length))

    def use_learned_weights(self, weights: TrainedWeights | None) -> None:
        """Show other weights on the Learned page (None: the shipped model), from their best
        induction head."""
        with self.batch():
            self._store("learned_weights", weights)
            self._store("learned_head", None)

    def show_learned_section(self, name: str) -> None:
        if name not in LEARNED_SECTIONS:
            raise KeyError(f"no Learned page part {name!r}; choose one of: {LEARNED_SECTIONS}")
        self._store("learned_section", name)

    def select_learned_head(self, layer: int, head: int) -> None:
        """Show one learned head large; the page keeps it within its model's shape."""
        if layer < 0 or head < 0:
            raise ValueError(f"no learned head {layer}.{head}")
        self._store("learned_head", (int(layer), int(head)))

    def set_presenting(self, on: bool) -> None:
        """Turn presenter mode on or off; the window and the presenter follow."""
        self._store("presenting", bool(on))

    def reset_challenges(self) -> None:
        self._store("completed", frozenset())

    def reset(self) -> None:
        """The learner's session back to the defaults (sentence, head, query, mask, model
        shape, challenges, the walk-through's step, the Learned page's model, part and
        head), as one change that starts the next session. Theme and zoom stay."""
        with self.batch():
            self.set_sentence(lesson_sentence())  # in the language in use
            for name in SESSION_FIELDS:
                self._store(name, DEFAULTS[name])
            self._store("session", self.session + 1)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group several writes: per-field signals and ``changed`` fire once, at the end."""
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if self._batch_depth == 0:
                self._emit_pending()

    def _emit_pending(self) -> None:
        """Tell every listener about the pending fields, one change after another.

        A listener may write to the state (the challenge tracker completes a
        challenge when a result meets it). Such a write is not announced from inside
        the announcement under way: every listener hears the first change in full
        before anyone hears of the second, in the order they happened.
        """
        if self._emitting:
            return  # the loop below picks the write up once this round is over
        self._emitting = True
        try:
            while self._pending:
                names = frozenset(self._pending)
                self._pending.clear()
                for name in sorted(names):
                    getattr(self, f"{name}_changed").emit(self._values[name])
                self.changed.emit(names)
        finally:
            self._emitting = False

    def _store(self, name: str, value: Any) -> None:
        if self._values[name] == value and type(self._values[name]) is type(value):
            return
        self._values[name] = value
        with self.batch():
            self._pending.add(name)
