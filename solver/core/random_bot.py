"""The random bot of the games of one move a turn (UNO, Sequence): a uniformly random
legal move, drawn from the bot's own generator, so a game of bots is repeated exactly
by its seeds (each game's simulate.py seeds each seat's bot).

A game's ``players.py`` derives its ``RandomPlayer`` from :class:`RandomBot` and adds
``choose``, where its legal moves come from (the position, or the seat's view).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

M = TypeVar("M")


@dataclass
class RandomBot:
    """The seed, the strategy name ``random`` and the generator of a random bot;
    :meth:`stream` says how ``seed`` seeds the generator."""

    seed: int = 0
    name: str = "random"
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.stream())

    def stream(self) -> int | str:
        """What seeds the generator: ``seed`` itself (a game may keep another form,
        so that its bots keep the games they always played)."""
        return self.seed

    def pick(self, moves: Sequence[M]) -> M:
        """One of ``moves``, uniformly."""
        return self.rng.choice(moves)
