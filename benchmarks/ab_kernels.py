"""A/B of two checkouts' scoperta search, position by position.

One worker process per checkout (each loads its own solver and numba cache) is handed the
same positions alternately, the order swapped each time, so both run in the same minutes of
the machine. Alternating whole benchmark runs drifted by +-30 % from round to round on the
2-core VM, more than the levers being judged; this interleaving keeps the drift out.

    python benchmarks/ab_kernels.py OLD NEW --talon 8 --positions 60 --seed 8888 --rounds 4
    python benchmarks/ab_kernels.py OLD NEW --talon 34 --clairvoyant --positions 20
    python benchmarks/ab_kernels.py OLD NEW --engine classic --positions 120
    python benchmarks/ab_kernels.py OLD NEW --talon 8 --positions 80 --analyse

``--analyse``: the whole ``analyse`` of each position as a user runs it (every thread, the
principal line, an empty table each) instead of the kernel alone on one thread; the node
counts then include the threads' overlapping work, so only the values must agree.

``--cpu``: the process's CPU seconds instead of the wall clock's (every thread's, with
``--analyse``): a machine that other work shares takes time from a process without adding
to its CPU seconds, so they show a 1-2 % lever that the wall clock's spread hides; the wall
clock is what a user waits, so a threaded lever is judged by both.

``--engine VARIANT``: the hidden-card engine's decisions instead (``engine@200``, a fixed
sample budget, so both checkouts do the same work): deals of the variant played by greedy,
the engine asked for a card at one moment of each; the values compared are its cards.

OLD and NEW are checkouts (e.g. ``git worktree add /tmp/old HEAD~1``). Each position is
searched for every legal card on one thread with an empty table. Prints the node counts of
both (deterministic), whether every value agrees, and NEW/OLD of the times: in all, per
round and the median per position.
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time


def _engine_moment(variant: str, seed: int, i: int):
    """A seeded deal of ``variant`` played by greedy for 2-37 cards: (state, rng)."""
    from solver.game import deal, play
    from solver.players.agents import GreedyAgent
    rng = random.Random(f"{seed}/{i}")
    st = deal(variant, rng)
    greedy = GreedyAgent()
    for _ in range(2 + (i * 7) % 36):
        if st.is_over:
            break
        st = play(st, greedy(st, rng))
    return st, rng


def engine_worker(variant: str, clock) -> None:
    """Read 'seed index' lines; print 'seconds 0 card' of engine@200's decision there."""
    from solver.game import legal_cards
    from solver.players.agents import get_agent
    agent = get_agent("engine@200")
    for line in sys.stdin:
        seed, i = (int(x) for x in line.split())
        st, rng = _engine_moment(variant, seed, i)
        if st.is_over or len(legal_cards(st)) < 2:
            print(0.0, 0, -1, flush=True)
            continue
        t = clock()
        c = agent(st, rng)
        print(clock() - t, 0, int(c), flush=True)


def _position(sets: dict, line: str):
    """The position a 'talon positions seed clairvoyant index' line names (each set drawn
    once, as the benchmark draws its stages)."""
    from solver.random_positions import random_position
    talon, n, seed, clair, i = (int(x) for x in line.split())
    key = (talon, n, seed, clair)
    if key not in sets:
        rng = random.Random(seed)
        sets[key] = [random_position(rng, talon, mid_trick=bool(j % 2), clairvoyant=bool(clair))
                     for j in range(n)]
    return sets[key][i]


def _forget(driver) -> None:
    """Empty the kept tables (a checkout from before ``driver.forget_tables`` by hand)."""
    if hasattr(driver, "forget_tables"):
        driver.forget_tables()
        return
    for tt in driver._tables.values():
        tt.fill(0)
    driver._last[:] = [0, None]


def analyse_worker(clock) -> None:
    """Read position lines as ``worker`` does; print 'seconds nodes values' of ``analyse``."""
    from solver.analysis import analyse, driver
    driver.ready()
    sets = {}
    for line in sys.stdin:
        pos = _position(sets, line)
        _forget(driver)
        t = clock()
        a = analyse(pos)
        secs = clock() - t
        print(secs, a.nodes, ",".join(f"{int(m.card)}:{m.value_exact}" for m in a.moves), flush=True)


