"""Conformance of the four games to the one game interface (solver/core/game.py).

The same checks for every game of :data:`playable.solver.games.NAMES`, in the spirit
of OpenSpiel's and pgx's per-game API tests:

* notation round trip ``parse(format(s)) == s`` for every state of random play-outs
  from fresh deals of several variants and from the fully known example files;
* play-outs: every legal move applies, ``parse_move(s, str(m)) == m``, the cards are
  conserved (``cards``), ``legal_moves`` is empty exactly when ``is_terminal``,
  ``to_move`` is in range, ``returns`` agrees with the winner or the cards left, and
  the games that must end do end within a proven bound;
* illegal moves (moves of other states, well-formed texts) raise ``IllegalMove`` and
  leave the state unchanged; junk text raises ``NotationError``;
* perft regression counts (tests/data/<game>/perft.txt, written by
  tests/data/make_perft.py) and independent cross-checks of the move generators.

Termination bounds (:func:`bound`): The Game lays one card per play and ends a turn
only after at least one play (TG-4), so a game has at most 2 x deck moves; Face to
Face lays one own card per play (58 per player) and ends a turn after at least 2
plays (FF-4), so at most 3 x deck moves. UNO can cycle (``draw`` is always legal and
the discard pile is reshuffled, UN-4, UN-9) and so can Sequence (one-eyed Jacks take
chips back, SQ-5; stuck players pass, SQ-11; discards are reshuffled, SQ-9): their
play-outs are capped, and a separate test checks that fixed-seed play-outs do end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.core.game import Game
from playable.solver.facetoface import rules as ff
from playable.solver.games import NAMES, game, game_of
from playable.solver.sequence import rules as sq
from playable.solver.sequence.board import CELLS, cell_name
from playable.solver.thegame import rules as tg
from playable.solver.uno import cards as uno_cards
from playable.solver.uno import rules as un
from tests.data.make_perft import perft

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
EXAMPLES = ROOT / "examples"

AnyGame = Game[Any, Any]
#: Few examples (each is a whole play-out) and no shrinking: a failing seed is
#: reported as it is, shrinking an integer seed of a play-out gains nothing.
SETTINGS = settings(
    max_examples=8,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)


# ------------------------------------------------------------ starting positions
def fresh_thegame(rng: random.Random) -> tg.State:
    """A fresh deal: 1-5 players, expert minimum and hand, full or reduced deck."""
    while True:
        players = rng.randint(1, 5)
        max_card = rng.choice((20, 30, 50, 99))
        if players * 8 <= max_card - 1:
            break
    variant = tg.Variant(players, rng.random() < 0.5, rng.random() < 0.5, max_card)
    return tg.deal(variant, tg.shuffled_deck(variant, rng.randrange(10**9)), rng.randrange(players))


def fresh_facetoface(rng: random.Random) -> ff.State:
    """A fresh deal of the full decks or of reduced ones, either player first."""
    variant = ff.Variant(rng.choice((12, 20, 35, 59)))
    decks = ff.shuffled_decks(variant, rng.randrange(10**9))
    return ff.deal(variant, *decks, first=rng.randrange(2))


def fresh_uno(rng: random.Random) -> un.State:
    """A fresh round: 2-10 players (fewer are likelier: long rounds are slow), every
    option of UN-5 and UN-10, any dealer."""
    options = un.Options(
        reverse_skips=rng.random() < 0.5,
        stacking=rng.random() < 0.5,
        scoring=rng.choice(list(un.Scoring)),
    )
    players = rng.choice((2, 2, 3, 4, 6, 10))
    seed = rng.randrange(10**9)
    return un.random_deal(options, players, seed, dealer=rng.randrange(players)).start()


SEQUENCE_VARIANTS = [(2, 2), (3, 3), (4, 2), (6, 2), (6, 3), (8, 2), (9, 3), (10, 2), (12, 3)]


def fresh_sequence(rng: random.Random) -> sq.State:
    """A fresh, fully known deal (so every legal move applies: no ``UnknownCard``)."""
    variant = sq.Variant(*rng.choice(SEQUENCE_VARIANTS))
    order = sq.shuffled_deck(rng.randrange(10**9))
    return sq.deal(variant, order, first=rng.randrange(variant.players))


FRESH: dict[str, Callable[[random.Random], Any]] = {
    "thegame": fresh_thegame,
    "facetoface": fresh_facetoface,
    "uno": fresh_uno,
    "sequence": fresh_sequence,
}


def example_states(name: str) -> list[tuple[str, Any]]:
    """The example files of ``name`` that are fully known positions or deals (UNO
    play-out hands are puzzles; Sequence positions with unknown cards are tested in
    :func:`test_sequence_unknown_draw_raises_unknown_card`)."""
    found = []
    for path in sorted(EXAMPLES.glob("*.txt")):
        text = path.read_text()
        try:
            g = game_of(text, str(path))
        except NotationError:
            continue  # a puzzle file, not a position of a game
        if g.name != name:
            continue
        try:
            state = g.parse(text, str(path))
        except NotationError:
            continue  # UNO play-out hand
        if getattr(state, "unknown", 0):
            continue
        found.append((path.name, state))
    return found


#: Moves within which the fixed-seed play-outs of the games that can cycle must end
#: (measured: Sequence with 3 sides fills the board and passes for a while, up to
#: ~1400 moves; UNO rounds of 10 players take ~2000).
ENDS_WITHIN = 8000


def bound(name: str, state: Any) -> int:
    """Moves after which a play-out must have ended (see the module docstring), or the
    cap of the checked play-outs for the games that can cycle."""
    if name == "thegame":
        return 2 * state.variant.deck_size
    if name == "facetoface":
        return 3 * 2 * state.variant.deck_size
    return 3000 if name == "uno" else 600


# ------------------------------------------------------------------- the checks
def check_returns(name: str, g: AnyGame, s: Any) -> None:
    """``returns`` at a terminal state: one entry per player, consistent with the
    winner (or the cards left, The Game)."""
    returns = g.returns(s)
    n = g.players(s)
    assert len(returns) == n
    if name == "thegame":
        left = sum(len(h) for h in s.hands) + len(s.draw)
        assert returns == (-left,) * n  # TG-8, cooperative
        return
    if name == "facetoface":
        assert sorted(returns) == [-1, 1]
        winner = returns.index(1)
        # FF-6: the winner laid every card, or the loser is to move unable to start.
        laid_all = not s.hands[winner] and not s.draws[winner]
        stuck = s.to_move != winner and s.laid == 0
        assert laid_all or stuck
        return
    if name == "uno":
        assert not s.hands[s.winner]  # UN-9: the winner emptied their hand
        left = [sum(uno_cards.points(c) for c in h) for h in s.hands]
        if s.options.scoring == un.Scoring.ALTERNATIVE:
            assert returns == tuple(-x for x in left)  # UN-10 alternative
        else:
            expected = [0] * n
            expected[s.winner] = sum(left)  # UN-10 standard
            assert returns == tuple(expected)
        return
    winner = s.winner  # Sequence: SQ-8
    assert s.sequence_count(winner) >= s.variant.sequences_to_win
    assert returns == tuple(1 if s.variant.side_of(p) == winner else -1 for p in range(n))


def check_state(name: str, g: AnyGame, s: Any, cards: Counter[str]) -> list[Any]:
    """Every per-state check; returns the legal moves."""
    text = g.format(s)
    copy = g.parse(text)  # an equal state built afresh, to see that ``s`` stays unchanged
    assert copy == s
    assert g.format(copy) == text
    assert 0 <= g.to_move(s) < g.players(s)
    assert g.cards(s) == cards
    moves = g.legal_moves(s)
    assert len(set(moves)) == len(moves)
    assert g.is_terminal(s) == (not moves)
    if not moves:
        check_returns(name, g, s)
    for move in moves:
        assert g.parse_move(s, str(move)) == move
        after = g.apply(s, move)
        assert g.cards(after) == cards
    assert s == copy  # applying the moves left ``s`` unchanged (immutability)
    return moves


def playout(name: str, g: AnyGame, s: Any, rng: random.Random) -> Iterator[Any]:
    """The states of a random play-out from ``s``, checked one by one."""
    cards = g.cards(s)
    limit = bound(name, s)
    for _ in range(limit):
        moves = check_state(name, g, s, cards)
        yield s
        if not moves:
            return
        s = g.apply(s, rng.choice(moves))
    check_state(name, g, s, cards)
    yield s
    if name in ("thegame", "facetoface"):
        assert g.is_terminal(s), f"no end after {limit} moves"


def plain_playout(name: str, g: AnyGame, s: Any, rng: random.Random) -> list[Any]:
    """The states of a random play-out from ``s``, unchecked (for the other tests)."""
    states = [s]
    for _ in range(bound(name, s)):
        moves = g.legal_moves(s)
        if not moves:
            break
        s = g.apply(s, rng.choice(moves))
        states.append(s)
    return states


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts_from_fresh_deals(name: str, seed: int) -> None:
    g = game(name)
    rng = random.Random(seed)
    for _ in playout(name, g, FRESH[name](rng), rng):
        pass


@pytest.mark.parametrize("name", NAMES)
def test_random_playouts_from_examples(name: str) -> None:
    g = game(name)
    examples = example_states(name)
    assert examples, f"no fully known example of {name}"
    for index, (_file, state) in enumerate(examples):
        for _ in playout(name, g, state, random.Random(index)):
            pass


@pytest.mark.parametrize("name", NAMES)
def test_fixed_seed_playouts_end(name: str) -> None:
    """Even the games that can cycle end in practice: 6 fixed-seed random play-outs
    each reach a terminal state within the cap (a rule change that makes play-outs
    loop shows up here)."""
    g = game(name)
    for seed in range(6):
        rng = random.Random(seed)
        s = FRESH[name](rng)
        limit = bound(name, s) if name in ("thegame", "facetoface") else ENDS_WITHIN
        for _ in range(limit):
            moves = g.legal_moves(s)
            if not moves:
                break
            s = g.apply(s, rng.choice(moves))
        assert g.is_terminal(s), f"{name} seed {seed}: no end within {limit} moves"


# ---------------------------------------------------------------- illegal moves
def wellformed_texts(name: str, rng: random.Random) -> list[str]:
    """Move texts that are well formed for ``name``, legal or not."""
    if name == "thegame":
        return ["/", *(f"{rng.randint(0, 120)}@{rng.randint(0, 3)}" for _ in range(8))]
    if name == "facetoface":
        return ["/", *(f"{rng.randint(0, 70)}@{rng.choice(ff.PILES)}" for _ in range(8))]
    if name == "uno":
        colours = uno_cards.COLOURS
        texts = ["draw", "pass", "challenge", "accept", f"colour:{rng.choice(colours)}"]
        for _ in range(8):
            card = rng.randrange(uno_cards.WILD_DRAW_FOUR + 1)
            colour = f":{rng.choice(colours)}" if uno_cards.is_wild(card) else ""
            texts.append(uno_cards.name(card) + colour)
        return texts
    texts = ["pass", f"dead:{rng.choice(sq.DECK)}"]
    for _ in range(8):
        texts.append(f"{rng.choice(sq.DECK)}{rng.choice('@x')}{cell_name(rng.randrange(CELLS))}")
    return texts


def check_refused(g: AnyGame, s: Any, move: Any, legal: list[Any]) -> None:
    """A move outside ``legal`` raises IllegalMove and leaves ``s`` unchanged."""
    text = g.format(s)
    assert move not in legal
    with pytest.raises(IllegalMove):
        g.apply(s, move)
    assert g.format(s) == text


def check_text(g: AnyGame, s: Any, text: str, legal: list[Any]) -> None:
    """A well-formed move text: never a NotationError; the move it names applies
    exactly when it is legal, else IllegalMove (from ``parse_move`` or ``apply``)."""
    before = g.format(s)
    try:
        move = g.parse_move(s, text)
    except IllegalMove:
        return
    if move in legal:
        g.apply(s, move)
    else:
        check_refused(g, s, move, legal)
    assert g.format(s) == before


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_illegal_moves_are_refused(name: str, seed: int) -> None:
    """Legal moves of other states and well-formed texts not legal here are refused
    with IllegalMove, the state unchanged; every state of a play-out, terminal too."""
    g = game(name)
    rng = random.Random(seed)
    states = plain_playout(name, g, FRESH[name](rng), rng)
    pool = {m for s in rng.sample(states, min(len(states), 20)) for m in g.legal_moves(s)}
    foreign = sorted(pool, key=str)
    for s in [*rng.sample(states, min(len(states), 8)), states[-1]]:
        legal = g.legal_moves(s)
        others = [m for m in foreign if m not in legal]
        for move in rng.sample(others, min(len(others), 10)):
            check_refused(g, s, move, legal)
            check_text(g, s, str(move), legal)
        for text in wellformed_texts(name, rng):
            check_text(g, s, text, legal)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(junk=st.text(max_size=20), position=st.integers(0, 1))
def test_malformed_move_text_raises_notation_error(name: str, junk: str, position: int) -> None:
    """Junk text raises NotationError (or, if it happens to be well formed, names a
    move or raises IllegalMove); text that starts with ``#`` is never a move."""
    g = game(name)
    rng = random.Random(position)
    s = FRESH[name](rng)
    if position:
        for _ in range(5):
            s = g.apply(s, rng.choice(g.legal_moves(s)))
    try:
        move = g.parse_move(s, junk)
    except (NotationError, IllegalMove):
        pass
    else:
        assert g.parse_move(s, str(move)) == move
    with pytest.raises(NotationError):
        g.parse_move(s, "#" + junk)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_mangled_legal_move_texts(name: str, data: st.DataObject) -> None:
    """A legal move's text with one character inserted, deleted or changed is a
    move, or raises NotationError or IllegalMove, nothing else."""
    g = game(name)
    s = FRESH[name](random.Random(data.draw(st.integers(0, 50))))
    text = str(data.draw(st.sampled_from(g.legal_moves(s))))
    at = data.draw(st.integers(0, len(text)))
    char = data.draw(st.characters())
    how = data.draw(st.sampled_from(("insert", "delete", "change")))
    if how == "insert":
        text = text[:at] + char + text[at:]
    else:
        text = text[:at] + (char if how == "change" else "") + text[at + 1 :]
    try:
        move = g.parse_move(s, text)
    except (NotationError, IllegalMove):
        return
    legal = g.legal_moves(s)
    if move not in legal:
        check_refused(g, s, move, legal)


