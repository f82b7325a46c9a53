"""A weight matrix as a table, laid out like the lesson's: tokens across, one row per query."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

import numpy as np

from .masks import causal_mask

MASKED = "masked"
#: The top left cell of a CSV table: rows are queries, columns keys.
CORNER = "query \\ key"


def position_label(token: str, position: int) -> str:
    """A token as the heatmap's axes name it, word and position: 'cat 7'."""
    return f"{token} {position}"


def _hidden(weights: np.ndarray, causal: bool) -> np.ndarray:
    return causal_mask(len(weights)) if causal else np.zeros(weights.shape, dtype=bool)


def _cells(weights: np.ndarray, causal: bool) -> list[list[str]]:
    text = np.char.mod("%.2f", weights)
    return np.where(_hidden(weights, causal), MASKED, text).tolist()


def align_columns(rows: Sequence[Sequence[str]]) -> str:
    """Rows of text cells as lines, each column padded to its widest cell."""
    widths = [max(len(row[j]) for row in rows) for j in range(len(rows[0]))]
    lines = ("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows)
    return "".join(line.rstrip() + "\n" for line in lines)


def format_text(tokens: Sequence[str], weights: np.ndarray, causal: bool) -> str:
    """Columns aligned with spaces; two decimals; 'masked' where the mask hides a key."""
    return align_columns([list(tokens), *_cells(weights, causal)])


def format_csv(tokens: Sequence[str], weights: np.ndarray, causal: bool) -> str:
    """The same table as comma-separated values, each row and column named by its
    token's word and position ('the 0', 'cat 1', ...; a word may repeat, a label never)."""
    labels = [position_label(token, i) for i, token in enumerate(tokens)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([CORNER, *labels])
    writer.writerows(
        [label, *row] for label, row in zip(labels, _cells(weights, causal), strict=True)
    )
    return out.getvalue()


def format_json(tokens: Sequence[str], weights: np.ndarray, causal: bool, head_id: str) -> str:
    """Full-precision weights; ``null`` where the mask hides a key."""
    cells = weights.astype(object)
    cells[_hidden(weights, causal)] = None
    rows = cells.tolist()
    payload = {"head": head_id, "causal": causal, "tokens": list(tokens), "weights": rows}
    return json.dumps(payload, ensure_ascii=False) + "\n"
