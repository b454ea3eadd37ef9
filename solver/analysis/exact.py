"""The 2-player scoperta entry: the exact search within the time limit (the search driver),
else, or after Ctrl-C, the labelled estimate (solver.analysis.estimate); where the exact
search may not finish, the estimate is made first, in its share of the time."""
from __future__ import annotations

import time
from dataclasses import replace

from solver.analysis import driver, estimate
from solver.analysis.progress import clock
from solver.analysis.result import Analysis
from solver.position import Position

#: by talon size, for exact searches that may not finish: (share of the time limit they
#: get, the rest going to the estimate; the least time worth trying them at all, below
#: which the estimate gets everything). Exact talon 10 takes 0.1-1.2 s, talon 12 2-130 s,
#: talon 14 36-112 s (benchmarks/data's sets, 2 cores). The estimate keeps a fifth of the
#: time, made first: at talon 12 and 5 s a share of 0.95 left it 0.25 s whenever the exact
#: search did not finish, and those answers erred by 2.9 points on average, up to 28 (the
#: calibration's fit sets, 2026-12-04), against 1.2 for a 1 s estimate.
EXACT_SHARE = {10: (0.8, 0.25), 12: (0.8, 3.0), 14: (0.8, 60.0), 16: (0.2, 600.0),
               18: (0.2, 3000.0)}
INTERRUPT_ESTIMATE = 1.0  # seconds of estimate after Ctrl-C stops an exact search


def analyse(pos: Position, objective: str = "points", time_limit: float | None = None,
            t0: float | None = None, estimate_on_interrupt: bool = False,
            estimate_limit: float | None = None, progress: bool | None = None) -> Analysis:
    """``progress`` False: the estimate prints no progress lines (see Engine.analyse)."""
    t0 = time.perf_counter() if t0 is None else t0
    with clock(t0):
        return _analyse(pos, objective, time_limit, t0, estimate_on_interrupt, estimate_limit,
                        progress)


def _analyse(pos, objective, time_limit, t0, estimate_on_interrupt, estimate_limit, progress):
    deadline = None if time_limit is None else t0 + time_limit
    try_exact = driver.exact_possible(pos)
    first = None
    if try_exact and deadline is not None and not pos.clairvoyant and pos.talon_size in EXACT_SHARE:
        # an exact search that may not finish: the estimate first, in its share of the time,
        # so that it has that share whatever the exact search then does
        share, least = EXACT_SHARE[pos.talon_size]
        try_exact = share * time_limit >= least
        if try_exact:
            left = (1 - share) * time_limit
            first = estimate.analyse(pos, objective,
                                     left if estimate_limit is None else min(left, estimate_limit),
                                     t0, progress=progress)
            if first.interrupted:
                return first
    if try_exact:
        try:
            res = driver.exact_search(pos, objective, deadline)
        except KeyboardInterrupt:
            if not estimate_on_interrupt:
                raise
            # Ctrl-C: the best answer so far is an estimate, clearly labelled
            a = first or estimate.analyse(pos, objective, INTERRUPT_ESTIMATE,
                                              time.perf_counter(), progress=progress)
            return replace(a, seconds=time.perf_counter() - t0, interrupted=True,
                           notes=a.notes + ("interrupted: exact search stopped by Ctrl-C",))
        if res is not None:
            return driver.exact_analysis(pos, objective, res, deadline, t0)
        if first is not None:
            return replace(first, seconds=time.perf_counter() - t0,
                           notes=first.notes + ("the exact search did not finish in the time "
                                                "left",))
    if time_limit is None:
        a = estimate.analyse(pos, objective, None, None, progress=progress)
    else:
        now = time.perf_counter()
        left = max(deadline - now, 0.05)
        if estimate_limit is not None:
            left = min(left, estimate_limit)
        a = estimate.analyse(pos, objective, left, now, progress=progress)
    return a
