"""The shared transposition table and budget."""

from __future__ import annotations

import numpy as np
import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.tt import CLUSTER, MISSING, new_table, tt_lookup, tt_store


def test_store_and_lookup() -> None:
    keys, values = new_table(64)
    assert tt_lookup(keys, values, np.uint64(12345)) == MISSING
    assert tt_store(keys, values, np.uint64(12345), 7)
    assert tt_lookup(keys, values, np.uint64(12345)) == 7
    assert not tt_store(keys, values, np.uint64(12345), -3)  # overwrite in place
    assert tt_lookup(keys, values, np.uint64(12345)) == -3
    assert tt_store(keys, values, np.uint64(0), 1)  # key 0 is mapped, not lost
    assert tt_lookup(keys, values, np.uint64(0)) == 1


def test_a_full_cluster_replaces_but_never_answers_wrongly() -> None:
    keys, values = new_table(16)
    colliding = [np.uint64(3 + 16 * i) for i in range(CLUSTER + 4)]
    for i, key in enumerate(colliding):
        tt_store(keys, values, key, i)
    for i, key in enumerate(colliding):
        found = tt_lookup(keys, values, key)
        assert found in (i, MISSING)
    assert tt_lookup(keys, values, colliding[-1]) == len(colliding) - 1


def test_table_size_must_be_a_power_of_two() -> None:
    with pytest.raises(ValueError):
        new_table(12)


def test_budget() -> None:
    assert not Budget().expired(10**9)
    assert Budget(nodes=100).expired(100) and not Budget(nodes=100).expired(99)
    assert Budget(seconds=0.0).start().expired()
    assert Budget(memory_mb=1).table_slots(16) == 65536
