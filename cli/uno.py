"""`playable deal|show|solve|analyse|simulate|play uno`: UNO's commands."""

from __future__ import annotations

import sys
from typing import Annotated, Any, NoReturn

import typer
from rich.panel import Panel
from rich.table import Table

from playable.cli import estimates
from playable.cli.budget import Nodes, Seconds, budget_from
from playable.cli.dispatch import add_game_commands
from playable.cli.io import fail, print_json, read_source, stdout, write_dealt
from playable.cli.option_groups import with_options
from playable.cli.options import MAX_RUN, MAX_SEED, Output, Workers, renamed, seat_bots
from playable.cli.play import RecordFile, seat_name
from playable.cli.progress import warm_up
from playable.cli.simulate import SimulationDb, play_games
from playable.solver.core.budget import Budget
from playable.solver.core.errors import InvalidVariant
from playable.solver.core.jsonkeys import LOSS, WIN, analyse_exit_code
from playable.solver.core.result import Status
from playable.solver.core.stats import Proportion
from playable.solver.uno import notation
from playable.solver.uno.cards import COLOURS, colour_of, is_wild, name
from playable.solver.uno.rules import Deal, Options, Scoring, State, random_deal

GAME = "uno"
#: ``--bot`` of simulate and play: UNO's bots, one for all seats or one per seat.
SeatBot = Annotated[
    list[str] | None,
    typer.Option(
        "--bot",
        help="Bot per seat (random, greedy, heuristic, seat or seat-search; default "
        "heuristic): one for all or one per seat (repeat --bot).",
        show_default=False,
    ),
]