def worker(root: str, variant: str | None = None, whole: bool = False,
           cpu: bool = False) -> None:
    """Read 'talon positions seed clairvoyant index' lines; print 'seconds nodes values'."""
    sys.path.insert(0, root)
    clock = time.process_time if cpu else time.perf_counter
    if variant:
        engine_worker(variant, clock)
        return
    if whole:
        analyse_worker(clock)
        return
    import numpy as np
    from solver.analysis import driver
    from solver.search import scoperta as K
    driver.ready()
    sets = {}
    for line in sys.stdin:
        pos = _position(sets, line)
        s = driver.Search(pos, "points")
        s.tt.fill(0)
        st = np.zeros(K.S_SIZE, dtype=np.int64)
        nodes, vals = 0, []
        t = clock()
        for c in pos.legal_cards():
            st[:] = 0
            vals.append(s.move_value(c, stats=st, slice_nodes=1 << 60, quiet=True))
            nodes += int(st[K.S_NODES])
        print(clock() - t, nodes, ",".join(map(str, vals)), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--talon", type=int, default=8)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=8888)
    ap.add_argument("--clairvoyant", action="store_true")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--engine", metavar="VARIANT", help="time engine@200's decisions in VARIANT")
    ap.add_argument("--analyse", action="store_true",
                    help="time the whole analyse (every thread) instead of the kernel alone")
    ap.add_argument("--cpu", action="store_true",
                    help="time the process's CPU seconds instead of the wall clock's")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.worker, a.engine, a.analyse, a.cpu)
        return
    procs = {r: subprocess.Popen([sys.executable, __file__, "x", "x", "--worker", r]
                                 + (["--engine", a.engine] if a.engine else [])
                                 + (["--analyse"] if a.analyse else [])
                                 + (["--cpu"] if a.cpu else []),
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for r in (a.old, a.new)}

    def ask(root, i):
        p = procs[root]
        if a.engine:
            p.stdin.write(f"{a.seed} {i}\n")
        else:
            p.stdin.write(f"{a.talon} {a.positions} {a.seed} {int(a.clairvoyant)} {i}\n")
        p.stdin.flush()
        secs, nodes, vals = p.stdout.readline().split()
        return float(secs), int(nodes), vals

    for i in range(min(2, a.positions)):  # warm both (kernels loaded, caches touched)
        ask(a.old, i), ask(a.new, i)
    total = {a.old: 0.0, a.new: 0.0}
    nodes = {a.old: 0, a.new: 0}
    per_round, per_position, agree = [], [], True
    for k in range(a.rounds):
        this = {a.old: 0.0, a.new: 0.0}
        for i in range(a.positions):
            order = (a.old, a.new) if (i + k) % 2 == 0 else (a.new, a.old)
            got = {r: ask(r, i) for r in order}
            for r in order:
                this[r] += got[r][0]
                if k == 0:
                    nodes[r] += got[r][1]
            agree &= got[a.old][2] == got[a.new][2]
            if got[a.old][0] > 0:
                per_position.append(got[a.new][0] / got[a.old][0])
        per_round.append(this[a.new] / this[a.old])
        for r in total:
            total[r] += this[r]
    for p in procs.values():
        p.stdin.close()
        p.wait()
    if a.engine:
        print(f"engine@200 in {a.engine}, x{a.positions} decisions (seed {a.seed})")
    else:
        how = "analyse, every thread" if a.analyse else "one thread"
        print(f"talon {a.talon}{' clairvoyant' if a.clairvoyant else ''} x{a.positions} "
              f"(seed {a.seed}), {how}, an empty table each")
    if a.engine:
        print(f"  every card chosen equal: {agree}")
    else:
        print(f"  nodes: old {nodes[a.old]:,}, new {nodes[a.new]:,} "
              f"({nodes[a.new] / nodes[a.old] - 1:+.1%}); every value equal: {agree}")
    print(f"  new/old {'CPU ' if a.cpu else ''}time: {total[a.new] / total[a.old]:.3f} in all "
          f"(old {total[a.old]:.2f} s, new {total[a.new]:.2f} s); per round "
          f"{', '.join(f'{x:.3f}' for x in per_round)}; "
          f"median per position {statistics.median(per_position):.3f}")
    if not agree:
        sys.exit(1)


if __name__ == "__main__":
    main()
