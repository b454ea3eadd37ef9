"""What a seat's view costs a bot walking it through the State protocol: the opponent's legal
cards (the first call on a view, on their turn), the chances of the seat's draw
(``SeatPosition.outcomes``, every legal card of a view whose next card ends a trick with a
draw left), and one chance node expanded (every legal card's outcomes, then each draw's view
and its legal cards), at three stages of seeded deals of each hidden-card game.

    python benchmarks/bench_seat.py                  # seed 1, 40 views a stage
    python benchmarks/bench_seat.py --seed 7 --views 60 --variants briscolone

Each view is made afresh from its deal (``GameState.view``) and timed once, so what it caches
on itself is not reused; what is shared between views is. Times are wall-clock milliseconds:
median, the 10th to 90th percentile, the largest, and how many calls.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver.game import deal  # noqa: E402

#: (name, fewest and most cards played before the view) while the talon lasts in every game
STAGES = (("early", 1, 10), ("mid", 10, 20), ("late", 20, 28))
TALON_LEFT = {"classic": 33, "briscolone": 29, "libero": 29}  # cards played with a draw left


def views(variant: str, rng: random.Random, lo: int, hi: int, n: int, table: bool):
    """``n`` views of seeded deals after ``lo`` to ``hi`` random cards, on the opponent's turn
    (the seat not to move), with a card on the table where ``table`` (the next card ends a
    trick with a draw left) or none."""
    hi = min(hi, TALON_LEFT[variant])
    out = []
    while len(out) < n:
        g = deal(variant, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(lo, hi)):
            g = g.play(rng.choice(g.legal_cards()))
        if bool(g.trick) == table and g.talon:
            out.append((g, 2 - g.to_move))
    return out


def ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1e3


def stage_legal(cases):
    out = []
    for g, player in cases:
        sp = g.view(player)
        t = time.perf_counter()
        sp.legal_cards()
        out.append(ms(t))
    return out


def stage_outcomes(cases):
    out = []
    for g, player in cases:
        sp = g.view(player)
        for c in sp.legal_cards():
            t = time.perf_counter()
            sp.outcomes(c)
            out.append(ms(t))
    return out


def stage_expand(cases):
    out = []
    for g, player in cases:
        t = time.perf_counter()
        sp = g.view(player)
        for c in sp.legal_cards():
            for d, _ in sp.outcomes(c) or [(None, 1)]:
                sp.play(c, d).legal_cards()
        out.append(ms(t))
    return out


def pct(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--views", type=int, default=40, help="views a stage")
    ap.add_argument("--variants", default="classic,briscolone,libero")
    args = ap.parse_args(argv)
    print(f"seed {args.seed}, {args.views} views a stage; ms: median [p10-p90] max, calls")
    print(f"{'stage':<34} {'median':>7} {'p10-p90':>15} {'max':>8} {'calls':>6}")
    for variant in args.variants.split(","):
        for name, lo, hi in STAGES:
            rng = random.Random(f"{args.seed}/{variant}/{name}")
            led = views(variant, rng, lo, hi, args.views, table=False)
            ends = views(variant, rng, lo, hi, args.views, table=True)
            rows = (("legal", stage_legal(led + ends)), ("outcomes", stage_outcomes(ends)),
                    ("expand", stage_expand(ends)))
            for what, ts in rows:
                label = f"{variant} {name} {what}"
                print(f"{label:<34} {pct(ts, .5):>7.2f} {pct(ts, .1):>7.2f}-{pct(ts, .9):<7.2f} "
                      f"{max(ts):>8.2f} {len(ts):>6}", flush=True)


if __name__ == "__main__":
    main()