def test_sequence_unknown_draw_raises_unknown_card() -> None:
    """SQ: a position that lists only the top of the draw pile (the example files
    with unknown cards) plays while the listed cards last; then every move that must
    draw (a placement, a removal, a dead card's exchange) raises ``UnknownCard`` (an
    IllegalMove), the state unchanged; only a pass and a winning move (nobody draws
    after it, SQ-11) still apply. Nothing is guessed."""
    g = game("sequence")
    checked = 0
    for path in sorted(EXAMPLES.glob("*.sequence.txt")):
        if path.name.startswith("view."):
            continue  # one seat's view (docs/seatview.md), not a position
        s = g.parse(path.read_text(), str(path))
        if not s.unknown:
            continue
        assert g.cards(s)["?"] == s.unknown
        rng = random.Random(path.name)
        for _ in range(len(s.draw)):  # each of these moves draws one listed card
            moves = [m for m in g.legal_moves(s) if not isinstance(m, sq.Pass)]
            if not moves:
                break
            s = g.apply(s, rng.choice(moves))
        if g.is_terminal(s) or s.draw:
            continue
        text = g.format(s)
        for move in g.legal_moves(s):
            try:
                after = g.apply(s, move)
            except sq.UnknownCard:
                checked += 1
                continue
            # Only a pass and the winning move draw nothing (SQ-11, SQ-8).
            assert isinstance(move, sq.Pass) or g.is_terminal(after), move
        assert g.format(s) == text
    assert checked


