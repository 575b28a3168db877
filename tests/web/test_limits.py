"""The web board's limits on a real server (web/server.py, web/body.py): uvicorn
with the board's protocol in a thread on a free loopback port, with short limits
(a request's head 1 s, a body 1 s, idle 1 s), driven through raw sockets.

A chunked body past the size limit is cut off after a few hundred kilobytes (the
server stops reading and closes: the sender is refused long before the end), slow
heads and bodies are dropped, and concurrent stops of one job are all answered.
Every request loop here is bounded and talks to 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import anyio
import pytest
import uvicorn
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.server import ServerState

from playable.web.app import MAX_BODY, MAX_TEXT, create_app
from playable.web.server import BoardConfig, BoardProtocol
from playable.web.session import COOKIE
from playable.web.tasks import wait_task
from tests.web.board import EXAMPLES, puzzle_library

#: The time limits of the server under test, in seconds.
LIMIT = 1.0


@dataclass
class Live:
    """A running server: its app and port."""

    app: Starlette
    port: int

    def connect(self, timeout: float = 10.0) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout)

    def head(self, method: str, path: str, headers: dict[str, str] | None = None) -> bytes:
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()


@contextlib.contextmanager
def serving(app: ASGIApp, **limits: Any) -> Iterator[int]:
    """``app`` served by uvicorn with the board's protocol (web/server.py) in a
    thread on a free loopback port, which is yielded."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    server = uvicorn.Server(BoardConfig(app, log_level="error", **limits))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield listening.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listening.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    library = puzzle_library(tmp_path_factory.mktemp("limits") / "lib.sqlite")
    app = create_app(library, EXAMPLES, workers=2, max_seconds=5.0, body_seconds=LIMIT)
    limits = {"header_seconds": LIMIT, "write_seconds": LIMIT, "keep_alive_seconds": 1}
    with serving(app, **limits) as port:
        yield Live(app, port)


def answer_of(connection: socket.socket, within: float = 10.0) -> tuple[int, bytes]:
    """The status and body of the answer on ``connection`` (read to its length or
    to the connection's close)."""
    connection.settimeout(within)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        assert chunk, f"closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = next(
        (
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        ),
        None,
    )
    while length is None or len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, body


