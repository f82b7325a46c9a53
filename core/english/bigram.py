"""The baseline the model must beat: a smoothed bigram model counted on the same text.

Interpolated Kneser-Ney with one discount: the count of a pair, less the
discount, plus the weight freed by the discount times how many different words
a word follows. A little of an even spread over the vocabulary is mixed in, so
that no word gets probability 0.
"""

from __future__ import annotations

import numpy as np

DISCOUNT = 0.75
#: Share of the even spread in the continuation probability.
FLOOR = 1e-3


class Bigram:
    """Counts of word pairs in ``ids`` (int array) over ``vocab_size`` ids."""

    def __init__(self, ids: np.ndarray, vocab_size: int) -> None:
        ids = np.asarray(ids, dtype=np.int64)
        self.vocab_size = vocab_size
        pairs = np.unique(ids[:-1] * vocab_size + ids[1:], return_counts=True)
        self.pair_codes, self.pair_counts = pairs
        first = self.pair_codes // vocab_size
        second = self.pair_codes % vocab_size
        self.context_counts = np.bincount(first, self.pair_counts, vocab_size)
        self.followers = np.bincount(first, minlength=vocab_size)  # distinct next words
        preceders = np.bincount(second, minlength=vocab_size)  # distinct previous words
        continuation = preceders / max(len(self.pair_codes), 1)
        self.continuation = (1 - FLOOR) * continuation + FLOOR / vocab_size

    def probabilities(self, previous: np.ndarray, following: np.ndarray) -> np.ndarray:
        """p(following | previous), element-wise over two int arrays of one shape."""
        previous = np.asarray(previous, dtype=np.int64)
        following = np.asarray(following, dtype=np.int64)
        codes = previous * self.vocab_size + following
        at = np.clip(np.searchsorted(self.pair_codes, codes), 0, len(self.pair_codes) - 1)
        counts = np.where(self.pair_codes[at] == codes, self.pair_counts[at], 0)
        total = self.context_counts[previous]
        seen = total > 0
        safe = np.where(seen, total, 1)
        backoff = np.where(seen, DISCOUNT * self.followers[previous] / safe, 1.0)
        direct = np.where(seen, np.maximum(counts - DISCOUNT, 0) / safe, 0.0)
        return direct + backoff * self.continuation[following]

    def loss(self, windows: np.ndarray) -> float:
        """Mean ``-log p`` of every word of every window given the one before it."""
        windows = np.asarray(windows)
        return float(-np.log(self.probabilities(windows[:, :-1], windows[:, 1:])).mean())
