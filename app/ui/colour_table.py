"""The colour table for weights, straight from the theme: no plot needs to exist.

Pages that paint their own maps (the small maps, the steps, the two-layer story, the
learned heads) take a 256 x 4 RGBA table from here. It is read from the colour map
files pyqtgraph ships, without importing pyqtgraph (which costs several hundred
milliseconds at start-up), and is the very table the heatmap's colour bar builds
from the same file (a test compares the two byte for byte).
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

import numpy as np

from app.ui.theme import Theme

#: Entries in a table: one per step of weight, 0 to 1.
TABLE_SIZE = 256


def lookup_table(theme: Theme) -> np.ndarray:
    """The theme's colour map as a (256, 4) uint8 RGBA table (read-only, cached)."""
    return _table(theme.colormap)


@cache
def _table(name: str) -> np.ndarray:
    stops = _stops_from_file(name)
    if stops is None:  # no readable file: ask pyqtgraph itself (slower, same table)
        import pyqtgraph as pg

        table = pg.colormap.get(name).getLookupTable(nPts=TABLE_SIZE, alpha=True, mode="byte")
    else:
        table = _interpolate(stops)
    table = np.ascontiguousarray(table, dtype=np.uint8)
    table.flags.writeable = False
    return table


def _stops_from_file(name: str) -> np.ndarray | None:
    """The map's colour stops as (n, 4) bytes, read as pyqtgraph reads them."""
    spec = importlib.util.find_spec("pyqtgraph")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(spec.submodule_search_locations[0]) / "colors" / "maps" / f"{name}.csv"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    rows = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith(";"):
            continue  # a comment
        parts = line.split(";", 1)[0].split(",")
        if len(parts) >= 3:
            rgb = [int(255 * float(c) + 0.5) for c in parts[:3]]
            rows.append([*rgb, 255])
    return np.array(rows, dtype=float) if len(rows) >= 2 else None


def _interpolate(stops: np.ndarray) -> np.ndarray:
    """Equally spaced stops to a table of TABLE_SIZE entries, linearly between them."""
    where = np.linspace(0.0, 1.0, len(stops))
    at = np.linspace(0.0, 1.0, TABLE_SIZE)
    channels = [np.interp(at, where, stops[:, c]) for c in range(4)]
    return np.rint(np.stack(channels, axis=1)).astype(np.uint8)
