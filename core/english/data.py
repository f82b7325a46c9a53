"""Windows of the text to train and evaluate on, each after the beginning-of-text token,
some with a repeated stretch.

Every window starts where a sentence starts (after ".", "!" or "?", or at the start
of a source), as the sentences a learner types do.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Tokens after which a sentence starts.
SENTENCE_ENDS = (".", "!", "?")


@dataclass(frozen=True)
class Stream:
    """One source's token ids, and the positions where a window may start.

    Attributes
    ----------
    ids : ndarray of int64
    starts : ndarray of int64
        Sentence starts, sorted.
    """

    ids: np.ndarray
    starts: np.ndarray

    def window_starts(self, length: int) -> np.ndarray:
        """The sentence starts that leave room for ``length`` tokens."""
        return self.starts[self.starts <= len(self.ids) - length]


def sentence_starts(ids: np.ndarray, end_ids: np.ndarray) -> np.ndarray:
    """Position 0 and every position after a sentence-ending token."""
    after = np.flatnonzero(np.isin(ids[:-1], end_ids)) + 1
    return np.concatenate([[0], after]).astype(np.int64)


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


def split_sentences(
    ids: np.ndarray, starts: np.ndarray, every: int
) -> tuple[np.ndarray, np.ndarray]:
    """Every ``every``-th sentence (from ``starts``) held out, the rest to train on.

    For a source too short for blocks: held-out text then starts and ends with whole
    sentences, as a learner's does.
    """
    bounds = np.r_[starts, len(ids)]
    sentence = np.repeat(np.arange(len(starts)), np.diff(bounds))
    held = (sentence % every) == every - 1
    return ids[~held], ids[held]


def heldout_block(n_ids: int, block: int, every: int) -> int:
    """The block length for a source of ``n_ids`` tokens: ``block``, or less for a short
    source, so that it still has some twenty held-out blocks."""
    return int(min(block, max(16, n_ids // (20 * every))))


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


def with_bos(windows: np.ndarray, bos: int) -> np.ndarray:
    """``windows`` (batch, n) with the beginning-of-text id in front: (batch, n + 1)."""
    return np.concatenate([np.full((len(windows), 1), bos, dtype=windows.dtype), windows], axis=1)


def training_batch(
    rng: np.random.Generator,
    streams: tuple[Stream, ...],
    mix: np.ndarray,
    batch_size: int,
    length: int,
    bos: int,
    repeat_share: float,
    min_period: int,
    max_period: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Windows of ``length`` tokens: the beginning-of-text token, then text from a sentence
    start; a ``repeat_share`` of them repeat a stretch.

    Each window's source is drawn with the probabilities ``mix``. In a repeating
    window, a stretch of ``p`` words (``p`` uniform in ``[min_period, max_period]``)
    starting at a random place is followed by itself, and the text after the copy is
    cut off at the window's end.

    Returns
    -------
    windows : ndarray of int64, shape (batch_size, length)
    copied : ndarray of bool, shape (batch_size, length - 1)
        Entry ``t - 1`` is True if token ``t`` is in a copy, after its first word.
    """
    text = length - 1
    source = rng.choice(len(streams), size=batch_size, p=mix)
    windows = np.empty((batch_size, text), dtype=np.int64)
    for index, stream in enumerate(streams):
        rows = np.flatnonzero(source == index)
        starts = stream.window_starts(text)
        offsets = starts[rng.integers(0, len(starts), size=len(rows))]
        windows[rows] = stream.ids[offsets[:, None] + np.arange(text)]
    periods = rng.integers(min_period, max_period + 1, size=batch_size)
    starts = rng.integers(0, text - periods - 1)
    repeated = rng.random(batch_size) < repeat_share
    copies, copied = repeat_stretch(windows, starts, periods)
    copied &= repeated[:, None]
    windows = np.where(repeated[:, None], copies, windows)
    return with_bos(windows, bos), copied


def random_repeats(
    rng: np.random.Generator,
    count: int,
    length: int,
    bos: int,
    first_word: int,
    vocab_size: int,
    min_period: int,
    max_period: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Windows of ``length`` tokens: the beginning-of-text token, then ``p`` words drawn
    evenly from ids ``first_word .. vocab_size - 1`` (``p`` uniform in ``[min_period,
    max_period]``), repeated to the window's end.

    Every word, the rarest as often as the commonest, is so met where only copying can
    predict it: what the induction heads find must reach the guess for each word.

    Returns
    -------
    windows : ndarray of int64, shape (count, length)
    copied : ndarray of bool, shape (count, length - 1)
        Entry ``t - 1`` is True if token ``t`` repeats an earlier stretch, after the
        second copy's first word: the words copying can predict. The words before are
        random, and no model can predict them.
    """
    text = length - 1
    periods = rng.integers(min_period, max_period + 1, size=count)
    words = rng.integers(first_word, vocab_size, size=(count, max_period))
    pos = np.arange(text)
    windows = np.take_along_axis(words, pos[None] % periods[:, None], axis=1)
    copied = pos[None] > periods[:, None]
    return with_bos(windows, bos), copied


def prose_windows(stream: Stream, count: int, length: int) -> np.ndarray:
    """``count`` windows of ``length`` tokens from evenly spaced sentence starts."""
    starts = stream.window_starts(length)
    offsets = starts[np.linspace(0, len(starts) - 1, count).astype(np.int64)]
    return stream.ids[offsets[:, None] + np.arange(length)]


def random_words(
    rng: np.random.Generator, count: int, period: int, first_word: int, vocab_size: int
) -> np.ndarray:
    """``count`` stretches of ``period`` words drawn evenly from ids ``first_word ..
    vocab_size - 1``, each followed by itself: (count, 2 * period)."""
    stretches = rng.integers(first_word, vocab_size, size=(count, period))
    return np.concatenate([stretches, stretches], axis=1)


def repeated_windows(stream: Stream, count: int, period: int) -> np.ndarray:
    """``count`` stretches of ``period`` tokens, each followed by itself: (count, 2 * period)."""
    stretches = prose_windows(stream, count, period)
    return np.concatenate([stretches, stretches], axis=1)
