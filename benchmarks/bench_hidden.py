"""Hidden-card engine and estimates: decision times of ``engine:T`` (the distribution the
time rule is about), samples per second at each stage of the deal, and how stable the best
card of a classic position is at several time limits.

    python benchmarks/bench_hidden.py times --deals 10 --engine engine:0.1 --variant classic
    python benchmarks/bench_hidden.py stability --limits 2,5,20 --runs 5
    python benchmarks/bench_hidden.py samples --samples 200
    python benchmarks/bench_hidden.py gap --a engine:0.1 --b engine:1 --deals 40 --jobs 2

Times are wall-clock on whatever the machine is doing; a warm-up deal first loads the
compiled kernels, so compile time is not counted.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver.analysis import Limit, driver  # noqa: E402
from solver.analysis.sampling import analyse, analyse_open, analyse_state  # noqa: E402
from solver.cards import card_str, popcount  # noqa: E402
from solver.game import deal, legal_cards, play  # noqa: E402
from solver.players.agents import GreedyAgent, get_agent  # noqa: E402
from solver.players.infer import hand_weigher  # noqa: E402
from solver.position import parse_position  # noqa: E402
from solver.position import SeatPosition  # noqa: E402

EXAMPLE = "variant=classic hand1=FB,5C,FC hand2=2C,AC,FS briscola=2S played=- turn=1"


def percentile(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))]


def decision_times(variant: str, engine: str, deals: int, seed: int):
    """(wall seconds, cards alive, samples, CPU seconds) of every engine decision with a
    choice, the engine playing both sides against greedy in turn."""
    agent, greedy = get_agent(engine), GreedyAgent()
    out = []
    for i in range(-1, deals):  # deal -1 is the warm-up
        for side in (0, 1):
            rng = random.Random(f"{seed}/{i}/{side}")
            st = deal(variant, rng)
            while not st.is_over:
                if st.to_move % 2 == side and len(legal_cards(st)) > 1:
                    alive = 40 - popcount(st.captured[0] | st.captured[1])
                    t, cpu = time.perf_counter(), time.process_time()
                    c = agent(st, rng)
                    dt = time.perf_counter() - t
                    if i >= 0:
                        a = getattr(agent, "last", None)
                        out.append((dt, alive, getattr(a, "samples", None),
                                    time.process_time() - cpu))
                else:
                    c = greedy(st, rng)
                st = play(st, c)
    return out


def cmd_times(args) -> None:
    print(f"variant {args.variant}, {args.deals} deals x 2 sides against greedy, seed {args.seed}")
    print("wall-clock seconds a decision (CPU seconds of the process in the second row: the "
          "gap is time the machine gave to other work)")
    print(f"{'engine':>16} {'moves':>6} {'p50':>7} {'p90':>7} {'p99':>7} {'max':>7} "
          f"{'>1.5T':>6} {'>T+0.5':>7}")
    for engine in args.engine.split(","):
        rows = decision_times(args.variant, engine, args.deals, args.seed)
        T = get_agent(engine).seconds or float("inf")
        for label, ts in ((engine, [r[0] for r in rows]), ("cpu", [r[3] for r in rows])):
            print(f"{label:>16} {len(ts):>6} {percentile(ts, .5):>7.3f} {percentile(ts, .9):>7.3f} "
                  f"{percentile(ts, .99):>7.3f} {max(ts):>7.3f} {sum(t > 1.5 * T for t in ts):>6} "
                  f"{sum(t > T + 0.5 for t in ts):>7}", flush=True)
        if args.stages:
            by = {}
            for dt, alive, n, _ in rows:
                if n:
                    by.setdefault(alive // 8 * 8, []).append((dt, n))
            for a in sorted(by, reverse=True):
                v = by[a]
                print(f"{'':>16} alive {a:>2}-{a + 7:<2}: {sum(n for _, n in v) / len(v):7.1f} "
                      f"samples a move, {sum(n for _, n in v) / sum(d for d, _ in v):8.0f} a second")


def cmd_samples(args) -> None:
    """Samples a second of the seat estimator at each stage (engine@N against greedy)."""
    rows = decision_times(args.variant, f"engine@{args.samples}", args.deals, args.seed)
    by = {}
    for dt, alive, n, _ in rows:
        if n:
            by.setdefault(alive // 8 * 8, []).append((dt, n))
    print(f"variant {args.variant}, engine@{args.samples}, {len(rows)} decisions")
    print(f"{'cards alive':>12} {'moves':>6} {'samples/s':>10} {'s a move':>9}")
    for a in sorted(by, reverse=True):
        v = by[a]
        print(f"{f'{a}-{a + 7}':>12} {len(v):>6} {sum(n for _, n in v) / sum(d for d, _ in v):>10.0f} "
              f"{sum(d for d, _ in v) / len(v):>9.3f}")


def cmd_stability(args) -> None:
    """The best card of a position at each limit over runs with different seeds."""
    pos = parse_position(args.position)
    driver.ready()  # the first run's clock must not count the kernels' load
    print(f"position: {args.position}")
    print(f"{'limit s':>8} {'runs':>5} {'best cards (count)':>30} {'samples':>8} {'top two gap':>12} "
          f"{'± of best':>10} {'± of gap':>9}")
    for lim in (float(x) for x in args.limits.split(",")):
        best, ns, gaps, errs, gap_errs = Counter(), [], [], [], []
        for r in range(args.runs):
            if isinstance(pos, SeatPosition):
                a = analyse(pos, "points", Limit(lim), seed=r, progress=False)
            else:
                a = analyse_open(pos, "points", Limit(lim), seed=r, progress=False)
            best[card_str(a.best[0])] += 1
            ns.append(a.samples or int(a.notes[0].split()[0]))
            gaps.append(a.moves[0].value - a.moves[1].value)
            errs.append(a.moves[0].error or 0.0)
            gap_errs.append(a.moves[1].gap_error or 0.0)
        txt = ", ".join(f"{c} ({k})" for c, k in best.most_common())
        print(f"{lim:>8g} {args.runs:>5} {txt:>30} {sum(ns) / len(ns):>8.0f} "
              f"{sum(gaps) / len(gaps):>12.2f} {sum(errs) / len(errs):>10.2f} "
              f"{sum(gap_errs) / len(gap_errs):>9.2f}", flush=True)


def deal_gaps(job):
    """Every decision with a choice of one deal that engine A plays on both sides: (cards
    alive, A's card == B's card, the judge's value of B's card minus A's). The judge is the
    seat estimator with many samples on its own seed, weighting hands as the engine does;
    it runs only where the two cards differ."""
    variant, a_name, b_name, judge_samples, seed, i = job
    a, b = get_agent(a_name), get_agent(b_name)
    rng = random.Random(f"{seed}/{i}")
    st = deal(variant, rng)
    rows = []
    while not st.is_over:
        legal = legal_cards(st)
        c = legal[0]
        if len(legal) > 1:
            key = f"{seed}/{i}/{len(rows)}"  # the same tie-break for both
            c = a(st, random.Random(key))
            cb = b(st, random.Random(key))
            gap = 0.0
            if cb != c:
                j = analyse_state(st, st.to_move, budget=Limit(samples=judge_samples),
                                  seed=7919 * i + len(rows), weigh=hand_weigher(st, st.to_move))
                gap = j.move(cb).value - j.move(c).value
            rows.append((40 - popcount(st.captured[0] | st.captured[1]), cb == c, gap))
        st = play(st, c)
    return i, rows


def cmd_gap(args) -> None:
    """What B's extra budget wins over A per decision, judged by a much longer estimate:
    a prediction of the match A against B, and of the pairs that match needs."""
    import statistics
    from multiprocessing import get_context
    jobs = [(args.variant, args.a, args.b, args.judge_samples, args.seed, i)
            for i in range(args.deals)]
    rows, per_deal = [], []
    t0 = time.perf_counter()
    with get_context("spawn").Pool(args.jobs) as pool:
        for i, rs in pool.imap_unordered(deal_gaps, jobs):
            rows += rs
            per_deal.append(sum(g for *_, g in rs))
            print(f"deal {i}: {len(rs)} decisions, {sum(not same for _, same, _ in rs)} differ, "
                  f"gain {per_deal[-1]:+.2f} ({time.perf_counter() - t0:.0f} s)",
                  file=sys.stderr, flush=True)
    print(f"variant {args.variant}: {args.b} against {args.a}, {args.deals} deals played by "
          f"{args.a} on both sides, judge {args.judge_samples} samples on its own seed")
    print("| cards alive | decisions | cards differ | mean gain a decision | 95 % CI |")
    print("|---|---:|---:|---:|---|")
    by = {}
    for alive, same, g in rows:
        by.setdefault(min(alive, 39) // 8 * 8, []).append((same, g))
    for lo in sorted(by, reverse=True):
        v = by[lo]
        gs = [g for _, g in v]
        m = statistics.fmean(gs)
        h = 1.96 * statistics.stdev(gs) / len(gs) ** 0.5 if len(gs) > 1 else float("nan")
        print(f"| {lo}-{lo + 7} | {len(v)} | {sum(not s for s, _ in v)} | {m:+.3f} | "
              f"[{m - h:+.3f}, {m + h:+.3f}] |")
    gs = [g for *_, g in rows]
    m = statistics.fmean(gs)
    # a seat makes half the deal's decisions; per_deal sums both seats' gains
    seat = [d / 2 for d in per_deal]
    dm = statistics.fmean(seat)
    dh = 1.96 * statistics.stdev(seat) / len(seat) ** 0.5 if len(seat) > 1 else float("nan")
    print(f"| all | {len(rows)} | {sum(not s for _, s, _ in rows)} | {m:+.3f} | |")
    print(f"\npredicted margin of {args.b} a deal: {dm:+.2f} [{dm - dh:+.2f}, {dm + dh:+.2f}] "
          f"(the gains of one seat's decisions in a deal, averaged over deals)")
    if dm > 0:
        need = (1.96 * args.pair_sd / dm) ** 2
        need80 = ((1.96 + 0.84) * args.pair_sd / dm) ** 2
        print(f"duplicate pairs for a 95 % CI above zero, with pair margins spread by "
              f"{args.pair_sd}: {need:,.0f} at the predicted gain (half the time), "
              f"{need80:,.0f} for 80 % power")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("times", help="decision-time distribution of engine:T")
    t.add_argument("--engine", default="engine:0.1,engine-pimc:0.1")
    t.add_argument("--stages", action="store_true", help="samples a move by stage too")
    s = sub.add_parser("samples", help="samples a second by stage (a sample budget)")
    s.add_argument("--samples", type=int, default=100)
    for p in (t, s):
        p.add_argument("--variant", default="classic")
        p.add_argument("--deals", type=int, default=10)
        p.add_argument("--seed", type=int, default=1)
    b = sub.add_parser("stability", help="best card of a position at several time limits")
    b.add_argument("--position", default=EXAMPLE)
    b.add_argument("--limits", default="2,5,20")
    b.add_argument("--runs", type=int, default=5)
    g = sub.add_parser("gap", help="predicted margin of engine B over engine A from their "
                                   "decisions, judged by a long estimate")
    g.add_argument("--a", default="engine:0.1")
    g.add_argument("--b", default="engine:1")
    g.add_argument("--variant", default="classic")
    g.add_argument("--deals", type=int, default=40)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--judge-samples", type=int, default=20000)
    g.add_argument("--pair-sd", type=float, default=16.7,
                   help="spread of a duplicate pair's mean margin (16.7 in the kept classic "
                        "and Briscolone match logs)")
    args = ap.parse_args(argv)
    {"times": cmd_times, "samples": cmd_samples, "stability": cmd_stability,
     "gap": cmd_gap}[args.cmd](args)


if __name__ == "__main__":
    main()
