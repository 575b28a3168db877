"""Fresh deals for the board's "New deal" control: the same deals as ``playable deal
GAME --players N --seed S`` (each game's default options), as the file text a view
is made from.

The deal code is the rules' own (``shuffled_deck``, ``shuffled_decks``,
``random_deal``, Sequence's ``deal``) and the text is the notation's deal format
(docs/notation.md), so a deal made here loads in the command line and back.
"""

from __future__ import annotations

from playable.solver.core.errors import PlayableError
from playable.solver.games import NAMES, game

#: The largest seed accepted (a seed is any whole number to the rules; this keeps the
#: request small and the echo readable).
MAX_SEED = 2**31 - 1


class DealError(PlayableError):
    """A deal that cannot be made: unknown game, player count out of range."""


def deal_text(name: str, players: int, seed: int) -> str:
    """The file text of game ``name``'s deal for ``players`` from ``seed``, as
    ``playable deal NAME --players PLAYERS --seed SEED`` writes it. Raises
    :class:`DealError` (one line) for an unknown game or a player count the game
    does not allow (its ``player_counts``, as docs/rules.md gives them: The Game 1 to 5,
    Face to Face 2, UNO 2 to 10, Sequence 2 to 12 by SQ-3)."""
    if name not in NAMES:
        raise DealError(f"no game '{name}' (games: {', '.join(NAMES)})")
    counts = game(name).player_counts
    low, high = counts[0], counts[-1]
    if players not in counts:
        raise DealError(f"{game(name).title} is played by {low} to {high} players, not {players}")
    if name == "thegame":
        from playable.solver.thegame import notation as tg
        from playable.solver.thegame.rules import Variant as TGVariant
        from playable.solver.thegame.rules import shuffled_deck as tg_deck

        variant = TGVariant(players)
        return tg.format_deal(tg.Deal(variant, tuple(tg_deck(variant, seed))))
    if name == "facetoface":
        from playable.solver.facetoface import notation as ff
        from playable.solver.facetoface.rules import Variant as FFVariant
        from playable.solver.facetoface.rules import shuffled_decks

        ff_variant = FFVariant()
        a, b = shuffled_decks(ff_variant, seed)
        return ff.format_deal(ff.Deal(ff_variant, tuple(a), tuple(b)))
    if name == "uno":
        from playable.solver.uno import notation as un
        from playable.solver.uno.rules import Options, random_deal

        return un.format_deal(random_deal(Options(), players, seed, 0))
    from playable.solver.sequence import notation as sq
    from playable.solver.sequence.rules import Variant as SQVariant
    from playable.solver.sequence.rules import deal, shuffled_deck

    sides = 3 if players in (3, 9) else 2  # as `playable deal sequence` chooses (SQ-3)
    return sq.format_position(deal(SQVariant(players, sides), shuffled_deck(seed), 0))
