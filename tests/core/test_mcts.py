"""The tree search of docs/analysis.md (solver/core/mcts.py) against exact answers.

On small positions of every game an exhaustive minimax over the one game interface
gives the exact value of every move (in the search's terms: the shared return, the
margin of the mover's side, the mover's own return); every bound the search reports
must hold for it, so every value it marks proven is the exact one, and its estimates
lie inside its bounds. The exhaustive minimax is itself checked against each game's
own oracle (The Game's and Face to Face's brute force, UNO's seeded minimax, the
Sequence engine). With a budget large enough the root of a tiny position is proven;
the same seed and node budget give the same answer; budgets stop the search.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.game import Game
from playable.solver.core.mcts import (
    BY_PROOF,
    MctsResult,
    Search,
    SearchSettings,
    default_sides,
    search,
)
from playable.solver.core.mcts_leaf import engine_leaf_solver
from playable.solver.core.mcts_model import Mode, Model
from playable.solver.core.mcts_tree import Node
from playable.solver.facetoface import bruteforce as ff_brute
from playable.solver.facetoface import rules as ff
from playable.solver.games import engine, game, game_of
from playable.solver.sequence.rules import Variant as SequenceVariant
from playable.solver.thegame import bruteforce as tg_brute
from playable.solver.thegame import rules as tg
from tests.uno.endgame_brute import LOSS, UNKNOWN, WIN, seeded_minimax, tiny

ROOT = Path(__file__).resolve().parents[2]


def example(path: str) -> str:
    return (ROOT / path).read_text()


THEGAME, FACETOFACE, UNO, SEQUENCE = (game(n) for n in ("thegame", "facetoface", "uno", "sequence"))


# ------------------------------------------------------------------ exact answers


def exact(
    g: Game[Any, Any],
    state: Any,
    model: Model,
    outcome: Callable[[Any], Sequence[float]] | None = None,
    depth: int = 10**6,
    memo: dict[Any, tuple[tuple[float, float], int]] | None = None,
) -> tuple[float, float]:
    """Bounds on the value of ``state`` under best play in ``model``'s terms
    (cooperative: everybody maximises; two sides: the root side maximises, the
    other minimises) by plain memoised minimax over the game interface, ``depth``
    moves deep: a point wherever every line ends within the depth (always in The Game
    and Face to Face, whose every move lays a card or ends a turn that laid some);
    a UNO round can go on and on, so there it is searched to a depth."""
    memo = {} if memo is None else memo
    returns = outcome or g.returns
    if g.is_terminal(state):
        value = model.value(returns(state))
        return (value, value)
    if depth == 0:
        return (model.low, model.high)
    known = memo.get(state)
    if known is not None and (known[0][0] == known[0][1] or known[1] >= depth):
        return known[0]
    maximises = model.maximises(g.to_move(state))
    best = model.high if maximises else model.low  # nothing beats it: stop there
    bounds = []
    for move in g.legal_moves(state):
        bounds.append(exact(g, g.apply(state, move), model, outcome, depth - 1, memo))
        if bounds[-1] == (best, best):
            break
    pick = max if maximises else min
    found = (pick(b[0] for b in bounds), pick(b[1] for b in bounds))
    memo[state] = (found, depth)
    return found


def move_values(
    g: Game[Any, Any], state: Any, bounds: Callable[[Any], tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """The ``bounds`` (e.g. the exact ones) of the position after each move of ``state``."""
    return {str(m): bounds(g.apply(state, m)) for m in g.legal_moves(state)}


# --------------------------------------------------------------- small positions


def walk(g: Game[Any, Any], state: Any, rng: random.Random, steps: int) -> Any:
    """``state`` after up to ``steps`` random moves (stops before the game ends)."""
    for _ in range(steps):
        moves = g.legal_moves(state)
        after = g.apply(state, rng.choice(moves))
        if g.is_terminal(after):
            break
        state = after
    return state


def thegame_position(seed: int) -> tg.State:
    """A solo deal of cards 2..12 or 2..13 a few random moves in, or a duo deal of
    2..16 some more moves in."""
    rng = random.Random(seed)
    players = rng.choice((1, 2))
    max_card = rng.choice((12, 13)) if players == 1 else 16
    variant = tg.Variant(players=players, max_card=max_card)
    start = tg.deal(variant, tg.shuffled_deck(variant, seed))
    steps = rng.randint(5, 10) if players == 1 else rng.randint(11, 15)
    return walk(THEGAME, start, rng, steps)  # type: ignore[no-any-return]


def facetoface_position(seed: int) -> ff.State:
    """A duel of decks 2..7 (six cards a hand, nothing to draw), a few moves in."""
    rng = random.Random(seed)
    variant = ff.Variant(7)
    a, b = ff.shuffled_decks(variant, seed)
    start = ff.deal(variant, a, b, rng.randint(0, 1))
    return walk(FACETOFACE, start, rng, rng.randint(6, 10))  # type: ignore[no-any-return]


def uno_position(seed: int) -> Any:
    """A two-player UNO endgame with 1-2 cards a hand and 0-2 to draw."""
    return tiny(random.Random(seed), most=2, draws=2)


def uno_wins(state: Any) -> tuple[int, ...]:
    """+1 for the player who went out, -1 for the others: UNO as win or lose."""
    return tuple(1 if p == state.winner else -1 for p in range(state.players))


#: the margin of a win-or-lose outcome
WIN_RANGE = (-2.0, 2.0)


#: how deep the exhaustive minimax looks: UNO rounds need not end (draw, pass, ...)
DEPTH = {"thegame": 10**6, "facetoface": 10**6, "uno": 10}

POSITIONS: dict[str, tuple[Game[Any, Any], Callable[[int], Any]]] = {
    "thegame": (THEGAME, thegame_position),
    "facetoface": (FACETOFACE, facetoface_position),
    "uno": (UNO, uno_position),
}


def check_bounds(
    g: Game[Any, Any],
    state: Any,
    result: MctsResult,
    outcome: Any = None,
    value_range: tuple[float, float] | None = None,
) -> int:
    """Every reported bound agrees with the exact bounds (a proven value lies inside
    them, so where they meet it is the exact value); estimates lie inside the
    reported bounds; a proven root recommends a best move. Returns how many moves
    were proven."""
    model = Model.of(g, state, None, value_range)
    memo: dict[Any, tuple[tuple[float, float], int]] = {}
    values = move_values(g, state, lambda s: exact(g, s, model, outcome, DEPTH[g.name], memo))
    assert [m.move for m in result.moves] == list(values)
    text = g.format(state)
    for report in result.moves:
        low, high = values[report.move]
        assert report.low <= high and low <= report.high, (report, low, high, text)
        if report.proven:
            assert low <= report.low <= high, text
            assert report.interval == (report.low, report.low)
            end = state
            for move in report.line:  # the proven line keeps the value to its end
                end = g.apply(end, g.parse_move(end, move))
            at_end = exact(g, end, model, outcome, DEPTH[g.name])
            assert at_end[0] <= report.low <= at_end[1], (report.line, text)
        if report.estimate is not None:
            assert report.low <= report.estimate <= report.high
            if report.basis == "samples":
                assert report.estimate == report.playout_mean
            if report.basis == "bound":
                assert report.estimate in (report.low, report.high)
        assert (report.basis is None) == (report.estimate is None)
        if report.interval is not None:
            a, b = report.interval
            assert report.low <= a <= b <= report.high
        assert 0 <= report.successes.successes <= report.samples <= report.visits
    best = (max(v[0] for v in values.values()), max(v[1] for v in values.values()))
    assert result.low <= best[1] and best[0] <= result.high, text
    if result.proven:
        assert best[0] <= result.low <= best[1]
        assert result.recommended_by == BY_PROOF
        chosen = values[result.recommended or ""]
        assert chosen[1] >= result.low  # it can reach the root's value
    return sum(r.proven for r in result.moves)


# ------------------------------------------------------------- the exact oracle


@pytest.mark.parametrize("seed", range(4))
def test_the_exhaustive_minimax_agrees_with_each_game_s_oracle(seed: int) -> None:
    state = thegame_position(seed)
    value = -tg_brute.optimal(state).cards_left
    assert exact(THEGAME, state, Model.of(THEGAME, state)) == (value, value)
    duel = facetoface_position(seed)
    margin = 2 if ff_brute.wins(duel) else -2
    assert exact(FACETOFACE, duel, Model.of(FACETOFACE, duel)) == (margin, margin)
    endgame = uno_position(seed)
    low, high = exact(UNO, endgame, Model.of(UNO, endgame, None, WIN_RANGE), uno_wins, DEPTH["uno"])
    verdict = seeded_minimax(endgame, DEPTH["uno"], {})
    assert (low, high) == {WIN: (2, 2), LOSS: (-2, -2), UNKNOWN: (low, high)}[verdict]
    assert (verdict == UNKNOWN) == (low < high)


# -------------------------------------------------------- proofs and estimates


def decided(name: str, count: int) -> list[tuple[int, Any]]:
    """The first ``count`` positions (by seed) whose exact value the minimax finds
    (UNO: within its depth, as UNO is scored when only winning counts) after
    visiting at most 2,000 positions."""
    g, make = POSITIONS[name]
    outcome, value_range = (uno_wins, WIN_RANGE) if name == "uno" else (None, None)
    found = []
    for seed in range(100):
        state = make(seed)
        model = Model.of(g, state, None, value_range)
        memo: dict[Any, tuple[tuple[float, float], int]] = {}
        low, high = exact(g, state, model, outcome, DEPTH[name], memo)
        if low == high and len(memo) <= 2000:  # tiny: few positions to prove
            found.append((seed, state))
        if len(found) == count:
            return found
    raise AssertionError(f"fewer than {count} decided {name} positions")


@pytest.mark.parametrize("name", list(POSITIONS))
def test_tiny_positions_are_proven_exactly(name: str) -> None:
    g = POSITIONS[name][0]
    outcome, value_range = (uno_wins, WIN_RANGE) if name == "uno" else (None, None)
    for seed, state in decided(name, 4):
        budget = Budget(nodes=200_000)
        result = search(g, state, budget, seed=seed, outcome=outcome, value_range=value_range)
        assert result.stopped == "proven", g.format(state)
        assert check_bounds(g, state, result, outcome, value_range) >= 1
        assert result.line and result.line[0] == result.recommended


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    position=st.integers(0, 10**6),
    seed=st.integers(0, 2**32),
    nodes=st.sampled_from((1, 30, 300, 3000)),
)
def test_every_bound_holds_on_random_small_positions(
    name: str, position: int, seed: int, nodes: int
) -> None:
    g, make = POSITIONS[name]
    state = make(position)
    result = search(g, state, Budget(nodes=nodes), seed=seed)
    check_bounds(g, state, result)
    assert result.recommended in {m.move for m in result.moves}


def tree_nodes(node: Node) -> Iterator[Node]:
    yield node
    for child in node.children:
        yield from tree_nodes(child)


def larger_position(name: str, seed: int) -> Any:
    """Positions a little larger than :data:`POSITIONS` gives, so that a budget of a
    few thousand nodes leaves the tree open."""
    rng = random.Random(seed)
    if name == "thegame":
        variant = tg.Variant(max_card=14)
        return walk(THEGAME, tg.deal(variant, tg.shuffled_deck(variant, seed)), rng, 9)
    if name == "facetoface":
        variant = ff.Variant(8)
        a, b = ff.shuffled_decks(variant, seed)
        return walk(FACETOFACE, ff.deal(variant, a, b, seed % 2), rng, 6)
    return tiny(rng, most=2, draws=3)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_node_of_the_tree_is_bounded_soundly(name: str) -> None:
    """Inside the tree too, every node's bounds hold for its exact value (so every
    node marked proven has its exact value), whatever the budget left open."""
    g = POSITIONS[name][0]
    checked = proven = 0
    for seed in range(3):
        state = larger_position(name, seed)
        run = Search(g, state, Budget(nodes=4000), SearchSettings(seed=seed))
        run.run()
        memo: dict[Any, tuple[tuple[float, float], int]] = {}
        for node in tree_nodes(run.root):
            if node.opaque:
                continue
            low, high = exact(g, node.state, run.model, None, DEPTH[name], memo)
            assert node.low <= high and low <= node.high, g.format(node.state)
            if node.proven:
                assert low <= node.low <= high
                proven += 1
            checked += 1
    assert proven > 0 and checked > proven


def test_uno_points_margin_is_exact() -> None:
    """UNO by its points (UN-10): a round won while the loser holds only zeros is
    worth a margin of 0, and the search proves that value, not a win."""
    for seed in range(6):
        state = uno_position(seed)
        result = search(UNO, state, Budget(nodes=5000), seed=seed)
        check_bounds(UNO, state, result)


def test_a_leaf_solver_s_bounds_are_used_from_the_mover_s_side() -> None:
    """An exact leaf solver (in the mover's terms) proves the root at once; the
    search turns its bounds to the root side's terms."""
    for seed in range(3):
        state = facetoface_position(seed)

        def leaf(s: Any) -> tuple[float, float]:
            return exact(FACETOFACE, s, Model.of(FACETOFACE, s))

        result = search(FACETOFACE, state, Budget(nodes=10), seed=0, leaf_solver=leaf)
        assert result.stopped == "proven"
        assert result.simulations == 0
        check_bounds(FACETOFACE, state, result)
        assert all(m.proven for m in result.moves)


def test_a_leaf_solver_that_contradicts_the_returns_is_refused() -> None:
    state = facetoface_position(1)
    with pytest.raises((RuntimeError, ValueError)):
        search(FACETOFACE, state, Budget(nodes=5000), leaf_solver=lambda s: (5.0, 3.0))


def test_the_game_estimates_cards_left_and_the_chance_to_lay_all() -> None:
    state = thegame_position(3)
    result = search(THEGAME, state, Budget(nodes=400), seed=1)
    assert result.mode == Mode.COOPERATIVE.value
    for report in result.moves:
        assert report.estimate is None or report.estimate <= 0  # minus the cards left
        rate = report.successes.rate
        assert 0 <= rate <= 1


# ----------------------------------------------------------------- other games


def test_sequence_win_in_one_is_proven_and_recommended() -> None:
    """Blue has a9-e9 and four of b1-e1 with 6C in hand for a1: a second sequence
    wins (SQ-8); the engine agrees."""
    text = example("examples/win-in-2.sequence.txt")
    state = SEQUENCE.parse(text)
    state = SEQUENCE.apply(state, SEQUENCE.parse_move(state, "5C@b1"))
    state = SEQUENCE.apply(state, SEQUENCE.parse_move(state, "7D@h2"))  # green elsewhere
    result = search(SEQUENCE, state, Budget(nodes=3000), seed=0)
    assert result.proven and result.value == 2
    assert result.recommended_by == BY_PROOF
    best = result.move(result.recommended or "")
    assert best.proven and best.value == 2 and len(best.line) == 1
    after = SEQUENCE.apply(state, SEQUENCE.parse_move(state, best.line[0]))
    assert SEQUENCE.is_terminal(after) and SEQUENCE.returns(after)[0] == 1
    from playable.solver.core.engine import SearchOptions

    solved = engine("sequence").solve(state, Budget(seconds=20), SearchOptions(depth=1))
    assert solved.status.value == "solved"


@pytest.mark.parametrize(
    ("path", "walked"),
    [("examples/deal-3p.uno.txt", 3), ("examples/threats.sequence.txt", 0)],
)
def test_three_sides_prove_only_finished_games(path: str, walked: int) -> None:
    """UNO with three players and Sequence with three sides: max^n estimates,
    proofs only where the game ends; the root is proven only by a move that ends the
    game at the top of the mover's range, which is then recommended (Sequence's
    example: blue completes a sequence with AH, SQ-8)."""
    text = example(path)
    g = game_of(text)
    state = walk(g, g.parse(text), random.Random(5), walked)
    result = search(g, state, Budget(nodes=1500), seed=2)
    assert result.mode == Mode.MULTI_SIDED.value
    for report in result.moves:
        try:
            after = g.apply(state, g.parse_move(state, report.move))
        except IllegalMove:  # an unknown card to draw (SQ-4): never searched
            assert not report.proven and report.visits == 0
            continue
        assert report.proven == g.is_terminal(after)
    assert _proven_by_a_top_move(result, Model.of(g, state).high)
    assert result.proven == (path == "examples/threats.sequence.txt")
    assert result.recommended is not None


def _proven_by_a_top_move(result: MctsResult, top: float) -> bool:
    """Several sides: the root is proven exactly when a move is proven to reach the
    top of the range; then it is recommended by proof and the search stops there,
    else the search simulated."""
    winning = [r.move for r in result.moves if r.proven and r.low >= top]
    if not winning:
        return not result.proven and result.simulations > 0
    return (
        result.proven
        and result.value == top
        and result.recommended in winning
        and result.recommended_by == BY_PROOF
        and result.stopped == "proven"
    )


def test_moves_that_need_an_unknown_card_are_reported_unsearched() -> None:
    """Sequence: once the known draw pile is used up every move would draw an unknown
    card (SQ-4); each is still reported, unproven and unvisited, and the search
    stops as it has nothing to search."""
    state = SEQUENCE.parse(example("examples/win-in-2.sequence.txt"))
    for _ in range(4):
        state = SEQUENCE.apply(state, SEQUENCE.legal_moves(state)[0])
    assert state.draw == () and state.unknown > 0
    result = search(SEQUENCE, state, Budget(nodes=1000), seed=0)
    assert result.stopped == "exhausted" and result.simulations == 0
    assert [m.move for m in result.moves] == [str(m) for m in SEQUENCE.legal_moves(state)]
    assert not any(m.proven or m.visits for m in result.moves)
    assert result.recommended == result.moves[0].move


def test_sides_follow_the_game() -> None:
    """One team in The Game, two sides with two players, Sequence's p % sides
    (SQ-3), one side a player otherwise."""
    assert default_sides(THEGAME, thegame_position(0)) == (0,) * thegame_position(0).variant.players
    assert default_sides(FACETOFACE, facetoface_position(0)) == (0, 1)
    four = SimpleNamespace(variant=SequenceVariant(players=4, sides=2), to_move=1)
    assert default_sides(SEQUENCE, four) == (0, 1, 0, 1)
    model = Model.of(SEQUENCE, four)
    assert model.mode is Mode.TWO_SIDED and model.maximises(3) and not model.maximises(0)
    six = SimpleNamespace(variant=SequenceVariant(players=6, sides=3), to_move=0)
    assert Model.of(SEQUENCE, six).mode is Mode.MULTI_SIDED
    three = UNO.parse(example("examples/deal-3p.uno.txt"))
    assert default_sides(UNO, three) == (0, 1, 2)


# ------------------------------------------------------- repeatability, budgets


def without_time(result: MctsResult) -> dict[str, Any]:
    document = result.to_json()
    del document["seconds"]
    return document


@pytest.mark.parametrize("name", list(POSITIONS))
def test_same_seed_and_node_budget_same_answer(name: str) -> None:
    g, make = POSITIONS[name]
    state = make(11)
    first = search(g, state, Budget(nodes=2000), seed=7)
    again = search(g, state, Budget(nodes=2000), seed=7)
    assert without_time(first) == without_time(again)


@pytest.mark.parametrize(
    "budget",
    [Budget(nodes=1), Budget(seconds=0.0), Budget(stop=lambda: True)],
    ids=["nodes", "seconds", "stop"],
)
def test_a_spent_budget_still_answers_every_move(budget: Budget) -> None:
    state = THEGAME.parse(example("examples/thegame-solo.deal.txt"))
    result = search(THEGAME, state, budget, seed=0)
    assert result.stopped == "budget" and result.simulations == 0
    assert [m.move for m in result.moves] == [str(m) for m in THEGAME.legal_moves(state)]
    assert result.recommended == result.moves[0].move
    document = result.to_json()
    assert all(m["proven"] is False for m in document["moves"])


def test_a_node_budget_bounds_the_work() -> None:
    state = FACETOFACE.parse(example("examples/endgame.facetoface.txt"))
    for nodes in (100, 1000):
        result = search(FACETOFACE, state, Budget(nodes=nodes), seed=0)
        # one simulation may run past the limit by at most one game's length
        assert nodes <= result.nodes < nodes + 200
        assert result.stopped == "budget"


def test_a_time_budget_stops_the_search() -> None:
    state = UNO.parse(example("examples/deal-3p.uno.txt"))
    result = search(UNO, state, Budget(seconds=0.3), seed=0)
    assert result.stopped == "budget" and result.seconds < 5.0  # one simulation past 0.3 s


def test_a_finished_game_has_no_moves() -> None:
    state = thegame_position(0)
    while not THEGAME.is_terminal(state):
        state = THEGAME.apply(state, THEGAME.legal_moves(state)[0])
    result = search(THEGAME, state, Budget(nodes=10))
    assert result.moves == () and result.recommended is None and result.stopped == "terminal"


# ------------------------------------------------------------------- playouts


def test_a_playout_policy_is_used_and_an_illegal_answer_replaced() -> None:
    state = facetoface_position(2)
    calls = 0

    def first_move(s: Any, rng: random.Random) -> Any:
        nonlocal calls
        calls += 1
        return ff.END_TURN  # often refused (FF-4: the minimum not yet reached)

    result = search(FACETOFACE, state, Budget(nodes=3000), seed=3, playout=first_move)
    assert calls > 0 and result.stuck == 0
    check_bounds(FACETOFACE, state, result)


def test_a_rollout_replaces_the_simulation() -> None:
    state = thegame_position(4)
    result = search(THEGAME, state, Budget(nodes=500), seed=0, rollout=lambda s, rng: (-99.0,) * 2)
    samples = [m for m in result.moves if m.samples and not m.proven]
    assert all(m.playout_mean is not None and m.playout_mean < -50 for m in samples) or not samples


def test_the_json_document() -> None:
    state = uno_position(3)
    document = search(UNO, state, Budget(nodes=500), seed=0).to_json()
    assert set(document) >= {"recommended", "moves", "simulations", "nodes", "seconds", "seed"}
    for move in document["moves"]:
        assert isinstance(move["proven"], bool)
        assert move["proven"] == (move["value"] is not None)
        for bound in move["bounds"].values():
            assert bound is None or math.isfinite(bound)


# ------------------------------------------------------- the engines as leaves


@pytest.mark.parametrize(
    ("name", "wins_only", "positions", "nodes"),
    [
        ("thegame", False, 4, 400),
        ("facetoface", False, 2, 15),
        ("uno", False, 4, 400),
        ("uno", True, 4, 400),
    ],
)
def test_engine_leaf_solvers_prove_only_what_holds(
    name: str, wins_only: bool, positions: int, nodes: int
) -> None:
    """Bounds read from each engine's answers (docs/analysis.md) hold for the exact
    values, and some moves are proven with a small budget."""
    g, make = POSITIONS[name]
    leaf = engine_leaf_solver(name, nodes=300, wins_only=wins_only)
    outcome, value_range = (uno_wins, WIN_RANGE) if wins_only else (None, None)
    proven = 0
    for seed in range(positions):
        state = make(seed + 20)
        result = search(
            g,
            state,
            Budget(nodes=nodes),
            seed=seed,
            leaf_solver=leaf,
            outcome=outcome,
            value_range=value_range,
        )
        proven += check_bounds(g, state, result, outcome, value_range)
        assert "-0.0" not in json.dumps(result.to_json())  # a lost sign, not a value
    assert proven > 0


def test_the_sequence_engine_proves_a_forced_win_at_the_root() -> None:
    state = SEQUENCE.parse(example("examples/win-in-2.sequence.txt"))
    leaf = engine_leaf_solver("sequence", nodes=20_000)
    result = search(SEQUENCE, state, Budget(nodes=60), seed=0, leaf_solver=leaf)
    assert result.proven and result.value == 2


SCRIPT = """
import json, random, sys
from playable.solver.core.budget import Budget
from playable.solver.core.mcts import search
from playable.solver.games import game_of
documents = []
for path in sys.argv[1:]:
    text = open(path).read()
    g = game_of(text)
    document = search(g, g.parse(text), Budget(nodes=1500), seed=4).to_json()
    del document["seconds"]
    documents.append(document)
print(json.dumps(documents))
"""


def test_the_answer_does_not_depend_on_the_process() -> None:
    """Same seed and node budget in two processes with different hash seeds (set
    and dict order): the same documents."""
    paths = [
        str(ROOT / "examples" / name)
        for name in ("endgame.uno.txt", "win-in-2.sequence.txt", "thegame-solo-late.position.txt")
    ]
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, *paths],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    assert all(document["simulations"] > 0 for document in outputs[0])


