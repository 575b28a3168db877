"""Game records: a deal or position followed by the moves actually played
(docs/notation.md, "Game records"), for every game alike.

A record is an ordinary deal or position file of its game with a ``moves:`` section
after it::

    playable thegame position
    ...
    moves:
      1: 37@0 75@2 /
      1: 12@1 13@1 /

The moves are the texts ``playable move`` reads (``37@0``, ``/``, ``R7``, ``draw``,
``QS@e4``), separated by blanks or line breaks. A player number ``N:`` (1-based)
may stand before a move, alone or joined to it (``1: R7``, ``1:R7``); it is then
checked against the player to move. Every move is played through the game's
reference rules (:meth:`~playable.solver.core.game.Game.apply`) as it is read, so
a record that exists is legal; a malformed or illegal move is a
:class:`~playable.solver.core.errors.NotationError` naming the file, line and column
and the rule it breaks. A deal starts with player 1 to move, as a deal file does
(TG-9, FF-7); a record that starts elsewhere starts from a position file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.core.game import Game
from playable.solver.games import game_of

#: The line that opens the moves of a record.
MOVES = "moves:"
_WORD = re.compile(r"\S+")
_PLAYER = re.compile(r"^(?P<number>[0-9]+):(?P<rest>.*)$")


@dataclass(frozen=True)
class Played:
    """One move of a record: the player (0-based), the move, its text, where it is
    written (1-based line and column) and the states before and after it."""

    player: int
    move: Any
    text: str
    line: int
    column: int
    before: Any
    after: Any


@dataclass(frozen=True)
class Record:
    """A game as it was played: its game, the state it starts from and its moves."""

    game: Game[Any, Any]
    start: Any
    moves: tuple[Played, ...]

    @property
    def final(self) -> Any:
        """The state after the last move (the start of a record without moves)."""
        return self.moves[-1].after if self.moves else self.start


def is_record(text: str) -> bool:
    """Whether ``text`` has a ``moves:`` section (a record, not a bare position)."""
    return _moves_line(text.splitlines()) is not None


def _moves_line(lines: Sequence[str]) -> int | None:
    """The index of the line that opens the moves, if any."""
    for index, raw in enumerate(lines):
        if raw.split("#", 1)[0].strip().startswith(MOVES):
            return index
    return None


def _words(lines: Sequence[str], first: int) -> Iterator[tuple[str, int, int]]:
    """The words of the moves section (``#`` comments dropped) with line and column."""
    for index in range(first, len(lines)):
        body = lines[index].split("#", 1)[0]
        skip = body.index(MOVES) + len(MOVES) if index == first else 0
        for match in _WORD.finditer(body, skip):
            yield match.group(), index + 1, match.start() + 1


def parse_record(text: str, source: str = "<record>") -> Record:
    """The record written in ``text``; errors name ``source``, line and column."""
    game = game_of(text, source)
    lines = text.splitlines()
    first = _moves_line(lines)
    if first is None:
        raise NotationError(
            f"a game record needs a '{MOVES}' section after the position "
            "(docs/notation.md, game records)",
            len(lines) + 1,
            1,
            source,
        )
    state = start = game.parse("\n".join(lines[:first]) + "\n", source)
    played: list[Played] = []
    named: tuple[int, int, int] | None = None  # a player number waiting for its move
    for word, line, column in _words(lines, first):
        prefix = _PLAYER.match(word)
        if prefix is not None:
            named = (int(prefix["number"]), line, column)
            word, column = prefix["rest"], column + len(prefix["number"]) + 1
            if not word:
                continue
        mover = game.to_move(state)
        if named is not None and named[0] != mover + 1:
            raise NotationError(
                f"player {named[0]} is written, but player {mover + 1} is to move",
                *named[1:],
                source,
            )
        named = None
        try:
            move = game.parse_move(state, word, source)
            after = game.apply(state, move)
        except NotationError as error:
            raise NotationError(f"move '{word}': {error.message}", line, column, source) from None
        except IllegalMove as error:
            raise NotationError(f"move '{word}': {error}", line, column, source) from None
        played.append(Played(mover, move, word, line, column, state, after))
        state = after
    if named is not None:
        raise NotationError(f"player {named[0]} is written without a move", *named[1:], source)
    return Record(game, start, tuple(played))


def format_record(game: Game[Any, Any], start: Any, moves: Sequence[Any]) -> str:
    """The record of ``moves`` (the game's move objects, legal in turn) from ``start``:
    its position file, then one line per turn (``1: 37@0 75@2 /``; in UNO and
    Sequence the moves a player makes in a row). Read back by :func:`parse_record`."""
    groups: list[tuple[int, list[str]]] = []
    state, open_turn = start, False
    for move in moves:
        mover = game.to_move(state)
        if not open_turn or groups[-1][0] != mover:
            groups.append((mover, []))
        groups[-1][1].append(str(move))
        state = game.apply(state, move)
        open_turn = game.turn_end is None or str(move) != game.turn_end
    rows = "".join(f"  {player + 1}: {' '.join(words)}\n" for player, words in groups)
    return game.format(start) + MOVES + "\n" + rows
