"""One numba search kernel for every open game other than 2-player scoperta (which keeps
its own specialised kernel in solver/kernels.py).

The game is data in ``ctx``: players (2 or 4, sides are seat parity), trump suit or -1,
follow-suit duty, visible top card or not. ``search`` is a single self-recursive negamax
over decision nodes (a card to play) and chance nodes (the draws after a trick), with
alpha-beta at decision nodes, Star1 at chance nodes and a transposition table holding a
bound pair at the node's own scale n! (n = cards of unknown place), so entries are shared
between searches.

Values are scaled integers: the expectation times u! (u = unknown cards at the root), times
2 more for the objective "win" (60-60 counts one half). The value is for the side of the
seat to move; it changes sign (points) or is mirrored (win) when the side changes.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.search.scoperta import CARD_POINTS, FACT, TT_COLS, canon_card, canon_mask, ceil_div, floor_div, highbit_index, lowbit_index, mask_points, new_table, popcount, tt_cut, tt_read, tt_save, tt_unit

C_PLAYERS = 0
C_TRUMP = 1        # trump suit or -1
C_BRISCOLA = 2     # trump card or -1
C_FOLLOW = 3       # 1: must follow suit
C_TOPVIS = 4       # 1: the talon's top card is visible (scoperta)
C_OBJ = 5          # 0 points, 1 win
C_CLAIR = 6        # 1: the talon order is known (``order``)
C_SCALE = 7        # u! at the root
C_GEN = 8          # table generation for clairvoyant searches
C_ORDLEN = 9
C_HORIZON = 10     # > 0: at a trick's start with at most this many cards alive, stop (estimates)
C_EPOCH = 11       # the search's age stamp (0..3) for the table's replacement
C_SIZE = 12

S_NODES = 0
S_LIMIT = 1
S_ABORT = 2
S_SIZE = 3

OBJ_POINTS = 0
OBJ_WIN = 1

INF = np.int64(1) << np.int64(60)
MAX_EXACT_UNKNOWN = 16
# the table is the scoperta kernel's (solver/kernels.py): 16-byte entries, four to a
# cache-line bucket, found by a bucket index and an independent 64-bit check of the key

_H = (np.int64(0x9E3779B97F4A7C15 - (1 << 64)), np.int64(0xC2B2AE3D27D4EB4F - (1 << 64)),
      np.int64(0x165667B19E3779F9), np.int64(0x27D4EB2F165667C5), np.int64(0x61C8864680B583EB))
_G = (np.int64(0xFF51AFD7ED558CCD - (1 << 64)), np.int64(0xC4CEB9FE1A85EC53 - (1 << 64)),
      np.int64(0x94D049BB133111EB - (1 << 64)), np.int64(0x2545F4914F6CDD1D),
      np.int64(0x5851F42D4C957F2D))


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
def beats(ch, best, trump):
    if ch // 10 == best // 10:
        return ch > best
    return ch // 10 == trump


@njit(cache=True, inline="always")
def give(seat, b, h0, h1, h2, h3):
    """The four hands once the card bit ``b`` joins the seat's hand."""
    if seat == 0:
        return h0 | b, h1, h2, h3
    if seat == 1:
        return h0, h1 | b, h2, h3
    if seat == 2:
        return h0, h1, h2 | b, h3
    return h0, h1, h2, h3 | b


@njit(cache=True, inline="always")
def nth_bit(m, k):
    """Index of the k-th (0-based) set bit of m, lowest first."""
    for _ in range(k):
        m &= m - 1
    return lowbit_index(m)


_I = "int64"
SEARCH_SIG = (f"{_I}(" + ", ".join([_I] * 16) + f", {_I}[::1], {_I}[::1], {_I}[:, ::1], "
              f"{_I}[::1], {_I}[:, ::1])")


