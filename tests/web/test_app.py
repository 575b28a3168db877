"""The web board's endpoints (web/app.py) through Starlette's test client: each
game's example loads and plays, illegal moves are refused with the rules' line,
solve/analyse run as jobs in worker processes under a capped budget, and a puzzle
is attempted, judged by its kind's check, revealed and counted in the library."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import playable
from playable.puzzles.library import PuzzleLibrary
from playable.solver.core.dbfile import APPLICATION_ID, KINDS
from playable.web.app import create_app
from playable.web.session import COOKIE
from playable.web.tasks import solution_frames, wait_task
from tests.web.board import BASE, EXAMPLES, PUZZLE, puzzle_library


@pytest.fixture(scope="module")
def client(library: Path) -> Iterator[TestClient]:
    app = create_app(library, EXAMPLES, workers=2, max_seconds=5.0)
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def finish(client: TestClient, job: dict[str, Any]) -> dict[str, Any]:
    """Poll a job until it ends (the worker pool guarantees it does)."""
    deadline = time.monotonic() + 120
    while job["state"] in ("waiting", "running", "stopping"):
        assert time.monotonic() < deadline, job
        time.sleep(0.05)
        job = client.get(f"/api/jobs/{job['id']}").json()
    return job


@pytest.mark.parametrize(
    ("example", "game"),
    [
        ("thegame-solo-late.position.txt", "thegame"),
        ("endgame.facetoface.txt", "facetoface"),
        ("endgame.uno.txt", "uno"),
        ("win-in-2.sequence.txt", "sequence"),
    ],
)
def test_each_game_loads_and_plays_its_first_legal_move(
    client: TestClient, example: str, game: str
) -> None:
    assert example in client.get("/api/examples").json()["examples"]
    loaded = client.post("/api/load", json={"example": example})
    assert loaded.status_code == 200, loaded.text
    view = loaded.json()
    position = playable.load(EXAMPLES / example)
    assert view["game"] == game
    assert view["legal_moves"] == position.legal_moves()
    assert view["to_move"] == position.to_move
    assert view["position"] == position.to_json()
    move = view["legal_moves"][0]
    played = client.post("/api/play", json={"text": view["text"], "moves": move})
    assert played.status_code == 200, played.text
    assert played.json()["text"] == position.play(move).text()


def test_a_puzzle_file_loads_as_its_position(client: TestClient) -> None:
    loaded = client.post("/api/load", json={"text": PUZZLE.read_text()})
    assert loaded.status_code == 200, loaded.text
    assert loaded.json()["position"]["piles"] == [14, 3, 49, 20]


def test_search_progress_is_reported_while_it_runs(client: TestClient) -> None:
    """A whole Face to Face deal is not solved in 4 s: the job shows the search's nodes
    (the kernel reports every 2,048 nodes; on a loaded machine the first ones, which
    touch the fresh table's pages, took over 2 s)."""
    text = (EXAMPLES / "deal.facetoface.txt").read_text()
    job = client.post("/api/solve", json={"text": text, "seconds": 4}).json()
    seen = []
    while job["state"] in ("waiting", "running", "stopping"):
        seen.append(job["progress"].get("nodes", 0))
        time.sleep(0.1)
        job = client.get(f"/api/jobs/{job['id']}").json()
    assert job["state"] == "done", job
    assert max(seen) > 0 and job["progress"]["nodes"] > 0


def test_the_sequence_view_carries_the_board_layout(client: TestClient) -> None:
    view = client.post("/api/load", json={"example": "win-in-2.sequence.txt"}).json()
    assert view["layout"][0][:3] == ["XX", "2S", "3S"] and len(view["layout"]) == 10


def test_an_illegal_move_gets_the_rules_line(client: TestClient) -> None:
    text = (EXAMPLES / "thegame-solo-late.position.txt").read_text()
    refused = client.post("/api/play", json={"text": text, "moves": "62@2"})
    assert refused.status_code == 422
    assert refused.json()["error"] == (
        "move 1 '62@2': 62 cannot go on descending pile 2 showing 19 (TG-3)"
    )
    short = client.post("/api/play", json={"text": text, "moves": "14@2 /"})
    assert short.status_code == 422 and "(TG-5)" in short.json()["error"]
    malformed = client.post("/api/play", json={"text": text, "moves": "banana"})
    assert malformed.status_code == 422 and "banana" in malformed.json()["error"]


def test_a_whole_turn_can_end_the_turn(client: TestClient) -> None:
    text = (EXAMPLES / "thegame-solo-late.position.txt").read_text()
    view = client.post("/api/play", json={"text": text, "moves": "14@2 47@0", "end_turn": True})
    assert view.json()["text"] == playable.loads(text).play("14@2 47@0 /").text()


@pytest.mark.parametrize(
    "body",
    [
        {"text": "playable thegame position\nbanana: 1\n"},
        {"text": 5},
        {"example": "no-such.txt"},
        {"text": "playable puzzle thegame\nkind: lay-all\n"},
    ],
)
def test_bad_positions_are_refused_with_one_line(client: TestClient, body: dict[str, Any]) -> None:
    refused = client.post("/api/load", json=body)
    assert refused.status_code in (404, 422)
    assert "\n" not in refused.json()["error"]


def test_solve_runs_in_a_worker_and_gives_the_cli_document_and_its_line(
    client: TestClient,
) -> None:
    text = (EXAMPLES / "endgame.uno.txt").read_text()
    job = client.post("/api/solve", json={"text": text, "seconds": 5})
    assert job.status_code == 202
    done = finish(client, job.json())
    assert done["state"] == "done", done
    document = done["result"]["document"]
    assert document["status"] == "solved" and document["winner"] == 1
    frames = done["result"]["frames"]
    assert [f["move"] for f in frames] == [item["move"] for item in document["line"]]
    assert frames[-1]["view"]["is_over"]


def test_the_game_line_is_replayed_turn_by_turn(client: TestClient) -> None:
    text = (EXAMPLES / "thegame-solo-late.position.txt").read_text()
    job = client.post("/api/solve", json={"text": text, "seconds": 5}).json()
    done = finish(client, job)
    assert done["result"]["document"]["cards_left"] == 0
    last = done["result"]["frames"][-1]["view"]
    assert last["is_over"] and last["returns"] == [0]


def test_analyse_with_a_small_budget(client: TestClient) -> None:
    text = (EXAMPLES / "win-in-2.sequence.txt").read_text()
    job = client.post("/api/analyse", json={"text": text, "seconds": 3, "depth": 2}).json()
    done = finish(client, job)
    assert done["state"] == "done", done
    assert done["result"]["document"]["proof"]["status"] == "solved"
    assert done["result"]["frames"][-1]["view"]["position"]["winner"] == 0


@pytest.mark.parametrize(
    "body",
    [
        {"seconds": 0},
        {"seconds": 31},
        {"seconds": "5"},
        {"seconds": 1, "nodes": 0},
        {"seconds": 1, "depth": 9},
    ],
)
def test_budgets_are_capped(client: TestClient, body: dict[str, Any]) -> None:
    text = (EXAMPLES / "win-in-2.sequence.txt").read_text()
    refused = client.post("/api/analyse", json={"text": text, **body})
    assert refused.status_code == 422, refused.text


def test_a_job_that_overruns_is_stopped(library: Path) -> None:
    """A worker still running past its budget and the grace period is terminated."""
    app = create_app(library, EXAMPLES, workers=1, max_seconds=5.0)
    with TestClient(app, base_url=BASE) as test_client:
        jobs = app.state.board.jobs
        jobs.grace = 0.5
        job = jobs.submit("wait", 0.1, wait_task, {"seconds": 60})
        jobs.wait(job)
        assert job.state == "failed" and "did not stop" in (job.error or "")
        # the next job still runs
        text = (EXAMPLES / "endgame.uno.txt").read_text()
        assert test_client.post("/api/solve", json={"text": text, "seconds": 1}).status_code == 202


def test_too_many_jobs_are_refused(library: Path) -> None:
    app = create_app(library, EXAMPLES, workers=1, max_seconds=5.0)
    with TestClient(app, base_url=BASE) as test_client:
        jobs = app.state.board.jobs
        jobs.queue = 0
        jobs.grace = 0.5
        first = jobs.submit("wait", 0.1, wait_task, {"seconds": 60})
        text = (EXAMPLES / "endgame.uno.txt").read_text()
        busy = test_client.post("/api/solve", json={"text": text, "seconds": 1})
        assert busy.status_code == 503 and "try again" in busy.json()["error"]
        jobs.wait(first)


def test_puzzle_list_attempt_reveal_and_count(client: TestClient, library: Path) -> None:
    listed = client.get("/api/puzzles", params={"game": "thegame", "level": "easy"}).json()
    (summary,) = listed["puzzles"]
    assert "solution" not in summary and summary["tries"] == 0
    assert client.get("/api/puzzles", params={"game": "uno"}).json()["puzzles"] == []
    puzzle = client.get(f"/api/puzzles/{summary['id']}").json()
    assert "solution" not in puzzle and puzzle["view"]["game"] == "thegame"

    wrong = client.post(f"/api/puzzles/{summary['id']}/attempt", json={"answer": "16@0 7@1 8@1"})
    assert wrong.status_code == 200 and wrong.json()["correct"] is False
    revealed = client.get(f"/api/puzzles/{summary['id']}/solution").json()
    solution = revealed["solution"]
    assert revealed["frames"][-1]["view"]["is_over"]
    assert revealed["frames"][-1]["view"]["returns"] == [0]  # every card laid
    # the answer as the board sends it: the moves played, turn ends included (the
    # stored solution names the player before each turn: "1: 16@0 7@1 8@1 / 1: ...")
    position = playable.loads(puzzle["text"])
    played = []
    for turn in solution.split("/"):
        moves = " ".join(word for word in turn.split() if not word.endswith(":"))
        position = position.play(moves)
        if not position.is_over:
            position = position.play("/")
        played.append(moves)
    assert position.is_over and position.returns == (0,)
    right = client.post(
        f"/api/puzzles/{summary['id']}/attempt", json={"answer": " / ".join(played)}
    ).json()
    assert right["correct"] is True and (right["tries"], right["solved"]) == (2, 1)
    malformed = client.post(f"/api/puzzles/{summary['id']}/attempt", json={"answer": "x@y"})
    assert malformed.status_code == 422
    again = client.get("/api/puzzles").json()["puzzles"][0]
    assert (again["tries"], again["solved"]) == (2, 1)
    assert client.get("/api/puzzles/99").status_code == 404


def test_an_old_library_gains_the_success_table_and_keeps_its_mark(tmp_path: Path) -> None:
    path = puzzle_library(tmp_path / "old.sqlite")
    old = sqlite3.connect(path)
    old.execute("DROP TABLE plays")
    old.commit()
    old.close()
    with PuzzleLibrary(path, create=False) as read_only:
        assert read_only.plays(1) == (0, 0)  # no table yet: nothing counted
    with PuzzleLibrary(path) as writable:
        assert writable.record_play(1, True) == (1, 1)
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert check.execute("PRAGMA user_version").fetchone()[0] == KINDS["library"]
    check.close()


def test_without_a_library_puzzles_say_how_to_get_one() -> None:
    with TestClient(create_app(None, None, workers=1), base_url=BASE) as test_client:
        missing = test_client.get("/api/puzzles")
        assert missing.status_code == 404 and "--db" in missing.json()["error"]
        assert test_client.get("/api/examples").json() == {"examples": []}


def test_the_page_and_its_assets_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "board.js" in page.text
    assert client.get("/static/board.js").status_code == 200
    assert client.get("/static/board.css").status_code == 200


def test_solution_frames_skip_player_names_and_separators() -> None:
    """In UNO a ``/`` is no move: it only separates the turns of a stored line; the
    player's number stands alone (``1: 16@0``) or before the move (``1:Y9``)."""
    position = playable.load(EXAMPLES / "endgame.uno.txt")
    line = playable.solve(position, seconds=10)["line"]
    text = " / ".join(f"{item['player'] + 1}: {item['move']}" for item in line)
    shown = solution_frames(position, text)
    assert [f["move"] for f in shown] == [item["move"] for item in line]
    assert shown[-1]["view"]["is_over"]
    attached = " ".join(f"{item['player'] + 1}:{item['move']}" for item in line)  # UNO's form
    assert [f["move"] for f in solution_frames(position, attached)] == [i["move"] for i in line]
    broken = solution_frames(position, "2: G9 / 1: R9")
    assert "error" in broken[-1] and broken[-1]["move"] == "R9"


def test_jobs_run_two_at_once_and_can_be_stopped(library: Path) -> None:
    app = create_app(library, EXAMPLES, workers=2, max_seconds=5.0)
    with TestClient(app, base_url=BASE) as test_client:
        jobs = app.state.board.jobs
        test_client.get("/api/examples")  # the client's session
        owner = test_client.cookies[COOKIE]
        started = [
            jobs.submit("wait", 5.0, wait_task, {"seconds": 60}, owner=owner) for _ in range(3)
        ]
        deadline = time.monotonic() + 30
        while [job.state for job in started] != ["running", "running", "waiting"]:
            assert time.monotonic() < deadline, [job.state for job in started]
            time.sleep(0.05)
        stopped = test_client.delete(f"/api/jobs/{started[2].id}").json()
        assert stopped["state"] == "cancelled"  # never started
        for job in started[:2]:  # running: asked to stop, they answer what they have
            assert test_client.delete(f"/api/jobs/{job.id}").status_code == 200
            jobs.wait(job)
            assert job.state == "stopped" and job.result["stopped"], job.state
        assert test_client.get(f"/api/jobs/{started[2].id}").json()["state"] == "cancelled"


def test_the_game_analysis_shares_the_budget_among_the_moves(client: TestClient) -> None:
    """The Game's analyse spends its budget on each move: the job divides it. In this
    deal a few moves stay open at any small budget (each would spend a whole second)."""
    text = (EXAMPLES / "thegame-3p.deal.txt").read_text()
    job = client.post("/api/analyse", json={"text": text, "seconds": 1}).json()
    done = finish(client, job)
    assert done["state"] == "done", done
    rows = done["result"]["document"]["moves"]
    assert len(rows) == len(playable.loads(text).legal_moves())
    assert any(row["status"] == "unknown" for row in rows)
    # undivided, each of the 24 moves would take the whole second; each share may
    # overrun a little on a loaded machine (1.65 s seen at a load of 9 on 2 cores)
    assert sum(row["seconds"] for row in rows) <= 3.0


def test_uno_analysis_gives_each_moves_line_as_frames(client: TestClient) -> None:
    text = (EXAMPLES / "endgame.uno.txt").read_text()
    done = finish(client, client.post("/api/analyse", json={"text": text, "seconds": 2}).json())
    rows = done["result"]["document"]["moves"]
    lines = done["result"]["row_frames"]
    assert len(lines) == len(rows)
    for row, shown in zip(rows, lines, strict=True):
        assert [f["move"] for f in shown] == [item["move"] for item in row["line"]]
        assert shown[0]["move"] == row["move"] and "error" not in shown[-1]


def test_the_games_and_their_player_counts_come_from_the_registry(client: TestClient) -> None:
    """GET /api/games: what the deal form offers is the registry's (solver/games.py),
    and exactly those player counts deal."""
    from playable.solver.games import NAMES, game

    listed = client.get("/api/games").json()["games"]
    assert [g["name"] for g in listed] == list(NAMES)
    for entry in listed:
        found = game(entry["name"])
        assert entry["title"] == found.title
        assert entry["player_counts"] == list(found.player_counts)
        counts = entry["player_counts"]
        for players in range(1, 13):
            body = {"game": entry["name"], "players": players, "seed": 1}
            dealt = client.post("/api/deal", json=body)
            assert (dealt.status_code == 200) == (players in counts), (body, dealt.text)


@pytest.mark.parametrize(
    ("game", "players"), [("thegame", 3), ("facetoface", 2), ("uno", 4), ("sequence", 3)]
)
def test_a_new_deal_of_any_game_and_player_count(
    client: TestClient, game: str, players: int
) -> None:
    dealt = client.post("/api/deal", json={"game": game, "players": players, "seed": 7})
    assert dealt.status_code == 200, dealt.text
    view = dealt.json()
    assert (view["game"], view["players"], view["seed"]) == (game, players, 7)
    again = client.post("/api/deal", json={"game": game, "players": players, "seed": 7}).json()
    assert again["text"] == view["text"]  # the seed makes the deal again
    other = client.post("/api/deal", json={"game": game, "players": players, "seed": 8}).json()
    assert other["text"] != view["text"]
    fresh = client.post("/api/deal", json={"game": game, "players": players}).json()
    assert isinstance(fresh["seed"], int) and fresh["legal_moves"]


def test_a_new_deal_is_the_command_lines_deal() -> None:
    """The same text as `playable deal GAME --players N --seed S` (cli/)."""
    from typer.testing import CliRunner

    from playable.cli.main import app
    from playable.web.deal import deal_text

    for game, options in [
        ("thegame", ["--players", "2"]),
        ("uno", ["--players", "3"]),
        ("sequence", ["--players", "2"]),
        ("facetoface", []),
    ]:
        players = int(options[1]) if options else 2
        printed = CliRunner().invoke(app, ["deal", game, *options, "--seed", "5"])
        assert printed.exit_code == 0, printed.output
        assert printed.stdout.strip() == deal_text(game, players, 5).strip()


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess", "players": 2},
        {"game": "thegame", "players": 6},
        {"game": "facetoface", "players": 3},
        {"game": "uno", "players": 1},
        {"game": 3},
        {"game": "uno", "players": "2"},
        {"game": "uno", "players": 2, "seed": -1},
        {"game": "uno", "players": 2, "seed": 1.5},
        {"game": "uno", "players": 2, "seed": 2**40},
    ],
)
def test_bad_deal_requests_are_one_line_4xx(client: TestClient, body: dict[str, Any]) -> None:
    refused = client.post("/api/deal", json=body)
    assert 400 <= refused.status_code < 500, refused.text
    assert "\n" not in refused.json()["error"]


