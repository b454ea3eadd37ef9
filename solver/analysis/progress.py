"""The progress path of every search: a sink (``Progress``) that takes one line, with one
clock per analysis and the throttle of the exact search's lines (the sampler's loop paces
its own, docs/architecture.md).

An engine owns its sink (solver.analysis.engine); the sink in force is the one set for the
running context (``using``/``reporting``: a thread, an asyncio task), else the process's
default, which the CLI points at stderr with ``set_hook``. So two analyses running at once
(the board's jobs) never write each other's lines.

Long searches call ``report``/``throttled``; estimators call ``say``. Without a hook the
throttled lines are dropped and ``say`` writes to stderr.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

from solver.analysis.scoped import Scoped

EVERY = 2.0  # seconds between throttled lines (and before the first)


class Line(str):
    """A progress line: its English text (what the CLI prints), and ``data``, what it says as
    a kind and its figures, so a front end says it in its own language (the board's
    ``progress.*`` words) rather than matching the English."""

    data: dict

    def __new__(cls, text: str, **data):
        line = super().__new__(cls, text)
        line.data = data
        return line


class Progress:
    """One progress sink: ``hook`` a callable taking one line, or None (stderr when it is a
    terminal for ``say``, nowhere for the throttled lines)."""

    def __init__(self, hook=None):
        self.hook = hook
        self.last_report = 0.0
        self.began = 0.0  # the start of the analysis under way (0: none): its phases share a clock

    def wants(self) -> bool:
        """Whether a long search should report: a hook is installed, or stderr is a terminal."""
        return self.hook is not None or sys.stderr.isatty()

    def say(self, line: str) -> None:
        """A progress line: through the hook, else on stderr."""
        if self.hook is not None:
            self.hook(line)
        else:
            print(line, file=sys.stderr, flush=True)

    @contextmanager
    def clock(self, t0: float):
        """The phases of one analysis (exact search, principal line, estimate) time their
        progress lines from ``t0``; a nested analysis keeps the outer one's start."""
        outer = not self.began
        if outer:
            self.began = t0
        try:
            yield
        finally:
            if outer:
                self.began = 0.0

    def throttled(self, line: str, started: float, every: float | None = None) -> None:
        """``line`` and the seconds since the analysis began (else ``started``) through the
        hook, at most once every ``every`` seconds and only once it has run that long."""
        every = EVERY if every is None else every
        started = self.began or started
        now = time.perf_counter()
        if self.hook is None or now - started < every or now - self.last_report < every:
            return
        self.last_report = now
        data = {**getattr(line, "data", {}), "seconds": round(now - started)}
        self.hook(Line(f"{line}, {now - started:.0f} s", **data))

    def report(self, nodes: int, started: float) -> None:
        """A periodic progress line for exact searches that run longer than a moment."""
        line = Line(f"searching exactly: {nodes:,} nodes", kind="exact", nodes=nodes)
        self.throttled(line, started)


#: the sink of the running context; its default is the process's, for the contexts that
#: set none (the CLI installs its hook there)
SINK: Scoped[Progress] = Scoped("briscola_progress", Progress)
default = SINK.default
current = SINK.current
using = SINK.using


def set_hook(fn):
    """Point the process's default sink at ``fn`` (a callable taking one line, or None) and
    return the previous hook."""
    sink = default()
    before, sink.hook = sink.hook, fn
    return before


@contextmanager
def reporting(fn):
    """Progress lines of this context go to ``fn`` (None: nowhere but a terminal's stderr)
    inside the block."""
    with using(Progress(fn)):
        yield


def wants_progress() -> bool:
    return current().wants()


def say(line: str) -> None:
    current().say(line)


def clock(t0: float):
    return current().clock(t0)


def throttled(line: str, started: float, every: float | None = None) -> None:
    current().throttled(line, started, every)


def report(nodes: int, started: float) -> None:
    current().report(nodes, started)
