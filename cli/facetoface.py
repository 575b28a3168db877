"""`playable deal|show|solve|analyse|simulate|play facetoface`: Face to Face's commands."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

import typer
from rich.panel import Panel
from rich.table import Table

from playable.cli import estimates
from playable.cli.budget import Memory, Nodes, Seconds, budget_from
from playable.cli.dispatch import add_game_commands, show_position
from playable.cli.io import fail, print_json, stdout
from playable.cli.option_groups import FreshDeal, with_options
from playable.cli.option_groups import deal_command as deal_command_of
from playable.cli.options import MaxCard, Workers, bot_option, renamed, seat_bots
from playable.cli.options import PileFile as FileArg
from playable.cli.play import RecordFile, seat_name
from playable.cli.progress import warm_up
from playable.cli.simulate import Games, GameSeed, SimulationDb, play_games
from playable.solver.core.errors import InvalidVariant
from playable.solver.core.jsonkeys import LOSS, WIN, analyse_exit_code
from playable.solver.facetoface import notation
from playable.solver.facetoface.game import shuffled_deal
from playable.solver.facetoface.rules import State, Variant

GAME = "facetoface"

Seed = Annotated[int | None, typer.Option(help="Shuffle both decks with this seed.")]
DeckA = Annotated[
    str | None, typer.Option(help="Player 1's cards, top first (FF-1), comma-separated.")
]
DeckB = Annotated[
    str | None, typer.Option(help="Player 2's cards, top first (FF-1), comma-separated.")
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
First = Annotated[
    int | None,
    typer.Option(
        help="On a deal: solve only with this player (1 or 2) starting (FF-7).", min=1, max=2
    ),
]
#: ``--first`` of the commands that play or analyse one start of a deal.
Starter = Annotated[
    int | None,
    typer.Option(help="On a deal: the player who starts (FF-7); default 1.", min=1, max=2),
]


def seat_bots_option(first: str, second: str, default: str) -> Any:
    """``--bot`` of simulate (players A and B) and play (players 1 and 2)."""
    return bot_option(
        f"Player {first}'s and then {second}'s bot (greedy, careful, determinized, seat or "
        f"seat-search; default {default}): one for both or one each (repeat --bot)."
    )


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
        return shuffled_deal(variant, seed or 0)
    if deck_a is None or deck_b is None:
        fail("give both --deck-a and --deck-b")
    return notation.Deal(
        variant,
        notation.parse_deck(deck_a, variant, "--deck-a"),
        notation.parse_deck(deck_b, variant, "--deck-b"),
    )


@dataclass(frozen=True)
class DealOptions(FreshDeal[notation.Deal, State], notation=notation):
    """The options that deal a fresh game instead of reading a FILE, declared once for
    ``deal``, ``solve``, ``analyse`` and ``play facetoface`` (cli/option_groups.py)."""

    either: ClassVar[str] = (
        "give a FILE or deal options (--seed, --deck-a, --deck-b, ...), not both"
    )

    max_card: MaxCard = 59
    seed: Seed = None
    deck_a: DeckA = None
    deck_b: DeckB = None

    def deal(self) -> notation.Deal:
        """The deal these options give (FF-1)."""
        return deal_from_options(variant_from(self.max_card), self.seed, self.deck_a, self.deck_b)


def start_of(game: notation.Deal | State, first: int | None) -> State:
    """A position: the deal started by player ``first`` (1-based, default 1, FF-7), or
    the position itself (where ``first`` is refused: the position says who moves)."""
    if not isinstance(game, State):
        return game.start(0 if first is None else first - 1)
    if first is not None:
        fail("--first applies to a deal, not a position (the position says who moves)")
    return game


deal_command = deal_command_of(
    DealOptions, "Deal a game of Face to Face: each player's 58 cards, top first (FF-1)."
)


def render(state: State) -> Panel:
    """A deal (player 1 to move) or a position as a rich panel: piles, hands, draw
    piles."""
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


def _result_lines(state: State, result: Any) -> list[str]:
    from playable.solver.core.result import Status

    verdict = {
        Status.SOLVED: f"player {state.to_move + 1} (to move) wins with perfect play",
        Status.UNSOLVABLE: f"player {state.to_move + 1} (to move) loses with perfect play",
        Status.UNKNOWN: "unknown: the budget ran out",
    }[result.status]
    if result.extra.get("finished"):
        verdict = f"the game is over: player {result.objective + 1} has won (FF-6)"
    elif "proven_value" in result.extra:
        verdict = (
            f"unknown: the budget ran out while the line was built (the search proved a "
            f"{result.extra['proven_value']} for player {state.to_move + 1}, uncertified)"
        )
    lines = [
        f"[bold]{verdict}[/]",
        f"nodes {result.nodes}, {result.seconds:.3f} s, table entries {result.tt_entries}",
    ]
    for number, step in enumerate(result.line, start=1):
        lines.append(f"{number:>3}. player {step.player + 1}: {step.text}")
    return lines


@with_options("options", DealOptions, in_place=True)
@with_options("estimating", estimates.EstimateBudget)
def solve_command(
    file: FileArg = None,
    first: First = None,
    *,
    options: DealOptions,
    estimating: estimates.EstimateBudget,
    seconds: Seconds = None,
    nodes: Nodes = None,
    memory: Memory = 256,
    json: Json = False,
) -> None:
    """Who wins with perfect play (both hands and draw orders known)? A position is
    solved for the player to move; a deal for both choices of first player (FF-7).
    Where the budget runs out the tree search still estimates every next card and
    recommends one (labelled as estimates, docs/analysis.md).
    Exit code 0 won (deal: both decided), 1 lost, 3 budget ran out."""
    from playable.solver.core.result import Status
    from playable.solver.facetoface.search import solve, solve_starts
    from playable.solver.facetoface.search import warm_up as load_kernel

    game = options.load(file)
    warm_up(load_kernel, json)
    if isinstance(game, State):
        if first is not None:
            fail("--first applies to a deal, not a position")
        result = solve(game, budget_from(seconds, nodes, memory, json))
        document = result.to_json()
        if not json:
            for line in _result_lines(game, result):
                stdout.print(line)
        if result.status is Status.UNKNOWN:
            estimates.estimate_unsolved(GAME, game, document, estimating, (seconds, nodes), json)
        if json:
            print_json(document)
        raise typer.Exit(result.status.exit_code)
    starters = [first - 1] if first is not None else [0, 1]
    states = [game.start(starter) for starter in starters]
    # One budget for the whole solve: both first players share its seconds and nodes.
    solved = solve_starts(states, budget_from(seconds, nodes, memory, json))
    results = list(zip(states, solved, strict=True))
    documents = []
    for state, result in results:
        document = {"first_player": state.to_move, **result.to_json()}
        if not json:
            stdout.print(f"[bold]player {state.to_move + 1} starts (FF-7):[/]")
            for line in _result_lines(state, result):
                stdout.print("  " + line)
        if result.status is Status.UNKNOWN:
            estimates.estimate_unsolved(GAME, state, document, estimating, (seconds, nodes), json)
        documents.append(document)
    statuses = [r.status for _, r in results]
    if json:
        print_json(
            {
                "game": GAME,
                "kind": "deal",
                "status": deal_status(statuses).value,
                "results": documents,
            }
        )
    if Status.UNKNOWN in statuses:
        raise typer.Exit(3)
    if len(statuses) == 1:
        raise typer.Exit(statuses[0].exit_code)


def deal_status(statuses: list[Any]) -> Any:
    """The status of a deal solved per first player (docs/json.md, FF-7): unknown if
    a budget ran out for one, else solved (the winner is known for every first
    player); with one first player, that solve's own status."""
    from playable.solver.core.result import Status

    if Status.UNKNOWN in statuses:
        return Status.UNKNOWN
    return statuses[0] if len(statuses) == 1 else Status.SOLVED


