"""Hidden-card engine and estimates: decision times of ``engine:T`` (the distribution the
time rule is about), samples per second at each stage of the deal, and how stable the best
card of a classic position is at several time limits.

    python benchmarks/bench_hidden.py times --deals 10 --engine engine:0.1 --variant classic
    python benchmarks/bench_hidden.py stability --limits 2,5,20 --runs 5
    python benchmarks/bench_hidden.py samples --samples 200

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

from solver.analysis.sampling import analyse, analyse_open  # noqa: E402
from solver.cards import card_str, popcount  # noqa: E402
from solver.game import deal, legal_cards, play  # noqa: E402
from solver.players.agents import GreedyAgent, get_agent  # noqa: E402
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
                if st.turn % 2 == side and len(legal_cards(st)) > 1:
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
    print(f"position: {args.position}")
    print(f"{'limit s':>8} {'runs':>5} {'best cards (count)':>30} {'samples':>8} {'top two gap':>12} "
          f"{'± of best':>10}")
    for lim in (float(x) for x in args.limits.split(",")):
        best, ns, gaps, errs = Counter(), [], [], []
        for r in range(args.runs):
            if isinstance(pos, SeatPosition):
                a = analyse(pos, "points", lim, seed=r, progress=False)
            else:
                a = analyse_open(pos, "points", lim, seed=r, progress=False)
            best[card_str(a.best[0])] += 1
            ns.append(a.samples or int(a.notes[0].split()[0]))
            gaps.append(a.moves[0].value - a.moves[1].value)
            errs.append(a.moves[0].error or 0.0)
        txt = ", ".join(f"{c} ({k})" for c, k in best.most_common())
        print(f"{lim:>8g} {args.runs:>5} {txt:>30} {sum(ns) / len(ns):>8.0f} "
              f"{sum(gaps) / len(gaps):>12.2f} {sum(errs) / len(errs):>10.2f}", flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    args = ap.parse_args(argv)
    {"times": cmd_times, "samples": cmd_samples, "stability": cmd_stability}[args.cmd](args)


if __name__ == "__main__":
    main()
