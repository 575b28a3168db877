"""`playable check thegame PROOF --position FILE`: the independent checker of loss
proofs (docs/proof-format.md), and the writing of a proof by `solve --proof`.

A proof is evidence about one game only, so the check takes the deal or position the
user cares about and accepts a proof of exactly that deal or position and variant;
its output names both. Exit 1 (the claimed cards left are proven, as `solve` exits
for a lost game) only once every step was verified; anything else, an unreadable or
malformed file included, is one line on stderr and exit 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from playable.cli.dispatch import verb
from playable.cli.io import fail, print_json, read_source, stderr, stdout
from playable.cli.thegame.options import Json, start_of

if TYPE_CHECKING:
    from playable.solver.thegame.notation import Deal
    from playable.solver.thegame.proof import Proof
    from playable.solver.thegame.proofcheck import CheckReport
    from playable.solver.thegame.rules import State

GAME = "thegame"


def _save_proof(found: Proof, game: Deal | State, path: Path) -> None:
    """Write a proof file, check it with the independent checker against ``game``
    (the deal or position solved) and say so."""
    from playable.solver.thegame.proof import write
    from playable.solver.thegame.proofcheck import ProofError, check_file

    try:
        write(found, game, path)
    except OSError as exc:
        fail(f"{path}: cannot write the proof ({exc})")
    try:
        report = check_file(path, game)
    except ProofError as exc:  # the prover's proof must check: a bug, said plainly
        fail(f"{path}: the proof written does not check (a prover bug): {exc}")
    stderr.print(
        f"proof of at least {report.claim} cards left written to {path}: "
        f"{report.nodes} nodes, checked"
    )


def check_command(
    proof: Annotated[
        Path, typer.Argument(help="A proof file written by `solve --proof`.", show_default=False)
    ],
    position: Annotated[
        str,
        typer.Option(
            "--position",
            help="The deal or position file the proof must be about ('-' for stdin); "
            "required: a proof of any other deal, position or variant is rejected.",
            show_default=False,
        ),
    ],
    first: Annotated[
        int | None,
        typer.Option(
            help="With a deal file: the proof is of the deal started by this player "
            "(as written by `solve --first N --proof`); without it, of every first "
            "player (TG-9).",
            show_default=False,
        ),
    ] = None,
    json: Json = False,
) -> None:
    """Check a loss proof with the independent checker (reference rules only) against
    the deal or position it must be about: exit 1 when every step holds (the claimed
    cards left are proven), 2 when it does not or cannot be read."""
    from playable.solver.thegame.notation import Deal, parse
    from playable.solver.thegame.proofcheck import ProofError, check_file

    text, source = read_source(position)
    game = parse(text, source)  # a NotationError is one line and exit 2 (cli/main.py)
    if first is not None:
        if not isinstance(game, Deal):
            fail("--first applies to a deal file, not to a position in progress")
        game = start_of(game, first)
    try:
        report = check_file(proof, game)
    except ProofError as exc:
        fail(f"{proof}: proof rejected: {exc}")
    except Exception as exc:  # never exit 1 (proven) on a checker failure, memory included
        fail(f"{proof}: not checked, nothing is proven ({type(exc).__name__}: {exc})")
    if json:
        print_json(_document(report, source, first))
    else:
        stdout.print(_text(report, source, first), soft_wrap=True, markup=False)
    raise typer.Exit(1)


def _document(report: CheckReport, source: str, first: int | None) -> dict[str, Any]:
    """The `check --json` document (docs/json.md, schema ``check-thegame``)."""
    from playable.solver.thegame.notation import (
        Deal,
        deal_to_json,
        position_to_json,
        variant_to_json,
    )

    game = report.game
    return {
        "game": GAME,
        "valid": True,
        "claim": report.claim,
        "source": source,
        "first_player": None if first is None else first - 1,
        "variant": variant_to_json(game.variant),
        "root": deal_to_json(game) if isinstance(game, Deal) else position_to_json(game),
        "roots": report.roots,
        "nodes": report.nodes,
        "expanded": report.expanded,
        "successors": report.successors,
    }


def _text(report: CheckReport, source: str, first: int | None) -> str:
    """One line naming the deal or position certified, its variant and the claim."""
    from playable.solver.thegame.notation import Deal
    from playable.solver.thegame.proofcheck import describe_variant

    game = report.game
    if isinstance(game, Deal):
        what = f"deal {source}, every first player (TG-9)"
    else:
        start = f"deal {source} started by player {first}" if first is not None else None
        what = start or f"position {source}"
        what += (
            f" (piles {' '.join(map(str, game.piles))}, player {game.to_move + 1} to move, "
            f"{game.laid} laid this turn, {game.cards_left} cards left)"
        )
    return (
        f"valid: {what}, variant {describe_variant(game.variant)}: every line leaves at "
        f"least {report.claim} cards ({report.roots} root(s), {report.nodes} nodes, "
        f"{report.expanded} expanded, {report.successors} turns checked)"
    )


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add `check thegame` to the verb groups (the `check` verb is created here)."""
    verbs.setdefault(
        "check", verb("check", "Check a proof file: `playable check GAME PROOF --position FILE`.")
    )
    verbs["check"].command(GAME)(check_command)
