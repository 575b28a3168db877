"""The review's verdicts (solver/core/review.py, docs/review.md): what proofs settle
is never overruled by estimates, and an analysis too small to prove anything is
settled by the exact solver."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from playable.solver.core.anytime import estimate
from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.mcts_result import MoveReport
from playable.solver.core.record import parse_record
from playable.solver.core.review import Proof, review, verdict
from playable.solver.core.stats import Proportion
from playable.solver.games import engine

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WIN, LOSS = (2.0, 2.0), (-2.0, -2.0)
OPEN = (-math.inf, math.inf)


def _report(move: str, won: int, of: int, bounds: tuple[float, float] = OPEN) -> MoveReport:
    """A root move with ``won`` of ``of`` simulations won and proven ``bounds``."""
    mean = (4 * won - 2 * of) / of if of else None
    return MoveReport(move, of, of, bounds[0], bounds[1], mean, None, Proportion(won, of), ())


def _exact(state: Any, line: bool) -> Proof | None:
    """Face to Face's exact solver as the review's prover (200,000 nodes)."""
    solver = engine("facetoface")
    result = solver.solve(state, Budget(nodes=200_000).start(), SearchOptions(line=line))
    bounds = solver.bounds(result, True)
    first = str(result.line.steps[0].moves[0]) if line and result.line.steps else None
    return None if bounds is None else Proof(*bounds, first)


def test_a_move_proven_to_win_is_best_whatever_the_estimates() -> None:
    best = _report("a", 95, 100)
    played = _report("b", 0, 5, WIN)  # proven to win, though its few play-outs lost
    assert verdict(best, played, cooperative=False) == "best"


def test_a_proven_loss_from_a_position_proven_won_is_a_blunder() -> None:
    best = _report("a", 10, 100)  # the best move only estimated, and poorly
    played = _report("b", 60, 100, LOSS)
    assert verdict(best, played, cooperative=False, won=True) == "blunder"
    # with the position unproven, by chances: 10% of 100 (low end 0.055) against 0
    assert verdict(best, played, cooperative=False) == "inaccuracy"
    assert verdict(_report("a", 1, 2, WIN), played, cooperative=False) == "blunder"


def test_a_proven_loss_from_a_lost_position_drops_no_win_chance() -> None:
    best = _report("a", 90, 100)  # the play-outs hope, the proof says every move loses
    played = _report("b", 0, 100, LOSS)
    assert verdict(best, played, cooperative=False, won=False) == "good"
    assert verdict(best, played, cooperative=False) == "blunder"


@pytest.mark.parametrize("with_prover", [True, False])
def test_the_exact_solver_settles_what_a_small_analysis_leaves_open(with_prover: bool) -> None:
    """Face to Face: ending the turn after two plays hands the win to player 2. An
    analysis that proves nothing (the tree search's answer with its proofs taken
    out, every move at 1 of 2 simulations) leaves it open; the exact solver, asked
    about the positions before and after, proves the win thrown away."""
    text = (EXAMPLES / "endgame.facetoface.txt").read_text(encoding="utf-8")
    record = parse_record(text + "moves:\n  1: 12@own-up 50@own-down /\n")
    asked: list[Any] = []

    def assess(state: Any) -> Any:
        found = estimate("facetoface", state, Budget(nodes=3), seed=1)
        unproven = tuple(_report(m.move, 1, 2) for m in found.moves)
        return replace(found, moves=unproven, low=-math.inf, high=math.inf)

    def prove(state: Any, line: bool) -> Proof | None:
        asked.append(state)
        return _exact(state, line)

    *_, last = review(record, assess, prove=prove if with_prover else None)
    played = last.moves[2]
    assert played.best is not None and played.chosen is not None
    assert not played.best.proven
    if with_prover:
        assert played.verdict == "blunder"
        assert played.chosen.high < 0  # the loss after it, proven
        assert record.moves[2].before in asked and record.moves[2].after in asked
        assert [m.verdict for m in last.moves[:2]] == ["best", "best"]  # kept the win
    else:
        assert played.verdict == "good"  # 1 of 2 against 1 of 2: nothing to tell


def test_a_losing_move_the_analysis_recommended_is_still_a_blunder() -> None:
    """The analysis recommends ending the turn (by its estimates alone), the player
    follows it, and the exact solver proves that it throws the win away: a blunder,
    and the best move shown is the first move of the solver's winning line."""
    text = (EXAMPLES / "endgame.facetoface.txt").read_text(encoding="utf-8")
    record = parse_record(text + "moves:\n  1: 12@own-up 50@own-down /\n")

    def assess(state: Any) -> Any:
        found = estimate("facetoface", state, Budget(nodes=3), seed=1)
        unproven = tuple(_report(m.move, 1, 2) for m in found.moves)
        moves = [m.move for m in unproven]
        chosen = "/" if "/" in moves else moves[0]
        return replace(found, moves=unproven, recommended=chosen, low=-math.inf, high=math.inf)

    *_, last = review(record, assess, prove=_exact)
    thrown = last.moves[2]
    assert thrown.verdict == "blunder"
    assert thrown.best is not None and thrown.best.move != "/" and thrown.best.low == 2.0
    assert thrown.analysis is not None and thrown.analysis.recommended == "/"


def test_half_a_budget_keeps_its_memory_and_stop() -> None:
    """The review's exact solver gets half a budget per question (Budget.half)."""

    def stop() -> bool:
        return False

    half = Budget(seconds=1.0, nodes=3, memory_mb=16, stop=stop).half()
    assert (half.seconds, half.nodes, half.memory_mb, half.stop) == (0.5, 1, 16, stop)
    assert Budget(nodes=1).half().nodes == 1 and Budget().half().seconds is None
