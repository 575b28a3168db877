"""`playable play FILE|GAME` for the games played against each other (Face to Face,
UNO, Sequence): bots play a deal or position out, every move through the reference
rules (:meth:`playable.solver.core.game.Game.apply`), and the line and the result
are printed with the rule that decides it (``Game.outcome_text``).

Each seat's bot chooses on what its seat sees (the games' ``players.py``); the game
gives them as a :class:`SeatBots`. The document is the ``play-bots`` kind of
docs/json.md. Exit codes (README): 0 once the game is over (the rules named a
winner, whoever it is), 3 when the turn limit stopped it first (no winner: a UNO
round where nobody can play or draw, a long Sequence game); The Game's play
(cli/thegame/play.py) exits 0 won, 1 lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer

from playable.cli.io import print_json, stdout, write_text
from playable.solver.core.game import Game
from playable.solver.core.record import format_record

#: Exit code of a game stopped by the turn limit before it ended (README: 3, as a
#: budget that ran out: the outcome is not known).
UNFINISHED = 3


class SeatBots(Protocol):
    """The bots of every seat: the moves of the player to move's turn, and what each
    bot records of a move once it is played (public information only)."""

    def turn(self, state: Any, /) -> Sequence[Any]: ...

    def saw(self, before: Any, move: Any, after: Any, /) -> None: ...


@dataclass(frozen=True)
class PlayedOut:
    """A game played by bots: the turns ``(player, moves)``, the last state, whether
    the game ended (False: the turn limit stopped it) and every move applied, the
    ends of turns included (for a game record)."""

    turns: list[tuple[int, list[Any]]]
    final: Any
    finished: bool
    applied: list[Any]


#: ``--record FILE`` of every ``play``: the game as a record for ``playable review``.
RecordFile = Annotated[
    Path | None,
    typer.Option(
        "--record",
        help="Also write the game played as a game record (docs/notation.md) to this "
        "file, for `playable review`.",
        show_default=False,
    ),
]


def play_out(game: Game[Any, Any], state: Any, bots: SeatBots, max_turns: int) -> PlayedOut:
    """Play ``state`` out with ``bots``, at most ``max_turns`` turns. Every move goes
    through ``game.apply`` (an illegal choice raises the rules' IllegalMove); in a
    game of several moves a turn (FF-4), the turn is ended with ``game.turn_end``
    unless its last move ended the game (FF-6)."""
    turns: list[tuple[int, list[Any]]] = []
    applied: list[Any] = []
    while not game.is_terminal(state) and len(turns) < max_turns:
        player = game.to_move(state)
        moves = list(bots.turn(state))
        for move in moves:
            state = _apply(game, bots, state, move)
            applied.append(move)
        if game.turn_end is not None and not game.is_terminal(state):
            end = game.parse_move(state, game.turn_end)
            state = _apply(game, bots, state, end)
            applied.append(end)
        turns.append((player, moves))
    return PlayedOut(turns, state, game.is_terminal(state), applied)


def _apply(game: Game[Any, Any], bots: SeatBots, state: Any, move: Any) -> Any:
    after = game.apply(state, move)
    bots.saw(state, move, after)
    return after


def report(
    game: Game[Any, Any],
    start: Any,
    bots: list[str],
    played: PlayedOut,
    line_json: Callable[[list[tuple[int, list[Any]]]], list[dict[str, Any]]],
    player_name: Callable[[int], str],
    json: bool,
    record: Path | None = None,
) -> None:
    """Print the line and the result (one ``play-bots`` document with ``json``) and
    exit with the code of the module notes. ``bots``: the bot of each seat (Sequence:
    side); ``line_json``: the game's line items (docs/json.md); ``player_name``:
    a player as the text output names it; ``record``: where to write the game record."""
    if record is not None:
        write_text(record, format_record(game, start, played.applied), "--record")
    final = played.final
    outcome = game.outcome_text(final) if played.finished else None
    if json:
        print_json(
            {
                "game": game.name,
                "bots": bots,
                "first_player": game.to_move(start),
                "line": line_json(played.turns),
                "turns": len(played.turns),
                "finished": played.finished,
                "winner": game.to_json(final).get("winner") if played.finished else None,
                "returns": list(game.returns(final)) if played.finished else None,
                "outcome": outcome,
            }
        )
    else:
        for number, (player, moves) in enumerate(played.turns, start=1):
            text = " ".join(str(m) for m in moves)
            stdout.print(
                f"{number:>3}. {player_name(player)}: {text}", markup=False, soft_wrap=True
            )
        if outcome is None:
            stdout.print(
                f"unfinished: stopped after {len(played.turns)} turns with no winner",
                markup=False,
                soft_wrap=True,
            )
        else:
            stdout.print(f"{outcome} ({', '.join(bots)})", markup=False, soft_wrap=True)
    raise typer.Exit(0 if played.finished else UNFINISHED)


def seat_name(player: int) -> str:
    """A player as the text output of ``play`` names it: ``player 1`` for player 0."""
    return f"player {player + 1}"


def moves_json(turns: list[tuple[int, list[Any]]]) -> list[dict[str, Any]]:
    """Line items of the games where a turn is one move (UNO, Sequence): the player
    and the move's text."""
    return [{"player": p, "move": " ".join(str(m) for m in moves)} for p, moves in turns]
