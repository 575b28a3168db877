"""Analysis that always answers: a Monte-Carlo tree search over the one game interface
(:class:`~playable.solver.core.game.Game`) that proves what it can and estimates the
rest in one tree (docs/analysis.md).

The search is UCT (Kocsis and Szepesvari 2006) with the backups of score bounded MCTS
(Cazenave and Saffidine 2010, the many-valued form of Winands, Bjornsson and Saito's
MCTS-Solver, 2008): every node keeps the mean of its samples and a pessimistic and an
optimistic bound on its value under best play, backed up max (a cooperative game,
and the root's side of a two-sided one) or min (the other side); a node is proven
when they meet, a child that cannot beat a sibling's proven bound is no longer
visited. Finished games are proven by ``Game.returns``; a ``leaf_solver`` (an exact
solver with a tiny budget) may prove more. With three or more sides only finished
games are proven and the samples are backed up max^n (each player's own return).

Where a game's quick bot ranks the moves (``prior``, ``Engine.order``), selection is
PUCT with that ranking as its prior instead, and a node's moves are added best-ranked
first (:mod:`~playable.solver.core.mcts_prior`).

Each iteration walks down the tree (UCT among the children still worth a visit),
adds one child, plays the game out from it with ``playout`` (uniformly random moves
by default) or ``rollout``, and backs up the outcome and the bounds. The root's
children are all made first, so any answer lists every legal move. Randomness comes
only from ``random.Random(seed)``: the same seed and node budget give the same result.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.game import Game
from playable.solver.core.mcts_model import Mode, Model, default_sides
from playable.solver.core.mcts_prior import PUCT_EXPLORATION, Order, ranked
from playable.solver.core.mcts_result import (
    BY_PROOF,
    BY_VISITS,
    MctsResult,
    MoveReport,
    recommend,
    report,
)
from playable.solver.core.mcts_stats import clamp
from playable.solver.core.mcts_tree import Node, principal_line, selectable, update

__all__ = [
    "BY_PROOF",
    "BY_VISITS",
    "LeafSolver",
    "MctsResult",
    "MoveReport",
    "Outcome",
    "Playout",
    "Rollout",
    "Search",
    "SearchSettings",
    "default_sides",
    "search",
]

#: Chooses the next move of a simulated game: (state, random source) -> a move of
#: ``Game.legal_moves(state)``. A bot (also a numba one behind a small wrapper that
#: turns the state into its arrays) fits here; an illegal answer is replaced by a
#: uniformly random legal move.
Playout = Callable[[Any, random.Random], Any]
#: Plays a whole game out at once: (state, random source) -> the returns of the
#: finished game (one number per player, as ``Game.returns``), or None to leave
#: this simulation to the move-by-move play-out. For bots that simulate faster in one
#: call than move by move (``Engine.rollout``).
Rollout = Callable[[Any, random.Random], Sequence[float] | None]
#: Proven bounds (low, high) on the value of ``state`` under best play, as its player
#: to move sees it (docs/analysis.md: the shared return, or the margin of the
#: mover's side over the other side), or None when it cannot tell.
LeafSolver = Callable[[Any], tuple[float, float] | None]
#: The outcome of a finished game, one number per player, higher is better; the
#: default is ``Game.returns``. UNO's returns are points (UN-10), so a round won
#: while the loser holds only zeros is worth 0; an outcome of +1/-1 by
#: ``state.winner`` makes the search about winning alone (docs/analysis.md).
Outcome = Callable[[Any], Sequence[float]]

#: Exploration constant of UCT on values scaled to [0, 1].
EXPLORATION = 1.0
#: A simulated game longer than this many moves is abandoned (counted ``stuck``).
MAX_PLAYOUT = 10_000


def search(
    game: Game[Any, Any],
    state: Any,
    budget: Budget,
    *,
    seed: int = 0,
    playout: Playout | None = None,
    rollout: Rollout | None = None,
    leaf_solver: LeafSolver | None = None,
    outcome: Outcome | None = None,
    exploration: float | None = None,
    sides: Sequence[int] | None = None,
    value_range: tuple[float, float] | None = None,
    max_playout: int = MAX_PLAYOUT,
    prior: Order | None = None,
) -> MctsResult:
    """Search ``state`` of ``game`` until the root is proven (and a move proven
    best), nothing is left to search, or ``budget`` runs out, and report every legal
    move. The budget is started here; its nodes count every state the search makes
    (tree nodes and simulated moves; a leaf solver's own nodes are not counted).

    ``sides`` gives each player's side (default :func:`default_sides`),
    ``outcome`` replaces ``Game.returns`` as the value of a finished game,
    ``value_range`` the bounds of the value where the game's documentation fixes them
    (defaults in :mod:`~playable.solver.core.mcts_model`). ``leaf_solver`` is
    ignored with three or more sides (nothing is proven there but finished games).
    With a ``prior`` (a quick bot's ranking of the moves, ``Engine.order``) selection
    is PUCT instead of UCT (:mod:`~playable.solver.core.mcts_prior`).
    ``exploration`` replaces the selection rule's constant (:data:`EXPLORATION`, or
    with a prior ``mcts_prior.PUCT_EXPLORATION``).
    """
    options = SearchSettings(
        seed,
        playout,
        rollout,
        leaf_solver,
        outcome,
        exploration,
        sides,
        value_range,
        max_playout,
        prior,
    )
    return Search(game, state, budget, options).run()


@dataclass(frozen=True)
class SearchSettings:
    """The options of :func:`search`, with its defaults."""

    seed: int = 0
    playout: Playout | None = None
    rollout: Rollout | None = None
    leaf_solver: LeafSolver | None = None
    outcome: Outcome | None = None
    exploration: float | None = None  # None: the selection rule's own constant
    sides: Sequence[int] | None = None
    value_range: tuple[float, float] | None = None
    max_playout: int = MAX_PLAYOUT
    prior: Order | None = None


class Search:
    """One search: the tree (``root`` once :meth:`run` has started), the random
    source, the counters. :func:`search` is the usual way in; the tree stays
    available here for whoever wants to look inside it (the tests do)."""

    root: Node

    def __init__(
        self, game: Game[Any, Any], state: Any, budget: Budget, settings: SearchSettings
    ) -> None:
        self.game, self.state, self.budget, self.seed = game, state, budget, settings.seed
        self.playout, self.rollout = settings.playout, settings.rollout
        self.leaf_solver = settings.leaf_solver
        self.outcome: Outcome = settings.outcome or game.returns
        self.max_playout, self.prior = settings.max_playout, settings.prior
        own = EXPLORATION if self.prior is None else PUCT_EXPLORATION
        self.exploration = own if settings.exploration is None else settings.exploration
        self.model = Model.of(game, state, settings.sides, settings.value_range)
        self.rng = random.Random(settings.seed)
        self.nodes = self.tree_nodes = self.simulations = self.stuck = 0
        self.seen_low, self.seen_high = math.inf, -math.inf  # values sampled so far
        self.returns_low, self.returns_high = math.inf, -math.inf
        #: proven bounds by state: a state met again along another move order is
        #: proven at once (None if the game's states cannot be hashed)
        self.proofs: dict[Any, tuple[float, float]] | None = {}

    # ------------------------------------------------------------------ the loop

    def run(self) -> MctsResult:
        self.budget.start()
        began = time.perf_counter()
        root = self.root = self.make(self.state, None, root=True)
        root.is_root = True
        while root.untried:  # every legal move is reported, whatever the budget
            self.expand(root, 0)
        update(root, self.model)
        stopped = "terminal" if root.terminal else "exhausted"
        while not root.done:
            if self.budget.expired(self.nodes):
                stopped = "budget"
                break
            self.iterate(root)
            if self.simulations % 64 == 0:
                best, _ = recommend(root, self.model)
                best_move = None if best is None else best.move
                self.budget.note(simulations=self.simulations, best=best_move, proven=root.proven)
        if root.done and root.proven and not root.terminal:
            stopped = "proven"
        return self.result(root, stopped, time.perf_counter() - began)

    def iterate(self, root: Node) -> None:
        """Select, expand one child, simulate, back up."""
        node, path = root, [root]
        while True:
            options = selectable(node, self.model)
            if self.prior is not None:
                chosen = self.select_with_prior(node, options)
            elif node.untried or not options:  # UCT tries every move before choosing
                chosen = None
            else:
                chosen = self.select(node, options)
            if chosen is None:
                break
            node = chosen
            path.append(node)
        if node.untried:
            path.append(self.expand(node, -1))
        sample = self.sample(path[-1])
        self.simulations += 1
        if sample is None:
            self.stuck += 1
        for step in path:
            step.visits += 1
            if sample is not None:
                step.add(*sample)
        for step in reversed(path):
            update(step, self.model)
        if self.proofs is not None and self.model.proves:
            for step in path:
                if step.proven and not step.terminal and not step.opaque:
                    self.remember(step)

    def remember(self, node: Node) -> None:
        assert self.proofs is not None
        try:
            self.proofs[node.state] = (node.low, node.high)
        except TypeError:  # unhashable states: no table
            self.proofs = None

    def recall(self, state: Any) -> tuple[float, float] | None:
        if self.proofs is None:
            return None
        try:
            return self.proofs.get(state)
        except TypeError:
            self.proofs = None
            return None

    def select(self, node: Node, options: list[Node]) -> Node:
        """UCT on values scaled by the range sampled so far; a child's mean is first
        moved into its proven bounds (score bounded MCTS)."""
        log_visits = math.log(max(node.visits, 1))
        best, best_score = options[0], -math.inf
        for child in options:
            if child.visits == 0:
                return child
            score = self.exploration * math.sqrt(log_visits / child.visits)
            score += self.quality(node, child)
            if score > best_score:
                best, best_score = child, score
        return best

    def select_with_prior(self, node: Node, options: list[Node]) -> Node | None:
        """PUCT (:mod:`~playable.solver.core.mcts_prior`): the best of ``options``, or
        None when ``node``'s next untried move (the likeliest left) scores higher, or
        when there is nothing to choose. A child without samples, and the untried
        move, are valued at ``node``'s own mean (first-play urgency)."""
        root_n = math.sqrt(max(node.visits, 1))
        urgency = self.quality(node, node) if node.n else 0.5
        best, best_score = None, -math.inf
        for child in options:
            q = self.quality(node, child) if child.n else urgency
            score = q + self.exploration * child.prior * root_n / (1 + child.visits)
            if score > best_score:
                best, best_score = child, score
        if node.untried and urgency + self.exploration * node.priors[-1] * root_n > best_score:
            return None
        return best

    def quality(self, node: Node, child: Node) -> float:
        """The child's mean for ``node``'s player to move, scaled to [0, 1]."""
        if child.n == 0:
            return 0.5
        if self.model.mode is Mode.MULTI_SIDED:
            assert child.sums is not None
            low, high = self.returns_low, self.returns_high
            mean = child.sums[node.mover] / child.n
        else:
            low, high = self.seen_low, self.seen_high
            mean = clamp(child.total / child.n, child.low, child.high)
        q = 0.5 if high <= low else clamp((mean - low) / (high - low), 0.0, 1.0)
        return q if node.maximises else 1.0 - q

    # ------------------------------------------------------------------ the tree

    def make(self, state: Any, move: str | None, root: bool = False) -> Node:
        """A new node for ``state``, proven at once if the game is over or the leaf
        solver proves it (the root keeps its moves in the rules' order and is
        expanded even then, so that every move gets its own answer)."""
        self.tree_nodes += 1
        model = self.model
        if self.game.is_terminal(state):
            node = Node(state, move, -1, True)
            node.terminal = node.done = True
            value = model.value(self.outcome(state))
            node.set_own(value, value)
            return node
        mover = self.game.to_move(state)
        node = Node(state, move, mover, model.maximises(mover))
        node.set_own(model.low, model.high)
        if model.mode is Mode.MULTI_SIDED:
            node.sums = [0.0] * len(model.sides)
        else:
            bounds = self.recall(state)  # already in the root side's terms
            if bounds is None and self.leaf_solver is not None:
                solved = self.leaf_solver(state)
                bounds = None if solved is None else model.from_mover(mover, solved)
            if bounds is not None:
                node.set_own(*bounds)
                if node.proven and not root:
                    node.done = True
                    return node
        moves = self.game.legal_moves(state)
        if not moves:  # not over, yet no move: nothing to search
            node.opaque = node.done = True
            return node
        if self.prior is not None:
            best_first, priors = ranked(self.prior, state, moves)
            if root:  # the rules' order, each move with its prior
                by_text = {str(m): p for m, p in zip(best_first, priors, strict=True)}
                node.priors = [by_text[str(m)] for m in moves]
            else:  # expanded from the end: the likeliest last
                moves, node.priors = best_first[::-1], priors[::-1]
        elif not root:
            self.rng.shuffle(moves)
        node.untried = moves
        return node

    def expand(self, node: Node, index: int) -> Node:
        """Make the child of ``node``'s untried move at ``index`` (with its prior) and
        add it to the children."""
        move = node.untried.pop(index)
        child = self.child(node, move)
        if node.priors:
            child.prior = node.priors.pop(index)
        node.children.append(child)
        return child

    def child(self, node: Node, move: Any) -> Node:
        """The child of ``node`` after ``move``; a move the rules refuse to apply (a
        draw of an unknown card, SQ-4) gives an opaque child, never searched."""
        self.nodes += 1
        try:
            after = self.game.apply(node.state, move)
        except IllegalMove:
            self.tree_nodes += 1
            blocked = Node(None, str(move), -1, True)
            blocked.set_own(self.model.low, self.model.high)
            blocked.opaque = blocked.done = True
            return blocked
        return self.make(after, str(move))

    # ---------------------------------------------------------- the simulations

    def sample(self, node: Node) -> tuple[float, bool, tuple[float, ...] | None] | None:
        """One outcome from ``node``: its value, whether it is a success, the returns
        (None for a proven node's value); None if no game could be finished."""
        model = self.model
        if node.opaque:
            return None
        if node.terminal:
            returns: tuple[float, ...] | None = tuple(self.outcome(node.state))
        elif model.proves and node.proven:
            value = node.low
            self.see(value, None)
            return value, model.success(value), None
        else:
            returns = self.simulate(node.state)
        if returns is None:
            return None
        value = model.value(returns)
        self.see(value, returns)
        return value, model.success(value, returns), returns

    def see(self, value: float, returns: tuple[float, ...] | None) -> None:
        self.seen_low, self.seen_high = min(self.seen_low, value), max(self.seen_high, value)
        if returns is not None:
            self.returns_low = min(self.returns_low, *returns)
            self.returns_high = max(self.returns_high, *returns)

    def simulate(self, state: Any) -> tuple[float, ...] | None:
        """Play the game out from ``state``; its returns, or None."""
        if self.rollout is not None:
            self.nodes += 1
            got = self.rollout(state, self.rng)
            if got is not None:
                return tuple(got)
        game, rng = self.game, self.rng
        for _ in range(self.max_playout):
            if game.is_terminal(state):
                return tuple(self.outcome(state))
            moves: list[Any] | None = None
            if self.playout is None:
                moves = game.legal_moves(state)
                if not moves:
                    return None
                move = moves[rng.randrange(len(moves))]
            else:
                move = self.playout(state, rng)
            self.nodes += 1
            try:
                state = game.apply(state, move)
            except IllegalMove:
                after = self.fallback(state, move, moves)
                if after is None:
                    return None
                state = after
        return tuple(self.outcome(state)) if game.is_terminal(state) else None

    def fallback(self, state: Any, refused: Any, moves: list[Any] | None) -> Any | None:
        """The state after a random other legal move that applies, or None."""
        others = [m for m in (moves or self.game.legal_moves(state)) if str(m) != str(refused)]
        self.rng.shuffle(others)
        for move in others:
            try:
                return self.game.apply(state, move)
            except IllegalMove:
                continue
        return None

    # ------------------------------------------------------------------ the answer

    def result(self, root: Node, stopped: str, seconds: float) -> MctsResult:
        chosen, rule = recommend(root, self.model)
        return MctsResult(
            game=self.game.name,
            mode=self.model.mode.value,
            value_name=self.model.value_name,
            player=self.model.root_player,
            moves=tuple(report(c) for c in root.children),
            recommended=None if chosen is None else chosen.move,
            recommended_by=rule,
            low=root.low,
            high=root.high,
            line=tuple(principal_line(root)),
            simulations=self.simulations,
            stuck=self.stuck,
            nodes=self.nodes,
            tree_nodes=self.tree_nodes,
            seconds=seconds,
            seed=self.seed,
            stopped=stopped,
        )
