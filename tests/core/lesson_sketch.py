"""The lesson's NumPy sketch of a masked induction head, double loop and all.

Kept as written in the lesson: it is the reference the vectorised core is checked against.
"""

import numpy as np


def lesson_induction_scores(tokens):
    """5 where the key's previous token is the query's token (and not the query itself),
    2 for key 0, 0 elsewhere."""
    n = len(tokens)
    scores = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if j >= 1 and j - 1 != i and tokens[j - 1] == tokens[i]:
                scores[i, j] = 5
            elif j == 0:
                scores[i, j] = 2
    return scores


def lesson_induction_weights(tokens):
    """The sketch's scores, causal mask and row softmax."""
    n = len(tokens)
    scores = lesson_induction_scores(tokens)
    future = np.triu(np.ones((n, n), dtype=bool), k=1)
    scores[future] = -np.inf
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights /= weights.sum(axis=1, keepdims=True)
    return weights
