"""Bit tricks shared by the numba kernels (sets of cards kept as 64-bit words)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def popcount(x: np.uint64) -> int:
    """Number of set bits of a ``uint64`` (SWAR)."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = x + (x >> np.uint64(8))  # byte sums: no multiply, so no overflow warning
    x = x + (x >> np.uint64(16))  # without the JIT (NUMBA_DISABLE_JIT=1)
    x = x + (x >> np.uint64(32))
    return int(x & np.uint64(0x7F))


@njit(cache=True)
def mix64(x: np.uint64) -> np.uint64:
    """The splitmix64 finaliser: a bijection of 64-bit words that spreads every bit
    (for hashing positions)."""
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x
