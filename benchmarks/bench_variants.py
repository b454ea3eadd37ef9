"""The other games' solver (one general kernel): per variant and stage, median and max
seconds, nodes and nodes/s over a fixed seeded set of positions, and the speed-up over the
general reference solver where it can run. Same columns as bench_solver.py.

    python benchmarks/bench_variants.py
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import open_games_reference as R  # noqa: E402
from bench_solver import time_analyses  # noqa: E402
from solver.analysis import analyse  # noqa: E402

# name, variant, talon, positions, reference positions
STAGES = [
    ("Briscolone endgame (talon 0, 5 tricks)", "briscolone", 0, 40, 10),
    ("Libero endgame (talon 0)", "libero", 0, 40, 5),
    ("Briscolone talon 4", "briscolone", 4, 10, 0),
    ("classic (open) talon 6", "classic", 6, 10, 0),
    ("4-player endgame (talon 0, 3 tricks)", "scoperta4", 0, 40, 10),
    ("4-player talon 4", "scoperta4", 4, 6, 0),
    ("4-player talon 8", "scoperta4", 8, 2, 0),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a quarter of the positions, no 4-player talon 8")
    args = ap.parse_args()
    analyse(R.random_position("briscolone", 0, 0, random.Random(1)))  # load the kernel
    print("| stage | positions | median s | max s | median nodes | nodes/s | vs reference |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, variant, talon, n, nref in STAGES:
        if args.quick:
            if talon >= 8:
                continue
            n = max(2, n // 4)
        rng = random.Random(7000 + talon)
        ps = [R.random_position(variant, talon, i % 2, rng) for i in range(n)]
        secs, nodes = time_analyses(ps)
        sp = "-"
        if nref and not args.quick:
            rs = []
            for p in ps[:nref]:
                t = time.perf_counter()
                R.clear()
                R.move_values(p)
                rs.append(time.perf_counter() - t)
            sp = f"{statistics.median(rs) / statistics.median(secs[:nref]):,.0f}x"
        print(f"| {name} | {n} | {statistics.median(secs):.4f} | {max(secs):.4f} | "
              f"{int(statistics.median(nodes)):,} | {sum(nodes) / max(sum(secs), 1e-9):,.0f} | {sp} |",
              flush=True)


if __name__ == "__main__":
    main()
