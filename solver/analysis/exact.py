"""The 2-player scoperta entry: the exact search within its share of the time limit (the
search driver), else, or after Ctrl-C, the labelled estimate (solver.analysis.estimate)."""
from __future__ import annotations

import time
from dataclasses import replace

from solver.analysis import driver, estimate, progress
from solver.analysis.result import Analysis
from solver.position import Position

#: by talon size, for exact searches that may not finish: (share of the time limit they
#: get, the rest going to the estimate; the least time worth trying them at all, below
#: which the estimate gets everything). Measured at 1 s on
#: benchmarks/data/exact_t10_points.jsonl: share 0.5 picks an exact best card in 98.3 % of
#: the positions, 0.8 in 100 %; exact talon 10 takes 0.1-1.2 s, talon 12 2-130 s. The
#: estimate settles within 0.1 s at talon 10 and 12 (same choices at 0.1, 1 and 5 s), so a
#: long time limit goes to the exact search. Talon 14 (the fixed set of 10, 2026-12-02):
#: 36-112 s, median 64 s, so it is tried from a 75 s limit, not at the default 60 s.
EXACT_SHARE = {10: (0.8, 0.25), 12: (0.95, 3.0), 14: (0.8, 60.0), 16: (0.2, 600.0),
               18: (0.2, 3000.0)}
INTERRUPT_ESTIMATE = 1.0  # seconds of estimate after Ctrl-C stops an exact search


def analyse(pos: Position, objective: str = "points", time_limit: float | None = None,
            t0: float | None = None, estimate_on_interrupt: bool = False,
            estimate_limit: float | None = None) -> Analysis:
    t0 = time.perf_counter() if t0 is None else t0
    with progress.clock(t0):
        return _analyse(pos, objective, time_limit, t0, estimate_on_interrupt, estimate_limit)


def _analyse(pos, objective, time_limit, t0, estimate_on_interrupt, estimate_limit):
    deadline = None if time_limit is None else t0 + time_limit
    try_exact = driver.exact_possible(pos)
    exact_deadline = deadline
    if try_exact and deadline is not None and not pos.clairvoyant and pos.talon_size in EXACT_SHARE:
        share, least = EXACT_SHARE[pos.talon_size]
        exact_deadline = t0 + share * time_limit
        try_exact = share * time_limit >= least
    if try_exact:
        try:
            res = driver.exact_search(pos, objective, exact_deadline)
        except KeyboardInterrupt:
            if not estimate_on_interrupt:
                raise
            # Ctrl-C: the best answer so far is a quick estimate, clearly labelled
            a = estimate.analyse(pos, objective, INTERRUPT_ESTIMATE, time.perf_counter())
            return replace(a, seconds=time.perf_counter() - t0,
                           notes=a.notes + ("interrupted: exact search stopped by Ctrl-C",))
        if res is not None:
            return driver.exact_analysis(pos, objective, res, deadline, t0)
    if time_limit is None:
        a = estimate.analyse(pos, objective, None, None)
    else:
        now = time.perf_counter()
        left = max(deadline - now, 0.05)
        if estimate_limit is not None:
            left = min(left, estimate_limit)
        a = estimate.analyse(pos, objective, left, now)
    return a
