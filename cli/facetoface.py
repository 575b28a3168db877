"""`playable deal|show|solve|analyse|simulate facetoface`: Face to Face's commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel
from rich.table import Table

from cli.dispatch import SHOW
from cli.io import fail, print_json, read_source, stdout
from solver.core.errors import InvalidVariant
from solver.facetoface import notation
from solver.facetoface.rules import State, Variant, shuffled_decks

GAME = "facetoface"

FileArg = Annotated[
    str | None, typer.Argument(help="A deal or position file ('-' for stdin).", show_default=False)
]
MaxCard = Annotated[int, typer.Option(help="Highest card: cards 2..N, piles 1 and N+1.")]
Seed = Annotated[int | None, typer.Option(help="Shuffle both decks with this seed.")]
DeckA = Annotated[
    str | None, typer.Option(help="Player 1's cards, top first (FF-1), comma-separated.")
]
DeckB = Annotated[
    str | None, typer.Option(help="Player 2's cards, top first (FF-1), comma-separated.")
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]


def variant_from(max_card: int) -> Variant:
    try:
        return Variant(max_card)
    except InvalidVariant as error:
        fail(str(error))


def deal_from_options(
    variant: Variant, seed: int | None, deck_a: str | None, deck_b: str | None
) -> notation.Deal:
    """A deal from ``--seed`` or ``--deck-a`` and ``--deck-b`` (neither means seed 0)."""
    if seed is not None and (deck_a is not None or deck_b is not None):
        fail("give --seed or --deck-a/--deck-b, not both")
    if deck_a is None and deck_b is None:
        a, b = shuffled_decks(variant, seed or 0)
        return notation.Deal(variant, tuple(a), tuple(b))
    if deck_a is None or deck_b is None:
        fail("give both --deck-a and --deck-b")
    return notation.Deal(
        variant,
        notation.parse_deck(deck_a, variant, "--deck-a"),
        notation.parse_deck(deck_b, variant, "--deck-b"),
    )


def load(
    file: str | None, max_card: int, seed: int | None, deck_a: str | None, deck_b: str | None
) -> notation.Deal | State:
    """The deal or position a command works on: from FILE, or from the deal options."""
    if file is not None:
        if max_card != 59 or seed is not None or deck_a is not None or deck_b is not None:
            fail("give a FILE or deal options (--seed, --deck-a, --deck-b, ...), not both")
        text, source = read_source(file)
        return notation.parse(text, source)
    return deal_from_options(variant_from(max_card), seed, deck_a, deck_b)


def deal_command(
    max_card: MaxCard = 59,
    seed: Seed = None,
    deck_a: DeckA = None,
    deck_b: DeckB = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to FILE.")] = None,
    json: Json = False,
) -> None:
    """Deal a game of Face to Face: each player's 58 cards, top first (FF-1)."""
    d = deal_from_options(variant_from(max_card), seed, deck_a, deck_b)
    text = notation.format_deal(d)
    if output is not None:
        output.write_text(text, encoding="utf-8")
    if json:
        print_json(notation.deal_to_json(d))
    elif output is None:
        stdout.out(text, end="")


def show(text: str, source: str, json: bool) -> None:
    """Draw a deal (player 1 to move) or a position: piles, hands, draw piles."""
    state = notation.parse_position(text, source)
    if json:
        print_json(notation.position_to_json(state))
        return
    stdout.print(render(state))


def render(state: State) -> Panel:
    """The position as a rich panel."""
    table = Table(show_edge=False, box=None, padding=(0, 2))
    for column in ("player", "↑ up", "↓ down", "hand", "draw", "cards left"):
        table.add_column(column)
    for p in (0, 1):
        marker = "[bold yellow]▶[/]" if p == state.to_move else " "
        up, down = state.piles[p]
        table.add_row(
            f"{marker} {p + 1}",
            f"[green]{up}[/]",
            f"[red]{down}[/]",
            " ".join(f"{c:>2}" for c in state.hands[p]) or "-",
            str(len(state.draws[p])),
            str(state.cards_left(p)),
        )
    info = (
        f"player {state.to_move + 1} to move; laid this turn: {state.laid_own} on own piles, "
        f"{state.laid_opp} on the opponent's"
    )
    body = Table.grid()
    body.add_row(table)
    body.add_row("")
    body.add_row(info)
    return Panel(
        body,
        title="The Game: Face to Face",
        subtitle=f"cards 2..{state.variant.max_card}",
        expand=False,
    )


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add Face to Face's subcommands to the verb groups."""
    verbs["deal"].command(GAME)(deal_command)
    SHOW[GAME] = show
