"""The web board: JSON endpoints over the library API, and the static front end.

Starlette rather than FastAPI: the endpoints take and give small JSON documents that
the API already defines (docs/json.md), so FastAPI's pydantic models would only
restate them; Starlette is the part of FastAPI we use, with fewer dependencies.

The server keeps no game state: every request carries the position's file text
(``text``, as :func:`playable.loads` reads it) and every answer gives the new text
back, so several people (or tabs) can use one server and a restart loses nothing.

Endpoints (all JSON; an error is ``{"error": "one line"}`` with 4xx/5xx):

========================================  ==========================================
``GET  /api/examples``                    the example positions the server knows
``GET  /api/games``                       the games: name, title, player counts
``POST /api/load``                        ``{"text"}`` (a position, deal or puzzle
                                          file) or ``{"example"}`` -> a view
``POST /api/play``                        ``{"text", "moves", "end_turn"}`` -> a view;
                                          422 with the rules' line for a bad move
``POST /api/deal``                        ``{"game", "players", "seed"}`` -> a fresh
                                          deal's view (``playable deal``), its seed
``POST /api/solve``, ``/api/analyse``     ``{"text", "seconds", "nodes", "turns" |
                                          "depth"}`` -> 202 ``{"id"}`` (a job)
``POST /api/review``                      ``{"text", "seconds", "nodes", "seat",
                                          "samples"}``: a game record -> 202
                                          ``{"id"}`` (a job, web/review.py)
``POST /api/record``                      ``{"text", "name"}``: a game record ->
                                          its start's view and each move's
                                          (the board replays it, then reviews it)
``POST /api/line``                        ``{"text", "moves"}`` -> the positions
                                          along the moves (``frames``)
``GET  /api/jobs/{id}``                   the job: state, progress, result
``DELETE /api/jobs/{id}``                 stop the job: it answers what it has
                                          (``stopped``), or its process is ended
``GET  /api/puzzles?game=&level=&kind=``  the library's puzzles (no solutions)
``GET  /api/puzzles/{id}``                one puzzle and its position's view
``POST /api/puzzles/{id}/attempt``        ``{"answer", "revealed"}`` -> the kind's
                                          verdict, counted in the library (a
                                          revealed attempt never as a success)
``GET  /api/puzzles/{id}/solution``       the stored solution and its positions
========================================  ==========================================

A *view* is :func:`playable.web.tasks.view`: the position's JSON, its text, the
legal moves, whose turn. Searches run in worker processes (web/jobs.py), each owned
by the browser session that started it (web/session.py). Every request first
passes the gate of web/guard.py (Host, Origin, Content-Type, size, security
headers) and a body is read within the bounds of web/body.py; what that protects
and what it does not is docs/security.md. A bad request is always a 4xx.
"""

from __future__ import annotations

import contextlib
import functools
import math
import re
import secrets
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import playable
from playable.puzzles.base import Level, Puzzle
from playable.puzzles.library import PuzzleLibrary
from playable.puzzles.registry import GAMES, kind_of
from playable.solver.core.errors import PlayableError
from playable.solver.games import NAMES, engine, game
from playable.web.body import read_json_object
from playable.web.deal import MAX_SEED, deal_text
from playable.web.errors import BadRequest
from playable.web.guard import SESSION, Guard, Hosts
from playable.web.jobs import Busy, Job, Jobs
from playable.web.review import OVERRUN, SLACK, opened, read_record, review_task, source_name
from playable.web.session import Sessions
from playable.web.tasks import check_task, play, search_task, solution_frames, view

