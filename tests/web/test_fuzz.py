"""Junk requests to every endpoint of the web board (web/app.py): hypothesis builds
request bodies from the endpoints' own keys with values of every JSON type, raw
bodies that are not JSON, and junk path and query parts. The server must answer
each with a status it documents and, for an error, one ``{"error": line}``; never a
500 and never a traceback in the answer. A search a junk request happens to start
is stopped at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from playable.puzzles.fileformat import parse_puzzle
from playable.puzzles.library import PuzzleLibrary
from playable.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
POSITION = (EXAMPLES / "thegame-solo-late.position.txt").read_text()
UNO = (EXAMPLES / "endgame.uno.txt").read_text()
PUZZLE = EXAMPLES / "thegame-lay-all-easy.puzzle.txt"

POSTS = ("/api/load", "/api/play", "/api/solve", "/api/analyse", "/api/puzzles/1/attempt")
KEYS = ("text", "example", "moves", "end_turn", "seconds", "nodes", "turns", "depth", "answer")
ALLOWED = {200, 202, 400, 404, 405, 413, 422, 503}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(
        [POSITION, UNO, "14@2", "G7", "/", "end", "thegame-solo-late.position.txt", "../x"]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
bodies = st.dictionaries(st.sampled_from(KEYS), json_values, max_size=5)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = tmp_path_factory.mktemp("fuzz") / "lib.sqlite"
    with PuzzleLibrary(path) as made:
        made.add(parse_puzzle(PUZZLE.read_text(), str(PUZZLE)))
    app = create_app(path, EXAMPLES, workers=1, max_seconds=1.0)
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
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
