"""The one progress path of every search: a hook that takes one line (the CLI and the
board install theirs with ``reporting``), one clock per analysis, one throttle.

Long searches call ``report``/``throttled``; estimators call ``say``. Without a hook the
throttled lines are dropped and ``say`` writes to stderr.
"""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager

EVERY = 2.0          # seconds between throttled lines (and before the first)
_hook = [None]       # a callable taking one line, or None
_last_report = [0.0]
_began = [0.0]       # the start of the analysis under way (0: none), so its phases share a clock


def set_hook(fn):
    """Install ``fn`` (a callable taking one line, or None) and return the previous hook."""
    before = _hook[0]
    _hook[0] = fn
    return before


@contextmanager
def reporting(fn):
    """Progress lines go to ``fn`` (None: nowhere but a terminal's stderr) inside the block."""
    before = set_hook(fn)
    try:
        yield
    finally:
        _hook[0] = before


def wants_progress() -> bool:
    """Whether a long search should report: a hook is installed, or stderr is a terminal."""
    return _hook[0] is not None or sys.stderr.isatty()


def say(line: str) -> None:
    """A progress line: through the hook, else on stderr."""
    if _hook[0] is not None:
        _hook[0](line)
    else:
        print(line, file=sys.stderr, flush=True)


@contextmanager
def clock(t0: float):
    """The phases of one analysis (exact search, principal line, estimate) time their
    progress lines from ``t0``; a nested analysis keeps the outer one's start."""
    outer = not _began[0]
    if outer:
        _began[0] = t0
    try:
        yield
    finally:
        if outer:
            _began[0] = 0.0


def throttled(line: str, started: float, every: float | None = None) -> None:
    """``line`` and the seconds since the analysis began (else ``started``) through the
    hook, at most once every ``every`` seconds and only once it has run that long."""
    every = EVERY if every is None else every
    started = _began[0] or started
    now = time.perf_counter()
    if _hook[0] is None or now - started < every or now - _last_report[0] < every:
        return
    _last_report[0] = now
    _hook[0](f"{line}, {now - started:.0f} s")


def report(nodes: int, started: float) -> None:
    """A periodic progress line for exact searches that run longer than a moment."""
    throttled(f"searching exactly: {nodes:,} nodes", started)
