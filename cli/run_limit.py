"""A whole run's --time-limit (puzzles generate and solve, match, simulate): the run ends at
the limit as it ends on Ctrl-C, keeping what is done, through the engine's own Stop
(solver.analysis.threads) rather than a second way of stopping. A SIGTERM or SIGHUP ends
it, and every other command, as Ctrl-C does (``stop_signals_as_ctrl_c``)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import click

from cli.options import SECONDS

RUN_LIMIT_HELP = (
    "Stop the whole run after this many seconds, keeping what is done (as Ctrl-C does, "
    "but exit code as for a finished run)."
)

#: the option, alike on every command whose run it bounds
time_limit_option = click.option(
    "--time-limit", "run_limit", type=SECONDS, default=None, help=RUN_LIMIT_HELP
)


@contextmanager
def limited(seconds: float | None, kernels: bool = False) -> Iterator:
    """The block under a Stop set ``seconds`` from now (never without them): its analyses
    end as on Ctrl-C (Stopped, a KeyboardInterrupt) and its loops end at their next
    ``check_stop()``, so every path that keeps its work on Ctrl-C keeps it at the limit;
    the Stop's ``is_set()`` tells the limit from Ctrl-C. With ``kernels`` the engine's
    kernels load before the clock starts (as analyse's limit counts the search only), so a
    short limit is not spent loading them. A SIGTERM ends the block as Ctrl-C does through
    the handler the command group installs around every command (stop_signals_as_ctrl_c).
    Imported here: help must not load the engine."""
    from solver.analysis import Stop, current_engine

    if seconds is not None and kernels:
        current_engine().ready()
    stop = Stop(seconds)  # its checks read the clock: never late behind a search's GIL
    try:
        with stop.under():
            yield stop
    finally:
        if not stop.is_set():  # not reached in the block: it stays unset after it
            stop.clear()


#: the signals that end a command as Ctrl-C does: ``kill``, ``timeout`` and a batch
#: system's stop (SIGTERM), a terminal or ssh session closed (SIGHUP)
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextmanager
def stop_signals_as_ctrl_c() -> Iterator[None]:
    """STOP_SIGNALS raising KeyboardInterrupt, as Ctrl-C's handler does, while the block
    runs (in the main thread only: no other may set a handler). A signal the process was
    started ignoring (``nohup``) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {}
    for sig in STOP_SIGNALS:
        if signal.getsignal(sig) is not signal.SIG_IGN:
            before[sig] = signal.signal(sig, signal.default_int_handler)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