STATIC = Path(__file__).parent / "static"
#: The longest position text or answer accepted (a Sequence position is ~1 kB).
MAX_TEXT = 100_000
#: The longest request body accepted, in bytes (a position text is JSON-escaped).
MAX_BODY = 4 * MAX_TEXT
#: Seconds a request body may take to arrive (400 kB at 20 kB/s).
BODY_SECONDS = 20.0
#: Seconds a puzzle check may search (opponent kinds prove the answer still wins).
CHECK_SECONDS = 10.0
#: The most moves a line shown on the board may have (``/api/line``).
MAX_LINE = 200
#: The most deals a seat's review samples at each move.
MAX_SAMPLES = 100
#: The largest puzzle id (SQLite's INTEGER): a larger one is no puzzle.
MAX_ID = 2**63 - 1
#: How much of an answer each puzzle kind judges (docs/web.md, "Puzzle trainer"): its
#: first move, its first whole turn (up to ``/``), or the whole line. The board sends
#: the answer for judging as soon as that much is played.
ANSWER_SPAN = {
    ("thegame", "lay-all"): "line",
    ("facetoface", "win-from-here"): "turn",
    ("uno", "ending"): "move",
    ("uno", "lay-down"): "line",
    ("sequence", "win-in-n"): "move",
}

__all__ = ["BadRequest", "Board", "create_app"]


def _error(message: str, status: int) -> JSONResponse:
    """One line, as the CLI prints: a path or query part echoed back may hold a
    line break. A body refused before it was read whole (408, 413) closes the
    connection rather than drain the rest."""
    headers = {"connection": "close"} if status in (408, 413) else None
    return JSONResponse({"error": " ".join(message.split())}, status_code=status, headers=headers)


