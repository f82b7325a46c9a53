"""What a worksheet asks and what its key answers, computed from ``core`` (data, no words).

Every answer on the teacher's key comes from here: the heads' weights, the causal
mask's cells, the induction table, the challenges met on the sentence and the presets'
arithmetic. Nothing is typed in; a different sentence gets its own answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

import core
from core.challenges import Finding

#: The tables to fill in hold at most this many tokens: room to write in each cell.
TABLE_TOKENS = 12
#: The head whose table is filled in.
TABLE_HEAD = "induction"


@dataclass(frozen=True)
class PresetAnswer:
    """One row of the presets exercise: given d_model and h, find d_k and 4 · d_model²."""

    name: str
    d_model: int
    n_heads: int
    d_k: int
    weights: int


@dataclass(frozen=True)
class ChallengeAnswers:
    """Every state on the sentence that meets one challenge, as ``core`` finds it."""

    challenge_id: str
    findings: tuple[tuple[str, Finding], ...]  # (head id, what was found), in order


@dataclass(frozen=True)
class WorksheetResults:
    """The facts of one worksheet: the student pages ask, the key shows them."""

    tokens: tuple[str, ...]
    map_order: tuple[str, ...]  # head ids, by the letters A, B, C ... of their maps
    maps: dict[str, np.ndarray]  # head id -> (n, n) weights, mask on
    hidden: np.ndarray  # (n, n): what the causal mask hides
    table: np.ndarray  # the induction head's weights, first ``table_size`` tokens
    blanks: np.ndarray  # (k, k) bool: the cells to fill in (each row's favourites)
    challenges: tuple[ChallengeAnswers, ...]
    presets: tuple[PresetAnswer, ...]

    @property
    def table_size(self) -> int:
        return len(self.table)

    @property
    def masked_in_table(self) -> int:
        """How many cells of the fill-in tables the causal mask sets to zero."""
        return int(core.causal_mask(self.table_size).sum())

    @property
    def masked_in_sentence(self) -> int:
        return int(self.hidden.sum())


def shuffled_heads(head_ids: Sequence[str]) -> tuple[str, ...]:
    """The heads in the order of their maps: every second one, then the rest backwards,
    so that no head keeps the place (and number) it has in the program."""
    ids = list(head_ids)
    return (*ids[1::2], *ids[0::2][::-1])


def favourites(weights: np.ndarray, hidden: np.ndarray) -> np.ndarray:
    """(n, n) bool: in each row, the key(s) the query looks at most (ties all kept)."""
    visible = np.where(hidden, -np.inf, weights)
    best = visible.max(axis=1, keepdims=True)
    return (visible >= best - core.readout.TIE_TOLERANCE * np.maximum(best, 1e-300)) & ~hidden


def _findings(tokens: tuple[str, ...], challenge_id: str) -> ChallengeAnswers:
    """Every (head, query) of the sentence that meets the challenge, in the program's
    terms: on its head with its mask (any head, mask off, for looking ahead)."""
    challenge = core.challenges.challenge(challenge_id)
    heads = {"induction_next": ("induction",), "first_occurrence": ("same_word",)}
    causal = challenge_id != "look_ahead"
    found = tuple(
        (head_id, challenge.finding(tokens, head_id, causal, query))
        for head_id in heads.get(challenge_id, tuple(core.HEADS))
        for query in range(len(tokens))
        if challenge.is_met(tokens, head_id, causal, query)
    )
    return ChallengeAnswers(challenge_id, found)


def compute_worksheet(tokens: Sequence[str]) -> WorksheetResults:
    """The worksheet's facts for a sentence's ``tokens`` (the mask on, as in the lesson)."""
    tokens = tuple(tokens)
    n = len(tokens)
    maps = {head_id: core.head_weights(head_id, tokens, True) for head_id in core.HEADS}
    size = min(n, TABLE_TOKENS)
    # With the mask on, a query sees only the keys before it: the first rows of the whole
    # sentence's table are the table of its first tokens, cell for cell.
    table = maps[TABLE_HEAD][:size, :size]
    presets = tuple(
        PresetAnswer(
            p.name, p.d_model, p.n_heads, p.d_k, core.projection_weights(p.d_model, p.n_heads)
        )
        for p in core.PRESETS.values()
    )
    return WorksheetResults(
        tokens=tokens,
        map_order=shuffled_heads(list(core.HEADS)),
        maps=maps,
        hidden=core.causal_mask(n),
        table=table,
        blanks=favourites(table, core.causal_mask(size)),
        challenges=tuple(_findings(tokens, c.id) for c in core.CHALLENGES),
        presets=presets,
    )
