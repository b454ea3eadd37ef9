"""What an analysis may spend, and the one clock it is counted on.

A ``Limit`` is the budget a caller gives (python-chess's ``engine.Limit`` in spirit); a
``Budget`` is that limit on a clock: the engine starts it once per analysis, and every
deadline below the engine (the exact search's, an estimate's share, a sampling loop's
``Until``) is derived from it here, so that what a budget means is said in one place.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, fields
from numbers import Integral, Real
from typing import NamedTuple

from solver.errors import ArgumentTypeError, BriscolaError

DEFAULT_TIME = 5.0  # seconds of estimate when neither a time limit nor a sample count is given


def check_budget(
    seconds: object, samples: object, nodes: object, *, time_name: str = "seconds"
) -> None:
    """A budget is one value: seconds (a finite positive number), samples or nodes (a
    positive whole number), or none of them (the defaults). ``time_name``: what the error
    calls the seconds (``Limit`` calls them time)."""
    given = [
        k
        for k, v in ((time_name, seconds), ("samples", samples), ("nodes", nodes))
        if v is not None
    ]
    if len(given) > 1:
        names = BriscolaError.of(
            "or.two" if len(given) == 2 else "or.three", **dict(zip("abc", given, strict=False))
        )
        raise BriscolaError.of("budget.one", names=names)
    if seconds is not None and not _positive(seconds, finite=True):
        raise _kind(seconds, Real).of("budget.seconds", name=time_name, got=repr(seconds))
    for name, v in (("samples", samples), ("nodes", nodes)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, Integral) or v < 1):
            raise _kind(v, Integral).of("budget.whole", name=name, got=repr(v))


def _kind(value: object, types: type | tuple[type, ...]) -> type[BriscolaError]:
    """The error of a budget refused: a TypeError as well where ``value`` is not a number
    of the kind asked (``samples="5"``), as Python's own are; a ValueError alone where it
    is one out of range (``samples=0``). A number is any of Python's or numpy's (``Real``,
    ``Integral``), never a bool."""
    wrong = isinstance(value, bool) or not isinstance(value, types)
    return ArgumentTypeError if wrong else BriscolaError


def _positive(x: object, finite: bool) -> bool:
    if isinstance(x, bool) or not isinstance(x, Real):
        return False
    try:
        v = float(x)
    except OverflowError:  # a whole number past float's range: not finite
        v = math.inf
    return v > 0 and (not finite or math.isfinite(v))


@dataclass(frozen=True)
class Limit:
    """An analysis's budget as one value (in the spirit of python-chess's ``engine.Limit``).

    At most one of: ``time`` seconds (an exact search within them, else the estimate in
    what is left), ``samples`` (a sampled estimate of exactly that many samples, whatever
    the clock says; a position with nothing left to chance is solved exactly), ``nodes``
    (an exact search of at most that many nodes; past them, the estimate in its default
    time). ``estimate_time`` caps the seconds an estimate may take (a long ``time`` is
    meant for an exact search that may finish). ``Limit()``: an exact search without a
    limit where one is possible, else an estimate of a few seconds. A numpy number is
    taken and kept as Python's (``samples=np.int64(50)`` is ``samples=50``)."""

    time: float | None = None
    samples: int | None = None
    nodes: int | None = None
    estimate_time: float | None = None

    def __post_init__(self) -> None:
        check_budget(self.time, self.samples, self.nodes, time_name="time")
        if self.estimate_time is not None and not _positive(self.estimate_time, finite=False):
            error = _kind(self.estimate_time, Real)
            raise error.of("budget.estimate_time", got=repr(self.estimate_time))
        for f in fields(self):
            v = getattr(self, f.name)
            if v is not None and type(v) not in (int, float):
                object.__setattr__(self, f.name, int(v) if isinstance(v, Integral) else float(v))

    def __repr__(self) -> str:
        """The fields given, as python-chess's Limit prints (``Limit(time=1)``)."""
        given = (f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"Limit({', '.join(g for g in given if not g.endswith('=None'))})"


def limit_given_second(objective: str | Limit, limit: Limit | None) -> tuple[str, Limit | None]:
    """(objective, limit) of a call given a Limit in the objective's place, as python-chess's
    ``engine.analyse(board, limit)`` writes it: that Limit is the budget and the objective
    "points"; given there and as ``limit=`` too, refused in one line."""
    if not isinstance(objective, Limit):
        return objective, limit
    if limit is not None:
        raise BriscolaError.of("budget.limit_twice")
    return "points", objective


class Until(NamedTuple):
    """Where a sampling loop stops drawing: past ``deadline`` (None: no deadline) or after
    ``samples`` samples (None: no count); its progress lines count from ``t0``."""

    t0: float
    deadline: float | None = None
    samples: int | None = None


class Budget(NamedTuple):
    """A piece of work's budget on one clock: ``time`` seconds from ``t0`` (None: no time
    limit), ``samples`` (an estimate's count), ``estimate_time`` (the cap on an estimate's
    seconds). Not a Limit: a share derived from one need not be a valid user limit (an
    infinite cap is a time here), and nodes stay with the engine, which alone spends them.
    A tuple: every analysis makes one, and an endgame's whole analysis takes ~80 us (a
    frozen dataclass cost about 1 of them)."""

    t0: float
    time: float | None = None
    samples: int | None = None
    estimate_time: float | None = None

    @classmethod
    def start(cls, limit: Limit | None = None) -> Budget:
        """``limit`` on a clock started now (None: the defaults)."""
        if limit is None:
            return cls(time.perf_counter())
        return cls(time.perf_counter(), limit.time, limit.samples, limit.estimate_time)

    @classmethod
    def of(cls, budget: Budget | Limit | None) -> Budget:
        """``budget`` itself, or a Limit (or the defaults) on a clock started now: a caller
        reaching an estimator directly (tests, benchmarks) starts its clock with the call."""
        return budget if isinstance(budget, Budget) else cls.start(budget)

    @property
    def deadline(self) -> float | None:
        """When the time is up (an exact search's deadline), None without a time limit."""
        return None if self.time is None else self.t0 + self.time

    def left(self, now: float | None = None) -> float | None:
        """Seconds until the deadline (negative once past), None without a time limit."""
        end = self.deadline
        return None if end is None else end - (time.perf_counter() if now is None else now)

    def expired(self, now: float | None = None) -> bool:
        left = self.left(now)
        return left is not None and left < 0

    def within(self, seconds: float | None) -> Budget:
        """The same clock with ``seconds`` from its start and nothing else (no sample count,
        no cap): an estimate's part of the time."""
        return Budget(self.t0, seconds)

    def share(self, fraction: float, most: float | None = None) -> Budget:
        """``fraction`` of the time on the same clock, capped by ``estimate_time`` and by
        ``most`` seconds: the share an estimate made before an exact search keeps
        (exact.Split)."""
        assert self.time is not None, "a share of no time limit"
        caps = [x for x in (self.estimate_time, most) if x is not None]
        return self.within(min([fraction * self.time, *caps]))

    def estimate(self) -> Budget:
        """What an estimate may take on the same clock: the time or the cap, the less."""
        caps = [x for x in (self.time, self.estimate_time) if x is not None]
        return self.within(min(caps) if caps else None)

    def rest(self, least: float) -> Budget:
        """The time left, at least ``least`` and at most ``estimate_time``, on a clock
        started now: an estimate after an exact search that did not finish."""
        now = time.perf_counter()
        left = self.left(now)
        assert left is not None, "the rest of no time limit"
        left = max(left, least)
        if self.estimate_time is not None:
            left = min(left, self.estimate_time)
        return Budget(now, left)

    def until(self, min_time: float | None = None) -> Until:
        """An estimate's stopping point: the time from ``t0``, DEFAULT_TIME when neither a
        time nor a sample count is given, no deadline for a sample count alone.
        ``min_time``: a deadline already past still leaves this long (an answer always
        comes)."""
        seconds = self.time
        if seconds is None:
            if self.samples is not None:
                return Until(self.t0, None, self.samples)
            seconds = DEFAULT_TIME
        end = self.t0 + seconds
        if min_time is not None:
            end = max(end, time.perf_counter() + min_time)
        return Until(self.t0, end, self.samples)