FileArg = Annotated[
    str | None,
    typer.Argument(help="A deal, position or hand file ('-' for stdin).", show_default=False),
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
Stacking = Annotated[bool, typer.Option("--stacking", help="House rule: stack Draw Two / Four.")]
NoReverseSkip = Annotated[
    bool,
    typer.Option("--no-reverse-skips", help="With 2 players Reverse does not act as Skip (UN-5)."),
]
ScoringOpt = Annotated[str, typer.Option(help="UN-10 scoring: standard or alternative.")]
Target = Annotated[
    int, typer.Option(help="Points that end the match (UN-10).", min=1, max=1_000_000)
]
Seeded = Annotated[
    bool,
    typer.Option(
        "--seeded-reshuffles",
        help="Endgame: follow the deal's deterministic reshuffle instead of stopping "
        "at a reshuffle as the end of known information (UN-9).",
    ),
]

PLAYOUT_ENGINES = ("dfs", "kernel", "cpsat")

_COLOUR_STYLE = {0: "red", 1: "yellow", 2: "green", 3: "blue", -1: "magenta"}


def options_from(stacking: bool, no_reverse_skips: bool, scoring: str, target: int) -> Options:
    if scoring not in ("standard", "alternative"):
        fail(f"--scoring must be 'standard' or 'alternative', got '{scoring}'")
    if target < 1:
        fail(f"--target must be positive, got {target}")
    return Options(
        reverse_skips=not no_reverse_skips,
        stacking=stacking,
        scoring=Scoring(scoring),
        target=target,
    )


def dealt(options: Options, players: int, seed: int, dealer: int) -> Deal:
    """The deal of ``seed`` with ``dealer`` (1-based) dealing (UN-2), of ``deal`` and of
    ``play`` without a FILE; a dealer or player count the rules refuse is one line."""
    if not 1 <= dealer <= players:
        fail(f"--dealer must be 1..{players}, got {dealer}")
    try:
        return random_deal(options, players, seed, dealer - 1)
    except InvalidVariant as error:
        fail(str(error))


def deal_command(
    players: Annotated[int, typer.Option(help="Players 2-10.", min=2, max=10)] = 2,
    seed: Annotated[int, typer.Option(help="Shuffle with this seed (and reshuffles).")] = 0,
    dealer: Annotated[int, typer.Option(help="The dealer (UN-2), 1-based.")] = 1,
    stacking: Stacking = False,
    no_reverse_skips: NoReverseSkip = False,
    scoring: ScoringOpt = "standard",
    target: Target = 500,
    output: Output = None,
    json: Json = False,
) -> None:
    """Deal a round of UNO: dealer, hands and the full draw order (UN-2)."""
    d = dealt(options_from(stacking, no_reverse_skips, scoring, target), players, seed, dealer)
    write_dealt(notation.format_deal(d), notation.deal_to_json(d), output, json)


def styled(card: int, colour: int | None = None) -> str:
    text = name(card)
    if is_wild(card) and colour is not None and colour >= 0:
        text += f":{COLOURS[colour]}"
        return f"[bold magenta]{text}[/]"
    return f"[bold {_COLOUR_STYLE[colour_of(card)]}]{text}[/]"


def render_state(s: State) -> Panel:
    table = Table(show_edge=False, box=None, padding=(0, 1))
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("hand")
    for p, hand in enumerate(s.hands):
        marker = "[bold yellow]▶[/]" if p == s.to_move and not s.is_over else " "
        dealer = " (dealer)" if p == s.dealer else ""
        table.add_row(
            f"{marker} {p + 1}{dealer}", str(len(hand)), " ".join(styled(c) for c in hand)
        )
    body = Table.grid()
    body.add_row(table)
    body.add_row("")
    colour = "-" if s.colour < 0 else COLOURS[s.colour]
    body.add_row(
        f"top: {styled(s.top, s.colour)}   colour in force: [bold]{colour}[/]   "
        f"draw pile: {len(s.draw)}   discard: {len(s.discard)}   "
        f"direction: {'left' if s.direction == 1 else 'right'}"
    )
    if s.is_over:
        body.add_row(f"[bold]player {s.winner + 1} won the round[/]")
    else:
        extra = f" (pending {s.pending})" if s.pending else ""
        body.add_row(f"player {s.to_move + 1} to move, phase {s.phase.value}{extra}")
    return Panel(body, title="UNO", subtitle=f"{s.players} players", expand=False)


def show(text: str, source: str, json: bool) -> None:
    """Draw an UNO deal, position or hand file."""
    parsed = notation.parse(text, source)
    if isinstance(parsed, notation.PlayoutHand):
        if json:
            print_json(notation.hand_to_json(parsed))
            return
        stdout.print(
            Panel(
                f"top: {styled(parsed.top, parsed.colour)}  colour: {COLOURS[parsed.colour]}\n"
                f"hand ({len(parsed.hand)}): " + " ".join(styled(c) for c in parsed.hand),
                title="UNO play-out",
                expand=False,
            )
        )
        return
    if isinstance(parsed, Deal):
        if json:
            print_json(notation.deal_to_json(parsed))
            return
        stdout.print(render_state(parsed.start()))
        return
    if json:
        print_json(notation.position_to_json(parsed))
        return
    stdout.print(render_state(parsed))


def _hand_problem(
    file: str | None, hand: str | None, top: str | None, colour: str | None
) -> notation.PlayoutHand | Deal | State:
    if file is not None:
        if hand is not None or top is not None or colour is not None:
            fail("give a FILE or --hand/--top/--colour, not both")
        text, source = read_source(file)
        return notation.parse(text, source)
    if hand is None or top is None:
        fail("give a FILE, or --hand CARDS and --top CARD")
    cards = notation.parse_cards(hand, "--hand")
    top_card, named = notation.parse_top(top, "--top")
    notation.check_hand_copies(hand, top_card, "--hand")
    if colour is not None:
        given = notation.parse_colour_text(colour, "--colour")
        if not is_wild(top_card) and given != colour_of(top_card):
            fail(notation.colour_message(top_card))
        if named is not None and given != named:
            fail(f"--top {top} already names {COLOURS[named]}, --colour says {COLOURS[given]}")
        named = given
    if named is None:
        if is_wild(top_card):
            fail(
                f"a wild on top needs the colour it named: --top {name(top_card)}:green "
                "or --colour green"
            )
        named = colour_of(top_card)
    return notation.PlayoutHand(tuple(cards), top_card, named)


def _print_result(document: dict[str, Any], json: bool, lines: list[str]) -> None:
    if json:
        print_json(document)
        return
    for line in lines:
        stdout.print(line)


@with_options("estimating", estimates.EstimateBudget)
def solve_command(
    file: FileArg = None,
    hand: Annotated[str | None, typer.Option(help="Play-out hand, e.g. R1,G1,W,W4.")] = None,
    top: Annotated[
        str | None, typer.Option(help="The top card, e.g. R5; a wild with its colour: W:green.")
    ] = None,
    colour: Annotated[str | None, typer.Option(help="Colour in force (for a wild top).")] = None,
    engine: Annotated[
        str | None,
        typer.Option(help="Play-out engine: dfs (default), kernel (numba) or cpsat."),
    ] = None,
    lax_w4: Annotated[
        bool,
        typer.Option(
            "--lax-w4",
            help="Play-out: allow a Wild Draw Four while holding the colour in force "
            "(the UN-6 bluff; strict UN-5 rule by default).",
        ),
    ] = False,
    seconds: Seconds = None,
    nodes: Nodes = None,
    memory: Annotated[int, typer.Option(help="Table memory in MiB (endgame).", min=1)] = 256,
    seeded_reshuffles: Seeded = False,
    json: Json = False,
    *,
    estimating: estimates.EstimateBudget,
) -> None:
    """Solve an UNO play-out hand (can it be laid down card after card?) or, for a
    two-player deal or position, whether the player to move can force a win; where
    that stays undecided the tree search still estimates every move and recommends
    one (labelled as estimates, docs/analysis.md).

    Endgame exit codes: 0 win, 1 loss or no forced win, 3 budget ran out, 4 open
    because of a reshuffle whose order is unknown (use --seeded-reshuffles)."""
    problem = _hand_problem(file, hand, top, colour)
    budget = budget_from(seconds, nodes, memory, json)
    if not isinstance(problem, notation.PlayoutHand):
        if engine is not None or lax_w4:
            given = "--engine" if engine is not None else "--lax-w4"
            fail(
                f"{given} applies to a play-out hand only; a deal or position is solved by "
                "the endgame search under the game's W4 challenge rule (UN-6)"
            )
        _solve_endgame(problem, budget, json, seeded_reshuffles, estimating, (seconds, nodes))
    if seeded_reshuffles:
        fail("--seeded-reshuffles applies to a deal or position, not to a play-out hand")
    if engine is not None and engine not in PLAYOUT_ENGINES:
        fail(f"--engine must be {', '.join(PLAYOUT_ENGINES)}, got '{engine}'")
    from playable.solver.uno.playout import from_uno, solve

    p = from_uno(problem.hand, problem.top, problem.colour, honest=not lax_w4)
    if engine == "kernel":
        from playable.solver.uno.playout_kernel import solve_kernel
        from playable.solver.uno.playout_kernel import warm_up as load_kernel

        warm_up(load_kernel, json)
        result = solve_kernel(p, budget)
    elif engine == "cpsat":
        from playable.solver.uno.playout_cpsat import solve_cpsat

        result = solve_cpsat(p, budget)
    else:
        result = solve(p, budget)
    document = result.to_json(len(problem.hand), p.honest)
    rule = "strict W4 (UN-5)" if p.honest else "lax W4 (UN-6 bluff)"
    lines = [
        f"[bold]{result.status.value}[/] ({result.engine}, {rule}, {result.nodes} nodes, "
        f"{result.seconds:.3f} s)"
    ]
    if result.order:
        lines.append("order: " + " ".join(s.text() for s in result.order))
    if result.proof:
        lines.append(f"proof: {result.proof}")
    _print_result(document, json, lines)
    raise typer.Exit(result.status.exit_code)


#: exit code of an endgame left open by an unfollowed reshuffle (not the budget)
EXIT_RESHUFFLE = 4


def _solve_endgame(
    game: Deal | State,
    budget: Budget,
    json: bool,
    seeded: bool,
    estimating: estimates.EstimateBudget,
    budget_of_solve: tuple[float | None, int | None],
) -> NoReturn:
    """Solve, with the tree search's estimates where that stays unknown. Exit 0 win,
    1 loss or no forced win, 3 budget, 4 open because of a reshuffle whose order is
    not known (without --seeded-reshuffles)."""
    from playable.solver.uno.endgame import solve_position

    state = game.start() if isinstance(game, Deal) else game
    result = solve_position(state, budget, seeded)
    document = result.to_json()
    value, reason = result.extra["value"], result.extra["unknown"]
    verdict = {
        "win": "can force a win",
        "loss": "cannot force a win: the opponent can",
        "no-forced-win": "cannot force a win: an endless round, neither side can",
        "unknown": f"- undecided ({reason})",
    }[value]
    lines = [
        f"[bold]{result.status.value}[/]: player {state.to_move + 1} {verdict}",
        f"nodes {result.nodes}, {result.seconds:.3f} s, table {result.tt_entries}",
    ]
    if result.line:
        lines.append("line: " + " ".join(f"{s.player + 1}:{s.text}" for s in result.line))
    if not json:
        for line in lines:
            stdout.print(line)
    if result.status is Status.UNKNOWN:
        estimates.estimate_unsolved(GAME, state, document, estimating, budget_of_solve, json)
    if json:
        print_json(document)
    code = result.status.exit_code
    raise typer.Exit(EXIT_RESHUFFLE if reason == "reshuffle" else code)


@with_options("estimating", estimates.Estimating)
def analyse_command(
    file: Annotated[str, typer.Argument(help="A two-player deal or position file.")],
    seconds: Seconds = None,
    nodes: Nodes = None,
    memory: Annotated[int, typer.Option(help="Table memory in MiB.", min=1)] = 256,
    seeded_reshuffles: Seeded = False,
    json: Json = False,
    *,
    estimating: estimates.Estimating,
) -> None:
    """Every legal move of a two-player position with its perfect-information value;
    when no best move is proven, the tree search proves or estimates every move and
    recommends one (docs/analysis.md). Exit code: 0 when a move wins, 1 when every
    move loses, 3 when undecided."""
    from playable.solver.uno.endgame import analyse_report

    text, source = read_source(file)
    parsed = notation.parse(text, source)
    if isinstance(parsed, notation.PlayoutHand):
        fail("analyse takes a deal or position; use 'solve' for a play-out hand")
    state = parsed.start() if isinstance(parsed, Deal) else parsed
    document = analyse_report(state, budget_from(seconds, nodes, memory, json), seeded_reshuffles)
    values = [row["value"] for row in document["moves"]]
    if not json:
        table = Table(title=f"player {state.to_move + 1} to move ({state.phase.value})")
        table.add_column("move")
        table.add_column("value")
        for row in document["moves"]:
            table.add_row(row["move"], row["value"])
        stdout.print(table)
    estimates.add_estimates("uno", state, document, estimating, (seconds, nodes), json)
    if json:
        print_json(document)
    raise typer.Exit(_analyse_code(state, values))


def _analyse_code(state: State, values: list[str]) -> int:
    """analyse's exit code: the position's value (README). A finished game has no
    moves: its winner emptied their hand (UN-9)."""
    finished = None
    if state.is_over:
        finished = WIN if state.winner == state.to_move else LOSS
    return analyse_exit_code(values, finished)


def simulate_command(
    players: Annotated[int, typer.Option(help="Players 2-10.", min=2, max=10)] = 2,
    bot: SeatBot = None,
    games: Annotated[
        int, typer.Option(help="Matches to play (each to the target).", min=1, max=MAX_RUN)
    ] = 100,
    seed: Annotated[
        int, typer.Option(help="Match i is the match of seed SEED + i.", min=0, max=MAX_SEED)
    ] = 0,
    forget_uno: Annotated[
        float, typer.Option(help="Probability a bot forgets to call UNO (UN-8).", min=0, max=1)
    ] = 0.0,
    stacking: Stacking = False,
    no_reverse_skips: NoReverseSkip = False,
    scoring: ScoringOpt = "standard",
    target: Target = 500,
    workers: Workers = 2,
    db: SimulationDb = None,
    json: Json = False,
    strategy: Annotated[list[str] | None, typer.Option("--strategy", hidden=True)] = None,
) -> None:
    """Play whole matches to 500 (UN-10) between bots; win rates with 95% intervals.

    Seats rotate between matches (the match of seed s shifts every bot s seats to the
    left), so no strategy keeps the same seat."""
    from playable.solver.uno.players import STRATEGIES
    from playable.solver.uno.simulate import Simulation, store_config, summarise

    options = options_from(stacking, no_reverse_skips, scoring, target)
    names = seat_bots(
        renamed("--strategy", "--bot", strategy, bot) or ["heuristic"], players, STRATEGIES
    )
    if not 2 <= players <= 10:
        fail(f"UNO is for 2-10 players, got {players}")
    if games < 1:
        fail("--games must be at least 1")
    if not 0.0 <= forget_uno <= 1.0:
        fail("--forget-uno must be a probability 0..1")
    simulation = Simulation(tuple(names), options, forget_uno)
    rows = play_games(simulation, store_config(simulation), seed, games, db, workers, json)
    summary = summarise(names, rows)
    if json:
        print_json(
            {
                "game": GAME,
                "players": players,
                "games": games,
                "seed": seed,
                "options": notation.options_to_json(options),
                "forget_uno": forget_uno,
                **summary,
            }
        )
        return
    stdout.print(
        simulation_table(summary, f"UNO: {games} matches to {options.target}, {players} players")
    )


def simulation_table(summary: dict[str, Any], title: str) -> Table:
    """The bots of a simulation (solver/uno/simulate.summarise) with their match wins
    and mean points, its rounds, penalties and unfinished matches in the caption."""
    table = Table(
        title=title,
        caption=f"rounds {summary['rounds']} (abandoned {summary['abandoned_rounds']}), "
        f"UNO penalties {summary['uno_penalties']}, "
        f"unfinished matches {summary['unfinished_matches']}",
    )
    table.add_column("bot")
    table.add_column("strategy")
    table.add_column("match wins (95% Wilson)")
    table.add_column("mean points", justify="right")
    for bot in summary["bots"]:
        wins = Proportion(bot["wins"]["successes"], bot["wins"]["trials"])
        table.add_row(
            str(bot["player"] + 1), bot["strategy"], str(wins), f"{bot['mean_points']:.0f}"
        )
    return table


def play_command(
    file: FileArg = None,
    bot: SeatBot = None,
    players: Annotated[int, typer.Option(help="Players 2-10 (a new deal).", min=2, max=10)] = 2,
    seed: Annotated[
        int | None, typer.Option(help="Deal with this seed (default 0); seeds the bots.")
    ] = None,
    dealer: Annotated[int, typer.Option(help="The dealer (UN-2), 1-based.")] = 1,
    stacking: Stacking = False,
    no_reverse_skips: NoReverseSkip = False,
    scoring: ScoringOpt = "standard",
    max_turns: Annotated[
        int,
        typer.Option(
            help="Stop the round after this many moves (no winner).", min=1, max=1_000_000
        ),
    ] = 20_000,
    json: Json = False,
    record: RecordFile = None,
) -> None:
    """Play a round out from a deal or position with a bot in each seat (each sees only
    its own hand and what the table saw), every move through the rules; print the
    line and who went out with the points (UN-9, UN-10). Random bots are seeded with
    --seed (0 for a file). Exit code 0 once the round is over (whoever won), 3 when
    --max-turns stopped it first."""
    from playable.cli.play import moves_json, play_out, report
    from playable.solver.uno.game import GAME as RULES
    from playable.solver.uno.players import STRATEGIES
    from playable.solver.uno.simulate import SeatBots

    if file is not None:
        if players != 2 or seed is not None or dealer != 1 or stacking or no_reverse_skips:
            fail("give a FILE or deal options (--players, --seed, ...), not both")
        if scoring != "standard":
            fail("give a FILE or deal options (--scoring, ...), not both")
        text, source = read_source(file)
        state = RULES.parse(text, source)
    else:
        options = options_from(stacking, no_reverse_skips, scoring, 500)
        state = dealt(options, players, seed or 0, dealer).start()
    names = seat_bots(bot or ["heuristic"], state.players, STRATEGIES)
    played = play_out(RULES, state, SeatBots(names, seed or 0), max_turns)
    report(RULES, state, names, played, moves_json, seat_name, json, record)


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add UNO's subcommands and its ``show`` to the verb groups."""
    add_game_commands(verbs, sys.modules[__name__], show)
