"""The bars the English model must reach, and the training script's report of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..learned.model import Params, forward
from ..tokens import tokenize
from .metrics import KIND_OF, PATTERNS, EnglishEvaluation
from .vocab import Vocabulary

#: On this text the top next word must be ``chased``: the lesson's induction, in English.
LESSON_PROMPT = "the cat chased the dog. the cat"
LESSON_ANSWER = "chased"
#: The lesson's last step: the last "the" came before "cat" and "dog", so the guesses must
#: be those two (the top two, or both in the top three and together above any other).
LESSON_END = "the cat chased the dog. the cat chased the"
LESSON_END_ANSWERS = ("cat", "dog")

#: The bars of the issue, on held-out text (the tests check them too).
BARS = {
    "first_token": 0.6,
    "previous_token": 0.95,
    "induction": 0.65,
}
MIN_SECOND_COPY_ACCURACY = 0.85
#: Least top-1 accuracy on the second copy of random words, for the rarest quarter of them.
MIN_RARE_COPY_ACCURACY = 0.5


@dataclass(frozen=True)
class Checks:
    """The model's guesses on the lesson's prompt."""

    prompt: str
    top_words: tuple[tuple[str, float], ...]
    end_prompt: str = LESSON_END
    end_words: tuple[tuple[str, float], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "prompt": self.prompt,
            "top_words": [[w, round(p, 4)] for w, p in self.top_words],
            "end_prompt": self.end_prompt,
            "end_words": [[w, round(p, 4)] for w, p in self.end_words],
        }


def splits_between(words: tuple[tuple[str, float], ...], answers: tuple[str, ...]) -> bool:
    """True if the ``answers`` are the top guesses of ``words`` (likeliest first), or all
    among the top ``len(answers) + 1`` and together likelier than any other word."""
    top = [w for w, _ in words]
    if set(top[: len(answers)]) == set(answers):
        return True
    if not set(answers) <= set(top[: len(answers) + 1]):
        return False
    together = sum(p for w, p in words if w in answers)
    return all(together > p for w, p in words if w not in answers)


def next_words(
    params: Params, vocab: Vocabulary, text: str, count: int = 5
) -> tuple[tuple[str, float], ...]:
    """The ``count`` likeliest next words after ``text`` (read after the beginning token)."""
    bos = vocab.bos
    assert bos is not None
    ids = np.concatenate([[bos], vocab.encode(tokenize(text))])[None]
    logits, _ = forward(params, ids)
    last = logits[0, -1].astype(np.float64)
    p = np.exp(last - last.max())
    p /= p.sum()
    top = np.argsort(-p, kind="stable")[:count]
    return tuple((vocab.words[i], float(p[i])) for i in top)


def lesson_checks(params: Params, vocab: Vocabulary) -> Checks:
    return Checks(
        LESSON_PROMPT,
        next_words(params, vocab, LESSON_PROMPT),
        LESSON_END,
        next_words(params, vocab, LESSON_END),
    )


def misses(
    result: EnglishEvaluation,
    checks: Checks,
    word_counts: Mapping[str, int],
    min_count: int,
) -> list[str]:
    """Every bar the model misses, in words; empty if it reaches them all."""
    out = []
    for name, (model, bigram) in result.losses.items():
        if model >= bigram:
            out.append(
                f"held-out loss on {name} {model:.3f} is not below the bigram's {bigram:.3f}"
            )
    for pattern, bar in BARS.items():
        score = result.best(pattern)[0]
        if score < bar:
            out.append(f"best {pattern} head {score:.3f} on {KIND_OF[pattern]} is under {bar}")
    if result.second_copy_accuracy < MIN_SECOND_COPY_ACCURACY:
        out.append(f"top-1 on the second copy {result.second_copy_accuracy:.3f}")
    if not result.rare_copy_accuracy >= MIN_RARE_COPY_ACCURACY:
        out.append(f"top-1 on repeats of the rarest words {result.rare_copy_accuracy:.3f}")
    if not splits_between(checks.end_words, LESSON_END_ANSWERS):
        out.append(f"after {checks.end_prompt!r} the guesses are {checks.end_words}")
    if checks.top_words[0][0] != LESSON_ANSWER:
        out.append(f"top word after {checks.prompt!r} is {checks.top_words[0][0]!r}")
    rare = [w for w, c in word_counts.items() if c < min_count]
    if rare:
        out.append(f"words of the program met fewer than {min_count} times: {', '.join(rare)}")
    return out


def passes(
    result: EnglishEvaluation, checks: Checks, word_counts: Mapping[str, int], min_count: int
) -> bool:
    problems = misses(result, checks, word_counts, min_count)
    for problem in problems:
        print(f"bar missed: {problem}")
    return not problems


def print_report(result: EnglishEvaluation, checks: Checks) -> None:
    """Every number the bars are about, and each head's scores on both kinds of text."""
    for name, (model, bigram) in result.losses.items():
        print(f"held-out loss, {name}: model {model:.3f} nats, smoothed bigram {bigram:.3f}")
    print(
        f"repeated held-out stretch: loss first copy {result.first_copy_loss:.3f}, "
        f"second copy {result.second_copy_loss:.3f}, top-1 accuracy on the second copy "
        f"{result.second_copy_accuracy:.3f} ("
        + ", ".join(f"{k} {v:.3f}" for k, v in result.second_copy_accuracies.items())
        + ")"
    )
    print(
        f"random words repeated: top-1 on the second copy {result.random_copy_accuracy:.3f}, "
        f"on the rarest quarter of the words {result.rare_copy_accuracy:.3f}"
    )
    for prompt, words in ((checks.prompt, checks.top_words), (checks.end_prompt, checks.end_words)):
        guesses = ", ".join(f"{w} {p:.1%}" for w, p in words)
        print(f"after {prompt!r}: {guesses}")
    for kind, per_kind in result.scores.items():
        print(f"on {kind}:  " + "  ".join(f"{name:>14}" for name in PATTERNS))
        layers, heads = per_kind[PATTERNS[0]].shape
        for layer in range(layers):
            for head in range(heads):
                row = "  ".join(f"{per_kind[name][layer, head]:14.3f}" for name in PATTERNS)
                print(f"layer {layer + 1} head {head}  {row}")
