"""`playable serve`: the local web board and puzzle player (web/app.py).

Binds the loopback address by default; another address is allowed (a classroom on
one network) but warned about on stderr, since the board has no accounts and runs
searches for anyone who can reach it. Requests must name the server by a loopback
name, the address listened on, or a name given with ``--allow-host`` (repeatable;
the name a reverse proxy passes on): any other ``Host`` is refused, which defeats
DNS rebinding (docs/security.md). ``--check`` validates the options (the library,
the examples folder, the host names) and exits without serving: the CLI fuzz test
walks every command with it, and a deployment script can use it too.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from pathlib import Path
from typing import Annotated

import typer

import playable
from playable.cli.io import InputError, stderr
from playable.puzzles.library import PuzzleLibrary

#: The repository's examples/ when playable runs from a source checkout.
SOURCE_EXAMPLES = Path(playable.__file__).resolve().parent.parent / "examples"

#: A DNS name: dot-separated labels of letters, digits and inner hyphens.
_NAME = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.?", re.IGNORECASE)


def host_name(value: str) -> str:
    """``value`` if it is a host name or an IP address (no scheme, port or path),
    else one clear line (exit code 2)."""
    try:
        ipaddress.ip_address(value.strip("[]"))
        return value
    except ValueError:
        pass
    if len(value) > 253 or not _NAME.fullmatch(value):
        raise InputError(
            f"--allow-host {value!r}: not a host name (give the name alone, e.g. board.example.org)"
        )
    return value


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
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            metavar="NAME",
            help="Another name the board may be reached by (repeatable), e.g. the name a "
            "reverse proxy serves; other Host headers are refused (docs/security.md).",
        ),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Check the options and exit without serving.")
    ] = False,
) -> None:
    """Serve the web board: load a position, play moves, solve and analyse it, and
    play the puzzles of a library, in a browser at http://HOST:PORT/."""
    if examples is not None and not examples.is_dir():
        raise InputError(f"--examples {examples}: not a folder")
    folder = examples if examples is not None else SOURCE_EXAMPLES
    names = [host_name(name) for name in allow_host or []]
    if db is not None:
        PuzzleLibrary(db, create=False).close()  # must exist and be a library
        PuzzleLibrary(db, create=True).close()  # adds the success counts if missing
    listening = None if check else listen(host, port)
    if not is_loopback(host):
        stderr.print(
            f"warning: listening on {host}: anyone who can reach it can use the board "
            "and run searches (use --host 127.0.0.1 to keep it local)",
            soft_wrap=True,
        )
    if listening is None:
        return
    from playable.web.app import create_app
    from playable.web.server import serve

    app = create_app(
        db, folder, workers=workers, max_seconds=max_seconds, host=host, allow_hosts=names
    )
    stderr.print(f"playable web board on http://{host}:{port}/ (Ctrl-C stops it)", soft_wrap=True)
    serve(app, listening)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or one clear line (exit code 2) when the address
    is unknown or taken; bound here rather than by uvicorn, which exits with code 3
    (our code for a budget that ran out) on such errors."""
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        listening = socket.socket(family, kind)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
    except OSError as error:
        raise InputError(f"--host {host} --port {port}: {error.strerror or error}") from None
    return listening
