"""The 2-player scoperta entry: the exact search within the time limit (the search driver),
else, or after Ctrl-C, the labelled estimate (solver.analysis.estimate); where the exact
search may not finish, the estimate is made first, in its share of the time."""

from __future__ import annotations

import time
from dataclasses import replace

from solver.analysis import driver, estimate
from solver.analysis.budget import Budget, Limit
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
EXACT_SHARE = {
    10: (0.8, 0.25),
    12: (0.8, 3.0),
    14: (0.8, 60.0),
    16: (0.9, 1800.0),
    18: (0.9, 36000.0),
}
#: the estimate made first keeps at most this long: it settles in seconds, and talon 16's
#: exact search takes 40 minutes to hours on 2 cores (docs/cluster.md), so a long limit is
#: meant for that search
FIRST_ESTIMATE_MAX = 60.0
INTERRUPT_ESTIMATE = 1.0  # seconds of estimate after Ctrl-C stops an exact search


def analyse(
    pos: Position,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    estimate_on_interrupt: bool = False,
    progress: bool | None = None,
) -> Analysis:
    """``progress`` False: the estimate prints no progress lines (see Engine.analyse)."""
    budget = Budget.of(budget)
    with clock(budget.t0):
        return _analyse(pos, objective, budget, estimate_on_interrupt, progress)


def _analyse(
    pos: Position,
    objective: str,
    budget: Budget,
    estimate_on_interrupt: bool,
    progress: bool | None,
) -> Analysis:
    deadline, time_limit = budget.deadline, budget.time
    try_exact = driver.exact_possible(pos)
    first = None
    if (
        try_exact
        and time_limit is not None
        and not pos.clairvoyant
        and pos.talon_size in EXACT_SHARE
    ):
        # an exact search that may not finish: the estimate first, in its share of the time,
        # so that it has that share whatever the exact search then does
        share, least = EXACT_SHARE[pos.talon_size]
        try_exact = share * time_limit >= least
        if try_exact:
            part = budget.share(1 - share, FIRST_ESTIMATE_MAX)
            first = estimate.analyse(pos, objective, part, progress=progress)
            if first.interrupted:
                return first
    if try_exact:
        try:
            res = driver.exact_search(pos, objective, deadline)
        except KeyboardInterrupt:
            if not estimate_on_interrupt:
                raise
            # Ctrl-C: the best answer so far is an estimate, clearly labelled, on a clock
            # of its own (the analysis's time is up)
            a = first or estimate.analyse(
                pos, objective, Budget(time.perf_counter(), INTERRUPT_ESTIMATE), progress=progress
            )
            return replace(
                a,
                seconds=time.perf_counter() - budget.t0,
                interrupted=True,
                notes=a.notes + ("interrupted: exact search stopped by Ctrl-C",),
            )
        if res is not None:
            return driver.exact_analysis(pos, objective, res, deadline, budget.t0)
        if first is not None:
            return replace(
                first,
                seconds=time.perf_counter() - budget.t0,
                notes=first.notes + ("the exact search did not finish in the time left",),
            )
    if time_limit is None:
        return estimate.analyse(pos, objective, Budget.start(), progress=progress)
    return estimate.analyse(pos, objective, budget.rest(0.05), progress=progress)
