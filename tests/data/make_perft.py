"""Write the perft regression data of tests/test_conformance.py.

For each game (``thegame``, ``facetoface``, ``uno``, ``sequence``) this writes, under
tests/data/<game>/:

* ``perft-<label>.position.txt``: a handful of fixed positions (fresh deals of several
  variants, mid-game and mid-turn positions, and each game's special phases), in the
  game's own position notation (``Game.format``);
* ``perft.txt``: for each position, the number of move sequences of length 1..d
  (leaf counts, a sequence that reaches the end of the game early counts at no
  deeper level), counted through the one game interface (solver/core/game.py) with
  the reference rules behind it.

Everything is deterministic: deals come from fixed seeds, and mid-game positions
from random play-outs with ``random.Random(f"perft:<game>:<label>:<try>")`` stopped
at the first position that has the wanted feature.

Re-run it (``.venv/bin/python tests/data/make_perft.py``) only when a rule or the
notation changes on purpose (a docs/rules.md decision, a new field in a position file);
then review the diff of every changed count against docs/rules.md before committing it,
since these numbers are the regression check of the move generators. A count that
changes without such a reason is a bug in the rules, not in the data.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playable.solver.core.game import Game
from playable.solver.facetoface import rules as ff
from playable.solver.games import game
from playable.solver.sequence import rules as sq
from playable.solver.thegame import rules as tg
from playable.solver.uno import rules as un
from playable.solver.uno.cards import WILD_DRAW_FOUR

HERE = Path(__file__).resolve().parent

#: Depth per game: the deepest level whose count takes well under a second with the
#: reference rules (branching: The Game ~30, Face to Face ~15, UNO ~5, Sequence ~100).
DEPTH = {"thegame": 4, "facetoface": 4, "uno": 6, "sequence": 3}

#: Depth-1 counts checked by hand against docs/rules.md (written into each perft.txt).
HAND_CHECKS = {
    "thegame": [
        "deal-solo: 8 cards in hand, every card 2..99 fits all four piles at 1/1/100/100",
        "  (TG-3), the turn can reach 2 (TG-5), no end of turn yet (TG-4): 8 x 4 = 32.",
        "deal-3p-expert: 5 cards (TG-2, TG-6) x 4 piles = 20.",
        "empty-draw: piles 26 22 | 2 14, hand 10 15 23 29, minimum 1 (TG-5): 29 on pile",
        "  0; 23, 29 on pile 1; none on pile 2 (no card < 2, no 12); 10 on pile 3: 4.",
    ],
    "facetoface": [
        "deal: 6 cards x 2 own piles at 1/60 (FF-2) = 12; nothing improves the",
        "  opponent's piles at 1/60 (FF-3: lower than 1, higher than 60): 12.",
    ],
    "uno": [
        "deal-2p: top B0 in blue, hand R1 R2 R9 G3 G9 G9 GR: no blue, no 0, no wild",
        "  (UN-3), so only draw (UN-4): 1.",
        "colour: a Wild turned first, the first player names one of 4 colours (UN-7): 4.",
        "challenge: challenge or accept (UN-6), no stacking: 2.",
        "drawn: the drawn Y5 matches yellow: play it or pass (UN-4): 2.",
        "stack: a Draw Two pending, stacking on, player 4 holds no Draw Two: accept: 1.",
    ],
    "sequence": [
        "deal-2p: player 2 holds 2H 6C 6H 6S 7S 8H KH, 7 kinds with 2 empty spaces each",
        "  (SQ-4), no Jack (SQ-5), no dead card (SQ-6): 14.",
    ],
}


def perft(g: Game[Any, Any], state: Any, depth: int) -> list[int]:
    """Leaf counts of the move tree below ``state`` at depths 1..depth."""
    counts = [0] * depth

    def walk(s: Any, level: int) -> None:
        moves = g.legal_moves(s)
        counts[level] += len(moves)
        if level + 1 < depth:
            for move in moves:
                walk(g.apply(s, move), level + 1)

    walk(state, 0)
    return counts


def find(name: str, label: str, start: Callable[[int], Any], wanted: Callable[[Any], bool]) -> Any:
    """The first position with ``wanted`` met along random play-outs from ``start(k)``."""
    g = game(name)
    for attempt in range(200):
        rng = random.Random(f"perft:{name}:{label}:{attempt}")
        state = start(attempt)
        for _ in range(3000):
            if g.is_terminal(state):
                break
            if wanted(state):
                return state
            state = g.apply(state, rng.choice(g.legal_moves(state)))
    raise RuntimeError(f"no position found for {name} {label}")


# ---------------------------------------------------------------------- The Game
def _tg(variant: tg.Variant) -> Callable[[int], tg.State]:
    return lambda seed: tg.deal(variant, tg.shuffled_deck(variant, seed))


def _tg_trick(s: tg.State) -> bool:
    return s.laid == 0 and any(
        isinstance(m, tg.Play) and abs(m.card - s.piles[m.pile]) == tg.TRICK
        for m in tg.legal_moves(s)
    )


def thegame_positions() -> dict[str, Any]:
    solo = tg.Variant(1)
    expert = tg.Variant(3, expert=True, expert_hand=True)
    small = tg.Variant(2, max_card=40)
    return {
        "deal-solo": _tg(solo)(1),
        "deal-3p-expert": _tg(expert)(2),
        "deal-5p-small": _tg(tg.Variant(5, max_card=50))(3),
        "mid-turn": find("thegame", "mid-turn", _tg(solo), lambda s: s.laid == 1),
        "trick": find("thegame", "trick", _tg(small), _tg_trick),
        "empty-draw": find(
            "thegame",
            "empty-draw",
            _tg(tg.Variant(1, max_card=30)),
            lambda s: not s.draw and s.laid == 0 and len(s.hand) >= 3,
        ),
    }


# ------------------------------------------------------------------ Face to Face
def _ff(variant: ff.Variant) -> Callable[[int], ff.State]:
    return lambda seed: ff.deal(variant, *ff.shuffled_decks(variant, seed), first=seed % 2)


def _ff_opp(s: ff.State) -> bool:
    return any(isinstance(m, ff.Play) and m.pile in ff.OPP_PILES for m in ff.legal_moves(s))


def facetoface_positions() -> dict[str, Any]:
    full = ff.Variant()
    small = ff.Variant(20)
    return {
        "deal": _ff(full)(1),
        "mid-turn-own": find("facetoface", "mid-turn-own", _ff(full), lambda s: s.laid_own == 1),
        "opp-plays": find(
            "facetoface", "opp-plays", _ff(full), lambda s: s.laid == 0 and _ff_opp(s)
        ),
        "mid-turn-opp": find(
            "facetoface", "mid-turn-opp", _ff(full), lambda s: s.laid_opp == 1 and s.laid_own == 0
        ),
        "endgame-small": find(
            "facetoface",
            "endgame-small",
            _ff(small),
            lambda s: s.laid == 0 and not s.draws[s.to_move] and len(s.hand) >= 3,
        ),
    }


# -------------------------------------------------------------------------- UNO
def _uno(options: un.Options, players: int) -> Callable[[int], un.State]:
    return lambda seed: un.random_deal(options, players, seed, dealer=seed % players).start()


def uno_positions() -> dict[str, Any]:
    plain = un.Options()
    stacking = un.Options(stacking=True)
    other = un.Options(reverse_skips=False, scoring=un.Scoring.ALTERNATIVE)
    colour = next(s for k in range(1000) if (s := _uno(plain, 3)(k)).phase == un.Phase.COLOUR)
    return {
        "deal-2p": _uno(plain, 2)(1),
        "deal-5p-alternative": _uno(other, 5)(2),
        "colour": colour,
        "challenge": find(
            "uno", "challenge", _uno(plain, 3), lambda s: s.phase == un.Phase.CHALLENGE
        ),
        "drawn": find("uno", "drawn", _uno(plain, 2), lambda s: s.phase == un.Phase.DRAWN),
        "stack": find("uno", "stack", _uno(stacking, 4), lambda s: s.phase == un.Phase.STACK),
        "stack-draw-four": find(
            "uno",
            "stack-draw-four",
            _uno(stacking, 3),
            lambda s: s.phase == un.Phase.CHALLENGE and WILD_DRAW_FOUR in s.hand,
        ),
        "late": find(
            "uno",
            "late",
            _uno(plain, 3),
            lambda s: s.phase == "play" and min(map(len, s.hands)) == 1,
        ),
    }


# --------------------------------------------------------------------- Sequence
def _sq(variant: sq.Variant) -> Callable[[int], sq.State]:
    return lambda seed: sq.deal(variant, sq.shuffled_deck(seed), first=seed % variant.players)


def _chips(s: sq.State) -> int:
    return sum(1 for c in s.chips if c >= 0)


def sequence_positions() -> dict[str, Any]:
    two = sq.Variant(2, 2)
    return {
        "deal-2p": _sq(two)(1),
        "deal-3p": _sq(sq.Variant(3, 3))(2),
        "deal-4p-teams": _sq(sq.Variant(4, 2))(3),
        "one-eyed": find(
            "sequence",
            "one-eyed",
            _sq(two),
            lambda s: _chips(s) >= 12 and bool(set(s.hand) & set(sq.ONE_EYED)),
        ),
        "two-eyed": find(
            "sequence",
            "two-eyed",
            _sq(two),
            lambda s: _chips(s) >= 20 and bool(set(s.hand) & set(sq.TWO_EYED)),
        ),
        "dead": find("sequence", "dead", _sq(two), lambda s: bool(sq.dead_replacements(s))),
        "locked": find(
            "sequence",
            "locked",
            _sq(two),
            lambda s: bool(s.sequences) and bool(set(s.hand) & set(sq.ONE_EYED)),
        ),
    }


POSITIONS: dict[str, Callable[[], dict[str, Any]]] = {
    "thegame": thegame_positions,
    "facetoface": facetoface_positions,
    "uno": uno_positions,
    "sequence": sequence_positions,
}


def write(name: str) -> None:
    g = game(name)
    folder = HERE / name
    folder.mkdir(exist_ok=True)
    depth = DEPTH[name]
    lines = [
        f"# Perft of {g.title}: move sequences (leaf counts) of length 1..{depth} from each",
        "# position, counted through the one game interface (solver/core/game.py) over the",
        "# reference rules; a line that ends the game early counts at no deeper level.",
        "# Written by tests/data/make_perft.py (fixed seeds); checked by",
        "# tests/test_conformance.py. Depth-1 counts checked by hand against docs/rules.md:",
        *(f"#   {text}" for text in HAND_CHECKS[name]),
        "# file" + "".join(f" d{k}" for k in range(1, depth + 1)),
    ]
    for label, state in POSITIONS[name]().items():
        file = f"perft-{label}.position.txt"
        (folder / file).write_text(g.format(state))
        began = time.perf_counter()
        counts = perft(g, g.parse(g.format(state)), depth)
        took = time.perf_counter() - began
        lines.append(" ".join([file, *map(str, counts)]))
        print(f"{name:10} {label:22} {counts} {took:.2f}s")
    (folder / "perft.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    for game_name in POSITIONS:
        write(game_name)
