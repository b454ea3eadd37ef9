"""The one sampling loop of every sampled estimate (scoperta beyond the exact horizon, the
open hidden-talon games, the seat analysis): the estimators differ only in how one sample
is drawn and solved, so the clock, the sample budget, Ctrl-C, the progress lines, the
running sums and the stopping rule live here once, as do the default seed and time.
"""
from __future__ import annotations

import time
import zlib
from dataclasses import dataclass
from typing import Callable, NamedTuple, Sequence

from solver.analysis.progress import say
from solver.analysis.stats import Sums
from solver.cards import card_str

DEFAULT_TIME = 5.0      # seconds of estimate when neither a time limit nor a sample count is given
PROGRESS_AFTER = 2.0    # seconds before the first progress line on stderr
PROGRESS_EVERY = 1.0    # seconds between progress lines


def seed_for(pos, salt) -> int:
    """The default seed of a position's samples: the same position (and ``salt``, e.g. the
    objective) gets the same samples, so an estimate is reproducible."""
    return zlib.crc32(f"{pos.to_text()} {salt}".encode())


def deadline_of(t0: float, time_limit: float | None, samples: int | None,
                min_time: float | None = None) -> float | None:
    """An estimate's deadline: ``time_limit`` seconds from ``t0``, DEFAULT_TIME when neither
    a time limit nor a sample budget is given, None for a sample budget alone. ``min_time``:
    a deadline already past still leaves this long (an answer always comes)."""
    if time_limit is None:
        if samples is not None:
            return None
        time_limit = DEFAULT_TIME
    end = t0 + time_limit
    return end if min_time is None else max(end, time.perf_counter() + min_time)


class Sample(NamedTuple):
    """One solved sample: its values (one per column of the sums; None when the deadline
    came first or there is nothing more to draw), the nodes spent on it, its weight, and
    whether it is exact over its own chance (the talon draws)."""
    values: Sequence[float] | None
    nodes: int = 0
    weight: float = 1.0
    exact: bool = True


@dataclass
class Run:
    """What a loop gathered, and why it stopped: "samples" (the budget), "done" (the
    estimator's own rule), "deadline", "exhausted" (a sample found no time or no draw) or
    "interrupted" (Ctrl-C after at least one sample)."""
    sums: Sums
    nodes: int = 0
    exact: bool = True
    stopped: str = ""


def run(sample: Callable[[float | None], Sample], sums: Sums, *, t0: float,
        deadline: float | None = None, samples: int | None = None,
        done: Callable[[Sums], bool] | None = None,
        progress: Callable[[float, Sums], str | None] | None = None, nodes: int = 0) -> Run:
    """Add ``sample(deadline)`` to ``sums`` until ``samples`` samples, ``done(sums)``, the
    deadline, a sample that returns no values, or Ctrl-C (which keeps what was gathered,
    unless that is nothing). ``progress(seconds since t0, sums)``: the line to print now
    and then (None: nothing to say yet)."""
    r = Run(sums, nodes)
    last = t0 + PROGRESS_AFTER - PROGRESS_EVERY
    try:
        while True:
            if samples is not None and sums.n >= samples:
                r.stopped = "samples"
                break
            if done is not None and done(sums):
                r.stopped = "done"
                break
            now = time.perf_counter()
            if deadline is not None and now > deadline:
                r.stopped = "deadline"
                break
            if progress is not None and now - last >= PROGRESS_EVERY:
                line = progress(now - t0, sums)
                if line is not None:
                    say(line)
                    last = now
            s = sample(deadline)
            r.nodes += s.nodes
            if s.values is None:
                r.stopped = "exhausted"
                break
            r.exact &= s.exact
            sums.add(s.values, s.weight)
    except KeyboardInterrupt:
        if not sums.n:
            raise
        r.stopped = "interrupted"
    return r


def best_line(label: str, seconds: float, n: int, card: int, value: float) -> str:
    """A progress line: the samples so far and the card they rank first."""
    return f"{label}: {seconds:.1f} s, {n} samples, best {card_str(card)} {value:+.2f}"
