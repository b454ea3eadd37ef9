"""The one sampling loop of every sampled estimate (scoperta beyond the exact horizon, the
open hidden-talon games, the seat analysis): the estimators differ only in how one sample
is drawn and solved, so the clock, the sample budget, Ctrl-C and a Stop, the progress lines, the
running sums and the stopping rule live here once, as does the default seed (the default
time is the budget's: budget.DEFAULT_TIME).
"""

from __future__ import annotations

import contextvars
import threading
import time
import zlib
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple, Protocol
from collections.abc import Callable, Sequence

from solver.analysis.budget import Until
from solver.analysis.driver import current
from solver.analysis.progress import Line, say
from solver.analysis.threads import SERIAL, stopping
from solver.cards import card_str
from solver.position.protocol import State

PROGRESS_AFTER = 2.0  # seconds before the first progress line on stderr
PROGRESS_EVERY = 1.0  # seconds between progress lines


def seed_for(pos: State, salt: object) -> int:
    """The default seed of a position's samples: the same position (and ``salt``, e.g. the
    objective) gets the same samples, so an estimate is reproducible."""
    return zlib.crc32(f"{pos.to_text()} {salt}".encode())


class Sample(NamedTuple):
    """One solved sample: its values (one per column of the sums; None when the deadline
    came first or there is nothing more to draw), the nodes spent on it, its weight, and
    whether it is exact over its own chance (the talon draws)."""

    values: Sequence[float] | None
    nodes: int = 0
    weight: float = 1.0
    exact: bool = True


class Adds(Protocol):
    """What ``run`` adds samples to: a Sums, or sample streams kept as one
    (estimate._Streams)."""

    @property
    def n(self) -> int: ...

    def add(self, vals, weight: float = 1.0) -> None: ...


@dataclass
class Run:
    """What a loop gathered, and why it stopped: "samples" (the budget), "done" (the
    estimator's own rule, or nothing more to draw), "deadline", "exhausted" (a sample found
    no time) or "interrupted" (Ctrl-C or a Stop, perhaps before any sample)."""

    sums: Adds
    nodes: int = 0
    exact: bool = True
    stopped: str = ""


Job = Callable[[float | None], Sample]


def run(
    draw: Callable[[], Job | None],
    sums: Adds,
    until: Until,
    *,
    done: Callable[[Adds], bool] | None = None,
    progress: Callable[[float, Adds], str | None] | None = None,
    nodes: int = 0,
    threads: int = 1,
) -> Run:
    """Add samples to ``sums`` until ``until``'s samples or deadline, ``done(sums)``, nothing
    more to draw, a sample that returns no values, or Ctrl-C or the context's Stop (which
    keep what was gathered, "interrupted", even when that is nothing: the estimator then
    answers from its one-trick look-ahead, marked interrupted, and the engine raises
    Stopped unless an answer was asked for).
    ``progress(seconds since until.t0, sums)``: the line to print now and then (None: nothing to
    say yet).

    ``draw()`` makes each sample's random choices and returns the job that solves it
    (``job(deadline)`` -> Sample), or None when there is nothing more to draw. Draws are
    made one at a time, in order; ``threads`` jobs are solved at once (the kernels release
    the GIL), each search inside them on one thread, and their samples are added in the
    order drawn, so a sample budget gives the same sums on any number of threads."""
    loop = _Loop(draw, sums, until, done, progress, Run(sums, nodes))
    if threads <= 1:
        loop.work()
    else:
        helpers = [contextvars.copy_context() for _ in range(threads - 1)]
        try:
            jobs: list[Callable[[], None]] = [loop.work]
            current().pool.run(jobs + [partial(c.run, loop.work) for c in helpers], loop.halt)
        except KeyboardInterrupt:
            loop.halt()  # the pool has waited for the helpers
    if loop.interrupted:
        loop.r.stopped = "interrupted"
    return loop.r


class _Loop:
    """The state the threads of one ``run`` share, under one lock."""

    def __init__(
        self,
        draw: Callable[[], Job | None],
        sums: Adds,
        until: Until,
        done: Callable[[Adds], bool] | None,
        progress: Callable[[float, Adds], str | None] | None,
        r: Run,
    ) -> None:
        self.draw, self.sums, self.t0, self.deadline = draw, sums, until.t0, until.deadline
        self.samples, self.done, self.progress, self.r = until.samples, done, progress, r
        self.lock = threading.Lock()
        self.drawn = self.added = 0
        self.ready: dict[int, Sample] = {}
        self.last = until.t0 + PROGRESS_AFTER - PROGRESS_EVERY
        self.interrupted = False

    def halt(self) -> None:
        """Ctrl-C or a Stop: no more draws; the jobs under way end on their own and are
        kept."""
        with self.lock:
            self.interrupted = True
            self.r.stopped = self.r.stopped or "interrupted"

    def _next(self) -> tuple[int, Job] | None:
        """The next job, or None once the loop stops drawing (called under the lock)."""
        r = self.r
        if r.stopped:
            return None
        now = time.perf_counter()
        if self.samples is not None and self.drawn >= self.samples:
            r.stopped = "samples"
        elif self.done is not None and self.done(self.sums):
            r.stopped = "done"
        elif self.deadline is not None and now > self.deadline:
            r.stopped = "deadline"
        elif stopping():
            self.interrupted = True
            r.stopped = "interrupted"
        else:
            if self.progress is not None and now - self.last >= PROGRESS_EVERY:
                line = self.progress(now - self.t0, self.sums)
                if line is not None:
                    say(line)
                    self.last = now
            job = self.draw()
            if job is not None:
                self.drawn += 1
                return self.drawn - 1, job
            r.stopped = "done"
        return None

    def _add(self, i: int, s: Sample) -> None:
        """Take sample ``i`` and add every sample now complete, in the order drawn (called
        under the lock); none once the estimator's rule says done, none after a sample that
        found no time."""
        self.ready[i] = s
        r = self.r
        while self.added in self.ready:
            s = self.ready.pop(self.added)
            self.added += 1
            r.nodes += s.nodes
            if self.done is not None and self.done(self.sums):
                continue
            if s.values is None:
                if not self.interrupted:
                    r.stopped = "exhausted"
                self.done = lambda _: True
                continue
            r.exact &= s.exact
            self.sums.add(s.values, s.weight)

    def work(self) -> None:
        """Draw, solve and add until the loop stops drawing; Ctrl-C here halts the loop."""
        serial = SERIAL.set(True)
        try:
            while True:
                with self.lock:
                    nxt = self._next()
                if nxt is None:
                    return
                s = nxt[1](self.deadline)
                with self.lock:
                    self._add(nxt[0], s)
        except KeyboardInterrupt:
            self.halt()
        finally:
            SERIAL.reset(serial)


def best_line(
    label: str, seconds: float, n: int, card: int, value: float, objective: str = "points"
) -> str:
    """A progress line: the samples so far and the card they rank first, its value as the
    answer says it (a chance of winning in percent: "best FB 24.5%"); ``objective`` in
    its data, so a front end says it so too."""
    win = objective == "win"
    value = round(value, 3 if win else 2)  # the data's value: the text says that one
    said = f"{100 * value:.1f}%" if win else f"{value:+.2f}"
    samples = "1 sample" if n == 1 else f"{n} samples"
    return Line(
        f"{label}: {seconds:.1f} s, {samples}, best {card_str(card)} {said}",
        kind="samples",
        label=label,
        samples=n,
        best=card_str(card),
        value=value,
        objective=objective,
        seconds=round(seconds, 1),
    )
