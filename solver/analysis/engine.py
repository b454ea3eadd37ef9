"""The engine: one object owning what searches keep between analyses (the transposition
tables, the search threads, the scratch rows and their configuration: a driver.Workspace)
and where its progress lines go, with the one entry that analyses any position within one
budget.

``solver.analyse`` is a call on the process's default engine; a server job or a cluster
worker that wants tables and progress of its own makes an Engine of its own.
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any
from dataclasses import replace

from solver.analysis import driver, estimate, exact, sampling
from solver.analysis import progress as P
from solver.analysis.result import Analysis, check_objective
from solver.position import Position, SeatPosition
from solver.position.protocol import State


def check_budget(seconds: object, samples: object, nodes: object) -> None:
    """A budget is one value: seconds (a finite positive number), samples or nodes (a
    positive whole number), or none of them (the defaults)."""
    given = [k for k, v in (("seconds", seconds), ("samples", samples), ("nodes", nodes))
             if v is not None]
    if len(given) > 1:
        raise ValueError(f"a budget is one value: give {' or '.join(given)}, not both")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < float("inf")):
        raise ValueError(f"seconds is a finite positive number, got {seconds!r}")
    for name, v in (("samples", samples), ("nodes", nodes)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
            raise ValueError(f"{name} is a whole number of at least 1, got {v!r}")


class Engine:
    """Analyses positions. ``tt_mb`` (table megabytes) and ``threads`` default to the
    environment's BRISCOLA_TT_MB and BRISCOLA_THREADS; ``progress`` is a callable taking
    one line (None: the lines go where the running context sends them, the CLI's stderr
    or the board's job)."""

    def __init__(self, tt_mb: int | None = None, threads: int | None = None,
                 progress: Callable[[str], None] | None = None, *,
                 workspace: driver.Workspace | None = None) -> None:
        self.workspace = driver.Workspace(tt_mb, threads) if workspace is None else workspace
        self.progress = None if progress is None else P.Progress(progress)

    def configure(self, tt_mb: int | None = None, threads: int | None = None) -> None:
        self.workspace.configure(tt_mb, threads)

    def forget_tables(self) -> None:
        self.workspace.forget_tables()

    def ready(self, pos: State | None = None) -> None:
        """Load the kernels an analysis of ``pos`` uses (every kernel when None); the
        workspace remembers the position types it has loaded for (an endgame's analysis
        takes ~0.1 ms, the check ~8 us)."""
        key = type(pos)
        if key not in self.workspace.loaded:
            driver.ready(pos)
            self.workspace.loaded.add(key)

    @contextmanager
    def active(self) -> Iterator[Engine]:
        """Searches of this context use this engine's tables, threads and progress sink."""
        with driver.using(self.workspace), (nullcontext() if self.progress is None
                                            else P.using(self.progress)):
            yield self

    def analyse(self, pos: Position | SeatPosition, objective: str = "points",
                seconds: float | None = None, *,
                samples: int | None = None, nodes: int | None = None, seed: int | None = None,
                estimate_limit: float | None = None,
                estimate_on_interrupt: bool = False) -> Analysis:
        """The value of every legal card of ``pos`` (any position type), best first: exact,
        or an estimate with its intervals, which says so.

        The budget is one of: ``seconds`` (an exact search within them, else the estimate
        in what is left), ``samples`` (a sampled estimate of exactly that many samples,
        whatever the clock says; a position with nothing left to chance is solved
        exactly), ``nodes`` (an exact search of at most that many nodes; past them, the
        estimate in its default time). None: an exact search without a limit where one is
        possible, else an estimate of a few seconds. The kernels are loaded before the
        clock starts, for every position type. ``seed``: the samples' seed (default:
        derived from the position). ``estimate_limit`` caps an estimate's seconds within
        ``seconds`` (a long limit is meant for an exact search that may finish).

        Ctrl-C propagates as KeyboardInterrupt, so loops over many positions can stop; with
        ``estimate_on_interrupt`` (one position at the command line) an interrupted exact
        search returns a quick labelled estimate instead."""
        check_objective(pos, objective)
        if seconds is not None or samples is not None or nodes is not None:
            check_budget(seconds, samples, nodes)
        self.ready(pos)  # a machine's first run compiles here: never counted against the budget
        args = (pos, objective, seconds, samples, nodes, seed, estimate_limit,
                estimate_on_interrupt)
        if self.progress is None and driver.current() is self.workspace:
            a = _run(*args)  # already in force (the default engine): no context to set
        else:
            with self.active():
                a = _run(*args)
        if not estimate_on_interrupt and a.interrupted:
            raise KeyboardInterrupt  # the estimate kept its samples; the caller asked to stop
        return a


def _run(pos: Any, objective: str, seconds: float | None, samples: int | None,
         nodes: int | None, seed: int | None, estimate_limit: float | None,
         estimate_on_interrupt: bool) -> Analysis:
    """The analysis within its budget, the clock started now (see Engine.analyse)."""
    t0 = time.perf_counter()
    if samples is not None:
        return _by_samples(pos, objective, samples, seed, t0)
    if nodes is not None:
        return _by_nodes(pos, objective, nodes, seed, estimate_limit, t0)
    if pos.hidden_hand:
        caps = [x for x in (seconds, estimate_limit) if x is not None]
        return sampling.analyse(pos, objective, min(caps) if caps else None, seed=seed,
                                t0=t0)  # an estimate: the estimate's cap holds
    if driver.kernel_for(pos) is driver.GENERAL:
        return sampling.analyse_game(pos, objective, seconds, t0, estimate_limit)
    return exact.analyse(pos, objective, seconds, t0, estimate_on_interrupt, estimate_limit)


def _by_samples(pos: Any, objective: str, samples: int, seed: int | None,
                t0: float) -> Analysis:
    if pos.hidden_hand:
        return sampling.analyse(pos, objective, None, samples=samples, seed=seed, t0=t0)
    if not pos.draws_unknown:
        res = driver.exact_search(pos, objective, None)
        return driver.exact_analysis(pos, objective, res, None, t0)
    if driver.kernel_for(pos) is driver.GENERAL:
        return sampling.analyse_open(pos, objective, None, t0, samples=samples, seed=seed)
    return estimate.analyse(pos, objective, None, t0, samples=samples, seed=seed)


def _by_nodes(pos: Any, objective: str, nodes: int, seed: int | None,
              estimate_limit: float | None, t0: float) -> Analysis:
    if not pos.hidden_hand and driver.exact_possible(pos):
        res = driver.exact_search(pos, objective, None, node_limit=nodes)
        if res is not None:
            return driver.exact_analysis(pos, objective, res, None, t0)
    note = (f"the exact search did not finish within {nodes:,} nodes"
            if not pos.hidden_hand and driver.exact_possible(pos)
            else "a node budget is for exact searches: this estimate took its default time")
    if pos.hidden_hand:
        a = sampling.analyse(pos, objective, estimate_limit, seed=seed, t0=t0)
    elif driver.kernel_for(pos) is driver.GENERAL:
        a = sampling.analyse_open(pos, objective, estimate_limit, t0, seed=seed)
    else:
        a = estimate.analyse(pos, objective, estimate_limit, t0, seed=seed)
    return replace(a, notes=a.notes + (note,))


@functools.cache
def default_engine() -> Engine:
    """The process's engine: its workspace is the one searches outside any engine use, its
    progress lines go where the running context sends them."""
    return Engine(workspace=driver.default_workspace())


def analyse(pos: Position | SeatPosition, objective: str = "points",
            seconds: float | None = None, **budget: Any) -> Analysis:
    """``Engine.analyse`` on the default engine (its arguments and budget)."""
    return default_engine().analyse(pos, objective, seconds, **budget)
