"""The one interface every game implements (docs/architecture.md).

Each game's reference rules (``rules.py``) and notation (``notation.py``) have their
own names and shapes; :class:`Game` is the small common surface over them that the
library API (``import playable``), ``playable move`` and the conformance test
(tests/test_conformance.py) use for all four games alike, in the spirit of
OpenSpiel's and pgx's one game API. Implementations live in ``solver/<game>/game.py``
and are looked up by name in :mod:`playable.solver.games`.

A *state* is the game's own immutable ``rules.State``; a *move* is one of the
game's move objects, whose ``str()`` is its text (``37@0``, ``R7``, ``QS@e4``, ``/``).
Everything is decided by the reference rules: :meth:`Game.apply` is their ``apply``
and raises :class:`~playable.solver.core.errors.IllegalMove` with the rule id.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from playable.solver.core.errors import InvalidVariant

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class Game(Protocol[StateT, MoveT]):
    """A game: notation, moves, rules and outcome, over the reference rules."""

    #: The name on a file's first line (``playable thegame position``) and in the CLI.
    name: str
    #: The game's title for people (``The Game: Face to Face``).
    title: str
    #: Every number of players the game allows, ascending: The Game 1 to 5 (TG-2),
    #: Face to Face 2 (FF-1), UNO 2 to 10 (UN-2), Sequence 2, 3, 4, 6, 8, 9, 10 or 12
    #: (SQ-3). :meth:`deal` refuses any other.
    player_counts: tuple[int, ...]
    #: True when the players win or lose together (The Game, TG-8); False for a
    #: game one player or side wins against the others.
    cooperative: bool
    #: The move that ends a turn of several moves (``/``, TG-4 and FF-4), or None
    #: where every move is a whole turn.
    turn_end: str | None
    #: The move texts of the game in one line, for help texts and error hints
    #: (docs/notation.md).
    move_help: str
    #: The least and the greatest return one player can get (:meth:`returns`): The
    #: Game (-inf, 0), cards left negated (TG-8); Face to Face and Sequence (-1, 1);
    #: UNO unbounded (points, UN-10). The tree search bounds its values by it.
    returns_range: tuple[float, float]

    def parse(self, text: str, source: str = "<input>") -> StateT:
        """The position written in ``text`` (a deal file gives its starting position).

        Raises :class:`~playable.solver.core.errors.NotationError` naming ``source``,
        line and column.
        """
        ...

    def format(self, state: StateT) -> str:
        """The position file of ``state``; ``parse(format(s)) == s``."""
        ...

    def to_json(self, state: StateT) -> dict[str, Any]:
        """The position as a JSON document (docs/json.md)."""
        ...

    def players(self, state: StateT) -> int:
        """How many players take part."""
        ...

    def to_move(self, state: StateT) -> int:
        """The player whose decision it is (0-based)."""
        ...

    def legal_moves(self, state: StateT) -> list[MoveT]:
        """Every move the rules allow now (empty once the game is over)."""
        ...

    def parse_move(self, state: StateT, text: str, source: str = "<move>") -> MoveT:
        """The move written ``text``; a malformed one raises ``NotationError``."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``; ``IllegalMove`` (naming the rule id) if forbidden."""
        ...

    def step_to_json(self, player: int, moves: Sequence[MoveT]) -> dict[str, Any]:
        """One turn of a line (:class:`playable.solver.core.line.Line`) as a ``line``
        item of docs/json.md: the player (0-based) and the moves as text."""
        ...

    def is_terminal(self, state: StateT) -> bool:
        """Whether the game is over."""
        ...

    def returns(self, state: StateT) -> tuple[int, ...]:
        """The outcome of a finished game, one number per player, higher is better.

        The Game: minus the cards not laid for every player (TG-8, cooperative);
        Face to Face and Sequence: 1 for the winners, -1 for the others; UNO: the
        round's points (UN-10), negated under the alternative scoring where points
        are each player's own leftovers.
        """
        ...

    def win_returns(self, state: StateT) -> tuple[int, ...]:
        """The outcome of a finished game as the analysis values it: who won, 1 for
        the winners and -1 for the others (the cooperative game: its shared return).
        The same as :meth:`returns` except in UNO, whose returns are points (UN-10):
        a round won while the loser holds only zeros is worth 0 there."""
        ...

    def outcome_text(self, state: StateT) -> str:
        """The result of a finished game in words, with the rule that decides it."""
        ...

    def sides(self, state: StateT) -> tuple[int, ...]:
        """The side each player plays for: one side in a cooperative game (TG-8),
        partners share a side (Sequence, SQ-3), else one side a player."""
        ...

    def cards(self, state: StateT) -> Counter[str]:
        """Every card of the game wherever it lies, by name: hands, draw piles,
        discards and the cards laid on piles. Where a state keeps only pile tops (The
        Game, Face to Face), the laid cards are the deck minus the cards still held,
        so a card held twice or a card foreign to the deck changes the count. No
        move changes this multiset (the conformance test checks it)."""
        ...

    def deal(self, players: int, seed: int) -> StateT:
        """The starting position of a fresh deal of the game's default variant for
        ``players``, shuffled by ``seed`` (the same seed, the same deal): The Game
        with cards 2..99 and no expert rules, player 1 to move (TG-2, TG-9, TG-11);
        Face to Face with cards 2..59, player 1 to move (FF-1, FF-7); UNO's official
        rules with player 1 dealing, its first card turned (UN-2, UN-7; the seed also
        fixes every reshuffle, UN-9); Sequence in three sides for 3 or 9 players and
        two otherwise, player 1 to move (SQ-2, SQ-3).

        It is the deal ``playable deal NAME --players PLAYERS --seed SEED`` writes.
        A player count outside :attr:`player_counts` raises
        :class:`~playable.solver.core.errors.InvalidVariant` naming the allowed ones.
        """
        ...

    def deal_text(self, players: int, seed: int) -> str:
        """The file of :meth:`deal`'s deal as ``playable deal`` writes it
        (docs/notation.md): a ``deal`` file (a ``position`` for Sequence, whose deal
        is its starting position); ``parse(deal_text(p, s)) == deal(p, s)``."""
        ...


