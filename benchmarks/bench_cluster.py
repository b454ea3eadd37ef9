"""Throughput of tasks on a Dask cluster against the plain local run: positions of an
`analyse -` batch (exact talon-8 searches, short tasks: the overhead shows) and deals of a
match (engine against greedy, long tasks: the cluster's scaling shows).

    python benchmarks/bench_cluster.py                          # local cluster, 1 and 2 workers
    python benchmarks/bench_cluster.py --address tcp://host:8786 --deals 200   # a real cluster

The local baseline runs the same task functions in this process, one after the other, with
one search thread (as each worker has), so the difference per task is the cluster's cost.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cli.cmd_analyse import analyse_line  # noqa: E402
from cli.cmd_match import pair_task  # noqa: E402
from solver import cluster as cl  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "exact_t8_points.jsonl")


def workloads(positions: int, deals: int, agents: str, seed: int):
    with open(DATA) as f:
        texts = [json.loads(line)["position"] for line in f][:positions]
    a, b = agents.split("/")
    return [("analyse - (talon 8, exact)", analyse_line,
             {i: (t, "points", 60.0, 5.0, None, 0) for i, t in enumerate(texts)}),
            (f"match {a} vs {b} (deals)", pair_task,
             {i: ("scoperta", a, b, seed, i) for i in range(deals)})]


def timed(fn, tasks, client):
    t = time.monotonic()
    out = dict(cl.run(fn, tasks, client))
    return time.monotonic() - t, out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--address", help="a Dask scheduler (default: local clusters)")
    ap.add_argument("--workers", default="1,2", help="local cluster sizes to measure")
    ap.add_argument("--positions", type=int, default=80)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--agents", default="engine:0.1/greedy")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    cl.apply_env(cl.worker_env(None, 1))
    cl.warm()
    loads = workloads(args.positions, args.deals, args.agents, args.seed)
    rows = []
    base = {}
    for name, fn, tasks in loads:
        s, out = timed(fn, tasks, None)
        base[name] = (s, out)
        rows.append((name, "local, 1 process", len(tasks), "-", s, len(tasks) / s, "-"))
    runners = ([(args.address, 0)] if args.address else
               [(None, int(w)) for w in args.workers.split(",")])
    for address, workers in runners:
        t = time.monotonic()
        with cl.connect(address, workers or 1) as client:
            start = time.monotonic() - t
            n = len(client.scheduler_info()["workers"])
            label = f"cluster, {n} worker{'s' if n > 1 else ''}" + (f" at {address}" if address else "")
            for name, fn, tasks in loads:
                s, out = timed(fn, tasks, client)
                if name.startswith("analyse"):
                    same = all({k: v for k, v in out[i].items() if k not in ("seconds", "nodes")}
                               == {k: v for k, v in base[name][1][i].items()
                                   if k not in ("seconds", "nodes")} for i in tasks)
                    assert same, "the cluster's analyses differ from the local ones"
                over = (s * n - base[name][0]) / len(tasks) * 1000
                rows.append((name, label, len(tasks), f"{start:.1f}", s, len(tasks) / s,
                             f"{over:+.1f}"))
    print(f"{'workload':<34} {'runner':<22} {'tasks':>5} {'start s':>7} {'run s':>7} "
          f"{'tasks/s':>8} {'overhead ms/task':>16}")
    for name, label, n, start, s, rate, over in rows:
        print(f"{name:<34} {label:<22} {n:>5} {start:>7} {s:>7.2f} {rate:>8.2f} {over:>16}")
    print("overhead per task: (run seconds x workers - local seconds) / tasks, i.e. the "
          "worker time a task costs beyond the local run (start-up not included)")


if __name__ == "__main__":
    main()
