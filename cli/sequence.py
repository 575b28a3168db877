"""`playable deal|show|analyse|solve|simulate|play sequence`: Sequence's commands."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from playable.cli import estimates
from playable.cli.budget import Memory, Nodes, Seconds, budget_from
from playable.cli.dispatch import add_game_commands, show_position
from playable.cli.io import fail, print_json, read_source, stdout, write_dealt
from playable.cli.option_groups import with_options
from playable.cli.options import Output, Workers, bot_option, renamed, seat_bots
from playable.cli.play import RecordFile
from playable.cli.progress import warm_up
from playable.cli.simulate import Games, GameSeed, SimulationDb, play_games
from playable.solver.core.errors import InvalidVariant
from playable.solver.core.result import SolveResult, Status
from playable.solver.sequence import notation
from playable.solver.sequence.board import CORNERS, GRID, SIZE, cell_name, line_name
from playable.solver.sequence.display import CORNER_LABEL, cell_label, chip_legend
from playable.solver.sequence.game import default_sides, shuffled_deal
from playable.solver.sequence.rules import COLOURS, EMPTY, State, Variant

if TYPE_CHECKING:
    from playable.solver.sequence.analysis import Analysis

GAME = "sequence"

FileArg = Annotated[str, typer.Argument(help="A position file ('-' for stdin).")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]

#: rich styles of the chips of sides 0-2 (blue, green, red).
_STYLE = ("bold white on blue", "bold black on green", "bold white on red")
_SIDE_NAME = ("blue", "green", "red")


def side_name(side: int) -> str:
    return f"{_SIDE_NAME[side]} ({COLOURS[side]})"


def side_bots(default: str) -> Any:
    """``--bot`` of simulate and play: Sequence's bots, one for all sides or one each."""
    return bot_option(
        f"Bot per side (random, greedy, stronger, seat or seat-search; default {default}): "
        "one for all or one per side (repeat --bot)."
    )


def variant_from(players: int, sides: int | None) -> Variant:
    try:
        return Variant(players, sides if sides is not None else default_sides(players))
    except InvalidVariant as error:
        fail(str(error))


def load(file: str) -> State:
    text, source = read_source(file)
    return notation.parse_position(text, source)


def deal_command(
    players: Annotated[int, typer.Option(help="Players 2-12 (SQ-3).", min=2, max=12)] = 2,
    sides: Annotated[int | None, typer.Option(help="Sides 2 or 3 (SQ-3).", min=2, max=3)] = None,
    seed: Annotated[int, typer.Option(help="Shuffle the two decks with this seed.")] = 0,
    first: Annotated[int, typer.Option(help="Player who starts (1-based).", min=1, max=12)] = 1,
    output: Output = None,
    json: Json = False,
) -> None:
    """Deal a game of Sequence and write its starting position (SQ-2, SQ-3)."""
    variant = variant_from(players, sides)
    if not 1 <= first <= players:
        fail(f"--first must be 1..{players}, got {first}")
    state = shuffled_deal(variant, seed, first - 1)
    write_dealt(notation.format_position(state), notation.position_to_json(state), output, json)


def render_board(state: State, highlight: frozenset[int] = frozenset()) -> Table:
    """The 10x10 board: each space shows its card, chips as coloured backgrounds and
    as letters (lower case, upper case when locked, SQ-7: readable without colour,
    :mod:`playable.solver.sequence.display`), ``highlight`` cells reversed and marked ``!``."""
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
            label = cell_label(GRID[cell], chip, cell in locked, cell in highlight)
            if cell in CORNERS:
                text = Text(CORNER_LABEL, style="bold yellow on grey23")
            elif chip == EMPTY:
                text = Text(label, style="grey70")
            else:
                style = _STYLE[chip] + (" underline" if cell in locked else "")
                text = Text(label, style=style)
            if cell in highlight:
                text.stylize("reverse")
            cells.append(text)
        board.add_row(Text(f"{r} ", style="dim"), *cells)
    return board