class Board:
    """The endpoints, with their configuration: a puzzle library (or none), a folder
    of example positions (or none), and the bounded search pool."""

    def __init__(
        self,
        library: Path | None,
        examples: Path | None,
        jobs: Jobs,
        body_seconds: float = BODY_SECONDS,
    ) -> None:
        self.library = library
        self.examples = examples
        self.jobs = jobs
        self.body_seconds = body_seconds

    # ------------------------------------------------------------------ helpers

    async def body(self, request: Request) -> dict[str, Any]:
        """The JSON object the request carries, read within the size, time and
        nesting limits of web/body.py (413, 408, 400)."""
        return await read_json_object(request, MAX_BODY, self.body_seconds)

    @staticmethod
    def session(request: Request) -> str:
        """The request's session (set by the gate, web/guard.py)."""
        token: str = request.scope[SESSION]
        return token

    @staticmethod
    def text(body: dict[str, Any], key: str = "text") -> str:
        value = body.get(key)
        if not isinstance(value, str):
            raise BadRequest(f"'{key}' must be a string")
        if len(value) > MAX_TEXT:
            raise BadRequest(f"'{key}' is longer than {MAX_TEXT} characters", 413)
        return value

    def seconds(self, body: dict[str, Any], default: float) -> float:
        value = body.get("seconds", default)
        cap = self.jobs.max_seconds
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not 0 < value <= cap
        ):
            raise BadRequest(f"'seconds' must be a number above 0 and at most {cap:g}")
        return float(value)

    @staticmethod
    def whole(body: dict[str, Any], key: str, low: int, high: int, default: int | None) -> Any:
        value = body.get(key, default)
        if value is None and default is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadRequest(f"'{key}' must be a whole number from {low} to {high}")
        return value

    @functools.cached_property
    def example_positions(self) -> dict[str, playable.Position]:
        """The example files that hold a position or deal the board can load, by
        name, read once (the folder is given when the server starts)."""
        if self.examples is None or not self.examples.is_dir():
            return {}
        found = {}
        for path in sorted(self.examples.glob("*.txt")):
            with contextlib.suppress(PlayableError, OSError, UnicodeDecodeError):
                found[path.name] = playable.load(path)
        return found

    def open_library(self, write: bool = False) -> PuzzleLibrary:
        if self.library is None:
            raise BadRequest("no puzzle library: start the server with --db LIBRARY", 404)
        return PuzzleLibrary(self.library, create=write)

    @staticmethod
    def puzzle_id(request: Request) -> int:
        """The puzzle id in the path: ASCII digits up to SQLite's largest integer, else
        404 (read here rather than by Starlette's ``int`` convertor, which fails with a
        500 on thousands of digits)."""
        value: str = request.path_params["puzzle_id"]
        if not (value.isascii() and value.isdigit()) or len(value) > 19 or int(value) > MAX_ID:
            raise BadRequest(f"no puzzle with id {value[:30]}", 404)
        return int(value)

    def puzzle(self, puzzle_id: int) -> Puzzle:
        with self.open_library() as library:
            return library.get(puzzle_id)

    @staticmethod
    def summary(puzzle_id: int, puzzle: Puzzle, plays: tuple[int, int]) -> dict[str, Any]:
        """A puzzle without its solution, with its success count."""
        return {
            "id": puzzle_id,
            "game": puzzle.game,
            "kind": puzzle.kind,
            "level": puzzle.level.value,
            "score": round(puzzle.rating.score, 3),
            "goal": puzzle.goal,
            "unique": puzzle.unique,
            "answer_span": ANSWER_SPAN.get((puzzle.game, puzzle.kind), "line"),
            "tries": plays[0],
            "solved": plays[1],
        }

    # ---------------------------------------------------------------- endpoints

    async def examples_list(self, request: Request) -> Response:
        names = await run_in_threadpool(lambda: list(self.example_positions))
        return JSONResponse({"examples": names})

    async def games(self, request: Request) -> Response:
        """The games the board deals, from the game registry (solver/games.py): each
        one's name, title and the player counts it allows (``Game.player_counts``),
        so the front end keeps no second table of game facts."""
        found = [game(name) for name in NAMES]
        return JSONResponse(
            {
                "games": [
                    {"name": g.name, "title": g.title, "player_counts": list(g.player_counts)}
                    for g in found
                ]
            }
        )

    async def load(self, request: Request) -> Response:
        body = await self.body(request)
        if "example" in body:
            name = body["example"]
            positions = await run_in_threadpool(lambda: self.example_positions)
            if not isinstance(name, str) or name not in positions:
                raise BadRequest(f"no example '{name}'", 404)
            return JSONResponse(view(positions[name]))
        # a puzzle file loads as its position (playable.loads)
        return JSONResponse(view(playable.loads(self.text(body), "<upload>")))

    async def play(self, request: Request) -> Response:
        body = await self.body(request)
        position = playable.loads(self.text(body), "<board>")
        moves = self.text(body, "moves")
        after = play(position, moves, end_turn=bool(body.get("end_turn", False)))
        return JSONResponse(view(after))

    async def deal(self, request: Request) -> Response:
        """A fresh deal of any game and player count (web/deal.py), its view and seed;
        without a seed, a random one (returned, so the deal can be made again)."""
        body = await self.body(request)
        name = body.get("game")
        if not isinstance(name, str):
            raise BadRequest("'game' must be a string")
        players = self.whole(body, "players", 1, 12, 2)
        seed = self.whole(body, "seed", 0, MAX_SEED, secrets.randbelow(MAX_SEED))
        position = playable.loads(deal_text(name, players, seed), f"<deal seed {seed}>")
        return JSONResponse({**view(position), "seed": seed})

    def search_request(
        self, body: dict[str, Any], default_seconds: float
    ) -> tuple[str, playable.Position, float, int | None]:
        """What a solve or an analysis asks for: the position's text, the position
        (a bad one is refused now, not in a job), the seconds (at most the board's
        cap) and the nodes (none: no node limit)."""
        text = self.text(body)
        position = playable.loads(text, "<board>")
        seconds = self.seconds(body, default_seconds)
        return text, position, seconds, self.whole(body, "nodes", 1, 10**12, None)

    def started(
        self,
        request: Request,
        name: str,
        seconds: float,
        task: Callable[..., Any],
        arguments: dict[str, Any],
    ) -> Response:
        """The job of ``task`` started for the request's session (202, its document)."""
        job = self.jobs.submit(name, seconds, task, arguments, owner=self.session(request))
        return JSONResponse(job.to_json(), status_code=202)

    async def solve(self, request: Request) -> Response:
        body = await self.body(request)
        text, _, seconds, nodes = self.search_request(body, 5.0)
        turns = self.whole(body, "turns", 1, 4, 3)
        arguments = {"task": "solve", "text": text, "seconds": seconds, "nodes": nodes}
        arguments["depth"] = turns
        return self.started(request, "solve", seconds, search_task, arguments)

    async def analyse(self, request: Request) -> Response:
        body = await self.body(request)
        text, position, seconds, nodes = self.search_request(body, 2.0)
        depth = self.whole(body, "depth", 0, 3, 0)
        # An analysis that spends its budget on each move (The Game, docs/api.md) gets
        # the request's seconds shared among the moves, so the whole job keeps within them.
        each = seconds
        if not engine(position.name).analysis_shares_budget:
            each = seconds / max(1, len(position.legal_moves()))
        arguments = {"task": "analyse", "text": text, "seconds": each, "nodes": nodes}
        arguments["depth"] = depth
        return self.started(request, "analyse", seconds, search_task, arguments)

    async def review(self, request: Request) -> Response:
        """A game record's review (docs/review.md) as a job: the record is read now
        (a malformed or illegal one is a 422 naming its line and column), its moves
        judged in the job; ``seconds`` are the whole review's, shared among the moves
        (web/review.py); ``seat`` (1-based) judges that seat's moves from its view,
        on ``samples`` deals a move."""
        body = await self.body(request)
        text = self.text(body)
        seconds = self.seconds(body, min(10.0, self.jobs.max_seconds))
        nodes = self.whole(body, "nodes", 1, 10**12, None)
        seat = self.whole(body, "seat", 1, 12, None)
        samples = self.whole(body, "samples", 1, MAX_SAMPLES, 20)
        record = await run_in_threadpool(read_record, text)
        players = record.game.players(record.start)
        if seat is not None and seat > players:
            raise BadRequest(f"'seat' {seat}: the game has {players} players", 422)
        arguments = {
            "text": text,
            "seconds": seconds,
            "nodes": nodes,
            "seat": None if seat is None else seat - 1,
            "samples": samples,
        }
        # a move may take three shares (web/review.py): the job's budget is its limit
        limit = OVERRUN * seconds + SLACK
        return self.started(request, "review", limit, review_task, arguments)

    async def record(self, request: Request) -> Response:
        """A game record opened on the board (a file or pasted text): the position it
        starts from and every move with the position after it, for the board to
        replay and review; a malformed or illegal record is a 422 naming the file
        (``name``, as the browser gives it), line and column."""
        body = await self.body(request)
        text = self.text(body)
        source = source_name(body.get("name"))
        record = await run_in_threadpool(read_record, text, source)
        return JSONResponse(await run_in_threadpool(opened, record))

    async def line(self, request: Request) -> Response:
        """The positions along ``moves`` from the position ``text`` (a line of an
        analysis, stepped through on the table), one frame a move; a move the rules
        refuse ends the frames with its error."""
        body = await self.body(request)
        position = playable.loads(self.text(body), "<board>")
        moves = self.text(body, "moves")
        if len(moves.split()) > MAX_LINE:
            raise BadRequest(f"'moves': a line of at most {MAX_LINE} moves")
        shown = await run_in_threadpool(solution_frames, position, moves)
        return JSONResponse({"frames": shown})

    async def job(self, request: Request) -> Response:
        """A job of this session; another session's job is answered as an unknown
        id (the same 404 and line), so ids cannot be probed."""
        job = self.jobs.get(request.path_params["job_id"], self.session(request))
        if job is None:
            raise BadRequest(f"no job '{request.path_params['job_id'][:100]}'", 404)
        if request.method == "DELETE":
            self.jobs.cancel(job)
        return JSONResponse(job.to_json())

    async def puzzles(self, request: Request) -> Response:
        game = request.query_params.get("game") or None
        kind = request.query_params.get("kind") or None
        level_name = request.query_params.get("level") or None
        if game is not None and game not in GAMES:
            raise BadRequest(f"no puzzles for game '{game}' (games: {', '.join(GAMES)})")
        try:
            level = Level(level_name) if level_name else None
        except ValueError:
            names = ", ".join(v.value for v in Level)
            raise BadRequest(f"no level '{level_name}' (levels: {names})") from None

        def listed() -> list[dict[str, Any]]:
            with self.open_library() as library:
                return [
                    self.summary(i, p, library.plays(i))
                    for i, p in library.select(game=game, kind=kind, level=level)
                ]

        found = await run_in_threadpool(listed)
        return JSONResponse(
            {"puzzles": found, "games": list(GAMES), "levels": [v.value for v in Level]}
        )

    async def puzzle_one(self, request: Request) -> Response:
        puzzle_id = self.puzzle_id(request)

        def shown() -> dict[str, Any]:
            puzzle = self.puzzle(puzzle_id)
            with self.open_library() as library:
                document = self.summary(puzzle_id, puzzle, library.plays(puzzle_id))
            document["description"] = kind_of(puzzle.game, puzzle.kind).description
            document["text"] = puzzle.position
            try:  # a UNO play-out hand is not a round the board can play
                document["view"] = view(playable.loads(puzzle.position, f"puzzle {puzzle_id}"))
            except PlayableError as error:
                document["view"] = None
                document["view_error"] = str(error)
            return document

        return JSONResponse(await run_in_threadpool(shown))

    async def attempt(self, request: Request) -> Response:
        puzzle_id = self.puzzle_id(request)
        body = await self.body(request)
        answer = self.text(body, "answer")
        revealed = body.get("revealed", False)
        if not isinstance(revealed, bool):
            raise BadRequest("'revealed' must be true or false")
        if not answer.strip():
            raise BadRequest("the answer is empty: play or type your moves first")
        puzzle = await run_in_threadpool(self.puzzle, puzzle_id)
        # the check's job belongs to no session: no request can read or stop it
        job = self.jobs.submit(
            "check",
            CHECK_SECONDS,
            check_task,
            {"puzzle": puzzle, "answer": answer, "seconds": CHECK_SECONDS},
        )
        await run_in_threadpool(self.jobs.wait, job)
        self.judged(job)

        # a right answer after the solution (or a hint) was shown is a try, not a success
        success = bool(job.result["correct"]) and not revealed

        def counted() -> tuple[int, int]:
            with self.open_library(write=True) as library:
                return library.record_play(puzzle_id, success)

        tries, solved = await run_in_threadpool(counted)
        return JSONResponse(
            {
                **job.result,
                "revealed": revealed,
                "counted": success,
                "tries": tries,
                "solved": solved,
            }
        )

    @staticmethod
    def judged(job: Job) -> None:
        """Refuse an attempt whose check gave no verdict (none is counted): a
        malformed answer (422), a check stopped (409), or one that failed or ran out
        of time on the server (503, try again)."""
        if job.state == "error":  # a malformed answer: not an attempt
            raise BadRequest(job.error or "bad answer")
        if job.state in ("cancelled", "stopped"):
            raise BadRequest("the check was stopped before its verdict; send the answer again", 409)
        if job.state != "done":
            raise BadRequest(f"the check failed: {job.error or job.state}; try again", 503)

    async def solution(self, request: Request) -> Response:
        puzzle_id = self.puzzle_id(request)
        puzzle = await run_in_threadpool(self.puzzle, puzzle_id)
        try:
            start = playable.loads(puzzle.position, f"puzzle {puzzle_id}")
            shown = solution_frames(start, puzzle.solution)
        except PlayableError:  # a position the board cannot play (a UNO play-out hand)
            shown = []
        return JSONResponse({"id": puzzle_id, "solution": puzzle.solution, "frames": shown})

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")


