"""numba kernel of the estimator's depth-limited search: one known talon order (a sample
of the hidden cards, or the true one), two players, the points of the next few tricks and
a guess at the rest (the fitted leaf of solver.search.leaf, or an even split). It shares
the card arithmetic (bits.py) and the leaf's features with the exact kernels and has no
table."""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.search.bits import CARD_POINTS, leader_wins, lowbit_index, mask_points, popcount
from solver.search.context import KERNEL, load_kernel, self_call
from solver.search.leaf import DEPTH_LATE_ALIVE, N_FEATURES, ONE, leaf_sum

_I = "int64"
DL_SIG = (f"{_I}({_I}, {_I}, {_I}, {_I}[::1], {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, "
          f"{_I}[::1], {_I}[::1], {_I}[::1], {_I})")


#: ``dl_search``'s calls to itself (see context.self_call)
_itself = self_call(DL_SIG)


@njit(**KERNEL)
def dl_search(h0, h1, table, order, k, turn, depth, alpha, beta, trump, only, stats, rest, w,
              ending):
    """Points (mover minus opponent, in 1/ONE points) won in the next ``depth`` tricks plus
    the leaf's guess at the points beyond; talon order known.

    ``order[k:]`` is the talon still to draw (top first); ``rest[k]`` the mask of those
    cards. ``w``: the leaf's weights, two rows of N_FEATURES (leaves with at most
    DEPTH_LATE_ALIVE cards alive, then the rest); none splits the points beyond evenly
    (their features are not computed).
    ``ending`` 1: past the horizon with the talon drawn, the last tricks are searched to the
    end instead (a few hundred nodes; the leaf is fitted where the talon holds cards).
    ``only`` >= 0 restricts the node to that card. One self-recursive function with an
    explicit signature: numba's cache crashes on reload with cross-calling recursion.
    """
    NO = np.int64(-1)
    stats[0] += 1
    if stats[0] > stats[1]:
        stats[2] = 1
        return 0
    if table < 0 and (h0 | h1) == 0:
        return 0
    if table < 0 and depth <= 0 and (ending == 0 or k < order.shape[0]):
        if w.shape[0] == 0:
            return 0
        alive = h0 | h1 | rest[k]
        hm = h0 if turn == 0 else h1
        ho = h1 if turn == 0 else h0
        draw = np.int64(0)
        if k + 1 < order.shape[0]:
            draw = CARD_POINTS[order[k]] - CARD_POINTS[order[k + 1]]
        first = 0 if popcount(alive) <= DEPTH_LATE_ALIVE else N_FEATURES
        live = mask_points(alive) * ONE
        return min(max(leaf_sum(hm, ho, alive, trump, w, first, draw), -live), live)
    hand = h0 if turn == 0 else h1
    best = -(np.int64(1) << 50)
    hm = hand
    while hm:
        c = lowbit_index(hm)
        hm &= hm - 1
        if only >= 0 and c != only:
            continue
        cb = np.int64(1) << c
        nh0 = h0 & ~cb if turn == 0 else h0
        nh1 = h1 & ~cb if turn == 1 else h1
        if table < 0:
            v = -_itself(nh0, nh1, c, order, k, 1 - turn, depth, -beta, -alpha, trump, NO, stats,
                         rest, w, ending)
        else:
            wn = 1 - turn if leader_wins(table, c, trump) else turn
            p = (CARD_POINTS[table] + CARD_POINTS[c]) * ONE
            nk = k
            if k < order.shape[0]:
                a = np.int64(1) << order[k]
                b = np.int64(1) << order[k + 1]
                if wn == 0:
                    nh0 |= a
                    nh1 |= b
                else:
                    nh1 |= a
                    nh0 |= b
                nk = k + 2
            if wn == turn:
                v = p + _itself(nh0, nh1, NO, order, nk, wn, depth - 1, alpha - p, beta - p,
                                   trump, NO, stats, rest, w, ending)
            else:
                v = -p - _itself(nh0, nh1, NO, order, nk, wn, depth - 1, -beta - p, -alpha - p,
                                    trump, NO, stats, rest, w, ending)
        if stats[2]:
            return 0
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


LINES_SIG = (f"UniTuple({_I}, 2)({_I}, {_I}, {_I}, {_I}[:, ::1], {_I}[:, ::1], {_I}, {_I}, "
             f"{_I}[::1], {_I}, {_I}, {_I}[:, ::1])")


@njit(cache=True, nogil=True)
def dl_lines(h0, h1, turn, orders, rests, depth, trump, w, ending, limit, out):
    """Every (card, reply) line of a lead, searched ``depth`` tricks deep under each of
    several known talon orders, in one call (the second trick's correction asks for
    hundreds of these small searches a draw, and one call apiece cost more than the
    searches): ``out[t, k]``, the follower's value of line k (the leader's cards in the
    notation's order, each with every reply) under ``orders[t]`` (its suffix masks
    ``rests[t]``). (nodes, 1 when the node cap ``limit`` stopped it first)."""
    stats = np.zeros(3, dtype=np.int64)
    stats[1] = limit
    big = np.int64(1) << np.int64(50)
    hand = h0 if turn == 0 else h1
    for t in range(orders.shape[0]):
        k = 0
        hm = hand
        while hm:
            c = lowbit_index(hm)
            hm &= hm - 1
            cb = np.int64(1) << c
            nh0 = h0 & ~cb if turn == 0 else h0
            nh1 = h1 & ~cb if turn == 1 else h1
            fh = nh1 if turn == 0 else nh0
            while fh:
                r = lowbit_index(fh)
                fh &= fh - 1
                out[t, k] = dl_search(nh0, nh1, c, orders[t], np.int64(0), 1 - turn, depth, -big,
                                      big, trump, r, stats, rests[t], w, ending)
                if stats[2]:
                    return stats[0], np.int64(1)
                k += 1
    return stats[0], np.int64(0)


def ready() -> None:
    """Load the depth-limited search and its lines' loop now (see context.load_kernel)."""
    load_kernel(dl_search, DL_SIG)
    load_kernel(dl_lines, LINES_SIG)
