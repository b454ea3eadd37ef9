"""The analysis API: a position in, the value of every legal card out.

Plain Python over the search kernels. Values are for the player to move (see NOTATION.md):
objective "points" = expected points still to win, mover minus opponent; objective "win" =
probability that the mover ends the deal with 61+ (60-60 counts one half).

Modules: result (Analysis, MoveValue), progress (the one progress hook), stats (mean and
95 % half-width), driver (the one search driver over both kernels), estimate (2-player
scoperta estimates), sampling (open-game estimates and hidden-hand seat analysis), exact
(the 2-player scoperta entry). They import each other, never this package's names.
"""
from __future__ import annotations

import time

from solver.analysis import driver, exact, sampling
from solver.analysis.result import OBJECTIVES, Analysis, MoveValue, check_objective
from solver.position import GamePosition, SeatPosition

__all__ = ["OBJECTIVES", "Analysis", "MoveValue", "analyse", "check_objective"]


def analyse(pos, objective: str = "points", time_limit: float | None = None,
            estimate_on_interrupt: bool = False, estimate_limit: float | None = None) -> Analysis:
    """Exact values of every legal card (or, past the time limit, a labelled estimate).

    ``estimate_limit`` caps the seconds an estimate may take within the time limit: a long
    limit is meant for an exact search that may finish, while an estimate settles within
    seconds (measured: the same best cards at 0.1, 1 and 5 s at talon 10 and 12).

    Ctrl-C propagates as KeyboardInterrupt, so loops over many positions can stop; with
    ``estimate_on_interrupt`` (one position at the command line) an interrupted exact
    search returns a quick labelled estimate instead."""
    check_objective(pos, objective)
    if time_limit is not None and not 0 < time_limit < float("inf"):
        raise ValueError(f"a time limit is a finite positive number of seconds, got {time_limit}")
    # the clock counts the search only: counting the kernels' load left the first analysis
    # of a process a handful of samples
    driver.ready(pos)
    t0 = time.perf_counter()
    if isinstance(pos, SeatPosition):
        return sampling.analyse(pos, objective, time_limit, t0=t0)
    if isinstance(pos, GamePosition):
        return sampling.analyse_game(pos, objective, time_limit, t0, estimate_limit)
    return exact.analyse(pos, objective, time_limit, t0, estimate_on_interrupt, estimate_limit)
