"""Live search progress: the budget reports to its listener between chunks, at most
every ``progress_every`` seconds, and the CLI's info line shows what was noted."""

from __future__ import annotations

from typing import Any

from playable.cli.progress import info_line, live_progress
from playable.solver.core.budget import Budget
from playable.solver.thegame.rules import Variant, deal, shuffled_deck
from playable.solver.thegame.search import solve, warm_up


def test_a_search_reports_progress_to_the_budget_listener() -> None:
    heard: list[tuple[int, float, dict[str, Any]]] = []
    budget = Budget(nodes=300_000, progress=lambda n, s, i: heard.append((n, s, i)))
    budget.progress_every = 0.0
    variant = Variant(players=1, expert=True)
    solve(deal(variant, shuffled_deck(variant, 1)), budget)
    assert heard, "a search of 300k nodes reports at least once"
    assert any(n > 0 for n, _, _ in heard)
    assert all("best" in info for _, _, info in heard[1:])  # cards left of the best line
    seconds = [s for _, s, _ in heard]
    assert seconds == sorted(seconds)


def test_reports_are_spaced_by_progress_every() -> None:
    heard: list[int] = []
    budget = Budget(progress=lambda n, s, i: heard.append(n)).start()
    for n in range(1000):
        budget.expired(n)
    assert heard == []  # progress_every (0.5 s) has not passed since start()


def test_info_line_shows_time_nodes_rate_and_notes() -> None:
    line = info_line(1_500_000, 2.0, {"best": 3, "depth": 12})
    assert line == "info time 2.0s nodes 1.5M nps 750.0k best 3 depth 12"


def test_no_progress_for_json_or_when_stderr_is_not_a_terminal() -> None:
    assert live_progress(json=True) is None
    assert live_progress(json=False) is None  # pytest captures stderr: not a terminal


def test_the_game_kernels_load_once_per_process_before_any_budget() -> None:
    warm_up()
    warm_up()
    assert warm_up.cache_info().misses == 1


def test_face_to_face_reports_from_inside_its_one_kernel_call() -> None:
    """Face to Face searches in one kernel call; the kernel tells the budget's listener
    its nodes at every clock read (solver/facetoface/kernel.py)."""
    from playable.solver.facetoface import kernel as ff_kernel
    from playable.solver.facetoface.rules import Variant as FaceToFace
    from playable.solver.facetoface.rules import deal as deal_duel
    from playable.solver.facetoface.rules import shuffled_decks
    from playable.solver.facetoface.search import solve as solve_duel

    heard: list[int] = []
    budget = Budget(nodes=20_000, progress=lambda n, s, i: heard.append(n))
    budget.progress_every = 0.0
    variant = FaceToFace()
    solve_duel(deal_duel(variant, *shuffled_decks(variant, 3), 0), budget)
    assert any(n > 0 for n in heard)
    assert ff_kernel.progress_listeners == []  # removed after the call


def test_every_numba_search_loads_once_per_process() -> None:
    from playable.solver.facetoface.search import warm_up as load_face_to_face
    from playable.solver.sequence.search import warm_up as load_sequence
    from playable.solver.uno.playout_kernel import warm_up as load_uno

    for load in (load_face_to_face, load_sequence, load_uno):
        load()
        load()
        assert load.cache_info().misses == 1
