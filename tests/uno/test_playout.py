"""The play-out solver: exact DFS against brute force and against the CP-SAT model,
the certificate checker, and hand-made solvable / unsolvable hands
(tests/data/uno/playout.txt)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.uno import notation
from playable.solver.uno.cards import KINDS, WILD, colour_of, full_deck, is_wild, matches
from playable.solver.uno.playout import (
    NO_SYMBOL,
    GenCard,
    Problem,
    Step,
    brute_force,
    check_order,
    fits,
    from_uno,
    gen_card,
    solve,
)
from playable.solver.uno.playout_cpsat import solve_cpsat
from tests.uno.helpers import cards

DATA = Path(__file__).parents[1] / "data" / "uno" / "playout.txt"


def random_problem(rng: random.Random, low: int, high: int) -> Problem:
    deck = full_deck()
    drawn = rng.sample(deck, rng.randint(low, high) + 1)
    top = drawn[0]
    colour = rng.randrange(4) if is_wild(top) else colour_of(top)
    return from_uno(drawn[1:], top, colour, honest=rng.random() < 0.8)


def test_fits_is_the_uno_matching_rule() -> None:
    for card in range(KINDS):
        for top in range(KINDS):
            for colour in range(4):
                if is_wild(top):
                    gtop = GenCard(-1, NO_SYMBOL, 1)
                else:
                    gtop = gen_card(top)
                    if colour != colour_of(top):
                        continue
                assert fits(gen_card(card), gtop, colour) == matches(card, top, colour)


def test_dfs_agrees_with_brute_force_on_small_hands() -> None:
    rng = random.Random(7)
    for _ in range(150):
        problem = random_problem(rng, 0, 6)
        result = solve(problem)
        assert (result.status == Status.SOLVED) == brute_force(problem)
        assert result.status != Status.UNKNOWN


def test_dfs_and_cpsat_agree_on_500_random_hands() -> None:
    rng = random.Random(2026)
    solved = 0
    for _ in range(500):
        problem = random_problem(rng, 1, 14)
        dfs = solve(problem)
        sat = solve_cpsat(problem)
        assert dfs.status == sat.status, problem
        assert dfs.status != Status.UNKNOWN
        solved += dfs.status == Status.SOLVED
    assert 50 < solved < 450  # both answers are well represented


def test_orders_are_certified_and_wilds_carry_colours() -> None:
    problem = from_uno(cards("W G1 R1 B7"), cards("R5")[0], 0)
    result = solve(problem)
    assert result.status == Status.SOLVED
    check_order(problem, result.order)
    texts = [s.text() for s in result.order]
    assert any(t.startswith("W:") for t in texts)
    with pytest.raises(ValueError):
        check_order(problem, list(reversed(result.order)))


def test_dishonest_wild_draw_four_is_rejected_by_the_checker() -> None:
    problem = from_uno(cards("W4 R1"), cards("R5")[0], 0)
    w4, r1 = gen_card(53), gen_card(cards("R1")[0])
    with pytest.raises(ValueError, match="UN-5"):
        check_order(problem, [Step(w4, 0), Step(r1)])
    check_order(problem, [Step(r1), Step(w4, 2)])
    lax = from_uno(cards("W4 R1"), cards("R5")[0], 0, honest=False)
    check_order(lax, [Step(w4, 0), Step(r1)])


def test_disconnected_hand_is_proven_unsolvable() -> None:
    problem = from_uno(cards("R1 R2 B7 B8"), cards("R5")[0], 0)
    result = solve(problem)
    assert result.status == Status.UNSOLVABLE
    assert "disconnected" in result.proof


def test_budget_gives_unknown_never_a_guess() -> None:
    rng = random.Random(3)
    problem = from_uno(rng.sample([c for c in full_deck() if c < WILD], 40), 0, 0)
    result = solve(problem, Budget(nodes=3))
    assert result.status in (Status.UNKNOWN, Status.SOLVED)
    if result.status == Status.UNKNOWN:
        assert result.order == []


def _fixtures() -> list[tuple[str, str]]:
    entries = []
    for block in DATA.read_text(encoding="utf-8").split("\n\n"):
        lines = [ln for ln in block.strip().splitlines() if ln.strip()]
        expected = lines[0].removeprefix("# expect: ").strip()
        entries.append((expected, "\n".join(lines[1:]) + "\n"))
    return entries


@pytest.mark.parametrize(("expected", "text"), _fixtures())
def test_regression_hands(expected: str, text: str) -> None:
    hand = notation.parse(text)
    assert isinstance(hand, notation.PlayoutHand)
    problem = from_uno(hand.hand, hand.top, hand.colour)
    assert solve(problem).status.value == expected
    assert solve_cpsat(problem).status.value == expected


def test_hamiltonian_reduction_instances() -> None:
    from playable.solver.uno.instances import random_cubic, three_bridges

    bridged = three_bridges((4, 4, 4), seed=1)
    assert len(bridged.cards) == 48
    assert solve(bridged).status == Status.UNSOLVABLE
    assert solve_cpsat(bridged).status == Status.UNSOLVABLE
    cubic = random_cubic(8, seed=0)
    result = solve(cubic)
    assert result.status == Status.SOLVED and solve_cpsat(cubic).status == Status.SOLVED
    check_order(cubic, result.order)


def test_dfs_agrees_with_brute_force_on_dense_small_pools() -> None:
    """Hands from 2 colours x 3 symbols (plus a wild now and then) make many
    cards fit each other, exercising the dead-end and connectivity prunings."""
    rng = random.Random(13)
    pool = [c * 13 + s for c in (0, 1) for s in (1, 2, 3) for _ in range(2)] + [WILD, 53]
    for _ in range(200):
        hand = rng.sample(pool, rng.randint(2, 7))
        top = rng.choice([c for c in range(52) if c % 13 in (1, 2, 3, 4)])
        problem = from_uno(hand, top, colour_of(top), honest=rng.random() < 0.5)
        assert (solve(problem).status == Status.SOLVED) == brute_force(problem), problem


def test_the_result_says_which_wild_draw_four_rule_applied() -> None:
    """UN-6: the play-out uses the strict rule by default; the JSON says which."""
    strict = from_uno(cards("W4 R1"), cards("R5")[0], 0)
    lax = from_uno(cards("W4 R1"), cards("R5")[0], 0, honest=False)
    assert solve(strict).to_json(2, strict.honest)["w4_rule"] == "strict"
    assert solve(lax).to_json(2, lax.honest)["w4_rule"] == "lax"
