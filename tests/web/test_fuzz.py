"""Junk requests to every endpoint of the web board (web/app.py): hypothesis builds
request bodies from the endpoints' own keys with values of every JSON type, raw
bodies that are not JSON, junk path and query parts, and hostile requests: another
site's Origin or Sec-Fetch-Site, a foreign Host (DNS rebinding), bodies that are not
``application/json``, deeply nested JSON, and the job ids of other sessions. The
server must answer each with a status it documents and, for an error, one
``{"error": line}``; never a 500 and never a traceback in the answer. A refused
request starts no search and counts no attempt; another session's job is answered
exactly as an unknown id. A search a junk request happens to start is stopped at
once. (Chunked and slow bodies need a real server: tests/web/test_limits.py.)"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from playable.web.app import create_app
from playable.web.session import COOKIE
from playable.web.tasks import wait_task
from tests.web.board import BASE, EXAMPLES, puzzle_library

POSITION = (EXAMPLES / "thegame-solo-late.position.txt").read_text()
UNO = (EXAMPLES / "endgame.uno.txt").read_text()
RECORD = (EXAMPLES / "review.facetoface.txt").read_text()

POSTS = (
    "/api/load",
    "/api/play",
    "/api/deal",
    "/api/solve",
    "/api/analyse",
    "/api/review",
    "/api/record",
    "/api/line",
    "/api/puzzles/1/attempt",
)
KEYS = (
    "text",
    "example",
    "moves",
    "end_turn",
    "seconds",
    "nodes",
    "turns",
    "depth",
    "answer",
    "revealed",
    "game",
    "players",
    "seed",
    "seat",
    "samples",
    "name",
)
ALLOWED = {200, 202, 400, 403, 404, 405, 409, 413, 415, 422, 503}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(
        [
            POSITION,
            UNO,
            RECORD,
            RECORD[:-9],
            "14@2",
            "G7",
            "/",
            "end",
            "thegame-solo-late.position.txt",
            "../x",
            "uno",
        ]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
bodies = st.dictionaries(st.sampled_from(KEYS), json_values, max_size=5)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = puzzle_library(tmp_path_factory.mktemp("fuzz") / "lib.sqlite")
    app = create_app(path, EXAMPLES, workers=1, max_seconds=1.0)
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def _answered(client: TestClient, response: Any) -> None:
    assert response.status_code in ALLOWED, (response.status_code, response.text)
    assert "Traceback" not in response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error, str) and error and "\n" not in error.strip()
    if response.status_code == 202:  # a search started: stop it
        client.delete(f"/api/jobs/{response.json()['id']}")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(POSTS), body=bodies)
def test_junk_json_bodies(client: TestClient, path: str, body: dict[str, Any]) -> None:
    _answered(client, client.post(path, json=body))


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(POSTS), raw=st.binary(max_size=200))
def test_bodies_that_are_not_json(client: TestClient, path: str, raw: bytes) -> None:
    headers = {"content-type": "application/json"}
    _answered(client, client.post(path, content=raw, headers=headers))


@settings(max_examples=80, deadline=None)
@given(
    part=st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=25),
    query=st.dictionaries(st.sampled_from(["game", "level", "kind"]), st.text(max_size=12)),
)
def test_junk_paths_and_queries(client: TestClient, part: str, query: dict[str, str]) -> None:
    from urllib.parse import quote

    for path in (f"/api/jobs/{quote(part, safe='')}", f"/api/puzzles/{quote(part, safe='')}"):
        _answered(client, client.get(path))
        _answered(client, client.get(f"{path}/solution"))
    _answered(client, client.get("/api/puzzles", params=query))


# ----------------------------------------------------------------- hostile requests

OWN_HOSTS = ("127.0.0.1:8000", "localhost:8000", "[::1]:8000")
FOREIGN_HOSTS = ("evil.example", "evil.example:8000", "127.0.0.1.nip.io:8000", "localhost.evil")
OWN_ORIGIN = "http://127.0.0.1:8000"
ROUTES = (
    ("GET", "/"),
    ("GET", "/static/board.js"),
    ("GET", "/api/examples"),
    ("GET", "/api/puzzles"),
    ("GET", "/api/puzzles/1"),
    ("GET", "/api/puzzles/1/solution"),
    ("GET", "/api/jobs/{job}"),
    ("DELETE", "/api/jobs/{job}"),
    *(("POST", path) for path in POSTS),
)
deep_bodies = st.builds(
    lambda opening, depth: (opening * depth).encode(),
    st.sampled_from(["[", '{"text":', '[{"a":', '{"answer": [']),
    st.integers(min_value=33, max_value=5000),
)
raw_bodies = (
    bodies.map(lambda body: json.dumps(body).encode())
    | deep_bodies
    | st.binary(max_size=100)
    | st.just(b"")
)


def mostly(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``good`` three times in four: most requests pass the gate and reach an endpoint."""
    return st.sampled_from([good, good, good, bad]).flatmap(lambda chosen: chosen)


