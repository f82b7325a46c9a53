"""The English model on a sentence as text or JSON, for the command line."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..heads import HEADS
from ..table import align_columns, format_text
from .analysis import EnglishRun, HeadDetection, head_label


def _scores(scores: Mapping[str, float | None]) -> dict[str, float | None]:
    return {k: None if v is None else round(v, 4) for k, v in scores.items()}


def _head_payload(run: EnglishRun, d: HeadDetection) -> dict[str, Any]:
    weights = run.weights[d.layer, d.head]
    cells = weights.astype(object)
    cells[np.triu(np.ones(weights.shape, dtype=bool), k=1)] = None  # null where masked
    match = d.match
    return {
        "layer": d.layer + 1,
        "head": d.head,
        "name": head_label(d.layer, d.head),
        "best_match": None if match is None else {"pattern": match[0], "score": round(match[1], 4)},
        "description": d.describe(),
        "scores": {"sentence": _scores(d.sentence), "probe_texts": _scores(d.probes)},
        "weights": cells.tolist(),
    }


def format_run_json(run: EnglishRun, query: int) -> str:
    """Everything: tokens, guesses at ``query``, every head's weights and detector scores.

    Weights keep full precision, with ``null`` above the diagonal (keys the causal
    mask hides); layers count from 1 and heads from 0, as on the page.
    """
    payload = {
        "model": "english",
        "tokens": list(run.tokens),
        "unknown_words": list(run.unknown_words),
        "query": query,
        "predictions": [
            {"word": p.word, "probability": p.probability} for p in run.predictions(query)
        ],
        "heads": [_head_payload(run, d) for layer in run.detections for d in layer],
    }
    return json.dumps(payload, ensure_ascii=False) + "\n"


def format_run_text(run: EnglishRun, query: int) -> str:
    """The guesses, then per head its verdict, its five scores and its weight table."""
    out = [f"After '{run.tokens[query]}' ({query}), the likeliest next words:\n"]
    out += [f"  {p.word:<16} {p.probability:6.1%}\n" for p in run.predictions(query)]
    if run.unknown_words:
        out.append(f"Words the model does not know: {', '.join(run.unknown_words)}\n")
    header = ["scores", *(h.replace("_", " ") for h in HEADS)]
    for layer in run.detections:
        for d in layer:
            rows = [
                header,
                ["this sentence", *(_cell(d.sentence[h]) for h in HEADS)],
                ["probe texts", *(_cell(d.probes[h]) for h in HEADS)],
            ]
            out.append(f"\n{d.describe()}\n")
            out.append(align_columns(rows))
            out.append(format_text(run.tokens, run.weights[d.layer, d.head], causal=True))
    return "".join(out)


def _cell(score: float | None) -> str:
    return "-" if score is None else f"{score:.2f}"