def test_a_revealed_attempt_is_a_try_but_never_a_success(client: TestClient) -> None:
    (summary,) = client.get("/api/puzzles", params={"game": "thegame"}).json()["puzzles"]
    assert summary["answer_span"] == "line"  # lay-all: the whole line is judged
    tries, solved = summary["tries"], summary["solved"]
    solution = client.get(f"/api/puzzles/{summary['id']}/solution").json()["solution"]
    answer = " ".join(word for word in solution.split() if not word.endswith(":"))
    path = f"/api/puzzles/{summary['id']}/attempt"
    shown = client.post(path, json={"answer": answer, "revealed": True}).json()
    assert shown["correct"] is True and shown["revealed"] is True and shown["counted"] is False
    assert (shown["tries"], shown["solved"]) == (tries + 1, solved)
    honest = client.post(path, json={"answer": answer, "revealed": False}).json()
    assert honest["counted"] is True and (honest["tries"], honest["solved"]) == (
        tries + 2,
        solved + 1,
    )
    bad = client.post(path, json={"answer": answer, "revealed": "yes"})
    assert bad.status_code == 422 and "revealed" in bad.json()["error"]


def test_every_module_the_job_server_preloads_exists() -> None:
    """The forkserver skips a preload module that fails to import: each must import."""
    import importlib

    from playable.web.jobs import PRELOAD

    for name in PRELOAD:
        importlib.import_module(name)


