"""The analysis API: a position in, the value of every legal card out.

Plain Python over the search kernels. Values are for the player to move (see docs/notation.md):
objective "points" = expected points still to win, mover minus opponent; objective "win" =
probability that the mover ends the deal with 61+ (60-60 counts one half).

Modules: result (Analysis, MoveValue), progress (progress sinks), stats (mean and 95 %
half-width), threads (a pool of search threads), driver (the one search driver over both
kernels and the Workspace it keeps its tables in), estimate (2-player scoperta estimates),
sampling (open-game estimates and hidden-hand seat analysis), exact (the 2-player scoperta
entry), engine (Engine: the tables, threads and progress of one user of the solver, and
the one analyse entry with its budget). They import each other, never this package's names.
"""
from __future__ import annotations

from solver.analysis.engine import Engine, analyse, check_budget, default_engine
from solver.analysis.result import OBJECTIVES, Analysis, MoveValue, check_objective

__all__ = ["OBJECTIVES", "Analysis", "Engine", "MoveValue", "analyse", "check_budget",
           "check_objective", "default_engine"]