# ------------------------------------------------------ a synthetic game tree


class RandomTree:
    """A small random game tree behind the game interface, to fuzz the backups with
    many-valued outcomes: each position (the path of move indices) draws from its own
    seeded random source whether it is over, who moves (the same player may move
    several times in a row, as in a turn of The Game or Face to Face), how many
    moves it has and which of them cannot be applied (like a draw of an unknown
    card, SQ-4); finished games return integers (two sides: any pair, not
    necessarily zero-sum; one team: the same non-positive number for all)."""

    name = "random-tree"
    cooperative: bool
    turn_end = None
    returns_range = (-math.inf, math.inf)  # no range known: the search must not need one

    def __init__(
        self, seed: int, cooperative: bool, depth: int, blocked: float, players: int = 2
    ) -> None:
        self.seed, self.cooperative, self.depth, self.blocked = seed, cooperative, depth, blocked
        self.count = players

    def _rng(self, path: tuple[int, ...], what: str) -> random.Random:
        return random.Random(f"{self.seed}:{what}:{path}")

    def players(self, state: tuple[int, ...]) -> int:
        return self.count

    def sides(self, state: tuple[int, ...]) -> tuple[int, ...]:
        return (0,) * self.count if self.cooperative else tuple(range(self.count))

    def to_move(self, state: tuple[int, ...]) -> int:
        return self._rng(state, "mover").randrange(self.count)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return len(state) >= self.depth or (
            len(state) > 0 and self._rng(state, "end").random() < 0.2
        )

    def legal_moves(self, state: tuple[int, ...]) -> list[int]:
        return (
            [] if self.is_terminal(state) else list(range(self._rng(state, "width").randint(1, 3)))
        )

    def apply(self, state: tuple[int, ...], move: int) -> tuple[int, ...]:
        if move not in self.legal_moves(state):
            raise IllegalMove(f"no move {move}")
        if state and self._rng((*state, move), "blocked").random() < self.blocked:
            raise IllegalMove("an unknown card")
        return (*state, move)

    def returns(self, state: tuple[int, ...]) -> tuple[int, ...]:
        rng = self._rng(state, "returns")
        if self.cooperative:
            return (-rng.randint(0, 4),) * self.count
        return tuple(rng.randint(-3, 3) for _ in range(self.count))

    def format(self, state: tuple[int, ...]) -> str:
        return f"random tree {self.seed}, path {state}"