async def _refused(request: Request, error: Exception) -> Response:
    if isinstance(error, BadRequest):
        return _error(str(error), error.status)
    if isinstance(error, Busy):
        return _error(str(error), 503)
    # IllegalMove, NotationError, LibraryError...: the CLI's one line (exit code 2 there)
    return _error(str(error), 404 if "no puzzle with id" in str(error) else 422)


async def _http_error(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such path, a method the path does not take) in
    the same ``{"error": line}`` shape as every other answer."""
    assert isinstance(error, HTTPException)
    return _error(f"{error.detail}: {request.method} {request.url.path}", error.status_code)


class AnyText(Convertor[str]):
    """The rest of a path, whatever it holds: a hostile job id is answered "no job"
    with the id as sent (Starlette's ``path`` convertor is ``.*``, which stops at a
    newline)."""

    regex = r"[\s\S]*"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("text", AnyText())


def _exact(route: Route) -> Route:
    """``route`` matching whole paths only: Starlette ends a route's pattern in ``$``,
    which also matches before a final newline, so ``/api/games%0A`` was answered as
    ``/api/games`` and ``/api/jobs/<id>%0A`` as the job ``<id>``."""
    pattern = route.path_regex.pattern
    if not pattern.endswith("$"):
        raise RuntimeError(f"unexpected route pattern {pattern!r}")
    route.path_regex = re.compile(pattern[:-1] + r"\Z")
    return route


def create_app(
    library: Path | None = None,
    examples: Path | None = None,
    workers: int = 2,
    max_seconds: float = 30.0,
    host: str | None = "127.0.0.1",
    allow_hosts: Iterable[str] = (),
    body_seconds: float = BODY_SECONDS,
) -> Starlette:
    """The web board. ``library``: a puzzle library (migrated to hold success counts
    beforehand by the caller, see ``playable serve``); ``examples``: a folder of
    position files offered in the board; ``workers`` searches run at once, each
    capped at ``max_seconds``. Requests must name the server by a loopback name,
    ``host`` (the address listened on) or one of ``allow_hosts`` (web/guard.py); a
    body must arrive within ``body_seconds``. The searches run in ``forkserver``
    processes, which import the main module: a script that serves the app must keep
    its work under ``if __name__ == "__main__":`` (as ``playable serve`` does)."""
    jobs = Jobs(workers=workers, max_seconds=max_seconds)
    board = Board(library, examples, jobs, body_seconds=body_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        jobs.close()

    routes = [
        Route("/", board.index),
        Route("/api/examples", board.examples_list),
        Route("/api/games", board.games),
        Route("/api/load", board.load, methods=["POST"]),
        Route("/api/play", board.play, methods=["POST"]),
        Route("/api/deal", board.deal, methods=["POST"]),
        Route("/api/solve", board.solve, methods=["POST"]),
        Route("/api/analyse", board.analyse, methods=["POST"]),
        Route("/api/review", board.review, methods=["POST"]),
        Route("/api/record", board.record, methods=["POST"]),
        Route("/api/line", board.line, methods=["POST"]),
        Route("/api/jobs/{job_id:text}", board.job, methods=["GET", "DELETE"]),
        Route("/api/puzzles", board.puzzles),
        Route("/api/puzzles/{puzzle_id}", board.puzzle_one),
        Route("/api/puzzles/{puzzle_id}/attempt", board.attempt, methods=["POST"]),
        Route("/api/puzzles/{puzzle_id}/solution", board.solution),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    gate = Middleware(Guard, hosts=Hosts(host, allow_hosts), sessions=Sessions(), max_body=MAX_BODY)
    app = Starlette(
        routes=[_exact(r) if isinstance(r, Route) else r for r in routes],
        middleware=[gate],
        lifespan=lifespan,
        exception_handlers={
            BadRequest: _refused,
            PlayableError: _refused,
            HTTPException: _http_error,
        },
    )
    app.state.board = board
    return app
