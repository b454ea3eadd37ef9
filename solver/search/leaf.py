"""The value of a depth-limited search's leaf: how the points still in play will split,
guessed from the two hands, instead of "evenly".

At a trick's start past the horizon the mover (the leader) is credited with a linear
function of a few features of the hands, fitted by least squares to exact clairvoyant
values of positions from played deals (``benchmarks/fit_leaf.py`` draws them and prints
the weights; its table is in benchmarks/README.md). The features depend only on points,
suits and the order of the live cards, so positions that the table keys make equal (zero-
point cards renumbered) get the same value.

Weights are integers in 1/ONE points, kept in the search context (C_LEAF_W...), so a
search of another game or a test can set its own.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.cards import CARICHI_MASK, POINTS
from solver.search.bits import SUIT_MASK, highbit_index, mask_points, popcount

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
            "top_trump")  # +1 / -1: who holds the strongest live trump (0: the talon)
N_FEATURES = len(FEATURES)

#: fitted weights (points per unit of feature), per game; a game not here is split evenly
WEIGHTS = {
    "classic": (0.415, -0.119, -0.005, 0.793, 2.426, 0.164, 6.449, 1.272, -3.120),
    "briscolone": (0.127, 0.544, 0.229, 2.274, 4.018, 0.597, 0, 0, 0),
}

_CAR = np.int64(CARICHI_MASK)


def after_horizon(variant: str, players: int = 2) -> str:
    """How an estimate's note says the points past its horizon were counted."""
    if players == 2 and variant in WEIGHTS:
        return "the points after those tricks are split as a fit to solved deals guesses from the hands"
    return "the points after those tricks count as shared evenly"


def weights_for(variant: str):
    """The integer weights (1/ONE points) of a game, or None when it has none."""
    w = WEIGHTS.get(variant)
    return None if w is None else [int(round(x * ONE)) for x in w]


@njit(cache=True, inline="always")
def leaf_sum(hm, ho, alive, trump, ctx, first):
    """The weighted feature sum (1/ONE points, mover's side) of a leaf whose mover holds
    ``hm`` and whose opponent holds ``ho``; weights from ``ctx[first:]``."""
    f_mast = np.int64(0)
    f_mpts = np.int64(0)
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
    acc = (ctx[first] + ctx[first + 1] * (mask_points(hm) - mask_points(ho))
           + ctx[first + 2] * mask_points(alive)
           + ctx[first + 3] * (popcount(hm & _CAR) - popcount(ho & _CAR))
           + ctx[first + 4] * f_mast + ctx[first + 5] * f_mpts)
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


def features(hm: int, ho: int, alive: int, trump: int) -> list[int]:
    """The features of a leaf in plain Python (the reference of the kernel's sum, and what
    the fit reads)."""
    def pts(m):
        return sum(int(POINTS[c]) for c in range(40) if m >> c & 1)

    def cnt(m):
        return bin(m).count("1")
    mast = mpts = 0
    for s in range(4):
        a = alive & int(SUIT_MASK[s])
        if a:
            top = a.bit_length() - 1
            sign = 1 if hm >> top & 1 else -1 if ho >> top & 1 else 0
            mast += sign
            mpts += sign * int(POINTS[top])
    f = [1, pts(hm) - pts(ho), pts(alive), cnt(hm & CARICHI_MASK) - cnt(ho & CARICHI_MASK),
         mast, mpts, 0, 0, 0]
    if trump >= 0:
        T = int(SUIT_MASK[trump])
        f[6] = cnt(hm & T) - cnt(ho & T)
        f[7] = pts(hm & T) - pts(ho & T)
        at = alive & T
        if at:
            top = at.bit_length() - 1
            f[8] = 1 if hm >> top & 1 else -1 if ho >> top & 1 else 0
    return f
