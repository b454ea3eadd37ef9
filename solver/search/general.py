"""One numba search kernel for every open game other than 2-player scoperta (which keeps
its own specialised kernel in solver/search/scoperta.py).

The game is data in ``ctx``: players (2 or 4, sides are seat parity), trump suit or -1,
follow-suit duty, visible top card or not. ``search`` is a single self-recursive negamax
over decision nodes (a card to play) and chance nodes (the draws after a trick), with
alpha-beta at decision nodes, Star1 at chance nodes and a transposition table holding a
bound pair at the node's own scale n! (n = cards of unknown place), so entries are shared
between searches.

Values are scaled integers: the expectation times u! (u = unknown cards at the root), times
2 more for the objective "win" (60-60 counts one half). The value is for the side of the
seat to move; it changes sign (points) or is mirrored (win) when the side changes.

The pieces of a node are ``inline="always"`` helpers; only ``search`` recurses. The table
(table.py), card arithmetic (bits.py), context layout (context.py) and the loops of a
2-player game's last tricks (endgame.py) are the scoperta kernel's too, but this module
does not load that kernel.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.search.bits import (CARD_POINTS, FACT, beats, canon_card, canon_mask, highbit_index,
                                lowbit_index, mask_points, nth_bit, popcount)
from solver.search.context import (C_BRISCOLA, C_CLAIR, C_EPOCH, C_FOLLOW, C_GEN, C_HORIZON, C_LEAF,
                                   C_LEAF_W, C_OBJ, C_ORDLEN, C_PLAYERS, C_PREFETCH, C_SCALE,
                                   C_TOPVIS, C_TRUMP, INF, KERNEL, OBJ_WIN, S_ABORT, S_LIMIT,
                                   S_NODES, child_offset, raise_best, sort_moves, load_kernel,
                                   self_call, star1_cut, star1_window, value_bounds)
from solver.search.endgame import three_tricks
from solver.search.leaf import ONE, leaf_sum
from solver.search.table import tt_hash5, tt_prefetch, tt_probe, tt_save, tt_unit, work_class

MAX_EXACT_UNKNOWN = 16
#: the scratch rows (``new_work``): a decision node's row, cards alive less the trick's, holds
#: its cards, best first, from column MOVES and their sort keys from KEYS, up to ROW_LEN
MOVES, KEYS, ROW_LEN = 0, 8, 16
ROWS = 41  # one for each count of cards alive, 0..40


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
def _alive(h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, briscola):
    """The cards still in play: hands, trick, talon (the trump card while it lies there)."""
    alive = h0 | h1 | h2 | h3 | unseen
    for j in range(tabn):
        alive |= np.int64(1) << ((tabpack >> (6 * j)) & 63)
    if top >= 0:
        alive |= np.int64(1) << top
    if tal > 0 and briscola >= 0:
        alive |= np.int64(1) << briscola
    return alive


@njit(cache=True, inline="always")
def _node_bounds(h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, turn, pending, s0, s1, ctx,
                 draw):
    """(decided, its value, lo, hi, live cards) of a node: its value when the scores or the
    horizon settle it, else its range. ``draw`` is the leaf's "draw" feature (a scalar: an
    array argument would cost an atomic reference count per call)."""
    S = ctx[C_SCALE]
    obj = ctx[C_OBJ]
    alive = _alive(h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, ctx[C_BRISCOLA])
    R = mask_points(alive)
    my = s0 if (turn & 1) == 0 else s1
    done, result, lo, hi = value_bounds(obj, my, s1 if (turn & 1) == 0 else s0, R, alive, S)
    if (not done and ctx[C_HORIZON] > 0 and tabn == 0 and pending == 0
            and popcount(alive) <= ctx[C_HORIZON]):
        # past the horizon the points left are split evenly, or as the leaf's hands say
        done = True
        e = np.int64(0)  # the mover's expected margin on the points left, in 1/ONE points
        if ctx[C_LEAF] == 1:
            hm, ho = (h0, h1) if turn == 0 else (h1, h0)
            e = min(max(leaf_sum(hm, ho, alive, ctx[C_TRUMP], ctx, C_LEAF_W, draw), -R * ONE),
                    R * ONE)
        if obj == OBJ_WIN:
            twice = 2 * ONE * my + ONE * R + e
            result = 2 * S if twice > 120 * ONE else (S if twice == 120 * ONE else np.int64(0))
        else:
            result = (e * S + ONE // 2) // ONE
    return done, result, lo, hi, alive


@njit(cache=True, inline="always")
def _tt_slot(h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, turn, pending, s0, alive, hi,
             ctx, tt):
    """(bucket, check, r, gu) of the node's table entry: ``r`` takes the search's scale to
    the node's own, ``gu`` is the entry's unit (``hi`` is the node's largest value)."""
    trump = ctx[C_TRUMP]
    briscola = ctx[C_BRISCOLA]
    obj = ctx[C_OBJ]
    kh0, kh1, kh2, kh3, kun, ktop, ktab = h0, h1, h2, h3, unseen, top, tabpack
    kbr = briscola if tal > 0 else 40 + trump
    if ctx[C_CLAIR] == 0:
        # positions that differ only in which zero-point cards are gone share an entry
        kh0 = canon_mask(h0, alive)
        kh1 = canon_mask(h1, alive)
        kh2 = canon_mask(h2, alive)
        kh3 = canon_mask(h3, alive)
        kun = canon_mask(unseen, alive)
        ktop = canon_card(top, alive)
        ktab = np.int64(0)
        for j in range(tabn):
            ktab |= canon_card((tabpack >> (6 * j)) & 63, alive) << (6 * j)
        if tal > 0 and briscola >= 0:
            kbr = canon_card(briscola, alive)
    k1 = kh0 | (turn << 40) | (pending << 42) | (obj << 43) | (tabn << 44) | (tal << 46) \
        | ((ktop + 1) << 52)
    k2 = kh1 | ((s0 << 40) if obj == OBJ_WIN else np.int64(0))
    k3 = kh2 | (ktab << 40)
    k4 = kh3
    k5 = kun | ((trump + 1) << 40) | (ctx[C_FOLLOW] << 43) | (ctx[C_TOPVIS] << 44) \
        | ((ctx[C_PLAYERS] >> 2) << 45) | ((kbr + 1) << 46)
    r = np.int64(1)
    if ctx[C_CLAIR] == 1:
        k4 |= ctx[C_GEN] << 40
    else:
        r = ctx[C_SCALE] // FACT[popcount(unseen)]
    idx, chk = tt_hash5(k1, k2, k3, k4, k5, tt.shape[0] - 1)
    return idx, chk, r, tt_unit(hi // r)


@njit(cache=True, inline="always")
def _chance_size(unseen, top, tal, ctx):
    """(outcomes, whether a new top card is turned) of the draws after a trick: the
    drawers are the winner and the seats after, taking k random cards from ``unseen``."""
    P = ctx[C_PLAYERS]
    n = popcount(unseen)
    last_round = tal == P
    first_random = 1 if top >= 0 else 0
    last_random = P - 1 if (last_round and ctx[C_BRISCOLA] >= 0) else P
    newtop = 1 if (ctx[C_TOPVIS] == 1 and not last_round) else 0
    k = last_random - first_random + newtop
    N = np.int64(1)
    for j in range(k):
        N *= n - j
    return N, newtop


@njit(cache=True, inline="always")
def _chance_child(i, h0, h1, h2, h3, top, unseen, tal, turn, newtop, ctx):
    """The chance node's ``i``-th outcome: (the four hands, the new top card or -1, the
    cards still of unknown place)."""
    P = ctx[C_PLAYERS]
    last_round = tal == P
    rest = unseen
    q = i
    ntop = np.int64(-1)
    for d in range(P + newtop):
        if d == 0 and top >= 0:
            c = top
        elif d == P - 1 and last_round and ctx[C_BRISCOLA] >= 0:
            c = ctx[C_BRISCOLA]
        else:
            m = popcount(rest)
            c = nth_bit(rest, q % m)
            q //= m
            rest &= ~(np.int64(1) << c)
        if d == P:
            ntop = c
            break
        h0, h1, h2, h3 = give((turn + d) % P, np.int64(1) << c, h0, h1, h2, h3)
    return h0, h1, h2, h3, ntop, rest


@njit(cache=True, inline="always")
def _order_moves(h0, h1, h2, h3, tabn, tabpack, turn, alive, only, ttmove, ctx, moves, keys):
    """The decision node's cards (follow suit where it is a duty) into ``moves``, best
    first; returns how many. The table's move first, then low cards, trumps last."""
    hand = h0 if turn == 0 else (h1 if turn == 1 else (h2 if turn == 2 else h3))
    if tabn > 0 and ctx[C_FOLLOW] == 1:
        same = hand & (np.int64(0x3FF) << (10 * ((tabpack & 63) // 10)))
        if same:
            hand = same
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
        keys[nm] = -1000 if (c == ttmove if ctx[C_CLAIR] == 1
                             else canon_card(c, alive) == ttmove) \
            else CARD_POINTS[c] * 4 + (c % 10) + (40 if c // 10 == ctx[C_TRUMP] else 0)
        nm += 1
    sort_moves(moves, keys, nm)
    return nm


@njit(cache=True, inline="always")
def _trick_end(tabpack, turn, tabn, P, trump):
    """(the seat that takes the full trick ``tabpack``, its points)."""
    bi = 0
    bc = tabpack & 63
    p = np.int64(0)
    for t in range(P):
        tc = (tabpack >> (6 * t)) & 63
        p += CARD_POINTS[tc]
        if t > 0 and beats(tc, bc, trump):
            bc = tc
            bi = t
    return ((turn - tabn + P) % P + bi) % P, p


@njit(cache=True, inline="always")
def _child(c, h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, turn, s0, s1, ctx, order):
    """The state after the mover plays ``c`` (a trick's end draws the known cards, or
    leaves a chance node) and (sign, offset) with which its value counts for the mover:
    (h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, turn, pending, s0, s1, sign,
    offset)."""
    P = ctx[C_PLAYERS]
    cbit = np.int64(1) << c
    nh0 = h0 & ~cbit if turn == 0 else h0
    nh1 = h1 & ~cbit if turn == 1 else h1
    nh2 = h2 & ~cbit if turn == 2 else h2
    nh3 = h3 & ~cbit if turn == 3 else h3
    ntabn = tabn + 1
    ntabpack = tabpack | (c << (6 * tabn))
    ntop, nunseen, ntal, npend, ns0, ns1 = top, unseen, tal, np.int64(0), s0, s1
    if ntabn < P:
        nturn = (turn + 1) % P
        p = np.int64(0)
    else:
        nturn, p = _trick_end(ntabpack, turn, tabn, P, ctx[C_TRUMP])
        if nturn & 1:
            ns1 += p
        else:
            ns0 += p
        ntabn = np.int64(0)
        ntabpack = np.int64(0)
        if tal > 0:
            if ctx[C_CLAIR] == 1:
                base = ctx[C_ORDLEN] - tal
                for d in range(P):
                    dc = order[base + d]
                    b = np.int64(1) << dc
                    nunseen &= ~b
                    nh0, nh1, nh2, nh3 = give((nturn + d) % P, b, nh0, nh1, nh2, nh3)
                ntal = tal - P
                ntop = np.int64(-1)
                if ctx[C_TOPVIS] == 1 and ntal > 0:
                    ntop = order[base + P]
                    nunseen &= ~(np.int64(1) << ntop)
            else:
                npend = np.int64(1)
    sgn, off = child_offset((nturn & 1) == (turn & 1), ctx[C_OBJ], p, ctx[C_SCALE])
    return (nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal, nturn, npend, ns0, ns1,
            sgn, off)


_I = "int64"
SEARCH_SIG = (f"{_I}(" + ", ".join([_I] * 16) + f", {_I}[::1], {_I}[::1], {_I}[:, ::1], "
              f"{_I}[::1], {_I}[:, ::1])")


#: ``search``'s calls to itself (see context.self_call)
_itself = self_call(SEARCH_SIG)


@njit(**KERNEL)
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
    n0 = stats[S_NODES]
    stats[S_NODES] += 1
    if stats[S_NODES] > stats[S_LIMIT]:
        stats[S_ABORT] = 1
        return ZERO
    draw = ZERO
    if ctx[C_LEAF] == 1 and ctx[C_CLAIR] == 1 and tal >= 2 and tabn == 0:
        base = ctx[C_ORDLEN] - tal
        draw = CARD_POINTS[order[base]] - CARD_POINTS[order[base + 1]]
    done, result, lo, hi, alive = _node_bounds(h0, h1, h2, h3, tabn, tabpack, top, unseen, tal,
                                               turn, pending, s0, s1, ctx, draw)
    if done:
        return result
    alpha, beta = max(alpha, lo), min(beta, hi)
    if alpha >= beta:
        return alpha
    use_tt = only < 0 and tt.shape[0] > 2
    idx, chk, r, gu = ZERO, ZERO, np.int64(1), np.int64(1)
    ttmove = bestmove = NO
    a0, b0 = alpha, beta
    if use_tt:
        idx, chk, r, gu = _tt_slot(h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, turn,
                                   pending, s0, alive, hi, ctx, tt)
        found, cut, tv, alpha, beta, ttmove = tt_probe(tt, idx, chk, r, gu, alpha, beta)
        if cut:
            return tv
        if (ctx[C_PLAYERS] == 2 and tal == 0 and tabn == 0 and popcount(h0 | h1) == 6
                and ctx[C_HORIZON] < 2):  # searched to the end, not to a leaf
            return three_tricks(h0, h1, turn, s0, s1, ctx[C_OBJ], ctx[C_SCALE], ctx[C_TRUMP],
                                ctx[C_FOLLOW], alpha, beta, tt, idx, chk, a0, b0, lo, hi, r, gu,
                                ctx[C_EPOCH], True)
    if pending == 1:
        # ---- chance node (Star1 with the node's own bounds for every outcome) ----
        N, newtop = _chance_size(unseen, top, tal, ctx)
        total = ZERO
        done = False
        for i in range(N):
            left = N - i - 1
            ca, cb = star1_window(N, alpha, beta, total, left * lo, left * hi, lo, hi)
            nh0, nh1, nh2, nh3, ntop, rest = _chance_child(i, h0, h1, h2, h3, top, unseen, tal,
                                                           turn, newtop, ctx)
            v = _itself(nh0, nh1, nh2, nh3, ZERO, ZERO, ntop, rest, tal - ctx[C_PLAYERS], turn,
                       ZERO, s0, s1, ca, cb, NO, ctx, order, tt, stats, work)
            if stats[S_ABORT]:
                return ZERO
            total += v
            done, result = star1_cut(N, alpha, beta, total, left * lo, left * hi)
            if done:
                break
        if not done:
            result = total // N
    else:
        # ---- decision node ----
        row = popcount(alive) - tabn
        moves = work[row, MOVES:KEYS]
        nm = _order_moves(h0, h1, h2, h3, tabn, tabpack, turn, alive, only, ttmove, ctx, moves,
                          work[row, KEYS:ROW_LEN])
        result = -INF
        if use_tt and nm > 1 and ctx[C_PREFETCH] == 1:
            # ask for the children's buckets first, so their memory reads overlap
            for j in range(nm):
                (nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal, nturn, npend, ns0,
                 ns1, sgn, off) = _child(moves[j], h0, h1, h2, h3, tabn, tabpack, top, unseen,
                                         tal, turn, s0, s1, ctx, order)
                calive = _alive(nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal,
                                ctx[C_BRISCOLA])
                if (ctx[C_HORIZON] > 0 and ntabn == 0 and npend == 0
                        and popcount(calive) <= ctx[C_HORIZON]):
                    continue  # a leaf: valued without the table
                cidx, _, _, _ = _tt_slot(nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen,
                                         ntal, nturn, npend, ns0, calive, hi, ctx, tt)
                tt_prefetch(tt, cidx)
        for j in range(nm):
            (nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal, nturn, npend, ns0, ns1,
             sgn, off) = _child(moves[j], h0, h1, h2, h3, tabn, tabpack, top, unseen, tal, turn,
                                s0, s1, ctx, order)
            if sgn == 1:
                v = off + _itself(nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal, nturn,
                                 npend, ns0, ns1, alpha - off, beta - off, NO, ctx, order, tt,
                                 stats, work)
            else:
                v = off - _itself(nh0, nh1, nh2, nh3, ntabn, ntabpack, ntop, nunseen, ntal, nturn,
                                 npend, ns0, ns1, off - beta, off - alpha, NO, ctx, order, tt,
                                 stats, work)
            if stats[S_ABORT]:
                return ZERO
            result, bestmove, alpha = raise_best(v, moves[j], result, bestmove, alpha)
            if alpha >= beta:
                break
    if use_tt:
        if ctx[C_CLAIR] == 0 and bestmove >= 0:
            bestmove = canon_card(bestmove, alive)
        tt_save(tt, idx, chk, result, a0, b0, lo, hi, r, gu, bestmove + 1,
                work_class(stats[S_NODES] - n0), ctx[C_EPOCH])
    return result


def ready() -> None:
    """Load the search now (see context.load_kernel)."""
    load_kernel(search, SEARCH_SIG)


def new_work() -> np.ndarray:
    return np.zeros((ROWS, ROW_LEN), dtype=np.int64)