# --------------------------------------------------------------------- perft
def perft_cases() -> list[tuple[str, str, list[int]]]:
    cases = []
    for name in NAMES:
        for line in (DATA / name / "perft.txt").read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                file, *counts = line.split()
                cases.append((name, file, [int(c) for c in counts]))
    return cases


PERFT = perft_cases()


def perft_state(name: str, file: str) -> Any:
    text = (DATA / name / file).read_text()
    g = game_of(text, file)
    assert g.name == name
    state = g.parse(text, file)
    assert g.format(state) == text
    return state


def test_perft_data_covers_every_game() -> None:
    for name in NAMES:
        assert 4 <= sum(1 for case in PERFT if case[0] == name) <= 8


@pytest.mark.parametrize(("name", "file", "counts"), PERFT, ids=[f"{c[0]}/{c[1]}" for c in PERFT])
def test_perft(name: str, file: str, counts: list[int]) -> None:
    assert perft(game(name), perft_state(name, file), len(counts)) == counts


# ------------------------------------------------------- independent cross-checks
def thegame_moves_by_hand(s: tg.State) -> set[str]:
    """The Game's legal moves written straight from docs/rules.md, sharing no code with the
    rules: TG-3 (greater, or exactly 10 lower, on 0-1; smaller or exactly 10 higher on
    2-3), TG-4/TG-7 (a play only if the turn can still reach the minimum), TG-5."""
    hand = s.hands[s.to_move]
    left = sum(len(h) for h in s.hands) + len(s.draw)
    minimum = 1 if not s.draw else (3 if s.variant.expert else 2)

    def fits(pile: int, top: int, card: int) -> bool:
        if pile < 2:
            return card > top or card == top - 10
        return card < top or card == top + 10

    def reach(piles: tuple[int, ...], cards: tuple[int, ...], need: int) -> bool:
        return need <= 0 or any(
            fits(p, piles[p], c)
            and reach((*piles[:p], c, *piles[p + 1 :]), cards[:i] + cards[i + 1 :], need - 1)
            for i, c in enumerate(cards)
            for p in range(4)
        )

    if left == 0 or (s.laid == 0 and not reach(s.piles, hand, minimum)):
        return set()
    need = minimum - s.laid - 1
    moves = {
        f"{c}@{p}"
        for i, c in enumerate(hand)
        for p in range(4)
        if fits(p, s.piles[p], c)
        and reach((*s.piles[:p], c, *s.piles[p + 1 :]), hand[:i] + hand[i + 1 :], need)
    }
    return moves | ({"/"} if s.laid >= minimum else set())


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_thegame_moves_match_rules_md_by_hand(seed: int) -> None:
    g = game("thegame")
    rng = random.Random(seed)
    for s in playout("thegame", g, fresh_thegame(rng), rng):
        assert {str(m) for m in g.legal_moves(s)} == thegame_moves_by_hand(s)