@with_options("options", DealOptions, in_place=True)
@with_options("estimating", estimates.Estimating)
def analyse_command(
    file: FileArg = None,
    first: Starter = None,
    *,
    options: DealOptions,
    seconds: Seconds = None,
    nodes: Nodes = None,
    memory: Memory = 256,
    json: Json = False,
    estimating: estimates.Estimating,
) -> None:
    """Every distinct turn of the player to move with its proven value (win, loss, or
    unknown once the budget, shared by all turns, runs out); when neither is proven,
    the tree search proves or estimates every next card and recommends one
    (docs/analysis.md). On a deal, ``--first`` picks who starts (default player 1,
    FF-7). Exit code 0 when a turn wins, 1 when every turn loses or none is possible
    (FF-6), 3 when neither is proven before the budget runs out."""
    from playable.solver.facetoface.analysis import analyse
    from playable.solver.facetoface.search import warm_up as load_kernel

    state = start_of(options.load(file), first)
    budget = budget_from(seconds, nodes, memory, json)
    warm_up(load_kernel, json)  # compiling the kernel is not part of the budget
    document = analyse(state, budget, memory)
    over = document["winner"] if document["finished"] else None
    if not json:
        mover = state.to_move + 1
        if over is not None:
            stdout.print(f"[bold]the game is over: player {over + 1} has won (FF-6)[/]")
        else:
            order = {"win": 0, "unknown": 1, "loss": 2}
            rows = sorted(document["moves"], key=lambda row: order[row["value"]])
            shown = rows if estimating.show_all else rows[: estimating.top]
            table = Table(title=f"player {mover} to move: {len(shown)} of {len(rows)} turns")
            table.add_column("value")
            table.add_column("turn")
            colour = {"win": "green", "loss": "red", "unknown": "yellow"}
            for row in shown:
                table.add_row(f"[{colour[row['value']]}]{row['value']}[/]", row["move"])
            stdout.print(table)
            if len(shown) < len(rows):
                stdout.print(f"[dim]{len(rows) - len(shown)} more turns: --all[/]")
            verdict = {
                "win": f"player {mover} (to move) wins with perfect play",
                "loss": f"player {mover} (to move) loses with perfect play: every turn loses",
                "unknown": "unknown: the budget ran out before a turn was proven winning",
            }[document["value"]]
            stdout.print(f"[bold]{verdict}[/]")
        stdout.print(
            f"wins {document['wins']}, losses {document['losses']}, unknown "
            f"{document['unknown']}; nodes {document['nodes']}, {document['seconds']:.3f} s"
        )
    estimates.add_estimates("facetoface", state, document, estimating, (seconds, nodes), json)
    if json:
        print_json(document)
    finished = None if over is None else (WIN if over == state.to_move else LOSS)
    raise typer.Exit(analyse_exit_code([row["value"] for row in document["moves"]], finished))


