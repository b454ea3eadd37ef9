"""The scoperta estimator's depth-limited samples (solver.search.depth) guess the points past
their horizon with a fitted leaf (solver.search.leaf.DEPTH_WEIGHTS) and search the last
tricks once the talon is drawn: the kernel equals a plain negamax that does the same with
the Python features, the even split is what it was, the shipped weights are the fit of
the kept positions, and the leaf brings the samples closer to full solves."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import numpy as np

from solver.analysis import estimate, sampling
from solver.cards import FULL_DECK, mask_points
from solver.random_positions import random_position
from solver.search.leaf import (
    DEPTH_LATE_ALIVE,
    DEPTH_WEIGHTS,
    N_FEATURES,
    ONE,
    WEIGHTS,
    depth_weights,
    features,
)

ROOT = Path(__file__).resolve().parent.parent


def _leaf(pos, w) -> int:
    """The leaf of a trick's start, in 1/ONE points for the mover, as the kernel clamps it."""
    me = pos.to_move
    alive = FULL_DECK & ~pos.played
    row = 0 if alive.bit_count() <= DEPTH_LATE_ALIVE else N_FEATURES
    f = features(pos.hands[me], pos.hands[1 - me], alive, pos.trump_suit, pos.talon_order)
    e = sum(int(a) * b for a, b in zip(w[row:row + N_FEATURES], f))
    live = mask_points(alive) * ONE
    return min(max(e, -live), live)


def _negamax(pos, depth: int, w, ending: bool) -> int:
    """The mover's points from here (1/ONE): ``depth`` more tricks, then the leaf, or with
    ``ending`` and the talon drawn the tricks left to the end."""
    if pos.is_over:
        return 0
    if not pos.table and depth <= 0 and not (ending and pos.talon_size == 0):
        return _leaf(pos, w)
    best = None
    for c in pos.legal_cards():
        ch = pos.play(c)
        gained = mask_points(ch.played & ~pos.played) * ONE
        same = ch.to_move == pos.to_move
        v = (gained if same else -gained) + (1 if same else -1) * _negamax(
            ch, depth - (not ch.table and bool(pos.table)), w, ending)
        best = v if best is None else max(best, v)
    return best


def _clairvoyant(rng, talon):
    pos = random_position(rng, talon, mid_trick=bool(rng.randrange(2)), with_score=True)
    return estimate._clair_copy(pos, sampling.sample_order(pos, rng))


def test_the_kernel_is_a_plain_negamax_with_the_leaf_and_the_ending():
    rng = random.Random(11)
    fitted = depth_weights()
    even = depth_weights(False)
    for trial in range(30):
        talon = rng.choice([2, 4, 6, 8, 10, 12])
        cpos = _clairvoyant(rng, talon)
        depth = 1 if talon >= 10 else rng.randrange(1, 4)  # leaves on both rows
        cards = cpos.legal_cards()
        got, _ = estimate._dl_sample(cpos, "points", cards, depth, None, leaf=True)
        plain, _ = estimate._dl_sample(cpos, "points", cards, depth, None)
        for c, g, p in zip(cards, got, plain, strict=True):
            ch = cpos.play(c)
            gained = mask_points(ch.played & ~cpos.played) * ONE
            same = ch.to_move == cpos.to_move
            d = depth - (not ch.table and bool(cpos.table))
            for w, ending, value in ((fitted, True, g), (even, False, p)):
                want = (gained if same else -gained) + (1 if same else -1) * _negamax(
                    ch, d, w, ending)
                assert value == want / ONE, (cpos.to_text(), c, depth, ending)


def test_without_the_leaf_the_points_beyond_the_horizon_count_nothing():
    """The even split (the second trick's correction, a known order deepened): a search one
    trick deep from a trick's start is the points of that trick alone."""
    rng = random.Random(12)
    for _ in range(10):
        cpos = _clairvoyant(rng, 10)
        if cpos.table:
            continue
        vals, _ = estimate._dl_sample(cpos, "points", cpos.legal_cards(), 1, None)
        for c, v in zip(cpos.legal_cards(), vals, strict=True):
            ch = cpos.play(c)
            best = None
            for r in ch.legal_cards():
                gc = ch.play(r)
                pts = mask_points(gc.played & ~cpos.played)
                mine = pts if gc.to_move == cpos.to_move else -pts
                best = mine if best is None else min(best, mine)
            assert v == best


def _fit_leaf_script():
    spec = importlib.util.spec_from_file_location("fit_leaf", ROOT / "benchmarks" / "fit_leaf.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_shipped_depth_weights_are_the_fit_of_the_kept_positions():
    """The late leaves' row is the nine-feature fit of the positions kept at 8-12 cards
    alive; the early leaves' is classic's own (the general kernel's: one set serving both)."""
    fl = _fit_leaf_script()
    files = sorted((ROOT / "benchmarks" / "data" / "leaf").glob("classic-a8-12-*.jsonl"))
    assert files
    w, mse0, mse, _ = fl.fit(fl.read_rows(files), 9)
    assert mse < mse0 / 2
    assert all(abs(a - b) < 6e-4 for a, b in zip(w, DEPTH_WEIGHTS[0], strict=True)), list(w)
    assert DEPTH_WEIGHTS[1] == WEIGHTS["classic"]


def test_the_leaf_brings_depth_limited_samples_closer_to_full_solves():
    """Five tricks deep at talon 14, the same talon orders: the mean over a position's
    orders (what the estimate averages) strays less from the full solves' with the leaf
    (measured: 1.15 points against 1.77 splitting evenly, 20 positions of 30 orders)."""
    rng = random.Random(14)
    off = {False: [], True: []}
    for _ in range(8):
        pos = random_position(rng, 14, mid_trick=bool(rng.randrange(2)), with_score=True)
        cards = pos.legal_cards()
        sums = {k: np.zeros(len(cards)) for k in ("full", False, True)}
        for _ in range(12):
            cpos = estimate._clair_copy(pos, sampling.sample_order(pos, rng))
            sums["full"] += estimate._full_values(cpos, "points", cards, None)[0]
            for leaf in (False, True):
                sums[leaf] += estimate._dl_sample(cpos, "points", cards, 5, None, leaf)[0]
        for leaf in (False, True):
            off[leaf] += list(np.abs(sums[leaf] - sums["full"]) / 12)
    assert np.mean(off[True]) < 0.85 * np.mean(off[False]), (np.mean(off[True]),
                                                             np.mean(off[False]))


def test_a_depth_limited_estimate_says_how_it_counts_the_points_past_its_horizon():
    from solver.analysis.budget import Limit

    pos = random_position(random.Random(15), 14, with_score=True)
    deep = estimate.analyse(pos, "points", Limit(samples=6), method="depth", depth=3)
    said = [n for n in deep.notes if n.key.startswith("note.beyond.leaf")]
    assert len(said) == 1 and "after 3 tricks" in str(said[0]), deep.notes
    full = estimate.analyse(pos, "points", Limit(samples=3), method="clairvoyant")
    assert not [n for n in full.notes if n.key.startswith("note.beyond")], full.notes
