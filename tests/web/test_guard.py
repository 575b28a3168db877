"""The web board's gate (web/guard.py, web/session.py, web/body.py) through
Starlette's test client: only the board's own names and page are served, a POST
must be JSON, sessions own their jobs, bodies are bounded, every answer carries the
security headers, and no bad request is ever a 500 (docs/security.md)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.datastructures import Headers
from starlette.testclient import TestClient

from playable.puzzles.library import PuzzleLibrary
from playable.web.app import MAX_BODY, create_app
from playable.web.body import MAX_DEPTH, too_deep
from playable.web.guard import Hosts, refusal, split_host, split_origin
from playable.web.session import COOKIE, Sessions
from playable.web.tasks import wait_task
from tests.web.board import BASE, EXAMPLES, ROOT

POSITION = (EXAMPLES / "thegame-solo-late.position.txt").read_text()
OWN = "http://127.0.0.1:8000"
POSTS = ("/api/load", "/api/play", "/api/solve", "/api/analyse", "/api/puzzles/1/attempt")
GETS = (
    "/",
    "/static/board.js",
    "/api/examples",
    "/api/games",
    "/api/puzzles",
    "/api/puzzles/1",
    "/api/puzzles/1/solution",
    "/api/jobs/nothing",
    "/api/nowhere",
)


@pytest.fixture(scope="module")
def client(library: Path) -> Iterator[TestClient]:
    app = create_app(library, EXAMPLES, workers=2, max_seconds=5.0, allow_hosts=["board.test"])
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def tries(library: Path) -> int:
    with PuzzleLibrary(library, create=False) as opened:
        return opened.plays(1)[0]


def jobs_of(client: TestClient) -> int:
    return len(client.app.state.board.jobs._jobs)  # type: ignore[attr-defined]


def session_of(client: TestClient) -> str:
    """A fresh session token the server issued (from a cookie-less request)."""
    client.cookies.clear()
    answer = client.get("/api/examples")
    token = answer.cookies[COOKIE]
    client.cookies.clear()
    return token


# ----------------------------------------------------------------- Host and Origin


def refused_with(
    client: TestClient, library: Path, headers: dict[str, str], page: bool
) -> list[Any]:
    """A solve, a puzzle attempt and the puzzle list (with ``page``, the page too)
    sent with ``headers``: each is refused (403), no job starts and no try counts."""
    before, counted = jobs_of(client), tries(library)
    refused = [
        client.post("/api/solve", json={"text": POSITION, "seconds": 1}, headers=headers),
        client.post("/api/puzzles/1/attempt", json={"answer": "16@0"}, headers=headers),
        client.get("/api/puzzles", headers=headers),
    ]
    if page:
        refused.append(client.get("/", headers=headers))
    assert [r.status_code for r in refused] == [403] * len(refused)
    assert (jobs_of(client), tries(library)) == (before, counted)
    return refused


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1:8000", "localhost:8000", "localhost", "[::1]:8000", "127.0.0.2", "board.test"],
)
def test_own_names_are_served(client: TestClient, host: str) -> None:
    assert client.get("/api/examples", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:8000",
        "localhost.evil.example",
        "127.0.0.1.nip.io:8000",
        "board.test.evil.example",
        "10.0.0.7:8000",  # an address that is not the one listened on
        "user@localhost",
    ],
)
def test_a_foreign_host_is_refused_and_starts_nothing(
    client: TestClient, library: Path, host: str
) -> None:
    """DNS rebinding: a page at evil.example whose name now points at 127.0.0.1."""
    refused = refused_with(client, library, {"host": host}, page=True)
    assert all("--allow-host" in r.json()["error"] for r in refused)


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        "http://localhost:3000",  # another local app: same site, another origin
        "http://127.0.0.1:8001",
        "http://127.0.0.1.evil.example:8000",
        "file://",
        "junk",
    ],
)
def test_a_request_from_another_origin_is_refused(
    client: TestClient, library: Path, origin: str
) -> None:
    refused_with(client, library, {"origin": origin}, page=False)


def test_the_own_origin_is_served(client: TestClient) -> None:
    loaded = client.post("/api/load", json={"example": "endgame.uno.txt"}, headers={"origin": OWN})
    assert loaded.status_code == 200
    proxied = client.post(  # behind a TLS proxy that passes the Host on (docs/security.md)
        "/api/load",
        json={"example": "endgame.uno.txt"},
        headers={"host": "board.test", "origin": "https://board.test"},
    )
    assert proxied.status_code == 200


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_another_sites_fetch_is_refused_but_a_link_to_the_board_opens(
    client: TestClient, site: str
) -> None:
    headers = {"sec-fetch-site": site}
    assert client.get("/api/puzzles", headers=headers).status_code == 403
    assert client.delete("/api/jobs/x", headers=headers).status_code == 403
    assert client.get("/", headers=headers).status_code == 200  # a link: a navigation
    assert client.get("/", headers={"sec-fetch-site": "none"}).status_code == 200


@pytest.mark.parametrize(
    "kind",
    [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "",
        "application/jsonp",
    ],
)
def test_a_post_that_is_not_json_is_refused_and_not_counted(
    client: TestClient, library: Path, kind: str
) -> None:
    """A page may send these to any site without asking first (a simple request)."""
    before, counted = jobs_of(client), tries(library)
    body = json.dumps({"text": POSITION, "seconds": 1, "answer": "16@0"})
    headers = {"content-type": kind}
    for path in ("/api/solve", "/api/puzzles/1/attempt"):
        refused = client.post(path, content=body, headers=headers)
        assert refused.status_code == 415, refused.text
    assert (jobs_of(client), tries(library)) == (before, counted)


def test_json_with_a_charset_is_json(client: TestClient) -> None:
    body = json.dumps({"example": "endgame.uno.txt"})
    headers = {"content-type": "Application/JSON; charset=utf-8"}
    assert client.post("/api/load", content=body, headers=headers).status_code == 200


# ------------------------------------------------------------------------ headers


@pytest.mark.parametrize("path", GETS)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    for answer in (
        client.get(path),
        client.post(path, json={}),
        client.get(path, headers={"host": "evil.example"}),
    ):
        assert answer.status_code < 500
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["referrer-policy"] == "no-referrer"
        policy = answer.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_the_page_needs_nothing_the_policy_forbids() -> None:
    """The static front end loads only its own files and uses no inline script,
    style or handler (checked in a real browser by test_browser.py)."""
    page = (ROOT / "web" / "static" / "index.html").read_text()
    script = (ROOT / "web" / "static" / "board.js").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert not re.search(r"<style|\sstyle=|\son[a-z]+=|https?://", page)
    assert not re.search(r"\beval\(|new Function|innerHTML|\.style\b|https?://", script)


def test_a_session_cookie_is_http_only_and_strict(client: TestClient) -> None:
    client.cookies.clear()
    answer = client.get("/")
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert "set-cookie" not in client.get("/api/examples").headers  # kept
    client.cookies.clear()
    forged = client.get("/api/examples", headers={"cookie": f"{COOKIE}=made.up"})
    assert forged.cookies[COOKIE] != "made.up"  # a token the server did not issue
    client.cookies.clear()


def test_a_link_from_another_site_keeps_the_session(client: TestClient) -> None:
    """The Strict cookie is not sent with a navigation from another site: the server
    must not hand out a new one then (it would replace the open tabs' session)."""
    client.cookies.clear()
    followed = client.get("/", headers={"sec-fetch-site": "cross-site"})
    assert followed.status_code == 200 and "set-cookie" not in followed.headers
    own = client.get("/api/examples", headers={"sec-fetch-site": "same-origin"})
    assert COOKIE in own.cookies
    client.cookies.clear()


def test_a_websocket_is_refused(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/api/examples"):
        pass


def test_a_length_that_is_no_number_is_400() -> None:
    headers = Headers(raw=[(b"host", b"localhost"), (b"content-length", b"12x")])
    assert refusal("GET", "/", headers, Hosts(), MAX_BODY) == (
        400,
        "Content-Length '12x' is not a number of bytes",
    )


def test_tokens_are_checked() -> None:
    sessions = Sessions()
    token = sessions.issue()
    assert sessions.valid(token) and not Sessions().valid(token)
    nonce, _, mac = token.partition(".")
    assert not sessions.valid(f"{nonce}.{mac[:-1]}{'0' if mac[-1] != '0' else '1'}")
    assert sessions.from_cookie_header(f"a=b; {COOKIE}={token}") == token
    for header in (None, "", f"{COOKIE}=", "junk;;;=", f"{COOKIE}=é.x", f'{COOKIE}="x'):
        assert sessions.from_cookie_header(header) is None


# --------------------------------------------------------------------------- jobs


def test_job_ids_are_random_and_another_sessions_job_is_unknown(client: TestClient) -> None:
    mine, theirs = session_of(client), session_of(client)
    jobs = client.app.state.board.jobs  # type: ignore[attr-defined]
    made = [jobs.submit("wait", 5.0, wait_task, {"seconds": 60}, owner=mine) for _ in range(2)]
    try:
        for job in made:
            assert re.fullmatch(r"[A-Za-z0-9_-]{22}", job.id)
        assert made[0].id != made[1].id
        job = made[0]
        as_mine = {"cookie": f"{COOKIE}={mine}"}
        as_theirs = {"cookie": f"{COOKIE}={theirs}"}
        assert client.get(f"/api/jobs/{job.id}", headers=as_mine).json()["id"] == job.id
        unknown = "A" * 22
        for method in ("GET", "DELETE"):
            foreign = client.request(method, f"/api/jobs/{job.id}", headers=as_theirs)
            missing = client.request(method, f"/api/jobs/{unknown}", headers=as_theirs)
            assert foreign.status_code == missing.status_code == 404
            assert foreign.json()["error"].replace(job.id, unknown) == missing.json()["error"]
            assert foreign.headers.keys() == missing.headers.keys()
        assert not job.cancelled  # the other session's DELETE stopped nothing
    finally:
        client.cookies.clear()
        for job in made:
            jobs.cancel(job)
            jobs.wait(job)


def test_a_solve_belongs_to_the_session_that_started_it(client: TestClient) -> None:
    client.cookies.clear()
    started = client.post("/api/solve", json={"text": POSITION, "seconds": 1})
    assert started.status_code == 202
    job_id = started.json()["id"]
    assert client.get(f"/api/jobs/{job_id}").status_code == 200  # same cookie jar
    stranger = {"cookie": f"{COOKIE}={session_of(client)}"}
    assert client.get(f"/api/jobs/{job_id}", headers=stranger).status_code == 404
    client.cookies.clear()


def test_an_attempt_whose_check_is_stopped_is_409_and_not_counted(library: Path) -> None:
    """A stopped check gives no verdict: the attempt is refused (it was a 500)."""
    app = create_app(library, EXAMPLES, workers=1, max_seconds=5.0)
    jobs = app.state.board.jobs
    submit = jobs.submit

    def stopped_at_once(*args: Any, **kwargs: Any) -> Any:
        """Submit, stop, and only then let the job reach the pool: a check now ends
        in a few hundredths of a second, so stopping it after it started could lose
        the race against its verdict."""
        pool, held = jobs._pool, []
        jobs._pool = SimpleNamespace(submit=lambda *call: held.append(call))
        try:
            job = submit(*args, **kwargs)
        finally:
            jobs._pool = pool
        jobs.cancel(job)
        for call in held:
            pool.submit(*call)
        return job

    jobs.submit = stopped_at_once
    with TestClient(app, base_url=BASE) as test_client:
        counted = tries(library)
        answer = test_client.post("/api/puzzles/1/attempt", json={"answer": "16@0 7@1"})
        assert answer.status_code == 409 and "stopped" in answer.json()["error"]
        assert tries(library) == counted


# --------------------------------------------------------------------------- bodies


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_deep_json_is_400(client: TestClient, path: str, opening: str) -> None:
    body = opening * 1000
    answer = client.post(path, content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "deeper" in answer.json()["error"]


def test_a_declared_length_past_the_limit_is_413(client: TestClient) -> None:
    headers = {"content-type": "application/json", "content-length": str(300 * 10**6)}
    answer = client.post("/api/load", content=b"{}", headers=headers)
    assert answer.status_code == 413 and answer.headers["connection"] == "close"


def test_a_streamed_body_past_the_limit_is_413(client: TestClient) -> None:
    """A body without a length (chunked) is cut off as it streams (the real server's
    case, with the bytes it reads counted, is in test_limits.py)."""

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(MAX_BODY // 1000 + 10):
            yield b"x" * 1000
        yield b'"}'

    headers = {"content-type": "application/json"}
    answer = client.post("/api/load", content=chunks(), headers=headers)
    assert answer.status_code == 413


@pytest.mark.parametrize("value", ["1" + "0" * 30, "9" * 5000, "١٢"])
def test_puzzle_ids_beyond_the_database_are_404(client: TestClient, value: str) -> None:
    for suffix in ("", "/solution"):
        assert client.get(f"/api/puzzles/{value}{suffix}").status_code == 404
    assert client.post(f"/api/puzzles/{value}/attempt", json={"answer": "x"}).status_code == 404


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


nested = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=40,
)


@settings(max_examples=150, deadline=None)
@given(value=nested, limit=st.integers(min_value=0, max_value=8))
def test_the_depth_scan_agrees_with_the_parser(value: Any, limit: int) -> None:
    """Brackets inside strings (escaped quotes too) do not count."""
    assert too_deep(json.dumps(value), limit) == (_depth(value) > limit)


def test_the_depth_scan_is_linear_on_unterminated_strings() -> None:
    started = time.monotonic()
    assert not too_deep('"' + '\\"' * 200_000)
    assert not too_deep('"' + "[" * 200_000)  # inside an unterminated string
    assert time.monotonic() - started < 2
    assert too_deep("[" * (MAX_DEPTH + 1)) and not too_deep("[" * MAX_DEPTH)


# -------------------------------------------------------------------- host parsing


@pytest.mark.parametrize(
    ("value", "parsed"),
    [
        ("localhost:8000", ("localhost", 8000)),
        ("LOCALHOST.", ("localhost", None)),
        ("[::1]:80", ("::1", 80)),
        ("a b", None),
        ("x:99999", None),
        ("x/y", None),
        ("", None),
        ("é.example", None),
    ],
)
def test_split_host(value: str, parsed: tuple[str, int | None] | None) -> None:
    assert split_host(value) == parsed


@pytest.mark.parametrize(
    ("value", "parsed"),
    [
        ("http://localhost:8000", ("localhost", 8000)),
        ("https://board.test", ("board.test", None)),
        ("https://board.test:443", ("board.test", None)),
        ("null", None),
        ("ftp://x", None),
        ("http://x/path", None),
    ],
)
def test_split_origin(value: str, parsed: tuple[str, int | None] | None) -> None:
    assert split_origin(value) == parsed


def test_the_address_listened_on_is_a_name_of_the_server() -> None:
    lan = Hosts("192.168.1.5", ["board.test"])
    assert lan.allows("192.168.1.5") and lan.allows("127.0.0.1") and lan.allows("board.test")
    assert not lan.allows("192.168.1.6") and not lan.allows("evil.example")
    everywhere = Hosts("0.0.0.0")
    assert everywhere.allows("10.1.2.3") and not everywhere.allows("evil.example")
    named = Hosts("myhost.lan")
    assert named.allows("myhost.lan") and not named.allows("other.lan")


def test_a_header_sent_twice_is_refused() -> None:
    twice = Headers(raw=[(b"host", b"localhost"), (b"host", b"evil.example")])
    assert refusal("GET", "/", twice, Hosts(), MAX_BODY) is not None
    origins = Headers(raw=[(b"host", b"localhost"), *[(b"origin", b"http://localhost")] * 2])
    assert refusal("GET", "/", origins, Hosts(), MAX_BODY) is not None
