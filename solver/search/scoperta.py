"""numba search kernels for 2-player Briscola scoperta.

One self-recursive negamax ``search`` walks both decision nodes (a card to play) and chance
nodes (the draw after a trick: the loser's card, then the new top card, uniform over the
unseen cards). Chance nodes use Star1 pruning with each outcome's bounds from the table
(else +-(points still in play)), and Star2 probing where they may fail high.

Values are integers: the exact expectation times ``scale`` = u0! (u0 = unseen cards at the
root), which makes every value an integer (a node with u unseen cards has a value whose
denominator divides u!). The objective "win" is scaled by 2 more (60-60 counts one half).
The transposition table stores each bound at the node's own scale u!, so entries do not
depend on the root and are shared by every search of a process.

Card sets are int64 masks (40 bits); a card is suit * 10 + rank, higher rank = stronger.
"""
from __future__ import annotations

import numpy as np
from numba import njit

# ---- context slots -----------------------------------------------------------------
C_TRUMP = 0      # trump suit
C_BRISCOLA = 1   # the trump card
C_OBJ = 2        # 0 points, 1 win
C_CLAIR = 3      # 1: the talon order is known (``order``)
C_SCALE = 4      # u0! (root scale)
C_GEN = 5        # table generation (clairvoyant searches only)
C_ORDLEN = 6     # length of ``order``
C_NOTT = 7       # 1: do not use the transposition table (tiny endgames)
C_REVERSE = 8    # 1: walk chance outcomes last to first (a helper thread on the same card)
C_EPOCH = 9      # the search's age stamp (0..3) for the table's replacement
C_STAR2 = 10     # Star2 probing at chance nodes with at most this many unseen cards (0: off)
C_SIZE = 12

PROBE = -2       # ``only``: search just the node's first move (a lower bound on its value)

# ---- stats slots -------------------------------------------------------------------
S_NODES = 0
S_LIMIT = 1
S_ABORT = 2
S_TTHIT = 3
S_CHANCE = 4     # chance nodes expanded (past the table)
S_PROBE = 5      # Star2 probes searched
S_PROBECUT = 6   # chance nodes cut by their probes
S_SIZE = 8

OBJ_POINTS = 0
OBJ_WIN = 1

INF = np.int64(1) << np.int64(60)
# The table is an array of buckets, each one 64-byte cache line of four 16-byte entries
# (word 0 = check ^ data, word 1 = data). ``check`` is a 64-bit hash of the whole key that
# is independent of the bucket index, so a false match needs 64 + index bits to agree by
# chance; a torn entry (two threads writing) fails the xor and reads as a miss, so threads
# share the table without locks. ``data`` packs the lower and upper bound (25 bits each),
# the best move + 1, the depth (live cards) and the epoch (2 bits) used for replacement.
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
MAX_EXACT_UNSEEN = 16  # 16! * 240 still fits in int64
CHANCE_MAX = MAX_EXACT_UNSEEN * (MAX_EXACT_UNSEEN - 1)  # outcomes of one draw


@njit(cache=True, inline="always")
def popcount(m):
    m = m - ((m >> 1) & 0x5555555555555555)
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((m * 0x0101010101010101) >> 56) & 0xFF


@njit(cache=True, inline="always")
def lowbit_index(m):
    return popcount((m & -m) - 1)


