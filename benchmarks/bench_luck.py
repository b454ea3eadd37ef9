"""How wide is a seat's luck interval in a review of a hidden-card game, and does it hold
the exact luck? (benchmarks/README.md, "Luck of a seat's draw")

    python benchmarks/bench_luck.py widths REC.json... --time 0.5 [--old OLD_REVIEW.py]
    python benchmarks/bench_luck.py coverage --games 40 --samples 4 [--variant V] [--uneven]
        [--old OLD_REVIEW.py]

"widths": every draw of each record whose luck a review estimates (the seat to move after
the draw, not solved in the time), measured as `briscola review --time-per-move T` does
(the card's analysis after the draw first, then the luck's own pass in T): the half-widths'
median, 90th percentile and max, and the samples each got. "coverage": deals of classic
(``--variant``: another game) played greedy against random, at the draws after which the
seat's view is small enough to value exactly (every consistent hand solved exactly over
the talon draws, each weighted by its chance, for every card it could have drawn: 10 and 12
cards alive; ``--uneven``: only draws whose cards are not alike, Briscolone's after a suit
not followed), each draw's luck measured on ``--samples`` sampled deals
and checked against the exact luck. ``--old``: a copy of solver/review.py from before
(git show REV:solver/review.py > FILE), run beside the current one on the same draws.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver import review as R  # noqa: E402
from solver.analysis import analyse, current_engine  # noqa: E402
from solver.analysis.driver import exact_values  # noqa: E402
from solver.game import deal_from_deck, play  # noqa: E402
from solver.players.agents import play_deal  # noqa: E402
from solver.record import deal_start, prepared, replay_all  # noqa: E402


def load_old(path):
    spec = importlib.util.spec_from_file_location("review_old", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["review_old"] = mod
    spec.loader.exec_module(mod)
    return mod


def deals_of(path):
    rec = prepared(json.load(open(path)))
    replay_all(rec)
    return [(deal_start(rec["variant"], d), tuple(d["moves"])) for d in rec["_deals"]]


def draws(start, moves):
    state = start
    for c in moves:
        after = play(state, c)
        if len(after.tricks) > len(state.tricks) and after.tricks[-1].draws:
            yield state, c, after
        state = after


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def cmd_widths(args):
    mods = {"new": R}
    if args.old:
        mods = {"old": load_old(args.old), **mods}
    current_engine().ready()
    out = {k: [] for k in mods}
    counts = {k: [] for k in mods}
    real_draws = R.analyse_draws

    def draws_counted(*a, **k):
        d = real_draws(*a, **k)
        counts["new"].append(d.samples)
        return d
    R.analyse_draws = draws_counted
    if "old" in mods:
        real_analysed = mods["old"]._analysed

        def analysed_counted(pos, seconds, cache, objective, samples=None):
            if samples:
                counts["old"].append(samples)
            return real_analysed(pos, seconds, cache, objective, samples)
        mods["old"]._analysed = analysed_counted
    for path in args.records:
        for start, moves in deals_of(path):
            for state, c, after in draws(start, moves):
                cache = {}
                nxt = after.view(after.to_move + 1)
                analyse(nxt, "points", limit=R.Limit(time=args.time))  # as the review has
                for k, mod in mods.items():
                    counts[k].clear()
                    t = time.perf_counter()
                    ds = mod.draw_luck(state, c, after, args.time, cache=cache)
                    secs = time.perf_counter() - t
                    n = statistics.mean(counts[k]) if counts[k] else 0
                    for d in ds:
                        if d.measured and not d.exact:
                            out[k].append((d.error, secs, n))
                            print(json.dumps({"mod": k, "rec": path, "move": d.move,
                                              "luck": d.luck, "error": d.error, "s": secs,
                                              "samples": n}), flush=True)
    for k, rows in out.items():
        e = [r[0] for r in rows]
        print(f"{k}: {len(e)} draws, half-width median {statistics.median(e):.1f}, "
              f"90th {pct(e, 0.9):.1f}, max {max(e):.1f}; "
              f"s a draw median {statistics.median(r[1] for r in rows):.2f}; samples a draw "
              f"(old: hands each draw's view, new: deals shared by every draw) median "
              f"{statistics.median(r[2] for r in rows):.0f}, least {min(r[2] for r in rows):.0f}")


def seat_value(sp, objective="points"):
    """The exact value of a seat's view: its best card's mean over every consistent hand,
    each weighted by its chance (``hand_weight``: alike but in Briscolone after a suit not
    followed)."""
    every = sp.every_hand(10_000)
    total = {}
    for h in every:
        vals, _ = exact_values(sp.with_hand(h), objective, None)
        for c, v in vals.items():
            total[c] = total.get(c, 0) + sp.hand_weight(h) * v
    return max(total.values()) / sum(sp.hand_weight(h) for h in every)


def cmd_coverage(args):
    mods = {"new": R}
    if args.old:
        mods = {"old": load_old(args.old), **mods}
    hits = {k: [] for k in mods}
    for seed in range(args.seed, args.seed + args.games):
        end = play_deal(args.variant, ["greedy", "random"], seed)
        start = deal_from_deck(args.variant, list(end.deck), end.dealer)
        for state, c, after in draws(start, end.moves):
            p = after.to_move
            alive = 40 - bin(after.view(p + 1).played).count("1")
            if not args.low <= alive <= args.high:
                continue
            view = state.view(p + 1)
            outs = view.outcomes(c)
            if not outs:
                continue
            if args.uneven and len({w for _, w in outs}) == 1:
                continue
            vals = [float(seat_value(view.play(c, z))) for z, _ in outs]
            came = [view.play(c, z) for z, _ in outs].index(after.view(p + 1))
            exact = vals[came] - sum(float(w) * v for (_, w), v in zip(outs, vals, strict=True))
            for k, mod in mods.items():
                b = dict(deal=1, move=len(state.moves) + 1, trick=1, objective="points",
                         player=p, seat_view=True, drawn=(), draws=len(outs))
                if k == "old":  # its seat pass, whatever the card's analysis says
                    r = mod._every_draw(view, c, outs, after, p, None, None, "points", False,
                                        mod._Pace(1.0, len(outs), args.samples))
                    luck, err = r[4][0] - r[0], R._quadrature([r[4][2], r[2]])
                else:
                    d = R._seat_luck(view, c, outs, after, p, 0.5, "points", b, args.samples)
                    luck, err = d.luck, d.error
                inside = abs(luck - exact) <= err + 1e-9
                hits[k].append((inside, err))
                print(json.dumps({"mod": k, "seed": seed, "alive": alive, "exact": exact,
                                  "luck": luck, "error": err, "inside": inside}), flush=True)
    for k, rows in hits.items():
        e = [r[1] for r in rows]
        print(f"{k}: {sum(r[0] for r in rows)}/{len(rows)} inside, half-width median "
              f"{statistics.median(e):.1f}, 90th {pct(e, 0.9):.1f}, max {max(e):.1f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("widths")
    w.add_argument("records", nargs="+")
    w.add_argument("--time", type=float, default=0.5)
    w.add_argument("--old")
    c = sub.add_parser("coverage")
    c.add_argument("--games", type=int, default=20)
    c.add_argument("--seed", type=int, default=9000)
    c.add_argument("--samples", type=int, default=4)
    c.add_argument("--low", type=int, default=10)
    c.add_argument("--high", type=int, default=12)
    c.add_argument("--variant", default="classic")
    c.add_argument("--uneven", action="store_true", help="only draws not all alike")
    c.add_argument("--old")
    args = ap.parse_args(argv)
    {"widths": cmd_widths, "coverage": cmd_coverage}[args.cmd](args)


if __name__ == "__main__":
    main()
