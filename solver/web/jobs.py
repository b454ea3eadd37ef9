"""Long analyses for the web board: one thread per request, one search at a time, and a
new request from the same client stopping the old one.

The work is bounded: each client has at most one job (a newer request replaces it), the
server holds at most ``MAX_JOBS`` jobs at once (one more is refused with ``Busy``, a 429),
a job runs at most ``MAX_JOB_SECONDS``, and a job whose request's connection is gone is
stopped (the request is watched while it waits).

Stopping reuses the engine's Ctrl-C path: the job's thread gets ``Cancelled`` (a
KeyboardInterrupt) raised in it, which the engine already turns into "stop every search
thread at its next node". Searches run one at a time because they share the engine's
transposition tables and both cores; other requests (pictures, moves, puzzles) never wait.
"""
from __future__ import annotations

import asyncio
import ctypes
import itertools
import threading
import time
from concurrent.futures import Future
from contextvars import ContextVar

MAX_JOBS = 8
#: the longest time limit a request may ask (600 s), with room for the answer to be built
MAX_JOB_SECONDS = 660.0
#: how often a waiting request checks its connection and its job's clock
WATCH_SECONDS = 0.2

#: the request being served: an async function telling whether its client has gone away.
#: The server sets it around each request, so routes need not pass it to ``Jobs.run``.
CLIENT_GONE: ContextVar = ContextVar("client_gone", default=None)


class Cancelled(KeyboardInterrupt):
    """Raised inside a job's thread when its client stops it or sends a newer request."""


class JobCancelled(Exception):
    """What the awaiting request gets for a stopped job (a KeyboardInterrupt must never
    reach the event loop, which would stop the server)."""


class Busy(Exception):
    """The server already holds MAX_JOBS jobs of other clients."""



class Job:
    def __init__(self, client: str):
        self.client = client
        self.started = time.perf_counter()
        self.message = "waiting for the previous search"
        self.cancelled = False
        self.reason = "stopped or replaced by a newer request"
        self.thread: threading.Thread | None = None
        self.inside = False          # between taking the search lock and leaving the try
        self.guard = threading.Lock()

    def cancel(self, reason: str | None = None) -> None:
        with self.guard:
            if reason is not None and not self.cancelled:
                self.reason = reason
            self.cancelled = True
            if self.inside and self.thread is not None and self.thread.ident is not None:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread.ident),
                                                           ctypes.py_object(Cancelled))


class Jobs:
    """The running job of each client; ``run`` awaits a function run in its own thread."""

    def __init__(self, max_jobs: int = MAX_JOBS, max_seconds: float = MAX_JOB_SECONDS):
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
        return {"running": True, "seconds": round(time.perf_counter() - job.started, 1),
                "message": job.message}

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
                raise Busy(f"the server is busy: {live} searches are running or waiting; "
                           f"stop one or try again when they end")
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
                job.cancel("the client went away")
            elif job.inside and time.perf_counter() - job.started > self.max_seconds:
                job.cancel(f"stopped at the server's limit of {self.max_seconds:g} s a request")

    async def run(self, client: str | None, fn, load=None):
        """``fn(job)``'s result; raises JobCancelled when stopped or superseded, Busy when
        the server holds too many jobs. ``load()`` runs first in the job's thread, where no
        stop can cut it: loading the kernels takes numba's locks, and an exception raised
        into the thread there could leave one held, hanging every later search."""
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
                    job.message = "searching"
                    job.started = time.perf_counter()
                    try:
                        result = fn(job)
                    finally:
                        with job.guard:
                            job.inside = False
                finally:
                    self.search_lock.release()
            except BaseException as e:  # noqa: BLE001 - handed to the awaiting request
                if isinstance(e, KeyboardInterrupt):
                    error = JobCancelled(
                        job.reason
                    )  # ours, or the engine's own re-raised KeyboardInterrupt
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
            job.cancel("the client went away")
            raise
