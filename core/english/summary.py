"""What formed in the English model and what did not, from its recorded scores.

Data only: the app words it in the learner's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: The bars of the training script: a head "formed" when its held-out score reaches them.
FORMED = {"previous_token": 0.6, "induction": 0.5, "same_word": 0.5, "first_token": 0.5}


@dataclass(frozen=True)
class Formation:
    """The best head of the model for one pattern, on held-out text.

    Attributes
    ----------
    head_id : str
        The constructed pattern (a key of ``core.HEADS``).
    layer, head : int
        Where the best head is, counted from 0.
    score : float
        Its held-out score, from 0 to 1.
    bar : float
        The score from which the pattern counts as formed.
    """

    head_id: str
    layer: int
    head: int
    score: float
    bar: float

    @property
    def formed(self) -> bool:
        return self.score >= self.bar


def formations(evaluation: dict[str, Any]) -> tuple[Formation, ...]:
    """One :class:`Formation` per pattern of :data:`FORMED` the evaluation scored.

    ``evaluation`` is the ``evaluation`` record of the weights file's info
    (see :meth:`core.english.EnglishEvaluation.to_dict`). The broad pattern is
    left out: an even spread is what an untrained head does anyway.
    """
    scores = evaluation.get("head_scores", {})
    found = []
    for head_id, bar in FORMED.items():
        per_head = np.asarray(scores.get(head_id, []), dtype=float)
        if per_head.ndim != 2 or per_head.size == 0:
            continue
        layer, head = np.unravel_index(int(np.argmax(per_head)), per_head.shape)
        found.append(Formation(head_id, int(layer), int(head), float(per_head[layer, head]), bar))
    return tuple(found)


def losses(evaluation: dict[str, Any]) -> tuple[float, float] | None:
    """The held-out loss of the model and of the bigram baseline (nats per word), if recorded."""
    model, bigram = evaluation.get("heldout_loss"), evaluation.get("bigram_loss")
    if not isinstance(model, float | int) or not isinstance(bigram, float | int):
        return None
    return float(model), float(bigram)
