"""Solver benchmark: per stage, median and max seconds, nodes and nodes/s over a fixed
seeded set of positions, the speed-up over the reference solver where it can run, and the
compile time, cold start and warm start of ``briscola analyse``.

    python benchmarks/bench_solver.py            # the README table (a few minutes)
    python benchmarks/bench_solver.py --quick    # fewer positions, no talon 12
    python benchmarks/bench_solver.py --talon12-set   # 40 talon-12 positions, 60 s limit
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from solver import engine  # noqa: E402
from solver.analysis import analyse  # noqa: E402
from solver.sample import random_position  # noqa: E402

# stage name, talon, clairvoyant, positions (full, quick), reference positions
STAGES = [
    ("last draw (talon 2)", 2, False, (200, 50), 100),
    ("talon 4", 4, False, (100, 30), 30),
    ("talon 6", 6, False, (50, 15), 6),
    ("talon 8", 8, False, (30, 10), 0),
    ("talon 10", 10, False, (10, 4), 0),
    ("talon 12", 12, False, (6, 0), 0),
    ("clairvoyant talon 8", 8, True, (50, 15), 10),
    ("clairvoyant from the deal (34)", 34, True, (20, 6), 0),
]


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def time_analyses(positions):
    secs, nodes = [], []
    for p in positions:
        t = time.perf_counter()
        a = analyse(p)
        secs.append(time.perf_counter() - t)
        nodes.append(a.nodes)
        assert a.exact, f"not exact: {p}"
    return secs, nodes


def reference_median(positions) -> float | None:
    if not positions:
        return None
    from reference import ref_values
    secs = []
    for p in positions:
        t = time.perf_counter()
        ref_values(p)
        secs.append(time.perf_counter() - t)
    return statistics.median(secs)


def endgame_batch(n: int):
    rng = random.Random(100)
    ps = [random_position(rng, 0, mid_trick=bool(i % 2)) for i in range(n)]
    engine.solve_endgames(*engine.endgame_arrays(ps[:10]))  # compiled/loaded
    t = time.perf_counter()
    out = engine.solve_endgames(*engine.endgame_arrays(ps))
    dt = time.perf_counter() - t
    ref = reference_median(ps[:300])
    return n / dt, dt, out, ref, dt / n


def process_times(position: str, bigger: list[str]) -> tuple[float, float, float, list[float]]:
    """Cold start (empty numba cache: compile + run), warm start (cached), both whole
    processes of ``briscola analyse``; compile time is their difference. Then warm whole
    processes on the ``bigger`` positions (each process allocates its own table)."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, NUMBA_CACHE_DIR=d)
        cmd = [sys.executable, "-m", "cli.main", "analyse"]
        t = time.perf_counter()
        subprocess.run(cmd + [position], env=env, cwd=ROOT, check=True, capture_output=True)
        cold = time.perf_counter() - t
        warm = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run(cmd + [position], env=env, cwd=ROOT, check=True, capture_output=True)
            warm.append(time.perf_counter() - t)
        big = []
        for p in bigger:
            t = time.perf_counter()
            subprocess.run(cmd + [p], env=env, cwd=ROOT, check=True, capture_output=True)
            big.append(time.perf_counter() - t)
    return cold, min(warm), cold - min(warm), big


def talon12_set(limit: float) -> None:
    """The 40 cached talon-12 positions of the estimator benchmark through ``analyse`` with
    the CLI's time limit: how many come back exact, how long they take, and whether every
    card's value equals the cached one."""
    import json
    from fractions import Fraction
    from solver.cards import card_str
    from solver.position import parse_position
    path = ROOT / "benchmarks" / "data" / "exact_t12_points.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    secs, nodes, exact, agree = [], [], 0, 0
    for i, row in enumerate(rows):
        pos = parse_position(row["position"])
        t = time.perf_counter()
        a = analyse(pos, "points", limit)
        secs.append(time.perf_counter() - t)
        nodes.append(a.nodes)
        if a.exact:
            exact += 1
            got = {card_str(m.card): m.value_exact for m in a.moves}
            agree += got == {k: Fraction(v) for k, v in row["moves"].items()}
        print(f"  {i:2d} {'exact' if a.exact else 'ESTIMATE'} {secs[-1]:7.2f} s {a.nodes:>13,} nodes",
              file=sys.stderr, flush=True)
    secs.sort()
    print()
    print(f"| talon-12 set (time limit {limit:g} s) | positions | exact | values as cached | "
          "median s | 90th percentile s | max s | median nodes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| benchmarks/data/exact_t12_points.jsonl | {len(rows)} | {exact} | {agree} | "
          f"{statistics.median(secs):.1f} | {secs[int(0.9 * (len(secs) - 1))]:.1f} | "
          f"{secs[-1]:.1f} | {int(statistics.median(nodes)):,} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-process", action="store_true", help="skip cold/warm start")
    ap.add_argument("--talon12-set", action="store_true",
                    help="only the 40 cached talon-12 positions, through analyse with the "
                         "CLI's 60 s time limit (about 7 minutes)")
    args = ap.parse_args()
    if args.talon12_set:
        from cli.cmd_analyse import DEFAULT_TIME_LIMIT
        analyse(random_position(random.Random(1), 6))
        talon12_set(DEFAULT_TIME_LIMIT)
        return
    q = 1 if args.quick else 0
    print(f"machine: {machine()}; threads: {engine.THREADS}")
    analyse(random_position(random.Random(1), 6))  # load the kernels before timing
    n_batch = 50_000 if args.quick else 200_000
    rate, dt, _, ref, per = endgame_batch(n_batch)
    print()
    print("| stage | positions | median s | max s | median nodes | nodes/s | vs reference |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    sp = f"{ref / per:,.0f}x" if ref else "-"
    print(f"| talon empty, batch API ({rate:,.0f} positions/s) | {n_batch:,} | {per:.2e} | - | - | - | {sp} |")
    for name, talon, clair, counts, nref in STAGES:
        n = counts[q]
        if n == 0:
            continue
        rng = random.Random(1000 + talon + (500 if clair else 0))
        ps = [random_position(rng, talon, mid_trick=bool(i % 2), clairvoyant=clair) for i in range(n)]
        secs, nodes = time_analyses(ps)
        med = statistics.median(secs)
        ref_med = reference_median(ps[:nref]) if nref and not args.quick else None
        fast_med_sub = statistics.median(secs[:nref]) if nref and ref_med else None
        sp = f"{ref_med / fast_med_sub:,.0f}x" if ref_med else "-"
        print(f"| {name} | {n} | {med:.4f} | {max(secs):.4f} | {int(statistics.median(nodes)):,} | "
              f"{sum(nodes) / sum(secs):,.0f} | {sp} |", flush=True)
    if not args.no_process:
        pos = "hand1=3C,AS,7B hand2=2C,RS,FD briscola=RD turn=1"
        rng = random.Random(1008)
        bigger = [random_position(rng, 8).to_text() for _ in range(5)]
        cold, warm, comp, big = process_times(pos, bigger)
        print()
        print("| `briscola analyse`, whole process | seconds |")
        print("|---|---:|")
        print(f"| cold start, talon-empty endgame (first run ever: compiles the kernels) | {cold:.2f} |")
        print(f"| warm start, talon-empty endgame (cached kernels) | {warm:.2f} |")
        print(f"| compile time (cold - warm) | {comp:.2f} |")
        print(f"| warm, talon 8 (median of {len(big)} positions) | {statistics.median(big):.2f} |")


if __name__ == "__main__":
    main()
