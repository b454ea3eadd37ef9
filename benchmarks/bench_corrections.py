"""What limits the scoperta estimator's corrections: how they are measured, or how many?

The corrections (solver/analysis/estimate.py, ``_SecondTrick``) are terms of a sum that
telescopes: clairvoyant lines less, trick by trick, what seeing the talon gains at that
trick. Measured exactly and counted once each they would give the exact value; the shipped
weights stand for what the shipped measure misses. Here each fit position (exact values
known, benchmarks/data) gets many clairvoyant orders and every first draw corrected two ways
on the same draws and orders: as shipped (CORRECTION_ORDERS orders, CORRECTION_DEPTH tricks
deep, the rest split evenly) and with each lead's lines solved to the end by the clairvoyant
solver (its table shared by the lead's lines). Printed per talon: the time a draw takes
each way, and the mean |estimate - exact| and the share of exact best cards with the
shipped measure at its weights, and the deep one at weight 1 a trick and at the shipped
weights (the orders are stratified by first draw, as the estimator's are; their noise is in
every column alike).

    python benchmarks/bench_corrections.py --talons 10,12,14 --n 12 --tricks 2 --seed 1000

``--tricks 5`` measures the deep corrections of the later tricks too (the fourth to the
sixth), each along the deep blind line before it, all counted once.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import exact_sets  # noqa: E402
from solver.analysis import estimate as E  # noqa: E402

SETS = {
    10: ["exact_t10_points.jsonl"],
    12: ["exact_t12_points.jsonl", "exact/t12_points_seed8012.jsonl"],
    14: ["exact_t14_points.jsonl", "exact/t14_points_seed8014.jsonl"],
}


def fit_positions(talon: int, n: int):
    """The first ``n`` positions of the talon's fit sets (never a fresh one)."""
    out = []
    for name in SETS[talon]:
        out += exact_sets.load(os.path.join(exact_sets.DATA, name))
    return out[:n]


class DeepCorrection(E._SecondTrick):
    """The corrections with each order's lines solved to the end."""

    def _lines(self, child, tails, until):
        rows = []
        for t in tails:
            cpos = E._clair_copy(child, (child.top, *t, child.briscola))
            vals, _ = E._line_values(cpos, self.objective, cpos.legal_cards(), None, None)
            rows.append(vals)
        return np.array(rows), 0


def measure(pos, exact, orders: int, tricks: int, seed: int):
    """One position: per root line the clairvoyant mean, and per first draw the shipped
    and the deep corrections (a column a trick), with their seconds."""
    rng = random.Random(seed)
    cards = pos.legal_cards()
    lead = not pos.table
    root = (
        [(c, r, p1) for c in cards for p1 in (pos.play(c),) for r in p1.legal_cards()]
        if lead
        else [(c, -1, pos) for c in cards]
    )
    sampler = E._Sampler(pos, rng)
    sums = np.zeros(len(root))
    for _ in range(orders):
        cpos = E._clair_copy(pos, sampler.order())
        vals, _ = (
            E._line_values(cpos, "points", cards, None, None)
            if lead
            else E._full_values(cpos, "points", cards, None)
        )
        sums += vals
    shipped = E._SecondTrick(pos, "points", root, random.Random(seed + 1))
    deep = DeepCorrection(pos, "points", root, random.Random(seed + 1))
    shipped.weights = deep.weights = (1.0,) * max(tricks, 2)
    cheap_terms, deep_terms, secs = [], [], [0.0, 0.0]
    while shipped.left:
        steps = shipped.steps()
        t = time.perf_counter()
        cheap_terms.append(shipped._terms(steps[:2], None)[0][:, :2])
        secs[0] += time.perf_counter() - t
        t = time.perf_counter()
        deep_terms.append(deep._terms(steps, None)[0])
        secs[1] += time.perf_counter() - t
    line_cards = [c for c, _, _ in root]
    truth = np.array([float(exact[c]) for c in cards])
    return (
        sums / orders,
        np.array(cheap_terms),
        np.array(deep_terms),
        secs,
        cards,
        line_cards,
        truth,
    )


def card_values(cards, line_cards, line_means):
    """A card is worth its worst line, read as the estimator reads it."""
    return E._per_card(cards, line_cards, line_means, np.zeros(len(line_means)))[0]


def score(rows, pick):
    """(mean |estimate - exact|, share of positions whose best card is an exact best)."""
    err, best = [], 0
    for clair, cheap, deep, _, cards, line_cards, truth in rows:
        v = card_values(cards, line_cards, clair + pick(cheap, deep))
        err += list(np.abs(v - truth))
        best += truth[int(np.argmax(v))] >= truth.max() - 1e-9
    return statistics.fmean(err), best / len(rows)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talons", default="10,12,14")
    ap.add_argument("--n", type=int, default=12, help="positions a talon (fit sets)")
    ap.add_argument("--orders", type=int, default=1000, help="clairvoyant orders a position")
    ap.add_argument("--tricks", type=int, default=2, help="tricks corrected deep, from the second")
    ap.add_argument("--seed", type=int, default=1000, help="the orders' and draws' seed")
    args = ap.parse_args(argv)
    out = []
    for talon in [int(t) for t in args.talons.split(",")]:
        rows = []
        data = fit_positions(talon, args.n)
        for i, (pos, exact, _) in enumerate(data):
            rows.append(measure(pos, exact, args.orders, args.tricks, args.seed + 2 * i))
            print(f"talon {talon}: {i + 1}/{len(data)}", file=sys.stderr, flush=True)
        ship = np.array(E.correction_weights(talon, "points") + (0.0,))[:2]
        ones = np.ones(args.tricks)
        draws = sum(len(r[1]) for r in rows)
        ms = [1000 * sum(r[3][k] for r in rows) / draws for k in (0, 1)]
        shipped = score(rows, lambda c, d, w=ship: (c @ w).mean(axis=0))
        deep1 = score(rows, lambda c, d, w=ones: (d[:, :, : len(w)] @ w).mean(axis=0))
        deepw = score(rows, lambda c, d, w=ship: (d[:, :, :2] @ w).mean(axis=0))
        out.append((talon, len(rows), draws, ms, shipped, deep1, deepw))
    print(
        "| talon | positions | first draws | ms a draw, shipped / deep | ratio | mean abs error:"
        " shipped / deep at 1 a trick / deep at the shipped weights | best card exact |"
    )
    print("|---:|---:|---:|---|---:|---|---|")
    for talon, n, draws, ms, a, b, c in out:
        print(
            f"| {talon} | {n} | {draws} | {ms[0]:.1f} / {ms[1]:.1f} | {ms[1] / ms[0]:.1f} | "
            f"{a[0]:.2f} / {b[0]:.2f} / {c[0]:.2f} | "
            f"{100 * a[1]:.0f} / {100 * b[1]:.0f} / {100 * c[1]:.0f} % |"
        )


if __name__ == "__main__":
    main()
