"""Search threads kept between analyses, in a pool each engine owns.

A talon-8 analysis takes milliseconds, and starting a thread for it each time (and zeroing
that thread's scratch rows, which live per thread) cost about 0.7 ms of it, measured. So
helper threads outlive the analysis that started them and wait for the next one; the
calling thread does a share of the work itself instead of waiting. An analysis takes
helpers no other analysis is using, so concurrent analyses (the board's server, a cluster
worker) never wait on each other's work.

A ``Stop`` ends an analysis early without raising into its thread: the threads check it
where they already check the clock (the exact search between node slices, the sampling
loop between samples, the pool while it waits for its helpers) and raise ``Stopped``, a
KeyboardInterrupt, so every path that keeps its work on Ctrl-C keeps it on a stop too.
Nothing is checked while the kernels load, so a stop never cuts numba's loader midway.
"""

from __future__ import annotations

import contextvars
import math
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from solver.analysis.budget import check_budget

#: set inside a sampling loop's jobs: the searches they run keep to one thread (the loop
#: already solves as many samples at once as the engine has threads)
SERIAL: contextvars.ContextVar[bool] = contextvars.ContextVar("briscola_serial", default=False)


class Stopped(KeyboardInterrupt):
    """An analysis ended by its Stop (a KeyboardInterrupt: what Ctrl-C ends is ended alike)."""


class Stop:
    """A request to stop the analyses run under it (``under``), settable from any thread:
    they end at their next check, a few milliseconds away, as they would on Ctrl-C."""

    def __init__(self, seconds: float | None = None) -> None:
        """With ``seconds``, the stop sets itself that long from now: every check reads the
        clock too, so it is never late because the thread that would set it waited for the
        GIL behind a search (the numba kernels hold it for a whole slice). The seconds are
        a finite positive number, as a Limit's time is (a NaN never came: an analysis with
        no end)."""
        check_budget(seconds, None, None)
        self._event = threading.Event()
        self._deadline = math.inf if seconds is None else time.monotonic() + seconds

    def set(self) -> None:
        """Ask the analyses under this stop to end (from any thread; at once if none runs)."""
        self._event.set()

    def _due(self) -> bool:
        if self._event.is_set():
            return True
        if time.monotonic() >= self._deadline:
            self._event.set()
            return True
        return False

    def clear(self) -> None:
        """Take the request back, so that the same stop serves the next analyses (a bot's
        one stop, set when a move's time is up and cleared before the next move). An
        analysis that already ended on it stays ended; one still running goes on unless it
        saw the stop set first. A stop made with ``seconds`` forgets its time too."""
        self._deadline = math.inf
        self._event.clear()

    def is_set(self) -> bool:
        """Whether ``set`` has been called (or the stop's time has come)."""
        return self._due()

    def __repr__(self) -> str:
        return "<Stop set>" if self.is_set() else "<Stop not set>"

    @contextmanager
    def under(self) -> Iterator[Stop]:
        """The analyses of this context (and the threads they start) check this stop."""
        token = _STOP.set(self)
        try:
            yield self
        finally:
            _STOP.reset(token)


_STOP: contextvars.ContextVar[Stop | None] = contextvars.ContextVar("briscola_stop", default=None)


def stopping() -> bool:
    """Whether the running context's stop has been set."""
    stop = _STOP.get()
    return stop is not None and stop.is_set()


def pause(seconds: float) -> None:
    """Wait ``seconds`` (none when not positive), ending at once as an analysis does when
    the running context's stop is set (Stopped); Ctrl-C ends it too."""
    if seconds <= 0:
        return
    stop = _STOP.get()
    if stop is None:
        time.sleep(seconds)
    elif (
        stop._due()
        or stop._event.wait(min(seconds, stop._deadline - time.monotonic()))
        or stop._due()  # waited until the stop's own time
    ):
        raise Stopped


def check_stop() -> None:
    """Raise Stopped if the running context's stop has been set."""
    stop = _STOP.get()
    if stop is not None and stop._due():  # once per node slice: ~0.1 us
        raise Stopped


@contextmanager
def shielded() -> Iterator[None]:
    """The running context's stop unseen inside: for the bounded work that answers after a
    stop (an estimate's one-trick look-ahead when no sample was made), which must finish."""
    token = _STOP.set(None)
    try:
        yield
    finally:
        _STOP.reset(token)


def interruption() -> KeyboardInterrupt:
    """What an interrupted analysis raises: Stopped under a set stop, else KeyboardInterrupt."""
    return Stopped() if stopping() else KeyboardInterrupt()


#: what a helper is handed: the job, the event it sets when done, where its error goes;
#: None: the pool is closed, and the helper's thread ends
_Job = tuple[Callable[[], None], threading.Event, list[BaseException]] | None


class _Helper:
    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        threading.Thread(target=self._loop, daemon=True, name="briscola-search").start()

    def _loop(self) -> None:
        while True:
            item = self.jobs.get()
            if item is None:
                return
            job, done, errors = item
            try:
                job()
            except BaseException as e:  # handed to the caller, which raises it
                errors.append(e)
            finally:
                # idle before done: the caller's next analysis may take it
                self.pool.give_back(self)
                done.set()


class Pool:
    """Idle helper threads, taken by one analysis at a time."""

    def __init__(self) -> None:
        self.idle: list[_Helper] = []
        self.lock = threading.Lock()

    def give_back(self, helper: _Helper) -> None:
        with self.lock:
            self.idle.append(helper)

    def close(self) -> None:
        """End the idle helpers' threads (an analysis running now keeps its helpers; they
        wait for the next one). A later analysis starts new ones."""
        with self.lock:
            idle, self.idle = self.idle, []
        for helper in idle:
            helper.jobs.put(None)

    def _take(self) -> _Helper:
        with self.lock:
            if self.idle:
                return self.idle.pop()
        return _Helper(self)

    def run(self, jobs: list[Callable[[], None]], stop: Callable[[], None]) -> None:
        """Run ``jobs[0]`` in this thread and the others on helper threads; return when all
        have ended, raising the first error any of them raised. If this thread's job raises
        (Ctrl-C included), or the context's Stop is set while it waits, ``stop`` is called
        (it must make the other jobs end soon) and the error is raised once they have
        ended."""
        waits: list[threading.Event] = []
        errors: list[BaseException] = []
        for job in jobs[1:]:
            done = threading.Event()
            self._take().jobs.put((job, done, errors))
            waits.append(done)
        try:
            jobs[0]()
            for done in waits:
                while not done.wait(0.05):  # a timeout, so that Ctrl-C and a Stop are seen
                    check_stop()
        except BaseException:
            stop()
            for done in waits:
                done.wait()
            raise
        if errors:
            raise errors[0]