def test_thegame_perft_depth_one_by_hand() -> None:
    for name, file, counts in PERFT:
        if name == "thegame":
            assert len(thegame_moves_by_hand(perft_state(name, file))) == counts[0], file


def interface_turns(g: AnyGame, s: ff.State) -> tuple[bool, set[ff.State]]:
    """Face to Face whole turns through the game interface: whether some sequence of
    moves wins at once (FF-6), and the positions after each other turn (END_TURN)."""
    won = False
    after: set[ff.State] = set()
    seen: set[ff.State] = set()
    stack = [s]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        for move in g.legal_moves(node):
            child = g.apply(node, move)
            if move == ff.END_TURN:
                after.add(child)
            elif g.is_terminal(child) and ff.winner(child) == s.to_move:
                won = True
            else:
                stack.append(child)
    return won, after


def test_facetoface_turns_match_the_kernel() -> None:
    """The numba kernel's turn generator (independent code, solver/facetoface/kernel.py)
    finds the same whole turns as move-by-move play through the interface, on the
    perft positions and along a play-out."""
    from playable.solver.facetoface.search import kernel_turns

    g = game("facetoface")
    states = [perft_state(n, f) for n, f, _ in PERFT if n == "facetoface"]
    rng = random.Random(7)
    states += list(playout("facetoface", g, fresh_facetoface(rng), rng))[:-1:5]
    for s in states:
        if g.is_terminal(s):
            continue
        won, after = interface_turns(g, s)
        assert kernel_turns(s) == (won, set() if won else after)