def exact_tree(tree: RandomTree, state: tuple[int, ...], model: Model) -> tuple[float, float]:
    """Exact bounds in a random tree; a move that cannot be applied is unknown."""
    if tree.is_terminal(state):
        value = model.value(tree.returns(state))
        return (value, value)
    bounds = []
    for move in tree.legal_moves(state):
        try:
            bounds.append(exact_tree(tree, tree.apply(state, move), model))
        except IllegalMove:
            bounds.append((model.low, model.high))
    pick = max if model.maximises(tree.to_move(state)) else min
    return (pick(b[0] for b in bounds), pick(b[1] for b in bounds))


@settings(max_examples=60, deadline=None)
@given(
    tree_seed=st.integers(0, 10**6),
    cooperative=st.booleans(),
    depth=st.integers(2, 7),
    blocked=st.sampled_from((0.0, 0.0, 0.1)),
    nodes=st.integers(1, 400),
    seed=st.integers(0, 99),
    ranged=st.booleans(),
    leaf=st.sampled_from((None, "exact", "loose")),
    prior=st.sampled_from((None, "reversed", "partial")),
)
def test_random_trees_every_node_bounded_soundly(
    tree_seed: int,
    cooperative: bool,
    depth: int,
    blocked: float,
    nodes: int,
    seed: int,
    ranged: bool,
    leaf: str | None,
    prior: str | None,
) -> None:
    """On random game trees, with or without the value range, with an exact or a
    loose (sound but wide) leaf solver, with UCT or with a prior (PUCT) that ranks all
    moves or only some: every node's bounds contain its exact value, a proven root
    recommends a best move, and a large budget proves the root when no move is
    blocked."""
    tree = RandomTree(tree_seed, cooperative, depth, blocked)
    root: tuple[int, ...] = ()
    value_range = ((-4.0, 0.0) if cooperative else (-6.0, 6.0)) if ranged else None
    model = Model.of(tree, root, None, value_range)  # type: ignore[arg-type]
    rng = random.Random(seed)

    def leaf_solver(state: tuple[int, ...]) -> tuple[float, float] | None:
        if leaf is None or rng.random() < 0.5:
            return None
        low, high = exact_tree(tree, state, model)
        if not model.maximises(tree.to_move(state)):  # the mover's terms
            low, high = -high, -low
        if leaf == "loose":
            low, high = low - rng.randint(0, 2), high + rng.randint(0, 2)
        return (low, high)

    def order(state: tuple[int, ...], moves: list[int]) -> list[int]:
        return moves[::-1] if prior == "reversed" else moves[1:2]

    ranking = None if prior is None else order
    chosen = SearchSettings(
        seed=seed, leaf_solver=leaf_solver, value_range=value_range, prior=ranking
    )
    run = Search(tree, root, Budget(nodes=nodes), chosen)  # type: ignore[arg-type]
    result = run.run()
    for node in tree_nodes(run.root):
        if node.opaque:
            continue
        low, high = exact_tree(tree, node.state, model)
        assert node.low <= high and low <= node.high, (tree.format(node.state), node.low, node.high)
        if node.proven:
            assert low <= node.low <= high
    best = exact_tree(tree, root, model)
    if result.proven:
        assert best[0] <= result.low <= best[1]
    if result.stopped == "proven" and blocked == 0.0:
        assert result.recommended_by == BY_PROOF
    if result.recommended_by == BY_PROOF:
        chosen = tree.apply(root, int(result.recommended or 0))
        assert exact_tree(tree, chosen, model)[0] >= result.low
    if blocked == 0.0:
        big = search(
            tree, root, Budget(nodes=20_000), seed=seed, value_range=value_range, prior=ranking
        )  # type: ignore[arg-type]
        assert big.proven and big.value == best[0] == best[1]


