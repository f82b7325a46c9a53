"""A GPT-2 model's heads on a sentence as text or JSON, for the command line.

The JSON has the shape of the English model's (:mod:`core.english.report`): ``tokens``,
``positions``, ``unknown_words``, ``query``, ``predictions`` and one entry per head with
``layer`` (from 1), ``head`` (from 0), ``name``, ``jobs``, ``description`` and its
``weights``; where the English model has held-out scores, a GPT-2 head has its scores
and chance levels on the sentence and on the built-in repeated passage (``scores``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..english.analysis import NO_CLEAR_PATTERN, head_label
from ..table import align_columns, format_text
from .analysis import PATTERNS, TEXTS, GPT2Run, HeadScore

#: How each text is named in a description.
TEXT_NAMES = {"sentence": "the sentence", "repeats": "the repeated passage"}


def _jobs(runs: dict[str, GPT2Run], layer: int, head: int) -> list[tuple[str, HeadScore]]:
    """(text, score) for each text on which the head follows a pattern clearly."""
    jobs = []
    for text, run in runs.items():
        best = run.strongest(layer, head)
        if best is not None and best.clear:
            jobs.append((text, best))
    return jobs


def describe(runs: dict[str, GPT2Run], layer: int, head: int) -> str:
    """'layer 5 head 1: on the sentence: previous token 0.93; on the repeated passage:
    induction 0.85', or '...: no clear pattern'."""
    jobs = _jobs(runs, layer, head)
    text = (
        "; ".join(
            f"on {TEXT_NAMES[t]}: {s.pattern.replace('_', ' ')} {s.score:.2f}" for t, s in jobs
        )
        if jobs
        else NO_CLEAR_PATTERN
    )
    return f"{head_label(layer, head)}: {text}"


def _score(run: GPT2Run, layer: int, head: int, pattern: str) -> dict[str, float] | None:
    found = run.head_score(layer, head, pattern)
    if found is None:
        return None
    return {"score": round(found.score, 4), "chance": round(found.chance, 4)}


def _head_payload(runs: dict[str, GPT2Run], layer: int, head: int) -> dict[str, Any]:
    sentence = runs["sentence"]
    weights = sentence.weights[layer, head].astype(np.float64)
    cells = weights.astype(object)
    cells[np.triu(np.ones(weights.shape, dtype=bool), k=1)] = None  # null where masked
    return {
        "layer": layer + 1,
        "head": head,
        "name": head_label(layer, head),
        "jobs": [
            {"text": t, "pattern": s.pattern, "score": round(s.score, 4)}
            for t, s in _jobs(runs, layer, head)
        ],
        "description": describe(runs, layer, head),
        "scores": {
            text: {p: _score(run, layer, head, p) for p in PATTERNS} for text, run in runs.items()
        },
        "weights": cells.tolist(),
    }


def format_run_json(runs: dict[str, GPT2Run], query: int) -> str:
    """Everything: tokens, guesses at ``query``, every head's weights on the sentence and
    its scores on both texts. ``runs`` maps each of :data:`TEXTS` to its run.

    ``tokens`` are the sentence's tokens as text (a leading space as a space), ``labels``
    the same as the page shows them; ``positions`` adds the start token in front.
    """
    run = runs["sentence"]
    payload = {
        "model": "gpt2",
        "folder": run.model.folder,
        "tokens": list(run.pieces.texts),
        "labels": list(run.pieces.labels),
        "positions": [*(["<|endoftext|>"] * run.offset), *run.pieces.texts],
        "unknown_words": [],  # byte-level: every text has tokens
        "query": query,
        "predictions": [{"word": g.text, "probability": g.probability} for g in run.guesses(query)],
        "heads": [
            _head_payload(runs, layer, head)
            for layer in range(run.model.config.n_layer)
            for head in range(run.model.config.n_head)
        ],
    }
    return json.dumps(payload, ensure_ascii=False) + "\n"


def format_run_text(runs: dict[str, GPT2Run], query: int) -> str:
    """The guesses, then per head what it does, its scores and its weight table."""
    run = runs["sentence"]
    labels = list(run.positions)
    out = [f"After '{run.pieces.labels[query]}' ({query}), the likeliest next tokens:\n"]
    out += [f"  {g.label:<16} {g.probability:6.1%}\n" for g in run.guesses(query)]
    if run.offset:
        out.append("The model reads <|endoftext|> at position 0, then the sentence from 1.\n")
    out.append(
        "Scores are the share of attention where each pattern looks, on the sentence and "
        "on a repeated passage, beside what even attention scores (chance).\n"
    )
    header = ["text", *(p.replace("_", " ") for p in PATTERNS)]
    for layer in range(run.model.config.n_layer):
        for head in range(run.model.config.n_head):
            rows = [header]
            for text in TEXTS:
                cells = [_score(runs[text], layer, head, p) for p in PATTERNS]
                rows.append([text, *("-" if c is None else f"{c['score']:.2f}" for c in cells)])
                rows.append(
                    ["chance", *("-" if c is None else f"{c['chance']:.2f}" for c in cells)]
                )
            out.append(f"\n{describe(runs, layer, head)}\n")
            out.append(align_columns(rows))
            out.append(format_text(labels, run.weights[layer, head], causal=True))
    return "".join(out)
