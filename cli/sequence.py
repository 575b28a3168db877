"""`playable deal|show|analyse|solve|simulate sequence`: Sequence's commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cli.dispatch import SHOW
from cli.io import fail, print_json, read_source, stdout
from solver.core.errors import InvalidVariant
from solver.sequence import notation
from solver.sequence.board import CORNERS, GRID, SIZE, line_name
from solver.sequence.rules import COLOURS, EMPTY, State, Variant, deal, shuffled_deck

GAME = "sequence"

FileArg = Annotated[str, typer.Argument(help="A position file ('-' for stdin).")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
Seconds = Annotated[float | None, typer.Option(help="Time budget in seconds.")]
Nodes = Annotated[int | None, typer.Option(help="Node budget.")]
Memory = Annotated[int, typer.Option(help="Transposition table memory in MiB.")]

#: rich styles of the chips of sides 0-2 (blue, green, red).
_STYLE = ("bold white on blue", "bold black on green", "bold white on red")
_SIDE_NAME = ("blue", "green", "red")


def side_name(side: int) -> str:
    return f"{_SIDE_NAME[side]} ({COLOURS[side]})"


def variant_from(players: int, sides: int | None) -> Variant:
    try:
        return Variant(players, sides if sides is not None else (3 if players in (3, 9) else 2))
    except InvalidVariant as error:
        fail(str(error))


def load(file: str) -> State:
    text, source = read_source(file)
    return notation.parse_position(text, source)


def deal_command(
    players: Annotated[int, typer.Option(help="Players 2-12 (SQ-3).")] = 2,
    sides: Annotated[int | None, typer.Option(help="Sides 2 or 3 (SQ-3).")] = None,
    seed: Annotated[int, typer.Option(help="Shuffle the two decks with this seed.")] = 0,
    first: Annotated[int, typer.Option(help="Player who starts (1-based).")] = 1,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to FILE.")] = None,
    json: Json = False,
) -> None:
    """Deal a game of Sequence and write its starting position (SQ-2, SQ-3)."""
    variant = variant_from(players, sides)
    if not 1 <= first <= players:
        fail(f"--first must be 1..{players}, got {first}")
    state = deal(variant, shuffled_deck(seed), first - 1)
    text = notation.format_position(state)
    if output is not None:
        output.write_text(text, encoding="utf-8")
    if json:
        print_json(notation.position_to_json(state))
    elif output is None:
        stdout.out(text, end="")


def show(text: str, source: str, json: bool) -> None:
    """Draw a position: the board in colour, sequences, hands, piles."""
    state = notation.parse_position(text, source)
    if json:
        print_json(notation.position_to_json(state))
        return
    stdout.print(render(state))


def render_board(state: State, highlight: frozenset[int] = frozenset()) -> Table:
    """The 10x10 board: each space shows its card, chips as coloured backgrounds,
    locked chips (SQ-7) underlined, ``highlight`` cells framed in yellow."""
    board = Table.grid(padding=(0, 0))
    board.add_column(justify="right")
    for _ in range(SIZE):
        board.add_column(justify="center")
    board.add_row("", *(Text(f" {c} ", style="dim") for c in "abcdefghij"))
    locked = state.locked
    for r in range(SIZE):
        cells: list[Text] = []
        for c in range(SIZE):
            cell = r * SIZE + c
            chip = state.chips[cell]
            if cell in CORNERS:
                text = Text(" ** ", style="bold yellow on grey23")
            elif chip == EMPTY:
                text = Text(f" {GRID[cell]} ", style="grey70")
            else:
                style = _STYLE[chip] + (" underline" if cell in locked else "")
                text = Text(f" {GRID[cell]} ", style=style)
            if cell in highlight:
                text.stylize("reverse")
            cells.append(text)
        board.add_row(Text(f"{r} ", style="dim"), *cells)
    return board


def render(state: State) -> Panel:
    """The position as a rich panel."""
    v = state.variant
    body = Table.grid()
    body.add_row(render_board(state))
    body.add_row("")
    seqs = ", ".join(f"{_SIDE_NAME[s.side]} {line_name(s.line)}" for s in state.sequences)
    body.add_row(f"sequences: {seqs or 'none'} (each side needs {v.sequences_to_win}, SQ-8)")
    hands = Table(show_edge=False, box=None, padding=(0, 1))
    hands.add_column("player")
    hands.add_column("side")
    hands.add_column("hand")
    hands.add_column("discard top")
    for p, hand in enumerate(state.hands):
        marker = "[bold yellow]▶[/]" if p == state.to_move else " "
        side = v.side_of(p)
        top = state.discards[p][-1] if state.discards[p] else "-"
        hands.add_row(
            f"{marker} {p + 1}", Text(_SIDE_NAME[side], style=_STYLE[side]), " ".join(hand), top
        )
    body.add_row(hands)
    info = f"draw pile: {len(state.draw)} known + {state.unknown} unknown cards"
    if state.replaced:
        info += "; a dead card was replaced this turn"
    if state.winner is not None:
        info += f"; [bold]{side_name(state.winner)} has won[/]"
    body.add_row(info)
    return Panel(
        body, title="Sequence", subtitle=f"{v.players} players, {v.sides} sides", expand=False
    )


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add Sequence's subcommands to the verb groups."""
    verbs["deal"].command(GAME)(deal_command)
    SHOW[GAME] = show
