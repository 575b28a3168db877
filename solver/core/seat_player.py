"""A player from one seat (docs/seatview.md, "A player from one seat"): the bot that
plays the move an analysis from its seat recommends.

Given a full position it takes only its seat's view (``views(name).view_of``,
:mod:`playable.solver.core.seatview`) and decides on that alone: the view's dealer
draws full positions consistent with it (fair shuffles of the unseen cards), every
legal move is valued on each deal by the exact solver under a small node budget
(:func:`~playable.solver.core.seat_value.value_move`, the quick bot's play-out where
the budget proves nothing), and the move the seat analysis' summary recommends
(:func:`~playable.solver.core.seat_summary.summarise`: best win share, then for The
Game fewest cards left, TG-8) is played. It is the analysis of
:mod:`~playable.solver.core.seat_analysis` made small and fast enough to play with:

* every move of a decision meets the same deals (common random numbers: a paired
  comparison is far less noisy than the means themselves);
* deals come in blocks and sampling stops early (sequential stopping) once the
  recommended move's paired advantage over every other candidate has a 95% interval
  above zero, or the two never differed on a deal (:func:`settled`);
* a seat with one legal move plays it without analysis;
* where there are many legal moves only the ``width`` best by a public ordering of
  the game (``Engine.order``, reading the view's dealt position as the quick bots
  read theirs) are valued;
* where the game has such an ordering its first move (the quick bot's) stands
  unless the recommended move is *proven* better on the deals (:func:`beats`: exact
  values on at least half of them, a paired 95% interval above zero), and a first
  block of deals that proves nothing ends the decision. Small budgets prove little
  early in a game and the lines they find there are worse than the quick bots', so
  the analysis takes over where the endgame proofs begin (as the Face to Face
  determinized player does).

In Sequence the small solves never overruled the stronger bot (they prove losses
that every candidate shares), so its player is flat Monte Carlo instead
(``Settings.playouts_only``): 128 deals, each candidate valued on each by one
play-out of the stronger bot's compiled moves (``Engine.strong_rollout``), and the
stronger bot's move kept unless another's paired advantage over it on those deals
has a 95% interval above zero.

UNO's ordering is the heuristic bot's move first and the rest unranked, so every
legal move is valued (a width of 108, the deck). Where the engine plans whole turns
(``Engine.turn_plan``: The Game's sampling player, Face to Face's determinized player)
the planned move is the default instead, the plan made when the turn began followed
card by card while the seat's view goes as planned.

Repeatable and honest: deal ``i`` of a decision is drawn from a generator seeded by
the player's ``seed`` and the view's text (:func:`decision_seed`), so two full
positions with the same view give the same move whatever the hidden cards are
(tests/core/test_seat_player.py checks it for every game).

Node budgets, not seconds, bound the work, so a decision is the same on a loaded
machine as on a quiet one; the defaults (:data:`DEFAULTS`) keep a decision near or
under 2 s of one core (benchmarks/results/seat_players.md).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import Engine, SearchOptions
from playable.solver.core.game import Game
from playable.solver.core.seat_analysis import sample_seed
from playable.solver.core.seat_bot import SeatBot
from playable.solver.core.seat_stats import mean_interval
from playable.solver.core.seat_summary import summarise
from playable.solver.core.seat_value import MoveValue, value_by_playout, value_move
from playable.solver.core.seatview import SeatViews
from playable.solver.games import engine, game, views

#: Each deal's solves: only their values are read, so no line is built (SearchOptions.line).
OPTIONS = SearchOptions(memory_mb=16, line=False)


@dataclass(frozen=True)
class Settings:
    """How much one decision may spend: at most ``samples`` deals in blocks of
    ``block``, ``nodes`` per move and deal (None: the engine's ``leaf_nodes``), at most
    ``width`` candidate moves; with ``keep_default`` the quick bot's move (the first
    of the game's ordering) stands unless the recommended move :func:`beats` it.
    With ``playouts_only`` no solve is made (``nodes`` is unused): every move is
    valued on each deal by one play-out of the engine's ``strong_rollout`` (else its
    ``rollout``), and :func:`beats` reads every deal, proven or not (flat Monte
    Carlo)."""

    samples: int
    block: int
    nodes: int | None
    width: int
    keep_default: bool = True
    playouts_only: bool = False


#: Per game, measured to keep a decision near 2 s of one core (docs/seatview.md).
DEFAULTS: dict[str, Settings] = {
    "thegame": Settings(samples=8, block=4, nodes=300, width=6),
    "facetoface": Settings(samples=8, block=4, nodes=40, width=6),
    "uno": Settings(samples=16, block=4, nodes=50, width=108),
    "sequence": Settings(samples=128, block=128, nodes=None, width=8, playouts_only=True),
}


def decision_seed(seed: int, view_text: str) -> int:
    """The seed of one decision: a hash of the player's seed and the view's text, so
    equal views give equal deals and different views unrelated ones."""
    digest = hashlib.sha256(f"playable-seat-player:{seed}:{view_text}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def beats(
    values: Sequence[Sequence[MoveValue]], move: int, other: int, proven_only: bool = True
) -> bool:
    """Is ``move`` proven better than ``other`` on the deals so far? Only deals whose
    comparison a proof settles count: both values exact (the solver proved them, not
    a play-out), or one of the two an exact win, which nothing beats (The Game: every
    card laid, TG-8; else the seat's side wins). They must be at least half of the
    deals, and the paired differences of value there (``move`` minus ``other``, the
    other's value where not exact being what its solve or play-out found) must have
    a 95% interval above zero. Small budgets prove little early in a game, and the
    lines they find there are worse than the quick bots'
    (benchmarks/results/seat_players.md), so the quick bot's move stands until the
    endgame proofs speak. Without ``proven_only`` every deal counts (flat Monte
    Carlo: better on the deals' play-outs, not proven)."""
    if move == other:
        return True
    pairs = [
        s[move].value - s[other].value
        for s in values
        if not proven_only or _settled_pair(s[move], s[other])
    ]
    if len(pairs) < 2 or 2 * len(pairs) < len(values):
        return False
    mean, low, _ = mean_interval(pairs)
    return mean > 0 and low > 0


def _settled_pair(first: MoveValue, second: MoveValue) -> bool:
    """Does a proof settle which of two values on one deal is at least as good?"""
    return (
        (first.exact and second.exact)
        or (first.exact and first.win)
        or (second.exact and second.win)
    )


def settled(values: Sequence[Sequence[MoveValue]], best: int) -> bool:
    """Has move ``best`` clearly beaten every other move on the deals so far? For each
    other move the paired differences of value (``best`` minus other, per deal) have
    a 95% interval above zero, or are zero on every deal (the two are the same to the
    analysis). With fewer than two deals nothing is settled."""
    if len(values) < 2:
        return False
    for other in range(len(values[0])):
        if other == best:
            continue
        differences = [sample[best].value - sample[other].value for sample in values]
        if all(d == 0 for d in differences):
            continue
        mean, low, _ = mean_interval(differences)
        if not (mean > 0 and low > 0):
            return False
    return True


@dataclass
class Decision:
    """One decision: the move, the candidates valued, the deals used, the nodes spent."""

    move: Any
    candidates: int
    deals: int
    nodes: int


@dataclass
class SeatPlayer(SeatBot):
    """Plays game ``game_name`` from one seat by a small seat analysis (module
    docstring). ``settings`` defaults to the game's :data:`DEFAULTS`."""

    game_name: str
    seed: int = 0
    settings: Settings | None = None
    name: str = "seat"
    last: Decision | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._views: SeatViews[Any, Any, Any] = views(self.game_name)
        self._rules: Game[Any, Any] = game(self.game_name)
        self._engine: Engine = engine(self.game_name)
        self._warm = False
        # the rest of the turn planned (:meth:`_planned`), valid while the seat's
        # view is the one the plan expects next
        self._plan: list[Any] = []
        self._expected = ""

    @property
    def chosen(self) -> Settings:
        return self.settings or DEFAULTS[self.game_name]

    def move_for(self, view: Any) -> Any:
        return self.decide(view).move

    def decide(self, view: Any) -> Decision:
        """The decision on ``view`` (the seat must be to move and have a move)."""
        moves = self._views.legal_moves(view)
        if not moves:
            raise ValueError("the seat has no legal move in this view")
        if len(moves) == 1:
            self.last = Decision(moves[0], 1, 0, 0)
            if self._plan:  # a forced step of the plan: keep the rest of it
                self._follow(self._views.deal(view, random.Random(0)), view, moves[0])
            return self.last
        if not self._warm:
            self._engine.warm_up()
            self._warm = True
        settings = self.chosen
        text = self._views.format(view)
        base = decision_seed(self.seed, text)
        seat = self._views.seat(view)
        budget = Budget(None, settings.nodes or self._engine.leaf_nodes, 16)
        rollout = getattr(self._engine, "strong_rollout", self._engine.rollout)
        candidates = moves
        default: int | None = None
        values: list[list[MoveValue]] = []
        nodes = 0
        best = 0
        guarded = False
        for index in range(settings.samples):
            rng = random.Random(sample_seed(base, index))
            state = self._views.deal(view, rng)
            if index == 0:
                planned = self._planned(text, state, moves)
                candidates, default = _narrowed(self._engine, state, moves, settings.width, planned)
                guarded = settings.keep_default and default is not None
            row = [
                value_by_playout(self._rules, rollout, state, move, seat, rng)
                if settings.playouts_only
                else value_move(self._rules, self._engine, state, move, seat, budget, OPTIONS, rng)
                for move in candidates
            ]
            nodes += sum(v.nodes for v in row)
            values.append(row)
            if (index + 1) % settings.block == 0 or index + 1 == settings.samples:
                best = _recommended(self._rules, candidates, values)
                unproven = guarded and not settings.playouts_only and not _any_exact(values)
                if settled(values, best) or unproven:
                    break
        proven_only = not settings.playouts_only
        if default is not None and guarded and not beats(values, best, default, proven_only):
            best = default
        self.last = Decision(candidates[best], len(candidates), len(values), nodes)
        self._follow(state, view, candidates[best])
        return self.last

    def _planned(self, text: str, state: Any, moves: list[Any]) -> Any | None:
        """The move a whole-turn planner offers for this decision (``Engine.turn_plan``:
        The Game's sampling player, Face to Face's determinized player), or None: the
        rest of the plan made earlier in this turn while the seat's view is the one it
        leads to, else a new plan from this view. A planner asked again at every card
        would choose afresh each time and lay more cards than its whole turns do."""
        planner: Callable[[Any], list[Any]] | None = getattr(self._engine, "turn_plan", None)
        if planner is None:
            return None
        if not (self._plan and self._expected == text):
            self._plan = planner(state)
        planned = self._plan[0] if self._plan else None
        return planned if planned in moves else None

    def _follow(self, state: Any, view: Any, move: Any) -> None:
        """Keep the rest of the plan when ``move`` is its next step (and the view that
        step leads to), else drop it."""
        if not self._plan or move != self._plan[0]:
            self._plan = []
            return
        self._plan = self._plan[1:]
        after = self._rules.apply(state, move)
        seat = self._views.seat(view)
        same_turn = not self._rules.is_terminal(after) and self._rules.to_move(after) == seat
        self._expected = self._views.format(self._views.view_of(after, seat)) if same_turn else ""


def _any_exact(values: list[list[MoveValue]]) -> bool:
    """Did the solver prove any value yet? Where the guard keeps the quick bot's move
    (:func:`beats`) and a first block of deals proves nothing, the endgame has not
    begun: more deals would not let the analysis overrule the quick bot."""
    return any(v.exact for row in values for v in row)


def _recommended(
    rules: Game[Any, Any], candidates: list[Any], values: list[list[MoveValue]]
) -> int:
    """The index of the move the seat analysis' summary recommends."""
    texts = [str(m) for m in candidates]
    recommended = summarise(rules, texts, values)["recommended"]
    return texts.index(recommended)


def _narrowed(
    engine: Engine, state: Any, moves: list[Any], width: int, planned: Any | None = None
) -> tuple[list[Any], int | None]:
    """The ``width`` best of ``moves`` by the game's public ordering, in legal-move
    order, and the index among them of the ordering's first (the quick bot's move),
    or of ``planned`` (a whole-turn planner's move) put first; all of them and None
    when the game has no ordering."""
    order = engine.order(state, moves)
    if order is None:
        return moves, None
    if planned is not None:
        order = [planned, *(m for m in order if m != planned)]
    ordered = [str(m) for m in order]
    kept = set(ordered[:width])
    candidates = [m for m in moves if str(m) in kept]
    return candidates, [str(m) for m in candidates].index(ordered[0])
