"""Card-set arithmetic shared by every search kernel: a card is suit * 10 + rank (higher
rank = stronger), a set of cards an int64 mask of 40 bits. All njit helpers are inlined
into the kernels that call them."""
from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.cpython.unsafe.numbers import leading_zeros
from numba.extending import intrinsic


def _rank_masks():
    pts = np.zeros(40, dtype=np.int64)
    for c in range(40):
        pts[c] = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)[c % 10]
    masks = np.zeros(5, dtype=np.int64)  # F, C, R, 3, A
    for c in range(40):
        r = c % 10
        if r >= 5:
            masks[r - 5] |= np.int64(1) << np.int64(c)
    zero = np.int64(0)
    for c in range(40):
        if c % 10 < 5:
            zero |= np.int64(1) << np.int64(c)
    return pts, masks, zero


CARD_POINTS, RANK_MASKS, ZERO_MASK = _rank_masks()
SUIT_MASK = np.array([np.int64(0x3FF) << np.int64(10 * s) for s in range(4)], dtype=np.int64)
FACT = np.array([1] + [int(np.prod(np.arange(1, k + 1, dtype=np.float64))) if k < 21 else 0
                       for k in range(1, 21)], dtype=np.int64)
for _k in range(1, 21):
    FACT[_k] = FACT[_k - 1] * _k


@intrinsic
def popcount(typingctx, m):
    """Number of set bits of m (LLVM's ctpop: one popcnt instruction; numba compiled the
    shift-and-add version to a dozen instructions, its signed shifts hiding the idiom)."""
    if not isinstance(m, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        v = context.cast(builder, args[0], signature.args[0], types.int64)
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64]),
                                            "llvm.ctpop.i64")
        return builder.call(fn, [v])
    return types.int64(m), codegen


@njit(cache=True, inline="always")
def lowbit_index(m):
    return popcount((m & -m) - 1)


@njit(cache=True, inline="always")
def highbit_index(m):
    """Index of the highest set bit of m, -1 for 0 (LLVM's ctlz: one instruction, where a
    loop from bit 63 down cost the leaf value most of its time)."""
    if m == 0:
        return np.int64(-1)
    return np.int64(63) - np.int64(leading_zeros(m))


@njit(cache=True, inline="always")
def nth_bit(m, k):
    """Index of the k-th (0-based) set bit of m, lowest first."""
    for _ in range(k):
        m &= m - 1
    return lowbit_index(m)


@njit(cache=True, inline="always")
def mask_points(m):
    return (2 * popcount(m & RANK_MASKS[0]) + 3 * popcount(m & RANK_MASKS[1])
            + 4 * popcount(m & RANK_MASKS[2]) + 10 * popcount(m & RANK_MASKS[3])
            + 11 * popcount(m & RANK_MASKS[4]))


@njit(cache=True, inline="always")
def leader_wins(lead, follow, trump):
    """True when the led card takes the trick against ``follow``."""
    if lead // 10 == follow // 10:
        return lead > follow
    return follow // 10 != trump


@njit(cache=True, inline="always")
def beats(ch, best, trump):
    """True when ``ch`` takes the trick from the card ``best`` that holds it so far."""
    if ch // 10 == best // 10:
        return ch > best
    return ch // 10 == trump


@njit(cache=True, inline="always")
def floor_div(a, b):
    return a // b


@njit(cache=True, inline="always")
def ceil_div(a, b):
    return -((-a) // b)


@njit(cache=True, inline="always")
def canon_card(c, alive):
    """The card's name once the zero-point cards still alive in its suit are renumbered
    from the bottom (2, 4, 5, ...): their order and points are all that matter."""
    if c < 0:
        return c
    cb = np.int64(1) << c
    if not (cb & ZERO_MASK):
        return c
    s = c // 10
    return s * 10 + popcount(alive & SUIT_MASK[s] & ZERO_MASK & (cb - 1))


def _pext5():
    """PEXT5[za * 32 + zm]: the bits of zm (a subset of za) packed down to the bottom."""
    t = np.zeros(1024, dtype=np.int64)
    for za in range(32):
        for zm in range(32):
            out, j = 0, 0
            for b in range(5):
                if (za >> b) & 1:
                    if (zm >> b) & 1:
                        out |= 1 << j
                    j += 1
            t[za * 32 + zm] = out
    return t


PEXT5 = _pext5()


@njit(cache=True, inline="always")
def canon_mask(m, alive):
    out = m & ~ZERO_MASK
    for s in range(4):
        za = (alive >> (10 * s)) & 0x1F
        zm = (m >> (10 * s)) & 0x1F
        if zm:
            out |= PEXT5[za * 32 + zm] << (10 * s)
    return out
