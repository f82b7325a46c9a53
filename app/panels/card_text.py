"""The head cards' texts: parsed from ``resources/text/heads.json`` and checked.

A "try this" prompt carries the state its "Show me" button sets up. Most prompts
are written for one sentence (the lesson's, or one of their own) and say so when
the learner's sentence is another; a prompt marked ``any_sentence`` reads right on
every sentence and keeps the learner's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import core
from app.model.state import AppState
from app.text.lesson import is_lesson_sentence, lesson_sentence
from app.text.resources import ResourceError
from app.text.wording import translate

MIN_PROMPTS = 2
#: Show me may open one of these side pages as well.
PAGES = ("heads",)
#: Queries given by name rather than position.
NAMED_QUERIES = ("last", "current")


@dataclass(frozen=True)
class Snapshot:
    """What the learner had before a Show me replaced their sentence."""

    sentence: str
    head_id: str
    query: int
    causal: bool

    def restore(self, state: AppState) -> None:
        with state.batch():
            state.set_sentence(self.sentence)
            state.set_head(self.head_id)
            state.set_causal(self.causal)
            state.set_query(self.query)


@dataclass(frozen=True)
class ShowMe:
    """The state a prompt needs: head, query, mask, and a sentence or None (any sentence).

    ``query`` is a position, ``"last"`` (the sentence's last token) or ``"current"``
    (leave the learner's query where it is); ``page`` is a side page to open too.
    """

    head_id: str
    query: int | str
    causal: bool
    sentence: str | None = core.LESSON_SENTENCE
    page: str | None = None

    @property
    def tokens(self) -> tuple[str, ...] | None:
        """The tokens this prompt is written for (None: any sentence)."""
        return None if self.sentence is None else tuple(core.tokenize(self.sentence))

    @property
    def uses_lesson(self) -> bool:
        return self.sentence is not None and is_lesson_sentence(self.sentence)

    def replaces(self, tokens: tuple[str, ...]) -> bool:
        """True when pressing Show me on ``tokens`` swaps the learner's sentence."""
        return self.sentence is not None and self.tokens != tuple(tokens)

    def query_on(self, n_tokens: int, current: int) -> int:
        """The query position on a sentence of ``n_tokens`` tokens."""
        if self.query == "last":
            return n_tokens - 1
        if self.query == "current":
            return min(current, n_tokens - 1)
        return min(int(self.query), n_tokens - 1)

    def apply(self, state: AppState) -> Snapshot | None:
        """Put ``state`` here as one change (the sentence first: it bounds the query).

        Returns what the learner had when their sentence was replaced, else None.
        """
        before = Snapshot(state.sentence, state.head_id, state.query, state.causal)
        replaced = self.replaces(state.tokens)
        with state.batch():
            if replaced and self.sentence is not None:
                state.set_sentence(self.sentence)
            state.set_head(self.head_id)
            state.set_causal(self.causal)
            state.set_query(self.query_on(len(state.tokens), state.query))
        return before if replaced else None


@dataclass(frozen=True)
class Prompt:
    text: str  # rich text with [[term]] marks
    show: ShowMe


@dataclass(frozen=True)
class CardText:
    """Everything a card says about one head (rich text with [[term]] marks)."""

    does: str
    rule: str
    formula: tuple[tuple[str, str], ...]  # (score, condition) rows
    source: str
    score: str  # what the pattern score means, one line
    prompts: tuple[Prompt, ...]


def _text(entry: dict, key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ResourceError(f"{where} needs a non-empty text {key!r}")
    return value


def _show_me(show: Any, where: str) -> ShowMe:
    if not isinstance(show, dict):
        raise ResourceError(f"{where} needs a 'show' object")
    head_id, query, causal = show.get("head"), show.get("query"), show.get("causal")
    any_sentence = show.get("any_sentence", False)
    sentence = None if any_sentence is True else show.get("sentence", lesson_sentence())
    page = show.get("page")
    if head_id not in core.HEADS:
        raise ResourceError(f"{where} shows an unknown head {head_id!r}")
    if not isinstance(causal, bool):
        raise ResourceError(f"{where} needs 'causal' true or false")
    if page is not None and page not in PAGES:
        raise ResourceError(f"{where} opens an unknown page {page!r}")
    if sentence is None:
        # Written for any sentence: only position 0 exists in every one of them.
        if query not in (0, *NAMED_QUERIES):
            raise ResourceError(
                f"{where} is for any sentence; its query must be 0, 'last' or 'current'"
            )
        return ShowMe(head_id, query, causal, None, page)
    try:
        n = len(core.tokenize(sentence))
    except core.TokenError as error:
        raise ResourceError(f"{where} has an unusable sentence: {error}") from error
    if query == "last":
        query = n - 1
    if isinstance(query, bool) or not isinstance(query, int) or not 0 <= query < n:
        raise ResourceError(f"{where} asks for query {query!r}; its sentence has {n} tokens")
    return ShowMe(head_id, query, causal, sentence, page)


def _prompt(entry: Any, where: str) -> Prompt:
    if not isinstance(entry, dict):
        raise ResourceError(f"{where} is not an object")
    return Prompt(_text(entry, "text", where), _show_me(entry.get("show"), where))


def _card(entry: Any, head_id: str) -> CardText:
    where = f"head card {head_id!r}"
    if not isinstance(entry, dict):
        raise ResourceError(f"{where} is not an object")
    formula = entry.get("formula")
    if not (
        isinstance(formula, list)
        and formula
        and all(
            isinstance(r, list) and len(r) == 2 and all(isinstance(c, str) for c in r)
            for r in formula
        )
    ):
        raise ResourceError(f"{where} needs a 'formula' list of [score, condition] pairs")
    prompts = entry.get("try")
    if not isinstance(prompts, list) or len(prompts) < MIN_PROMPTS:
        raise ResourceError(f"{where} needs at least {MIN_PROMPTS} 'try' prompts")
    return CardText(
        does=_text(entry, "does", where),
        rule=_text(entry, "rule", where),
        formula=tuple((score, condition) for score, condition in formula),
        source=_text(entry, "source", where),
        score=_text(entry, "score", where),
        prompts=tuple(_prompt(p, f"{where}, prompt {k}") for k, p in enumerate(prompts, start=1)),
    )


def parse_head_cards(data: Any) -> dict[str, CardText]:
    """Check the parsed heads.json and build one card per head of ``core.HEADS``."""
    heads = data.get("heads") if isinstance(data, dict) else None
    if not isinstance(heads, dict):
        raise ResourceError("heads.json must be an object with a 'heads' object")
    missing = [h for h in core.HEADS if h not in heads]
    unknown = [h for h in heads if h not in core.HEADS]
    if missing or unknown:
        raise ResourceError(f"heads.json lacks cards for {missing} and has unknown ones {unknown}")
    return {head_id: _card(heads[head_id], head_id) for head_id in core.HEADS}


def formula_html(rows: tuple[tuple[str, str], ...]) -> str:
    """The rule as cases under 'score(i, j) =' (in the language in use), one row per
    case, aligned."""
    cells = "".join(
        f'<tr><td align="right"><b>{score}</b></td><td>&nbsp;&nbsp;{condition}</td></tr>'
        for score, condition in rows
    )
    #: The name of the function in the head card's formula, "score(i, j) =".
    name = translate("HeadCard", "score")
    return (
        f"{name}(<i>i</i>, <i>j</i>) ="
        f'<table cellspacing="0" cellpadding="2" style="margin-left: 24px">{cells}</table>'
    )
