"""The compiled endgame search (solver/uno/endgame_kernel*.py) against the Python
search it restates and against the plain minimax of tests/uno/endgame_brute.py:
its rules move by move, then values, node counts and lines on hundreds of small
positions, with restarts between chunks and with a table too small to keep
everything (docs/solver-uno.md)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.uno import endgame_kernel_search as ks
from playable.solver.uno.endgame import analyse, solve_position
from playable.solver.uno.endgame_kernel import MAX_DEPTH, Table
from playable.solver.uno.endgame_rules_kernel import MAX_MOVES, NODE, RESHUFFLED, child, moves
from playable.solver.uno.endgame_state import RESHUFFLE, Node, Rules
from playable.solver.uno.rules import Options, State, apply, legal_moves, random_deal
from tests.uno.endgame_brute import LOSS, UNKNOWN, WIN, minimax, seeded_minimax, tiny
from tests.uno.helpers import position

CODE = {"win": WIN, "loss": LOSS}
OPTIONS = [Options(), Options(reverse_skips=False), Options(stacking=True)]


def _params(rules: Rules, node: Node) -> tuple[np.ndarray, np.ndarray]:
    search = ks.KernelSearch(rules, node, Budget(memory_mb=1), favour=0)
    return search.params, search.pile


def _walk(s: State, rng: random.Random, steps: int) -> int:
    """Random moves from ``s`` (unseeded): at every node the kernel's move codes
    (in order) and children must be endgame_state's. Returns moves compared."""
    rules = Rules(s.seed, False, s.options.reverse_skips, s.options.stacking)
    node = rules.encode(s)
    params, pile = _params(rules, node)
    codes = np.zeros(MAX_MOVES, dtype=np.int64)
    later = np.zeros(MAX_MOVES, dtype=np.int64)
    out = np.zeros(14, dtype=np.int64)
    compared = 0
    for _ in range(steps):
        row = ks.row_of(node)
        n = moves(row, params, codes, later)
        expected = rules.moves(node)
        assert list(codes[:n]) == expected
        for code in expected:
            got = child(row, code, params, pile, out)
            after = rules.child(node, code)
            if after == RESHUFFLE:
                assert got == RESHUFFLED
            elif isinstance(after, int):
                assert got == after
            else:
                assert not isinstance(after, str)
                assert got == NODE and list(out) == list(ks.row_of(after))
            compared += 1
        code = rng.choice(expected)
        nxt = rules.child(node, code)
        if isinstance(nxt, (int, str)):
            break
        node = nxt
    return compared


@pytest.mark.parametrize("options", OPTIONS)
def test_kernel_rules_agree_move_by_move(options: Options) -> None:
    rng = random.Random(7)
    total = 0
    for seed in range(25):
        total += _walk(random_deal(options, 2, seed).start(), rng, 150)
        total += _walk(tiny(rng, options, most=4, draws=6), rng, 60)
    assert total > 2000


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    options=st.sampled_from(OPTIONS),
    most=st.integers(1, 7),
    draws=st.integers(0, 30),
)
def test_kernel_rules_agree_on_fuzzed_positions(
    seed: int, options: Options, most: int, draws: int
) -> None:
    rng = random.Random(seed)
    assert _walk(tiny(rng, options, most=most, draws=draws), rng, 40) > 0


def _same(s: State, seeded: bool = False, nodes: int | None = None) -> str:
    """Both engines on ``s``: the same value, reason, node count and line. Returns
    the value (``unknown`` with its reason)."""
    budget = (lambda: Budget(nodes=nodes)) if nodes else (lambda: Budget(seconds=60))
    a = solve_position(s, budget(), seeded, engine="python")
    b = solve_position(s, budget(), seeded, engine="kernel")
    assert (b.extra["value"], b.extra["unknown"]) == (a.extra["value"], a.extra["unknown"]), s
    assert b.nodes == a.nodes, s
    assert b.to_json()["line"] == a.to_json()["line"], s
    assert b.extra["line_complete"] == a.extra["line_complete"]
    return str(b.extra["value"] if b.extra["value"] != "unknown" else b.extra["unknown"])