@settings(max_examples=30, deadline=None)
@given(tree_seed=st.integers(0, 10**6), depth=st.integers(2, 6), nodes=st.integers(1, 3000))
def test_random_trees_of_three_sides(tree_seed: int, depth: int, nodes: int) -> None:
    """Three sides (max^n): only finished games are proven, each with its own return;
    every move is reported and the search ends (a whole tree is searched out)."""
    tree = RandomTree(tree_seed, False, depth, 0.0, players=3)
    root: tuple[int, ...] = ()
    result = search(tree, root, Budget(nodes=nodes), seed=1)  # type: ignore[arg-type]
    assert result.mode == Mode.MULTI_SIDED.value
    assert [m.move for m in result.moves] == [str(m) for m in tree.legal_moves(root)]
    for report in result.moves:
        after = tree.apply(root, int(report.move))
        assert report.proven == tree.is_terminal(after)
        if report.proven:
            assert report.value == tree.returns(after)[tree.to_move(root)]
    top = Model.of(tree, root).high  # type: ignore[arg-type]
    if result.proven:
        assert _proven_by_a_top_move(result, top)
    else:
        assert result.stopped in ("budget", "exhausted")
    whole = search(tree, root, Budget(nodes=10**6), seed=1)  # type: ignore[arg-type]
    assert whole.stopped == ("proven" if whole.proven else "exhausted")


def test_progress_hears_the_simulations_and_the_best_move() -> None:
    heard: list[dict[str, Any]] = []
    budget = Budget(nodes=3000, progress=lambda n, s, info: heard.append(info), progress_every=0)
    result = search(THEGAME, thegame_position(5), budget, seed=0)
    assert heard and heard[-1]["simulations"] > 0
    assert heard[-1]["best"] in {m.move for m in result.moves}
