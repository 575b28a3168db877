"""Tree search from one seat's view (docs/seatview.md, "Tree search from one seat"):
single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012), the tree search of :mod:`~playable.solver.core.mcts` made honest
for a player who does not see every card.

Every simulation deals the unseen cards afresh (``SeatViews.deal``: a full position
consistent with the seat's view) and walks one tree of moves down that deal: the
tree's nodes are move sequences, not positions, so what the search learns about a
move is pooled over all the deals it met, and the seat's choice cannot depend on
cards it does not see (the failure of solving each deal apart and voting, "strategy
fusion", Frank and Basin 2001). Below the root a node's moves differ from deal to
deal (an opponent's hand, a card drawn): only the moves legal in the deal at hand are
selectable, and a move's exploration term counts the visits in which it was
available, not all visits of its parent.

Selection is PUCT as in :mod:`~playable.solver.core.mcts_prior`: the game's quick
bot ranks the moves (``Engine.order``, read on the deal at hand when a node is first
met; a move first legal in a later deal gets the smallest prior) and the search
spends its simulations first on the moves the bot likes. A simulation ends in a
finished game or in the engine's quick-bot play-out (``Engine.rollout``; random moves
where the game has none), valued by who won (``Game.win_returns``), each side's
return scaled to [0, 1].

Nothing is proven here: every value is an estimate from simulations in which the
rest of the game is played by the bots. The recommended move is the root's most
visited (ties: the higher mean, then the legal order). Seeds make a search
repeatable: the deals and the play-outs come from one generator seeded by the
caller.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playable.solver.core.errors import PlayableError
from playable.solver.core.mcts_prior import PUCT_EXPLORATION, ranked
from playable.solver.core.stats import Proportion
from playable.solver.games import engine, game, views

#: Moves a random play-out makes before the simulation is dropped (no game is so long).
MAX_RANDOM_MOVES = 10_000

#: Simulations a decision, per game: about 1-2 s of one core a decision
#: (benchmarks/results/seat_players.md). UNO's 3,000 since its play-outs are compiled
#: (0.4 s a decision on average, at most 0.7 s, at 2,000 on 34 positions of bot play;
#: 13 of 20 games won against the heuristic bot on probe seed 70, against 6 of 14 at
#: 500 with play-outs through the reference rules).
SIMULATIONS: dict[str, int] = {"facetoface": 1500, "uno": 3000, "sequence": 800}
#: Simulations a UNO decision with more than two players, whose play-outs go through
#: the reference rules (the compiled ones are for two: solver/uno/rollout_kernel.py).
UNO_MORE_PLAYERS = 500


def default_simulations(name: str, view: Any) -> int:
    """The simulations a decision of game ``name`` gets in ``view`` by default:
    :data:`SIMULATIONS`, or :data:`UNO_MORE_PLAYERS` in UNO with more than two players
    (the bot's and ``analyse --seat N --search``'s default)."""
    if name not in SIMULATIONS:
        raise PlayableError(NOT_TWO_SIDED)
    if name == "uno" and getattr(view, "players", 2) > 2:
        return UNO_MORE_PLAYERS
    return SIMULATIONS[name]


#: Why a cooperative game has no tree search from one seat.
NOT_TWO_SIDED = (
    "the tree search from one seat is for the two-sided games (Face to Face, UNO, "
    "Sequence); The Game's seat analysis samples deals: drop --search"
)


class InfoNode:
    """A move sequence from the root: ``visits`` (simulations through it),
    ``total`` (their values for the player who made the last move, each in [0, 1]),
    ``wins`` (those the player's side won), ``available`` (simulations in which its
    parent was reached and its move was legal), ``prior`` (the quick bot's weight of
    its move among its parent's) and ``children`` by move text."""

    __slots__ = ("available", "children", "move", "prior", "total", "visits", "wins")

    def __init__(self, move: Any = None, prior: float = 0.0) -> None:
        self.move = move
        self.prior = prior
        self.visits = 0
        self.total = 0.0
        self.wins = 0
        self.available = 0
        self.children: dict[str, InfoNode] = {}

    def mean(self, default: float) -> float:
        return self.total / self.visits if self.visits else default


@dataclass(frozen=True)
class MoveEstimate:
    """One of the seat's moves after the search: its simulations, its mean value for
    the seat (in [0, 1]) and the share of them the seat's side won."""

    move: Any
    visits: int
    mean: float | None
    wins: Proportion


@dataclass(frozen=True)
class SeatSearchResult:
    """The seat's moves, most visited first, and the recommended one."""

    moves: tuple[MoveEstimate, ...]
    recommended: Any
    simulations: int


class SeatSearch:
    """One search of game ``name`` from ``view`` (see the module docstring)."""

    def __init__(
        self,
        name: str,
        view: Any,
        seed: int,
        exploration: float = PUCT_EXPLORATION,
    ) -> None:
        self.rules, self.engine, self.views = game(name), engine(name), views(name)
        self.view = view
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.root = InfoNode()
        self.simulations = 0

    def run(self, simulations: int) -> SeatSearchResult:
        """``simulations`` more simulations, then the answer."""
        for _ in range(simulations):
            self.simulate()
        return self.result()

    def simulate(self) -> None:
        """Deal the unseen cards, walk down the tree to a new node or the end of the
        game, play the rest out, and back the outcome up."""
        rules = self.rules
        state = self.views.deal(self.view, self.rng)
        node, path = self.root, []
        moves = rules.legal_moves(state)
        while moves:  # empty exactly when the game is over (Game.legal_moves)
            child = self.select(node, state, moves)
            path.append((child, rules.to_move(state)))
            state = rules.apply(state, child.move)
            node = child
            if child.visits == 0:
                break
            moves = rules.legal_moves(state)
        returns = self.outcome(state)
        self.simulations += 1
        self.root.visits += 1
        if returns is None:
            return
        for child, mover in path:
            value = returns[mover]
            child.visits += 1
            child.total += value
            child.wins += value > 0.5

    def select(self, node: InfoNode, state: Any, moves: list[Any]) -> InfoNode:
        """The child of ``node`` to follow among ``moves`` (those legal in this deal):
        PUCT with availability counts; new moves get their priors first.

        An untried move's value ("first-play urgency") is ``node``'s own mean, which is
        kept for the player who made ``node``'s move: the mover's own mean where one
        player makes several moves a turn (Face to Face), the opponent's in alternating
        turns; 0 at the root, which keeps no values, so there the prior alone decides
        when an untried move is first tried. This is the rule the benchmark measured
        (benchmarks/results/seat_players.md); a first-play value of the mover's own is
        yet to be tried."""
        if not node.children:
            best_first, priors = ranked(self.engine.order, state, moves)
            for move, prior in zip(best_first, priors, strict=True):
                node.children[str(move)] = InfoNode(move, prior)
        options = []
        smallest: float | None = None
        for move in moves:
            child = node.children.get(str(move))
            if child is None:  # first legal in this deal: the smallest prior
                if smallest is None:
                    smallest = min(c.prior for c in node.children.values())
                child = node.children[str(move)] = InfoNode(move, smallest)
            child.available += 1
            options.append(child)
        parent_mean = node.mean(0.5)
        best, best_score = options[0], -math.inf
        for child in options:
            spread = math.sqrt(child.available) / (1 + child.visits)
            score = child.mean(parent_mean) + self.exploration * child.prior * spread
            if score > best_score:
                best, best_score = child, score
        return best

    def outcome(self, state: Any) -> tuple[float, ...] | None:
        """Each player's return in [0, 1] (1: their side won) at the end of the game
        from ``state``: a finished game, else the quick bot's play-out, else random
        moves; None for a random play-out that never ends."""
        rules = self.rules
        returns: Any = None
        if not rules.is_terminal(state):
            returns = self.engine.rollout(state, self.rng)
            if returns is None:
                for _ in range(MAX_RANDOM_MOVES):
                    if rules.is_terminal(state):
                        break
                    moves = rules.legal_moves(state)
                    state = rules.apply(state, moves[self.rng.randrange(len(moves))])
                else:
                    return None
        if returns is None:
            returns = rules.win_returns(state)
        return tuple((1.0 + float(r)) / 2.0 for r in returns)

    def result(self) -> SeatSearchResult:
        legal = self.views.legal_moves(self.view)
        found = []
        for move in legal:
            child = self.root.children.get(str(move))
            visits = child.visits if child else 0
            mean = child.total / child.visits if child and child.visits else None
            wins = Proportion(child.wins if child else 0, visits)
            found.append(MoveEstimate(move, visits, mean, wins))
        order = sorted(
            range(len(found)),
            key=lambda i: (-found[i].visits, -(found[i].mean or 0.0), i),
        )
        moves = tuple(found[i] for i in order)
        return SeatSearchResult(moves, moves[0].move, self.simulations)


def search(name: str, view: Any, simulations: int, seed: int = 0) -> SeatSearchResult:
    """The seat's moves in ``view`` (game ``name``) after ``simulations`` simulations
    of a search seeded by ``seed`` (module docstring)."""
    return SeatSearch(name, view, seed).run(simulations)


#: What the tree search's figures are (docs/seatview.md, "Tree search from one seat").
CAVEAT = (
    "estimates, nothing proven: each simulation deals the unseen cards afresh and the "
    "bots play the game out; one tree serves every deal, so the seat's choices never "
    "depend on cards it cannot see (no strategy fusion in its own moves), but the "
    "figures are only as good as the bots' play-outs"
)

#: Simulations between two reports of :func:`search_document`'s progress.
BLOCK = 100


def search_document(
    name: str,
    view: Any,
    simulations: int | None,
    seed: int = 0,
    on_block: Callable[[int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """The tree search of ``view`` (game ``name``, two sides) as a document (docs/json.md,
    kind ``seat-search``): ``simulations`` simulations (None: :func:`default_simulations`)
    seeded by ``seed``, run in
    blocks of :data:`BLOCK` with ``on_block(done)`` after each. Once ``stop()`` is true
    (checked between simulations: the CLI's Ctrl-C) the search ends and the document
    has the simulations made so far and ``stopped`` true. Raises
    :class:`PlayableError` for a cooperative game, a view whose seat is not to move, or
    a finished game."""
    rules, seats = game(name), views(name)
    if rules.cooperative:
        raise PlayableError(NOT_TWO_SIDED)
    seat, mover = seats.seat(view), seats.to_move(view)
    if seat != mover:
        raise PlayableError(f"seat {seat + 1} is not to move (player {mover + 1} is)")
    if not seats.legal_moves(view):
        raise PlayableError(f"seat {seat + 1} has no legal move: the game is over")
    if simulations is None:
        simulations = default_simulations(name, view)
    engine(name).warm_up()
    started = time.perf_counter()
    tree = SeatSearch(name, view, seed)
    stopped = False
    while tree.simulations < simulations and not stopped:
        for _ in range(min(BLOCK, simulations - tree.simulations)):
            stopped = stop is not None and stop()
            if stopped:
                break
            tree.simulate()
        if on_block is not None:
            on_block(tree.simulations)
    found = tree.result()
    return {
        "game": name,
        "kind": "seat-search",
        "seat": seat,
        "view": seats.to_json(view),
        "simulations": found.simulations,
        "requested": simulations,
        "seed": seed,
        "moves": [
            {
                "move": str(m.move),
                "visits": m.visits,
                "mean": m.mean,
                "wins": m.wins.to_json(),
            }
            for m in found.moves
        ],
        "recommended": str(found.recommended) if found.simulations else None,
        "proven": False,
        "caveat": CAVEAT,
        "stopped": stopped,
        "seconds": round(time.perf_counter() - started, 3),
    }
