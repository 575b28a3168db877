"""UNO ``ending``: win this two-player ending with everything known (docs/puzzles-uno.md).

A two-player position (both hands and the draw order known, the official rules:
Reverse acts as Skip with two players, no stacking) that the player to move wins
against every defence, as proved by the exact solver :mod:`playable.solver.uno.endgame`. The
person finds a winning move; the answer is checked by replaying it through the
reference rules and proving with the solver that the position after it is still won.

Generator: two small hands, a top card and the rest of the deck split into a short
discard pile and the draw pile, then hill-climbing by swaps (a hand card for a
draw-pile card, two of the next draw cards, or a fresh sample) toward the level's
score band; a candidate is kept only if the solver proves it won for the mover.
Rating (:func:`rate`): every legal first move is valued by the solver (the proved
wins counted, uniqueness proved when every other move is a proved loss), an
epsilon-random heuristic bot plays the mover's side against a heuristic defender
and fails when one of its moves gives up the proved win, and the depth of the
solver's winning line; held out: the same playouts by the greedy bot, and the
number of positions the rating proved (the solver's effort).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Hashable
from dataclasses import dataclass

from playable.puzzles.base import Kind, Level, Puzzle, Rating, Verdict, certified
from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.core.result import Status
from playable.solver.uno.cards import colour_of, full_deck, is_wild
from playable.solver.uno.endgame import LOSS, UNKNOWN, WIN, Endgame, solve_position
from playable.solver.uno.notation import format_position, parse, play_from_text
from playable.solver.uno.players import GreedyPlayer, HeuristicPlayer, Player, view_of
from playable.solver.uno.rules import Move, Options, State, apply, legal_moves

GOAL = (
    "Win this two-player ending: both hands and the draw pile are known; find a move "
    "that wins against any defence."
)
#: (mover's cards, defender's cards) sampled per level; the score band decides the level
SIZES: dict[Level, tuple[tuple[int, int], tuple[int, int]]] = {
    Level.EASY: ((1, 3), (1, 3)),
    Level.MEDIUM: ((2, 4), (2, 3)),
    Level.HARD: ((3, 5), (2, 4)),
    Level.EXPERT: ((4, 6), (2, 4)),
}
#: node budgets of the exact solver: the whole position (a candidate not proved won
#: within it is dropped), each first move or bot move, and the winning line
ROOT_NODES = 2_000
MOVE_NODES = 2_000
LINE_NODES = 8_000
#: playouts per bot, the bots' share of random moves, and a playout's move limit
RUNS = 20
EPSILON = 0.1
MAX_MOVES = 300
#: hill-climbing steps per attempt
STEPS = 60
#: the share of hill-climbing steps that try a fresh sample instead of a swap
FRESH = 1 / 3
_PLAYER_PREFIX = re.compile(r"^\d+:")


class Values:
    """Exact values of moves, each proved within its own node budget, all sharing one
    transposition table (it holds only proved values, so sharing it never changes an
    answer) and remembering every answer (bot playouts repeat their moves)."""

    def __init__(self, table: dict[Hashable, int], nodes: int) -> None:
        self.table = table
        self.nodes = nodes
        self.known: dict[tuple[Hashable, Move], int] = {}

    def after(self, s: State, move: Move) -> int:
        """WIN or LOSS of ``move`` for the mover of ``s`` as proved within the node
        budget, else UNKNOWN."""
        search = Endgame(Budget(nodes=self.nodes))
        search.table = self.table
        key = (search.key(s), move)
        if key in self.known:
            return self.known[key]
        after, value = search.child(s, move)
        if after is not None:
            inner = search.deepening(after)
            if search.out_of_budget:
                inner = UNKNOWN
            value = inner if after.to_move == s.to_move else -inner
        self.known[key] = value
        return value


def _playout(values: Values, s: State, bot: Player, rng: random.Random) -> bool:
    """The bot plays the mover's side from the won position ``s`` (a random legal
    move with probability EPSILON) against the heuristic defender; True if every
    move it makes keeps the proved win until it goes out (a move the solver cannot
    prove winning within MOVE_NODES fails, as :meth:`Ending.check` would reject it)."""
    mover = s.to_move
    defender = HeuristicPlayer()
    for _ in range(MAX_MOVES):
        moves = legal_moves(s)
        if s.to_move == mover:
            move = rng.choice(moves) if rng.random() < EPSILON else bot.choose(view_of(s))
            value = values.after(s, move)
            if value != WIN:
                return False
        else:
            move = defender.choose(view_of(s))
        s = apply(s, move)
        if s.is_over:
            return s.winner == mover
    return False


#: the highest score of a position where every legal first move wins (an easy question)
ALL_WIN_CAP = 0.24


def score_of(winning: int, legal: int, heuristic_success: float, mover_moves: int) -> float:
    """0.45 x few winning first moves (1 - (winning - 1) / (legal - 1)) + 0.35 x heuristic
    bot failure + 0.2 x depth ((mover's moves in the winning line - 1) / 6, clamped);
    at most ALL_WIN_CAP when every legal first move wins, since the puzzle asks for
    the first move and any answer would do."""
    few = 1.0 - (winning - 1) / (legal - 1) if legal > 1 else 0.0
    depth = min(1.0, max(0.0, (mover_moves - 1) / 6.0))
    score = 0.45 * few + 0.35 * (1.0 - heuristic_success) + 0.2 * depth
    return min(score, ALL_WIN_CAP) if winning >= legal else score


@dataclass(frozen=True)
class Rated:
    """A won position with its rating, winning line and whether the winning move is unique."""

    state: State
    rating: Rating
    solution: str
    unique: bool


def rate(s: State) -> Rated | None:
    """The rating of ``s``, or None unless the solver proves it won for the mover
    within ROOT_NODES. Each first move is valued within MOVE_NODES: the puzzle's
    answers are the moves proved winning (the ones :meth:`Ending.check` accepts), a
    move left undecided (typically a long drawing battle with no forced win within
    the depth reached) counts as not winning and is reported in
    ``undecided_first_moves``; the winning move is called unique only when every
    other move is a proved loss. Deterministic (node budgets, seeded bots)."""
    root = Endgame(Budget(nodes=ROOT_NODES))
    if root.deepening(s) != WIN or root.out_of_budget:
        return None
    proofs = Values(root.table, MOVE_NODES)
    values = [proofs.after(s, m) for m in legal_moves(s)]
    key = format_position(s)
    heuristic = _success(proofs, s, HeuristicPlayer(), f"heuristic:{key}")
    greedy = _success(proofs, s, GreedyPlayer(), f"greedy:{key}")
    line = solve_position(s, Budget(nodes=LINE_NODES))
    if line.status != Status.SOLVED or not line.line:
        return None
    winning = values.count(WIN)
    unique = winning == 1 and values.count(LOSS) == len(values) - 1
    mover_moves = sum(1 for step in line.line if step.player == s.to_move)
    metrics = {
        "winning_first_moves": float(winning),
        "legal_moves": float(len(values)),
        "undecided_first_moves": float(values.count(UNKNOWN)),
        "heuristic_success": heuristic,
        "greedy_success": greedy,
        "depth": float(mover_moves),
        "line_moves": float(len(line.line)),
        "table": float(len(proofs.table)),
    }
    score = score_of(max(1, winning), len(values), heuristic, mover_moves)
    rating = Rating(round(score, 4), metrics, ("greedy_success", "table"))
    solution = " ".join(f"{step.player + 1}:{step.text}" for step in line.line)
    return Rated(s, rating, solution, unique)


def _success(values: Values, s: State, bot: Player, seed: str) -> float:
    rng = random.Random(seed)
    return sum(_playout(values, s, bot, rng) for _ in range(RUNS)) / RUNS


# ----------------------------------------------------------------------- generation


def _sample(level: Level, rng: random.Random) -> State:
    (a_lo, a_hi), (b_lo, b_hi) = SIZES[level]
    deck = full_deck()
    rng.shuffle(deck)
    a, b = rng.randint(a_lo, a_hi), rng.randint(b_lo, b_hi)
    hands = (tuple(deck[:a]), tuple(deck[a : a + b]))
    rest = deck[a + b :]
    top = rest.pop()
    colour = rng.randrange(4) if is_wild(top) else colour_of(top)
    played = rng.randint(8, 30)
    discard = (*rest[:played], top)
    return State(Options(), hands, tuple(rest[played:]), discard, colour, 0, 1)


def _neighbour(s: State, rng: random.Random) -> State:
    """Swap a hand card with a card of the draw pile, or two of the next ten draw cards."""
    draw = list(s.draw)
    hands = [list(h) for h in s.hands]
    if rng.random() < 0.25:
        i, j = rng.sample(range(min(10, len(draw))), 2)
        draw[i], draw[j] = draw[j], draw[i]
    else:
        hand = hands[0 if rng.random() < 0.6 else 1]
        i, j = rng.randrange(len(hand)), rng.randrange(len(draw))
        hand[i], draw[j] = draw[j], hand[i]
    return State(
        s.options, (tuple(hands[0]), tuple(hands[1])), tuple(draw), s.discard, s.colour, 0, 1
    )


def _distance(score: float, level: Level) -> float:
    low, high = level.band
    return max(0.0, low - score, score - high + 1e-9)


def generate_ending(kind: Kind, level: Level, seed: int, seconds: float) -> Puzzle | None:
    """Sample a position and hill-climb by swaps toward ``level``'s band (a step is
    kept if the position stays a proven win and comes no farther from the band)."""
    rng = random.Random(f"uno:{kind.name}:{level.value}:{seed}")
    deadline = time.perf_counter() + seconds
    current = rate(_sample(level, rng))
    for _ in range(STEPS):
        if current is not None and level.admits(current.rating.score):
            return _puzzle(kind, level, seed, current)
        if time.perf_counter() > deadline:
            return None
        # a fresh sample while nothing is won yet (and one time in three, so a
        # position whose neighbours all miss the band does not hold the search)
        if current is None or rng.random() < FRESH:
            candidate = _sample(level, rng)
        else:
            candidate = _neighbour(current.state, rng)
        rated = rate(candidate)
        if rated is None:
            continue
        if current is None or _distance(rated.rating.score, level) <= _distance(
            current.rating.score, level
        ):
            current = rated
    return None


def _puzzle(kind: Kind, level: Level, seed: int, rated: Rated) -> Puzzle:
    mover = rated.state.to_move + 1
    position = (
        f"# {GOAL}\n"
        f"# Player {mover} to move. Answer: the first move, e.g. R7, W:green or draw.\n"
        + format_position(rated.state)
    )
    return kind.made(
        level, seed, GOAL, position, rated.solution, unique=rated.unique, rating=rated.rating
    )


# -------------------------------------------------------------------------- checking


def parse_first_move(answer: str, source: str = "<answer>") -> Move:
    """The first move of an answer: ``R7``, ``W:green``, ``draw``... or a whole line
    ``1:R7 2:draw 1:B7`` (the player prefix is optional). NotationError with the
    column of the faulty word."""
    stripped = answer.lstrip(" \t")
    offset = len(answer) - len(stripped)
    word = stripped.split(None, 1)[0] if stripped.strip() else ""
    if not word:
        raise NotationError("expected a move like R7, W:green or draw", 1, 1, source)
    prefix = _PLAYER_PREFIX.match(word)
    skip = prefix.end() if prefix else 0
    try:
        return play_from_text(word[skip:], source)
    except NotationError as error:
        raise NotationError(error.message, 1, offset + skip + 1, source) from None


class Ending(Kind):
    """Find a move that wins a two-player ending against every defence."""

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        """A puzzle whose certificate is the solver proving its answer again."""
        puzzle = generate_ending(self, level, seed, seconds)
        return certified(self, puzzle, max(5.0, seconds))

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        """Play the answer's first move through the reference rules, then prove with
        the exact solver that the position after it is still won for the mover."""
        state = parse(puzzle.position, f"{puzzle.kind} puzzle")
        if not isinstance(state, State):
            raise ValueError("an ending puzzle's position is a 'playable uno position'")
        move = parse_first_move(answer)
        try:
            after = apply(state, move)
        except IllegalMove as error:
            return Verdict(False, f"not legal here: {error}")
        mover = state.to_move
        if after.is_over:
            if after.winner == mover:
                return Verdict(True, f"{move} goes out and wins")
            return Verdict(False, f"after {move} the opponent wins")
        result = solve_position(after, Budget(seconds=seconds))
        if result.status == Status.UNKNOWN:
            return Verdict(
                False,
                f"{move} could not be verified in time (or its lines reach a reshuffle, "
                "the end of known information)",
            )
        mover_wins = (result.status == Status.SOLVED) == (after.to_move == mover)
        if mover_wins:
            return Verdict(True, f"{move} wins against every defence (proven by the solver)")
        return Verdict(False, f"after {move} the opponent can prevent the win")