@dataclass
class Sessions:
    """Two sessions, each with a job that runs for the whole fuzz run."""

    mine: str
    theirs: str
    my_job: str
    their_job: str


def _issued(client: TestClient) -> str:
    client.cookies.clear()
    token = client.get("/api/examples").cookies[COOKIE]
    client.cookies.clear()
    return token


@pytest.fixture(scope="module")
def sessions(client: TestClient) -> Iterator[Sessions]:
    jobs = client.app.state.board.jobs  # type: ignore[attr-defined]
    jobs.queue = 64  # the fuzz's own stray searches never make a request busy (503)
    mine, theirs = _issued(client), _issued(client)
    made = [jobs.submit("wait", 1.0, wait_task, {"seconds": 600}, owner=o) for o in (mine, theirs)]
    yield Sessions(mine, theirs, made[0].id, made[1].id)
    for job in made:
        jobs.cancel(job)


def _tries(client: TestClient) -> int:
    with client.app.state.board.open_library() as library:  # type: ignore[attr-defined]
        plays: tuple[int, int] = library.plays(1)
    return plays[0]


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    route=st.sampled_from(ROUTES),
    host=mostly(st.sampled_from(OWN_HOSTS), st.sampled_from(FOREIGN_HOSTS)),
    origin=mostly(
        st.sampled_from([None, OWN_ORIGIN]),  # the own origin: the Host's
        st.sampled_from(["http://evil.example", "null", "http://localhost:3000", "https://x"])
        | st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=20),
    ),
    site=mostly(
        st.sampled_from([None, "same-origin", "none"]), st.sampled_from(["same-site", "cross-site"])
    ),
    kind=mostly(
        st.sampled_from(["application/json", "application/json; charset=utf-8"]),
        st.sampled_from(
            ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
        )
        | st.none(),
    ),
    cookie=st.sampled_from(["mine", "theirs", "forged", None]),
    job=st.sampled_from(["mine", "theirs", "unknown"]) | st.text(max_size=12),
    raw=raw_bodies,
)
def test_hostile_requests_to_every_endpoint(
    client: TestClient,
    sessions: Sessions,
    route: tuple[str, str],
    host: str,
    origin: str | None,
    site: str | None,
    kind: str | None,
    cookie: str | None,
    job: str,
    raw: bytes,
) -> None:
    from urllib.parse import quote

    method, template = route
    job_id = {"mine": sessions.my_job, "theirs": sessions.their_job, "unknown": "B" * 22}.get(
        job, job
    )
    if job_id in ("", ".", ".."):  # the client resolves dot segments (RFC 3986 5.2.4)
        job_id = "x"
    path = template.format(job=quote(job_id, safe=""))
    headers = {"host": host}
    if origin == OWN_ORIGIN:
        origin = f"http://{host}"
    token = {"mine": sessions.mine, "theirs": sessions.theirs, "forged": "a.b"}.get(cookie or "")
    if token is not None:
        headers["cookie"] = f"{COOKIE}={token}"
    for name, value in (("origin", origin), ("sec-fetch-site", site), ("content-type", kind)):
        if value is not None:
            headers[name] = value
    jobs = client.app.state.board.jobs  # type: ignore[attr-defined]
    before, counted = len(jobs._jobs), _tries(client)
    client.cookies.clear()
    answer = client.request(
        method, path, content=raw if method == "POST" else None, headers=headers
    )
    client.cookies.clear()

    status = answer.status_code
    event(f"{method} {template} -> {status}")
    assert status in ALLOWED, (status, answer.text)
    assert "Traceback" not in answer.text
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    if status >= 400:
        error = answer.json()["error"]
        assert isinstance(error, str) and error and "\n" not in error.strip()
    if status == 202:  # a search started: stop it
        jobs.cancel(jobs._jobs[answer.json()["id"]])

    foreign_origin = origin is not None and origin != f"http://{host}"
    if host in FOREIGN_HOSTS or foreign_origin:
        assert status == 403
    if path.startswith("/api/") and site in ("same-site", "cross-site"):
        assert status == 403
    if status in (400, 403, 413, 415):  # refused: nothing started, nothing counted
        assert len(jobs._jobs) == before and _tries(client) == counted
    if method == "POST" and status < 400 and template.endswith("attempt"):
        assert _tries(client) == counted + 1
    if template.startswith("/api/jobs/") and status != 403:
        owned = job_id == sessions.my_job and cookie == "mine"
        owned = owned or (job_id == sessions.their_job and cookie == "theirs")
        assert status == (200 if owned else 404), answer.text
        if not owned:  # exactly as an unknown id
            assert answer.json()["error"] == " ".join(f"no job '{job_id[:100]}'".split())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    at=st.integers(min_value=0, max_value=len(RECORD)),
    cut=st.integers(min_value=0, max_value=6),
    junk=st.text(alphabet="0123456789@:/ \n#abcdefghijklmnopqrstuvwxyz-", max_size=12),
)
def test_mangled_records_are_reviewed_or_refused_with_their_place(
    client: TestClient, at: int, cut: int, junk: str
) -> None:
    """A game record with a few characters cut or replaced anywhere: a review job
    starts (202; stopped here at once), or one 4xx line that names the record's line
    and column where the parser found the fault (docs/notation.md, game records).
    Opened on the board (/api/record) it replays, or the same line names the file."""
    text = RECORD[:at] + junk + RECORD[at + cut :]
    response = client.post("/api/review", json={"text": text, "seconds": 1})
    _answered(client, response)
    event(str(response.status_code))
    opened = client.post("/api/record", json={"text": text, "name": "game.txt"})
    _answered(client, opened)
    if response.status_code == 422:
        error = response.json()["error"]
        assert re.match(r"<record>:[0-9]+:[0-9]+: ", error), error
        assert opened.json()["error"] == error.replace("<record>", "game.txt", 1)
    else:
        assert opened.status_code == 200 and "start" in opened.json(), opened.text


@pytest.mark.parametrize("tail", ["\n", "\r\n", "\nx", "/"])
def test_a_job_id_with_a_newline_or_slash_is_no_job(
    client: TestClient, sessions: Sessions, tail: str
) -> None:
    """The whole id as sent is looked up: a newline is not dropped on the way (a
    route ending in ``$`` matches before a final newline), so an owned id with one
    more character is an unknown job, answered as one."""
    from urllib.parse import quote

    job_id = sessions.my_job + tail
    client.cookies.clear()
    answer = client.get(
        "/api/jobs/" + quote(job_id, safe=""),
        headers={"host": OWN_HOSTS[0], "cookie": f"{COOKIE}={sessions.mine}"},
    )
    client.cookies.clear()
    assert answer.status_code == 404
    assert answer.json()["error"] == " ".join(f"no job '{job_id}'".split())


def test_a_path_with_a_final_newline_is_not_found(client: TestClient) -> None:
    """Every route matches whole paths: one more newline is another path."""
    answer = client.get("/api/games%0A", headers={"host": OWN_HOSTS[0]})
    assert answer.status_code == 404
    assert client.get("/api/games", headers={"host": OWN_HOSTS[0]}).status_code == 200
