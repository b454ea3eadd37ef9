"""Solver benchmark: per stage, median, 90th percentile, max and spread of the seconds,
nodes and nodes/s over a fixed seeded set of positions, the speed-up over the reference
solver where it can run, and the compile time, cold start and warm start of ``briscola
analyse``.

    python benchmarks/bench_solver.py            # the table of benchmarks/README.md (a few minutes)
    python benchmarks/bench_solver.py --quick    # fewer positions, no talon 12
    python benchmarks/bench_solver.py --fresh 12345   # positions from another seed
    python benchmarks/bench_solver.py --nodes    # one thread: nodes and where they go
    python benchmarks/bench_solver.py --talon12-set   # 40 talon-12 positions, 60 s limit
    python benchmarks/bench_solver.py --talon14-set   # 10 fixed talon-14 positions
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

from solver.analysis import driver as engine  # noqa: E402
from solver.analysis import analyse  # noqa: E402
from solver.random_positions import random_position  # noqa: E402

# stage name, talon, clairvoyant, positions (full, quick), reference positions
STAGES = [
    ("last draw (talon 2)", 2, False, (200, 50), 100),
    ("talon 4", 4, False, (100, 30), 30),
    ("talon 6", 6, False, (60, 15), 6),
    ("talon 8", 8, False, (80, 20), 0),
    ("talon 10", 10, False, (30, 6), 0),
    ("talon 12", 12, False, (12, 0), 0),
    ("clairvoyant talon 8", 8, True, (50, 15), 10),
    ("clairvoyant from the deal (34)", 34, True, (40, 10), 0),
]
TALON14_SEED = 14014
TALON14_FILE = ROOT / "benchmarks" / "data" / "exact_t14_points.jsonl"


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


def spread(secs) -> tuple[float, float, float, float]:
    """(median, 90th percentile, max, interquartile range) of the seconds."""
    xs = sorted(secs)

    def q(f):
        return xs[int(round(f * (len(xs) - 1)))]
    return statistics.median(xs), q(0.9), xs[-1], q(0.75) - q(0.25)


def stage_positions(talon: int, clair: bool, n: int, seed: int | None = None):
    """The stage's fixed seeded positions (half at trick start, half mid-trick), or
    positions drawn the same way from another ``seed``."""
    base = 1000 + talon + (500 if clair else 0)
    rng = random.Random(base if seed is None else seed * 1000 + base)
    return [random_position(rng, talon, mid_trick=bool(i % 2), clairvoyant=clair) for i in range(n)]


def node_profile(stages, q: int) -> None:
    """One thread, an empty table per position: deterministic node counts and where they
    go, for judging a search change without timing it."""
    import numpy as np
    from solver.search import scoperta as K
    print("| stage (one thread) | positions | nodes | chance nodes | Star2 probes | probe cuts "
          "| table hits | seconds | nodes/s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, talon, clair, counts, _ in stages:
        if talon < 8 or counts[q] == 0:
            continue
        ps = stage_positions(talon, clair, counts[q])
        tot = np.zeros(K.S_SIZE, dtype=np.int64)
        secs = 0.0
        for p in ps:
            s = engine.Search(p, "points")
            s.tt.fill(0)
            st = np.zeros(K.S_SIZE, dtype=np.int64)
            t = time.perf_counter()
            for c in p.legal_cards():
                st[:] = 0
                s.move_value(c, stats=st, slice_nodes=1 << 60)
                tot += st
            secs += time.perf_counter() - t
        n = int(tot[K.S_NODES])
        print(f"| {name} | {len(ps)} | {n:,} | {int(tot[K.S_CHANCE]):,} | {int(tot[K.S_PROBE]):,} | "
              f"{int(tot[K.S_PROBECUT]):,} | {int(tot[K.S_TTHIT]):,} | {secs:.2f} | {n / secs:,.0f} |",
              flush=True)


def talon14_set(limit: float) -> None:
    """Ten fixed talon-14 positions, every card's exact value (both cores, ``limit`` s
    each): seconds and nodes; the values are compared with benchmarks/data/ where cached,
    and cached there when they are not yet."""
    import json
    from solver.cards import card_str
    ps = stage_positions(14, False, 10, TALON14_SEED)
    cached = {}
    if TALON14_FILE.exists():
        for line in TALON14_FILE.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                cached[row["position"]] = row["moves"]
    secs, nodes, exact, agree, new = [], [], 0, 0, []
    for i, p in enumerate(ps):
        t = time.perf_counter()
        res = engine.exact_values(p, "points", time.perf_counter() + limit)
        secs.append(time.perf_counter() - t)
        done = res is not None
        if done:
            exact += 1
            vals, n = res
            nodes.append(n)
            moves = {card_str(c): str(v) for c, v in vals.items()}
            text = p.to_text()
            if text in cached:
                agree += cached[text] == moves
            else:
                new.append({"position": text, "talon": 14, "moves": moves})
        print(f"  {i} {'exact' if done else 'not done'} {secs[-1]:8.1f} s", file=sys.stderr, flush=True)
    if new:
        with TALON14_FILE.open("a") as f:
            for row in new:
                f.write(json.dumps(row) + "\n")
    med, p90, mx, _ = spread(secs)
    print(f"| talon-14 set (limit {limit:g} s) | positions | exact | values as cached | newly cached "
          "| median s | 90th percentile s | max s | median nodes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| seed {TALON14_SEED} | {len(ps)} | {exact} | {agree} of {exact - len(new)} | {len(new)} | "
          f"{med:.1f} | {p90:.1f} | {mx:.1f} | {int(statistics.median(nodes)) if nodes else 0:,} |")


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
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-process", action="store_true", help="skip cold/warm start")
    ap.add_argument("--fresh", type=int, nargs="?", const=-1, default=None, metavar="SEED",
                    help="positions drawn from this seed instead of the fixed ones "
                         "(without a value: a seed from the clock, printed)")
    ap.add_argument("--nodes", action="store_true",
                    help="one thread, deterministic node counts by kind (talon 8 and up)")
    ap.add_argument("--talon14-set", action="store_true",
                    help="10 fixed talon-14 positions, exact values cached in benchmarks/data/")
    ap.add_argument("--limit", type=float, default=600.0,
                    help="seconds per talon-14 position (default 600)")
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
    analyse(random_position(random.Random(1), 6))  # load the kernels before timing
    if args.talon14_set:
        talon14_set(args.limit)
        return
    if args.nodes:
        print(f"machine: {machine()}; one thread")
        node_profile(STAGES, q)
        return
    seed = args.fresh
    if seed == -1:
        seed = int(time.time()) % 1_000_000
    print(f"machine: {machine()}; threads: {engine.current().threads}; positions: "
          + ("fixed" if seed is None else f"fresh, --fresh {seed}"))
    n_batch = 50_000 if args.quick else 200_000
    rate, dt, _, ref, per = endgame_batch(n_batch)
    print()
    print("| stage | positions | median s | 90th percentile s | max s | interquartile s "
          "| median nodes | nodes/s | vs reference |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    sp = f"{ref / per:,.0f}x" if ref else "-"
    print(f"| talon empty, batch API ({rate:,.0f} positions/s) | {n_batch:,} | {per:.2e} | - | - | - "
          f"| - | - | {sp} |")
    for name, talon, clair, counts, nref in STAGES:
        n = counts[q]
        if n == 0:
            continue
        ps = stage_positions(talon, clair, n, seed)
        secs, nodes = time_analyses(ps)
        med, p90, mx, iqr = spread(secs)
        ref_med = reference_median(ps[:nref]) if nref and not args.quick else None
        fast_med_sub = statistics.median(secs[:nref]) if nref and ref_med else None
        sp = f"{ref_med / fast_med_sub:,.0f}x" if ref_med else "-"
        print(f"| {name} | {n} | {med:.4f} | {p90:.4f} | {mx:.4f} | {iqr:.4f} | "
              f"{int(statistics.median(nodes)):,} | {sum(nodes) / sum(secs):,.0f} | {sp} |", flush=True)
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
