"""``attention-heads heads``: every head of a trained model on a sentence, printed without a
window: the program's English model, or a GPT-2 folder's with ``--model-dir`` (no Qt)."""

from __future__ import annotations

import argparse
from typing import TextIO

import core
from app.log_file import report


def run_heads(args: argparse.Namespace, out: TextIO) -> int:
    """Print a model's heads on a sentence: the English model's, or with ``--model-dir``
    a GPT-2 folder's. A damaged weights file or an unusable folder exits 1."""
    folder = getattr(args, "model_dir", None)
    if folder is not None:
        if args.model is not None:
            raise ValueError("--model and --model-dir name two models; give one")
        return run_gpt2_heads(folder, args, out)
    from core.english import load_english, weights
    from core.english.analysis import analyse
    from core.english.probes import MARY_AND_JOHN
    from core.english.report import format_run_json, format_run_text
    from core.learned import WeightsError

    tokens = core.tokenize(MARY_AND_JOHN if args.sentence is None else args.sentence)
    query = len(tokens) - 1 if args.query is None else args.query
    if not 0 <= query < len(tokens):
        raise ValueError(f"--query must be between 0 and {len(tokens) - 1}, got {query}")
    try:
        model = load_english(weights.ENGLISH_WEIGHTS)
    except WeightsError as error:
        report(f"attention-heads: {error}")
        return 1
    run = analyse(model, tokens)
    out.write(format_run_json(run, query) if args.format == "json" else format_run_text(run, query))
    return 0


def run_gpt2_heads(folder: str, args: argparse.Namespace, out: TextIO) -> int:
    """``heads --model-dir``: a GPT-2 folder's heads on the sentence and on the repeated
    passage; a folder that cannot be used exits 1 with its one message."""
    from core.english.probes import MARY_AND_JOHN
    from core.gpt2 import ModelFolderError, analyse, analyse_repeats, open_model
    from core.gpt2.report import format_run_json, format_run_text

    sentence = MARY_AND_JOHN if args.sentence is None else args.sentence
    try:
        model = open_model(folder)
    except ModelFolderError as error:
        report(f"attention-heads: {error}")
        return 1
    runs = {"sentence": analyse(model, sentence), "repeats": analyse_repeats(model)}
    n = runs["sentence"].n_tokens  # a text too long for the model: ValueError, exit 2
    query = n - 1 if args.query is None else args.query
    if not 0 <= query < n:
        raise ValueError(f"--query must be between 0 and {n - 1} (a token), got {query}")
    write = format_run_json if args.format == "json" else format_run_text
    out.write(write(runs, query))
    return 0
