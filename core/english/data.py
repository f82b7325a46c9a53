"""Windows of the text to train and evaluate on, some with a repeated stretch."""

from __future__ import annotations

import numpy as np


def split_heldout(ids: np.ndarray, block: int, every: int) -> tuple[np.ndarray, np.ndarray]:
    """Cut ``ids`` into blocks; every ``every``-th block is held out.

    Returns
    -------
    train, heldout : ndarray of int64
        The blocks of each part joined in order.
    """
    starts = np.arange(0, len(ids), block)
    held = (np.arange(len(starts)) % every) == every - 1
    part = np.repeat(held, block)[: len(ids)]
    return ids[~part], ids[part]


def repeat_stretch(
    windows: np.ndarray, starts: np.ndarray, periods: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Copy ``windows[b, s : s + p]`` over ``windows[b, s + p : s + 2p]`` (cut at the end).

    Returns
    -------
    windows : ndarray, shape (batch, length)
    copied : ndarray of bool, shape (batch, length)
        True on the copy's words after its first (the ones copying can predict).
    """
    length = windows.shape[1]
    pos = np.arange(length)
    s, p = starts[:, None], periods[:, None]
    in_copy = (pos >= s + p) & (pos < s + 2 * p)
    copied = in_copy & (pos > s + p)
    return np.take_along_axis(windows, np.where(in_copy, pos - p, pos), axis=1), copied


def training_batch(
    rng: np.random.Generator,
    ids: np.ndarray,
    batch_size: int,
    length: int,
    repeat_share: float,
    min_period: int,
    max_period: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Random windows of ``length`` words; a ``repeat_share`` of them repeat a stretch.

    In a repeating window, a stretch of ``p`` words (``p`` uniform in
    ``[min_period, max_period]``) starting at a random place is followed by
    itself, and the text after the copy is cut off at the window's end.

    Returns
    -------
    windows : ndarray of int64, shape (batch_size, length)
    copied : ndarray of bool, shape (batch_size, length - 1)
        Entry ``t - 1`` is True if word ``t`` is in a copy, after its first word.
    """
    offsets = rng.integers(0, len(ids) - length, size=batch_size)
    windows = ids[offsets[:, None] + np.arange(length)]
    periods = rng.integers(min_period, max_period + 1, size=batch_size)
    starts = rng.integers(0, length - periods - 1)
    repeated = rng.random(batch_size) < repeat_share
    copies, copied = repeat_stretch(windows, starts, periods)
    copied &= repeated[:, None]
    return np.where(repeated[:, None], copies, windows), copied[:, 1:]


def prose_windows(ids: np.ndarray, count: int, length: int) -> np.ndarray:
    """``count`` evenly spaced windows of ``length`` words: (count, length)."""
    offsets = np.linspace(0, len(ids) - length, count).astype(np.int64)
    return ids[offsets[:, None] + np.arange(length)]


def repeated_windows(ids: np.ndarray, count: int, period: int) -> np.ndarray:
    """``count`` stretches of ``period`` words, each followed by itself: (count, 2 * period)."""
    stretches = prose_windows(ids, count, period)
    return np.concatenate([stretches, stretches], axis=1)
