"""The library API: load a position of any of the four games, play moves, solve and
analyse it, write it back (docs/api.md has tested examples).

Everything goes through the one game interface (:mod:`playable.solver.core.game`):
moves are checked by each game's reference rules, and :func:`solve` and
:func:`analyse` return exactly the JSON documents of ``playable solve|analyse
--json`` (docs/json.md), so a program and the command line read the same answers.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec

from playable.solver.core.budget import DEFAULT_MEMORY_MB, Progress
from playable.solver.core.cardlist import sniff_game
from playable.solver.core.engine import SearchOptions
from playable.solver.core.errors import IllegalMove, NotationError, PlayableError
from playable.solver.core.game import Game
from playable.solver.core.limits import budget_problem, checked_budget
from playable.solver.core.result import SolveResult
from playable.solver.games import engine, game_of

P = ParamSpec("P")


@dataclass(frozen=True)
class Position:
    """A position of one game: the game (its interface) and its reference state.

    Immutable: :meth:`play` returns a new position. A deal file loads as its
    starting position (player 1 to move, TG-9, FF-7; UNO turns the first card, UN-2).
    """

    game: Game[Any, Any]
    state: Any

    @property
    def name(self) -> str:
        """The game's name: ``thegame``, ``facetoface``, ``uno`` or ``sequence``."""
        return self.game.name

    @property
    def to_move(self) -> int:
        """The player whose decision it is (0-based)."""
        return self.game.to_move(self.state)

    @property
    def players(self) -> int:
        return self.game.players(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def returns(self) -> tuple[int, ...]:
        """The outcome per player once the game is over (see ``Game.returns``)."""
        if not self.is_over:
            raise PlayableError("the game is not over")
        return self.game.returns(self.state)

    def legal_moves(self) -> list[str]:
        """The text of every move the rules allow now."""
        return [str(m) for m in self.game.legal_moves(self.state)]

    def play(self, *moves: str) -> Position:
        """The position after ``moves`` (texts such as ``37@0``, ``R7``, ``QS@e4``; one
        string may hold several, separated by blanks). In The Game and Face to Face a
        turn ends with ``/`` (TG-4, FF-4): the ``move`` of a solve line's item is the
        turn's cards, so it is played as ``play(item["move"], "/")``. Raises
        ``IllegalMove`` naming the move and the rule, or ``NotationError`` for a
        malformed move; ``self`` is unchanged."""
        state = self.state
        for number, text in enumerate((w for m in moves for w in m.split()), start=1):
            move = self.game.parse_move(state, text, source=f"move {number}")
            try:
                state = self.game.apply(state, move)
            except IllegalMove as error:
                raise IllegalMove(f"move {number} '{text}': {error}") from None
        return Position(self.game, state)

    def text(self) -> str:
        """The position file (docs/notation.md); :func:`loads` reads it back."""
        return self.game.format(self.state)

    def to_json(self) -> dict[str, Any]:
        """The position as the JSON document of ``playable show --json``."""
        return self.game.to_json(self.state)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.text(), encoding="utf-8")


def loads(text: str, source: str = "<string>") -> Position:
    """The position written in ``text``; the game is read from its first line. A
    puzzle file (``playable puzzle GAME``, docs/puzzles.md) gives its position. A
    ``NotationError`` names ``source``, line and column."""
    if _is_puzzle(text):
        from playable.puzzles.fileformat import parse_puzzle

        text = parse_puzzle(text, source).position
    game = game_of(text, source)
    return Position(game, game.parse(text, source))


def _is_puzzle(text: str) -> bool:
    try:
        return sniff_game(text) == "puzzle"
    except NotationError:
        return False  # game_of reports it, naming the source


def load(path: str | Path) -> Position:
    """The position in the file at ``path``."""
    return loads(Path(path).read_text(encoding="utf-8"), str(path))


