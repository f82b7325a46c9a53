"""One registry of heads (core.HEADS): every table keyed by a head covers every head.

A sixth head is one registry entry (core/heads.py) plus its words (app/text/head_words.py)
and its card in each language; each of those that lacks it fails here, not later when a
card or a page asks for it. Every other table (the English and GPT-2 analyses' patterns,
their cells over ids, how each is measured and on which text) is made from the
registry: a sixth head appears there by itself, and an id declared twice is refused.
"""

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import core
import core.english.metrics
import core.heads
from app.panels.card_text import parse_head_cards
from app.panels.english.wording import pattern_name
from app.text import head_words, wording
from app.text.i18n import LANGUAGES
from app.text.resources import ResourceError, load_json, localized
from core.pattern_scores import pattern_score

ROOT = Path(__file__).resolve().parents[1]


def _covers(lookup: Callable[[str], object]) -> Callable[[], list[str]]:
    def missing() -> list[str]:
        absent = []
        for head_id in core.HEADS:
            try:
                lookup(head_id)
            except KeyError:
                absent.append(head_id)
        return absent

    return missing


def _contains(table: object) -> Callable[[], list[str]]:
    return lambda: [head_id for head_id in core.HEADS if head_id not in table]


def _cards(language: str) -> Callable[[], list[str]]:
    def missing() -> list[str]:
        try:
            parse_head_cards(load_json(localized("text/heads.json", language)))
        except ResourceError as error:
            return [str(error)]
        return []

    return missing


#: What a head declares besides its registry entry: its words and its cards.
TABLES: dict[str, Callable[[], list[str]]] = {
    "head words (app/text/head_words.py)": _contains(head_words.WORDS),
    "head names": _covers(wording.head_name),
    "head summaries": _covers(wording.head_summary),
    "the English page's pattern names": _covers(pattern_name),
    **{f"head cards, {language}": _cards(language) for language in LANGUAGES},
}


def uncovered() -> dict[str, list[str]]:
    return {name: missing for name, check in TABLES.items() if (missing := check())}


def test_every_table_covers_every_head():
    assert uncovered() == {}


def test_every_language_has_a_card_file_of_its_own():
    for language in LANGUAGES:
        if language != "en":
            assert localized("text/heads.json", language) == f"text/{language}/heads.json"


def _last_token(head_id: str = "last_token") -> core.heads.Head:
    return core.heads.Head(
        head_id,
        lambda g: g.everywhere((g.key == g.query) & (g.query >= 1)),
        rule=lambda tokens: np.eye(len(tokens)) * core.heads.POSITIONAL,
        pattern=lambda tokens: np.eye(len(tokens), dtype=bool),
    )


def test_a_sixth_head_in_the_registry_alone_is_missing_from_every_table(monkeypatch):
    sixth = _last_token()
    monkeypatch.setitem(core.HEADS, sixth.id, sixth)
    assert set(uncovered()) == set(TABLES)
    # What the registry entry itself gives: its rule, pattern and score, with no table.
    tokens = ["a", "b", "c"]
    weights = core.head_weights("last_token", tokens, causal=True)
    assert pattern_score("last_token", tokens, weights, causal=True) == pytest.approx(
        float(np.diag(weights)[1:].sum() / weights[1:].sum())
    )


def test_each_registry_entry_has_a_rule_a_pattern_and_a_measure():
    for head in core.HEADS.values():
        tokens = ["the", "cat", "saw", "the", "dog"]
        assert head.scores(tokens).shape == (5, 5)
        pattern = head.pattern(tokens)
        assert pattern.dtype == bool and pattern.shape == (5, 5)
        assert not np.triu(pattern, k=1).any()  # causal, as the head detector's
        assert head.measure in (core.heads.SHARE, core.heads.EVENNESS)


#: Run with a sixth head in the registry before the analyses are imported.
SIXTH = """
import numpy as np
import core
core.HEADS[{head_id!r}] = core.heads.Head(
    {head_id!r},
    lambda g: g.everywhere((g.key == g.query) & (g.query >= 1)),
    rule=lambda tokens: np.eye(len(tokens)) * core.heads.POSITIONAL,
    pattern=lambda tokens: np.eye(len(tokens), dtype=bool),
)
import core.english.metrics as metrics
import core.gpt2 as gpt2
cells = metrics.pattern_cells(np.array([[1, 5, 6, 5, 6]]))
print(metrics.PATTERNS.count({head_id!r}), metrics.KIND_OF[{head_id!r}],
      metrics.MEASURE[{head_id!r}], cells[{head_id!r}][0].sum(), {head_id!r} in gpt2.PATTERNS)
"""


def _with_sixth(head_id: str) -> subprocess.CompletedProcess[str]:
    code = SIXTH.format(head_id=head_id)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_a_sixth_head_is_in_every_analysis_by_itself():
    """Declared once, it is scored by the English and GPT-2 analyses, once each: its
    cells over ids (the diagonal past the start token), its measure and its text."""
    run = _with_sixth("last_token")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["1", "prose", "share", "4", "True"]


def test_a_pattern_declared_twice_is_refused():
    """A head with the id of a trained heads' own pattern would be listed twice."""
    run = _with_sixth("current_token")
    assert run.returncode != 0
    assert "the pattern 'current_token' is declared twice" in run.stderr
    with pytest.raises(ValueError, match="declared twice"):
        core.english.metrics.pattern_registry(*core.HEADS.values(), core.HEADS["broad"])