# ------------------------------------------------------------- review and lines

REVIEW = (EXAMPLES / "review.facetoface.txt").read_text()


def test_a_record_is_reviewed_move_by_move_as_the_command_line_does(client: TestClient) -> None:
    """docs/review.md's example: the first two plays keep the proven win, ending the
    turn ('/') throws it away; every verdict is in the last progress report too."""
    started = client.post("/api/review", json={"text": REVIEW, "seconds": 3})
    assert started.status_code == 202, started.text
    done = finish(client, started.json())
    assert done["state"] == "done", done
    document = done["result"]["document"]
    assert document["kind"] == "review" and document["complete"]
    verdicts = [(m["move"], m["verdict"]) for m in document["moves"]]
    assert verdicts == [("12@own-up", "best"), ("50@own-down", "best"), ("/", "blunder")]
    last = document["moves"][-1]
    assert last["best"]["proven"] and last["chance_best"] == 1.0 and last["chance_played"] == 0.0
    assert (last["line"], last["column"]) == (14, 28)
    assert done["progress"]["info"]["review"] == document
    assert done["progress"]["info"]["judged"] == done["result"]["total"] == 3


def test_a_record_opens_as_its_start_and_the_position_after_each_move(
    client: TestClient,
) -> None:
    """POST /api/record: what the board replays before it reviews an opened record."""
    opened = client.post("/api/record", json={"text": REVIEW, "name": "review.txt"})
    assert opened.status_code == 200, opened.text
    document = opened.json()
    record = playable.loads(REVIEW.split("moves:")[0])
    assert document["start"]["text"] == record.text()
    assert [(m["player"], m["move"]) for m in document["moves"]] == [
        (0, "12@own-up"),
        (0, "50@own-down"),
        (0, "/"),
    ]
    after = record.play("12@own-up", "50@own-down", "/")
    assert document["moves"][-1]["view"]["text"] == after.text()


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            {"text": REVIEW.replace("50@own-down", "99@own-down"), "name": "C:\\games\\ff.txt"},
            "ff.txt:14:16: move '99@own-down': player 1 does not hold 99 (FF-4)",
        ),
        ({"text": REVIEW.replace("1: 12@own-up", "2: 12@own-up")}, "<record>:14:3: "),
        ({"text": REVIEW.split("moves:")[0], "name": "a\nb.txt"}, "ab.txt:13:1: "),
        ({"text": REVIEW.replace("max-card: 59", "max-card: x"), "name": 7}, "<record>:4:"),
        ({"text": REVIEW + "  1: 11@own-up\n" * 400}, "<record>:"),
    ],
)
def test_a_damaged_record_is_one_line_naming_its_place(
    client: TestClient, body: dict[str, Any], line: str
) -> None:
    refused = client.post("/api/record", json=body)
    assert refused.status_code == 422, refused.text
    error = refused.json()["error"]
    assert error.startswith(line) and "\n" not in error and "Traceback" not in error, error


