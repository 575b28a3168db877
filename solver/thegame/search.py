"""The Game: the perfect-information solver (docs/solver-thegame.md).

:func:`solve` decides a deal or a position with every card known: a line that lays
every card (``solved``), or a proof that none exists (``unsolvable``) with the line
that leaves the fewest cards (TG-8), or ``unknown`` when the budget runs out.

The driver runs the numba kernel (:mod:`playable.solver.thegame.kernel`): first one
heuristic dive per start (the kernel's first choice everywhere, no pruning), which
gives a complete line to report however soon the budget runs out; then two phases:

* **win?** The pilot with restarts (:mod:`playable.solver.thegame.pilot_kernel`), which finds most
  wins of full deals, the beam search (:mod:`playable.solver.thegame.beam_kernel`), which finds
  the hard ones, and on long budgets nested rollout policy adaptation
  (:mod:`playable.solver.thegame.nrpa_kernel`) share the budget chunk by chunk with the
  systematic search:
  for each starting player (TG-9: the solver chooses; a position keeps its player
  to move), limited-discrepancy runs with a growing limit, the kernel's move
  ordering being the heuristic; the last run has no limit and is exhaustive, so
  "unsolvable" is only ever claimed after every start has been searched in full
  (each pruning rule proven in :mod:`playable.solver.thegame.pruning`).
* **optimum.** Once no start wins, the target ``k`` cards left grows from the best
  proven lower bound: an exhaustive run either finds a line leaving at most ``k``
  cards (optimal, since ``k - 1`` was refuted for every start) or raises that
  start's bound. The transposition table keeps its proven bounds across runs.

Every line is replayed through the reference rules (:mod:`playable.solver.thegame.rules`)
before it is reported; a line that stops before the game is over is finished with
the greedy rule and the replayed score is what is reported.
"""

from __future__ import annotations

import contextlib
import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from playable.solver.core.budget import Budget
from playable.solver.core.line import Line, Step
from playable.solver.core.line import replay as replay_line
from playable.solver.core.result import SolveResult, Status
from playable.solver.core.tt import SLOT_BYTES, new_table
from playable.solver.thegame import beam_kernel as B
from playable.solver.thegame import kernel as K
from playable.solver.thegame import nrpa_kernel as N
from playable.solver.thegame import pilot_kernel as P
from playable.solver.thegame.game import GAME as THE_GAME
from playable.solver.thegame.notation import Deal, check_turn, line_from_json
from playable.solver.thegame.players import GreedyPlayer, play_cost
from playable.solver.thegame.result import cards_left_result
from playable.solver.thegame.rules import (
    Move,
    Play,
    State,
    Variant,
    deal,
    end_turn,
    is_terminal,
    lay,
    legal_moves,
    shuffled_deck,
)
from playable.solver.thegame.sampling_kernel import GREEDY, MAX_HAND, Policy, greedy_line
from playable.solver.thegame.workspace import Position, Stack, Tables, Zobrist

GAME = "thegame"
ENGINE = "dfs"
#: discrepancy limits of the "win?" phase; the last one is unlimited (exhaustive)
DISCREPANCY_SCHEDULE: tuple[int, ...] = (0, 1, 2, 3, 4, 6, 8, 12, 16, K.UNLIMITED)
#: nodes per kernel call between two checks of the clock
CHUNK = 1 << 16
#: in the win phase, pilot nodes per node of the systematic search: PILOT_SHARE for
#: the first LATE_NODES nodes, then PILOT_SHARE_LATE (see :meth:`_Solver._win_phase`)
PILOT_SHARE = 3
PILOT_SHARE_LATE = 15
LATE_NODES = 2_000_000
#: after NRPA_AFTER nodes, pilot and NRPA nodes per node of the systematic search;
#: NRPA's level, iterations per level, bias (per jumped card) and learning rate
NRPA_AFTER = 20_000_000
PILOT_SHARE_NRPA = 4
NRPA_SHARE = 12
NRPA_LEVEL = 2
NRPA_ITERATIONS = 100
NRPA_BIAS = 1.0
NRPA_ALPHA = 1.0
#: beam search (:class:`_Beams`): chunks per chunk of the systematic search, the
#: width of the first beam of each start (doubled at each round over the starts, up
#: to what the memory budget holds) and the ordering noise once the width is capped
BEAM_SHARE = 3
BEAM_SHARE_LATE = 12
BEAM_WIDTH = 1024
BEAM_NOISE = 128
#: ordering noise of the pilot's restarts (64 = one jumped card in the ordering cost)
PILOT_NOISE = 128
#: the pilot runs a rollout after this many of the cheapest moves of each position
PILOT_WIDTH = 8
#: the share of noisy pilot restarts that begin after a random prefix of the best line
PILOT_REUSE = 0.7
#: a pilot restart's fixed cost (Python set-up) in nodes, so that restarts of a short
#: line do not starve the systematic search
RESTART_COST = 4096
#: in the kernel's ordering, plays costing less than this come before ending the turn
END_COST = 64
#: suffix repair (:class:`_Repair`): first pass after this many nodes of the solve,
#: at most this share of all nodes, this many nodes per position searched, this table
REPAIR_AFTER = 1_000_000
REPAIR_SHARE = 0.5
REPAIR_NODES = 4_000_000
REPAIR_MEMORY_MB = 32
#: D1 (dominance at turn starts, :mod:`playable.solver.thegame.bounds`) in the exhaustive search
DOMINANCE = True
#: the dominance table has 1/DOMINANCE_SHARE of the transposition table's slots (extra memory)
DOMINANCE_SHARE = 4
_ZOBRIST_SEED = 20261122
#: "no leaf seen yet" in the kernel's best-leaf register
_NO_LEAF = 1 << 20

