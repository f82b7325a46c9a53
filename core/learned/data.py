"""Sequences of random tokens with a repeated segment: what the model trains on."""

from __future__ import annotations

import numpy as np

from ..tokens import MAX_TOKENS


def training_batch(
    rng: np.random.Generator,
    batch_size: int,
    length: int,
    vocab_size: int,
    min_period: int,
    max_period: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Random tokens in which a segment of random length appears twice in a row.

    Each sequence gets its own period ``p`` (uniform in ``[min_period,
    max_period]``) and start ``s`` (uniform in ``[0, length - p - 2]``); tokens
    ``s + p .. s + 2p - 1`` copy tokens ``s .. s + p - 1`` and everything else
    is random. With one fixed period and start the model could predict from
    positions alone; varying both leaves copying as the only way to win.
    A late start cuts the second copy short at the end of the sequence (it
    keeps at least 2 tokens): that way the first copy, whose tokens need a
    previous-token head, lands on every position, not only on early ones.

    Returns
    -------
    ids : ndarray of int64, shape (batch_size, length)
    predictable : ndarray of bool, shape (batch_size, length - 1)
        Entry ``t - 1`` is True if token ``t`` can be predicted by copying: it is
        in the second copy but not its first token.
    """
    if not 1 <= min_period <= max_period or 2 * max_period > length:
        raise ValueError(f"periods {min_period}..{max_period} do not fit twice in {length}")
    ids = rng.integers(vocab_size, size=(batch_size, length))
    period = rng.integers(min_period, max_period + 1, size=(batch_size, 1))
    start = rng.integers(0, length - period - 1)
    pos = np.arange(length)
    in_copy = (pos >= start + period) & (pos < start + 2 * period)
    source = np.where(in_copy, pos - period, pos)
    predictable = in_copy & (pos > start + period)
    return np.take_along_axis(ids, source, axis=1), predictable[:, 1:]


def repeated_batch(
    rng: np.random.Generator, batch_size: int, period: int, vocab_size: int
) -> np.ndarray:
    """Sequences ``segment + segment`` of length ``2 * period``.

    The segment's tokens are distinct (drawn without replacement), so every
    query in the second copy has exactly one "token after the earlier copy" and
    the induction score measures nothing but copying.

    Returns
    -------
    ndarray of int64, shape (batch_size, 2 * period)
    """
    if not 1 <= period <= vocab_size:
        raise ValueError(f"period must be between 1 and vocab_size {vocab_size}, got {period}")
    # The first `period` columns of a random permutation of the vocabulary.
    segment = np.argsort(rng.random((batch_size, vocab_size)), axis=1)[:, :period]
    return np.concatenate([segment, segment], axis=1)


def repeated_sequence(
    seed: int, period: int = MAX_TOKENS // 2, vocab_size: int = MAX_TOKENS
) -> np.ndarray:
    """One sequence ``segment + segment`` from a seed, for a side-by-side view.

    Pass it to :func:`~core.learned.inference.attention_patterns`; the
    segment's tokens are distinct, so the induction head's target is unique.

    Returns
    -------
    ndarray of int64, shape (2 * period,)
    """
    return repeated_batch(np.random.default_rng(seed), 1, period, vocab_size)[0]
