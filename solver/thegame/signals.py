"""The Game: pile-level signals between players (TG-10), an option of the players.

TG-10 lets players talk about piles but never about numbers: "please leave pile 2
to me" is allowed, "I hold 47" is not. A *signal* here is that remark: at the
start of each turn, every other player who holds a card that fits a pile very well
says "reserve pile p". A card fits very well when it is the backwards trick on that
pile or leaves a gap of at most :data:`SIGNAL_GAP` (the remark a real table makes
when someone holds 48 and the pile shows 46).

What crosses the table is only the set of reserved piles (:func:`reserved_piles`),
never who asked or for which card. A player using signals reads nothing else of the
other hands: its choice depends on the hidden cards only through that set (a test
checks this by changing hidden cards that leave the set alone).

The player to move honours a reservation by charging :data:`RESERVE_PENALTY` for
every play on a reserved pile that jumps over at least one number (a gap of 2 or
more): such a play may bury the card the other player keeps for that pile. A trick
or a gap of 1 jumps no number, so it cannot bury it and costs nothing extra.
"""

from __future__ import annotations

from playable.solver.thegame.rules import ASCENDING_PILES, TRICK, State

#: a card on a pile leaving a gap up to this (or the trick) makes its holder reserve it
SIGNAL_GAP = 2
#: the extra cost, for the player to move, of a play that jumps numbers on a reserved pile
RESERVE_PENALTY = 8


def reserved_piles(state: State) -> frozenset[int]:
    """The piles some player other than the one to move asks to be left alone (TG-10).

    Each such player looks only at their own hand and the piles; only the union of
    their remarks is returned.
    """
    reserved: set[int] = set()
    for player, hand in enumerate(state.hands):
        if player == state.to_move:
            continue
        for pile, top in enumerate(state.piles):
            if any(fits_well(pile, top, card) for card in hand):
                reserved.add(pile)
    return frozenset(reserved)


def fits_well(pile: int, top: int, card: int) -> bool:
    """Is ``card`` the backwards trick on ``pile`` (TG-3) or a gap of at most
    :data:`SIGNAL_GAP` above (ascending) or below (descending) ``top``?"""
    step = card - top if pile in ASCENDING_PILES else top - card
    return step == -TRICK or 0 < step <= SIGNAL_GAP


def penalty(pile: int, cost: int, reserved: frozenset[int]) -> int:
    """The extra cost of a play of ``cost`` (its gap, -10 for the trick) on ``pile``:
    :data:`RESERVE_PENALTY` when the pile is reserved and the play jumps a number."""
    return RESERVE_PENALTY if pile in reserved and cost >= 2 else 0
