"""A fixed-size transposition table for numba kernels (in the spirit of Stockfish
``tt.h``): open addressing over NumPy arrays, no Python objects.

A table is two arrays of equal power-of-two length: ``keys`` (``uint64``, 0 = empty)
and ``values`` (``int64``; what a value means is the caller's business). Probing is
linear over a cluster of :data:`CLUSTER` slots; when the cluster is full the slot of
the first probe is overwritten (always-replace), so a lookup can miss an entry that
was stored but never returns a wrong one: keys are compared in full. Callers hash
their states into 64-bit keys (e.g. Zobrist); key 0 is mapped to 1.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

CLUSTER = 8
MISSING = -(2**63)
#: bytes per slot: one uint64 key and one int64 value
SLOT_BYTES = 16


class Table(NamedTuple):
    """A table as the kernels take it (a plain pair of arrays without numba)."""

    keys: npt.NDArray[np.uint64]
    values: npt.NDArray[np.int64]


def new_table(slots: int) -> Table:
    """Empty ``keys`` and ``values`` arrays; ``slots`` must be a power of two."""
    if slots <= 0 or slots & (slots - 1):
        raise ValueError(f"table size must be a power of two, got {slots}")
    return Table(np.zeros(slots, dtype=np.uint64), np.zeros(slots, dtype=np.int64))


@njit(cache=True)
def tt_lookup(keys: npt.NDArray[np.uint64], values: npt.NDArray[np.int64], key: np.uint64) -> int:
    """The value stored under ``key``, or :data:`MISSING`."""
    if key == 0:
        key = np.uint64(1)
    mask = np.uint64(keys.shape[0] - 1)
    slot = key & mask
    for _ in range(CLUSTER):
        k = keys[slot]
        if k == key:
            return int(values[slot])
        if k == 0:
            return MISSING
        slot = (slot + np.uint64(1)) & mask
    return MISSING


@njit(cache=True)
def tt_store(
    keys: npt.NDArray[np.uint64], values: npt.NDArray[np.int64], key: np.uint64, value: int
) -> bool:
    """Store ``value`` under ``key``; returns True when a new slot was taken."""
    if key == 0:
        key = np.uint64(1)
    mask = np.uint64(keys.shape[0] - 1)
    first = key & mask
    slot = first
    for _ in range(CLUSTER):
        k = keys[slot]
        if k == key:
            values[slot] = value
            return False
        if k == 0:
            keys[slot] = key
            values[slot] = value
            return True
        slot = (slot + np.uint64(1)) & mask
    keys[first] = key
    values[first] = value
    return False
