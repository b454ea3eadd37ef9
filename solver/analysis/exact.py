"""The exact search within the time limit, else the labelled estimate: one rule for every
open game (2-player scoperta here, the general kernel's games through
``sampling.analyse_game``). Where the exact search may not finish, the time is split
(``Split``) so that the estimate has its share whatever the exact search then does; Ctrl-C
in the exact search answers with the estimate where the caller asks for it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from solver.analysis import driver, estimate
from solver.analysis.budget import Budget, Limit
from solver.analysis.progress import clock
from solver.analysis.result import Analysis
from solver.errors import Note
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
#: an exact search with a time limit and no Split (talon 8 and below, a clairvoyant
#: order) stops this long before the deadline, at most RESERVE_SHARE of the limit, so that
#: the estimate made if it does not finish fits in the limit: that estimate got at least
#: 0.05 s past the search's deadline, so `play`'s level hard, given 0.025 s, took 0.054
ESTIMATE_RESERVE = 0.05
RESERVE_SHARE = 0.5
INTERRUPT_ESTIMATE = 1.0  # seconds of estimate after Ctrl-C stops an exact search


class Split(NamedTuple):
    """A time limit the exact search may not keep, shared: the exact search alone for
    ``exact_first`` of it (where the easy positions end), then the estimate in its
    ``estimate`` share (at most ``most`` seconds, and the budget's cap), then the exact
    search again, on its kept table, until the deadline."""

    exact_first: float
    estimate: float
    most: float | None = None


#: an estimator's call: (position, objective, budget) -> its labelled Analysis
Estimator = Callable[[Position, str, Budget], Analysis]


def exact_or_estimate(
    pos: Position,
    objective: str,
    budget: Budget,
    estimator: Estimator,
    split: Split | None = None,
    estimate_on_interrupt: bool = False,
) -> Analysis:
    """The exact analysis if the search ends within ``budget`` (shared as ``split`` says),
    else the estimate, which says that the exact search did not finish. Ctrl-C (or a Stop)
    in the exact search: with ``estimate_on_interrupt``, the estimate already made or a
    quick one, marked interrupted; else it propagates."""
    t0, deadline = budget.t0, budget.deadline
    first = None
    solved: dict = {}  # the cards the exact search finished, kept if it does not finish
    try:
        if split is not None:
            assert budget.time is not None, "a split of no time limit"
            if split.exact_first > 0:
                res = driver.exact_search(
                    pos, objective, t0 + split.exact_first * budget.time, solved=solved
                )
                if res is not None:
                    return driver.exact_analysis(pos, objective, res, deadline, t0)
            part = budget.share(split.estimate, split.most)._replace(t0=time.perf_counter())
            first = estimator(pos, objective, part)
            if first.interrupted:
                return first
        ranking = [m.card for m in first.moves] if first is not None else ()
        res = driver.exact_search(
            pos, objective, _exact_end(budget, split), solved=solved, first=ranking
        )
    except KeyboardInterrupt:
        if not estimate_on_interrupt:
            raise
        # the best answer so far is an estimate, clearly labelled, on a clock of its own
        # (the analysis's time is up), with the cards the exact search finished
        a = first or estimator(pos, objective, Budget(time.perf_counter(), INTERRUPT_ESTIMATE))
        a = estimate.keep_solved(a, solved)
        return replace(
            a,
            seconds=time.perf_counter() - t0,
            interrupted=True,
            notes=a.notes + (Note.of("note.interrupted.ctrl_c"),),
        )
    if res is not None:
        return driver.exact_analysis(pos, objective, res, deadline, t0)
    if first is not None:
        kept = estimate.keep_solved(first, solved)
        return replace(
            kept,
            seconds=time.perf_counter() - t0,
            notes=kept.notes + (Note.of("note.exact.time"),),
        )
    return estimate.keep_solved(estimator(pos, objective, _after(budget)), solved)


def _exact_end(budget: Budget, split: Split | None) -> float | None:
    """The exact search's deadline: the budget's, less the reserve of an estimate made
    after it (none where a Split has made it before)."""
    if budget.time is None or split is not None:
        return budget.deadline
    return budget.t0 + budget.time - min(ESTIMATE_RESERVE, RESERVE_SHARE * budget.time)


def _after(budget: Budget) -> Budget:
    """An estimate's budget after an exact search that did not finish (or was not tried):
    the time left, nothing past the deadline (the estimate answers in it, from a one-trick
    look-ahead if no sample fits)."""
    return budget.rest(0.0) if budget.time is not None else budget.estimate()


def analyse(
    pos: Position,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    estimate_on_interrupt: bool = False,
    progress: bool | None = None,
) -> Analysis:
    """A 2-player scoperta position. ``progress`` False: the estimate prints no progress
    lines (see Engine.analyse)."""
    budget = Budget.of(budget)

    def estimator(p: Position, o: str, b: Budget) -> Analysis:
        return estimate.analyse(p, o, b, progress=progress)

    with clock(budget.t0):
        if not tries_exact(pos, budget.time):  # no time worth an exact search: the estimate
            return estimator(pos, objective, _after(budget))
        split = None
        if budget.time is not None and not pos.clairvoyant and pos.talon_size in EXACT_SHARE:
            split = Split(0.0, 1 - EXACT_SHARE[pos.talon_size][0], FIRST_ESTIMATE_MAX)
        return exact_or_estimate(pos, objective, budget, estimator, split, estimate_on_interrupt)


def tries_exact(pos: Position, seconds: float | None) -> bool:
    """Whether an analysis of 2-player scoperta ``pos`` in ``seconds`` (None: no limit)
    tries the exact search: its table is made before the clock (Engine.analyse)."""
    if not driver.exact_possible(pos):
        return False
    if seconds is None or pos.clairvoyant or pos.talon_size not in EXACT_SHARE:
        return True
    share, least = EXACT_SHARE[pos.talon_size]
    return share * seconds >= least