def test_same_values_nodes_and_lines_as_the_python_search() -> None:
    rng = random.Random(31)
    seen = [_same(tiny(rng, OPTIONS[i % 3], most=3, draws=8)) for i in range(120)]
    assert {"win", "loss", "reshuffle"} <= set(seen)


def test_agrees_with_minimax_on_200_positions() -> None:
    """The first 200 positions of tests/uno/test_endgame.py's slow cross-check
    (seed 13; all 300 there, with the Python search)."""
    rng = random.Random(13)
    seen = {WIN: 0, LOSS: 0, UNKNOWN: 0}
    for _ in range(200):
        s = tiny(rng, most=3, draws=8)
        result = solve_position(s, Budget(seconds=60))
        got = CODE.get(result.extra["value"], UNKNOWN)
        assert got == minimax(s), s
        if got == UNKNOWN:
            assert result.extra["unknown"] == "reshuffle"
        else:
            assert result.extra["line_complete"]
        seen[got] += 1
    assert seen[WIN] and seen[LOSS] and seen[UNKNOWN]


def test_seeded_agrees_with_python_and_depth_bounded_minimax() -> None:
    """The third, seeded search (Python) over the kernel's facts: the same as over
    the Python search's, and as the depth-bounded minimax where it decides."""
    rng = random.Random(14)
    compared = 0
    for _ in range(100):
        s = tiny(rng, most=2)
        got = _same(s, seeded=True, nodes=3000)
        expected = seeded_minimax(s, 10, {})
        if expected != UNKNOWN and got in CODE:
            assert CODE[got] == expected, s
            compared += 1
    assert compared >= 25


def test_restarts_and_a_tiny_table_change_no_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of 37 nodes (the search restarts from the root 37 nodes at a time)
    and a table of 64 slots that never grows (entries overwritten all the time):
    every value decided is the minimax's, the lines still replay (solve_position
    checks them), and most are decided within the node budget."""
    monkeypatch.setattr(ks, "CHUNK", 37)
    made = ks.new_table
    monkeypatch.setattr(ks, "new_table", lambda slots: made(64))
    rng = random.Random(15)
    decided = 0
    for _ in range(60):
        s = tiny(rng, most=3, draws=6)
        result = solve_position(s, Budget(nodes=20_000))
        got = CODE.get(result.extra["value"], UNKNOWN)
        expected = minimax(s)
        if got != UNKNOWN or result.extra["unknown"] == "reshuffle":
            assert got == expected, s
            decided += 1
    assert decided >= 40


def test_node_budget_is_exact() -> None:
    s = position(["R1 G2 B3 Y4 R6 B7 G9", "G7 G8 B9 Y1 R2 Y5 B1"], "R5")
    for nodes in (5, 1000, 400_000):
        result = solve_position(s, Budget(nodes=nodes))
        assert result.status == Status.UNKNOWN and result.extra["unknown"] == "budget"
        assert result.nodes == nodes


def test_analyse_same_as_python() -> None:
    rng = random.Random(16)
    for _ in range(20):
        s = tiny(rng, most=3, draws=5)
        assert analyse(s, engine="kernel") == analyse(s, engine="python")


def test_voluntary_draw_can_be_the_only_win() -> None:
    s = position(["Y3 G4", "BS W4"], "Y5", draw="W B4", fill_draw=False, to_move=1)
    result = solve_position(s, engine="kernel")
    assert result.status == Status.SOLVED
    assert result.to_json()["line"][0]["move"] == "draw"


def test_the_kernel_refuses_what_it_cannot_search() -> None:
    s = tiny(random.Random(3))
    seeded = Rules(s.seed, True)
    with pytest.raises(ValueError):
        ks.KernelSearch(seeded, seeded.encode(s), Budget(), 0)
    with pytest.raises(ValueError):
        solve_position(s, engine="fast")
    assert isinstance(ks.new_table(8), Table) and MAX_DEPTH >= 600
    assert any(apply(s, m) for m in legal_moves(s))