def test_a_stopped_review_keeps_the_moves_it_judged(client: TestClient) -> None:
    from playable.web.deal import deal_text

    deal = deal_text("thegame", 1, 5)
    position = playable.loads(deal)
    moves = []
    for _ in range(6):  # the first legal card each time, then the end of the turn
        move = next(m for m in position.legal_moves() if m != "/") if len(moves) % 3 < 2 else "/"
        moves.append(move)
        position = position.play(move)
    record = deal + "moves:\n"
    record += "  " + " ".join(moves) + "\n"
    job = client.post("/api/review", json={"text": record, "seconds": 5}).json()
    deadline = time.monotonic() + 60
    while job["progress"].get("info", {}).get("judged", 0) < 1:
        assert job["state"] == "running" or job["state"] == "waiting", job
        assert time.monotonic() < deadline
        time.sleep(0.05)
        job = client.get(f"/api/jobs/{job['id']}").json()
    stopped = client.delete(f"/api/jobs/{job['id']}").json()
    kept = finish(client, stopped)
    assert kept["state"] in ("stopped", "done"), kept  # done: it finished before the Stop
    review = kept["result"]["document"]  # the moves judged so far are the job's result
    assert review["moves"][0]["move"] == moves[0] and review["moves"][0]["verdict"]
    if kept["state"] == "stopped":
        # stopped between moves (or, by a hair, after the last one)
        assert len(review["moves"]) < len(moves) or review["complete"]


