"""The card table in a real browser (docs/web.md): one puzzle of every game played to
its verdict by clicking cards, then piles, cells or the draw pile (never the moves as
text), on a desktop (1366x768) and a phone (390x844) viewport; no page wider than the
viewport and every touch target at least 44 px on the phone (the Sequence board
scrolls sideways in its own focusable region); an illegal click shows
the rule it breaks; a revealed puzzle is not counted as solved; the keyboard stays on
the table and steps through a line; Stop keeps the partial analysis; a puzzle
answered as text clears the board; and axe-core finds no serious or critical
accessibility violation.

One server and one browser serve the whole module. Screenshots of every game on both
viewports are kept in ``$PLAYABLE_ARTIFACTS/web`` (default
``build/test-artifacts/web``). Skipped, with the reason, without chromium or
Playwright; the accessibility test is skipped without axe-core
(``npm install --prefix build axe-core``, as .ci/run does).
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from playable.puzzles.fileformat import parse_puzzle
from tests.web.board import CHROMIUM, ROOT, TABLE_PUZZLES, browser_api, served, table_library

AXE = Path(
    os.environ.get("PLAYABLE_AXE", ROOT / "build" / "node_modules" / "axe-core" / "axe.min.js")
)
SHOTS = Path(os.environ.get("PLAYABLE_ARTIFACTS", str(ROOT / "build" / "test-artifacts"))) / "web"
VIEWPORTS = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
#: How much of each kind's answer is judged (web/app.py ANSWER_SPAN).
SPANS = {"lay-all": "line", "win-from-here": "turn", "ending": "move", "win-in-n": "move"}
#: Before the page's scripts run: forget what an earlier test kept in the browser (the
#: trainer's record), and record every Content-Security-Policy violation.
RECORD_VIOLATIONS = """
localStorage.clear();
window.violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""
#: Functions, not bare expressions: the page's CSP forbids evaluating a string.
PLAYED = "(move) => document.getElementById('played').textContent.endsWith(move)"
TOO_SMALL = """() => [...document.querySelectorAll('button, select, input, textarea, summary')]
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
  .map((e) => `${e.tagName} ${e.id || e.className} '${e.textContent.trim().slice(0, 20)}'`)"""
WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"
#: The Sequence board's region: wider inside than its box, and a tab stop.
SCROLLS = """() => { const r = document.querySelector('#table .board-scroll');
  return [r.scrollWidth > r.clientWidth, r.getAttribute('tabindex')]; }"""
SCROLLED = "() => document.querySelector('#table .board-scroll').scrollLeft > 0"
#: axe-core's serious and critical violations (WCAG 2 A and AA rules) on the page.
AUDIT = """async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']}))
  .violations.filter((v) => ['serious', 'critical'].includes(v.impact))
  .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' '))}`)"""
RULE_ID = re.compile(r"\((TG|FF|UN|SQ)-[0-9]+\)")

playwright_api = browser_api()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`playable serve` with one puzzle of every game (tests/web/board.py)."""
    with served(table_library(tmp_path_factory.mktemp("table") / "lib.sqlite")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def pages(browser: Any) -> dict[str, Any]:
    """One page per viewport for the module (a new page costs its renderer, about a
    second of CPU); each test starts it afresh (:func:`open_page`)."""
    made = {}
    for name, size in VIEWPORTS.items():
        made[name] = browser.new_page(viewport=size, has_touch=name == "phone")
        made[name].add_init_script(RECORD_VIOLATIONS)
    return made


def open_page(pages: dict[str, Any], server: str, viewport: str) -> Any:
    """The viewport's page, on the board afresh, with nothing kept in the browser."""
    page = pages[viewport]
    page.goto(server)
    page.wait_for_selector("body[data-ready=yes]")
    return page


def finish(page: Any) -> None:
    """The page ran under its Content-Security-Policy."""
    assert page.evaluate("() => window.violations") == []


def load(page: Any, example: str) -> None:
    """Load an example and wait for its table (a new position: nothing played yet)."""
    game = next((g for g in ("facetoface", "uno", "sequence") if g in example), "thegame")
    page.select_option("#example", example)
    page.click("#load-example")
    page.wait_for_selector(f"#table .table.{game}")
    page.wait_for_function(
        "() => document.getElementById('played').textContent === ''", polling=100
    )


