"""The results caches' one memo: a value computed once per key, and counted."""

import operator

from app.model.memo import Memo


def test_a_value_is_computed_once_per_key_and_counted():
    recomputes: dict[str, int] = {}
    memo: Memo[tuple[str, ...], int] = Memo("length", recomputes)
    calls = []

    def length(tokens):
        calls.append(tokens)
        return len(tokens)

    assert recomputes == {"length": 0} and memo.last is None
    for _ in range(3):
        assert memo.get(("a", "b"), lambda: length(("a", "b"))) == 2
    assert memo.get(("a",), lambda: length(("a",))) == 1
    assert memo.get(("a", "b"), lambda: length(("a", "b"))) == 2  # one entry: the last
    assert calls == [("a", "b"), ("a",), ("a", "b")]
    assert recomputes == {"length": 3}
    assert memo.last == (("a", "b"), 2)


def test_keys_compared_by_identity_recompute_for_an_equal_copy():
    recomputes: dict[str, int] = {}
    memo: Memo[list[int], int] = Memo("weights", recomputes, same=operator.is_)
    first, copy = [1, 2], [1, 2]
    memo.get(first, lambda: 1)
    memo.get(first, lambda: 1)
    memo.get(copy, lambda: 2)
    assert recomputes == {"weights": 2}


def test_memos_of_one_owner_share_its_table():
    recomputes: dict[str, int] = {}
    steps: Memo[int, int] = Memo("steps", recomputes)
    story: Memo[int, int] = Memo("story", recomputes)
    steps.get(1, lambda: 1)
    story.get(1, lambda: 1)
    story.get(2, lambda: 2)
    assert recomputes == {"steps": 1, "story": 2}
