"""Thousands of seeded random user actions on the real window; invariants after each.

MONKEY_ACTIONS and MONKEY_SEED override the defaults; a failure prints the seed and
the actions so far, so the run can be replayed exactly.
"""

import os

import pytest
from monkey import Monkey

ACTIONS = int(os.environ.get("MONKEY_ACTIONS", "5000"))
SEED = int(os.environ.get("MONKEY_SEED", "20261129"))


@pytest.mark.slow
def test_random_user_never_breaks_the_window(window):
    window.resize(1024, 768)
    monkey = Monkey(window, SEED)
    for number in range(ACTIONS):
        try:
            monkey.step()
            monkey.check()
        except Exception as error:  # report how to replay, then fail
            tail = "\n".join(monkey.log[-40:])
            pytest.fail(
                f"action {number} failed with seed {SEED}: {error!r}\n"
                f"replay: MONKEY_SEED={SEED} MONKEY_ACTIONS={number + 1}\n"
                f"last actions:\n{tail}"
            )
    assert len(monkey.log) == ACTIONS
    print("actions run:", ", ".join(f"{k} {n}" for k, n in sorted(monkey.counts.items())))
    assert monkey.keys_to_inactive == 0  # every key reached the active window
    expected = ACTIONS / sum(monkey.actions.values())  # runs per unit of weight
    for action, weight in monkey.actions.items():
        assert monkey.counts[action.__name__] >= weight * expected / 3, action.__name__
    keys = [k for k in monkey.counts if k.startswith("key ")]
    assert len(keys) == 8  # every key the monkey knows was pressed
    assert min(monkey.counts[k] for k in keys) >= monkey.counts["press_key"] / 8 / 3
