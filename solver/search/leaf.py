"""The value of a depth-limited search's leaf: how the points still in play will split,
guessed from the two hands, instead of "evenly".

At a trick's start past the horizon the mover (the leader) is credited with a linear
function of a few features of the hands, fitted by least squares to exact clairvoyant
values of positions from played deals (``benchmarks/fit_leaf.py`` draws them and prints
the weights; its table is in the README). The features depend only on points, suits and
the order of the live cards, so positions that the table keys make equal (zero-point cards
renumbered) get the same value; the last one reads the next two draws, so it counts only
where the talon order is known (a sample's searches are clairvoyant).

Weights are integers in 1/ONE points, kept in the search context (C_LEAF_W...), so a
search of another game or a test can set its own.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.cards import CARICHI_MASK, POINTS
from solver.search.bits import SUIT_MASK, ZERO_MASK, highbit_index, mask_points, popcount

ONE = 256
#: the features, in the order of the weights (mover minus opponent unless said)
FEATURES = ("one",        # 1: the lead
            "points",     # points in hand
            "live",       # points still in play (hands and talon), not a difference
            "carichi",    # aces and threes in hand
            "masters",    # cards that are the strongest live card of their suit
            "master_pts",  # their points
            "trumps",     # trumps in hand
            "trump_pts",  # their points
            "top_trump",  # +1 / -1: who holds the strongest live trump (0: the talon)
            "sure_pts",   # points of cards no live card of their suit outside the hand beats
            "sure",       # those cards
            "exposed_pts",  # points of cards the other hand holds a higher card of the suit over
            "voids",      # suits with live cards of which the hand holds none
            "seconds",    # cards that are the second strongest live card of their suit
            "blanks",     # zero-point cards in hand
            "draw")       # points of the next card drawn (the trick's winner's) minus the next
                          # (the loser's); 0 when the talon order is unknown
N_FEATURES = len(FEATURES)

#: fitted weights (points per unit of feature), per game; a game not here is split evenly
WEIGHTS = {
    "classic": (0.415, -0.119, -0.005, 0.793, 2.426, 0.164, 6.449, 1.272, -3.120,
                0, 0, 0, 0, 0, 0, 0),
    "briscolone": (1.013, 1.445, 0.216, -3.587, 7.661, 0.396, 0, 0, 0,
                   -0.083, -3.169, -1.030, 1.454, 2.309, 2.218, 0.768),
    "libero": (-0.265, 1.086, 0.108, -1.658, 2.763, 0.835, 0, 0, 0,
               -0.308, -0.223, -0.583, -0.994, 2.523, 1.738, 1.144),
}

#: the scoperta estimator's depth-limited samples (solver.search.depth): two-player
#: clairvoyant searches under classic's rules, so fitted on classic's clairvoyant positions
#: with classic's nine features (the other seven made a sample's leaf half as dear again for
#: no closer a guess: against full solves at talon 14 and 16, 1.13 and 1.38 points a
#: position with sixteen, 1.21 and 1.32 with nine). Leaves with at most DEPTH_LATE_ALIVE
#: cards alive: ``fit_leaf.py fit --variant classic --features 9 --data`` on
#: data/leaf/classic-a8-12-* (4,000 positions at 8-12 alive, held-out error 265 -> 96
#: points², R² 0.64); the rest: classic's own (fitted at 14-30). A depth-5 sample's leaf
#: lies at talon - 4 cards alive: at most 12 from talon 16 down; with the talon drawn the
#: kernel searches the last tricks instead.
DEPTH_LATE_ALIVE = 12
DEPTH_WEIGHTS = (
    (-1.664, -0.660, 0.037, 1.817, 1.846, 0.373, 3.385, 1.336, -2.509, 0, 0, 0, 0, 0, 0, 0),
    WEIGHTS["classic"],
)

_CAR = np.int64(CARICHI_MASK)


def weights_for(variant: str):
    """The integer weights (1/ONE points) of a game, or None when it has none."""
    w = WEIGHTS.get(variant)
    return None if w is None else [int(round(x * ONE)) for x in w]


def depth_weights(fitted: bool = True) -> np.ndarray:
    """The depth kernel's leaf weights (1/ONE points), its two rows one after the other;
    none (``fitted`` False): the points beyond the horizon split evenly."""
    rows = [int(round(x * ONE)) for row in DEPTH_WEIGHTS for x in row] if fitted else []
    return np.array(rows, dtype=np.int64)


@njit(cache=True, inline="always")
def _suit_side(mine, theirs, a):
    """(sure points, sure cards, exposed points, void) of one hand in one suit whose live
    cards are ``a``."""
    if mine == 0:
        return np.int64(0), np.int64(0), np.int64(0), np.int64(1)
    rest = a & ~mine
    sure = mine
    if rest:
        sure = mine & ~((np.int64(2) << highbit_index(rest)) - 1)
    exp = np.int64(0)
    if theirs:
        exp = mask_points(mine & ((np.int64(1) << highbit_index(theirs)) - 1))
    return mask_points(sure), popcount(sure), exp, np.int64(0)


@njit(cache=True, inline="always")
def leaf_sum(hm, ho, alive, trump, ctx, first, draw):
    """The weighted feature sum (1/ONE points, mover's side) of a leaf whose mover holds
    ``hm`` and whose opponent holds ``ho``; weights from ``ctx[first:]``; ``draw`` is the
    "draw" feature."""
    f_mast = np.int64(0)
    f_mpts = np.int64(0)
    f_sec = np.int64(0)
    f_sp = np.int64(0)
    f_sc = np.int64(0)
    f_ex = np.int64(0)
    f_void = np.int64(0)
    # the last seven features only when weighted (classic weights them 0)
    ext = (ctx[first + 9] | ctx[first + 10] | ctx[first + 11] | ctx[first + 12]
           | ctx[first + 13] | ctx[first + 14] | ctx[first + 15]) != 0
    for s in range(4):
        a = alive & SUIT_MASK[s]
        if a:
            top = highbit_index(a)
            b = np.int64(1) << top
            if hm & b:
                f_mast += 1
                f_mpts += mask_points(b)
            elif ho & b:
                f_mast -= 1
                f_mpts -= mask_points(b)
            if not ext:
                continue
            a2 = a & ~b
            if a2:
                b2 = np.int64(1) << highbit_index(a2)
                if hm & b2:
                    f_sec += 1
                elif ho & b2:
                    f_sec -= 1
            sp, sc, ex, vd = _suit_side(hm & a, ho & a, a)
            op, oc, ox, ov = _suit_side(ho & a, hm & a, a)
            f_sp += sp - op
            f_sc += sc - oc
            f_ex += ex - ox
            f_void += vd - ov
    acc = (ctx[first] + ctx[first + 1] * (mask_points(hm) - mask_points(ho))
           + ctx[first + 2] * mask_points(alive)
           + ctx[first + 3] * (popcount(hm & _CAR) - popcount(ho & _CAR))
           + ctx[first + 4] * f_mast + ctx[first + 5] * f_mpts)
    if ext:
        acc += (ctx[first + 9] * f_sp + ctx[first + 10] * f_sc + ctx[first + 11] * f_ex
                + ctx[first + 12] * f_void + ctx[first + 13] * f_sec
                + ctx[first + 14] * (popcount(hm & ZERO_MASK) - popcount(ho & ZERO_MASK))
                + ctx[first + 15] * draw)
    if trump >= 0:
        T = SUIT_MASK[trump]
        acc += ctx[first + 6] * (popcount(hm & T) - popcount(ho & T))
        acc += ctx[first + 7] * (mask_points(hm & T) - mask_points(ho & T))
        at = alive & T
        if at:
            b = np.int64(1) << highbit_index(at)
            if hm & b:
                acc += ctx[first + 8]
            elif ho & b:
                acc -= ctx[first + 8]
    return acc


def features(hm: int, ho: int, alive: int, trump: int, order=None) -> list[int]:
    """The features of a leaf in plain Python (the reference of the kernel's sum, and what
    the fit reads); ``order`` is the talon, top first, when it is known."""
    def pts(m):
        return sum(int(POINTS[c]) for c in range(40) if m >> c & 1)

    def cnt(m):
        return bin(m).count("1")
    mast = mpts = sec = 0
    side = [[0, 0, 0, 0], [0, 0, 0, 0]]  # sure points, sure cards, exposed points, voids
    for s in range(4):
        live = [c for c in range(10 * s, 10 * s + 10) if alive >> c & 1]
        if not live:
            continue
        sign = 1 if hm >> live[-1] & 1 else -1 if ho >> live[-1] & 1 else 0
        mast += sign
        mpts += sign * int(POINTS[live[-1]])
        if len(live) > 1:
            sec += 1 if hm >> live[-2] & 1 else -1 if ho >> live[-2] & 1 else 0
        for k, (me, op) in enumerate(((hm, ho), (ho, hm))):
            mine = [c for c in live if me >> c & 1]
            if not mine:
                side[k][3] += 1
            for c in mine:
                if all(me >> d & 1 for d in live if d > c):
                    side[k][0] += int(POINTS[c])
                    side[k][1] += 1
                if any(op >> d & 1 for d in live if d > c):
                    side[k][2] += int(POINTS[c])
    zero = sum(1 << c for c in range(40) if POINTS[c] == 0)
    draw = int(POINTS[order[0]]) - int(POINTS[order[1]]) if order and len(order) > 1 else 0
    f = [1, pts(hm) - pts(ho), pts(alive), cnt(hm & CARICHI_MASK) - cnt(ho & CARICHI_MASK),
         mast, mpts, 0, 0, 0] + [side[0][j] - side[1][j] for j in range(4)] + [
         sec, cnt(hm & zero) - cnt(ho & zero), draw]
    if trump >= 0:
        T = int(SUIT_MASK[trump])
        f[6] = cnt(hm & T) - cnt(ho & T)
        f[7] = pts(hm & T) - pts(ho & T)
        at = alive & T
        if at:
            top = at.bit_length() - 1
            f[8] = 1 if hm >> top & 1 else -1 if ho >> top & 1 else 0
    return f