# ------------------------------------------------------------ the shared delegation


class _HasTurn(Protocol):
    @property
    def to_move(self) -> int: ...


S = TypeVar("S", bound=_HasTurn)
S_in = TypeVar("S_in", contravariant=True)
M = TypeVar("M")


class PositionNotation(Protocol[S_in]):
    """What :class:`ReferenceGame` uses of a game's ``notation`` module."""

    def format_position(self, state: S_in, /) -> str: ...

    def position_to_json(self, state: S_in, /) -> dict[str, Any]: ...


class ReferenceRules(Protocol[S, M]):
    """What :class:`ReferenceGame` uses of a game's ``rules`` module."""

    def legal_moves(self, state: S, /) -> list[M]: ...

    def apply(self, state: S, move: M, /) -> S: ...

    def is_terminal(self, state: S, /) -> bool: ...


@dataclass(frozen=True)
class Dealt(Generic[S]):
    """A fresh deal: its starting position and its file as ``playable deal`` writes it."""

    state: S
    text: str


class ReferenceGame(ABC, Generic[S, M]):
    """The part of :class:`Game` every game implements alike, straight over its
    reference modules: the position file and JSON from ``notation``, the legal moves,
    their effect and the end of the game from ``rules`` (so ``apply`` raises the
    rules' own ``IllegalMove``), the player to move from the state, the check of a fresh
    deal's player count. Each game's class adds the rest (parsing, players, moves as
    text, the outcome, the cards, its default deal)."""

    def __init__(self, notation: PositionNotation[S], rules: ReferenceRules[S, M]) -> None:
        self._notation = notation
        self._rules = rules

    def format(self, state: S) -> str:
        return self._notation.format_position(state)

    def to_json(self, state: S) -> dict[str, Any]:
        return self._notation.position_to_json(state)

    def to_move(self, state: S) -> int:
        return state.to_move

    def legal_moves(self, state: S) -> list[M]:
        return self._rules.legal_moves(state)

    def apply(self, state: S, move: M) -> S:
        return self._rules.apply(state, move)

    def is_terminal(self, state: S) -> bool:
        return self._rules.is_terminal(state)

    def step_to_json(self, player: int, moves: Sequence[M]) -> dict[str, Any]:
        return {"player": player, "move": " ".join(str(m) for m in moves)}

    def sides(self, state: S) -> tuple[int, ...]:
        """One side in a cooperative game, else one side a player; a game with
        partners overrides it."""
        players = self.players(state)
        return (0,) * players if self.cooperative else tuple(range(players))

    #: declared by each game's class (the Game protocol)
    title: str
    player_counts: tuple[int, ...]
    cooperative: bool

    def deal(self, players: int, seed: int) -> S:
        return self._dealt(self._allowed(players), seed).state

    def deal_text(self, players: int, seed: int) -> str:
        return self._dealt(self._allowed(players), seed).text

    def _allowed(self, players: int) -> int:
        """``players`` if the game allows that many (:attr:`player_counts`), else
        :class:`InvalidVariant` in one line naming the counts it allows."""
        if players not in self.player_counts:
            counts = self.player_counts
            if len(counts) == 1:
                allowed = str(counts[0])
            elif counts == tuple(range(counts[0], counts[-1] + 1)):
                allowed = f"{counts[0]} to {counts[-1]}"
            else:
                allowed = f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}"
            raise InvalidVariant(f"{self.title} is played by {allowed} players, not {players}")
        return players

    @abstractmethod
    def _dealt(self, players: int, seed: int) -> Dealt[S]:
        """The fresh deal of :meth:`Game.deal` for an allowed player count (each
        game's class says which variant and how the seed shuffles)."""

    @abstractmethod
    def players(self, state: S) -> int:
        """How many players take part (each game's class says)."""

    @abstractmethod
    def returns(self, state: S) -> tuple[int, ...]:
        """The outcome of a finished game (each game's class says)."""

    def win_returns(self, state: S) -> tuple[int, ...]:
        """The returns, which say who won in every game but UNO (its class says)."""
        return self.returns(state)