@pytest.mark.parametrize(
    ("body", "status", "line"),
    [
        ({"text": REVIEW.replace("50@own-down", "99@own-down")}, 422, "<record>:14:16: "),
        ({"text": REVIEW.replace("1: 12@own-up", "2: 12@own-up")}, 422, "<record>:14:3: "),
        ({"text": REVIEW.split("moves:")[0]}, 422, "needs a 'moves:' section"),
        ({"text": REVIEW.replace("max-card: 59", "max-card: x")}, 422, "<record>:4:"),
        ({"text": REVIEW, "seat": 3}, 422, "the game has 2 players"),
        ({"text": REVIEW, "seat": 0}, 422, "'seat'"),
        ({"text": REVIEW, "samples": 1000}, 422, "'samples'"),
        ({"text": REVIEW, "seconds": 60}, 422, "'seconds'"),
        ({"text": REVIEW + "  1: 11@own-up\n" * 400}, 422, "<record>:"),
        ({"text": 7}, 422, "'text'"),
    ],
)
def test_a_bad_review_request_is_one_line_4xx(
    client: TestClient, body: dict[str, Any], status: int, line: str
) -> None:
    refused = client.post("/api/review", json=body)
    assert refused.status_code == status, refused.text
    error = refused.json()["error"]
    assert line in error and "\n" not in error, error