def closed_within(connection: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``connection`` within ``seconds`` (whatever it
    sends first is read and dropped)."""
    connection.settimeout(seconds)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            if not connection.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return False


def chunked(piece: bytes) -> bytes:
    return f"{len(piece):x}\r\n".encode() + piece + b"\r\n"


# -------------------------------------------------------------------------- sizes


def test_a_chunked_body_past_the_limit_is_cut_off_without_reading_it(live: Live) -> None:
    """300 MB offered in 64 kB chunks: the server answers 413 and closes after about
    the limit; the sender is refused long before (the socket buffers hold a few MB)."""
    total, piece = 300 * 2**20, b"x" * 65536
    sent = 0
    connection = live.connect()
    head = live.head(
        "POST",
        "/api/load",
        {"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
    )

    def send() -> None:
        nonlocal sent
        with contextlib.suppress(OSError):
            connection.sendall(head + chunked(b'{"text": "'))
            while sent < total:
                connection.sendall(chunked(piece))
                sent += len(piece)

    sender = threading.Thread(target=send)
    sender.start()
    status, body = answer_of(connection, within=30)
    assert status == 413 and b"longer than" in body
    sender.join(timeout=60)
    assert not sender.is_alive()
    assert sent < 32 * 2**20, f"{sent} bytes were taken in before the refusal"
    connection.close()


def test_a_declared_length_past_the_limit_is_refused_before_any_byte(live: Live) -> None:
    with live.connect() as connection:
        headers = {"Content-Type": "application/json", "Content-Length": str(300 * 2**20)}
        connection.sendall(live.head("POST", "/api/load", headers))
        started = time.monotonic()
        status, _ = answer_of(connection)
        assert status == 413 and time.monotonic() - started < LIMIT
        assert closed_within(connection, 5)


@settings(max_examples=25, deadline=None)
@given(
    sizes=st.lists(st.integers(min_value=1, max_value=120_000), min_size=1, max_size=8),
    deep=st.booleans(),
)
def test_chunked_bodies_of_any_shape(live: Live, sizes: list[int], deep: bool) -> None:
    """A chunked body of random chunks: a JSON document padded to the chunks' sizes,
    or a deep one. Past the limit it is 413, a deep one 400, else the endpoint's
    answer (413 as well for a text past MAX_TEXT); never a 500."""
    document = ("[" * 1000) if deep else json.dumps({"text": "x" * sum(sizes)})
    raw = document.encode()
    pieces, at = [], 0
    for size in sizes:
        pieces.append(raw[at : at + size])
        at += size
    pieces.append(raw[at:])
    with live.connect() as connection:
        head = live.head(
            "POST",
            "/api/load",
            {"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        )
        with contextlib.suppress(OSError):  # the server may refuse before the end
            connection.sendall(head + b"".join(chunked(p) for p in pieces if p) + b"0\r\n\r\n")
        status, body = answer_of(connection)
    if len(raw) > MAX_BODY or (not deep and sum(sizes) > MAX_TEXT):
        assert status == 413, body
    elif deep:
        assert status == 400, body
    else:
        assert status == 422, body  # "x..." is no position
    assert b"Traceback" not in body


# -------------------------------------------------------------------------- times


def test_slow_heads_are_dropped(live: Live) -> None:
    """200 connections that send half a request line and stall are all closed."""
    connections = [live.connect() for _ in range(200)]
    try:
        for connection in connections:
            connection.sendall(b"GET /api/exam")
        deadline = time.monotonic() + LIMIT + 10  # generous: the machine may be loaded
        still_open = connections
        while still_open and time.monotonic() < deadline:
            still_open = [c for c in still_open if not closed_within(c, 0.01)]
            time.sleep(0.2)
        assert not still_open, f"{len(still_open)} of 200 slow connections still open"
    finally:
        for connection in connections:
            connection.close()


def test_a_head_sent_a_byte_at_a_time_is_dropped(live: Live) -> None:
    with live.connect() as connection:
        request = live.head("GET", "/api/examples")
        dropped = False
        end = time.monotonic() + 3 * LIMIT + 5
        for byte in request[:-4]:
            try:
                connection.sendall(bytes([byte]))
            except OSError:
                dropped = True
                break
            if closed_within(connection, 0.1) or time.monotonic() > end:
                dropped = True
                break
        assert dropped


@pytest.mark.parametrize("drip", [False, True])
def test_a_slow_body_is_408(live: Live, drip: bool) -> None:
    """A body that stalls, or drips a byte every 0.3 s, is refused after the limit."""
    with live.connect() as connection:
        headers = {"Content-Type": "application/json", "Content-Length": "1000"}
        connection.sendall(live.head("POST", "/api/load", headers) + b'{"text": "')
        started = time.monotonic()
        result: list[tuple[int, bytes]] = []
        reader = threading.Thread(target=lambda: result.append(answer_of(connection)))
        reader.start()
        while reader.is_alive() and time.monotonic() - started < 5:
            time.sleep(0.3)
            if drip:
                with contextlib.suppress(OSError):
                    connection.sendall(b"x")
        reader.join(timeout=10)
        assert result and result[0][0] == 408, result
        assert time.monotonic() - started < LIMIT + 3
        assert closed_within(connection, 5)


def test_an_idle_connection_is_closed(live: Live) -> None:
    with live.connect() as connection:
        connection.sendall(live.head("GET", "/api/examples"))
        assert answer_of(connection)[0] == 200
        assert closed_within(connection, 5)


def test_the_unread_rest_of_a_refused_body_does_not_hold_the_connection(live: Live) -> None:
    """A text/plain POST is refused before its body is read; the connection closes."""
    with live.connect() as connection:
        headers = {"Content-Type": "text/plain", "Content-Length": "100000"}
        connection.sendall(live.head("POST", "/api/load", headers) + b"x" * 100)
        assert answer_of(connection)[0] == 415
        assert closed_within(connection, 5)


# ----------------------------------------------------------------- concurrent stops


def request(live: Live, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    headers = {"Cookie": f"{COOKIE}={token}"}
    data = b""
    if body is not None:
        data = json.dumps(body).encode()
        headers |= {"Content-Type": "application/json", "Content-Length": str(len(data))}
    with live.connect() as connection:
        connection.sendall(live.head(method, path, headers) + data)
        status, answer = answer_of(connection)
    return status, json.loads(answer)


def session(live: Live) -> str:
    with live.connect() as connection:
        connection.sendall(live.head("GET", "/api/examples"))
        connection.settimeout(10)
        head = connection.recv(65536).split(b"\r\n\r\n")[0].decode()
    cookie = next(line for line in head.split("\r\n") if line.lower().startswith("set-cookie:"))
    return cookie.split("=", 1)[1].split(";")[0]


def test_concurrent_stops_of_one_job_are_all_answered(live: Live) -> None:
    """20 stops and 20 reads of one running solve at once, and 10 stops from another
    session: every answer is 200 (the owner's) or 404 (the other's), the job ends
    stopped with its partial result (or cancelled, if it had not started), the next
    job runs."""
    mine, theirs = session(live), session(live)
    text = (EXAMPLES / "deal.facetoface.txt").read_text()
    status, job = request(live, "POST", "/api/solve", mine, {"text": text, "seconds": 5})
    assert status == 202
    path = f"/api/jobs/{job['id']}"
    calls = [("DELETE", mine)] * 20 + [("GET", mine)] * 20 + [("DELETE", theirs)] * 10
    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(lambda call: request(live, call[0], path, call[1]), calls))
    statuses = [status for status, _ in answers]
    assert statuses == [200] * 40 + [404] * 10
    jobs = live.app.state.board.jobs
    found = jobs.get(job["id"], mine)
    assert found is not None
    jobs.wait(found)
    assert found.state in ("stopped", "cancelled"), (found.state, found.error)
    assert request(live, "GET", path, mine)[1]["state"] == found.state
    if found.state == "stopped":  # the solve answered what it had: unknown
        assert found.result["document"]["status"] == "unknown"


def test_concurrent_stops_of_waiting_and_running_jobs(live: Live) -> None:
    """Stops racing a job's start: three waiting jobs on two workers, each stopped
    by 8 requests at once; every job ends (stopped, or cancelled before it started)
    and every answer is 200."""
    mine = session(live)
    jobs = live.app.state.board.jobs
    made = [jobs.submit("wait", 5.0, wait_task, {"seconds": 60}, owner=mine) for _ in range(3)]
    calls = [f"/api/jobs/{job.id}" for job in made for _ in range(8)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        statuses = list(pool.map(lambda path: request(live, "DELETE", path, mine)[0], calls))
    assert statuses == [200] * len(calls)
    for job in made:
        jobs.wait(job)
        assert job.state in ("stopped", "cancelled"), (job.state, job.error)


# ------------------------------------------------------------ the protocol's timers


def test_a_request_answered_slowly_is_not_cut_by_the_head_limit() -> None:
    """The head limit is for the client's head only: an endpoint that takes longer
    (a puzzle check) still answers, and the next request on the connection too."""

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        await anyio.sleep(3 * 0.3)
        headers = [(b"content-length", b"4")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"late"})

    with (
        serving(slow, header_seconds=0.3) as port,
        socket.create_connection(("127.0.0.1", port), timeout=10) as connection,
    ):
        for _ in range(2):
            connection.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert answer_of(connection) == (200, b"late")


def test_an_answer_the_client_does_not_read_closes_the_connection() -> None:
    """The transport's buffer is full (``pause_writing``): after ``write_seconds``
    without ``resume_writing`` the connection is closed."""

    async def idle(scope: Scope, receive: Receive, send: Send) -> None:
        return None

    async def scenario() -> list[str]:
        calls: list[str] = []

        class Transport(asyncio.Transport):
            def is_closing(self) -> bool:
                return "close" in calls

            def close(self) -> None:
                calls.append("close")

            def get_extra_info(self, name: str, default: Any = None) -> Any:
                return ("127.0.0.1", 1) if name in ("peername", "sockname") else default

        config = BoardConfig(idle, write_seconds=0.1, header_seconds=60)
        config.load()
        protocol = BoardProtocol(config, ServerState(), {})
        protocol.connection_made(Transport())
        protocol.pause_writing()
        await asyncio.sleep(0.3)
        calls.append("checked")
        protocol.resume_writing()
        protocol.pause_writing()  # paused again, then resumed in time: kept open
        protocol.resume_writing()
        await asyncio.sleep(0.3)
        protocol.connection_lost(None)
        return calls

    assert asyncio.run(scenario())[:2] == ["close", "checked"]
