"""Lines of play in the pile games, The Game and Face to Face, where a turn is one
player's several ``card@pile`` plays (TG-4, FF-4): their text (docs/notation.md)
and their JSON form (docs/json.md, ``line`` items), written alike by both games; and
:func:`play_turn`, a whole turn of a bot that decides one play at a time."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from playable.solver.core.cardlist import Token, naming

if TYPE_CHECKING:
    from playable.solver.core.game import Game

P = TypeVar("P")
E = TypeVar("E")


class PilePlay(Protocol):
    """A card laid on a pile; its ``str()`` is ``card@pile``."""

    @property
    def card(self) -> int: ...

    @property
    def pile(self) -> int | str: ...


#: A turn: the player (0-based) and the plays they made.
Turn = tuple[int, Sequence[PilePlay]]


def format_turn(plays: Iterable[PilePlay]) -> str:
    """A turn's plays as text: ``37@0 75@2``."""
    return " ".join(str(p) for p in plays)


def format_line(turns: Sequence[Turn]) -> str:
    """A line as text, players numbered from 1: ``1: 37@0 75@2 / 2: 12@1 13@1``."""
    return " / ".join(f"{p + 1}: {format_turn(plays)}" for p, plays in turns)


def turn_to_json(player: int, plays: Sequence[PilePlay]) -> dict[str, Any]:
    """A turn in the JSON form shared by every game (docs/json.md, ``line`` items):
    the player (0-based), ``move`` the turn as text, ``plays`` its cards and piles
    (The Game's piles 0-3, TG-12; Face to Face's as seen by the player, FF-3)."""
    return {
        "player": player,
        "move": format_turn(plays),
        "plays": [{"card": m.card, "pile": m.pile} for m in plays],
    }


def line_to_json(turns: Sequence[Turn]) -> list[dict[str, Any]]:
    """A line of turns in the JSON form of :func:`turn_to_json`."""
    return [turn_to_json(p, plays) for p, plays in turns]


def line_from_json(
    line: Sequence[dict[str, Any]], play: Callable[[int, Any], P]
) -> list[tuple[int, list[P]]]:
    """A line in its JSON form (:func:`line_to_json`; e.g. a stored result's) as
    ``(player, plays)`` turns, each play made by the game's ``play`` from its card and
    its pile as written."""
    return [
        (int(turn["player"]), [play(int(p["card"]), p["pile"]) for p in turn["plays"]])
        for turn in line
    ]


def parse_turn_move(text: str, source: str, end_turn: E, parse_play: Callable[[Token], P]) -> E | P:
    """A move of a pile game as ``playable move`` reads it: ``end_turn`` (``/``) ends
    the turn (TG-4, FF-4); any other text is one play, read by the game's
    ``parse_play``. Errors name ``source``."""
    if text.strip() == str(end_turn):
        return end_turn
    with naming(source):
        return parse_play(Token(text.strip(), 1, 1))


def play_turn(
    rules: Game[Any, Any], state: Any, choose_move: Callable[[Any, int], Any]
) -> list[Any]:
    """The plays of the player to move's whole turn in the pile games (TG-4, FF-4),
    one ``choose_move(state, mover)`` a play: the turn ends when the chosen move is
    the game's turn end, the game ends, or the turn passes to another player."""
    mover = rules.to_move(state)
    plays: list[Any] = []
    while not rules.is_terminal(state):
        move = choose_move(state, mover)
        if str(move) == rules.turn_end:
            break
        plays.append(move)
        state = rules.apply(state, move)
        if rules.to_move(state) != mover:
            break
    return plays
