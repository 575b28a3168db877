"""`playable serve`: the local web board and puzzle player (web/app.py).

Binds the loopback address by default; another address is allowed (a classroom on
one network) but warned about on stderr, since the board has no accounts and runs
searches for anyone who can reach it. ``--check`` validates the options (the
library, the examples folder) and exits without serving: the CLI fuzz test walks
every command with it, and a deployment script can use it too.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated

import typer

import playable
from playable.cli.io import InputError, stderr
from playable.puzzles.library import PuzzleLibrary

#: The repository's examples/ when playable runs from a source checkout.
SOURCE_EXAMPLES = Path(playable.__file__).resolve().parent.parent / "examples"


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve_command(
    db: Annotated[
        Path | None, typer.Option("--db", help="A puzzle library to play (playable generate --db).")
    ] = None,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port.")] = 8000,
    examples: Annotated[
        Path | None,
        typer.Option("--examples", help="A folder of position files to offer [examples/]."),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, max=16, help="Searches run at once.")
    ] = 2,
    max_seconds: Annotated[
        float, typer.Option("--max-seconds", min=0.1, max=600, help="Longest search allowed.")
    ] = 30.0,
    check: Annotated[
        bool, typer.Option("--check", help="Check the options and exit without serving.")
    ] = False,
) -> None:
    """Serve the web board: load a position, play moves, solve and analyse it, and
    play the puzzles of a library, in a browser at http://HOST:PORT/."""
    if examples is not None and not examples.is_dir():
        raise InputError(f"--examples {examples}: not a folder")
    folder = examples if examples is not None else SOURCE_EXAMPLES
    if db is not None:
        PuzzleLibrary(db, create=False).close()  # must exist and be a library
        PuzzleLibrary(db, create=True).close()  # adds the success counts if missing
    if not is_loopback(host):
        stderr.print(
            f"warning: listening on {host}: anyone who can reach it can use the board "
            "and run searches (use --host 127.0.0.1 to keep it local)",
            soft_wrap=True,
        )
    if check:
        return
    import uvicorn

    from playable.web.app import create_app

    app = create_app(db, folder, workers=workers, max_seconds=max_seconds)
    stderr.print(f"playable web board on http://{host}:{port}/ (Ctrl-C stops it)", soft_wrap=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
