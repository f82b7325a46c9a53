"""Results that only some side pages draw, computed in one place when first asked for.

The controller computes what every view shows (the attention result) on each change.
The steps, the two-layer story and the pattern score are drawn by one page each, and
only while that page is built and in view; computing them on every change would make
every click pay for pages nobody looks at. So the controller owns this object, each
such page asks it with the result it was handed, and each result is computed at most
once per change of what it depends on, whichever page asks and however often.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.model.memo import Memo
from app.model.results import AttentionResult
from core.pattern_scores import pattern_score

if TYPE_CHECKING:  # the steps', the story's and the models' code: on first ask
    from app.model.english_results import EnglishResult, EnglishResults
    from app.model.gpt2_results import GPT2Results
    from core.induction_story import InductionStory
    from core.steps import AttentionSteps

StepsKey = tuple[tuple[str, ...], str, bool]
StoryKey = tuple[tuple[str, ...], int]


class PageResults:
    """Frozen results for single pages, each kept until what it depends on changes."""

    def __init__(self) -> None:
        #: How many times each was computed; tests and benchmarks read it.
        self.recomputes: dict[str, int] = {}
        self._steps: Memo[StepsKey, AttentionSteps] = Memo("steps", self.recomputes)
        self._story: Memo[StoryKey, InductionStory] = Memo("story", self.recomputes)
        self._score: Memo[StepsKey, float | None] = Memo("score", self.recomputes)
        #: The English model's results; made (and the model read) on the first ask.
        self.english_model: EnglishResults | None = None
        #: The GPT-2 page's model and runs; made on the first ask (nothing is read then).
        self.gpt2_model: GPT2Results | None = None

    def steps(self, result: AttentionResult) -> AttentionSteps:
        """Scores, masked scores and weights of the selected head (the query is not used)."""
        from core.steps import attention_steps

        return self._steps.get(
            (result.tokens, result.head_id, result.causal),
            lambda: attention_steps(result.tokens, result.head_id, result.causal),
        )

    def story(self, result: AttentionResult) -> InductionStory:
        """The two-layer walk-through for the sentence and query.

        Its cache part does not depend on the query: a query move reuses it.
        """
        from core.induction_story import induction_story

        previous = self._story.last
        same_tokens = previous is not None and previous[0][0] == result.tokens
        cache = previous[1].cache if previous is not None and same_tokens else None
        return self._story.get(
            (result.tokens, result.query),
            lambda: induction_story(result.tokens, result.query, cache),
        )

    def pattern_score(self, result: AttentionResult) -> float | None:
        """How well the selected head's weights fit its pattern (None: nothing to score)."""
        return self._score.get(
            (result.tokens, result.head_id, result.causal),
            lambda: pattern_score(result.head_id, result.tokens, result.selected, result.causal),
        )

    def english(self, result: AttentionResult) -> EnglishResult:
        """The English model on the sentence and query (the first call reads the model)."""
        if self.english_model is None:
            from app.model.english_results import EnglishResults

            self.english_model = EnglishResults()
        return self.english_model.result(result.tokens, result.query)

    def gpt2(self) -> GPT2Results:
        """The GPT-2 page's results (its model is read when the page asks for a run)."""
        if self.gpt2_model is None:
            from app.model.gpt2_results import GPT2Results

            self.gpt2_model = GPT2Results()
        return self.gpt2_model
