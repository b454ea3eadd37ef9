"""How much of an exact search can run at once, measured on any machine.

Two measures of the scoperta search's threads on one card (driver.Search.thread_contexts):

- ``parallelism``: one thread counts its work (nodes) and its span (the nodes on the
  longest chain of work that waits for other work, the units of each split point counted
  as if they all ran at once). No number of cores takes a search below its span, and
  Brent's bound says N cores need at most work/N + span: the speed-up its shape promises
  on N cores.
- ``Lockstep``: the threads themselves, each advanced a fixed number of nodes per round
  (a round ends once every thread has spent its share, the others sleeping), so they
  search as N cores of equal speed would, on however many cores the machine has. Its time
  in nodes against one thread's nodes is the scheme's speed-up on N cores, its extra nodes
  and idle threads included. What it cannot see: memory (N cores reading one big table at
  once), and threads on one path: a thread that runs later in a round reads what the
  earlier ones stored in it, so threads that search the same nodes at the same time look
  faster than they are. Threads on one card share a unit only when one joins another's
  (S_JOINED, which ``totals`` reports).
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from solver.analysis import driver
from solver.search import context


class Parallelism(NamedTuple):
    """One thread's search of every legal card, a card after another."""

    work: int  # nodes
    span: int  # nodes on the longest chain of dependent work
    units: int  # outcomes searched at split points

    def speedup(self, cores: int) -> float:
        """Brent's bound: the speed-up ``cores`` cores are sure of, work / (work/N + span)."""
        return self.work / (self.work / cores + self.span)


def parallelism(pos, objective: str = "points", split: int | None = None) -> Parallelism:
    """``pos``'s work and span on one thread from empty tables (the running workspace's are
    emptied), every legal card in turn as the threads take them; split points are the
    chance nodes with ``split`` unseen cards or more (default: those the threads split)."""
    driver.current().forget_tables()
    s = driver.Search(pos, objective)
    s.ctx[context.C_SPLIT] = s.split_unseen() if split is None else split
    work = span = units = 0
    for c in pos.legal_cards():
        st = np.zeros(context.S_SIZE, dtype=np.int64)
        s.move_value(c, stats=st, slice_nodes=1 << 60, quiet=True)
        work += int(st[context.S_NODES])
        span += int(st[context.S_NODES] - st[context.S_OFFPATH])
        units += int(st[context.S_UNITS])
    return Parallelism(work, span, units)


class Lockstep:
    """A search's threads (driver.exact_search) advanced ``quantum`` nodes each per round:
    ``time`` is the sum over rounds of the most nodes a thread spent in it (the search's
    time on as many cores as threads, in nodes), ``totals`` every thread's stats added up
    once the search is over."""

    def __init__(self, quantum: int = 1000):
        self.quantum = quantum
        self.time = 0
        self.rounds = 0
        self.totals = np.zeros(context.S_SIZE, dtype=np.int64)

    def jobs(self, stats_list, jobs):
        """The pool's jobs: the rounds first (they run in the calling thread), then
        ``jobs``, each marked ended when it returns."""
        ended = [False] * len(jobs)
        for st in stats_list:
            st[context.S_NODES] = 0
            st[context.S_GRANT] = self.quantum

        def run(i):
            try:
                jobs[i]()
            finally:
                ended[i] = True

        return [lambda: self._rounds(stats_list, ended)] + [
            lambda i=i: run(i) for i in range(len(jobs))
        ]

    def _rounds(self, stats_list, ended) -> None:
        base = [0] * len(stats_list)
        while True:
            live = _all_held(stats_list, ended)
            now = [int(st[context.S_NODES]) for st in stats_list]
            self.time += max(n - b for n, b in zip(now, base, strict=True))
            self.rounds += 1
            base = now
            if not live:
                self.totals = np.sum(stats_list, axis=0)
                return
            for i in live:  # not held from now on, even before it wakes
                stats_list[i][context.S_HELD] = 0
                stats_list[i][context.S_GRANT] = now[i] + self.quantum


def _all_held(stats_list, ended) -> list[int]:
    """The threads still running, once every one of them waits for its next grant."""
    while True:
        live = [i for i, e in enumerate(ended) if not e]
        if all(stats_list[i][context.S_HELD] for i in live):
            return live
        time.sleep(1e-4)
