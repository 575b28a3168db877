"""What the web board shows of a position, and the searches its worker processes run.

Everything here is a thin layer over the library API (docs/api.md): positions are
read with :func:`playable.loads`, moves checked by :meth:`Position.play` (the
reference rules), searches are :func:`playable.solve` and :func:`playable.analyse`
returning the ``--json`` documents (docs/json.md), and puzzle answers are judged by
the puzzle kind's own ``check`` (puzzles/base.py). The task functions run in a
worker process (web/jobs.py) and take a ``report`` progress listener and a ``stop``
question (the board's Stop: the search answers what it has, docs/web.md).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import playable
from playable.api import Position
from playable.puzzles.base import Puzzle
from playable.puzzles.registry import kind_of
from playable.solver.core.errors import PlayableError

Report = Callable[[int, float, dict[str, Any]], None]
#: Asked by a search at every budget check: was Stop pressed? (web/jobs.py)
Stop = Callable[[], bool]

#: The player's number before a move of a stored line (``1:`` in ``1:Y9`` or ``1: 16@0``).
_PLAYER = re.compile(r"^[0-9]+:")


def view(position: playable.Position) -> dict[str, Any]:
    """Everything the board draws: the position's JSON (``playable show --json``), its
    file text (sent back with the next request: the server keeps no game state), the
    legal moves and whose turn it is."""
    over = position.is_over
    extra: dict[str, Any] = {}
    if position.name == "sequence":  # the cards printed on the board (SQ-1)
        from playable.solver.sequence.board import GRID, SIZE

        extra["layout"] = [list(GRID[row * SIZE : (row + 1) * SIZE]) for row in range(SIZE)]
    return {
        "game": position.name,
        "title": position.game.title,
        "text": position.text(),
        "position": position.to_json(),
        "players": position.players,
        "to_move": position.to_move,
        "legal_moves": position.legal_moves(),
        "is_over": over,
        "returns": list(position.returns) if over else None,
        **extra,
    }


def play(position: playable.Position, moves: str, end_turn: bool = False) -> playable.Position:
    """``position`` after ``moves``; with ``end_turn``, also ends the turn (``/``) when the
    rules allow it then (a whole Face to Face or The Game turn from a line or an
    analysis row). ``IllegalMove``/``NotationError`` as :meth:`Position.play`."""
    after = position.play(moves)
    end = position.game.turn_end  # ``/`` where a turn has several moves (TG-4, FF-4)
    if end_turn and end is not None and end in after.legal_moves():
        after = after.play(end)
    return after


def frames(position: playable.Position, line: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The positions along a solver's line (each item ``{"player", "move"}``; in The
    Game and Face to Face a whole turn, ended with ``/`` unless the game is over), so
    the board can step through it. Replayed through the reference rules again; a
    step they refuse ends the frames with its error (it would be a solver bug)."""
    shown: list[dict[str, Any]] = []
    for item in line:
        move = str(item.get("move", ""))
        try:
            position = play(position, move, end_turn=position.game.turn_end is not None)
        except PlayableError as error:
            shown.append({"player": item.get("player"), "move": move, "error": str(error)})
            break
        shown.append({"player": item.get("player"), "move": move, "view": view(position)})
    return shown


def solution_frames(position: playable.Position, solution: str) -> list[dict[str, Any]]:
    """The positions along a puzzle's stored solution, one move at a time.

    The stored text is the game's line notation (``1: 16@0 7@1 / 1: 9@1 ...``,
    ``1:draw 1:Y9``, ``2:TS@b5+a5-e5``): a leading ``N:`` names the player and is
    dropped, and a ``/`` is played where the rules have it (the end of a turn, TG-4,
    FF-4) and is a separator elsewhere. A move the rules refuse ends the frames with
    its error."""
    shown: list[dict[str, Any]] = []
    for named in solution.split():
        word = _PLAYER.sub("", named)
        if not word or (word == "/" and "/" not in position.legal_moves()):
            continue
        player = position.to_move
        try:
            position = position.play(word)
        except PlayableError as error:
            shown.append({"player": player, "move": word, "error": str(error)})
            break
        shown.append({"player": player, "move": word, "view": view(position)})
    return shown


def _line_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The line an analyse document proposes, if any."""
    if isinstance(document.get("line"), list):
        return list(document["line"])
    proof = document.get("proof")
    if isinstance(proof, dict) and isinstance(proof.get("line"), list):
        return list(proof["line"])
    return []


def search_task(
    report: Report | None,
    stop: Stop | None,
    task: str,
    text: str,
    seconds: float,
    nodes: int | None,
    depth: int,
) -> dict[str, Any]:
    """``playable.solve`` (``task`` "solve") or ``playable.analyse`` ("analyse") on the
    position ``text``, with the positions along its line: a solve's line (replayed
    once by the solver), an analysis' proof line and, UNO, each move's line. Once
    ``stop()`` says yes, the search answers what it has (a solve ``unknown`` with its
    counters and best line, an analysis the moves valued so far, labelled proven or
    estimated as always)."""
    position = playable.loads(text, "<board>")
    options: dict[str, Any] = {"seconds": seconds, "nodes": nodes, "depth": depth}
    options.update(progress=report, stop=stop)
    if task == "solve":
        result = playable.solve_result(position, **options)
        shown = [
            {"player": s.player, "move": s.text, "view": view(Position(position.game, s.after))}
            for s in result.line
        ]
        return {"document": result.to_json(), "frames": shown}
    document = playable.analyse(position, **options)
    rows = document.get("moves")
    lines = [  # UNO gives each move's line: the board steps through any of them
        frames(position, row["line"]) if isinstance(row, dict) and row.get("line") else []
        for row in (rows if isinstance(rows, list) else [])
    ]
    return {
        "document": document,
        "frames": frames(position, _line_of(document)),
        "row_frames": lines,
    }


def check_task(
    report: Report | None, stop: Stop | None, puzzle: Puzzle, answer: str, seconds: float
) -> dict[str, Any]:
    """The puzzle kind's verdict on ``answer`` (a malformed answer raises
    ``NotationError``, shown as one line, and is not counted as an attempt). A check
    belongs to no session, so no request stops it: ``stop`` is not asked."""
    verdict = kind_of(puzzle.game, puzzle.kind).check(puzzle, answer, seconds)
    return {"correct": verdict.correct, "message": verdict.message}


def wait_task(
    report: Report | None, stop: Stop | None, seconds: float, heed_stop: bool = True
) -> dict[str, Any]:
    """A job that only waits ``seconds``, or until ``stop()`` says yes (unless
    ``heed_stop`` is false): checks the pool's limits (a job overrunning its budget, a
    full queue, a Stop answered or not) without running a search."""
    started = time.monotonic()
    while time.monotonic() - started < seconds and not (heed_stop and stop and stop()):
        time.sleep(min(0.05, seconds))
    return {"waited": round(time.monotonic() - started, 2), "stopped": bool(stop and stop())}