Turns = list[tuple[int, list[Play]]]


class CertificateError(AssertionError):
    """A line the kernel returned does not replay to its claimed score (a solver bug)."""


def _zobrist(players: int, ndraw: int) -> Zobrist:
    """Zobrist keys for one variant and draw-pile length (the same for every solve)."""
    rng = np.random.default_rng(_ZOBRIST_SEED)

    def draw(*shape: int) -> npt.NDArray[np.uint64]:
        return rng.integers(0, 2**64 - 1, size=shape, dtype=np.uint64, endpoint=True)

    return Zobrist(
        draw(players, 128),
        draw(ndraw + 1),
        draw(players),
        draw(32),
        draw(2, 2, 256),
        np.uint64(draw(1)[0]),
    )


@dataclass
class _Run:
    """The kernel's arrays for one root position: the position and the search stack."""

    root: State
    params: npt.NDArray[np.int64]
    draw: npt.NDArray[np.int64]
    zobrist: Zobrist
    pos: Position = field(init=False)
    stack: Stack = field(init=False)

    def __post_init__(self) -> None:
        self.pos = K.new_position(self.root.variant.players)
        self.pos.st[K.S_BEST] = _NO_LEAF
        self.stack = K.new_stack()

    @property
    def st(self) -> npt.NDArray[np.int64]:
        return self.pos.st

    @property
    def hands(self) -> npt.NDArray[np.uint64]:
        return self.pos.hands

    @property
    def avail(self) -> npt.NDArray[np.uint64]:
        return self.pos.avail

    def reset(self, beta: int, discrepancies: int, stamp: int) -> None:
        """Put the root position into the arrays and arm a new run."""
        s = self.root
        st, hands, avail = self.pos
        st[K.S_TOP : K.S_TOP + 4] = s.piles
        st[K.S_DPOS] = 0
        st[K.S_TOMOVE] = s.to_move
        st[K.S_LAID] = s.laid
        st[K.S_Q] = 0
        st[K.S_CAPOFF] = 1 if s.laid > 0 else 0
        st[K.S_DEPTH] = 0
        st[K.S_MODE] = K.MODE_ENTER
        st[K.S_BETA] = beta
        st[K.S_STAMP] = stamp
        hands[:] = 0
        avail[:] = 0
        key = np.uint64(0)
        zhand = self.zobrist.zhand
        for p, hand in enumerate(s.hands):
            for c in hand:
                hands[p, c >> 6] |= np.uint64(1) << np.uint64(c & 63)
                key ^= zhand[p, c]
        for c in (*(c for h in s.hands for c in h), *s.draw):
            avail[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
        self.stack.hkey[0] = key
        self.stack.drem[0] = discrepancies

    def step(self, tables: Tables, nodes: int) -> int:
        return int(
            K.search(self.params, self.draw, self.pos, self.zobrist, self.stack, tables, nodes)
        )

    def path(self) -> list[int]:
        """The moves from the root to the node where the run stopped (FOUND)."""
        depth = int(self.st[K.S_PATH_LEN])
        return [int(self.stack.moves[d, self.stack.idx[d] - 1]) for d in range(depth)]

    def best_leaf_path(self) -> list[int]:
        return [int(m) for m in self.stack.best_path[: int(self.st[K.S_BEST_LEN])]]


def greedy_turns(start: State) -> tuple[Turns, int]:
    """The greedy player's line (``players.GreedyPlayer``: every seat, to the end of
    the game) from ``start``, which may be in the middle of a turn, and the cards it
    leaves (TG-8), played by its compiled twin
    (:func:`~playable.solver.thegame.sampling_kernel.greedy_line`; the same turns,
    tests/thegame/test_sampling.py). Not checked here: a line is replayed through the
    reference rules before it is offered."""
    variant = start.variant
    hands = np.zeros((variant.players, MAX_HAND), dtype=np.int64)
    for q, hand in enumerate(start.hands):
        hands[q, : len(hand)] = hand
    plays = np.empty((start.cards_left, 2), dtype=np.int64)
    turns = np.empty((start.cards_left + 1, 2), dtype=np.int64)
    left, count = greedy_line(
        np.array(start.piles, dtype=np.int64),
        hands,
        np.array([len(h) for h in start.hands], dtype=np.int64),
        np.array(start.draw, dtype=np.int64),
        start.to_move,
        start.laid,
        Policy(variant.minimum(False), GreedyPlayer().extra_gap, GREEDY),
        plays,
        turns,
    )
    line: Turns = []
    first = 0
    for player, laid in turns[:count]:
        line.append((int(player), [Play(int(c), int(p)) for c, p in plays[first : first + laid]]))
        first += laid
    return line, int(left)


@dataclass
class _Line:
    """A line played through the reference rules (:class:`Line`, every state kept):
    the result reports it as it is, without replaying it again."""

    line: Line[State, Move]

    @property
    def root(self) -> State:
        return self.line.start

    @property
    def turns(self) -> Turns:
        return [(step.player, [m for m in step.moves if isinstance(m, Play)]) for step in self.line]

    @property
    def final(self) -> State:
        return self.line.final

    @property
    def cards_left(self) -> int:
        return self.final.cards_left


class _OutOfBudget(Exception):
    pass


@functools.cache
def warm_up() -> None:
    """Load (or compile) the numba kernels once per process on a short search, so that
    no search budget is spent on it. Every kernel a solve may call runs once here:
    the systematic search and the pilot (in ``run``), and the greedy line, the beam
    search and NRPA, which a quick win of the warm-up deal would otherwise skip
    (tests/core/test_warm_up.py checks that a solve compiles nothing more)."""
    variant = Variant(players=1, expert=True)  # 98 cards: the kernels' two-word bitsets
    budget = Budget(nodes=20_000).start()
    solver = _Solver([deal(variant, shuffled_deck(variant, 1))], budget, False, False)
    solver.run()
    greedy_turns(solver.starts[0])  # the greedy line offered when a budget runs out
    beams = _Beams(solver)
    for searcher in (beams, _Nrpa(solver)):
        solver.budget = Budget(nodes=solver.nodes + 2_000).start()
        with contextlib.suppress(_OutOfBudget):
            searcher.work(2_000)
    if beams.ws is not None:
        beams._ended()  # the line read-out of a beam that ended
    run = solver.runs[0]  # a pilot restart replays a prefix of a line from Python
    P.apply_move(run.params, run.draw, run.pos, K.END)
    P.apply_moves(run.params, run.draw, run.pos, np.zeros(0, dtype=np.int64))
    run.reset(1, 0, 0)


def solve(
    game: Deal | State,
    budget: Budget | None = None,
    *,
    repair: bool = True,
    optimum: bool = True,
    pilots: bool = True,
) -> SolveResult:
    """Decide ``game`` (a fresh deal: the solver picks the first player, TG-9; or a
    position in progress) within ``budget``; see the module docstring. ``repair``
    turns the suffix repair of the best line on (:class:`_Repair`); without
    ``optimum`` a lost game is answered once the win phase has proven it lost (its
    bound is then the proven one, the optimum phase is skipped); without ``pilots``
    the win phase runs the systematic search alone (no pilot, NRPA or repair: for
    positions expected lost, where they only cost nodes). The kernels are loaded
    before the budget starts (:func:`warm_up`)."""
    warm_up()
    budget = (budget or Budget()).start()
    if isinstance(game, State):
        check_turn(game)  # the parser's own check (one validation, notation.check_position)
    starts = (
        [game.start(p) for p in range(game.variant.players)] if isinstance(game, Deal) else [game]
    )
    return _Solver(starts, budget, isinstance(game, Deal), repair and pilots).run(optimum, pilots)


class _Solver:
    def __init__(
        self, starts: list[State], budget: Budget, fresh: bool, repair: bool = True
    ) -> None:
        self.starts = starts
        self.budget = budget
        self.fresh = fresh
        self.repair = repair
        variant = starts[0].variant
        ndraw = len(starts[0].draw)
        params = np.zeros(K.N_PARAMS, dtype=np.int64)
        params[K.PR_PLAYERS] = variant.players
        params[K.PR_MINFULL] = variant.minimum(False)
        params[K.PR_NDRAW] = ndraw
        params[K.PR_MAXCARD] = variant.max_card
        params[K.PR_SOLO] = 1 if variant.players == 1 else 0
        params[K.PR_END_COST] = END_COST
        params[K.PR_DIVE] = 0
        params[K.PR_DOMINANCE] = 1 if DOMINANCE else 0
        zobrist = _zobrist(variant.players, ndraw)
        draw = np.array(starts[0].draw, dtype=np.int64)
        self.runs = [_Run(s, params, draw, zobrist) for s in starts]
        slots = budget.table_slots(SLOT_BYTES)
        self.tables = Tables(
            *new_table(slots), *new_table(max(K.DOM_WAYS, slots // DOMINANCE_SHARE))
        )
        self.nodes = 0
        self.tt_entries = 0
        self.stamp = 0
        #: proven lower bound on the cards left, per start
        self.bounds = [0] * len(starts)
        self.best: _Line | None = None
        self.phase_nodes: dict[str, int] = {"win": 0, "optimum": 0}

    def root_registers(self) -> list[Position]:
        """Each start's position (copies), the starting point of the heuristic searches
        that keep their own arrays."""
        roots: list[Position] = []
        for r in self.runs:
            run = _Run(r.root, r.params, r.draw, r.zobrist)
            run.reset(1, 0, 0)
            roots.append(Position(run.st.copy(), run.hands.copy(), run.avail.copy()))
        return roots

    # ------------------------------------------------------------------ kernel runs

    def _run(self, r: int, beta: int, discrepancies: int) -> tuple[int, int, bool]:
        """One kernel run from start ``r`` to its end: (outcome, root bound, exhaustive?)."""
        steps = self._run_steps(r, beta, discrepancies)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]

    def _run_steps(
        self, r: int, beta: int, discrepancies: int
    ) -> Generator[None, None, tuple[int, int, bool]]:
        """One kernel run from start ``r``, pausing (``yield``) after every chunk of
        nodes so that other work can be interleaved; returns (outcome, root bound,
        exhaustive?)."""
        run = self.runs[r]
        self.stamp += 1
        run.reset(beta, discrepancies, self.stamp)
        before = 0
        while True:
            if self.budget.expired(self.nodes):
                self._note_best_leaf(r)
                raise _OutOfBudget
            chunk = CHUNK
            if self.budget.nodes is not None:
                chunk = max(1, min(chunk, self.budget.nodes - self.nodes))
            outcome = run.step(self.tables, chunk)
            now = int(run.st[K.S_NODES])
            self.nodes += now - before
            before = now
            if outcome != K.BUDGET:
                break
            yield
        self.tt_entries += int(run.st[K.S_TT_NEW])
        run.st[K.S_TT_NEW] = 0
        run.st[K.S_NODES] = 0
        self._note_best_leaf(r)
        return outcome, int(run.st[K.S_RET_LB]), int(run.st[K.S_RET_INC]) == 0

    def _note_best_leaf(self, r: int) -> None:
        run = self.runs[r]
        value = int(run.st[K.S_BEST])
        if value < _NO_LEAF and (self.best is None or value < self.best.cards_left):
            line = replay(run.root, run.best_leaf_path(), finish=True)
            self._offer(line)

    def slice_nodes(self, nodes: int) -> int:
        """The nodes a heuristic search may use in its next call: at most ``nodes`` and
        :data:`CHUNK` (the clock is checked between calls), within the node budget."""
        limit = min(CHUNK, nodes)
        if self.budget.nodes is not None:
            limit = max(1, min(limit, self.budget.nodes - self.nodes))
        return limit

    def offer_path(self, root: State, path: list[int], value: int, won: bool, finder: str) -> bool:
        """Replay and offer a heuristic search's line (kernel moves from ``root``) that
        it scored ``value`` cards left, when it wins or beats the best line so far;
        True when it wins. A claimed win that does not replay is a solver bug."""
        if not won and self.best is not None and value >= self.best.cards_left:
            return False
        line = replay(root, path, finish=True)
        if won and line.cards_left != 0:
            raise CertificateError(f"the {finder}'s winning line replays to {line.cards_left}")
        self._offer(line)
        return won

    def _offer(self, line: _Line) -> None:
        if self.best is None or line.cards_left < self.best.cards_left:
            self.best = line
            self.budget.note(best=line.cards_left)  # cards left (TG-8), for progress

    # ----------------------------------------------------------------------- phases

    def run(self, optimum: bool = True, pilots: bool = True) -> SolveResult:
        status = Status.UNKNOWN
        try:
            if self._dives() or self._win_phase(pilots):
                status = Status.SOLVED
            else:
                status = Status.UNSOLVABLE
                if optimum:
                    self._optimum_phase()
        except _OutOfBudget:
            pass
        return self._result(status)

    def _dives(self) -> bool:
        """One heuristic dive per start (the kernel's first choice everywhere, no
        pruning): a complete line to report if the budget runs out early. True when
        a dive happens to win."""
        for r, run in enumerate(self.runs):
            run.params[K.PR_DIVE] = 1
            try:
                outcome, _, _ = self._run(r, 1, 0)
            finally:
                run.params[K.PR_DIVE] = 0
            if outcome == K.FOUND:
                self._found(r, 0)
                return True
        return False

    def _win_phase(self, pilots: bool = True) -> bool:
        """Look for a winning line; True when found. Returns False only when every
        start was searched exhaustively and none wins.

        Four searches share the budget, chunk by chunk: the pilot with restarts
        (:class:`_Pilots`, :mod:`playable.solver.thegame.pilot_kernel`), which finds most wins of
        full deals, the beam search (:class:`_Beams`), which finds the hard ones, NRPA
        on long budgets, and the systematic search (:meth:`_systematic`), whose last
        run is exhaustive and alone can prove that no start wins.

        Per systematic chunk the pilot gets :data:`PILOT_SHARE` chunks and the beam
        :data:`BEAM_SHARE` for the first :data:`LATE_NODES` nodes (about a second),
        then :data:`PILOT_SHARE_LATE` and :data:`BEAM_SHARE_LATE`; after
        :data:`NRPA_AFTER` nodes the pilot gets :data:`PILOT_SHARE_NRPA`, NRPA
        (:class:`_Nrpa`) :data:`NRPA_SHARE` and the beam still
        :data:`BEAM_SHARE_LATE`. The positions the systematic search decides (small
        decks, late positions) it decides early, the pilot wins most full deals
        within a fraction of a second and the beam the hard ones
        (docs/solver-thegame.md). Shares change speed only, never an answer.

        After :data:`REPAIR_AFTER` nodes the suffix repair (:class:`_Repair`) takes
        up to :data:`REPAIR_SHARE` of the nodes: it can only add wins (replayed), never
        an "unsolvable". Without ``pilots`` the systematic search runs alone."""
        systematic = self._systematic()
        pilot = _Pilots(self)
        beams = _Beams(self)
        nrpa: _Nrpa | None = None  # made when first due: most solves end before
        repair = _Repair(self)
        before = self.nodes
        try:
            while True:
                if pilots and self.nodes < NRPA_AFTER:
                    early = self.nodes < LATE_NODES
                    share = PILOT_SHARE if early else PILOT_SHARE_LATE
                    beam_share = BEAM_SHARE if early else BEAM_SHARE_LATE
                    if pilot.work(share * CHUNK) or beams.work(beam_share * CHUNK):
                        return True
                elif pilots:
                    nrpa = nrpa or _Nrpa(self)
                    if (
                        pilot.work(PILOT_SHARE_NRPA * CHUNK)
                        or nrpa.work(NRPA_SHARE * CHUNK)
                        or beams.work(BEAM_SHARE_LATE * CHUNK)
                    ):
                        return True
                if self.repair and repair.due() and repair.step():
                    return True
                try:
                    next(systematic)
                except StopIteration as stop:
                    return bool(stop.value)
        finally:
            self.phase_nodes["win"] += self.nodes - before

    def _systematic(self) -> Generator[None, None, bool]:
        """Limited-discrepancy runs with a growing limit, the last one unlimited
        (exhaustive), per start; returns True when a run finds a win."""
        for discrepancies in DISCREPANCY_SCHEDULE:
            for r in range(len(self.runs)):
                if self.bounds[r] >= 1:
                    continue
                outcome, bound, exhaustive = yield from self._run_steps(r, 1, discrepancies)
                if outcome == K.FOUND:
                    self._found(r, 0)
                    return True
                if exhaustive:
                    self.bounds[r] = max(1, bound)
            if all(b >= 1 for b in self.bounds):
                return False
        raise AssertionError("the unlimited run is always exhaustive")

    def _optimum_phase(self) -> None:
        """Raise the target one card at a time until a start reaches it (optimal)."""
        while True:
            k = min(self.bounds)
            if self.best is not None and self.best.cards_left <= k:
                return  # a line already meets the proven bound: optimal
            for r in range(len(self.runs)):
                if self.bounds[r] > k:
                    continue
                before = self.nodes
                outcome, bound, exhaustive = self._run(r, k + 1, K.UNLIMITED)
                self.phase_nodes["optimum"] += self.nodes - before
                if outcome == K.FOUND:
                    self._found(r, k)
                    return
                if not exhaustive:
                    raise AssertionError("an unlimited run is always exhaustive")
                self.bounds[r] = max(k + 1, bound)

    def _found(self, r: int, target: int) -> None:
        """The kernel found a line leaving at most ``target`` cards; certify it."""
        run = self.runs[r]
        line = replay(run.root, run.path(), finish=True)
        if line.cards_left > target:
            raise CertificateError(
                f"line claimed at most {target} cards left, replays to {line.cards_left}"
            )
        self._offer(line)

    # ------------------------------------------------------------------------ result

    def _offer_greedy_lines(self) -> None:
        """When the budget ran out before an optimal line was found, also offer the
        greedy player's line from every start: the dive's line is often worse. The
        line is played by the compiled greedy player (:func:`greedy_turns`) and
        replayed through the reference rules, which costs far more, only when it beats
        the best so far (about half the calls in the seat player's small solves)."""
        for start in self.starts:
            turns, left = greedy_turns(start)
            if self.best is None or left < self.best.cards_left:
                self._offer(_Line(replay_line(THE_GAME, start, turns)))

    def _result(self, status: Status) -> SolveResult:
        if status is not Status.SOLVED and not (
            self.best is not None and self.best.cards_left <= min(self.bounds)
        ):
            self._offer_greedy_lines()
        bound = min(self.bounds)
        best = self.best
        objective = best.cards_left if best is not None else None
        proven = best is not None and best.cards_left <= bound
        if best is not None and best.cards_left == 0:  # a replayed winning line
            status = Status.SOLVED
        if status is Status.SOLVED:
            proven, bound = True, 0
        if proven and best is not None:
            bound = best.cards_left
        root = self.starts[0]
        variant = root.variant
        extra: dict[str, Any] = {
            "players": variant.players,
            "expert": variant.expert,
            "expert_hand": variant.expert_hand,
            "max_card": variant.max_card,
            "first_player": best.root.to_move if best is not None else None,
            "fresh_deal": self.fresh,
            "decided": status is not Status.UNKNOWN,
            "start_bounds": list(self.bounds),
            "nodes_win_phase": self.phase_nodes["win"],
            "nodes_optimum_phase": self.phase_nodes["optimum"],
        }
        line = best.line if best is not None else Line(THE_GAME, root)
        return cards_left_result(
            ENGINE,
            line,
            objective,
            bound,
            status=status,
            proven=proven,
            nodes=self.nodes,
            seconds=self.budget.elapsed,
            tt_entries=self.tt_entries,
            extra=extra,
        )


class _Restarts(ABC):
    """A heuristic search with restarts (the pilot, NRPA), resumable in slices of
    nodes: :meth:`work` runs it until a win or the end of the slice, and offers the
    solver every ended search's line that wins or beats the best so far (replayed
    through the rules, :meth:`_Solver.offer_path`). A subclass starts a search
    (``_begin``, setting ``current`` to its start), advances it (``_step``) and
    hands over the line of one that ended (``_ended``)."""

    #: the searcher's name in a certificate error
    finder = ""
    #: nodes counted for starting a search (its set-up in Python)
    restart_cost = 0

    def __init__(self, solver: _Solver) -> None:
        self.solver = solver
        self.current = -1  # the start of the search in progress, -1 for none

    @abstractmethod
    def _begin(self) -> None:
        """Start a search: set ``current`` to its start."""

    @abstractmethod
    def _step(self, limit: int) -> tuple[int, int]:
        """Advance the search by about ``limit`` nodes: its outcome (the pilot's
        DONE, FOUND or BUDGET) and the nodes it used."""

    @abstractmethod
    def _ended(self) -> tuple[int, list[int]]:
        """The cards left by the line of the search that just ended, and the line
        (kernel moves from the root of start ``current``)."""

    def work(self, nodes: int) -> bool:
        """Spend about ``nodes`` nodes; True when a winning line was found (and
        offered to the solver, certified)."""
        solver = self.solver
        spent = 0
        while spent < nodes:
            if solver.budget.expired(solver.nodes):
                raise _OutOfBudget
            if self.current < 0:
                self._begin()
            outcome, used = self._step(solver.slice_nodes(nodes - spent))
            spent += used
            solver.nodes += used
            if outcome == P.BUDGET:
                continue
            spent += self.restart_cost
            value, path = self._ended()
            root = solver.runs[self.current].root
            self.current = -1
            if solver.offer_path(root, path, value, outcome == P.FOUND, self.finder):
                return True
        return False


class _Pilots(_Restarts):
    """The pilot method with restarts (:mod:`playable.solver.thegame.pilot_kernel`). Restart
    ``k`` starts from start ``k % starts``. The first round follows the kernel's
    ordering as it is; later restarts add seeded noise to it, and most of them (a
    share :data:`PILOT_REUSE`) begin after a random prefix of the best pilot line of
    their start, so they rebuild only its tail (a large neighbourhood search around
    the best line: as many wins in about half the time on official expert deals)."""

    finder = "pilot"
    restart_cost = RESTART_COST

    def __init__(self, solver: _Solver) -> None:
        super().__init__(solver)
        self.runs = [_Run(r.root, r.params, r.draw, r.zobrist) for r in solver.runs]
        self.line = np.zeros(K.MAX_DEPTH + 1, dtype=np.int64)
        self.reg = np.zeros(P.N_REG, dtype=np.int64)
        self.restarts = 0
        self.prefix: list[int] = []  # the moves the restart in progress began after
        #: per start: the fewest cards left by a pilot line and that line (kernel moves)
        self.best: list[tuple[int, list[int]]] = [(K.INF + 1, []) for _ in self.runs]
        self.rng = random.Random(_ZOBRIST_SEED)

    def _begin(self) -> None:
        k = self.restarts
        self.restarts += 1
        r = self.current = k % len(self.runs)
        run = self.runs[r]
        run.reset(1, 0, 0)
        self.prefix = []
        best_line = self.best[r][1]
        if k >= len(self.runs) and best_line and self.rng.random() < PILOT_REUSE:
            self.prefix = best_line[: self.rng.randrange(len(best_line))]
            P.apply_moves(run.params, run.draw, run.pos, np.array(self.prefix, dtype=np.int64))
        self.reg[:] = 0
        self.reg[P.R_BEST] = -1
        self.reg[P.R_RNG] = 0x2545F4914F6CDD1D + 7919 * k
        self.reg[P.R_NOISE] = 0 if k < len(self.runs) else PILOT_NOISE
        self.reg[P.R_WIDTH] = PILOT_WIDTH

    def _step(self, limit: int) -> tuple[int, int]:
        run = self.runs[self.current]
        before = int(self.reg[P.R_NODES])
        outcome = P.pilot(run.params, run.draw, run.pos, self.line, self.reg, limit)
        return outcome, int(self.reg[P.R_NODES]) - before

    def _ended(self) -> tuple[int, list[int]]:
        value = int(self.reg[P.R_BEST])
        path = self.prefix + [int(m) for m in self.line[: int(self.reg[P.R_BEST_LEN])]]
        if value <= self.best[self.current][0]:
            self.best[self.current] = (value, path)
        return value, path


class _Nrpa(_Restarts):
    """Nested rollout policy adaptation (:mod:`playable.solver.thegame.nrpa_kernel`) with
    restarts: search ``k`` runs from start ``k % starts`` with a fresh policy and
    its own random stream."""

    finder = "NRPA"

    def __init__(self, solver: _Solver) -> None:
        super().__init__(solver)
        self.work_arrays = N.workspace(NRPA_LEVEL)
        self.moves = np.zeros(K.MAX_DEPTH, dtype=np.int64)
        self.reg = np.zeros(N.N_REG, dtype=np.int64)
        self.reg[N.R_LEVEL] = -1
        self.searches = 0
        self.roots = solver.root_registers()

    def _begin(self) -> None:
        self.current = self.searches % len(self.roots)
        self.reg[N.R_RNG] = 0x2545F4914F6CDD1D + 7919 * self.searches
        self.reg[N.R_LEVEL] = -1
        self.searches += 1

    def _step(self, limit: int) -> tuple[int, int]:
        run = self.solver.runs[self.current]
        before = int(self.reg[N.R_NODES])
        self.reg[N.R_LIMIT] = before + limit
        outcome = N.nrpa(
            run.params,
            run.draw,
            self.roots[self.current],
            self.work_arrays,
            NRPA_ITERATIONS,
            NRPA_BIAS,
            NRPA_ALPHA,
            self.reg,
            self.moves,
        )
        return outcome, int(self.reg[N.R_NODES]) - before

    def _ended(self) -> tuple[int, list[int]]:
        value = int(self.reg[N.R_BEST])
        return value, [int(m) for m in self.moves[: int(self.reg[N.R_BEST_LEN])]]


class _Beams(_Restarts):
    """Beam search (:mod:`playable.solver.thegame.beam_kernel`) with growing widths: search
    ``k`` runs from start ``k % starts`` with width ``BEAM_WIDTH << (k // starts)``,
    up to the widest whose arrays fit the memory budget (as much again as the
    table); the searches at that width add ordering noise from their own random
    stream, so that each follows other lines."""

    finder = "beam"
    restart_cost = RESTART_COST

    def __init__(self, solver: _Solver) -> None:
        super().__init__(solver)
        self.searches = 0
        self.roots = solver.root_registers()
        root = solver.runs[0].root
        self.players = root.variant.players
        self.levels = root.cards_left
        per_width = B.bytes_per_width(self.players, self.levels)
        fits = solver.budget.memory_mb * 2**20 // per_width
        self.max_width = min(B.MAX_WIDTH, max(BEAM_WIDTH, fits))
        self.ws: B.Workspace | None = None
        self.reg = np.zeros(B.N_REG, dtype=np.int64)
        self.line = np.zeros(2 * self.levels + 2, dtype=np.int64)

    def _begin(self) -> None:
        k = self.searches
        self.searches += 1
        self.current = k % len(self.roots)
        rounds = k // len(self.roots)
        width = BEAM_WIDTH << min(rounds, 40)
        noisy = width > self.max_width
        width = min(width, self.max_width)
        if self.ws is None or self.ws.st.shape[1] != width:
            self.ws = None  # free the old arrays first
            self.ws = B.workspace(width, self.players, self.levels)
        self.reg[B.R_NOISE] = BEAM_NOISE if noisy else 0
        self.reg[B.R_RNG] = 0x2545F4914F6CDD1D + 7919 * k
        B.start(self.roots[self.current], self.ws, self.reg)

    def _step(self, limit: int) -> tuple[int, int]:
        assert self.ws is not None
        run = self.solver.runs[self.current]
        before = int(self.reg[B.R_NODES])
        self.reg[B.R_LIMIT] = before + limit
        outcome = B.run(run.params, run.draw, self.ws, self.reg)
        return outcome, int(self.reg[B.R_NODES]) - before

    def _ended(self) -> tuple[int, list[int]]:
        assert self.ws is not None
        n = B.line(self.ws, self.reg, self.line)
        deepest = int(self.reg[B.R_LEVEL]) - (1 if self.reg[B.R_SIZE] == 0 else 0)
        return int(self.reg[B.R_TOTAL]) - deepest, [int(m) for m in self.line[:n]]


class _Repair:
    """The suffix repair of the best line: solve the positions at the turn starts of
    the best line found so far, the last first, each a separate :func:`solve` (its own
    tables; pilot and exhaustive search) with at most :data:`REPAIR_NODES` nodes. A
    win from the position after turn ``i`` completes the first ``i`` turns into a
    winning line of the whole game, which is replayed through the rules before it is
    offered. A position proven lost is skipped from then on; the first position that
    runs out of nodes ends the pass (earlier positions are harder) until the best
    line changes. The pilot's lines end with greedy choices that an exhaustive search
    of the last 20-50 cards often beats: on 16 solo expert deals left undecided by a
    3 s solve, repairing the 3 s line with 4 M nodes a position won 9."""

    def __init__(self, solver: _Solver) -> None:
        self.solver = solver
        self.spent = 0
        self.line: _Line | None = None
        self.queue: list[tuple[int, State]] = []
        self.lost: set[State] = set()

    def due(self) -> bool:
        solver = self.solver
        if solver.nodes < REPAIR_AFTER or self.spent > REPAIR_SHARE * solver.nodes:
            return False
        best = solver.best
        if best is not None and best is not self.line and best.cards_left > 0:
            self.line = best
            self.queue = self._turn_starts(best)
        return bool(self.queue)

    def _turn_starts(self, line: _Line) -> list[tuple[int, State]]:
        """The positions after each whole turn of ``line`` (not the root), last first."""
        state = line.root
        out: list[tuple[int, State]] = []
        for i, (_, plays) in enumerate(line.turns):
            for play in plays:
                state = lay(state, play.card, play.pile)
            if state.is_won or state.laid < state.minimum:
                break
            state = end_turn(state)
            if not is_terminal(state):
                out.append((i + 1, state))
        return out[::-1]

    def step(self) -> bool:
        """Solve the next position of the queue; True when a win was found (offered)."""
        solver = self.solver
        line = self.line
        i, state = self.queue.pop(0)
        if line is None or state in self.lost:
            return False
        seconds = None
        if solver.budget.seconds is not None:
            seconds = solver.budget.seconds - solver.budget.elapsed
        nodes = REPAIR_NODES
        if solver.budget.nodes is not None:
            nodes = min(nodes, solver.budget.nodes - solver.nodes)
        if nodes <= 0 or (seconds is not None and seconds <= 0):
            raise _OutOfBudget
        memory = min(REPAIR_MEMORY_MB, solver.budget.memory_mb)
        sub = solve(state, Budget(seconds=seconds, nodes=nodes, memory_mb=memory), repair=False)
        solver.nodes += sub.nodes
        self.spent += sub.nodes
        if sub.status is Status.UNSOLVABLE:
            self.lost.add(state)
            return False
        if sub.status is Status.UNKNOWN:
            self.queue = []
            return False
        turns = line.turns[:i] + [(s.player, list(s.moves)) for s in sub.line]
        repaired = _Line(replay_line(THE_GAME, line.root, turns))
        if not repaired.final.is_won:
            raise CertificateError(f"repaired line replays to {repaired.cards_left} cards left")
        solver._offer(repaired)
        return True


# --------------------------------------------------------------------- certificates


def replay(root: State, path: list[int], *, finish: bool) -> _Line:
    """Replay kernel moves through the reference rules (raising ``IllegalMove`` on any
    illegal one) and, with ``finish``, play on greedily until the game is over."""
    state = root
    steps: list[Step[State, Move]] = []
    plays: list[Play] = []
    mover = state.to_move
    for move in path:
        if move == K.END:
            state = end_turn(state)
            steps.append(Step(mover, tuple(plays), state))
            plays = []
            mover = state.to_move
        else:
            state = lay(state, move >> 2, move & 3)
            plays.append(Play(move >> 2, move & 3))
    if finish:
        state, plays = _finish(state, plays, steps)
        mover = state.to_move
    if plays:
        steps.append(Step(mover, tuple(plays), state))
    return _Line(Line(THE_GAME, root, tuple(steps)))


def _finish(
    state: State, plays: list[Play], steps: list[Step[State, Move]]
) -> tuple[State, list[Play]]:
    """Play on with the greedy rule (cheapest play; stop after the minimum unless a
    play is a trick or leaves a gap of at most 2) until the game ends (TG-7); every
    turn ended is added to ``steps``. The final state and the plays of a turn still
    under way (the one that won the game) are returned."""
    mover = state.to_move
    while not state.is_won:
        if state.laid == 0 and is_terminal(state):
            break
        options = [m for m in legal_moves(state) if isinstance(m, Play)]
        best = min(options, key=lambda m: (play_cost(state, m), m.card, m.pile), default=None)
        if state.laid >= state.minimum and (best is None or play_cost(state, best) > 2):
            state = end_turn(state)
            steps.append(Step(mover, tuple(plays), state))
            plays = []
            mover = state.to_move
            continue
        if best is None:
            raise CertificateError("a turn in progress cannot reach its minimum")
        state = lay(state, best.card, best.pile)
        plays.append(best)
    return state, plays


def certify(root: State, turns: list[dict[str, Any]]) -> State:
    """Replay a JSON line (docs/json.md, ``line`` items) from ``root`` through the
    rules; return the final state. Raises ``IllegalMove`` for a move the rules forbid
    or a turn out of turn."""
    return replay_line(THE_GAME, root, line_from_json(turns)).final
