"""Face to Face's numba kernels run unchanged as plain Python (``NUMBA_DISABLE_JIT=1``),
where their workspaces (solver/facetoface/workspace.py) are plain named tuples, and
search exactly as compiled: the same nodes, values, counters and principal lines
(the search with its race and survival verdicts, the table probes of the line)."""

from __future__ import annotations

from tests.nojit import needs_jit, same_without_jit

SCRIPT = """
import json, random
from playable.solver.core.budget import Budget
from playable.solver.facetoface.players import CarefulPlayer
from playable.solver.facetoface.rules import Variant, deal, is_terminal, play_turn, shuffled_decks
from playable.solver.facetoface.search import kernel_turns, solve

out, seed = [], 0
for left, nodes in ((10, 300), (12, 300), (14, 200)):
    state = None
    while state is None:  # the next deal whose game gets there alive
        a, b = shuffled_decks(Variant(), seed)
        state = deal(Variant(), a, b, seed % 2)
        rng, bot = random.Random(seed), CarefulPlayer()
        seed += 1
        while max(state.cards_left(0), state.cards_left(1)) > left and not is_terminal(state):
            state = play_turn(state, bot.choose_turn(state, rng))
        if is_terminal(state):
            state = None
    result = solve(state, Budget(nodes=nodes, memory_mb=1))
    extra = {k: v for k, v in result.extra.items() if k != "search_seconds"}
    won, after = kernel_turns(state)
    line = result.to_json()["line"]
    out.append([result.status.value, result.nodes, result.tt_entries, line, extra, won, len(after)])
print(json.dumps(out))
"""


@needs_jit
def test_the_kernels_search_the_same_without_the_jit() -> None:
    compiled = same_without_jit(SCRIPT)
    # every solve searched and the positions had turns: a test that cannot fail is no test
    assert all(row[1] > 1 and row[6] > 0 for row in compiled), compiled
