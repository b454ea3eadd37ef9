"""Long analyses for the web board: one thread per request, one search at a time on the
board's engine, and a new request from the same client stopping the old one.

The work is bounded: each client has at most one job (a newer request replaces it), the
server holds at most ``MAX_JOBS`` jobs at once (one more is refused with ``Busy``, a 429),
a job runs at most ``MAX_JOB_SECONDS``, and a job whose request's connection is gone is
stopped (the request is watched while it waits).

Stopping is the engine's own: each job runs its analyses under a ``Stop`` (Engine.active),
which its client, a newer request or the watcher sets; the analysis sees it at its next
check (between node slices or samples, milliseconds) and ends as on Ctrl-C, raising
``Stopped`` (a KeyboardInterrupt), which the request gets as JobCancelled (a review keeps
the cards judged so far, as on Ctrl-C; what does not analyse runs on to its end). Nothing
is raised into a thread from outside, so no stop can land inside the kernels' load
(numba's locks) or any other code that must not be cut.

Every job runs on one engine (``Jobs.engine``) and one at a time (``search_lock``), by
design: a search already spreads over every core the engine has, so two at once would
each run at about half speed and share its table (one engine per job would hold a table
each, MAX_JOBS of them, 512 MB apiece by default); one engine also keeps
its table warm from a client's analysis to the next (the next ply of a game, an analysis
after a review). A stop ends a search within milliseconds, so the job after a replaced one
barely waits. Other requests (pictures, moves, puzzles' lists) never wait.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from concurrent.futures import Future
from contextvars import ContextVar

from solver.analysis import Engine, Stop, default_engine
from solver.errors import BriscolaError, Count

MAX_JOBS = 8
#: the longest time limit a request may ask (600 s), with room for the answer to be built
MAX_JOB_SECONDS = 660.0
#: how often a waiting request checks its connection and its job's clock
WATCH_SECONDS = 0.2

#: the request being served: an async function telling whether its client has gone away.
#: The server sets it around each request, so routes need not pass it to ``Jobs.run``.
CLIENT_GONE: ContextVar = ContextVar("client_gone", default=None)


class Cancelled(KeyboardInterrupt):
    """A job stopped before its search began (its thread raises it on itself)."""


class JobCancelled(BriscolaError):
    """What the awaiting request gets for a stopped job (a KeyboardInterrupt must never
    reach the event loop, which would stop the server); its key says why (job.replaced,
    job.gone, job.over_time)."""


class Busy(BriscolaError):
    """The server already holds MAX_JOBS jobs of other clients."""


class Job:
    def __init__(self, client: str):
        self.client = client
        self.started = time.perf_counter()
        #: what the job is doing, for /api/progress: "waiting" for the search lock, then
        #: "searching"; ``line`` the engine's last progress line as data (progress.Line),
        #: ``message`` in English (what a front end without the page's words shows)
        self.state = "waiting"
        self.message = "waiting for the previous search"
        self.line: dict | None = None
        self.cancelled = False
        self.reason = JobCancelled.of("job.replaced")  # what the waiting request is told
        self.thread: threading.Thread | None = None
        self.inside = False  # between taking the search lock and leaving the try
        self.guard = threading.Lock()
        self.stop = Stop()  # the analyses of the job run under it

    def say(self, line: str) -> None:
        """A progress line of the job's analysis: its text, and its data where it has some
        (progress.Line), so the page says it in its own words."""
        self.message = line
        self.line = getattr(line, "data", None)

    def cancel(self, reason: str | None = None, **fields) -> None:
        """Stop the job; ``reason``: the key of why (errors.ENGLISH), the first one given
        kept."""
        with self.guard:
            if reason is not None and not self.cancelled:
                self.reason = JobCancelled.of(reason, **fields)
            self.cancelled = True
            self.stop.set()


class Jobs:
    """The running job of each client; ``run`` awaits a function run in its own thread, on
    ``engine`` (default: the process's default engine; a server process has no other
    analyses to keep apart from the board's)."""

    def __init__(
        self,
        max_jobs: int = MAX_JOBS,
        max_seconds: float = MAX_JOB_SECONDS,
        engine: Engine | None = None,
    ):
        self.engine = default_engine() if engine is None else engine
        self.by_client: dict[str, Job] = {}
        self.search_lock = threading.Lock()
        self.lock = threading.Lock()
        self.max_jobs = max_jobs
        self.max_seconds = max_seconds
        self.anonymous = itertools.count(1)

    def progress(self, client: str) -> dict:
        job = self.by_client.get(client)
        if job is None:
            return {"running": False}
        out = {
            "running": True,
            "seconds": round(time.perf_counter() - job.started, 1),
            "state": job.state,
            "message": job.message,
        }
        if job.line is not None:
            out["line"] = job.line
        return out

    def stop(self, client: str) -> bool:
        with self.lock:
            job = self.by_client.get(client)
        if job is None:
            return False
        job.cancel()
        return True

    def _enter(self, client: str | None) -> Job:
        """The new job, registered; its client's previous job cancelled. A request without
        a client gets a name of its own, so no other request can see or stop its job."""
        with self.lock:
            if client is None:
                client = f"\0anonymous-{next(self.anonymous)}"  # \0: no printable client id
            old = self.by_client.get(client)
            live = sum(1 for j in self.by_client.values() if not j.cancelled and j is not old)
            if live >= self.max_jobs:
                raise Busy.of("job.busy", live=Count(live))
            job = Job(client)
            self.by_client[client] = job
        if old is not None:
            old.cancel()
        return job

    def _take_search_lock(self, job: Job) -> None:
        """Wait for the search lock, giving up as soon as the job is cancelled (a stopped
        job must not sit in the queue until the searches before it end)."""
        while not self.search_lock.acquire(timeout=WATCH_SECONDS / 2):
            if job.cancelled:
                raise Cancelled()

    async def _watch(self, job: Job, fut: Future):
        """The job's result, checking while it runs that the request's client is still
        there and that the job is within its time."""
        gone = CLIENT_GONE.get()
        waiting = asyncio.wrap_future(fut)
        while True:
            done, _ = await asyncio.wait({waiting}, timeout=WATCH_SECONDS)
            if done:
                return waiting.result()
            if gone is not None and await gone():
                job.cancel("job.gone")
            elif job.inside and time.perf_counter() - job.started > self.max_seconds:
                job.cancel("job.over_time", most=f"{self.max_seconds:g}")

    async def run(self, client: str | None, fn, load=None):
        """``fn(job)``'s result; raises JobCancelled when stopped or superseded, Busy when
        the server holds too many jobs. ``load()`` (the kernels: ``Jobs.engine.ready``) runs
        first in the job's thread, before it waits for the search lock, so a cold kernel
        compiles while another job searches; a stop cannot cut it (nothing is raised into
        the thread: the analyses check their Stop), and a job stopped meanwhile ends before
        its search. ``fn`` runs on the board's engine under the job's Stop."""
        job = self._enter(client)
        client = job.client
        fut: Future = Future()

        def body():
            result, error = None, None
            try:
                if load is not None:
                    load()
                self._take_search_lock(job)
                try:
                    with job.guard:
                        if job.cancelled:
                            raise Cancelled()
                        job.inside = True
                    job.state, job.message = "searching", "searching"
                    job.started = time.perf_counter()
                    try:
                        with self.engine.active(stop=job.stop):
                            result = fn(job)
                    finally:
                        with job.guard:
                            job.inside = False
                finally:
                    self.search_lock.release()
            except BaseException as e:  # noqa: BLE001 - handed to the awaiting request
                if isinstance(e, KeyboardInterrupt):
                    error = job.reason  # Cancelled, or Stopped
                elif not isinstance(e, Exception):
                    error = RuntimeError(f"{type(e).__name__} in the analysis")
                else:
                    error = e
            finally:
                # gone from the table before the request has its answer: a progress asked
                # right after the answer sees the job over
                with self.lock:
                    if self.by_client.get(client) is job:
                        del self.by_client[client]
                if error is None:
                    fut.set_result(result)
                else:
                    fut.set_exception(error)

        job.thread = threading.Thread(target=body, daemon=True, name="analysis")
        job.thread.start()
        try:
            return await self._watch(job, fut)
        except asyncio.CancelledError:
            job.cancel("job.gone")
            raise

    async def search(self, client: str | None, state, fn):
        """``run(client, fn)`` with the kernels an analysis of ``state`` uses as its ``load``
        (Engine.ready)."""
        return await self.run(client, fn, load=lambda: self.engine.ready(state))
