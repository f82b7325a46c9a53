"""One registry of heads (core.HEADS): every table keyed by a head covers every head.

A sixth head is one registry entry plus its texts; each table below that lacks it
fails here, not later when a card or a page asks for it.
"""

from collections.abc import Callable

import numpy as np
import pytest

import core
import core.english.metrics
import core.heads
from app.panels.card_text import parse_head_cards
from app.panels.english.wording import pattern_name
from app.text import wording
from app.text.i18n import LANGUAGES
from app.text.resources import ResourceError, load_json, localized
from core.pattern_scores import pattern_score


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


def _english_cells() -> list[str]:
    ids = np.array([[1, 5, 6, 5, 6]])  # the start token's place, then a repeat
    try:
        core.english.metrics.pattern_cells(ids)
    except NotImplementedError as error:
        return [str(error)]
    return []


def _cards(language: str) -> Callable[[], list[str]]:
    def missing() -> list[str]:
        try:
            parse_head_cards(load_json(localized("text/heads.json", language)))
        except ResourceError as error:
            return [str(error)]
        return []

    return missing


#: Every table outside the registry that is keyed by a head's id.
TABLES: dict[str, Callable[[], list[str]]] = {
    "head names (app/text/wording.py)": _contains(wording.HEAD_NAMES),
    "head summaries (app/text/wording.py)": _contains(wording.HEAD_SUMMARIES),
    "the English page's pattern names": _covers(pattern_name),
    "the English model's scored patterns": _contains(core.english.metrics.PATTERNS),
    "the English model's pattern cells": _english_cells,
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


def test_a_sixth_head_in_the_registry_alone_is_missing_from_every_table(monkeypatch):
    sixth = core.heads.Head(
        "last_token",
        lambda tokens: np.eye(len(tokens)) * core.heads.POSITIONAL,
        lambda tokens: np.eye(len(tokens), dtype=bool),
    )
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
