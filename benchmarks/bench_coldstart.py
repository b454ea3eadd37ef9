"""The first hour on a new machine: what numba's compile of the search kernels costs.

Each measurement starts from an empty NUMBA_CACHE_DIR (a machine's first run) and runs
whole ``briscola`` processes, timing wall seconds and CPU seconds (user + sys of the
children: the compile's own cost, which a busy machine inflates much less than the wall
time):

- ``demo``: ``briscola demo`` on a cold cache (target, idle machine: at most 40 s wall);
- ``games``: every game's first analysis, one after another in one cache, so each compiles
  what the games before it did not (target: at most 90 s of compile in all), then the same
  analyses again, warm: compile = cold - warm;
- ``warm-up``: ``briscola warm-up`` (every kernel, a process each) on a cold cache;
- ``--kernels``: each kernel module loaded alone (``ready()``), the numbers of
  cli/coldstart.py's KERNELS table.

    python benchmarks/bench_coldstart.py                 # demo, games, warm-up
    python benchmarks/bench_coldstart.py --only games --variants scoperta,classic
    python benchmarks/bench_coldstart.py --kernels
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

POSITIONS = {
    "scoperta": "hand1=3C,AS hand2=2C,RS briscola=RD turn=1",
    "classic": "variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C turn=1 unseen=2D",
    "briscolone": "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1",
    "scoperta4": ("variant=scoperta4 hand1=AS,3S,RC hand2=4S,7S,FC hand3=AD,6B,2C "
                  "hand4=5D,2B,RB briscola=4C turn=1"),
    "libero": "variant=libero hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1",
}

KERNEL_MODULES = ("solver.search.scoperta", "solver.search.general", "solver.search.depth")


def run_once(argv: list[str], cache: str) -> tuple[float, float, bool]:
    """(wall s, children's CPU s, whether a compile notice was printed) of one process."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(argv[1:])} failed: {p.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, "note: compiling" in p.stderr


def briscola(*args: str) -> list[str]:
    return [sys.executable, "-m", "cli.main", *args]


def fresh_cache(name: str) -> str:
    return tempfile.mkdtemp(prefix=f"bench-cold-{name}-")


def table(title: str, rows) -> None:
    print(f"\n{title}\n")
    print("| what | cold wall s | cold CPU s | warm wall s | warm CPU s | compile CPU s "
          "(cold - warm) | notice printed |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for what, (cw, cc, note), warm in rows:
        ww, wc = warm if warm else (float("nan"), float("nan"))
        print(f"| {what} | {cw:.1f} | {cc:.1f} | {ww:.2f} | {wc:.2f} | {cc - wc:.1f} | "
              f"{'yes' if note else 'no'} |")


def measure(argv: list[str], cache: str, repeat: int):
    """(cold, warm median (wall, CPU)) of ``argv``: once on ``cache`` as it is, then
    ``repeat`` times more."""
    cold = run_once(argv, cache)
    warm = sorted(run_once(argv, cache)[:2] for _ in range(repeat))
    return cold, warm[len(warm) // 2] if warm else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default=",".join(POSITIONS))
    ap.add_argument("--repeat", type=int, default=1, help="warm runs per command (median)")
    ap.add_argument("--only", choices=["demo", "games", "warm-up"], action="append",
                    help="just these measurements (repeatable)")
    ap.add_argument("--kernels", action="store_true", help="each kernel module's load instead")
    args = ap.parse_args()
    caches = []
    try:
        if args.kernels:
            rows = []
            for m in KERNEL_MODULES:
                caches.append(fresh_cache(m))
                argv = [sys.executable, "-c", f"import {m}; {m}.ready()"]
                cold, warm = measure(argv, caches[-1], args.repeat)
                rows.append((m, cold, warm))
                print(f"{m}: cold {cold[0]:.1f} s wall, {cold[1]:.1f} s CPU", file=sys.stderr)
            table("Each kernel module loaded alone, empty cache:", rows)
            return
        only = set(args.only or ["demo", "games", "warm-up"])
        if "demo" in only:
            caches.append(fresh_cache("demo"))
            cold, warm = measure(briscola("demo"), caches[-1], args.repeat)
            print(f"demo: cold {cold[0]:.1f} s wall, {cold[1]:.1f} s CPU", file=sys.stderr)
            table("`briscola demo`, empty cache:", [("demo", cold, warm)])
        if "games" in only:
            caches.append(fresh_cache("games"))
            rows = []
            for v in args.variants.split(","):
                cold = run_once(briscola("analyse", POSITIONS[v]), caches[-1])
                rows.append([v, cold, None])
                print(f"{v}: cold {cold[0]:.1f} s wall, {cold[1]:.1f} s CPU", file=sys.stderr)
            for row in rows:
                warm = sorted(run_once(briscola("analyse", POSITIONS[row[0]]), caches[-1])[:2]
                              for _ in range(max(1, args.repeat)))
                row[2] = warm[len(warm) // 2]
            cw, cc = sum(r[1][0] for r in rows), sum(r[1][1] for r in rows)
            ww, wc = sum(r[2][0] for r in rows), sum(r[2][1] for r in rows)
            rows.append(["**every game, one after another**", (cw, cc, any(r[1][2] for r in rows)),
                         (ww, wc)])
            table("Every game's first `briscola analyse`, one after another in one empty cache:",
                  rows)
        if "warm-up" in only:
            caches.append(fresh_cache("warmup"))
            cold, warm = measure(briscola("warm-up"), caches[-1], args.repeat)
            print(f"warm-up: cold {cold[0]:.1f} s wall, {cold[1]:.1f} s CPU", file=sys.stderr)
            table(f"`briscola warm-up`, empty cache ({os.cpu_count()} cores):",
                  [("warm-up", cold, warm)])
    finally:
        for c in caches:
            shutil.rmtree(c, ignore_errors=True)


if __name__ == "__main__":
    main()
