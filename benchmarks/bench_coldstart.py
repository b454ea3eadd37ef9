"""Cold and warm start of ``briscola analyse`` per game, whole process.

Cold: a fresh subprocess with an empty NUMBA_CACHE_DIR (the first run on a machine, which
compiles the kernels the game needs); warm: the same command again with that cache filled.
Wall seconds and CPU seconds (user + sys of the child: the compile's own cost, which a busy
machine does not inflate) for a small endgame of each game. ``--kernels``: the same for
loading each kernel module alone (``ready()``: its own compile, the numbers of
cli/coldstart.py's KERNELS table).

    python benchmarks/bench_coldstart.py [--variants scoperta,classic] [--repeat 3]
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


def run_once(position: str, cache: str, argv: list[str] | None = None) -> tuple[float, float, bool]:
    """(wall s, child CPU s, whether the compile notice was printed) of one analyse (or of
    the command ``argv``)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(argv or [sys.executable, "-m", "cli.main", "analyse", position], cwd=ROOT,
                       env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(argv or ['analyse'])} failed: {p.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, "note: compiling" in p.stderr


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default=",".join(POSITIONS))
    ap.add_argument("--repeat", type=int, default=3, help="warm runs per game (median)")
    ap.add_argument("--kernels", action="store_true", help="each kernel module's load instead")
    args = ap.parse_args()
    rows = []
    for v in KERNEL_MODULES if args.kernels else args.variants.split(","):
        cache = tempfile.mkdtemp(prefix=f"bench-cold-{v}-")
        argv = [sys.executable, "-c", f"import {v}; {v}.ready()"] if args.kernels else None
        try:
            cold = run_once(POSITIONS.get(v, ""), cache, argv)
            warm = sorted(run_once(POSITIONS.get(v, ""), cache, argv)[:2]
                          for _ in range(args.repeat))
            mid = warm[len(warm) // 2]
            rows.append((v, cold, mid))
            print(f"{v}: cold {cold[0]:.1f} s, warm {mid[0]:.2f} s", file=sys.stderr, flush=True)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    print(f"| {'kernel module' if args.kernels else 'game'} | cold wall s | cold CPU s | "
          "warm wall s | warm CPU s | compile CPU s (cold - warm) | notice printed |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for v, (cw, cc, note), (ww, wc) in rows:
        print(f"| {v} | {cw:.1f} | {cc:.1f} | {ww:.2f} | {wc:.2f} | {cc - wc:.1f} | "
              f"{'yes' if note else 'no'} |")


if __name__ == "__main__":
    main()