def render(state: State, highlight: frozenset[int] = frozenset()) -> Panel:
    """The position as a rich panel: the board in colour, sequences, hands, piles
    (``highlight``: spaces to mark)."""
    v = state.variant
    body = Table.grid()
    body.add_row(render_board(state, highlight))
    body.add_row("")
    seqs = ", ".join(f"{_SIDE_NAME[s.side]} {line_name(s.line)}" for s in state.sequences)
    body.add_row(f"sequences: {seqs or 'none'} (each side needs {v.sequences_to_win}, SQ-8)")
    body.add_row(Text(chip_legend(v.sides), style="dim"))
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


@with_options("estimating", estimates.Estimating)
def analyse_command(
    file: FileArg,
    depth: Annotated[
        int, typer.Option(help="Also prove a forced win within N own turns (0: skip).", min=0)
    ] = 0,
    seconds: Seconds = None,
    nodes: Nodes = None,
    memory: Memory = 64,
    json: Json = False,
    *,
    estimating: estimates.Estimating,
) -> None:
    """Sequences, open lines, threats and the best move; with --depth N a proof search.
    Unless a forced win is proven, the tree search proves or estimates every move and
    recommends one (docs/analysis.md).

    Exit code 0 when the analysis is complete, 3 when the proof search ran out of
    budget or needed an unknown card.
    """
    from playable.solver.sequence.analysis import analyse

    state = load(file)
    report = analyse(state)
    proof = None
    if depth > 0 and state.winner is None:
        from playable.solver.sequence.search import forced_win
        from playable.solver.sequence.search import warm_up as load_kernel

        warm_up(load_kernel, json)
        proof = forced_win(state, depth, budget_from(seconds, nodes, memory, json), fastest=False)
    document = report.to_json(proof)
    if not json:
        stdout.print(render_analysis(report))
        if proof is not None:
            stdout.print(render_proof(proof))
            if proof.status == Status.SOLVED:
                stdout.print(f"[bold]best move (proven): {proof.line[0].text}[/]")
    estimates.add_estimates("sequence", state, document, estimating, (seconds, nodes), json)
    if json:
        print_json(document)
    if proof is not None and proof.status == Status.UNKNOWN:
        raise typer.Exit(3)


def render_analysis(report: Analysis) -> Table:
    state = report.state
    v = state.variant
    threat_cells = frozenset(t.cell for ts in report.threats.values() for t in ts)
    body = Table.grid()
    body.add_row(render(state, threat_cells))
    body.add_row(Text("threat spaces are shown reversed and marked !", style="dim"))
    lines = Table(title="open lines by chips needed (SQ-7)", box=None, padding=(0, 1))
    lines.add_column("side")
    lines.add_column("sequences")
    for k in range(1, 6):
        lines.add_column(f"need {k}", justify="right")
    lines.add_column("threat spaces (one chip completes a sequence)")
    for side in range(v.sides):
        by = report.open_lines[side]
        spaces = " ".join(f"{cell_name(t.cell)}({line_name(t.line)})" for t in report.threats[side])
        lines.add_row(
            Text(_SIDE_NAME[side], style=_STYLE[side]),
            f"{state.sequence_count(side)}/{v.sequences_to_win}",
            *(str(by[k]) for k in range(1, 6)),
            spaces or "-",
        )
    body.add_row(lines)
    if state.winner is not None:
        body.add_row(f"[bold]the game is over: {side_name(state.winner)} has won (SQ-8)[/]")
        return body
    who = f"player {state.to_move + 1} ({_SIDE_NAME[state.side]})"
    if report.winning_moves:
        wins = " ".join(str(m) for m in report.winning_moves)
        body.add_row(f"[bold green]{who} wins now with:[/] {wins}")
    else:
        body.add_row(f"{who} has no winning move this turn")
    danger = [t for side, ts in report.threats.items() if side != state.side for t in ts]
    if danger:
        spaces = " ".join(sorted({cell_name(t.cell) for t in danger}))
        body.add_row(f"[bold red]opponent threats to block:[/] {spaces}")
    top = Table(title=f"best moves (evaluation {report.evaluation:+d})", box=None, padding=(0, 1))
    top.add_column("move")
    top.add_column("gain", justify="right")
    for g, m in report.ranked[:5]:
        top.add_row(str(m), f"{g:+d}")
    body.add_row(top)
    if report.best is not None:
        body.add_row(f"[bold]best move by evaluation: {report.best}[/]")
    return body


