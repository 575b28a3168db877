"""The review of a played game (docs/review.md): every move of a record set against
the best move of its position, with a verdict from best to blunder.

Each position where the player had a choice is analysed once (an
:class:`~playable.solver.core.mcts.MctsResult`: every legal move with a proven value
or an estimate, docs/analysis.md); the move played is compared with the best one by
its *win chance*: 1 or 0 for a proven win or loss (The Game: every card laid, TG-8;
the other games: the game won, FF-6, UN-10, SQ-8), else the share of the analysis'
simulations that won. The drop from the best move's chance to the played move's
chance, as far as their 95% intervals support it, gives the verdict
(:func:`verdict`); in The Game a drop in cards left counts
too, since a deal already lost can still be lost by more. A proven win thrown into a
proven loss is always a blunder.

Where the analysis leaves the played move open (its recommended move too), the
game's exact solver is asked about the position after it (a :data:`Prove`), and, if
that is proven lost, about the position before, whose winning line's first move is
then the best move: a move proven to win (or to lay every card) is best, since no
move can do better; a proven loss from a position proven won is a blunder, even when
the analysis recommended it; a proven loss from a position proven lost costs
nothing that win or lose can measure.

In The Game (cooperative, TG-8) the review also names the first move after which the
deal could no longer be won (the position before it proven winnable, the one after
it proven lost) with a line that would have won.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.game import Game
from playable.solver.core.mcts_model import Model
from playable.solver.core.mcts_result import MctsResult, MoveReport
from playable.solver.core.record import Played, Record
from playable.solver.core.result import SolveResult
from playable.solver.core.stats import Proportion

#: Verdicts from best to worst (docs/review.md); ``unknown`` when the analysis gave
#: the played or the best move no value (no proof, no simulation).
VERDICTS = ("forced", "best", "good", "inaccuracy", "mistake", "blunder", "unknown")
#: Drops in win chance from which a move is an inaccuracy, a mistake, a blunder. After
#: lichess's win-chance judgement (0.1, 0.2, 0.3 of winning chances on -1..1, that is
#: 0.05, 0.10, 0.15 of probability), with mistake and blunder set wider here: the
#: chances come from tree-search samples, not from an engine's evaluation.
CHANCE_STEPS = (0.05, 0.15, 0.30)
#: Drops in expected cards left (The Game) from which a move is an inaccuracy, a
#: mistake, a blunder.
CARD_STEPS = (1.0, 3.0, 6.0)

#: The horizon in own turns of the review's exact solver where a game has one
#: (Sequence's forced wins, SQ-8; the others ignore it): deeper than an analysis'
#: default of 3, since the review asks one position at a time and the threat-space
#: search finds long forced wins cheaply (docs/solver-sequence.md).
PROOF_DEPTH = 8
#: Analyses one position: every legal move of the player to move, valued.
Assess = Callable[[Any], MctsResult]
#: A line that wins from a position, as text, or None if none is found in budget.
WinningLine = Callable[[Any], str | None]


@dataclass(frozen=True)
class Proof:
    """What the exact solver proves of a position for its player to move: bounds on
    its value in the tree search's terms (the shared return, or +2 / -2 for a win /
    loss) and, when asked for, the first move of a line that reaches them."""

    low: float
    high: float
    move: str | None = None


#: Asks the exact solver about a position (and, if the flag says so, for the first
#: move of its line); None when it proves nothing within its budget.
Prove = Callable[[Any, bool], Proof | None]


def outcome(low: float, high: float, cooperative: bool) -> bool | None:
    """True or False when proven bounds ``low``..``high`` decide the game (every card
    laid, TG-8, or the game won: a positive margin), None while they leave it open."""
    if low > 0 or (cooperative and low >= 0):
        return True
    if high < 0:
        return False
    return None


def decided(report: MoveReport, cooperative: bool) -> bool | None:
    """:func:`outcome` of the move's proven bounds."""
    return outcome(report.low, report.high, cooperative)


