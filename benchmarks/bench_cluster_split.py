"""One position on a cluster (`analyse POSITION --cluster`) against the local exact search:
wall seconds, tasks, nodes and the core-seconds the tasks took, at both depths of the split
(solver/split_search.py), on fresh positions (``random_position(random.Random(seed),
talon)``), with every card's exact value checked against the local answer.

    python benchmarks/bench_cluster_split.py --talon 10 --seeds 1010,1011,1012
    python benchmarks/bench_cluster_split.py --talon 12 --seeds 1210 --workers 2

The local search runs with the engine's default threads; the cluster is a local one of
``--workers`` processes, one search thread each, started once (its start is not counted).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver import cluster as cl  # noqa: E402
from solver import split_search as S  # noqa: E402
from solver.analysis import analyse, default_engine  # noqa: E402
from solver.random_positions import random_position  # noqa: E402


def timed_task(texts: list[str], objective: str) -> tuple[list[dict], float]:
    """A split task and the seconds it took on its worker."""
    t = time.perf_counter()
    rows = S.solve_task(texts, objective)
    return rows, time.perf_counter() - t


def forget() -> None:
    default_engine().forget_tables()


def on_cluster(pos, depth: str, client, threads: int):
    t0 = time.perf_counter()
    s = S.split(pos, "points", depth)
    groups = S.tasks(s, s.todo(), threads)
    texts = {i: s.leaves[i].pos.to_text() for i in s.todo()}
    values, busy = {}, 0.0
    for k, (rows, secs) in cl.run(timed_task, {k: ([texts[i] for i in g], "points")
                                               for k, g in enumerate(groups)}, client):
        busy += secs
        values.update({i: S.LeafValue.from_json(r) for i, r in zip(groups[k], rows,
                                                                   strict=True)})
    return S.combine(s, values, time.perf_counter() - t0), len(groups), busy


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talon", type=int, default=10)
    ap.add_argument("--seeds", default="1010")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--depths", default=",".join(S.DEPTHS))
    args = ap.parse_args()
    seeds = [int(x) for x in args.seeds.split(",")]
    depths = args.depths.split(",")
    print(f"talon {args.talon}, {os.cpu_count()} cores, local threads "
          f"{default_engine().workspace.threads}, cluster of {args.workers} workers")
    print("| seed | local s | local nodes | " + " | ".join(
        f"{d}: tasks | s | core-s | nodes" for d in depths) + " |")
    with cl.connect(workers=args.workers) as client:
        for seed in seeds:
            pos = random_position(random.Random(seed), args.talon)
            forget()
            t = time.perf_counter()
            local = analyse(pos)
            row = [str(seed), f"{time.perf_counter() - t:.1f}", f"{local.nodes:,}"]
            for depth in depths:
                client.run(forget)
                a, n, busy = on_cluster(pos, depth, client, args.workers)
                assert [(m.card, m.value_exact) for m in a.moves] == \
                    [(m.card, m.value_exact) for m in local.moves], (seed, depth)
                row += [str(n), f"{a.seconds:.1f}", f"{busy:.1f}", f"{a.nodes:,}"]
            print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