def render_proof(result: SolveResult) -> str:
    n = result.extra["max_turns"]
    counters = f"({result.nodes} nodes, {result.tt_entries} table entries, {result.seconds:.2f} s)"
    if result.status == Status.SOLVED:
        line = " ".join(f"{s.player + 1}:{s.text}" for s in result.line)
        return (
            f"[bold green]forced win {'in' if result.proven_optimal else 'within'} "
            f"{result.objective} own turn(s)[/] against any defence "
            f"{counters}\n  line (one defence shown): {line}"
        )
    if result.status == Status.UNSOLVABLE:
        return f"[bold]no forced win within {n} own turn(s)[/] {counters}"
    return f"[bold yellow]unknown[/]: {result.extra.get('reason', '')} {counters}"


@with_options("estimating", estimates.EstimateBudget)
def solve_command(
    file: FileArg,
    engine: Annotated[
        str,
        typer.Option(help="search (forced win) or cpsat (fewest own turns playing alone)."),
    ] = "search",
    depth: Annotated[
        int, typer.Option(help="Horizon in own turns (as analyse --depth).", min=1, max=200)
    ] = 3,
    seconds: Seconds = None,
    nodes: Nodes = None,
    memory: Memory = 64,
    json: Json = False,
    turns: Annotated[int | None, typer.Option(hidden=True, min=1, max=200)] = None,
    *,
    estimating: estimates.EstimateBudget,
) -> None:
    """Forced win within DEPTH own turns (search) or the fewest turns to win (cpsat).
    Where the search decides nothing in its budget, the tree search still estimates
    every move and recommends one (labelled as estimates, docs/analysis.md).

    Exit codes: 0 solved, 1 proven impossible within the horizon, 3 unknown.
    """
    turns = renamed("--turns", "--depth", turns, depth) or depth
    state = load(file)
    budget = budget_from(seconds, nodes, memory, json)
    if engine == "search":
        from playable.solver.sequence.search import forced_win
        from playable.solver.sequence.search import warm_up as load_kernel

        warm_up(load_kernel, json)
        result = forced_win(state, turns, budget, fastest=False)
        text = render_proof(result)
    elif engine == "cpsat":
        from playable.solver.sequence.cpsat import distance_to_win

        result = distance_to_win(state, turns, budget)
        text = render_distance(result)
    else:
        fail(f"unknown engine '{engine}'; choose search or cpsat")
    document = result.to_json()
    if not json:
        stdout.print(text)
    if engine == "search" and result.status is Status.UNKNOWN:
        estimates.estimate_unsolved(GAME, state, document, estimating, (seconds, nodes), json)
    if json:
        print_json(document)
    raise typer.Exit(result.status.exit_code)


def render_distance(result: SolveResult) -> str:
    note = result.extra.get("exactness", "")
    counters = f"({result.seconds:.2f} s, {result.extra.get('solver_status', '')})"
    if result.status == Status.SOLVED:
        line = " ".join(s.text for s in result.line)
        turns = f"{result.objective} own turn(s) to win"
        if not result.proven_optimal:
            turns = f"at most {result.objective} own turn(s) to win (at least {result.bound})"
        return f"[bold green]{turns}[/] {counters}\n  plan: {line}\n  {note}"
    if result.status == Status.UNSOLVABLE:
        return (
            f"[bold]cannot win within {result.extra['max_turns']} own turns[/] {counters}\n  {note}"
        )
    bound = f" (at least {result.bound} own turns)" if result.bound is not None else ""
    return f"[bold yellow]unknown[/]: {result.extra.get('reason', '')}{bound} {counters}"