@njit(cache=True, inline="always")
def highbit_index(m):
    i = 63
    while i >= 0 and not (m >> i) & 1:
        i -= 1
    return i


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
def tt_store(tt, b, chk, lo, hi, mv1, depth, epoch):
    """Store the bounds, tightened by what the entry already knew. A new key replaces an
    entry left by an earlier search (another epoch) first, else the bucket's shallowest
    entry (the smallest subtree): deep entries of finished searches must not fill the
    table for good."""
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
        dep = (d >> 56) & 63 if ((d >> 62) & 3) == epoch else -1
        if dep < low:
            low = dep
            slot = s
    d = ((lo + VAL_OFF) | ((hi + VAL_OFF) << VAL_BITS) | (mv1 << 50) | (depth << 56)
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

    def next(self) -> int:
        gen = self.last + 1
        if gen > self.LIMIT:
            for t in self.tables.values():
                t.fill(0)
            gen = 1
        self.last = gen
        return gen


_epoch = [0]


def next_epoch() -> int:
    """The age stamp (0..3) of a new search: its entries replace older searches' first."""
    _epoch[0] = (_epoch[0] + 1) & 3
    return _epoch[0]


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
def tt_save(tt, b, chk, result, a0, b0, lo, hi, r, gu, mv1, depth, epoch):
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
    tt_store(tt, b, chk, floor_div(nlo, gu), ceil_div(nhi, gu), mv1, depth, epoch)


@njit(cache=True, inline="always")
def draw_hands(h0, h1, winner, top, got):
    """The hands after a trick's draw: the winner takes the visible top card, the other
    player ``got``."""
    if winner == 0:
        return h0 | (np.int64(1) << top), h1 | (np.int64(1) << got)
    return h0 | (np.int64(1) << got), h1 | (np.int64(1) << top)


@njit(cache=True)
def talon_remaining(top, unseen):
    if top < 0:
        return 0
    return popcount(unseen) + 2


@njit(cache=True, inline="always")
def two_tricks_gain(mover_wins, m1, o1, m2, o2, trump):
    """Points the mover takes in the last two tricks: the mover's ``m1`` meets the
    opponent's ``o1`` (``mover_wins`` says who takes it), then the winner leads the last
    card (``m2`` against ``o2``)."""
    last = CARD_POINTS[m2] + CARD_POINTS[o2]
    if mover_wins:
        return CARD_POINTS[m1] + CARD_POINTS[o1] + (last if leader_wins(m2, o2, trump) else 0)
    return 0 if leader_wins(o2, m2, trump) else last


@njit(cache=True, inline="always")
def last_two_gain(hm, ho, table, trump):
    """Points the mover takes in the last two tricks, both sides playing their best (a
    tiny minimax without recursion): the mover leads with two cards each, or follows
    ``table`` holding two cards against the leader's last one."""
    if table < 0:
        best = np.int64(-1)
        ma = hm
        while ma:
            a = lowbit_index(ma)
            ma &= ma - 1
            x = lowbit_index(hm & ~(np.int64(1) << a))
            worst = np.int64(1000)
            mb = ho
            while mb:
                b = lowbit_index(mb)
                mb &= mb - 1
                y = lowbit_index(ho & ~(np.int64(1) << b))
                g = two_tricks_gain(leader_wins(a, b, trump), a, b, x, y, trump)
                if g < worst:
                    worst = g
            if worst > best:
                best = worst
        return best
    z = lowbit_index(ho)
    best = np.int64(-1)
    mb = hm
    while mb:
        b = lowbit_index(mb)
        mb &= mb - 1
        x = lowbit_index(hm & ~(np.int64(1) << b))
        g = two_tricks_gain(not leader_wins(table, b, trump), b, table, x, z, trump)
        if g > best:
            best = g
    return best


_I = "int64"
SEARCH_SIG = (f"{_I}({_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, "
              f"{_I}[::1], {_I}[::1], {_I}[:, ::1], {_I}[::1], {_I}[:, ::1])")


@njit(SEARCH_SIG, cache=True, nogil=True)
def search(h0, h1, table, top, unseen, turn, pending, s0, s1, alpha, beta, only,
           ctx, order, tt, stats, work):
    """Value for ``turn`` (scaled integer) of the state, within fail-soft bounds.

    ``only`` >= 0 restricts the decision node to that card (the value of one root move);
    such a node is neither probed nor stored in the table. ``only`` = PROBE searches just
    the node's first move in its own order: a result above ``alpha`` is a lower bound on
    the node's value (Star2's probe), and only that bound is stored. ``work`` is scratch
    space with a row per node depth (no allocation inside the search).
    """
    NO = np.int64(-1)    # typed locals: a literal argument would make numba compile a
    ZERO = np.int64(0)   # second specialisation, and cached mutual recursion crashes on load
    PRB = np.int64(PROBE)
    stats[S_NODES] += 1
    if stats[S_NODES] > stats[S_LIMIT]:
        stats[S_ABORT] = 1
        return np.int64(0)
    obj = ctx[C_OBJ]
    S = ctx[C_SCALE]
    trump = ctx[C_TRUMP]
    briscola = ctx[C_BRISCOLA]
    in_talon = top >= 0
    alive = h0 | h1 | unseen
    if table >= 0:
        alive |= np.int64(1) << table
    if in_talon:
        alive |= (np.int64(1) << top) | (np.int64(1) << briscola)
    R = mask_points(alive)
    mag = 2 * S if obj == OBJ_WIN else R * S  # the largest value's magnitude: the table's unit
    if obj == OBJ_WIN:
        my = s0 if turn == 0 else s1
        op = s1 if turn == 0 else s0
        if my >= 61:
            return 2 * S
        if op >= 61:
            return np.int64(0)
        if alive == 0:
            return S  # 60-60
        lo = np.int64(0)
        hi = 2 * S
        if my + R < 60:
            return np.int64(0)
        if op + R < 60:
            return 2 * S
    else:
        if alive == 0:
            return np.int64(0)
        lo = -R * S
        hi = R * S
    # the last trick plays itself: value it without recursion
    if top < 0 and pending == 0:
        lastlead = -1
        lastfollow = -1
        if table < 0 and popcount(h0) == 1 and popcount(h1) == 1:
            lastlead = lowbit_index(h0 if turn == 0 else h1)
            lastfollow = lowbit_index(h1 if turn == 0 else h0)
            leader = turn
        elif table >= 0 and (h0 | h1) != 0 and popcount(h0 | h1) == 1:
            lastlead = table
            lastfollow = lowbit_index(h0 | h1)
            leader = 1 - turn
        if lastlead >= 0:
            w = leader if leader_wins(lastlead, lastfollow, trump) else 1 - leader
            p = CARD_POINTS[lastlead] + CARD_POINTS[lastfollow]
            if obj == OBJ_WIN:
                mine = my + (p if w == turn else 0)
                return 2 * S if mine > 60 else (S if mine == 60 else np.int64(0))
            return p * S if w == turn else -p * S
        # so do the last two: both objectives grow with the mover's points, so the minimax
        # of those points is the minimax of the value
        hm = h0 if turn == 0 else h1
        ho = h1 if turn == 0 else h0
        if only < 0 and popcount(hm) == 2 and popcount(ho) == (2 if table < 0 else 1):
            g = last_two_gain(hm, ho, table, trump)
            if obj == OBJ_WIN:
                mine = my + g
                return 2 * S if mine > 60 else (S if mine == 60 else np.int64(0))
            return (2 * g - R) * S
    if alpha < lo:
        alpha = lo
    if beta > hi:
        beta = hi
    if alpha >= beta:
        return alpha

    # ---- transposition table (trick boundaries and chance nodes) ----
    use_tt = only < 0 and ctx[C_NOTT] == 0 and popcount(h0 | h1) > 2
    clair = ctx[C_CLAIR]
    idx = 0
    k1 = np.int64(0)
    k2 = np.int64(0)
    k3 = np.int64(0)
    r = np.int64(1)
    gu = np.int64(1)
    chk = np.int64(0)
    ttmove = -1
    a0 = alpha
    b0 = beta
    if use_tt:
        # positions that differ only in which zero-point cards are gone share an entry
        # (clairvoyant ones too: the talon's remaining cards are fixed by its size, and
        # equal renumbered hands and talon give them equal renumbered names)
        kh0 = canon_mask(h0, alive)
        kh1 = canon_mask(h1, alive)
        kun = canon_mask(unseen, alive)
        ktab = canon_card(table, alive)
        ktop = canon_card(top, alive)
        kbr = canon_card(briscola, alive) if top >= 0 else 40 + trump
        k1 = (kh0 | ((ktop + 1) << 46) | (turn << 52) | (pending << 53) | (obj << 54) | (clair << 55)
              | ((ktab + 1) << 56))
        k2 = kh1 | (kbr << 40)
        if obj == OBJ_WIN:
            k2 |= s0 << 46
        k3 = kun
        if clair == 1:
            k3 |= ctx[C_GEN] << 40
        else:
            r = S // FACT[popcount(unseen)]
        gu = tt_unit(mag // r)
        idx, chk = tt_hash(k1, k2, k3, tt.shape[0] - 1)
        found, tlo, thi, tmv = tt_read(tt, idx, chk)
        if found:
            stats[S_TTHIT] += 1
            cut, tv, alpha, beta = tt_cut(tlo * r * gu, thi * r * gu, alpha, beta)
            if cut:
                return tv
            ttmove = tmv - 1

    if pending == 1:
        # ---- chance node: the loser draws x, then y becomes the top card ----
        # Star1 with each outcome's own bounds, read from the table where it has them:
        # drawing leaves the set of live cards unchanged, so every child's key is the
        # parent's renumbered masks with two or three bits moved.
        n = popcount(unseen)
        N = n * (n - 1)
        L = lo
        U = hi
        crow = 2 * popcount(alive)
        clo = work[crow, 16:16 + CHANCE_MAX]
        chi = work[crow, 16 + CHANCE_MAX:16 + 2 * CHANCE_MAX]
        cxy = work[crow, 16 + 2 * CHANCE_MAX:16 + 3 * CHANCE_MAX]
        rc = S // FACT[n - 2]
        rcg = rc * tt_unit(mag // rc)
        ch0 = canon_mask(h0, alive)
        ch1 = canon_mask(h1, alive)
        cun = canon_mask(unseen, alive)
        ctop1 = np.int64(1) << canon_card(top, alive)
        kb = canon_card(briscola, alive) << 40
        if obj == OBJ_WIN:
            kb |= s0 << 46
        sum_lo = np.int64(0)
        sum_hi = np.int64(0)
        i = 0
        ux = unseen
        while ux:
            x = lowbit_index(ux)
            ux &= ux - 1
            cx1 = np.int64(1) << canon_card(x, alive)
            uy = unseen & ~(np.int64(1) << x)
            while uy:
                y = lowbit_index(uy)
                uy &= uy - 1
                cy = canon_card(y, alive)
                if turn == 0:
                    q1 = ch0 | ctop1
                    q2 = ch1 | cx1
                else:
                    q1 = ch0 | cx1
                    q2 = ch1 | ctop1
                q1 |= ((cy + 1) << 46) | (turn << 52) | (obj << 54)
                q2 |= kb
                q3 = cun & ~cx1 & ~(np.int64(1) << cy)
                j, jc = tt_hash(q1, q2, q3, tt.shape[0] - 1)
                f, elo, ehi, em = tt_read(tt, j, jc)
                a_ = L
                b_ = U
                if f:
                    if elo * rcg > a_:
                        a_ = elo * rcg
                    if ehi * rcg < b_:
                        b_ = ehi * rcg
                clo[i] = a_
                chi[i] = b_
                cxy[i] = x | (y << 6)
                sum_lo += a_
                sum_hi += b_
                i += 1
        result = np.int64(0)
        done = False
        if sum_hi <= N * alpha:
            result = ceil_div(sum_hi, N)
            done = True
        elif sum_lo >= N * beta:
            result = floor_div(sum_lo, N)
            done = True
        stats[S_CHANCE] += 1
        rev = ctx[C_REVERSE]
        if not done and n <= ctx[C_STAR2] and beta < hi:
            # Star2: every child is the same player's lead, so one move of it is a lower
            # bound on it; probing each outcome's first move may prove the node >= beta
            # before any outcome is searched in full (the probes' subtrees stay in the table)
            k = 0
            while k < N and not done:
                i = N - 1 - k if rev else k
                k += 1
                li = clo[i]
                hi_i = chi[i]
                if li == hi_i:
                    continue
                B = N * beta - (sum_lo - li)
                cb = B if B < hi_i else hi_i
                x = cxy[i] & 63
                y = cxy[i] >> 6
                nh0, nh1 = draw_hands(h0, h1, turn, top, x)
                stats[S_PROBE] += 1
                v = search(nh0, nh1, NO, y, unseen & ~((np.int64(1) << x) | (np.int64(1) << y)),
                           turn, ZERO, s0, s1, li, cb, PRB, ctx, order, tt, stats, work)
                if stats[S_ABORT]:
                    return np.int64(0)
                if v > li:
                    if v > hi_i:
                        v = hi_i
                    sum_lo += v - li
                    clo[i] = v
                    if sum_lo >= N * beta:
                        result = floor_div(sum_lo, N)
                        done = True
                        stats[S_PROBECUT] += 1
        total = np.int64(0)
        rest_lo = sum_lo
        rest_hi = sum_hi
        k = 0
        while k < N and not done:
            i = N - 1 - k if rev else k
            k += 1
            li = clo[i]
            hi_i = chi[i]
            rest_lo -= li
            rest_hi -= hi_i
            if li == hi_i:
                v = li
            else:
                x = cxy[i] & 63
                y = cxy[i] >> 6
                A = N * alpha - total - rest_hi
                B = N * beta - total - rest_lo
                ca = A if A > li else li
                cb = B if B < hi_i else hi_i
                nh0, nh1 = draw_hands(h0, h1, turn, top, x)
                v = search(nh0, nh1, NO, y, unseen & ~((np.int64(1) << x) | (np.int64(1) << y)),
                           turn, ZERO, s0, s1, ca, cb, NO, ctx, order, tt, stats, work)
                if stats[S_ABORT]:
                    return np.int64(0)
            total += v
            if total + rest_hi <= N * alpha:
                result = ceil_div(total + rest_hi, N)
                done = True
            elif total + rest_lo >= N * beta:
                result = floor_div(total + rest_lo, N)
                done = True
        if not done:
            result = total // N
        best = result
        bestmove = -1
    else:
        # ---- decision node ----
        hand = h0 if turn == 0 else h1
        # cards equivalent to a weaker zero-point card of the same hand are skipped
        row = 2 * popcount(alive) + (1 if table >= 0 else 0)
        moves = work[row, 0:8]
        keys = work[row, 8:16]
        nm = 0
        hm = hand
        while hm:
            c = lowbit_index(hm)
            hm &= hm - 1
            cb_ = np.int64(1) << c
            if only >= 0:
                if c != only:
                    continue
            elif cb_ & ZERO_MASK:
                below = alive & SUIT_MASK[c // 10] & (cb_ - 1)
                if below and (hand >> highbit_index(below)) & 1:
                    continue
            moves[nm] = c
            nm += 1
        # order: table move first, then by a cheap heuristic
        for j in range(nm):
            c = moves[j]
            if ttmove >= 0 and canon_card(c, alive) == ttmove:
                keys[j] = -1000
            elif table < 0:
                # lead the cards with points first, trumps last (measured: 30 % fewer
                # nodes than low cards first from the deal, 13 % at talon 8)
                keys[j] = -(CARD_POINTS[c] * 4 + (c % 10)) + (40 if c // 10 == trump else 0)
            else:
                lw = leader_wins(table, c, trump)
                if not lw:
                    keys[j] = -CARD_POINTS[c] - 2 * CARD_POINTS[table] + (20 if c // 10 == trump else 0)
                else:
                    keys[j] = 100 + CARD_POINTS[c] * 4 + (c % 10)
        for j in range(1, nm):
            kk = keys[j]
            mm = moves[j]
            q = j - 1
            while q >= 0 and keys[q] > kk:
                keys[q + 1] = keys[q]
                moves[q + 1] = moves[q]
                q -= 1
            keys[q + 1] = kk
            moves[q + 1] = mm
        best = -INF
        bestmove = -1
        for j in range(nm):
            c = moves[j]
            cbit = np.int64(1) << c
            nh0 = h0
            nh1 = h1
            if turn == 0:
                nh0 &= ~cbit
            else:
                nh1 &= ~cbit
            # the child state, and v = off + sgn * (child's value for its mover)
            ntable = -1
            ntop = top
            nunseen = unseen
            npend = 0
            ns0 = s0
            ns1 = s1
            if table < 0:
                ntable = c
                nturn = 1 - turn
                sgn = -1
                off = 2 * S if obj == OBJ_WIN else np.int64(0)
            else:
                w = 1 - turn if leader_wins(table, c, trump) else turn
                p = CARD_POINTS[table] + CARD_POINTS[c]
                if w == 0:
                    ns0 += p
                else:
                    ns1 += p
                nturn = w
                if top >= 0:
                    rem = popcount(unseen) + 2
                    got = -1
                    if clair == 1:
                        base = ctx[C_ORDLEN] - rem
                        got = order[base + 1]
                        if rem > 2:
                            ntop = order[base + 2]
                            nunseen = unseen & ~((np.int64(1) << got) | (np.int64(1) << ntop))
                        else:
                            ntop = -1
                    elif rem == 2:
                        got = briscola
                        ntop = -1
                    else:
                        npend = 1
                    if npend == 0:
                        nh0, nh1 = draw_hands(nh0, nh1, w, top, got)
                if w == turn:
                    sgn = 1
                    off = np.int64(0) if obj == OBJ_WIN else p * S
                else:
                    sgn = -1
                    off = 2 * S if obj == OBJ_WIN else -p * S
            # principal variation search: later cards first get a null window
            wlo = alpha
            whi = beta
            if j > 0 and beta - alpha > 1 and (clair == 1 or unseen == 0):
                whi = alpha + 1
            while True:
                if sgn == 1:
                    v = off + search(nh0, nh1, ntable, ntop, nunseen, nturn, npend, ns0, ns1,
                                     wlo - off, whi - off, NO, ctx, order, tt, stats, work)
                else:
                    v = off - search(nh0, nh1, ntable, ntop, nunseen, nturn, npend, ns0, ns1,
                                     off - whi, off - wlo, NO, ctx, order, tt, stats, work)
                if stats[S_ABORT]:
                    return np.int64(0)
                if whi < beta and v >= whi:
                    wlo = v - 1
                    whi = beta
                    continue
                break
            if v > best:
                best = v
                bestmove = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
            if only == PROBE:
                break
        result = best

    if use_tt:
        smove = canon_card(bestmove, alive)
        if only == PROBE:
            if result > a0:  # the one move's value: a lower bound on the node
                tt_save(tt, idx, chk, result, a0, result, lo, hi, r, gu, smove + 1,
                        popcount(alive), ctx[C_EPOCH])
        else:
            tt_save(tt, idx, chk, result, a0, b0, lo, hi, r, gu, smove + 1, popcount(alive),
                    ctx[C_EPOCH])
    return result


@njit(cache=True)
def new_work():
    return np.zeros((82, 16 + 3 * CHANCE_MAX), dtype=np.int64)


def new_table(buckets: int) -> np.ndarray:
    """A transposition table of ``buckets`` buckets (a power of two), all empty, each
    bucket on its own cache line."""
    n = 1 << max(4, int(buckets - 1).bit_length())
    raw = np.zeros(n * TT_COLS + 8, dtype=np.int64)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip:skip + n * TT_COLS].reshape(n, TT_COLS)


@njit(cache=True)
def endgame_batch(h0s, h1s, tables, turns, briscolas, out):
    """Every legal card's value (points objective) of many talon-empty positions.

    ``out[i, j]`` is the value of the j-th card (ascending card id) of the mover's hand.
    """
    ctx = np.zeros(C_SIZE, dtype=np.int64)
    ctx[C_SCALE] = 1
    ctx[C_NOTT] = 1
    order = np.zeros(1, dtype=np.int64)
    tt = np.zeros((1, TT_COLS), dtype=np.int64)
    stats = np.zeros(S_SIZE, dtype=np.int64)
    stats[S_LIMIT] = np.int64(1) << np.int64(62)
    work = new_work()
    for i in range(h0s.shape[0]):
        ctx[C_BRISCOLA] = briscolas[i]
        ctx[C_TRUMP] = briscolas[i] // 10
        turn = turns[i]
        hand = h0s[i] if turn == 0 else h1s[i]
        j = 0
        while hand:
            c = lowbit_index(hand)
            hand &= hand - 1
            out[i, j] = search(h0s[i], h1s[i], tables[i], np.int64(-1), np.int64(0), turn,
                               np.int64(0), np.int64(0), np.int64(0),
                               -INF, INF, c, ctx, order, tt, stats, work)
            j += 1
    return stats[S_NODES]