def win_chance(report: MoveReport, cooperative: bool) -> float:
    """1 or 0 for a game the proofs decide, else the share of won simulations."""
    outcome = decided(report, cooperative)
    return report.successes.rate if outcome is None else float(outcome)


def judged(report: MoveReport, cooperative: bool) -> bool:
    """Whether a move has a value to judge by: a proof, or samples."""
    return report.samples > 0 or report.proven or decided(report, cooperative) is not None


def step(drop: float, steps: tuple[float, float, float]) -> str:
    """The verdict of a drop in chance or cards: the worst of blunder, mistake,
    inaccuracy whose limit in ``steps`` it reaches, else good."""
    for name, limit in zip(("blunder", "mistake", "inaccuracy"), steps[::-1], strict=True):
        if drop >= limit - 1e-9:
            return name
    return "good"


def chance_interval(report: MoveReport, cooperative: bool) -> tuple[float, float]:
    """The win chance as a 95% interval: a point where proofs decide the game, else
    the Wilson interval of the won simulations ([0, 1] without any)."""
    outcome = decided(report, cooperative)
    if outcome is not None:
        return (float(outcome), float(outcome))
    return report.successes.interval


def verdict(
    best: MoveReport, played: MoveReport, cooperative: bool, won: bool | None = None
) -> str:
    """best, good, inaccuracy, mistake or blunder for ``played`` against ``best``;
    ``won``: whether the position before the move is proven won for the mover
    (True), proven lost (False), or not known (None).

    A move proven to win is best (no move does better); a proven loss is a blunder
    where the position was proven won, and costs no win chance where it was proven
    lost. Otherwise the drop counts only what the 95% intervals support: the best
    move's lowest plausible chance minus the played move's highest (a point each
    where proofs decide), so a move the search sampled little is not condemned by
    chance; the same for the cards left in The Game."""
    after = decided(played, cooperative)
    if after is True:
        return "best"
    if won is None and decided(best, cooperative) is True:
        won = True
    if after is False and won is True:
        return "blunder"  # a proven win thrown into a proven loss
    if played.move == best.move:
        return "best"
    if not (judged(best, cooperative) and judged(played, cooperative)):
        return "unknown"
    if best.proven and played.proven and best.value == played.value:
        return "best"
    drop = chance_interval(best, cooperative)[0] - chance_interval(played, cooperative)[1]
    if after is False and won is False:
        drop = 0.0  # every move loses: no win chance to drop
    worst = step(max(0.0, drop), CHANCE_STEPS)
    if cooperative and best.interval is not None and played.interval is not None:
        cards = step(max(0.0, best.interval[0] - played.interval[1]), CARD_STEPS)
        worst = max(worst, cards, key=VERDICTS.index)
    return worst


@dataclass(frozen=True)
class MoveReview:
    """One move of the record, judged."""

    number: int
    played: Played
    verdict: str
    best: MoveReport | None
    chosen: MoveReport | None
    analysis: MctsResult | None

    def to_json(self, cooperative: bool) -> dict[str, Any]:
        document: dict[str, Any] = {
            "number": self.number,
            "player": self.played.player,
            "move": self.played.text,
            "line": self.played.line,
            "column": self.played.column,
            "verdict": self.verdict,
        }
        if self.best is not None and self.chosen is not None:
            document.update(
                best_move=self.best.move,
                best=self.best.to_json(),
                played=self.chosen.to_json(),
                chance_best=win_chance(self.best, cooperative),
                chance_played=win_chance(self.chosen, cooperative),
            )
        return document


