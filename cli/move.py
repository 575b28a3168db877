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
from playable.solver.core.game import Game
from playable.solver.games import game_of

#: Sequence sides by index (SQ-3), as the board draws them.
_SIDES = ("blue", "green", "red")

#: The move texts of each game, for the help text and error hints (docs/notation.md).
MOVE_TEXTS = {
    "thegame": "37@0 (piles 0-1 up, 2-3 down), / ends the turn",
    "facetoface": "37@own-up, 12@opp-down, / ends the turn",
    "uno": "R7, W:green, draw, pass, challenge, accept, colour:red",
    "sequence": "QS@e4, JHxe4, dead:9C, pass",
}


def split_moves(words: list[str]) -> list[str]:
    """The move texts of the MOVE arguments: each argument may hold several moves
    separated by blanks (``"37@0 48@2 /"``)."""
    return [text for word in words for text in word.split()]


def verdict(game: Game[Any, Any], state: Any) -> str:
    """The result of a finished game in words, with the rule that decides it."""
    returns = game.returns(state)
    if game.name == "thegame":
        left = -returns[0]
        if left == 0:
            return "every card is laid: the team wins (TG-8)"
        return f"no turn can reach its minimum: lost with {left} cards not laid (TG-7, TG-8)"
    document = game.to_json(state)
    winner: int = document["winner"]  # 0-based player (Sequence: side)
    if game.name == "sequence":
        return f"{_SIDES[winner]} has won (SQ-8)"
    if game.name == "uno":
        if document["options"]["scoring"] == "standard":  # the winner scores the others'
            return f"player {winner + 1} went out and scores {max(returns)} points (UN-9, UN-10)"
        leftovers = ", ".join(str(-r) for r in returns)
        return f"player {winner + 1} went out; leftovers {leftovers} (UN-9, UN-10 alternative)"
    return f"player {winner + 1} has won (FF-6)"


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
        typer.Option("-o", "--output", help="Write the new position to this file (not stdout)."),
    ] = None,
    json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON document (the position and the moves)."),
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
    state = game.parse(text, source)
    texts = split_moves(moves)
    if not texts:
        fail(f"no move given; {game.title} moves look like {MOVE_TEXTS[game.name]}")
    line: list[dict[str, Any]] = []
    for number, move_text in enumerate(texts, 1):
        if game.is_terminal(state):
            _refuse(number, move_text, f"the game is already over: {verdict(game, state)}")
        player = game.to_move(state)
        try:
            move = game.parse_move(state, move_text, f"move {number}")
            state = game.apply(state, move)
        except NotationError as error:
            _refuse(number, move_text, error.message)
        except IllegalMove as error:
            _refuse(number, move_text, str(error))
        line.append({"player": player, "move": str(move)})
    written = game.format(state)
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
        stderr.print(f"game over: {verdict(game, state)}", soft_wrap=True, markup=False)
