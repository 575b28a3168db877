"""Compact two-player UNO states for the endgame search (the rules of rules.py, fast).

The reference rules (:mod:`playable.solver.uno.rules`) build a frozen dataclass per move; the
endgame search needs millions of states, so this module restates the same rules
(UN-3 ... UN-9, two players) over a flat tuple of small integers. It is checked
against the reference rules move by move (tests/uno/test_endgame_state.py) and every
line the search reports is replayed through :func:`playable.solver.uno.rules.apply`.

A *node* is the tuple ``(h0, h1, n0, n1, pos, top, colour, mover, phase, x, pile,
disc, k)``:

* ``h0``/``h1``: the hands as card multiplicities, 3 bits per kind (kind ``c`` at
  bits ``3c..3c+2``; at most 4 copies, UN-1), ``n0``/``n1`` their sizes;
* ``pos``: how many cards of the draw pile ``piles[pile]`` are drawn (the pile is
  fixed from the root; a reshuffle starts a new pile, UN-9);
* ``top``, ``colour``: the top card and the colour in force;
* ``mover``: 0 or 1; ``phase``: PLAY, DRAWN (``x`` = the drawn card), CHALLENGE
  (``x`` = 2 * pending + guilty), STACK (``x`` = pending) or COLOUR;
* ``disc``: the discard pile's order as an id of an interned chain (seeded mode
  only, 0 otherwise) and ``k`` the number of reshuffles so far (UN-9 decision).

What is left out, and why it is sound (two players):

* direction: ``(p + d) % 2`` is the same for ``d = +1`` and ``d = -1``, so with two
  players the direction never changes who moves (Reverse as a plain card, UN-5);
* ``accused``: in phases CHALLENGE/STACK it is always the player who did not move;
* the discard pile's content: it is everything not in a hand or left in the draw
  pile (all the cards of the round, 108 by UN-1), so only its order (seeded)
  carries information.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, TypeVar

from playable.solver.uno.cards import DRAW_TWO, REVERSE, SKIP, SYMBOLS, WILD, WILD_DRAW_FOUR
from playable.solver.uno.rules import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    PASS,
    Move,
    NameColour,
    Phase,
    Play,
    State,
    shuffled,
)

PLAY: Final = 0
DRAWN: Final = 1
CHALLENGE_PHASE: Final = 2
STACK: Final = 3
COLOUR: Final = 4
PHASES: Final = {
    Phase.PLAY: PLAY,
    Phase.DRAWN: DRAWN,
    Phase.CHALLENGE: CHALLENGE_PHASE,
    Phase.STACK: STACK,
    Phase.COLOUR: COLOUR,
}

# Move codes: 0..51 a coloured card; 54 + 4 * (card - 52) + colour a wild naming a
# colour; then draw, pass, challenge, accept, and name a colour (phase COLOUR).
M_WILD: Final = 54
M_DRAW: Final = 62
M_PASS: Final = 63
M_CHALLENGE: Final = 64
M_ACCEPT: Final = 65
M_NAME: Final = 66

#: the result of a move that needs a reshuffle the search may not follow
RESHUFFLE: Final = "reshuffle"

Node = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]

K = TypeVar("K")


def _intern(ids: dict[K, int], values: list[K], value: K) -> int:
    """The id of ``value``: its index in ``values``, where it is added when new
    (``ids`` maps each value back to its id), so a node holds a small integer for a
    draw pile or a discard chain."""
    got = ids.get(value)
    if got is None:
        got = ids[value] = len(values)
        values.append(value)
    return got


def _fields(kinds: range | list[int]) -> int:
    return sum(7 << (3 * c) for c in kinds)


COLOUR_FIELDS: Final = tuple(_fields(range(13 * c, 13 * c + 13)) for c in range(4))
SYMBOL_FIELDS: Final = tuple(_fields([13 * c + s for c in range(4)]) for s in range(13))
WILD_FIELDS: Final = _fields([WILD, WILD_DRAW_FOUR])
ONE: Final = tuple(1 << (3 * c) for c in range(54))


def match_fields(top: int, colour: int) -> int:
    """UN-3: the fields of every kind that may go on ``top`` with ``colour``."""
    mask = WILD_FIELDS | COLOUR_FIELDS[colour]
    if top < WILD:
        mask |= SYMBOL_FIELDS[top % SYMBOLS]
    return mask


def kinds_in(fields: int) -> list[int]:
    """The kinds with a non-zero count in ``fields`` (ascending)."""
    out = []
    while fields:
        c = ((fields & -fields).bit_length() - 1) // 3
        out.append(c)
        fields &= ~(7 << (3 * c))
    return out


def pack(cards: tuple[int, ...] | list[int]) -> int:
    """A hand as multiplicities."""
    h = 0
    for c in cards:
        h += ONE[c]
    return h


def unpack(h: int) -> tuple[int, ...]:
    """The sorted hand of multiplicities ``h``."""
    out: list[int] = []
    for c in kinds_in(h):
        out += [c] * ((h >> (3 * c)) & 7)
    return tuple(out)


def to_move(code: int) -> Move:
    """The reference-rules move of a move code."""
    if code < 52:
        return Play(code)
    if code < M_DRAW:
        return Play(WILD + (code - M_WILD) // 4, (code - M_WILD) % 4)
    if code >= M_NAME:
        return NameColour(code - M_NAME)
    simple: dict[int, Move] = {M_DRAW: DRAW, M_PASS: PASS, M_CHALLENGE: CHALLENGE, M_ACCEPT: ACCEPT}
    return simple[code]


def from_move(move: Move) -> int:
    """The move code of a reference-rules move."""
    if isinstance(move, Play):
        return move.card if move.card < WILD else M_WILD + 4 * (move.card - WILD) + move.colour
    if isinstance(move, NameColour):
        return M_NAME + move.colour
    return {DRAW: M_DRAW, PASS: M_PASS, CHALLENGE: M_CHALLENGE, ACCEPT: M_ACCEPT}[move]


@dataclass
class Rules:
    """The two-player rules over nodes; ``seeded`` follows reshuffles (UN-9 decision:
    the deal's seed fixes them), otherwise a move that needs one returns
    :data:`RESHUFFLE`. Holds the interned draw piles and discard chains."""

    seed: int
    seeded: bool
    reverse_skips: bool = True
    stacking: bool = False
    piles: list[tuple[int, ...]] = field(default_factory=list)
    pile_ids: dict[tuple[int, ...], int] = field(default_factory=dict)
    chain: list[tuple[int, int]] = field(default_factory=list)
    chain_ids: dict[tuple[int, int], int] = field(default_factory=dict)
    #: the cards of the round (108 for a full deck, UN-1), set by :meth:`encode`
    total: int = 108

    def __post_init__(self) -> None:
        self.keep_turn = {SKIP, DRAW_TWO, REVERSE} if self.reverse_skips else {SKIP, DRAW_TWO}
        if self.stacking:
            self.keep_turn.discard(DRAW_TWO)
        self.chain.append((-1, -1))  # id 0: the unused chain (unseeded mode)

    # -- interning -------------------------------------------------------------------
    def pile_id(self, pile: tuple[int, ...]) -> int:
        return _intern(self.pile_ids, self.piles, pile)

    def push(self, disc: int, card: int) -> int:
        """The chain of discard pile ``disc`` with ``card`` laid on it (seeded only)."""
        if not self.seeded:
            return 0
        return self._chain_from(disc, card)

    def discard_of(self, disc: int) -> tuple[int, ...]:
        out = []
        while disc > 0:
            disc, card = self.chain[disc]
            out.append(card)
        return tuple(reversed(out))

    # -- conversion ------------------------------------------------------------------
    def encode(self, s: State) -> Node:
        """The node of a two-player reference state."""
        disc = 0
        if self.seeded:
            for card in s.discard:
                disc = self._chain_from(disc, card)
        self.total = len(s.all_cards())
        phase = PHASES[s.phase]
        x = -1
        if phase == DRAWN:
            x = s.drawn
        elif phase == CHALLENGE_PHASE:
            x = 2 * s.pending + int(s.guilty)
        elif phase == STACK:
            x = s.pending
        h0, h1 = s.hands
        return (
            pack(h0),
            pack(h1),
            len(h0),
            len(h1),
            0,
            s.top,
            s.colour,
            s.to_move,
            phase,
            x,
            self.pile_id(s.draw),
            disc,
            s.reshuffles,
        )

    def _chain_from(self, prev: int, card: int) -> int:
        """The interned chain ``prev`` (0 = empty) with ``card`` on top."""
        return _intern(self.chain_ids, self.chain, (prev, card))

    def agrees(self, node: Node, s: State) -> bool:
        """Does ``node`` describe the reference state ``s`` (what the future depends on)?"""
        h0, h1, _, _, pos, top, colour, mover, phase, x, pile, disc, k = node
        same = (
            (unpack(h0), unpack(h1)) == s.hands
            and self.piles[pile][pos:] == s.draw
            and (top, colour, mover, phase) == (s.top, s.colour, s.to_move, PHASES[s.phase])
            and k == s.reshuffles
        )
        if self.seeded:
            same = same and self.discard_of(disc) == s.discard
        if phase == DRAWN:
            same = same and x == s.drawn
        elif phase in (CHALLENGE_PHASE, STACK):
            same = same and s.pending == (x >> 1 if phase == CHALLENGE_PHASE else x)
        return same

    # -- moves -----------------------------------------------------------------------
    def moves(self, node: Node) -> list[int]:
        """The legal moves of ``node`` (as rules.legal_moves), best-first for the
        search: plays that keep the turn (UN-5), Wild Draw Four, other numbers, Wild,
        then drawing last (UN-4); wild colours by how many cards of the colour the
        mover holds. The order changes speed only, never a value."""
        h0, h1, _, _, _, top, colour, mover, phase, x, _, _, _ = node
        h = h1 if mover else h0
        if phase == PLAY:
            first: list[int] = []
            later: list[int] = []
            w4: list[int] = []
            w: list[int] = []
            for c in kinds_in(h & match_fields(top, colour)):
                if c == WILD_DRAW_FOUR:
                    w4 = self._wild_codes(c, h)
                elif c == WILD:
                    w = self._wild_codes(c, h)
                elif c % SYMBOLS in self.keep_turn:
                    first.append(c)
                else:
                    later.append(c)
            return first + w4 + later + w + [M_DRAW]
        if phase == DRAWN:
            if x >= WILD:
                return [*self._wild_codes(x, h), M_PASS]
            return [x, M_PASS]
        if phase == CHALLENGE_PHASE:
            out = [M_CHALLENGE, M_ACCEPT]
            if self.stacking and (h >> (3 * WILD_DRAW_FOUR)) & 7:
                out += self._wild_codes(WILD_DRAW_FOUR, h)
            return out
        if phase == STACK:
            return [c for c in kinds_in(h) if c < WILD and c % SYMBOLS == DRAW_TWO] + [M_ACCEPT]
        return [M_NAME + c for c in range(4)]

    @staticmethod
    def _wild_codes(card: int, h: int) -> list[int]:
        base = M_WILD + 4 * (card - WILD)
        counts = [bin(h & COLOUR_FIELDS[c]).count("1") for c in range(4)]
        return [base + c for c in sorted(range(4), key=lambda c: -counts[c])]

    def take(
        self, h: int, n: int, pos: int, pile: int, disc: int, k: int, ndisc: int, count: int
    ) -> tuple[int, int, int, int, int, int, int] | str:
        """Draw ``count`` cards into hand ``h`` (size ``n``) with ``ndisc`` cards on the
        discard pile: ``(h, n, pos, pile, disc, k, last card or -1)``. When the draw
        pile runs out the discard pile but its top is reshuffled (UN-9); with nothing
        left anywhere fewer cards are drawn. :data:`RESHUFFLE` when a reshuffle is
        needed and ``seeded`` is off."""
        last = -1
        cards = self.piles[pile]
        for _ in range(count):
            if pos >= len(cards):
                if ndisc <= 1:
                    break
                if not self.seeded:
                    return RESHUFFLE
                order = self.discard_of(disc)
                cards = shuffled(order[:-1], self.seed, k)
                pile, pos, k, ndisc = self.pile_id(cards), 0, k + 1, 1
                disc = self._chain_from(0, order[-1])
            last = cards[pos]
            pos += 1
            h += ONE[last]
            n += 1
        return h, n, pos, pile, disc, k, last

    def child(self, node: Node, code: int) -> Node | int | str:
        """The node after move ``code`` (legal in ``node``); the winner (0 or 1) when
        the round ends (UN-9); :data:`RESHUFFLE` when it needs an unfollowed reshuffle."""
        h0, h1, n0, n1, pos, top, colour, p, phase, x, pile, disc, k = node
        nd = self.total - n0 - n1 - (len(self.piles[pile]) - pos)
        h, n = (h1, n1) if p else (h0, n0)
        o, no = (h0, n0) if p else (h1, n1)
        q = 1 - p
        if code < M_DRAW:  # play a card (UN-3, UN-5)
            if code < 52:
                card, named = code, code // SYMBOLS
            else:
                card, named = WILD + (code - M_WILD) // 4, (code - M_WILD) % 4
            pending = x if phase == STACK else (x >> 1 if phase == CHALLENGE_PHASE else 0)
            h -= ONE[card]
            n -= 1
            disc = self.push(disc, card)
            if n == 0:
                return p  # UN-9: a final Draw Two / Draw Four still draws; the round is over
            symbol = card % SYMBOLS if card < WILD else -1
            if symbol == SKIP or (symbol == REVERSE and self.reverse_skips):
                return self._make(p, h, n, o, no, pos, card, named, p, PLAY, -1, pile, disc, k)
            if symbol == DRAW_TWO:
                if self.stacking:
                    return self._make(
                        p, h, n, o, no, pos, card, named, q, STACK, pending + 2, pile, disc, k
                    )
                got = self.take(o, no, pos, pile, disc, k, nd + 1, 2)
                if isinstance(got, str):
                    return got
                o, no, pos, pile, disc, k, _ = got
                return self._make(p, h, n, o, no, pos, card, named, p, PLAY, -1, pile, disc, k)
            if card == WILD_DRAW_FOUR:
                guilty = int(h & COLOUR_FIELDS[colour] != 0)
                return self._make(
                    p,
                    h,
                    n,
                    o,
                    no,
                    pos,
                    card,
                    named,
                    q,
                    CHALLENGE_PHASE,
                    2 * (pending + 4) + guilty,
                    pile,
                    disc,
                    k,
                )
            return self._make(p, h, n, o, no, pos, card, named, q, PLAY, -1, pile, disc, k)
        if code == M_DRAW:  # UN-4
            got = self.take(h, n, pos, pile, disc, k, nd, 1)
            if isinstance(got, str):
                return got
            h, n, pos, pile, disc, k, last = got
            if last >= 0 and (
                last >= WILD
                or last // SYMBOLS == colour
                or (top < WILD and last % SYMBOLS == top % SYMBOLS)
            ):
                return self._make(p, h, n, o, no, pos, top, colour, p, DRAWN, last, pile, disc, k)
            return self._make(p, h, n, o, no, pos, top, colour, q, PLAY, -1, pile, disc, k)
        if code == M_PASS:
            return self._make(p, h, n, o, no, pos, top, colour, q, PLAY, -1, pile, disc, k)
        if code == M_ACCEPT:
            pending = x >> 1 if phase == CHALLENGE_PHASE else x
            got = self.take(h, n, pos, pile, disc, k, nd, pending)
            if isinstance(got, str):
                return got
            h, n, pos, pile, disc, k, _ = got
            return self._make(p, h, n, o, no, pos, top, colour, q, PLAY, -1, pile, disc, k)
        if code == M_CHALLENGE:  # UN-6
            pending, guilty = x >> 1, x & 1
            if guilty:
                got = self.take(o, no, pos, pile, disc, k, nd, pending)
                if isinstance(got, str):
                    return got
                o, no, pos, pile, disc, k, _ = got
                return self._make(p, h, n, o, no, pos, top, colour, p, PLAY, -1, pile, disc, k)
            got = self.take(h, n, pos, pile, disc, k, nd, pending + 2)
            if isinstance(got, str):
                return got
            h, n, pos, pile, disc, k, _ = got
            return self._make(p, h, n, o, no, pos, top, colour, q, PLAY, -1, pile, disc, k)
        # name a colour (UN-7)
        return self._make(p, h, n, o, no, pos, top, code - M_NAME, p, PLAY, -1, pile, disc, k)

    @staticmethod
    def _make(
        p: int,
        h: int,
        n: int,
        o: int,
        no: int,
        pos: int,
        top: int,
        colour: int,
        mover: int,
        phase: int,
        x: int,
        pile: int,
        disc: int,
        k: int,
    ) -> Node:
        if p:
            return (o, h, no, n, pos, top, colour, mover, phase, x, pile, disc, k)
        return (h, o, n, no, pos, top, colour, mover, phase, x, pile, disc, k)