@dataclass
class Review:
    """The review so far (a stopped review keeps the moves it judged)."""

    record: Record
    moves: list[MoveReview] = field(default_factory=list)
    lost_at: int | None = None
    winning_line: str | None = None
    complete: bool = False

    def summary(self) -> list[dict[str, Any]]:
        """Per player: how many moves of each verdict."""
        players = self.record.game.players(self.record.start)
        rows = [{"player": p, **dict.fromkeys(VERDICTS, 0)} for p in range(players)]
        for move in self.moves:
            rows[move.played.player][move.verdict] += 1
        return rows

    def to_json(self) -> dict[str, Any]:
        cooperative = self.record.game.cooperative
        return {
            "game": self.record.game.name,
            "kind": "review",
            "complete": self.complete,
            "moves": [m.to_json(cooperative) for m in self.moves],
            "players": self.summary(),
            "lost_at": self.lost_at,
            "winning_line": self.winning_line,
        }


def _from_after(
    game: Game[Any, Any], played: Played, after: MctsResult, unseen: MoveReport
) -> MoveReport:
    """The played move's report from an analysis of the position after it, when the
    analysis before never tried it (it stops once a best move is proven): the value
    of the position after is that of its best move, as the player to move there sees
    it; for the other side of a two-sided game the bounds, mean and wins turn over."""
    sides = game.sides(played.before)
    if game.is_terminal(played.after):  # the move ended the game: its value is exact
        value = Model.of(game, played.before).value(game.win_returns(played.after))
        return replace(unseen, low=value, high=value)
    if after.recommended is None:
        return unseen
    best = replace(after.move(after.recommended), move=unseen.move)
    if sides[game.to_move(played.after)] != sides[played.player]:
        interval = best.raw_interval
        best = replace(
            best,
            low=-best.high,
            high=-best.low,
            playout_mean=None if best.playout_mean is None else -best.playout_mean,
            raw_interval=None if interval is None else (-interval[1], -interval[0]),
            successes=Proportion(best.samples - best.successes.successes, best.samples),
        )
    # the first analysis' bounds are proofs too (e.g. the move cannot beat the best)
    return replace(best, low=max(best.low, unseen.low), high=min(best.high, unseen.high))


def _proven(
    game: Game[Any, Any], state: Any, player: int, prove: Prove, line: bool = False
) -> Proof:
    """What ``prove`` proves of ``state`` as ``player`` sees it (their side's value);
    unbounded where it proves nothing."""
    found = prove(state, line)
    if found is None:
        return Proof(-math.inf, math.inf)
    sides = game.sides(state)
    if sides[game.to_move(state)] != sides[player]:
        return Proof(-found.high, -found.low)
    return found


def _settle(
    game: Game[Any, Any],
    played: Played,
    chosen: MoveReport,
    won: bool | None,
    prove: Prove | None,
) -> tuple[MoveReport, bool | None, Proof | None]:
    """The played move's report with what ``prove`` proves of the position after it
    added to its bounds, whether the position before is proven won for the mover
    (``won`` as known so far; asked of ``prove`` only when the move is proven lost
    and ``won`` is not known), and that proof of the position before, with the first
    move of its line, when it was asked."""
    cooperative = game.cooperative
    if prove is None or game.is_terminal(played.after):
        return chosen, won, None
    if decided(chosen, cooperative) is None:
        after = _proven(game, played.after, played.player, prove)
        chosen = replace(chosen, low=max(chosen.low, after.low), high=min(chosen.high, after.high))
    if won is not None or decided(chosen, cooperative) is not False:
        return chosen, won, None
    before = _proven(game, played.before, played.player, prove, line=True)
    return chosen, outcome(before.low, before.high, cooperative), before


def _better(
    analysis: MctsResult, best: MoveReport, before: Proof | None, cooperative: bool
) -> MoveReport:
    """The best move to show: where the position before is proven won, the first move
    of the proof's winning line, valued as the position, when the analysis lists it
    and its own choice is not proven as good."""
    if before is None or before.move is None or best.move == before.move:
        return best
    if outcome(before.low, before.high, cooperative) is not True or best.low >= before.low:
        return best
    try:
        found = analysis.move(before.move)
    except KeyError:
        return best
    return replace(found, low=before.low, high=max(before.low, min(found.high, before.high)))


