"""`playable solve|analyse thegame`: the perfect-information solver's commands
(docs/solver-thegame.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from playable.cli import estimates
from playable.cli.budget import (
    DEFAULT_MEMORY_MB,
    Memory,
    Nodes,
    Seconds,
    budget_from,
    check_seconds,
    release_interrupts,
)
from playable.cli.dispatch import add_game_commands
from playable.cli.io import fail, print_json, stderr, stdout
from playable.cli.option_groups import with_options
from playable.cli.options import RetryNodes, RetrySeconds, Scheduler
from playable.cli.progress import warm_up
from playable.cli.thegame.check import _save_proof
from playable.cli.thegame.options import DealOptions, FileArg, Json, start_of
from playable.cli.thegame.split import MAX_SPLIT, SplitRun, solve_split
from playable.solver.core.jsonkeys import LOSS, WIN, analyse_exit_code

if TYPE_CHECKING:
    from playable.solver.core.result import SolveResult
    from playable.solver.thegame.notation import Deal
    from playable.solver.thegame.rules import State

GAME = "thegame"
ENGINES = ("dfs", "cpsat")

Engine = Annotated[
    str, typer.Option(help="dfs (the numba search) or cpsat (OR-Tools; uses --seconds only).")
]
FirstChoice = Annotated[
    int | None,
    typer.Option("--first", help="Force the first player of a fresh deal (default: best, TG-9)."),
]


def _game(game: Deal | State, first: int | None) -> Deal | State:
    from playable.solver.thegame.notation import Deal

    if first is None:
        return game
    if not isinstance(game, Deal):
        fail("--first applies to a fresh deal, not to a position in progress")
    return start_of(game, first)


@with_options("options", DealOptions, in_place=True)
def solve_command(
    file: FileArg = None,
    *,
    options: DealOptions,
    first: FirstChoice = None,
    engine: Engine = "dfs",
    seconds: Seconds = None,
    nodes: Nodes = None,
    memory: Memory = DEFAULT_MEMORY_MB,
    workers: Annotated[
        int,
        typer.Option(
            help="CP-SAT search workers; with --split, processes solving parts.", min=1, max=64
        ),
    ] = 2,
    warm_start: Annotated[
        bool,
        typer.Option(
            "--warm-start", help="cpsat: run the dfs engine first and start CP-SAT from its line."
        ),
    ] = False,
    json: Json = False,
    proof: Annotated[
        Path | None,
        typer.Option(
            "--proof",
            help="When the answer is unsolvable, write a checkable proof of the proven bound "
            "to this file (plain-Python prover: small decks and late positions).",
        ),
    ] = None,
    proof_positions: Annotated[
        int, typer.Option(help="The prover's limit on positions for --proof.", min=1)
    ] = 1_000_000,
    split_turns: Annotated[
        int | None,
        typer.Option(
            "--split",
            help="Cut the search after this many turns into parts, each solved on its own "
            "with the budget (per part) and stored in --db as it finishes: resumable, and "
            "spread over --workers processes or a Dask --scheduler.",
            min=1,
            max=MAX_SPLIT,
        ),
    ] = None,
    db: Annotated[
        Path | None, typer.Option("--db", help="SQLite file of the parts of a --split run.")
    ] = None,
    scheduler: Scheduler = None,
    retry_seconds: RetrySeconds = None,
    retry_nodes: RetryNodes = None,
) -> None:
    """Solve a deal or position with every card known: a winning line, or a proof that
    none exists and the line leaving the fewest cards (TG-8), with the best first
    player (TG-9). Exit 0 solved, 1 proven unsolvable, 3 budget ran out."""
    if engine not in ENGINES:
        fail(f"unknown engine '{engine}'; choose one of {', '.join(ENGINES)}")
    game = _game(options.load(file), first)
    budget = budget_from(seconds, nodes, memory, json)
    if engine == "dfs" or warm_start:
        from playable.solver.thegame.search import warm_up as load_kernels

        warm_up(load_kernels, json)
    if warm_start and engine != "cpsat":
        fail("--warm-start applies to --engine cpsat")
    split_only = (db, scheduler, retry_seconds, retry_nodes)
    if split_turns is None and any(option is not None for option in split_only):
        fail("--db, --scheduler, --retry-seconds and --retry-nodes apply to --split")
    if split_turns is not None:
        if engine != "dfs":
            fail("--split applies to --engine dfs")
        if db is None:
            fail("--split needs --db FILE to store the parts' answers")
        positions = proof_positions if proof is not None else None
        run = SplitRun(
            split_turns,
            db,
            seconds,
            nodes,
            memory,
            workers,
            scheduler,
            positions,
            retry_seconds,
            retry_nodes,
            json,
        )
        release_interrupts()  # parts run in workers: Ctrl-C stops the run (exit 130)
        result, parts, rows = solve_split(game, run)
        if proof is not None:  # before the result: a proof not written is an error
            from playable.solver.thegame.split import merge_proofs

            joined = merge_proofs(game, parts, rows, proof_positions)
            if isinstance(joined, str):
                stderr.print(f"no proof written: {joined}")
            else:
                _save_proof(joined, game, proof)
        _report(game, result, json)
        raise typer.Exit(result.status.exit_code)
    if engine == "cpsat":
        from playable.solver.thegame.cpsat import solve_cpsat, solve_cpsat_warm

        if warm_start:
            result = solve_cpsat_warm(game, seconds=seconds, workers=workers)
        else:
            result = solve_cpsat(game, seconds=seconds, workers=workers)
    else:
        from playable.solver.thegame.search import solve

        result = solve(game, budget)
    if proof is not None:  # before the result: a proof not written is an error
        _write_proof(game, result, proof, proof_positions)
    _report(game, result, json)
    raise typer.Exit(result.status.exit_code)


def _report(game: Deal | State, result: SolveResult, json: bool) -> None:
    if json:
        print_json(result.to_json())
    else:
        _render(result)


def _write_proof(game: Deal | State, result: SolveResult, path: Path, positions: int) -> None:
    """Prove ``result``'s lower bound with the prover, check it with the independent
    checker and write it; a note on stderr when there is nothing to prove or the
    prover runs out (the answer itself is unchanged)."""
    from playable.solver.core.result import Status
    from playable.solver.thegame.proof import ProofBudget, prove

    claim = result.bound or 0
    if result.status is not Status.UNSOLVABLE or claim < 1:
        stderr.print(f"no proof written: the answer is {result.status}, nothing to refute")
        return
    try:
        found = prove(game, claim, limit=positions)
    except ProofBudget:
        stderr.print(f"no proof written: the prover met more than {positions} positions")
        return
    if found is None:  # the solver proved this bound, so the prover must too
        fail(f"the prover found a line leaving fewer than {claim} cards (a solver bug)")
    _save_proof(found, game, path)


def _render(result: SolveResult) -> None:
    """The line turn by turn with the pile tops after each turn, then the verdict."""
    table = Table(title="The Game: optimal line" if result.proven_optimal else "The Game: line")
    for column in ("turn", "player", "plays", "piles after (↑ ↑ ↓ ↓)", "cards left"):
        table.add_column(column)
    for number, step in enumerate(result.line, start=1):
        piles = " ".join(f"{t:>3}" for t in step.after.piles)
        table.add_row(
            str(number), str(step.player + 1), step.text, piles, str(step.after.cards_left)
        )
    if result.line:
        stdout.print(table)
    verdict = {
        "solved": "[bold green]solved[/]: every card is laid",
        "unsolvable": "[bold red]unsolvable[/]: no line lays every card (exhaustive search)",
        "unknown": "[bold yellow]unknown[/]: the budget ran out",
    }[result.status.value]
    stdout.print(verdict)
    first = result.extra.get("first_player")
    if result.extra.get("fresh_deal") and first is not None:
        stdout.print(f"first player: {first + 1} (TG-9)")
    if result.objective is not None:
        optimal = "optimal" if result.proven_optimal else f"best found; proven >= {result.bound}"
        stdout.print(f"cards left: [bold]{result.objective}[/] ({optimal})")
    stdout.print(f"engine {result.engine}: {result.nodes} nodes in {result.seconds:.3f} s")
    split = result.extra.get("split")
    if split is not None:
        stdout.print(
            f"parts: {split['parts']}, searched {split['searched']}, decided "
            f"{split['decided']}, won {split['won']} (seconds and nodes summed over parts)"
        )


@with_options("options", DealOptions, in_place=True)
@with_options("estimating", estimates.Estimating)
def analyse_command(
    file: FileArg = None,
    *,
    options: DealOptions,
    first: Annotated[
        int | None, typer.Option(help="Player to move in a fresh deal. [default: 1]")
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(help="Time budget per move in seconds.", min=0.001, callback=check_seconds),
    ] = 2.0,
    nodes: Nodes = None,
    memory: Memory = 64,
    json: Json = False,
    estimating: estimates.Estimating,
) -> None:
    """Every legal next move (one card, or ending the turn) of the player to move with
    its value: still fully playable, or the fewest cards left it allows; best first.
    When no move is proven to lay every card and some move is left unproven, the tree
    search proves or estimates every move and recommends one (docs/analysis.md)."""
    from playable.solver.thegame.analysis import analyse
    from playable.solver.thegame.notation import Deal

    # the input checks of `solve` (one validation): the parser's check_position, and
    # --first only on a fresh deal
    game = _game(options.load(file), first)
    state = game.start(0) if isinstance(game, Deal) else game
    document = analyse(state, lambda: budget_from(seconds, nodes, memory, json))
    rows = document["moves"]
    if not json:
        table = Table(title=f"player {state.to_move + 1} to move, {state.laid} laid this turn")
        for column in ("move", "value", "cards left", "proven"):
            table.add_column(column)
        for r in rows:
            value = {"solved": "wins", "unsolvable": "lost", "unknown": "unknown"}[r["status"]]
            proven = "yes" if r["proven_optimal"] else f">= {r['bound']}"
            table.add_row(r["move"], value, str(r["cards_left"]), proven)
        stdout.print(table)
        if not rows:
            over = "won: every card is laid" if state.is_won else "lost: the minimum cannot be laid"
            stdout.print(f"no legal move: the game is over, {over} (TG-7)")
    estimates.add_estimates("thegame", state, document, estimating, (seconds, nodes), json)
    if json:
        print_json(document)
    # a finished game has no moves to value: the rules' own verdict (TG-7) is its value
    finished = None if rows else (WIN if state.is_won else LOSS)
    raise typer.Exit(analyse_exit_code([r["value"] for r in rows], finished))


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add `solve thegame` and `analyse thegame` to the verb groups."""
    add_game_commands(verbs, sys.modules[__name__])