def simulate_command(
    sides: Annotated[int, typer.Option(help="Sides 2 or 3 (SQ-3).", min=2, max=3)] = 2,
    players: Annotated[
        int | None, typer.Option(help="Players (default: one per side).", min=2, max=12)
    ] = None,
    bot: Annotated[list[str] | None, side_bots("greedy, then random")] = None,
    games: Games = 100,
    seed: GameSeed = 0,
    max_turns: Annotated[
        int, typer.Option(help="Stop a game after this many turns.", min=1, max=1_000_000)
    ] = 2000,
    workers: Workers = 2,
    db: SimulationDb = None,
    json: Json = False,
    strategies: Annotated[str | None, typer.Option("--strategies", hidden=True)] = None,
) -> None:
    """Play bots against each other; win rates with 95% Wilson intervals."""
    from playable.solver.sequence.players import STRATEGIES
    from playable.solver.sequence.simulate import Simulation, store_config, summarise

    variant = variant_from(players or sides, sides)
    old = None if strategies is None else [s.strip() for s in strategies.split(",")]
    given = renamed("--strategies", "--bot", old, bot) or ["greedy"] + ["random"] * (sides - 1)
    names = seat_bots(given, sides, STRATEGIES, "side")
    if games < 1:
        fail("--games must be 1 or more")
    simulation = Simulation(variant, tuple(names), max_turns)
    rows = play_games(simulation, store_config(simulation), seed, games, db, workers, json)
    result = summarise(simulation, rows, seed)
    if json:
        print_json(result.to_json())
        return
    table = Table(
        title=f"Sequence: {games} games, {variant.players} players, {sides} sides, seed {seed}"
    )
    table.add_column("side")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate [95% Wilson]", justify="right")
    for s in range(sides):
        table.add_row(
            Text(_SIDE_NAME[s], style=_STYLE[s]), names[s], str(result.wins[s]), str(result.rate(s))
        )
    stdout.print(table)
    stdout.print(
        f"unfinished (turn limit {max_turns}): {result.unfinished}; "
        f"mean turns per game: {result.mean_turns:.1f}; seats rotate every game"
    )


def play_command(
    file: Annotated[
        str | None,
        typer.Argument(help="A position file ('-' for stdin).", show_default=False),
    ] = None,
    bot: Annotated[list[str] | None, side_bots("stronger")] = None,
    players: Annotated[
        int, typer.Option(help="Players 2-12 (a new deal, SQ-3).", min=2, max=12)
    ] = 2,
    sides: Annotated[
        int | None, typer.Option(help="Sides 2 or 3 (a new deal, SQ-3).", min=2, max=3)
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Deal with this seed (default 0); seeds the bots.")
    ] = None,
    first: Annotated[
        int | None, typer.Option(help="Player who starts a new deal (1-based).", min=1, max=12)
    ] = None,
    max_turns: Annotated[
        int, typer.Option(help="Stop the game after this many turns.", min=1, max=1_000_000)
    ] = 2000,
    json: Json = False,
    record: RecordFile = None,
) -> None:
    """Play a deal or position out with one bot per side (each player sees only its
    own hand, the board and the discards), every move through the rules; print the
    line and the side that won (SQ-8). Random bots are seeded with --seed (0 for a
    file). Exit code 0 once the game is over (whichever side won), 3 when --max-turns
    stopped it first."""
    from playable.cli.play import moves_json, play_out, report
    from playable.solver.sequence.game import GAME as RULES
    from playable.solver.sequence.players import STRATEGIES
    from playable.solver.sequence.simulate import SeatBots

    if file is not None:
        if players != 2 or sides is not None or seed is not None or first is not None:
            fail("give a FILE or deal options (--players, --sides, --seed, --first), not both")
        state = load(file)
    else:
        variant = variant_from(players, sides)
        if first is not None and first > players:
            fail(f"--first must be 1..{players}, got {first}")
        state = shuffled_deal(variant, seed or 0, 0 if first is None else first - 1)
    variant = state.variant
    names = seat_bots(bot or ["stronger"], variant.sides, STRATEGIES, "side")
    played = play_out(RULES, state, SeatBots(variant, names, seed or 0), max_turns)

    def player_name(player: int) -> str:
        return f"player {player + 1} ({_SIDE_NAME[variant.side_of(player)]})"

    report(RULES, state, names, played, moves_json, player_name, json, record)


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add Sequence's subcommands and its ``show`` to the verb groups."""
    add_game_commands(verbs, sys.modules[__name__], show_position(GAME, render))
