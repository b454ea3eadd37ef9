"""A/B of numpy's huge-page advice for the transposition tables: the first call and the search.

numpy asks the kernel for transparent huge pages (``madvise``) on every array of 4 MiB or
more; on a machine whose THP setting is ``madvise`` (``/sys/kernel/mm/transparent_hugepage``)
a fresh table's page faults then compact memory for each 2 MiB page. Each round runs one
fresh process with the advice (numpy's default) and one without
(``numpy._core.multiarray._set_madvise_hugepage(False)`` before any table is made), the
order swapped each round, and each process times, wall and its own CPU seconds:

- ``cold8``, ``cold10``: the process's first ``analyse`` of a talon-8, then a talon-10
  position (every thread, no limit), its fresh table (4 MB, 128 MB) made in the call;
- ``touch512``: making and zeroing a fresh 512 MB table (talon 12's);
- ``t10``, ``t12``: the kernel alone on one thread, every legal card, on talon-10
  positions and on talon-12 ones for their first T12_NODES nodes, the table (kept, its
  pages already faulted) emptied before each.

    python benchmarks/ab_hugepages.py --rounds 6
    python benchmarks/ab_hugepages.py --rounds 4 --t10 12 --t12 3

Prints each process's huge pages (``AnonHugePages``) after its searches, the medians over
rounds of each figure with and without the advice, and without/with per round.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

#: talon-12 positions (random_position seeds), each searched for this many nodes (its whole
#: search takes 6-130 s): the same nodes either way, the speed on a 512 MB table
T12_SEEDS = (0, 1, 2, 3)
T12_NODES = 12_000_000


def _huge_kb() -> int:
    with open("/proc/self/smaps_rollup") as f:
        return next(int(ln.split()[1]) for ln in f if ln.startswith("AnonHugePages"))


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def worker(advice: bool, t10: int, t12: int) -> None:
    import numpy as np

    try:
        from numpy._core import multiarray
    except ImportError:  # numpy 1
        from numpy.core import multiarray
    multiarray._set_madvise_hugepage(advice)
    from solver.analysis import analyse, driver
    from solver.random_positions import random_position
    from solver.search import scoperta as K
    from solver.search.table import new_table

    driver.ready()
    rng = random.Random(8888)
    out = {}
    p8 = random_position(random.Random(88), 8)
    p10 = random_position(random.Random(1010), 10)
    out["cold8"] = _timed(lambda: analyse(p8))
    out["cold10"] = _timed(lambda: analyse(p10))
    out["touch512"] = _timed(lambda: new_table((512 << 20) // 64).fill(0))

    def search(positions, most=None):
        w = c = 0.0
        for pos in positions:
            s = driver.Search(pos, "points")
            s.node_limit = most
            s.tt.fill(0)
            st = np.zeros(K.S_SIZE, dtype=np.int64)

            def run(s=s, st=st, pos=pos):
                for card in pos.legal_cards():
                    st[:] = 0
                    if s.move_value(card, stats=st, slice_nodes=1 << 60, quiet=True) is None:
                        return

            dw, dc = _timed(run)
            w, c = w + dw, c + dc
        return w, c

    out["t10"] = search([random_position(rng, 10, mid_trick=bool(j % 2)) for j in range(t10)])
    t12s = [random_position(random.Random(s), 12) for s in T12_SEEDS[:t12]]
    out["t12"] = search(t12s, T12_NODES)
    out["huge_mb"] = (_huge_kb() / 1024, 0.0)
    print(json.dumps(out), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--t10", type=int, default=12, help="talon-10 positions searched")
    ap.add_argument("--t12", type=int, default=3, help="talon-12 positions searched")
    ap.add_argument("--worker", choices=("on", "off"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.worker == "on", a.t10, a.t12)
        return
    with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
        print(f"THP enabled: {f.read().strip()}; load {os.getloadavg()[0]:.1f}")
    got: dict[str, list[dict]] = {"on": [], "off": []}
    for k in range(a.rounds):
        for side in ("on", "off") if k % 2 == 0 else ("off", "on"):
            cmd = [sys.executable, __file__, "--worker", side, "--t10", str(a.t10),
                   "--t12", str(a.t12)]
            r = json.loads(subprocess.run(cmd, capture_output=True, text=True,
                                          check=True).stdout.splitlines()[-1])
            got[side].append(r)
            print(f"round {k} {side:3}: " + ", ".join(
                f"{n} {w:.2f}/{c:.2f}" for n, (w, c) in r.items()), flush=True)
    print(f"load {os.getloadavg()[0]:.1f}; wall / CPU s, medians over {a.rounds} rounds")
    print("| figure | with advice wall | without wall | with CPU | without CPU "
          "| without/with wall per round | without/with CPU per round |")
    print("|---|---:|---:|---:|---:|---|---|")

    def per_round(n, i):
        x = [off[n][i] / on[n][i] for on, off in zip(got["on"], got["off"], strict=True)]
        return f"{', '.join(f'{v:.2f}' for v in x)} (median {statistics.median(x):.2f})"

    for n in got["on"][0]:
        if n == "huge_mb":
            continue
        med = [statistics.median(r[n][i] for r in got[s]) for i in (0, 1) for s in ("on", "off")]
        print(f"| {n} | {med[0]:.3f} | {med[1]:.3f} | {med[2]:.3f} | {med[3]:.3f} "
              f"| {per_round(n, 0)} | {per_round(n, 1)} |")
    print("huge pages after the searches, MB: with "
          + ", ".join(f"{r['huge_mb'][0]:.0f}" for r in got["on"]) + "; without "
          + ", ".join(f"{r['huge_mb'][0]:.0f}" for r in got["off"]))


if __name__ == "__main__":
    main()
