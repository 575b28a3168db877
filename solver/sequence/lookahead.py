"""Sequence: a player from one seat that looks two turns ahead on sampled deals
(docs/seatview.md, "Sequence: two turns ahead on sampled deals"): the bot
``seat-lookahead``.

At each decision it takes only its seat's view and, as the seat analysis does, deals
the unseen cards (the other hands and the draw pile) many times consistently with it
(the view's dealer, SQ-3, SQ-4, SQ-9) and values every candidate move on the same
deals (paired):

* a dead card is exchanged first (SQ-6), as the greedy player does; a seat with one
  legal move plays it;
* the candidates are the greedy player's best ``candidates`` moves by its one-ply
  gain (:func:`~playable.solver.sequence.analysis.ranked_moves`: the board and the
  seat's own hand only, so the same on every deal); a move that wins at once ranks
  first and is played (the values below would tie it with a win a turn later);
* a candidate's value on a deal is the board's evaluation for the seat's side after
  the move and ``turns`` more turns of greedy play, the opponent's reply and the
  seat's own next turn with the cards that deal holds
  (:func:`~playable.solver.sequence.horizon.value_ahead`); a game won within them is
  worth ``win`` (``-win`` lost), and a Jack spent costs its price
  (:data:`~playable.solver.sequence.analysis.JACK_PRICE`), as in the greedy gain;
* the candidate of greatest total over the deals is played (ties: greedy's order).

So it plays greedy's move unless, on the deals the seat cannot tell apart, another
candidate leaves the board better once the opponent has answered with the cards it
may hold: a block where the opponent likely holds the card, a line it can no longer
use. Nothing is proven; the values are estimates of a short greedy future. The
settings were chosen on probe games only (docs/seatview.md lists them).

Honest by construction: the deals come from a generator seeded by the player's seed
and the view's text (:func:`~playable.solver.core.seat_player.decision_seed`), so two
positions with the same view give the same decision (tests/sequence/test_lookahead.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from playable.solver.core.seat_bot import SeatBot
from playable.solver.core.seat_player import decision_seed
from playable.solver.games import game, views
from playable.solver.sequence.analysis import JACK_PRICE, ranked_moves
from playable.solver.sequence.horizon import value_ahead
from playable.solver.sequence.horizon import warm_up as load_kernel
from playable.solver.sequence.rules import Move, Place, Remove, ReplaceDead, apply


@dataclass
class LookaheadPlayer(SeatBot):
    """Plays Sequence from one seat by the candidate of best value ``turns`` turns
    ahead on ``deals`` sampled deals (module notes). ``last`` maps each candidate of
    the last valued decision to its total over the deals (None after a move played
    without valuing)."""

    seed: int = 0
    deals: int = 16
    candidates: int = 8
    turns: int = 2
    win: int = 30_000
    name: str = "seat-lookahead"
    last: dict[str, int] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._rules = game("sequence")
        self._views = views("sequence")
        self._loaded = False

    def move_for(self, view: Any) -> Any:
        return self.decide(view)

    def decide(self, view: Any) -> Move:
        """The move of the seat to move in ``view``."""
        moves: list[Move] = self._views.legal_moves(view)
        if not moves:
            raise ValueError("the seat has no legal move in this view")
        self.last = None
        dead = next((m for m in moves if isinstance(m, ReplaceDead)), None)
        if dead is not None:
            return dead
        if len(moves) == 1:
            return moves[0]
        if not self._loaded:
            load_kernel()
            self._loaded = True
        rng = random.Random(decision_seed(self.seed, self._views.format(view)))
        deals = [self._views.deal(view, rng) for _ in range(self.deals)]
        side = deals[0].side
        ranked = [m for _, m in ranked_moves(deals[0])][: self.candidates]
        if apply(deals[0], ranked[0]).winner == side:
            return ranked[0]  # a win now: nothing later is worth more
        totals: dict[str, int] = {}
        best, best_total = ranked[0], None
        for move in ranked:
            total = -self.deals * _jack_price(move)
            for deal in deals:
                total += value_ahead(apply(deal, move), side, self.turns, self.win)
            totals[str(move)] = total
            if best_total is None or total > best_total:
                best, best_total = move, total
        self.last = totals
        return best


def _jack_price(move: Move) -> int:
    """The price of the Jack a move spends (0 for any other card)."""
    return JACK_PRICE.get(move.card, 0) if isinstance(move, Place | Remove) else 0
