"""The analysis API: a position in, the value of every legal card out.

Plain Python over the search kernels. Values are for the player to move (see docs/notation.md):
objective "points" = expected points still to win, mover minus opponent; objective "win" =
probability that the mover ends the deal with 61+ (60-60 counts one half).

The one door is the engine (engine.py: Engine, its Limit and Stop, ``analyse`` on the
running context's engine); code outside this package imports the names below, never the
modules behind them (tests/test_architecture.py). Modules: budget (Limit, and Budget: a
limit on the one clock of an analysis), result (Analysis, MoveValue),
progress (progress sinks), scoped (per-context values), stats (mean and 95 % half-width),
threads (a pool of search threads, the Stop), driver (the one search driver over both
kernels and the Workspace it keeps its tables in), sampler (the one sampling loop),
estimate (2-player scoperta estimates), sampling (open-game estimates and hidden-hand seat
analysis), exact (the 2-player scoperta entry), engine. They import each other, never this
package's names.

``pause`` waits as an analysis would, ended by the running context's Stop (an answer
given no sooner than its time, solver.players.engine_agent.in_full_time); ``check_stop``
ends a loop over analyses at its Stop between items (a run's --time-limit).

``run_samples``, ``Until``, ``Sample``, ``Sums``, ``solve_sample`` and ``DEFAULT_TIME`` are the
sampling loop's parts for an estimator kept outside (players/pimc.py's baseline);
``analyse_draws`` values a seat's draw against the others on shared samples (the review's
luck).
"""

from __future__ import annotations

from solver.analysis.budget import DEFAULT_TIME, Limit, Until, check_budget
from solver.analysis.engine import Engine, analyse, current_engine, default_engine
from solver.analysis.result import OBJECTIVES, Analysis, MoveValue, check_objective
from solver.analysis.sampler import Sample
from solver.analysis.sampler import run as run_samples
from solver.analysis.sampling import all_hands_note, analyse_draws, solve_sample
from solver.analysis.stats import Sums
from solver.analysis.threads import Stop, Stopped, check_stop, pause

__all__ = [
    "DEFAULT_TIME",
    "all_hands_note",
    "OBJECTIVES",
    "Analysis",
    "Engine",
    "Limit",
    "MoveValue",
    "Sample",
    "Stop",
    "Stopped",
    "Sums",
    "Until",
    "analyse",
    "analyse_draws",
    "check_budget",
    "check_objective",
    "check_stop",
    "current_engine",
    "default_engine",
    "pause",
    "run_samples",
    "solve_sample",
]
