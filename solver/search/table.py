"""The transposition table every search kernel shares, and its hashing.

The table is an array of buckets, each one 64-byte cache line of four 16-byte entries
(word 0 = check ^ data, word 1 = data). ``check`` is a 64-bit hash of the whole key that
is independent of the bucket index, so a false match needs 64 + index bits to agree by
chance; a torn entry (two threads writing) fails the xor and reads as a miss, so threads
share the table without locks. ``data`` packs the lower and upper bound (25 bits each),
the best move + 1, and for replacement the work (``work_class``: the nodes the entry's
search took) and the epoch (2 bits).
"""
from __future__ import annotations

import threading

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from solver.search.bits import ceil_div, floor_div, highbit_index

TT_COLS = 8
TT_SLOTS = 4
VAL_BITS = 25
VAL_OFF = np.int64(1) << np.int64(VAL_BITS - 1)
VAL_MASK = (np.int64(1) << np.int64(VAL_BITS)) - 1

_H1 = np.int64(0x9E3779B97F4A7C15 - (1 << 64))
_H2 = np.int64(0xC2B2AE3D27D4EB4F - (1 << 64))
_H3 = np.int64(0x165667B19E3779F9)
_G1 = np.int64(0xFF51AFD7ED558CCD - (1 << 64))
_G2 = np.int64(0xC4CEB9FE1A85EC53 - (1 << 64))
_G3 = np.int64(0x94D049BB133111EB - (1 << 64))

_H = (np.int64(0x9E3779B97F4A7C15 - (1 << 64)), np.int64(0xC2B2AE3D27D4EB4F - (1 << 64)),
      np.int64(0x165667B19E3779F9), np.int64(0x27D4EB2F165667C5), np.int64(0x61C8864680B583EB))
_G = (np.int64(0xFF51AFD7ED558CCD - (1 << 64)), np.int64(0xC4CEB9FE1A85EC53 - (1 << 64)),
      np.int64(0x94D049BB133111EB - (1 << 64)), np.int64(0x2545F4914F6CDD1D),
      np.int64(0x5851F42D4C957F2D))


@njit(cache=True, inline="always")
def tt_hash(k1, k2, k3, nmask):
    """(bucket, check) of a key: two independent hash chains over the three key words."""
    h = k1 * _H1
    h ^= (h >> 32) & 0xFFFFFFFF
    h = (h ^ k2) * _H2
    h ^= (h >> 29) & 0x7FFFFFFFF
    h = (h ^ k3) * _H3
    h ^= (h >> 32) & 0xFFFFFFFF
    h *= _H1
    h ^= (h >> 29) & 0x7FFFFFFFF
    g = k3 * _G1
    g ^= (g >> 33) & 0x7FFFFFFF
    g = (g ^ k1) * _G2
    g ^= (g >> 31) & 0x1FFFFFFFF
    g = (g ^ k2) * _G3
    g ^= (g >> 33) & 0x7FFFFFFF
    g *= _G1
    g ^= (g >> 29) & 0x7FFFFFFFF
    return h & nmask, g


