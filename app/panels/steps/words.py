"""The steps page's words: the stages' titles, the legend's lines, the notes."""

from __future__ import annotations

from app.panels.matrix_painting import MINUS_INF
from app.text.wording import fill, translate

# No-break spaces keep "→ −∞" and "→ weights" together when a narrow title wraps.
STAGES = ("scores", "masked", "weights")
_NBSP = "\u00a0"


def stage_title(stage: str) -> str:
    """'1 · Scores', '2 · Mask → −∞', '3 · Softmax → weights', in the language in use."""
    titles = {
        "scores": translate("StepsView", "1 · Scores"),
        "masked": fill(translate("StepsView", "2 · Mask → %1"), MINUS_INF),
        "weights": translate("StepsView", "3 · Softmax → weights"),
    }
    return titles[stage].replace(" · ", f"{_NBSP}·{_NBSP}").replace("→ ", f"→{_NBSP}")


def score_legend() -> str:
    return translate(
        "StepsView",
        "Scores, coloured on their own scale from lowest to highest: they are not weights.",
    )


def weight_legend() -> str:
    return translate(
        "StepsView", "Weights, from 0 to 1, in the heatmap's colours. Each row adds up to 1."
    )


def mask_legend() -> str:
    return fill(
        translate(
            "StepsView", "Hidden by the causal mask: the score becomes %1, so the weight is 0."
        ),
        MINUS_INF,
    )


def tiny_note() -> str:
    return translate(
        "StepsView",
        "The cells are too small for numbers, so only colours are shown. "
        "A shorter sentence or a wider panel brings the numbers back.",
    )


def skip_note() -> str:
    return fill(
        translate(
            "StepsView",
            "The causal mask is off, so step 2 is skipped: no score becomes %1, and the "
            "softmax spreads each row over every key.",
        ),
        MINUS_INF,
    )
