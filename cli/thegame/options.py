"""Options and loaders shared by The Game's commands (deal, play, solve, analyse, ...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

import typer

from playable.cli.io import fail
from playable.cli.option_groups import FreshDeal
from playable.cli.options import Json as Json  # the one --json, re-exported
from playable.cli.options import MaxCard as MaxCard
from playable.cli.options import PileFile
from playable.solver.core.errors import InvalidVariant
from playable.solver.thegame import notation
from playable.solver.thegame.game import shuffled_deal
from playable.solver.thegame.rules import State, Variant

GAME = "thegame"

# Options shared by every command that reads a deal (deal, play, solve, analyse).
FileArg = PileFile
Players = Annotated[int | None, typer.Option(help="Players 1-5 (TG-2). [default: 1]", min=1, max=5)]
Expert = Annotated[bool, typer.Option("--expert", help="Expert minimum: 3 cards a turn (TG-5).")]
ExpertHand = Annotated[bool, typer.Option("--expert-hand", help="One card fewer in hand (TG-6).")]
Seed = Annotated[int | None, typer.Option(help="Shuffle the deck with this seed.")]
Deck = Annotated[
    str | None, typer.Option(help="Every card in deal order (TG-11), comma-separated.")
]
First = Annotated[
    int | None, typer.Option(help="Player who starts a fresh deal (TG-9); default 1.")
]


def variant_from(players: int | None, expert: bool, expert_hand: bool, max_card: int) -> Variant:
    try:
        return Variant(1 if players is None else players, expert, expert_hand, max_card)
    except InvalidVariant as error:
        fail(str(error))


def deal_from_options(variant: Variant, seed: int | None, deck: str | None) -> notation.Deal:
    """A deal from ``--seed`` or ``--deck`` (exactly one of them; neither means seed 0)."""
    if seed is not None and deck is not None:
        fail("give --seed or --deck, not both")
    if deck is None:
        return shuffled_deal(variant, seed or 0)
    return notation.parse_deck(deck, variant)


@dataclass(frozen=True)
class VariantOptions:
    """The options of a variant (players TG-2, expert minimum TG-5, expert hand TG-6,
    cards 2..N), declared once for every command that plays, solves or studies a
    variant (cli/option_groups.py)."""

    players: Players = None
    expert: Expert = False
    expert_hand: ExpertHand = False
    max_card: MaxCard = 99

    def variant(self) -> Variant:
        """The variant these options give; one usage line if the rules refuse it."""
        return variant_from(self.players, self.expert, self.expert_hand, self.max_card)


@dataclass(frozen=True)
class DealOptions(VariantOptions, FreshDeal[notation.Deal, State], notation=notation):
    """The options that deal a fresh game instead of reading a FILE, declared once for
    ``deal``, ``play``, ``solve`` and ``analyse thegame`` (cli/option_groups.py): the
    variant's, then the deal's order by seed or deck."""

    either: ClassVar[str] = "give a FILE or deal options (--players, --seed, --deck, ...), not both"

    seed: Seed = None
    deck: Deck = None

    def deal(self) -> notation.Deal:
        """The deal these options give (TG-11)."""
        return deal_from_options(self.variant(), self.seed, self.deck)


def start_of(game: notation.Deal | State, first: int | None) -> State:
    """A position: the deal started by player ``first`` (1-based, default 1), or the
    position itself (where ``first`` is refused: the position says who is to move)."""
    if isinstance(game, State):
        if first is not None:
            fail("--first applies to a fresh deal, not to a position in progress")
        return game
    first = 1 if first is None else first
    if not 1 <= first <= game.variant.players:
        fail(f"--first must be 1..{game.variant.players}, got {first}")
    return game.start(first - 1)
