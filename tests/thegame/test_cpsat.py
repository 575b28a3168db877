"""The CP-SAT engine on hand-made positions, one rule at a time, and its contract:
result shape, replayed lines, the team's choice of first player, the warm start."""

from __future__ import annotations

from typing import Any

import pytest

from playable.solver.core.result import SolveResult, Status
from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.cpsat import CpsatLineError, solve_cpsat, solve_cpsat_warm
from playable.solver.thegame.notation import Deal, line_from_json, line_to_json
from playable.solver.thegame.rules import Play, State, Variant, end_turn, lay, shuffled_deck


def replay_json(state: State, line: list[dict[str, Any]]) -> State:
    """Play a JSON line through the reference rules (what a user of ``--json`` would do)."""
    for turn in line:
        assert state.to_move == turn["player"]
        for play in turn["plays"]:
            state = lay(state, play["card"], play["pile"])
        if not state.is_won:
            state = end_turn(state)
    return state


def check(result: SolveResult, start: State) -> None:
    """The invariants of every result: engine, objective, replayed line, bound, status."""
    assert result.engine == "cpsat" and result.objective_name == "cards_left"
    assert result.objective is not None and result.bound is not None
    assert replay_json(start, result.to_json()["line"]).cards_left == result.objective
    assert 0 <= result.bound <= result.objective
    assert result.proven_optimal == (result.bound == result.objective)
    if result.objective == 0:
        assert result.status is Status.SOLVED
    elif result.bound >= 1:
        assert result.status is Status.UNSOLVABLE
    else:
        assert result.status is Status.UNKNOWN


V20 = Variant(max_card=20)
POSITIONS = {
    # TG-3: 5 and 6 fit only through the backwards trick (15 - 10, then 6 > 5).
    "trick": (State(V20, (15, 16, 4, 3), ((5, 6),), ()), 0),
    # TG-3: only exactly 10: 5 is 20 below 25, 6 is 20 below 26; nothing else fits.
    "only-ten": (State(Variant(max_card=30), (25, 26, 4, 3), ((5, 6),), ()), 2),
    # TG-4: 9 is drawn by player 1, laid by nobody else; 10 only after the draw.
    "drawn-card-holder": (
        State(Variant(players=2, max_card=20), (19, 18, 3, 2), ((20, 8), (17, 16)), (10, 9)),
        1,
    ),
    # TG-4: a drawn card is laid only by the player who drew it, in a later turn; all
    # 28 cards can be laid, and a model that let anyone lay 16, 24, 30 or 32 would
    # report lines the rules refuse.
    "drawn-cards-stay-with-their-drawer": (
        State(
            Variant(players=2, max_card=33),
            (33, 31, 2, 6),
            ((4, 7, 10, 13, 20, 21, 25), (5, 9, 11, 12, 18, 19, 27)),
            (24, 32, 16, 30),
        ),
        0,
    ),
    # TG-7: players with empty hands are skipped; the game goes on around them.
    "skip-empty-hands": (
        State(Variant(players=3, max_card=20), (1, 1, 21, 21), ((5, 6), (), (7,)), ()),
        0,
    ),
    # TG-7: only 20 fits and nothing after it, so no turn of two: the game ends at once.
    "no-turn-of-two": (
        State(V20, (19, 18, 3, 2), ((20, 4, 5, 6, 7, 14, 15, 16),), (17, 8)),
        10,
    ),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_rule_positions(name: str) -> None:
    state, expected = POSITIONS[name]
    assert optimal(state).cards_left == expected  # the oracle agrees with the comment
    result = solve_cpsat(state, workers=1, greedy_hint=False)  # the model's own lines
    check(result, state)
    assert result.objective == expected and result.proven_optimal
    assert result.extra["cpsat_cards_left"] == expected
    assert "first_player" not in result.extra  # a position continues with its player


def test_expert_minimum_of_three() -> None:
    """TG-5: the same position is won with a minimum of 2 and over at once with 3."""
    hands = ((3, 6, 15, 17, 19, 29, 35), (7, 11, 20, 22, 23, 26, 36))
    standard = State(Variant(players=2, max_card=38), (34, 27, 5, 4), hands, (8, 13, 10, 24), 1)
    expert = State(
        Variant(players=2, expert=True, max_card=38), (34, 27, 5, 4), hands, (8, 13, 10, 24), 1
    )
    easy, hard = solve_cpsat(standard, workers=1), solve_cpsat(expert, workers=1)
    check(easy, standard)
    check(hard, expert)
    assert easy.objective == 0 and easy.status is Status.SOLVED
    assert hard.objective == 18 and hard.status is Status.UNSOLVABLE and hard.proven_optimal


def test_turn_in_progress_is_completed() -> None:
    """TG-4/TG-7: a position with one card laid continues the same turn."""
    start = State(V20, (15, 16, 4, 3), ((5, 6, 12),), (), 0)
    state = lay(start, 5, 0)  # the trick on 15; then 6 and 12 may follow on pile 0
    result = solve_cpsat(state, workers=1)
    check(result, state)
    assert result.line[0].player == 0
    assert result.objective == optimal(state).cards_left


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_model_chooses_the_first_player(players: int) -> None:
    """TG-9: a deal's result is the best over every first player, and says which."""
    variant = Variant(players=players, expert=True, max_card=20)
    game = Deal(variant, tuple(shuffled_deck(variant, 7)))
    result = solve_cpsat(game, workers=1)
    first = result.extra["first_player"]
    check(result, game.start(first))
    assert result.line and result.line[0].player == first
    each = [solve_cpsat(game.start(p), workers=1).objective for p in range(players)]
    assert result.objective == min(o for o in each if o is not None)


def test_warm_start_from_a_line() -> None:
    """A given line is a hint; an illegal one is refused."""
    state = POSITIONS["drawn-card-holder"][0]
    line = line_from_json(line_to_json(optimal(state).turns))  # as another engine gives it
    result = solve_cpsat(state, workers=1, hint=line, greedy_hint=False)
    check(result, state)
    assert result.objective == 1 and result.proven_optimal
    with pytest.raises(CpsatLineError):
        solve_cpsat(state, workers=1, hint=[(0, [Play(9, 0)])])


def test_a_short_budget_still_reports_a_legal_line() -> None:
    """98 cards and one second: whatever CP-SAT reached, the line replays and the
    status follows from the bound, never a guess."""
    variant = Variant(players=2)
    game = Deal(variant, tuple(shuffled_deck(variant, 3)))
    result = solve_cpsat(game, seconds=1.0, workers=1)
    check(result, game.start(result.extra["first_player"]))
    document = result.to_json()
    assert document["engine"] == "cpsat" and "cards_left" in document
    assert document["model"]["slots"] >= 1


def test_warm_start_from_the_depth_first_engine() -> None:
    """A short depth-first run, then CP-SAT from its line: the line
    CP-SAT reports is never worse than the one it was given."""
    variant = Variant(players=2, expert=True)
    game = Deal(variant, tuple(shuffled_deck(variant, 5)))
    result = solve_cpsat_warm(game, seconds=4.0, workers=1, dfs_share=0.05)
    start = game.start(result.extra.get("first_player", 0))
    if result.engine == "cpsat":
        check(result, start)
        given = result.extra["warm_start"]["cards_left"]
        assert given is not None and result.objective is not None
        assert result.objective <= given
    else:  # the depth-first engine finished on its own
        assert result.engine == "dfs" and result.proven_optimal
        assert replay_json(start, result.to_json()["line"]).cards_left == result.objective
