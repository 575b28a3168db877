"""Plain-text labels of the board's spaces, readable without colour.

The board is drawn in colour in a terminal, but piped (``| cat``) or with ``NO_COLOR``
set every style is dropped, so each space also says in letters what is on it: a chip
is its side's letter (``B`` blue, ``G`` green, ``R`` red, as in the notation's
``row`` lines, docs/notation-sequence.md) in lower case, upper case when the chip is
locked in a completed sequence (SQ-7). Every label is four characters wide, so the
columns stay aligned with or without colour.
"""

from __future__ import annotations

from playable.solver.sequence.rules import COLOURS, EMPTY

#: Label of a corner space (a free space for every side, SQ-5).
CORNER_LABEL = " ** "


def chip_letter(side: int, locked: bool) -> str:
    """The letter of a chip of ``side``: upper case when locked (SQ-7)."""
    letter = COLOURS[side]
    return letter if locked else letter.lower()


def cell_label(card: str, chip: int, locked: bool, marked: bool = False) -> str:
    """A space's four-character label: the chip letter (or a blank) then the card the
    space shows, then ``!`` when the space is ``marked`` (e.g. a threat) or a blank.

    >>> cell_label("5C", EMPTY, False), cell_label("5C", 0, False), cell_label("5C", 1, True)
    (' 5C ', 'b5C ', 'G5C ')
    >>> cell_label("AH", EMPTY, False, marked=True)
    ' AH!'
    """
    mark = " " if chip == EMPTY else chip_letter(chip, locked)
    return f"{mark}{card}{'!' if marked else ' '}"


def chip_legend(sides: int) -> str:
    """One line that explains the chip letters of a board with ``sides`` sides.

    >>> chip_legend(2)
    'chips: b blue, g green; upper case: locked in a sequence (SQ-7)'
    """
    names = ("blue", "green", "red")
    chips = ", ".join(f"{chip_letter(s, False)} {names[s]}" for s in range(sides))
    return f"chips: {chips}; upper case: locked in a sequence (SQ-7)"
