"""The array types the numba kernels take and the workspaces hold, named once.

The kernels of every game keep their state in one-dimensional or small
two-dimensional numpy arrays of 64-bit integers: signed ones for registers, cards
and moves, unsigned ones for card bitsets, hash keys and table keys
(:mod:`playable.solver.core.tt`). Spelling ``npt.NDArray[np.int64]`` in every
signature made the kernels' parameter lists long; these two aliases are the one
spelling (docs/architecture.md, "One game: two layers and a face").
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

#: signed 64-bit integers: registers, cards, moves, counters
I64: TypeAlias = npt.NDArray[np.int64]
#: unsigned 64-bit integers: card bitsets, hash keys
U64: TypeAlias = npt.NDArray[np.uint64]
