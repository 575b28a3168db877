"""`playable move FILE MOVE... [-o OUT] [--json]`: play moves on a deal or position.

Every game alike, through the one game interface (solver/core/game.py): the file is
read once and parsed by its game (a deal starts its game as ``solve`` would), each
move is read by ``Game.parse_move`` and played by ``Game.apply``, the reference
rules, and the new position is written in the game's notation (``Game.format``),
ready for ``show``, ``solve`` and ``analyse``.

All or nothing: the output file is checked before anything is done, and nothing is
written unless every move applies. A refused move is one error line (exit 2) naming
the move by its position and text and the rules' reason with its rule id.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from playable.cli.io import (
    check_output_file,
    fail,
    print_json,
    read_source,
    stderr,
    stdout,
    write_text,
)
from playable.solver.core.cardlist import sniff_game
from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.core.record import format_record, is_record, parse_record
from playable.solver.games import game_of


def split_moves(words: list[str]) -> list[str]:
    """The move texts of the MOVE arguments: each argument may hold several moves
    separated by blanks (``"37@0 48@2 /"``)."""
    return [text for word in words for text in word.split()]


def _refuse(number: int, text: str, reason: str) -> NoReturn:
    fail(f"move {number} '{text}': {reason}")


def move_command(
    file: Annotated[
        str,
        typer.Argument(help="A deal or position file of any game ('-' for stdin).", metavar="FILE"),
    ],
    moves: Annotated[
        list[str],
        typer.Argument(
            help="The moves, in order: separate arguments or one quoted string with "
            'blanks (`"37@0 48@2 /"`).',
            metavar="MOVE",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "-o", "--output", help="Write the new position (or record) to this file (not stdout)."
        ),
    ] = None,
    json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON document (the position and the moves)."),
    ] = False,
    record: Annotated[
        bool,
        typer.Option(
            "--record",
            help="Write a game record (the position given, then every move played) "
            "instead of the new position, for `playable review`.",
        ),
    ] = False,
) -> None:
    """Play moves on a deal or position through the rules and write the new position.

    The game is read from the file's first line; a deal starts its game as `solve`
    would. Moves are written as in the game's notation (docs/notation.md):

    * The Game: `37@0` (piles 0-1 ascending, 2-3 descending), `/` ends the turn
    * Face to Face: `37@own-up`, `12@opp-down`, `/` ends the turn
    * UNO: `R7`, `W:green`, `draw`, `pass`, `challenge`, `accept`, `colour:red`
    * Sequence: `QS@e4` (`+a0-e0` claims a sequence), `JHxe4`, `dead:9C`, `pass`

    Example: `playable move deal.txt 37@0 48@2 / -o after.txt`, or the moves as
    one string, `playable move deal.txt "37@0 48@2 /"`.

    A game record (a position followed by `moves:`, docs/notation.md) is played on
    from its last move; with `--record` the output is the record of the whole game,
    ready for `playable review`.

    All or nothing: a refused move (illegal, with its rule id, or malformed) is one
    error line naming the move, exit code 2, and nothing is written. The position
    is written even when the game is now over, and stderr then gives the result
    (`game over: ...`).
    """
    if output is not None:
        check_output_file(output)
    text, source = read_source(file)
    try:
        if sniff_game(text) == "puzzle":
            fail(
                f"{source}: a puzzle file asks a question; answer it with `playable solve "
                f"{file} --answer MOVES`"
            )
    except NotationError:
        pass  # game_of below reports it with the file's name
    game = game_of(text, source)
    earlier: list[Any] = []
    if is_record(text):
        played = parse_record(text, source)
        start, state, earlier = played.start, played.final, [p.move for p in played.moves]
    else:
        start = state = game.parse(text, source)
    texts = split_moves(moves)
    if not texts:
        fail(f"no move given; {game.title} moves look like {game.move_help}")
    line: list[dict[str, Any]] = []
    for number, move_text in enumerate(texts, 1):
        if game.is_terminal(state):
            _refuse(number, move_text, f"the game is already over: {game.outcome_text(state)}")
        player = game.to_move(state)
        try:
            move = game.parse_move(state, move_text, f"move {number}")
            state = game.apply(state, move)
        except NotationError as error:
            _refuse(number, move_text, error.message)
        except IllegalMove as error:
            _refuse(number, move_text, str(error))
        line.append({"player": player, "move": str(move)})
        earlier.append(move)
    written = format_record(game, start, earlier) if record else game.format(state)
    if output is not None:
        write_text(output, written)
    over = game.is_terminal(state)
    if json:
        print_json(
            {
                "game": game.name,
                "line": line,
                "position": game.to_json(state),
                "to_move": game.to_move(state),
                "terminal": over,
                "returns": list(game.returns(state)) if over else None,
            }
        )
        return
    if output is None:
        stdout.out(written, end="")
    if over:
        stderr.print(f"game over: {game.outcome_text(state)}", soft_wrap=True, markup=False)
