"""The web board in a real browser: `playable serve` on a free port, driven by
Playwright through Debian's chromium (/usr/bin/chromium, `apt-get install chromium`).

Loads a deal, plays a move, solves and steps through the line, then finishes a
puzzle (plays its solution by clicking the moves as text, is judged at its end,
reveals). Screenshots of each step are kept as test artifacts in
``$PLAYABLE_ARTIFACTS/web`` (default ``build/test-artifacts/web`` in the repository,
ignored by git). Skipped, with the
reason, when chromium or Playwright is absent.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from playable.puzzles.fileformat import parse_puzzle
from tests.web.board import CHROMIUM, PUZZLE, ROOT, browser_api, puzzle_library, served

#: Waits (as a function: the page's Content-Security-Policy forbids evaluating a
#: string, which Playwright does for a bare expression) for a move in the played line.
PLAYED = "(move) => document.getElementById('played').textContent.includes(move)"
#: Records every Content-Security-Policy violation of the page, before its scripts run.
RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""

playwright_api = browser_api()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`playable serve` in a subprocess on a free port, with a one-puzzle library."""
    with served(puzzle_library(tmp_path_factory.mktemp("browser") / "lib.sqlite")) as url:
        yield url


def test_deal_move_solve_and_a_puzzle(server: str) -> None:
    artifacts = os.environ.get("PLAYABLE_ARTIFACTS", str(ROOT / "build" / "test-artifacts"))
    shots = Path(artifacts) / "web"
    shots.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.add_init_script(RECORD_VIOLATIONS)
        answer = page.goto(server)
        assert answer is not None and "frame-ancestors" in answer.headers["content-security-policy"]
        page.wait_for_selector("body[data-ready=yes]")

        # a deal: load it, play the first legal move
        page.select_option("#example", "thegame-solo.deal.txt")
        page.click("#load-example")
        page.click("#moves-panel summary")  # the moves as text, for power users
        page.wait_for_selector("#moves button")
        assert "The Game" in page.inner_text("#title")
        first = page.locator("#moves button").first
        move = first.inner_text()
        first.click()
        page.wait_for_function(PLAYED, arg=move)
        page.screenshot(path=str(shots / "1-deal-after-a-move.png"), full_page=True)

        # a position: solve it, step forward through the line
        page.select_option("#example", "thegame-solo-late.position.txt")
        page.click("#load-example")
        page.fill("#seconds", "5")
        page.click("#solve")
        page.wait_for_selector("#line li", timeout=60_000)
        assert page.inner_text("#summary").startswith("Solved: every card can be laid")
        page.click("#line-forward")
        assert "after move 1" in page.inner_text("#line-where")
        page.screenshot(path=str(shots / "2-solved-line.png"), full_page=True)
        page.click("#line-back")
        assert "start of the line" in page.inner_text("#line-where")

        # an analysis: each move with its value, a row's move plays it
        page.select_option("#example", "endgame.uno.txt")
        page.click("#load-example")
        page.fill("#seconds", "2")
        page.click("#analyse")
        page.wait_for_selector("#analysis button", timeout=60_000)
        assert "loss" in page.inner_text("#analysis")  # draw loses (docs/api.md)
        page.screenshot(path=str(shots / "3-analysis.png"), full_page=True)
        page.click("#analysis button.show-line >> nth=0")
        page.click("#line-forward")
        assert "after move 1" in page.inner_text("#line-where")
        page.click("#line-start")
        page.click("#analysis button:text-is('G7')")
        page.wait_for_function(PLAYED, arg="G7")

        # a puzzle: open it, play the stored solution by clicking, submit, reveal
        page.click("#tab-puzzles")
        page.click("#puzzle-next")
        page.wait_for_selector("#puzzle-info h3")
        solution = parse_puzzle(PUZZLE.read_text()).solution
        for turn_number, turn in enumerate(solution.split("/")):
            if turn_number:
                page.click("#moves button:text-is('/')")
            for word in turn.split():
                if not word.endswith(":"):
                    page.click(f"#moves button:text-is('{word}')")
                    page.wait_for_function(
                        "(word) => document.getElementById('answer').value.endsWith(word)",
                        arg=word,
                    )
        # the whole line is judged as soon as it ends (docs/web.md, "Puzzle trainer")
        page.wait_for_selector("#verdict.good", timeout=60_000)
        assert "solved 1 of 1" in page.inner_text("#verdict")
        page.click("#reveal")
        page.wait_for_function("() => document.getElementById('solution').textContent.length > 0")
        page.wait_for_selector("#line li")
        page.click("#line-forward")
        assert "after move 1" in page.inner_text("#line-where")
        page.screenshot(path=str(shots / "4-puzzle-solved.png"), full_page=True)
        assert page.inner_text("#error") == ""
        # the page works under the server's Content-Security-Policy (web/guard.py)
        assert page.evaluate("() => window.violations") == []
        browser.close()
    print(f"screenshots: {shots}")