@njit(SEARCH_SIG, cache=True)
def search(h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, turn, pending, s0, s1,
           alpha, beta, only, ctx, order, tt, stats, work):
    """Value for the side of ``turn`` (scaled) within fail-soft bounds.

    ``tabpack`` holds the ``tabn`` cards of the trick, 6 bits each, leader's lowest.
    ``tal`` is the talon size; ``unseen`` its cards of unknown place; ``top`` the visible
    top card or -1. ``pending`` = 1: a chance node, the draws after a trick won by ``turn``.
    ``only`` >= 0 restricts a decision node to that card (neither probed nor stored).
    """
    NO = np.int64(-1)
    ZERO = np.int64(0)
    stats[S_NODES] += 1
    if stats[S_NODES] > stats[S_LIMIT]:
        stats[S_ABORT] = 1
        return ZERO
    P = ctx[C_PLAYERS]
    trump = ctx[C_TRUMP]
    briscola = ctx[C_BRISCOLA]
    obj = ctx[C_OBJ]
    S = ctx[C_SCALE]
    clair = ctx[C_CLAIR]
    side = turn & 1
    tabmask = ZERO
    for j in range(tabn):
        tabmask |= np.int64(1) << ((tabpack >> (6 * j)) & 63)
    talmask = unseen
    if top >= 0:
        talmask |= np.int64(1) << top
    if tal > 0 and briscola >= 0:
        talmask |= np.int64(1) << briscola
    alive = h0 | h1 | h2 | h3 | tabmask | talmask
    R = mask_points(alive)
    my = s0 if side == 0 else s1
    op = s1 if side == 0 else s0
    if obj == OBJ_WIN:
        if my >= 61:
            return 2 * S
        if op >= 61:
            return ZERO
        if alive == 0:
            return S
        if my + R < 60:
            return ZERO
        if op + R < 60:
            return 2 * S
        lo = ZERO
        hi = 2 * S
    else:
        if alive == 0:
            return ZERO
        lo = -R * S
        hi = R * S
    if ctx[C_HORIZON] > 0 and tabn == 0 and pending == 0 and popcount(alive) <= ctx[C_HORIZON]:
        # past the horizon the points left are split evenly
        if obj == OBJ_WIN:
            twice = 2 * my + R
            return 2 * S if twice > 120 else (S if twice == 120 else ZERO)
        return ZERO
    if alpha < lo:
        alpha = lo
    if beta > hi:
        beta = hi
    if alpha >= beta:
        return alpha

    use_tt = only < 0 and tt.shape[0] > 2
    idx = 0
    k1 = ZERO
    k2 = ZERO
    k3 = ZERO
    k4 = ZERO
    k5 = ZERO
    r = np.int64(1)
    gu = np.int64(1)
    chk = ZERO
    ttmove = -1
    a0 = alpha
    b0 = beta
    if use_tt:
        kh0 = h0
        kh1 = h1
        kh2 = h2
        kh3 = h3
        kun = unseen
        ktop = top
        ktab = tabpack
        kbr = briscola if tal > 0 else 40 + trump
        if clair == 0:
            # positions that differ only in which zero-point cards are gone share an entry
            kh0 = canon_mask(h0, alive)
            kh1 = canon_mask(h1, alive)
            kh2 = canon_mask(h2, alive)
            kh3 = canon_mask(h3, alive)
            kun = canon_mask(unseen, alive)
            ktop = canon_card(top, alive)
            ktab = ZERO
            for j in range(tabn):
                ktab |= canon_card((tabpack >> (6 * j)) & 63, alive) << (6 * j)
            if tal > 0 and briscola >= 0:
                kbr = canon_card(briscola, alive)
        k1 = kh0 | (turn << 40) | (pending << 42) | (obj << 43) | (tabn << 44) | (tal << 46) \
            | ((ktop + 1) << 52)
        k2 = kh1 | ((s0 << 40) if obj == OBJ_WIN else ZERO)
        k3 = kh2 | (ktab << 40)
        k4 = kh3
        k5 = kun | ((trump + 1) << 40) | (ctx[C_FOLLOW] << 43) | (ctx[C_TOPVIS] << 44) \
            | ((P >> 2) << 45) | ((kbr + 1) << 46)
        if clair == 1:
            k4 |= ctx[C_GEN] << 40
        else:
            r = S // FACT[popcount(unseen)]
        gu = tt_unit(hi // r)  # hi is the node's largest value (R * S, or 2 * S for win)
        idx, chk = tt_hash5(k1, k2, k3, k4, k5, tt.shape[0] - 1)
        found, tlo, thi, tmv = tt_read(tt, idx, chk)
        if found:
            cut, tv, alpha, beta = tt_cut(tlo * r * gu, thi * r * gu, alpha, beta)
            if cut:
                return tv
            ttmove = tmv - 1

    bestmove = -1
    if pending == 1:
        # ---- chance node: drawers are turn, turn+1, ...; k random picks from unseen ----
        n = popcount(unseen)
        last_round = tal == P
        first_random = 1 if top >= 0 else 0
        last_random = P - 1 if (last_round and briscola >= 0) else P
        newtop = 1 if (ctx[C_TOPVIS] == 1 and not last_round) else 0
        k = last_random - first_random + newtop
        N = np.int64(1)
        for j in range(k):
            N *= n - j
        L = lo
        U = hi
        total = ZERO
        result = ZERO
        done = False
        for i in range(N):
            left = N - i - 1
            A = N * alpha - total - left * U
            B = N * beta - total - left * L
            ca = A if A > L else L
            cb = B if B < U else U
            rest = unseen
            q = i
            nh0 = h0
            nh1 = h1
            nh2 = h2
            nh3 = h3
            ntop = NO
            for d in range(P + newtop):
                if d == 0 and top >= 0:
                    c = top
                elif d == P - 1 and last_round and briscola >= 0:
                    c = briscola
                else:
                    m = popcount(rest)
                    c = nth_bit(rest, q % m)
                    q //= m
                    rest &= ~(np.int64(1) << c)
                if d == P:
                    ntop = c
                    break
                nh0, nh1, nh2, nh3 = give((turn + d) % P, np.int64(1) << c, nh0, nh1, nh2, nh3)
            v = search(nh0, nh1, nh2, nh3, ZERO, ZERO, ntop, rest, tal - P, turn, ZERO, s0, s1,
                       ca, cb, NO, ctx, order, tt, stats, work)
            if stats[S_ABORT]:
                return ZERO
            total += v
            if v <= A:
                result = ceil_div(total + left * U, N)
                done = True
                break
            if v >= B:
                result = floor_div(total + left * L, N)
                done = True
                break
        if not done:
            result = total // N
    else:
        # ---- decision node ----
        if turn == 0:
            hand = h0
        elif turn == 1:
            hand = h1
        elif turn == 2:
            hand = h2
        else:
            hand = h3
        if tabn > 0 and ctx[C_FOLLOW] == 1:
            led = tabpack & 63
            same = hand & (np.int64(0x3FF) << (10 * (led // 10)))
            if same:
                hand = same
        row = popcount(alive) - tabn
        moves = work[row, 0:8]
        keys = work[row, 8:16]
        nm = 0
        hm = hand
        while hm:
            c = lowbit_index(hm)
            hm &= hm - 1
            if only >= 0:
                if c != only:
                    continue
            elif CARD_POINTS[c] == 0:
                # the next weaker card still alive in the suit is also ours and worth 0: the
                # two are interchangeable, search one
                below = alive & (np.int64(0x3FF) << (10 * (c // 10))) & ((np.int64(1) << c) - 1)
                if below and (hand >> highbit_index(below)) & 1:
                    continue
            moves[nm] = c
            keys[nm] = -1000 if (c == ttmove if clair == 1 else canon_card(c, alive) == ttmove) \
                else CARD_POINTS[c] * 4 + (c % 10) \
                + (40 if c // 10 == trump else 0)
            nm += 1
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
        for j in range(nm):
            c = moves[j]
            cbit = np.int64(1) << c
            nh0 = h0
            nh1 = h1
            nh2 = h2
            nh3 = h3
            if turn == 0:
                nh0 &= ~cbit
            elif turn == 1:
                nh1 &= ~cbit
            elif turn == 2:
                nh2 &= ~cbit
            else:
                nh3 &= ~cbit
            ntabn = tabn + 1
            ntabpack = tabpack | (c << (6 * tabn))
            ntop = top
            nunseen = unseen
            ntal = tal
            npend = ZERO
            ns0 = s0
            ns1 = s1
            if ntabn < P:
                nturn = (turn + 1) % P
                p = ZERO
            else:
                leader = (turn - tabn + P) % P
                bi = 0
                bc = ntabpack & 63
                p = ZERO
                for t in range(P):
                    tc = (ntabpack >> (6 * t)) & 63
                    p += CARD_POINTS[tc]
                    if t > 0 and beats(tc, bc, trump):
                        bc = tc
                        bi = t
                nturn = (leader + bi) % P
                if nturn & 1:
                    ns1 += p
                else:
                    ns0 += p
                ntabn = ZERO
                ntabpack = ZERO
                if tal > 0:
                    if clair == 1:
                        base = ctx[C_ORDLEN] - tal
                        for d in range(P):
                            dc = order[base + d]
                            b = np.int64(1) << dc
                            nunseen &= ~b
                            nh0, nh1, nh2, nh3 = give((nturn + d) % P, b, nh0, nh1, nh2, nh3)
                        ntal = tal - P
                        ntop = NO
                        if ctx[C_TOPVIS] == 1 and ntal > 0:
                            ntop = order[base + P]
                            nunseen &= ~(np.int64(1) << ntop)
                    else:
                        npend = np.int64(1)
            if (nturn & 1) == side:
                sgn = 1
                off = ZERO if obj == OBJ_WIN else p * S
            else:
                sgn = -1
                off = 2 * S if obj == OBJ_WIN else -p * S
            if sgn == 1:
                v = off + search(nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal, nturn,
                                 npend, ns0, ns1, alpha - off, beta - off, NO, ctx, order, tt,
                                 stats, work)
            else:
                v = off - search(nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal, nturn,
                                 npend, ns0, ns1, off - beta, off - alpha, NO, ctx, order, tt,
                                 stats, work)
            if stats[S_ABORT]:
                return ZERO
            if v > best:
                best = v
                bestmove = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        result = best

    if use_tt:
        if clair == 0 and bestmove >= 0:
            bestmove = canon_card(bestmove, alive)
        tt_save(tt, idx, chk, result, a0, b0, lo, hi, r, gu, bestmove + 1, popcount(alive),
                ctx[C_EPOCH])
    return result


def new_work() -> np.ndarray:
    return np.zeros((41, 16), dtype=np.int64)