def review(
    record: Record,
    assess: Assess,
    winning_line: WinningLine | None = None,
    prove: Prove | None = None,
) -> Iterator[Review]:
    """Judge every move of ``record`` in order, yielding the review after each (so a
    caller can show progress and keep what is done when stopped; the last one is
    ``complete``). Positions with one legal move are not analysed (``forced``).
    ``prove``, if given, settles what the analysis leaves open (module notes)."""
    game = record.game
    result = Review(record, complete=not record.moves)
    for number, played in enumerate(record.moves, start=1):
        result.complete = number == len(record.moves)
        legal = game.legal_moves(played.before)
        if len(legal) <= 1:
            result.moves.append(MoveReview(number, played, "forced", None, None, None))
            yield result
            continue
        analysis = assess(played.before)
        best = analysis.move(analysis.recommended) if analysis.recommended else None
        chosen = analysis.move(str(played.move))
        if not chosen.proven and chosen.samples == 0:  # the search never tried it
            chosen = _from_after(game, played, assess(played.after), chosen)
        won: bool | None = None  # the position before: proven won for the mover
        if best is not None and decided(best, game.cooperative) is True:
            won = True
        if best is not None:
            chosen, won, before = _settle(game, played, chosen, won, prove)
            best = _better(analysis, best, before, game.cooperative)
        judged = "best" if best is None else verdict(best, chosen, game.cooperative, won)
        result.moves.append(MoveReview(number, played, judged, best, chosen, analysis))
        if (
            game.cooperative
            and result.lost_at is None
            and won is True
            and decided(chosen, True) is False
        ):
            result.lost_at = number
            if winning_line is not None:
                result.winning_line = winning_line(played.before)
        yield result


def _first_move(game: Game[Any, Any], result: SolveResult) -> str | None:
    """The first move of ``result``'s line (a turn that ends at once: the end of the
    turn), or None without one."""
    if not result.line.steps:
        return None
    moves = result.line.steps[0].moves
    return str(moves[0]) if moves else game.turn_end


def review_by_search(
    record: Record,
    budget: Callable[[], Budget],
    seed: int = 0,
    memory_mb: int = 64,
    proof_budget: Callable[[], Budget] | None = None,
) -> Iterator[Review]:
    """:func:`review` as ``playable review`` and the web board run it: each position
    judged by the tree search of docs/analysis.md (:func:`.anytime.estimate`, seeded
    ``seed``) within a fresh ``budget()``, what it leaves open settled by the exact
    solver within a fresh ``proof_budget()`` (default ``budget()``) a position asked,
    and in The Game the winning line found by the exact solver. The game's kernels
    are loaded first, outside every budget."""
    from playable.solver.core.anytime import estimate
    from playable.solver.core.engine import SearchOptions
    from playable.solver.core.errors import InvalidVariant
    from playable.solver.core.result import Status
    from playable.solver.games import engine

    name = record.game.name
    found = engine(name)
    found.warm_up()
    options = SearchOptions(memory_mb=memory_mb, depth=PROOF_DEPTH)

    def assess(state: Any) -> MctsResult:
        return estimate(name, state, budget(), seed)

    proving = proof_budget or budget
    # an engine whose exact search proves only wins of the player to move (Sequence)
    # proves a loss apart, on half the budget
    losing = getattr(found, "prove_loss", None)

    def prove(state: Any, line: bool) -> Proof | None:
        whole = proving()
        first = whole if losing is None else whole.half()
        try:
            result = found.solve(state, first.start(), replace(options, line=line))
        except InvalidVariant:  # a variant the exact solver is not for (UNO, 3+ players)
            return None
        bounds = found.bounds(result, True)
        if bounds is None and losing is not None:
            bounds = losing(state, whole.half(), options)
        return None if bounds is None else Proof(*bounds, _first_move(record.game, result))

    def winning_line(state: Any) -> str | None:
        result = found.solve(state, budget().start(), options)
        return result.line.text() if result.status is Status.SOLVED else None

    line = winning_line if record.game.cooperative else None
    return review(record, assess, line, prove)
