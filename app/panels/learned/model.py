"""What the Learned page says about the model in use: head names, jobs, where it comes from.

The model and its numbers are computed in ``app.model.learned_results``; this module only words
them in the language in use.
"""

from __future__ import annotations

from app.model.learned_results import LearnedModel
from app.text.wording import fill, format_count, translate


def head_name(layer: int, head: int) -> str:
    """'Layer 1 · head 0': layers count from 1 as in the lesson, heads from 0."""
    return fill(translate("LearnedModel", "Layer %1 · head %2"), layer + 1, head)


def job_name(job: str) -> str:
    """What a layer's heads are scored on: 'previous_token' or 'induction', in words."""
    names = {
        "previous_token": translate("LearnedModel", "previous token"),
        "induction": translate("LearnedModel", "induction"),
    }
    return names[job]


def model_description(model: LearnedModel) -> str:
    """Where the weights in use come from, the first words of the page's summary."""
    if model.origin == "trained":
        return fill(
            translate(
                "LearnedView",
                "Showing the model you trained (%1 steps from random weights, seed %2):",
            ),
            format_count(model.steps or 0),
            model.seed,
        )
    if model.steps is not None:
        return fill(
            translate(
                "LearnedModel",
                "Showing the model that comes with the program, trained for %1 steps:",
            ),
            format_count(model.steps),
        )
    return translate("LearnedModel", "Showing the model that comes with the program:")
