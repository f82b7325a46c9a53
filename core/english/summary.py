"""What formed in the English model and what did not, in words, from its recorded scores."""

from __future__ import annotations

from typing import Any

import numpy as np

from .analysis import head_label

#: The bars of the training script: a head "formed" when its held-out score reaches them.
FORMED = {"previous_token": 0.6, "induction": 0.5, "same_word": 0.5, "first_token": 0.5}


def formation_lines(evaluation: dict[str, Any]) -> list[str]:
    """One sentence per pattern about the held-out scores saved with the model.

    ``evaluation`` is the ``evaluation`` record of the weights file's info
    (see :meth:`core.english.EnglishEvaluation.to_dict`). The broad pattern is
    left out: an even spread is what an untrained head does anyway.
    """
    scores = evaluation.get("head_scores", {})
    lines = []
    for head_id, bar in FORMED.items():
        per_head = np.asarray(scores.get(head_id, []), dtype=float)
        if per_head.ndim != 2 or per_head.size == 0:
            continue
        layer, head = np.unravel_index(int(np.argmax(per_head)), per_head.shape)
        best = float(per_head[layer, head])
        name = head_id.replace("_", " ")
        where = f"{head_label(int(layer), int(head))}, {best:.2f}"
        if best >= bar:
            lines.append(f"A {name} head formed ({where}).")
        else:
            lines.append(f"No clear {name} head formed: the best is {where}, under {bar:.1f}.")
    return lines


def loss_line(evaluation: dict[str, Any]) -> str:
    """The held-out losses of the model and of the bigram baseline, in one sentence."""
    model, bigram = evaluation.get("heldout_loss"), evaluation.get("bigram_loss")
    if not isinstance(model, float | int) or not isinstance(bigram, float | int):
        return ""
    verdict = "better than" if model < bigram else "no better than"
    return (
        f"On text it never trained on it guesses the next word {verdict} a word-pair count "
        f"(loss {model:.2f} against {bigram:.2f} nats per word)."
    )
