"""The user's intent, in one place: the single source of truth for the window.

Widgets never keep their own copy of a field: they write here and redraw from
what the controller publishes. The fields are one table, ``AppState``'s class body:
each row names a field and its ``<field>_changed`` signal and gives its type, its
default and whether a session reset restores it; the readers, the signals,
``DEFAULTS``, ``SESSION_FIELDS`` and the reset come from that row (``app.model.fields``).
A signal is emitted only on a real change; ``changed`` carries the names of all fields
that changed together, once, so a preset switch that moves three fields costs one
recompute.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import core
from app.model.fields import EventedState, row
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
_BASE = core.PRESETS["transformer_base"]


class AppState(EventedState):
    """What the learner has chosen: sentence, head, query, mask, model shape.

    A row: ``name, name_changed = row(type, default, reset=...)``; ``reset=True``: a
    session reset restores it (theme, zoom and presenter mode are the room's, not the
    visitor's). A field whose value is checked or derives others gets a setter below.
    """

    # fmt: off
    sentence, sentence_changed = row(
        str, core.LESSON_SENTENCE, reset=True, via="set_sentence",
        reset_to=lambda state: state.lesson_sentence(),
        doc="The sentence; a reset puts back the lesson's, in the language in use.")
    head_id, head_id_changed = row(str, "induction", reset=True)
    query, query_changed = row(int, 7, reset=True)
    causal, causal_changed = row(bool, True, reset=True)
    preset_id, preset_id_changed = row(str, "transformer_base", reset=True)
    n_heads, n_heads_changed = row(int, _BASE.n_heads, reset=True)
    n_kv_heads, n_kv_heads_changed = row(int, _BASE.n_heads, reset=True)
    theme_id, theme_id_changed = row(str, DEFAULT_THEME, reset=False)
    zoom, zoom_changed = row(int, DEFAULT_ZOOM, reset=False, doc="Index into ZOOM_STEPS.")
    completed, completed_changed = row(
        frozenset, cast("frozenset[str]", frozenset()), reset=True,
        doc="Ids of the challenges the learner has completed.")
    story_step, story_step_changed = row(
        int, 0, reset=True, doc="The two-layer walk-through's step, from 0.")
    story_length, story_length_changed = row(
        int, 1, reset=True,
        doc="In the walk-through's last step: how many tokens have arrived (1 or more).")
    learned_weights, learned_weights_changed = row(
        object, cast("TrainedWeights | None", None), reset=True,
        doc="The weights the Learned page shows; None for the model shipped with the program.")
    learned_section, learned_section_changed = row(
        str, "heads", reset=True, doc="The Learned page's part in view: one of LEARNED_SECTIONS.")
    learned_head, learned_head_changed = row(
        object, cast("tuple[int, int] | None", None), reset=True,
        doc="(layer, head) shown large on the Learned page; None: the best induction head.")
    model_dir, model_dir_changed = row(
        str, "", reset=False,
        doc="The GPT-2-family model folder the GPT-2 page reads (\"\": none yet): the room's, "
        "set by File > Open model..., --model-dir or the kiosk's config, and remembered.")
    gpt2_repeats, gpt2_repeats_changed = row(
        bool, False, reset=True,
        doc="Whether the GPT-2 page shows its built-in repeated passage instead of the sentence.")
    gpt2_head, gpt2_head_changed = row(
        object, cast("tuple[int, int] | None", None), reset=True,
        doc="(layer, head) shown large on the GPT-2 page; None: its strongest induction head.")
    gpt2_query, gpt2_query_changed = row(
        object, cast("int | None", None), reset=True,
        doc="The GPT-2 page's query, a token of its text; None: the last one.")
    session, session_changed = row(
        int, 0, reset=False,
        doc="Counts the visitors: each reset starts the next session, and pages drop what "
        "they held of the last one (a scroll position, a training run).")
    presenting, presenting_changed = row(
        bool, False, reset=False,
        doc="Presenter mode: fullscreen, projector colours, large text, the clicker tour.")
    # fmt: on

    def __init__(self, lesson_sentence: Callable[[], str] | None = None) -> None:
        """``lesson_sentence`` gives the lesson's sentence in the language in use (the text
        layer knows the language; the state does not); by default the English one."""
        super().__init__()
        self.lesson_sentence = lesson_sentence or (lambda: core.LESSON_SENTENCE)
        self._tokens: tuple[str, ...] = tuple(core.tokenize(self.sentence))

    # -- reading -------------------------------------------------------------

    @property
    def tokens(self) -> tuple[str, ...]:
        """The sentence's tokens; always valid (1 to MAX_TOKENS)."""
        return self._tokens

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
            self._store("gpt2_query", None)  # its tokens are new: the guess after the last

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

    def toggle(self, name: str) -> None:
        """Flip the boolean field ``name``, through its setter when it has one."""
        value = getattr(self, name)
        if not isinstance(value, bool):
            raise TypeError(f"{name} is not a boolean field")
        setter = getattr(self, f"set_{name}", None)
        if setter is not None:
            setter(not value)
        else:
            self._store(name, not value)

    def set_model_dir(self, folder: str) -> None:
        """The GPT-2 page's model folder; another model opens on its own default head
        and query."""
        with self.batch():
            if str(folder) != self.model_dir:
                self._store("gpt2_head", None)
                self._store("gpt2_query", None)
            self._store("model_dir", str(folder))

    def show_gpt2_text(self, repeats: bool) -> None:
        """The GPT-2 page on the repeated passage (True) or the sentence, from its last token."""
        with self.batch():
            self._store("gpt2_repeats", bool(repeats))
            self._store("gpt2_query", None)

    def select_gpt2_head(self, layer: int, head: int) -> None:
        """Show one head of the GPT-2 page large; the page keeps it within its model."""
        if layer < 0 or head < 0:
            raise ValueError(f"no GPT-2 head {layer}.{head}")
        self._store("gpt2_head", (int(layer), int(head)))

    def set_gpt2_query(self, query: int | None) -> None:
        """The GPT-2 page's query token (None: the last); the page keeps it in its text."""
        if query is not None and query < 0:
            raise ValueError(f"no GPT-2 query {query}")
        self._store("gpt2_query", None if query is None else int(query))

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
            self.restore_session_fields()
            self._store("session", self.session + 1)


#: Every field's default, by name.
DEFAULTS: dict[str, Any] = {field.name: field.default for field in AppState.FIELDS}
#: What a session reset puts back; theme, zoom and presenter mode are the room's.
SESSION_FIELDS = tuple(field.name for field in AppState.FIELDS if field.reset)
STORY_FIELDS = frozenset({"story_step", "story_length"})
LEARNED_FIELDS = frozenset({"learned_weights", "learned_section", "learned_head"})
GPT2_FIELDS = frozenset({"model_dir", "gpt2_repeats", "gpt2_head", "gpt2_query"})