def click_move(page: Any, game: str, move: str) -> None:
    """Play ``move`` by clicking the table: the card, then its pile, cell or colour;
    the end of a turn and the draw by their buttons (the draw pile for UNO)."""
    hand = "#table .seat.to-move button.card"
    if move == "/":
        page.click("#actions [data-key='action-/']")
    elif game == "uno" and move == "draw":
        page.click("#table button.deck")
    elif game == "uno":
        card, _, colour = move.partition(":")
        page.locator(f"{hand}[data-card='{card}']").first.click()
        if colour:
            page.click(f"#table [data-key='colour-{colour}']")
    else:
        found = re.match(r"^(\w+?)[@x]([\w-]+?)(\+.*)?$", move)
        assert found, move
        page.locator(f"{hand}[data-card='{found[1]}']").first.click()
        page.click(f"#table [data-target='{found[2]}']")
    page.wait_for_function(PLAYED, arg=move, polling=100)


def answer_moves(path: Path) -> tuple[str, list[str]]:
    """The game and the moves of a puzzle's stored solution the board judges."""
    puzzle = parse_puzzle(path.read_text(), str(path))
    words = [re.sub(r"^[0-9]+:", "", word) for word in puzzle.solution.split()]
    moves = [word for word in words if word]
    span = SPANS[puzzle.kind]
    if span == "move":
        moves = moves[:1]
    elif span == "turn" and "/" in moves:
        moves = moves[: moves.index("/") + 1]
    return puzzle.game, moves