def test_too_long_a_record_is_refused() -> None:
    from playable.web.review import MAX_MOVES, read_record

    text = (EXAMPLES / "endgame.uno.txt").read_text()
    position = playable.loads(text)
    moves = []
    while len(moves) <= MAX_MOVES and not position.is_over:
        move = "draw" if "draw" in position.legal_moves() else position.legal_moves()[0]
        moves.append(move)
        position = position.play(move)
    if len(moves) <= MAX_MOVES:
        pytest.skip("the round ends before the limit")
    with pytest.raises(playable.PlayableError, match=f"at most {MAX_MOVES}"):
        read_record(text + "moves:\n" + " ".join(moves) + "\n")


def test_a_seat_reviews_its_own_moves_from_its_view(client: TestClient) -> None:
    """One move judged from seat 1's view (a seat review solves every move on every
    sampled deal: a few seconds of CPU a move even at 2 deals and 500 nodes)."""
    record = REVIEW.replace("12@own-up 50@own-down /", "12@own-up")
    body = {"text": record, "seat": 1, "samples": 2, "nodes": 500, "seconds": 5}
    done = finish(client, client.post("/api/review", json=body).json())
    assert done["state"] == "done", done
    document = done["result"]["document"]
    assert document["kind"] == "seat-review" and document["seat"] == 0 and document["complete"]
    (move,) = document["moves"]
    assert move["move"] == "12@own-up"
    assert move["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder")
    assert move["best"]["wins"]["trials"] == 2 and move["played"]["move"] == "12@own-up"


def test_a_line_is_replayed_into_frames(client: TestClient) -> None:
    start = REVIEW.split("moves:")[0]
    shown = client.post("/api/line", json={"text": start, "moves": "12@own-up 50@own-down /"})
    assert shown.status_code == 200, shown.text
    frames = shown.json()["frames"]
    position = playable.loads(start)
    for frame, move in zip(frames, ["12@own-up", "50@own-down", "/"], strict=True):
        position = position.play(move)
        assert frame["move"] == move and frame["view"]["text"] == position.text()
    refused = client.post("/api/line", json={"text": start, "moves": "12@own-up 99@own-up"})
    last = refused.json()["frames"][-1]
    assert refused.status_code == 200 and "(FF-" in last["error"] and "view" not in last
    too_long = client.post("/api/line", json={"text": start, "moves": "/ " * 201})
    assert too_long.status_code == 422 and "at most 200" in too_long.json()["error"]
