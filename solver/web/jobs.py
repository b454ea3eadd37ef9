"""Long analyses for the web board: one thread per request, one search at a time, and a
new request from the same client stopping the old one.

Stopping reuses the engine's Ctrl-C path: the job's thread gets ``Cancelled`` (a
KeyboardInterrupt) raised in it, which the engine already turns into "stop every search
thread at its next node". Searches run one at a time because they share the engine's
transposition tables and both cores; other requests (pictures, moves, puzzles) never wait.
"""
from __future__ import annotations

import asyncio
import ctypes
import threading
import time
from concurrent.futures import Future


class Cancelled(KeyboardInterrupt):
    """Raised inside a job's thread when its client stops it or sends a newer request."""


class JobCancelled(Exception):
    """What the awaiting request gets for a stopped job (a KeyboardInterrupt must never
    reach the event loop, which would stop the server)."""


class Job:
    def __init__(self, client: str):
        self.client = client
        self.started = time.perf_counter()
        self.message = "waiting for the previous search"
        self.cancelled = False
        self.thread: threading.Thread | None = None
        self.inside = False          # between taking the search lock and leaving the try
        self.guard = threading.Lock()

    def cancel(self) -> None:
        with self.guard:
            self.cancelled = True
            if self.inside and self.thread is not None and self.thread.ident is not None:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread.ident),
                                                           ctypes.py_object(Cancelled))


class Jobs:
    """The running job of each client; ``run`` awaits a function run in its own thread."""

    def __init__(self):
        self.by_client: dict[str, Job] = {}
        self.search_lock = threading.Lock()
        self.lock = threading.Lock()

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

    async def run(self, client: str, fn):
        """``fn(job)``'s result; raises JobCancelled when stopped or superseded."""
        job = Job(client)
        with self.lock:
            old = self.by_client.get(client)
            self.by_client[client] = job
        if old is not None:
            old.cancel()
        fut: Future = Future()

        def body():
            try:
                with self.search_lock:
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
                fut.set_result(result)
            except BaseException as e:  # noqa: BLE001 - handed to the awaiting request
                if isinstance(e, KeyboardInterrupt):
                    e = JobCancelled()  # ours, or the engine's own re-raised KeyboardInterrupt
                elif not isinstance(e, Exception):
                    e = RuntimeError(f"{type(e).__name__} in the analysis")
                if not fut.done():
                    fut.set_exception(e)
            finally:
                with self.lock:
                    if self.by_client.get(client) is job:
                        del self.by_client[client]

        job.thread = threading.Thread(target=body, daemon=True, name=f"analysis-{client}")
        job.thread.start()
        try:
            return await asyncio.wrap_future(fut)
        except asyncio.CancelledError:
            job.cancel()  # the browser went away
            raise