@intrinsic
def tt_prefetch(typingctx, arr, row):
    """Start loading the cache line of bucket ``arr[row]`` without waiting for it
    (llvm.prefetch: a read, kept in every cache level): a chance node asks for all its
    outcomes' buckets before it reads the first, so their memory latencies overlap."""
    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer2(
            context, builder, ary.data, cgutils.unpack_tuple(builder, ary.shape),
            cgutils.unpack_tuple(builder, ary.strides), aryty.layout,
            [args[1], context.get_constant(types.intp, 0)])
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [ptr, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()
    return types.void(arr, types.int64), codegen


@njit(cache=True, inline="always")
def tt_unpack(d):
    """(lower, upper, best move + 1) of an entry's data word, in stored units."""
    return (d & VAL_MASK) - VAL_OFF, ((d >> VAL_BITS) & VAL_MASK) - VAL_OFF, (d >> 50) & 63


@njit(cache=True, inline="always")
def tt_read(tt, b, chk):
    """(found, lower, upper, best move + 1) of the key in bucket ``b``, in stored units."""
    for s in range(TT_SLOTS):
        d = tt[b, 2 * s + 1]
        if (tt[b, 2 * s] ^ d) == chk:
            lo, hi, mv1 = tt_unpack(d)
            return True, lo, hi, mv1
    return False, np.int64(0), np.int64(0), np.int64(0)


@njit(cache=True, inline="always")
def work_class(nodes):
    """The size of a search of ``nodes`` nodes in half powers of two (1 = one node, 63 =
    two thousand million and more): what an entry saved, and so what its loss costs."""
    hb = highbit_index(nodes)
    c = 2 * hb + 1 + ((nodes >> (hb - 1)) & 1 if hb > 0 else 0)
    return min(c, np.int64(63))


@njit(cache=True, inline="always")
def tt_store(tt, b, chk, lo, hi, mv1, work, epoch):
    """Store the bounds, tightened by what the entry already knew. A new key replaces an
    entry left by an earlier search (another epoch) first, else the bucket's entry of the
    least work (``work_class``): the entries that saved the most nodes stay."""
    slot = -1
    low = 99
    for s in range(TT_SLOTS):
        d = tt[b, 2 * s + 1]
        if (tt[b, 2 * s] ^ d) == chk:
            olo, ohi, omv1 = tt_unpack(d)
            if olo > lo:
                lo = olo
            if ohi < hi:
                hi = ohi
            if mv1 == 0:
                mv1 = omv1
            slot = s
            break
        w = (d >> 56) & 63 if ((d >> 62) & 3) == epoch else -1
        if w < low:
            low = w
            slot = s
    d = ((lo + VAL_OFF) | ((hi + VAL_OFF) << VAL_BITS) | (mv1 << 50) | (work << 56)
         | (epoch << 62))
    tt[b, 2 * slot + 1] = d
    tt[b, 2 * slot] = chk ^ d


class Generations:
    """Numbers that tell one family's clairvoyant searches apart in its tables (22 bits of
    the key): a search's entries name its own talon order. When the numbers come round
    again the family's tables are emptied, since a reused number's old entries belong to
    another order (once every four million searches)."""

    LIMIT = (1 << 22) - 1

    def __init__(self, tables: dict):
        self.tables = tables
        self.last = 0
        self.lock = threading.Lock()  # two searches must never share a number

    def next(self) -> int:
        with self.lock:
            gen = self.last + 1
            if gen > self.LIMIT:
                for t in self.tables.values():
                    t.fill(0)
                gen = 1
            self.last = gen
            return gen


@njit(cache=True, inline="always")
def tt_unit(mag):
    """The power of two that stored bounds count in: 1 unless the node's largest value
    (``mag``, at its own scale) overflows a 25-bit field; coarser bounds stay sound."""
    g = np.int64(1)
    while mag > (VAL_OFF - 2) * g:
        g *= 2
    return g


@njit(cache=True, inline="always")
def tt_cut(tlo, thi, alpha, beta):
    """What an entry's bounds (at the search's scale) do to the window:
    (cut off, the value to return, alpha, beta)."""
    if tlo >= beta:
        return True, tlo, alpha, beta
    if tlo > alpha:
        alpha = tlo
    if thi <= alpha:
        return True, thi, alpha, beta
    if thi < beta:
        beta = thi
    if tlo == thi:
        return True, tlo, alpha, beta
    return False, tlo, alpha, beta


@njit(cache=True, inline="always")
def tt_save(tt, b, chk, result, a0, b0, lo, hi, r, gu, mv1, work, epoch):
    """Store a fail-soft result searched in (a0, b0): an exact value inside the window,
    else the bound it proves. Bounds go to the node's own scale (``r`` below the search's,
    where values are integers), are clamped to the node's range (lo, hi) and stored in
    units of ``gu``."""
    if result <= a0:
        nlo = lo // r
        nhi = floor_div(result, r)
    elif result >= b0:
        nlo = ceil_div(result, r)
        nhi = hi // r
    else:
        nlo = result // r
        nhi = nlo
    if nlo < lo // r:
        nlo = lo // r
    if nhi > hi // r:
        nhi = hi // r
    tt_store(tt, b, chk, floor_div(nlo, gu), ceil_div(nhi, gu), mv1, work, epoch)


@njit(cache=True, inline="always")
def _mix(h, k, m):
    h = (h ^ k) * m
    return h ^ ((h >> 29) & 0x7FFFFFFFF)


@njit(cache=True, inline="always")
def tt_hash5(k1, k2, k3, k4, k5, nmask):
    """(bucket, check) of a five-word key: two independent hash chains."""
    h = _mix(_mix(_mix(_mix(_mix(np.int64(0), k1, _H[0]), k2, _H[1]), k3, _H[2]), k4, _H[3]),
             k5, _H[4])
    h = _mix(h, np.int64(0x5BD1E995), _H[0])
    g = _mix(_mix(_mix(_mix(_mix(np.int64(0x3C6EF372), k5, _G[0]), k3, _G[1]), k1, _G[2]),
                  k4, _G[3]), k2, _G[4])
    g = _mix(g, np.int64(0x1B873593), _G[1])
    return h & nmask, g


@njit(cache=True, inline="always")
def tt_probe(tt, b, chk, r, gu, alpha, beta):
    """Read the key's entry and apply its bounds (at the search's scale: ``r`` * ``gu`` per
    stored unit) to the window: (found, cut off, the value to return, alpha, beta, the
    stored best move or -1)."""
    found, tlo, thi, tmv = tt_read(tt, b, chk)
    if not found:
        return False, False, np.int64(0), alpha, beta, np.int64(-1)
    cut, tv, alpha, beta = tt_cut(tlo * r * gu, thi * r * gu, alpha, beta)
    return True, cut, tv, alpha, beta, tmv - 1


def on_cache_lines(rows: int, cols: int) -> np.ndarray:
    """A zeroed int64 array of ``rows`` x ``cols`` that starts on a cache line (64 bytes), so
    each row of 8 * k columns has lines of its own."""
    raw = np.zeros(rows * cols + 8, dtype=np.int64)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip:skip + rows * cols].reshape(rows, cols)


def new_table(buckets: int) -> np.ndarray:
    """A transposition table of ``buckets`` buckets (a power of two), all empty, each
    bucket on its own cache line."""
    return on_cache_lines(1 << max(4, int(buckets - 1).bit_length()), TT_COLS)