def simulate_command(
    bot: Annotated[list[str] | None, seat_bots_option("A", "B", "greedy")] = None,
    games: Games = 100,
    seed: GameSeed = 0,
    max_card: MaxCard = 59,
    workers: Workers = 2,
    db: SimulationDb = None,
    json: Json = False,
    a: Annotated[str | None, typer.Option("--a", hidden=True)] = None,
    b: Annotated[str | None, typer.Option("--b", hidden=True)] = None,
) -> None:
    """Play GAMES deals of A against B (A starts the games of even seed, B those of odd
    seed, FF-7): A's win rate with a 95% Wilson interval."""
    from playable.solver.core.stats import Proportion
    from playable.solver.facetoface.players import STRATEGIES
    from playable.solver.facetoface.simulate import Simulation, store_config, summarise

    old = None if a is None and b is None else [a or "greedy", b or "greedy"]
    a, b = seat_bots(renamed("--a/--b", "--bot", old, bot) or ["greedy"], 2, STRATEGIES, "player")
    simulation = Simulation(variant_from(max_card), a, b)
    rows = play_games(simulation, store_config(simulation), seed, games, db, workers, json)
    summary = summarise(rows)
    document = {
        "game": GAME,
        "a": a,
        "b": b,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "max_card": max_card,
        **summary,
    }
    if json:
        print_json(document)
        return

    def proportion(key: str) -> Proportion:
        return Proportion(summary[key]["successes"], summary[key]["trials"])

    stdout.print(f"[bold]{a}[/] (A) against [bold]{b}[/] (B), {games} games")
    stdout.print(f"A wins: {proportion('a_wins')} (95% Wilson interval)")
    stdout.print(f"first player wins: {proportion('first_player_wins')}")
    stdout.print(f"mean turns per game: {summary['mean_turns']:.1f}")


@with_options("options", DealOptions, in_place=True)
def play_command(
    file: FileArg = None,
    bot: Annotated[list[str] | None, seat_bots_option("1", "2", "determinized")] = None,
    first: Starter = None,
    *,
    options: DealOptions,
    json: Json = False,
    record: RecordFile = None,
) -> None:
    """Play a deal or position out with a bot in each seat (each sees only its own
    seat), every move through the rules; print the line and who won (FF-6). The bots'
    generators are seeded with --seed (0 for a file), as `simulate` seeds the game of
    that seed. Exit code 0 once the game is over (whoever won)."""
    from playable.cli.play import play_out, report
    from playable.solver.facetoface.game import GAME as RULES
    from playable.solver.facetoface.players import STRATEGIES
    from playable.solver.facetoface.simulate import SeatBots

    names = seat_bots(bot or ["determinized"], 2, STRATEGIES, "player")
    state = start_of(options.load(file), first)
    played = play_out(RULES, state, SeatBots((names[0], names[1]), options.seed or 0), MAX_TURNS)
    report(RULES, state, names, played, notation.line_to_json, seat_name, json, record)


#: Face to Face always ends (every turn lays two cards, FF-4): a bound, never reached.
MAX_TURNS = 1000


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add Face to Face's subcommands and its ``show`` to the verb groups."""
    add_game_commands(verbs, sys.modules[__name__], show_position(GAME, render))
