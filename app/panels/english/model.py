"""The English model as the page uses it: read once, analyses kept for the last sentence.

No Qt here.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from core.english import ENGLISH_WEIGHTS, EnglishModel, load_english
from core.english.analysis import EnglishRun, analyse
from core.english.summary import formation_lines, loss_line


class EnglishSession:
    """Loads the weights on first use and remembers the analysis of the last sentence.

    Parameters
    ----------
    path : path-like
        The weights file (tests point it at a damaged copy).
    """

    def __init__(self, path: str | os.PathLike = ENGLISH_WEIGHTS) -> None:
        self.path = path
        self.model: EnglishModel | None = None
        self.load_error: str | None = None
        self._run: EnglishRun | None = None

    def ensure_loaded(self) -> EnglishModel | None:
        """The model, read now if it was not yet; None (and ``load_error``) if it cannot be."""
        from core.learned import WeightsError

        if self.model is None and self.load_error is None:
            try:
                self.model = load_english(self.path)
            except WeightsError as exc:
                self.load_error = str(exc)
        return self.model

    def run(self, tokens: Sequence[str]) -> EnglishRun:
        """The model on ``tokens`` (cached for the same tokens).

        Raises
        ------
        ValueError
            If the sentence is longer than the model's context.
        """
        tokens = tuple(tokens)
        if self._run is None or self._run.tokens != tokens:
            model = self.ensure_loaded()
            if model is None:
                raise RuntimeError("the English model is not loaded")
            self._run = analyse(model, tokens)
        return self._run

    def description(self) -> str:
        """Where the model comes from, what it saw, and what formed in it."""
        model = self.model
        if model is None:
            return ""
        c = model.config
        text = model.info.get("text", {})
        training = model.info.get("training", {})
        evaluation = model.info.get("evaluation", {})
        parts = [
            f"A model that has read English: {c.n_layers} attention layers of {c.n_heads} "
            f"heads, {c.vocab_size - 1:,} lower-cased words and punctuation marks plus one "
            "token for every other word, trained with this program's own NumPy code on the "
            f"World English Bible (public domain; Debian package {text.get('package', '?')} "
            f"{text.get('version', '')})."
        ]
        share, weight = training.get("repeat_share"), training.get("copy_weight")
        if isinstance(share, float | int):
            counted = (
                f", and guessing the copied words counted {weight:g} times as much"
                if isinstance(weight, float | int) and weight != 1
                else ""
            )
            parts.append(
                f"In {share:.0%} of its training passages a stretch of the text was followed "
                f"by a copy of itself{counted}, so that copying earlier text paid off often "
                "enough for induction to form."
            )
        parts.append(loss_line(evaluation))
        parts.extend(formation_lines(evaluation))
        return " ".join(p for p in parts if p)