def counts(server: str, game: str) -> tuple[int, int]:
    with urllib.request.urlopen(f"{server}/api/puzzles?game={game}", timeout=10) as answer:
        (found,) = [p for p in json.load(answer)["puzzles"] if p["kind"] != "lay-down"]
    return found["tries"], found["solved"]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_puzzle_of_every_game_played_by_clicking(
    pages: dict[str, Any], server: str, viewport: str
) -> None:
    page = open_page(pages, server, viewport)
    page.click("#tab-puzzles")
    for path in TABLE_PUZZLES[:4]:
        game, moves = answer_moves(path)
        page.select_option("#puzzle-game", game)
        page.click("#puzzle-next")
        page.wait_for_selector(f"#table .table.{game}")
        assert page.inner_text("#played") == ""  # the previous puzzle's board is gone
        for move in moves:
            click_move(page, game, move)
        page.wait_for_selector("#verdict.good", timeout=60_000)
        assert "Correct" in page.inner_text("#verdict")
        assert page.locator("#verdict-next").is_visible()  # beside the verdict, under the table
        width, inner = page.evaluate(WIDTH)
        assert width <= inner, (game, width)
    assert "streak 4" in page.inner_text("#trainer-record")
    assert page.inner_text("#error") == ""
    finish(page)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_every_game_fits_the_viewport_with_big_touch_targets(
    pages: dict[str, Any], server: str, viewport: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = open_page(pages, server, viewport)
    for example, game, move in [
        ("thegame-solo.deal.txt", "thegame", "64@2"),
        ("endgame.facetoface.txt", "facetoface", "11@own-up"),
        ("deal-3p.uno.txt", "uno", "W:green"),
        ("threats.sequence.txt", "sequence", "AH@f1+b1-f1"),
    ]:
        load(page, example)
        click_move(page, game, move)
        assert page.locator("#table .last").count() >= 1  # the last move is marked
        width, inner = page.evaluate(WIDTH)
        assert width <= inner, (example, width, inner)
        if viewport == "phone":
            assert page.evaluate(TOO_SMALL) == [], example  # the Sequence spaces too
        page.locator("#table-area").screenshot(path=str(SHOTS / f"table-{game}-{viewport}.png"))
        if viewport == "phone" and game == "sequence":  # ten 44 px spaces: a scrolled region
            assert page.evaluate(SCROLLS) == [True, "0"]
            page.focus("#table .board-scroll")
            page.keyboard.press("ArrowRight")  # the focused region scrolls by keyboard
            page.wait_for_function(SCROLLED, polling=100)
    # a completed sequence is drawn across the grid, and its spaces are marked
    assert page.locator("#table .sequence-lines line").count() == 1
    assert page.locator("#table .cell.in-sequence").count() == 5
    # UNO: "direction: left" (+1, docs/notation-uno.md) passes play to the next number
    load(page, "deal-3p.uno.txt")
    assert "Direction: left ↻ (1 → 2 → 3 → 1)" in page.inner_text("#table")
    # the wild played shows the colour it named
    click_move(page, "uno", "W:green")
    assert "colour named: green" in page.get_attribute("#table .card.top", "aria-label")
    finish(page)


def test_an_illegal_click_shows_the_rule_it_breaks(pages: dict[str, Any], server: str) -> None:
    page = open_page(pages, server, "desktop")
    load(page, "thegame-solo.deal.txt")
    click_move(page, "thegame", "64@2")
    page.click("#table .seat.to-move button.card[data-card='66']")
    # the legal piles light up: both ascending ones and the untouched descending one
    assert page.locator("#table .pile.target").count() == 3
    assert page.locator("#table .pile.target[data-target='2']").count() == 0
    page.click("#table .pile[data-target='2']")  # 66 on the descending pile at 64
    page.wait_for_selector("#error:not([hidden])")
    assert RULE_ID.search(page.inner_text("#error")), page.inner_text("#error")
    assert page.inner_text("#played") == "played: 64@2"  # nothing was played
    load(page, "deal-3p.uno.txt")
    page.click("#table .seat.to-move button.card[data-card='Y6']")  # red 2 on top
    page.wait_for_selector("#error:not([hidden])")
    assert "(UN-3)" in page.inner_text("#error")
    load(page, "win-in-2.sequence.txt")
    page.click("#table .seat.to-move button.card[data-card='2S']")
    page.click("#table [data-target='e5']")
    page.wait_for_selector("#error:not([hidden])")
    assert RULE_ID.search(page.inner_text("#error")), page.inner_text("#error")
    finish(page)


def test_a_revealed_puzzle_does_not_count_as_solved(pages: dict[str, Any], server: str) -> None:
    page = open_page(pages, server, "desktop")
    before = counts(server, "facetoface")
    page.click("#tab-puzzles")
    page.select_option("#puzzle-game", "facetoface")
    page.click("#puzzle-next")
    page.wait_for_selector("#table .table.facetoface")
    page.click("#hint")  # the solution's first move
    page.wait_for_function(
        "() => document.getElementById('solution').textContent.length > 0", polling=100
    )
    assert page.inner_text("#solution") == "Hint: start with 2@own-down."
    page.click("#reveal")
    page.wait_for_function(
        "() => document.getElementById('solution').textContent.startsWith('Solution')",
        polling=100,
    )
    page.click("#line-forward")  # the solution steps on the board
    assert "after move 1" in page.inner_text("#line-where")
    _, moves = answer_moves(TABLE_PUZZLES[1])
    page.fill("#answer", " ".join(moves))
    page.click("#submit")
    page.wait_for_selector("#verdict.shown", timeout=60_000)
    assert "not counted" in page.inner_text("#verdict")
    tries, solved = counts(server, "facetoface")
    assert (tries, solved) == (before[0] + 1, before[1])
    assert "streak 0" in page.inner_text("#trainer-record")
    finish(page)


def test_a_text_puzzle_clears_the_board(pages: dict[str, Any], server: str) -> None:
    page = open_page(pages, server, "phone")
    page.click("#tab-puzzles")
    page.select_option("#puzzle-game", "thegame")
    page.click("#puzzle-next")
    page.wait_for_selector("#table .table.thegame")
    page.click("#controls-puzzles summary")  # all puzzles
    page.click("#puzzle-list-button")
    page.select_option("#puzzle-game", "")
    page.click("#puzzle-list-button")
    page.click("#puzzle-list button:text-is('#5')")  # UNO lay-down: a hand, not a round
    page.wait_for_selector("#board-empty:not([hidden])")
    assert page.locator("#table-section").is_hidden()
    assert page.locator("#moves button").count() == 0
    page.fill("#answer", "GS W:yellow Y6 W4:yellow")
    page.click("#submit")
    page.wait_for_selector("#verdict.good", timeout=60_000)
    finish(page)


def test_the_keyboard_stays_on_the_table_and_steps_through_a_line(
    pages: dict[str, Any], server: str
) -> None:
    page = open_page(pages, server, "desktop")
    page.focus("#tab-board")  # the tabs: one tab stop, the arrow keys switch
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#controls-puzzles:not([hidden])")
    assert page.evaluate("() => document.activeElement.id") == "tab-puzzles"
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#controls-board:not([hidden])")
    load(page, "thegame-solo.deal.txt")
    page.focus("#table .seat.to-move button.card[data-card='5']")
    page.keyboard.press("Enter")
    page.focus("#table .pile[data-target='0']")
    page.keyboard.press("Enter")
    page.wait_for_function(PLAYED, arg="5@0", polling=100)
    assert page.evaluate("() => document.activeElement.dataset.key") == "pile-0"
    load(page, "thegame-solo-late.position.txt")
    page.fill("#seconds", "5")
    page.click("#solve")
    page.wait_for_selector("#line li", timeout=60_000)
    page.focus("#table")
    page.keyboard.press("ArrowRight")
    assert "after move 1" in page.inner_text("#line-where")
    page.keyboard.press("ArrowRight")
    assert "after move 2" in page.inner_text("#line-where")
    page.keyboard.press("Home")
    assert "start of the line" in page.inner_text("#line-where")
    assert page.inner_text("#error") == ""
    finish(page)


def test_stop_keeps_the_partial_analysis(pages: dict[str, Any], server: str) -> None:
    """Stop on a long analysis: the search answers what it reached (the moves valued so
    far, each labelled proven or estimated), shown with a plain sentence, no error.
    UNO with three players is left to the tree search at once (nothing is proven
    there but finished games), which runs on until Stop."""
    page = open_page(pages, server, "desktop")
    load(page, "deal-3p.uno.txt")
    page.fill("#seconds", "30")
    page.click("#analyse")
    page.wait_for_function(  # the tree search runs and has reported its simulations
        "() => /^Analysing… .*simulations [1-9]/"
        ".test(document.getElementById('progress').textContent)",
        timeout=60_000,
        polling=100,
    )
    page.click("#stop")
    page.wait_for_function(
        "() => document.getElementById('progress').textContent"
        ".startsWith('Stopped: partial result.')",
        timeout=15_000,
        polling=100,
    )
    badges = page.locator("#analysis .badge.estimate, #analysis .badge.proven").all_inner_texts()
    assert badges, "no rows kept"
    labelled = [t for t in badges if ESTIMATE.match(t) or t.startswith("proven")]
    assert labelled and set(badges) - set(labelled) <= {"not searched"}, badges
    summary = page.inner_text("#summary")  # the document's sentence: the time it ran
    assert summary.startswith("No proof within") and "within 30" not in summary, summary
    assert page.locator("#analysis tr.best-row").count() == 1  # a move is still recommended
    assert page.inner_text("#error") == "" and page.locator("#error").is_hidden()
    assert page.is_disabled("#stop")
    finish(page)


@pytest.mark.skipif(
    not AXE.is_file(), reason=f"no axe-core at {AXE}: npm install --prefix build axe-core"
)
def test_no_serious_accessibility_violations(pages: dict[str, Any], server: str) -> None:
    """axe-core (WCAG 2 A and AA rules) on every game's table and the puzzle trainer on
    the desktop, and on Sequence's table (the densest) on the phone. The script is
    served as one of the board's own files (a route of the test, so the page's CSP,
    which allows only its own scripts, stays on)."""
    audit = AUDIT
    every_game = ["thegame-solo.deal.txt", "endgame.facetoface.txt", "deal-3p.uno.txt"]
    for viewport, examples in [
        ("desktop", [*every_game, "threats.sequence.txt"]),
        ("phone", ["threats.sequence.txt"]),
    ]:
        page = open_page(pages, server, viewport)
        page.route("**/static/axe.min.js", lambda route: route.fulfill(path=str(AXE)))
        page.add_script_tag(url=f"{server}/static/axe.min.js")
        for example in examples:
            load(page, example)
            page.locator("#table .seat.to-move button.card").first.click()  # a card chosen
            assert page.evaluate(audit) == [], (viewport, example)
        if viewport == "desktop":
            page.click("#tab-puzzles")
            page.click("#puzzle-next")
            page.wait_for_selector("#puzzle-info h3")
            assert page.evaluate(audit) == [], "the puzzle trainer"
        page.unroute("**/static/axe.min.js")
        finish(page)


ESTIMATE = re.compile(r"^est\. [0-9]+% \[[0-9]+%–[0-9]+%\] of [0-9]+")


def deal(page: Any, game: str, seed: int) -> None:
    """A new deal of ``game`` for two players, dealt with ``seed``."""
    page.select_option("#deal-game", game)
    page.select_option("#deal-players", "2")
    page.fill("#deal-seed", str(seed))
    page.click("#deal")
    page.wait_for_selector(f"#table .table.{game}")


def test_the_deal_form_offers_the_registrys_player_counts(
    pages: dict[str, Any], server: str
) -> None:
    """The games and their player counts come from the server (GET /api/games, the
    game registry): Sequence's gaps (no 5, 7 or 11 players) included."""
    from playable.solver.games import NAMES, game

    page = open_page(pages, server, "desktop")
    assert page.eval_on_selector_all("#deal-game option", OPTIONS) == list(NAMES)
    for name in NAMES:
        page.select_option("#deal-game", name)
        offered = page.eval_on_selector_all("#deal-players option", OPTIONS)
        assert offered == [str(n) for n in game(name).player_counts], name
    page.select_option("#deal-game", "sequence")
    page.select_option("#deal-players", "6")
    page.click("#deal")
    page.wait_for_selector("#table .table.sequence")
    assert page.locator("#table .seat").count() == 6
    finish(page)


#: The values of a select's options.
OPTIONS = "(options) => options.map((o) => o.value)"


def analyse(page: Any, seconds: str) -> None:
    page.fill("#seconds", seconds)
    page.click("#analyse")
    page.wait_for_selector("#analysis td", timeout=60_000)


def audited(page: Any, server: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, the script
    served as one of the board's own files (so the page's CSP stays on)."""
    page.route("**/static/axe.min.js", lambda route: route.fulfill(path=str(AXE)))
    page.add_script_tag(url=f"{server}/static/axe.min.js")
    found: list[str] = page.evaluate(AUDIT)
    page.unroute("**/static/axe.min.js")
    return found


def test_the_analysis_shows_proven_and_estimated_moves_and_lights_the_best(
    pages: dict[str, Any], server: str
) -> None:
    """A Face to Face endgame is proven (every shown move a proven value); a fresh deal
    is not, so the tree search estimates its moves ("est. 80% [38%–96%] of 5"), shows
    the top ten and all on demand, and its recommended move is lit on the table: the
    card in the mover's hand and its pile. A move's line steps on the table."""
    page = open_page(pages, server, "desktop")
    load(page, "endgame.facetoface.txt")
    analyse(page, "3")  # proven in well under a second; the budget is slack for a loaded machine
    assert page.locator("#analysis .badge.proven").count() == 10  # the top ten, proven
    assert page.locator("#analysis .badge.estimate").count() == 0
    assert page.inner_text("#summary").startswith("Winning with perfect play (proven): ")
    best = page.inner_text("#analysis tr.best-row button.move")
    assert page.locator("#table .hand .best").count() == len(best.split())
    deal(page, "facetoface", 3)
    analyse(page, "1")
    badges = page.locator("#analysis .badge.estimate").all_inner_texts()
    estimated = [text for text in badges if ESTIMATE.match(text)]
    # on a loaded machine a second may leave a move without a simulation: it says so
    assert estimated and set(badges) - set(estimated) <= {"not searched"}, badges
    assert page.inner_text("#summary").startswith("No proof within")  # the document's sentence
    assert page.locator("#analysis tr td:first-child").count() == 10
    page.click("#analysis-all")
    assert page.locator("#analysis tr td:first-child").count() == 12  # every legal move
    if AXE.is_file():  # the moves, their badges and the lit best move pass the audit
        assert audited(page, server) == []
    best = page.inner_text("#analysis tr.best-row button.move")
    card, pile = best.split("@")
    lit = page.locator("#table .best")
    assert lit.count() == 2, best
    assert (
        lit.nth(1).get_attribute("data-card") == card
        or lit.nth(0).get_attribute("data-card") == card
    )
    assert page.locator(f"#table .pile.best[data-target='{pile}']").count() == 1
    assert "the recommended move" in page.locator("#table .pile.best").get_attribute("aria-label")
    page.click("#analysis tr.best-row button.show-line")
    page.wait_for_selector("#line-controls:not([hidden])")
    page.click("#line-forward")
    assert "after move 1" in page.inner_text("#line-where")
    assert page.inner_text("#last-move") == f"Last move: Player 1: {best}"
    assert page.inner_text("#error") == ""
    finish(page)


def test_a_played_game_is_saved_as_a_record_and_reviewed_move_by_move(
    pages: dict[str, Any], server: str, tmp_path: Path
) -> None:
    from playable.solver.core.record import parse_record

    page = open_page(pages, server, "desktop")
    deal(page, "facetoface", 3)
    for move in ("8@own-up", "12@own-up"):
        click_move(page, "facetoface", move)
    with page.expect_download() as saved:
        page.click("#save-record")
    path = tmp_path / saved.value.suggested_filename
    saved.value.save_as(path)
    assert path.name == "facetoface-record.txt"
    record = parse_record(path.read_text(), str(path))
    assert [move.text for move in record.moves] == ["8@own-up", "12@own-up"]
    assert path.read_text().endswith("moves:\n  1: 8@own-up 12@own-up\n")
    page.fill("#review-seconds", "4")
    page.click("#review")
    page.wait_for_function(
        "() => document.getElementById('review-summary').textContent.startsWith('Reviewed')",
        timeout=60_000,
        polling=200,
    )
    verdicts = page.locator("#review-moves .verdict").all_inner_texts()
    # docs/review.md's verdicts ("unknown": the search gave a move no value in its time)
    judged = {"best", "good", "inaccuracy", "mistake", "blunder", "unknown"}
    assert len(verdicts) == 2 and set(verdicts) <= judged, verdicts
    assert page.locator("#review-moves .chances").count() == 2
    if AXE.is_file():  # the verdicts pass the accessibility audit too
        assert audited(page, server) == []
    page.click("#review-moves li:nth-child(2) button")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Review: before move 2')",
        polling=100,
    )
    assert page.locator("#table .hand .best").count() == 1  # the best move's card
    assert page.locator("#table .pile.last").count() == 1  # the move before it, ringed
    page.click("#review-back")
    assert page.inner_text("#status") == "Player 1 to move"
    assert page.inner_text("#error") == ""
    finish(page)


def test_the_analysis_fits_a_phone(pages: dict[str, Any], server: str) -> None:
    """The moves' badges and lines wrap inside the phone's width; every new button is
    a 44 px touch target."""
    page = open_page(pages, server, "phone")
    deal(page, "facetoface", 3)
    analyse(page, "1")
    page.click("#analysis-all")
    width, inner = page.evaluate(WIDTH)
    assert width <= inner, (width, inner)
    assert page.evaluate(TOO_SMALL) == []
    assert page.locator("#table .best").count() == 2
    finish(page)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_record_file_is_opened_and_its_mistakes_marked(
    pages: dict[str, Any], server: str, tmp_path: Path, viewport: str
) -> None:
    """docs/review.md's example opened as a file: replayed on the table, then reviewed
    move by move (ending the turn throws a proven win away); a damaged record is one
    line naming its file, line and column, and nothing is loaded."""
    page = open_page(pages, server, viewport)
    record = (ROOT / "examples" / "review.facetoface.txt").read_text()
    damaged = tmp_path / "damaged.txt"
    damaged.write_text(record.replace("50@own-down", "99@own-down"))
    page.click("#record-open summary")
    page.set_input_files("#record-file", str(damaged))
    page.wait_for_selector("#record-error:not([hidden])")
    assert page.inner_text("#record-error") == (
        "damaged.txt:14:16: move '99@own-down': player 1 does not hold 99 (FF-4)"
    )
    assert page.locator("#table-section").is_hidden()  # nothing was loaded
    page.fill("#review-seconds", "4")  # kernels may load first on a fresh, busy server
    page.set_input_files("#record-file", str(ROOT / "examples" / "review.facetoface.txt"))
    page.wait_for_function(
        "() => document.getElementById('review-summary').textContent.startsWith('Reviewed')",
        timeout=120_000,
        polling=200,
    )
    assert page.locator("#record-error").is_hidden()
    assert page.inner_text("#played") == "played: 12@own-up 50@own-down /"
    verdicts = page.locator("#review-moves .verdict").all_inner_texts()
    assert verdicts == ["best", "best", "blunder"], verdicts
    page.click("#review-moves li:nth-child(3) button")  # before the blunder: its best lit
    page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Review: before move 3')",
        polling=100,
    )
    assert page.locator("#table .best").count() >= 1
    width, inner = page.evaluate(WIDTH)
    assert width <= inner, (width, inner)
    if viewport == "phone":
        assert page.evaluate(TOO_SMALL) == []
        page.locator("#review-section").screenshot(path=str(SHOTS / "review-phone.png"))
    else:  # docs/web/review-desktop.png
        page.screenshot(path=str(SHOTS / "review-desktop.png"), full_page=True)
        if AXE.is_file():  # the record's picker, paste box and verdicts pass the audit
            assert audited(page, server) == []
    # a pasted record: the same review; a damaged one names <record>
    page.fill("#record-paste", record.replace("1: 12@own-up", "2: 12@own-up"))
    page.click("#record-paste-open")
    page.wait_for_function(
        "() => document.getElementById('record-error').textContent.startsWith('<record>:14:3: ')",
        polling=100,
    )
    assert page.inner_text("#error") == ""
    finish(page)
