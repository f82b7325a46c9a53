"""What formed in the English model and what did not, from its recorded scores.

Data only: the app words it in the learner's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..heads import EVENNESS
from .analysis import CLEAR_MATCH, chance_levels
from .metrics import KIND_OF, MEASURE, PATTERNS

#: The patterns a head may form, each counted formed from this score on held-out text:
#: the score from which the page names a head after a pattern (``analysis.CLEAR_MATCH``).
#: Evenness (broad) is left out: an even spread is what an untrained head does anyway.
FORMED = {p: CLEAR_MATCH for p in PATTERNS if MEASURE[p] != EVENNESS}


@dataclass(frozen=True)
class Formation:
    """The best head of the model for one pattern, on held-out text.

    Attributes
    ----------
    head_id : str
        The pattern (a key of ``core.HEADS``, or ``"current_token"``).
    kind : str
        The kind of held-out text it is read on ("prose" or "repeats").
    layer, head : int
        Where the best head is, counted from 0.
    score : float
        Its held-out score, from 0 to 1.
    bar : float
        The score from which the pattern counts as formed.
    chance : float or None
        What even attention scores on the same text, if the file records it.
    """

    head_id: str
    kind: str
    layer: int
    head: int
    score: float
    bar: float
    chance: float | None = None

    @property
    def formed(self) -> bool:
        return self.score >= self.bar


def formations(evaluation: dict[str, Any]) -> tuple[Formation, ...]:
    """One :class:`Formation` per pattern of :data:`FORMED` the evaluation scored.

    ``evaluation`` is the ``evaluation`` record of the weights file's info
    (see :meth:`core.english.EnglishEvaluation.to_dict`).
    """
    scores = evaluation.get("head_scores", {})
    chance = chance_levels(evaluation)
    found = []
    for head_id, bar in FORMED.items():
        kind = KIND_OF[head_id]
        per_kind = scores.get(kind, {})
        per_head = np.asarray(per_kind.get(head_id, []) if isinstance(per_kind, dict) else [])
        if per_head.ndim != 2 or per_head.size == 0:
            continue
        per_head = per_head.astype(float)
        layer, head = np.unravel_index(int(np.argmax(per_head)), per_head.shape)
        found.append(
            Formation(
                head_id,
                kind,
                int(layer),
                int(head),
                float(per_head[layer, head]),
                bar,
                chance.get(head_id),
            )
        )
    return tuple(found)


def losses(evaluation: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Held-out loss of the model and of the bigram baseline (nats per word) per source."""
    out = {}
    for name, pair in evaluation.get("losses", {}).items():
        if (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(v, float | int) for v in pair)
        ):
            out[name] = (float(pair[0]), float(pair[1]))
    return out
