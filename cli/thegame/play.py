"""`playable deal|show|play thegame`: deal, draw and play out The Game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel
from rich.table import Table

from playable.cli.dispatch import SHOW
from playable.cli.io import print_json, stdout, write_dealt, write_text
from playable.cli.options import Bots, renamed, team_bot
from playable.cli.play import RecordFile
from playable.cli.thegame.options import (
    GAME,
    Deck,
    Expert,
    ExpertHand,
    FileArg,
    First,
    Json,
    MaxCard,
    Players,
    Seed,
    deal_from_options,
    load,
    start_of,
    variant_from,
)
from playable.solver.core.line import replay
from playable.solver.core.record import format_record
from playable.solver.thegame import notation
from playable.solver.thegame.game import GAME as THE_GAME
from playable.solver.thegame.players import STRATEGIES, play_out
from playable.solver.thegame.rules import END_TURN, State


def deal_command(
    players: Players = None,
    expert: Expert = False,
    expert_hand: ExpertHand = False,
    max_card: MaxCard = 99,
    seed: Seed = None,
    deck: Deck = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to FILE.")] = None,
    json: Json = False,
) -> None:
    """Deal a game of The Game: the order of every card (TG-11) and the variant."""
    d = deal_from_options(variant_from(players, expert, expert_hand, max_card), seed, deck)
    write_dealt(notation.format_deal(d), notation.deal_to_json(d), output, json)


def show(text: str, source: str, json: bool) -> None:
    """Draw a deal or position: piles, hands, draw pile size."""
    state = start_of(notation.parse(text, source), None)
    if json:
        print_json(notation.position_to_json(state))
        return
    stdout.print(render(state))


def render(state: State) -> Panel:
    """The position as a rich panel."""
    v = state.variant
    piles = Table.grid(padding=(0, 3))
    for pile, top in enumerate(state.piles):
        arrow = "[green]↑ ascending[/]" if pile < 2 else "[red]↓ descending[/]"
        piles.add_row(f"pile {pile}", f"[bold]{top:>3}[/]", arrow)
    hands = Table(show_edge=False, box=None, padding=(0, 1))
    hands.add_column("player")
    hands.add_column("hand")
    for p, hand in enumerate(state.hands):
        marker = "[bold yellow]▶[/]" if p == state.to_move else " "
        hands.add_row(f"{marker} {p + 1}", " ".join(f"{c:>2}" for c in hand) or "-")
    options = [f"{v.players} player{'s' if v.players > 1 else ''}", f"cards 2..{v.max_card}"]
    if v.expert:
        options.append("expert minimum")
    if v.expert_hand:
        options.append("expert hand")
    info = (
        f"draw pile: [bold]{len(state.draw)}[/] cards   "
        f"player {state.to_move + 1} to move, laid {state.laid} of minimum {state.minimum}   "
        f"cards left: {state.cards_left}"
    )
    body = Table.grid()
    body.add_row(piles)
    body.add_row("")
    body.add_row(hands)
    body.add_row("")
    body.add_row(info)
    return Panel(body, title="The Game", subtitle=", ".join(options), expand=False)


def play_command(
    file: FileArg = None,
    bot: Bots = None,
    first: First = None,
    players: Players = None,
    expert: Expert = False,
    expert_hand: ExpertHand = False,
    max_card: MaxCard = 99,
    seed: Seed = None,
    deck: Deck = None,
    json: Json = False,
    record: RecordFile = None,
    strategy: Annotated[str | None, typer.Option("--strategy", hidden=True)] = None,
) -> None:
    """Play a deal out with a bot (--bot greedy, the default; the whole team plays it)
    through the reference rules; print the line and score (TG-8). Exit code 0 when the
    bot lays every card (won, TG-7), 1 when cards are left."""
    (strategy,) = team_bot(
        renamed("--strategy", "--bot", None if strategy is None else [strategy], bot), STRATEGIES
    )
    state = start_of(load(file, players, expert, expert_hand, max_card, seed, deck), first)
    result = play_out(state, STRATEGIES[strategy]())
    cards_left = result.cards_left
    if record is not None:  # every turn's plays, ended unless they won the game (TG-7)
        steps = replay(THE_GAME, state, result.turns)
        moves = [m for s in steps for m in (*s.moves, *([] if s.after.is_won else [END_TURN]))]
        write_text(record, format_record(THE_GAME, state, moves), "--record")
    if json:
        print_json(
            {
                "game": GAME,
                "strategy": strategy,
                "first_player": state.to_move,
                "line": notation.line_to_json(result.turns),
                "cards_left": cards_left,
                "won": cards_left == 0,
                "excellent": cards_left < 10,
            }
        )
    else:
        for number, (player, plays) in enumerate(result.turns, start=1):
            cards = " ".join(str(p) for p in plays)
            stdout.print(f"{number:>3}. player {player + 1}: {cards}")
        verdict = "won!" if cards_left == 0 else ("excellent" if cards_left < 10 else "lost")
        stdout.print(f"[bold]cards left: {cards_left}[/] {verdict} ({strategy}, TG-8)")
    # README exit codes: 0 won (every card laid, TG-7), 1 lost (cards left, TG-8).
    raise typer.Exit(0 if cards_left == 0 else 1)


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add The Game's subcommands to the verb groups."""
    verbs["deal"].command(GAME)(deal_command)
    verbs["play"].command(GAME)(play_command)
    SHOW[GAME] = show
