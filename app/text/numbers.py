"""The numbers every page and every screen-reader node writes, one way each."""

from __future__ import annotations

import math

from app.text.wording import format_weight

MINUS_INF = "−∞"


def score_text(value: float) -> str:
    """'5', '2.5' or '−∞'."""
    return MINUS_INF if value == -math.inf else f"{value:g}"


def weight_text(value: float) -> str:
    """'0.92', '1.00': the one way every page writes a weight."""
    return format_weight(value)
