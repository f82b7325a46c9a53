"""The English model on a sentence as text or JSON, for the command line."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..table import align_columns, format_text
from .analysis import BOS_TEXT, EnglishRun, HeadVerdict, head_label
from .metrics import KIND_OF, PATTERNS
from .vocab import BOS


def _words(run: EnglishRun) -> list[str]:
    return [BOS_TEXT if t == BOS else t for t in run.positions]


def _head_payload(run: EnglishRun, v: HeadVerdict) -> dict[str, Any]:
    weights = run.weights[v.layer, v.head]
    cells = weights.astype(object)
    cells[np.triu(np.ones(weights.shape, dtype=bool), k=1)] = None  # null where masked
    return {
        "layer": v.layer + 1,
        "head": v.head,
        "name": head_label(v.layer, v.head),
        "jobs": [{"text": k, "pattern": p, "score": round(s, 4)} for k, p, s in v.jobs],
        "description": v.describe(),
        "heldout_scores": {
            p: {"text": KIND_OF[p], "score": round(v.scores[p], 4)} for p in PATTERNS
        },
        "weights": cells.tolist(),
    }


def format_run_json(run: EnglishRun, query: int) -> str:
    """Everything: tokens, guesses at ``query``, every head's weights and held-out scores.

    ``positions`` lists what the model reads (``<start>`` first, for a model with a
    beginning-of-text token); the weights are over those positions, with full
    precision and ``null`` above the diagonal (keys the causal mask hides); layers
    count from 1 and heads from 0, as on the page. ``query`` is a position in
    ``tokens``, the sentence as typed.
    """
    payload = {
        "model": "english",
        "tokens": list(run.tokens),
        "positions": _words(run),
        "unknown_words": list(run.unknown_words),
        "read_as": [{"typed": typed, "read": read} for typed, read in run.read_as],
        "query": query,
        "predictions": [
            {"word": p.word, "probability": p.probability} for p in run.predictions(query)
        ],
        "heads": [_head_payload(run, v) for layer in run.verdicts for v in layer],
    }
    return json.dumps(payload, ensure_ascii=False) + "\n"


def format_run_text(run: EnglishRun, query: int) -> str:
    """The guesses, then per head its verdict, its held-out scores and its weight table."""
    out = [f"After '{run.tokens[query]}' ({query}), the likeliest next words:\n"]
    out += [f"  {p.word:<16} {p.probability:6.1%}\n" for p in run.predictions(query)]
    if run.read_as:
        forms = ", ".join(f"'{typed}' as '{read}'" for typed, read in run.read_as)
        out.append(f"Read as forms of words the model knows: {forms}\n")
    if run.unknown_words:
        out.append(f"Words the model does not know: {', '.join(run.unknown_words)}\n")
    if run.offset:
        out.append(f"The model reads {BOS_TEXT} at position 0, then the sentence from 1.\n")
    out.append(
        "Scores are measured on held-out text the model never trained on: "
        "prose, and prose followed by its repeat.\n"
    )
    header = ["held out", *(p.replace("_", " ") for p in PATTERNS)]
    for layer in run.verdicts:
        for v in layer:
            rows = [
                header,
                ["text", *(KIND_OF[p] for p in PATTERNS)],
                ["score", *(f"{v.scores[p]:.2f}" for p in PATTERNS)],
            ]
            out.append(f"\n{v.describe()}\n")
            out.append(align_columns(rows))
            out.append(format_text(_words(run), run.weights[v.layer, v.head], causal=True))
    return "".join(out)
