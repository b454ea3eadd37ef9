"""Engine strength in duplicate matches: engine at 1 s a move against greedy, against random,
and against itself at 0.1 s a move. Long: a 1 s engine plays ~20 moves a deal, so 1000
duplicate deals are ~11 CPU-hours per match; use --deals and --jobs.

    python benchmarks/bench_match.py --deals 1000 --jobs 32 --seed 1             # the full run
    python benchmarks/bench_match.py --deals 100 --matches engine:0.1/greedy     # a quick one
    python benchmarks/bench_match.py --deals 2000 --matches engine:1/greedy --log m.jsonl

With --log every finished deal is appended to the file at once, and a run finds the deals
already there (same match, variant and seed) and plays only the others: a match too long
for one sitting is stopped with Ctrl-C and resumed later, its summary covering all deals.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cli.options import check_output  # noqa: E402
from solver.cluster import TaskLog  # noqa: E402
from solver.players.match import log_key, log_row_error, run_logged, summarise  # noqa: E402

MATCHES = ("engine:1/greedy", "engine:1/random", "engine:1/engine:0.1")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="duplicate deals per match")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="scoperta")
    ap.add_argument("--matches", default=",".join(MATCHES),
                    help="comma separated A/B pairs (agent names as in briscola match)")
    ap.add_argument("--log", help="append each finished deal here (JSON lines) and resume "
                                  "from the deals already in it")
    args = ap.parse_args(argv)
    pairs = [m.split("/") for m in args.matches.split(",")]
    if any(len(p) != 2 for p in pairs):
        raise SystemExit("--matches: give A/B pairs, e.g. engine:1/greedy")
    try:
        check_output(args.log, False, "--log", append=True)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    print(f"variant {args.variant}, {args.deals} duplicate deals per match "
          f"({2 * args.deals} games), seed {args.seed}, {args.jobs} jobs")
    print(f"{'A':>12} {'B':>12} {'deals':>6} {'A margin/deal':>14} {'95% CI':>17} "
          f"{'A win rate':>10} {'95% CI':>15} {'W-D-L':>13} {'minutes':>8}")
    for a, b in pairs:
        t = time.monotonic()
        # run=(): one log holds every match of --matches
        log = TaskLog(args.log, log_key(args.variant, a, b, args.seed), log_row_error, run=())
        earlier = sum(i < args.deals for i in log.done())
        res, interrupted = run_logged(args.variant, a, b, args.deals, args.seed, args.jobs, log)
        if earlier:
            print(f"({earlier} deals from {args.log}, {len(res) - earlier} played now)")
        s = summarise(res)
        m, lo, hi = s.margin
        r, rlo, rhi = s.win_rate
        print(f"{a:>12} {b:>12} {s.pairs:>6} {m:>+14.2f} {f'[{lo:+.2f}, {hi:+.2f}]':>17} "
              f"{r:>10.3f} {f'[{rlo:.3f}, {rhi:.3f}]':>15} "
              f"{f'{s.wins}-{s.draws}-{s.losses}':>13} {(time.monotonic() - t) / 60:>8.1f}",
              flush=True)
        if interrupted:
            print("interrupted", file=sys.stderr)
            break


if __name__ == "__main__":
    main()
