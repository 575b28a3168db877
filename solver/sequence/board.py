"""Sequence: the board (SQ-1), its cells, and the 192 lines of five.

The grid is a copy of ``reference/sequence-board.txt`` (row 0 at the top, column 0
at the left; ``XX`` are the four free corners). It is embedded here because the
package must not read files outside itself at run time; a test checks that it
equals the reference file. :func:`_check_grid` runs at import: every non-Jack card
of a 52-card deck appears exactly twice and the corners are the four ``XX`` cells.

Cells are numbered ``row * 10 + column`` (0..99) and named by a column letter
``a``-``j`` and a row digit ``0``-``9``: ``a0`` is the top-left corner, ``j9`` the
bottom-right one. A line of five is named by its first and last cell (``a0-e0``).
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 10
CELLS: Final = SIZE * SIZE
CORNER_CARD: Final = "XX"
RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"

#: SQ-1: the exact grid of reference/sequence-board.txt.
BOARD_TEXT: Final = """\
XX 2S 3S 4S 5S 6S 7S 8S 9S XX
6C 5C 4C 3C 2C AH KH QH TH TS
7C AS 2D 3D 4D 5D 6D 7D 9H QS
8C KS 6C 5C 4C 3C 2C 8D 8H KS
9C QS 7C 6H 5H 4H AH 9D 7H AS
TC TS 8C 7H 2H 3H KH TD 6H 2D
QC 9S 9C 8H 9H TH QH QD 5H 3D
KC 8S TC QC KC AC AD KD 4H 4D
AC 7S 6S 5S 4S 3S 2S 2H 3H 5D
XX AD KD QD TD 9D 8D 7D 6D XX
"""


def _parse_grid(text: str) -> tuple[str, ...]:
    rows = [line.split() for line in text.splitlines() if line.strip() and line[0] != "#"]
    return tuple(card for row in rows for card in row)


GRID: Final[tuple[str, ...]] = _parse_grid(BOARD_TEXT)
CORNERS: Final = (0, SIZE - 1, CELLS - SIZE, CELLS - 1)


def _check_grid(grid: tuple[str, ...]) -> None:
    """SQ-1: 10x10, four XX corners, every non-Jack card exactly twice."""
    if len(grid) != CELLS:
        raise ValueError(f"the board must have {CELLS} cells, got {len(grid)}")
    corners = tuple(i for i, card in enumerate(grid) if card == CORNER_CARD)
    if corners != CORNERS:
        raise ValueError(f"the free corners must be cells {CORNERS}, got {corners}")
    expected = {r + s for r in RANKS if r != "J" for s in SUITS}
    counts: dict[str, int] = {}
    for card in grid:
        if card != CORNER_CARD:
            counts[card] = counts.get(card, 0) + 1
    if set(counts) != expected or any(n != 2 for n in counts.values()):
        bad = sorted(c for c in expected | set(counts) if counts.get(c, 0) != 2)
        raise ValueError(f"every non-Jack card must appear twice; wrong: {bad}")


_check_grid(GRID)


#: The two cells of every non-Jack card (SQ-1), in increasing order.
def _cells_of() -> dict[str, tuple[int, int]]:
    cells: dict[str, list[int]] = {}
    for cell, card in enumerate(GRID):
        if card != CORNER_CARD:
            cells.setdefault(card, []).append(cell)
    return {card: (pair[0], pair[1]) for card, pair in cells.items()}


CELLS_OF: Final = _cells_of()


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every straight run of five cells: horizontal, vertical and both diagonals (SQ-7)."""
    found: list[tuple[int, ...]] = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(SIZE):
            for c in range(SIZE):
                cells = [(r + k * dr, c + k * dc) for k in range(5)]
                if all(0 <= rr < SIZE and 0 <= cc < SIZE for rr, cc in cells):
                    found.append(tuple(sorted(rr * SIZE + cc for rr, cc in cells)))
    return tuple(found)


#: The 192 lines of five: 60 horizontal, 60 vertical, 36 + 36 diagonal.
LINES: Final = _lines()
if len(LINES) != 6 * SIZE + 6 * SIZE + 2 * 36:
    raise ValueError(f"expected 192 lines of five, got {len(LINES)}")

#: For each cell, the ids of the lines through it.
LINES_THROUGH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i, line in enumerate(LINES) if cell in line) for cell in range(CELLS)
)


def cell_name(cell: int) -> str:
    """``e4`` for cell 44: column letter a-j, row digit 0-9."""
    return "abcdefghij"[cell % SIZE] + str(cell // SIZE)


def parse_cell(name: str) -> int | None:
    """The cell named ``name`` (``a0`` .. ``j9``), or None if it is not a cell name."""
    if len(name) != 2 or name[0] not in "abcdefghij" or name[1] not in "0123456789":
        return None
    return int(name[1]) * SIZE + "abcdefghij".index(name[0])


def line_name(line: int) -> str:
    """``a0-e0``: the first and last cell of the line."""
    cells = LINES[line]
    return f"{cell_name(cells[0])}-{cell_name(cells[-1])}"


_LINE_BY_NAME: Final = {line_name(i): i for i in range(len(LINES))}


def parse_line(name: str) -> int | None:
    """The line named ``name`` (``a0-e0``; either end first), or None."""
    if name in _LINE_BY_NAME:
        return _LINE_BY_NAME[name]
    first, dash, last = name.partition("-")
    return _LINE_BY_NAME.get(f"{last}-{first}") if dash else None


def shared_cells(a: int, b: int) -> int:
    """How many cells lines ``a`` and ``b`` have in common (SQ-7)."""
    return len(set(LINES[a]) & set(LINES[b]))
