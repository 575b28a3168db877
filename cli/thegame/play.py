"""`playable deal|show|play thegame`: deal, draw and play out The Game."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.panel import Panel
from rich.table import Table

from playable.cli.dispatch import add_game_commands, show_position
from playable.cli.io import print_json, stdout, write_text
from playable.cli.option_groups import deal_command as deal_command_of
from playable.cli.option_groups import with_options
from playable.cli.options import Bots, renamed, team_bot
from playable.cli.play import RecordFile
from playable.cli.thegame.options import GAME, DealOptions, FileArg, First, Json, start_of
from playable.solver.core.line import replay
from playable.solver.core.record import format_record
from playable.solver.thegame import notation
from playable.solver.thegame.game import GAME as THE_GAME
from playable.solver.thegame.players import STRATEGIES, play_out
from playable.solver.thegame.rules import END_TURN, State

deal_command = deal_command_of(
    DealOptions, "Deal a game of The Game: the order of every card (TG-11) and the variant."
)


def render(state: State) -> Panel:
    """A deal or position as a rich panel: piles, hands, draw pile size."""
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


@with_options("options", DealOptions, in_place=True)
def play_command(
    file: FileArg = None,
    bot: Bots = None,
    first: First = None,
    *,
    options: DealOptions,
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
    state = start_of(options.load(file), first)
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
    """Add `deal` and `play thegame` and The Game's ``show`` to the verb groups."""
    add_game_commands(verbs, sys.modules[__name__], show_position(GAME, render))