def solve_result(
    position: Position,
    *,
    seconds: float | None = None,
    nodes: int | None = None,
    memory_mb: int = DEFAULT_MEMORY_MB,
    depth: int = 3,
    seeded_reshuffles: bool = False,
    progress: Progress | None = None,
    turns: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> SolveResult:
    """Solve ``position`` for the player to move, with everything known, as the typed
    record: its ``line`` is a :class:`~playable.solver.core.line.Line` whose every
    turn carries the state after it (already replayed through the reference rules),
    and ``to_json()`` is the document :func:`solve` returns.

    The Game: every card laid, or the fewest left (TG-8); Face to Face and UNO
    (two players): who wins with perfect play; Sequence: a forced win within
    ``depth`` own turns (``turns`` is its old name, kept for one release).
    ``seeded_reshuffles`` lets UNO follow reshuffles (UN-9). A budget (``seconds``,
    ``nodes``) that runs out gives ``"status": "unknown"``; ``progress(nodes,
    seconds, info)`` hears from the search about twice a second. Once ``stop()`` says
    yes the search stops at its next budget check and answers what it has, as if its
    budget ran out (the command line's first Ctrl-C; the web board's Stop).
    """
    if turns is not None:
        warnings.warn("solve(turns=...) is now solve(depth=...)", DeprecationWarning, 3)
        depth = turns
    if problem := budget_problem(seconds, nodes, memory_mb):
        raise PlayableError(problem)
    options = SearchOptions(depth=depth, seeded_reshuffles=seeded_reshuffles, memory_mb=memory_mb)
    searches = engine(position.name)
    searches.warm_up()  # before the budget is made: loading kernels is never charged
    budget = checked_budget(seconds, nodes, memory_mb, progress, stop)
    return searches.solve(position.state, budget, options)


def _as_document(typed: Callable[P, SolveResult]) -> Callable[P, dict[str, Any]]:
    """``typed`` answering its record's JSON document (``SolveResult.to_json``), with
    the same parameters (written once, in ``typed``)."""

    def document(*args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
        return typed(*args, **kwargs).to_json()

    document.__signature__ = inspect.signature(typed).replace(  # type: ignore[attr-defined]
        return_annotation="dict[str, Any]"
    )
    return document


solve = _as_document(solve_result)
solve.__name__ = solve.__qualname__ = "solve"
solve.__doc__ = """Solve ``position`` for the player to move, with everything known: the
document of ``playable solve FILE --json`` on its position file (docs/json.md); the
parameters and answers of :func:`solve_result`, whose ``to_json()`` it is."""


def analyse(
    position: Position,
    *,
    seconds: float | None = 2.0,
    nodes: int | None = None,
    memory_mb: int = 64,
    depth: int = 0,
    seeded_reshuffles: bool = False,
    progress: Progress | None = None,
    estimate_seconds: float | None = None,
    estimate_seed: int = 0,
    seat: int | None = None,
    samples: int = 100,
    seed: int = 0,
    workers: int = 1,
    stop: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """Every next move of the player to move with its value: the document of
    ``playable analyse FILE --json``. When it proves no best move, the tree search
    values every move (proven or estimated) and recommends one (``estimates``,
    ``summary``, ``recommended``; docs/analysis.md), on ``estimate_seconds``, else
    the same budget again; 0 turns it off.

    The Game spends the budget on each move; Face to Face (whole turns) and UNO
    share one budget among the moves; Sequence reports sequences, threats and the
    best move, and with ``depth`` > 0 also proves a forced win within that many
    own turns. ``progress`` and ``stop`` as in :func:`solve` (stopped, it answers
    the moves valued so far).

    With ``seat`` (0-based, the player to move) the analysis is from that seat's view
    instead (docs/seatview.md; ``playable analyse FILE --seat N --json``): ``samples``
    deals consistent with what the seat sees, seeded by ``seed``, on ``workers``
    processes, each move solved on each deal under ``nodes`` (per move and deal; the
    default of the seat analysis when None) with ``memory_mb``; ``seconds`` and the
    other options are not used.
    """
    if seat is not None:
        return _analyse_seat(position, seat, samples, seed, nodes, memory_mb, workers)
    if problem := budget_problem(seconds, nodes, memory_mb):
        raise PlayableError(problem)
    options = SearchOptions(depth=depth, seeded_reshuffles=seeded_reshuffles, memory_mb=memory_mb)
    searches = engine(position.name)
    searches.warm_up()  # before any budget is made: loading kernels is never charged
    document = searches.analyse(
        position.state, lambda: checked_budget(seconds, nodes, memory_mb, progress, stop), options
    )
    if estimate_seconds != 0:
        from playable.solver.core.anytime import add_estimates

        again = (seconds, nodes) if estimate_seconds is None else (estimate_seconds, None)
        budget = checked_budget(*again, memory_mb, progress, stop)
        add_estimates(position.name, position.state, document, budget, estimate_seed)
    return document


def _analyse_seat(
    position: Position,
    seat: int,
    samples: int,
    seed: int,
    nodes: int | None,
    memory_mb: int,
    workers: int,
) -> dict[str, Any]:
    """:func:`analyse` from ``seat``'s view (docs/seatview.md)."""
    from playable.solver.core.seat_analysis import SeatBudget, analyse_view
    from playable.solver.games import views

    if not 0 <= seat < position.players:
        raise PlayableError(f"seat must be 0..{position.players - 1}, got {seat}")
    if problem := budget_problem(None, nodes, memory_mb):
        raise PlayableError(problem)
    view = views(position.name).view_of(position.state, seat)
    budget = SeatBudget(nodes=nodes, memory_mb=memory_mb)
    return analyse_view(position.name, view, samples, seed=seed, budget=budget, workers=workers)
