"""Independent seeded tasks (a deal of a match, a position of a batch) run in this process
or over a Dask cluster, with a resumable log.

A task is a top-level function and its arguments; its result depends only on them (each
task seeds itself from the run's seed and its index), so results are the same whatever the
number of workers and the order they finish in. Results come back as they finish, with
their index; the caller writes each one at once (``TaskLog``) and a rerun skips the tasks
already logged. A task whose worker dies is run again by the scheduler elsewhere. A run
stopped early cancels its tasks, and a task already running ends at its next stop check
(``stoppable``), its worker free for the next run.

Dask (``pip install -e '.[cluster]'``) is imported only when a cluster is asked for.
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
import os
import signal
import socket
import threading
import time
from contextlib import contextmanager
from collections.abc import Callable, Iterable, Iterator

from solver.errors import BriscolaError, Count, Note, bug
from solver import jsonfile, settings
from solver.analysis import Stop, analyse, check_stop, default_engine, pause
from solver.position import parse_position

#: seconds between progress lines
PROGRESS_EVERY = 2.0
#: seconds between looks for a finished task while none has finished (a Stop, a whole run's
#: --time-limit, ends the wait at once: it is not waited for)
READY_POLL = 0.05
#: seconds without a finished task after which a line says the run goes on (one task of
#: a split talon-16 search runs for most of an hour)
HEARTBEAT_EVERY = 60.0
#: table memory per worker unless given or set in BRISCOLA_WORKER_TT_MB (the engine's own
#: default is 512 MB a process; a worker searches with one thread)
DEFAULT_WORKER_TT_MB = 256
#: seconds to reach a scheduler: a plain TCP connection first (an address nobody listens
#: on is refused at once), then Dask's own handshake
PROBE_SECONDS = 3.0
CONNECT_SECONDS = 6.0
#: seconds for Dask's handshake, its own timeout (CONNECT_SECONDS) and a margin
HANDSHAKE_SECONDS = CONNECT_SECONDS + 4.0
#: seconds between a running task's looks at whether its worker was told to cancel it
CANCEL_POLL = 0.1


class ClusterError(BriscolaError):
    """The cluster cannot be used: extra not installed, scheduler unreachable."""


class Cancelled(Exception):
    """A task ended because its run cancelled it. Nobody reads it (the scheduler has
    forgotten the task): an error rather than a result, so that none could pass for one."""


class LogError(BriscolaError):
    """A task log that cannot be read, written or resumed; the message names the file."""


def _dask():
    try:
        import distributed
    except ImportError:
        raise ClusterError.of("cluster.no_dask") from None
    return distributed


def worker_env(tt_mb: int | None, threads: int, local_workers: int | None = None) -> dict[str, str]:
    """What each worker process sets before it imports the engine: its table size and its
    search threads (one per Dask thread, so the workers do not fight over the cores). The
    ``local_workers`` of a local cluster, where no size was given, also let a search from
    talon 14 up grow its table to its share of a quarter of the memory, as the local search
    does (BRISCOLA_BIG_SHARE): a split talon-16 search's tasks on 256 MB tables had not
    ended after 72 CPU-minutes each (2026-12-05)."""
    chosen = tt_mb or settings.worker_tt_mb()
    given = chosen is not None
    tt_mb = DEFAULT_WORKER_TT_MB if chosen is None else chosen
    env = {"BRISCOLA_TT_MB": str(tt_mb), "BRISCOLA_THREADS": str(max(1, threads))}
    if local_workers and not given:
        env["BRISCOLA_BIG_SHARE"] = str(local_workers)
    return env


def apply_env(env: dict[str, str]) -> None:
    """Set ``env`` here and give the worker's engine the same limits. A worker is a process
    of its own, so the process's default engine is the worker's engine: its tables stay
    warm from one task to the next, sized by ``worker_env`` for the worker's share of the
    machine (a worker of N Dask threads runs N tasks at once on it, each taking search
    threads no other task uses)."""
    os.environ.update(env)
    share = env.get("BRISCOLA_BIG_SHARE")
    default_engine().configure(
        tt_mb=int(env["BRISCOLA_TT_MB"]),
        threads=int(env["BRISCOLA_THREADS"]),
        big_share=int(share) if share else None,
    )


def warm() -> int:
    """Load (or, the first time, compile and cache) the search kernels: a worker does it
    once, before its first real task, instead of inside a timed move."""
    default_engine().ready()
    analyse(
        parse_position("hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"), "points"
    )
    return os.getpid()


@functools.cache
def _env_plugin_class():
    """A Dask WorkerPlugin that sets the worker environment on every worker, including one
    started later (a worker restarted after a crash)."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class EnvPlugin(WorkerPlugin):
        name = "briscola-env"

        def __init__(self, env: dict[str, str], local: bool):
            self.env = env
            self.local = local

        def setup(self, worker=None):
            apply_env(self.env)
            if self.local and threading.current_thread() is threading.main_thread():
                # Ctrl-C reaches the whole terminal's process group: the local workers leave
                # it to the client, which stops them
                signal.signal(signal.SIGINT, signal.SIG_IGN)

    return EnvPlugin


def stoppable(fn: Callable, *args):
    """``fn(*args)`` on a worker, under a Stop set once the worker is told that its task was
    cancelled (its run stopped: a --time-limit, Ctrl-C). Dask cannot interrupt a running
    function: a cancelled deal played on for its minutes of engine moves, the worker busy
    and the next run on the cluster waiting behind it. The engine's analyses check the stop
    as they start and between node slices and samples, so the task ends within a move.
    Outside a worker it is ``fn(*args)``."""
    try:
        worker = _dask().get_worker()
    except ValueError:
        return fn(*args)
    key = worker.get_current_task()
    stop = Stop()
    with _watch(worker, key, stop), stop.under():
        try:
            return fn(*args)
        except KeyboardInterrupt:  # Stopped: raised into the worker, it would end it
            if stop.is_set():
                raise Cancelled(key) from None
            raise


@contextmanager
def _every(seconds: float, fn: Callable[[], bool | None], name: str) -> Iterator[None]:
    """``fn()`` every ``seconds`` from a thread of its own while the block runs, until it
    returns True."""
    done = threading.Event()

    def loop() -> None:
        while not done.wait(seconds):
            if fn():
                return

    t = threading.Thread(target=loop, name=name, daemon=True)
    t.start()
    try:
        yield
    finally:
        done.set()
        t.join()


def _watch(worker, key, stop: Stop):
    """Set ``stop`` once the worker's state has task ``key`` cancelled (or gone), looked up
    every CANCEL_POLL seconds from a thread of its own: a dict look-up, no message to the
    scheduler, whose release of the key the worker's event loop records."""

    def look() -> bool:
        task = worker.state.tasks.get(key)
        if task is None or task.state == "cancelled":
            stop.set()
            return True
        return False

    return _every(CANCEL_POLL, look, "briscola-cancel")


def _probe(address: str) -> None:
    """Refuse at once a tcp scheduler address nothing listens on (Dask would retry it for
    its whole timeout); other schemes (tls://, ...) are left to Dask."""
    scheme, _, rest = address.rpartition("://")
    if scheme not in ("", "tcp"):
        return
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        return
    if not 0 < int(port) < 65536:
        raise ClusterError.of("cluster.no_port", address=address)
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=PROBE_SECONDS).close()
    except (OSError, ValueError, OverflowError) as e:
        if isinstance(e, TimeoutError):
            raise ClusterError.of("cluster.timed_out", address=address) from None
        raise ClusterError.of("cluster.unreachable", address=address, why=_reason(e)) from None


def _reason(e: BaseException) -> str:
    """What went wrong, never an empty line: the system's words for an OSError, else the
    message, else the type (Dask's timeouts and asserts carry no message)."""
    return getattr(e, "strerror", None) or str(e) or type(e).__name__


def _handshake(distributed, address: str, made: dict) -> None:
    """Dask's Client into ``made["client"]``, or what it raised into ``made["error"]``; a
    Client that comes after the caller gave up (``made["given_up"]``) is closed, not left
    connected for the life of a caller that goes on (the board, a Python session)."""
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except BaseException as e:  # carried to the thread that waits for it
        made["error"] = e
        return
    with made["lock"]:
        late = made.get("given_up", False)
        if not late:
            made["client"] = client
    if late:
        try:
            client.close()
        except Exception:  # noqa: BLE001 - the caller has gone: nobody to tell
            pass


def _client_at(distributed, address: str):
    """A Client on the scheduler at ``address``, which the probe reached. Dask's own timeout
    does not bound its handshake: where something listens that never answers as a
    scheduler does, it waited for ever, so the handshake runs in a thread and is given up
    after HANDSHAKE_SECONDS. A handshake that fails is tried once more: once in a CI run,
    on a scheduler that served the runs before and after, it failed with an exception that
    said nothing. One that gets no answer is not tried again (it would double the wait)."""
    failed: BaseException | None = None
    for _ in range(2):
        made: dict = {"lock": threading.Lock()}
        thread = threading.Thread(target=_handshake, args=(distributed, address, made), daemon=True)
        thread.start()
        thread.join(HANDSHAKE_SECONDS)
        with made["lock"]:
            # left to end on its own (a daemon, gone with the process): a Client it makes
            # later closes itself
            made["given_up"] = "client" not in made and "error" not in made
        if made["given_up"]:
            raise ClusterError.of("cluster.no_answer", address=address)
        if "client" in made:
            return made["client"]
        failed = made["error"]
        if isinstance(failed, TimeoutError):
            raise ClusterError.of("cluster.timed_out", address=address) from None
        if not isinstance(failed, Exception):  # Ctrl-C or the like, in that thread
            raise failed
    assert failed is not None
    if isinstance(failed, OSError):
        raise ClusterError.of("cluster.unreachable", address=address, why=_reason(failed)) from None
    raise ClusterError.of("cluster.start", why=_reason(failed)) from None


@contextmanager
def connect(
    address: str | None = None, workers: int = 2, tt_mb: int | None = None, threads: int = 1
):
    """A Dask client: on the scheduler at ``address`` (host:port), or on an embedded local
    cluster of ``workers`` processes. Each worker gets ``worker_env`` and warms its kernels."""
    distributed = _dask()
    if workers < 1:
        raise ClusterError.of("cluster.workers", workers=workers)
    env = worker_env(tt_mb, threads, None if address else workers)
    logging.getLogger("distributed").setLevel(logging.ERROR)
    cluster = None
    try:
        if address:
            _probe(address)
            client = _client_at(distributed, address)
        else:
            warm()  # compile once here: the workers then load the cached kernels
            cluster = distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=threads,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,
                env=env,
                memory_limit=0,
            )
            client = distributed.Client(cluster)
    except ClusterError:
        raise
    except Exception as e:  # anything Dask raises while starting: one line for the user
        raise ClusterError.of("cluster.start", why=_reason(e)) from None
    try:
        try:
            client.register_plugin(_env_plugin_class()(env, cluster is not None))
            warming = [
                client.submit(warm, pure=False, workers=[w], allow_other_workers=False)
                for w in client.scheduler_info()["workers"]
            ]
            # a worker still busy (another run's task) is waited for, but a Stop ends the wait
            for _ in _as_completed(distributed.as_completed(warming, with_results=True)):
                pass
        except Exception as e:
            raise ClusterError.of("cluster.workers_fail", why=bug(e)) from None
        yield client
    finally:
        try:
            client.close()
            if cluster is not None:
                cluster.close()
        except Exception:
            pass


def _progress_printer(total: int, done0: int, out: Callable[[str], None]):
    t0 = time.monotonic()
    last = [t0]

    def show(done: int, final: bool = False, beat: bool = False) -> None:
        now = time.monotonic()
        if beat:
            if now - last[0] >= HEARTBEAT_EVERY:
                last[0] = now
                took = now - t0
                if took < 120:
                    out(Note.of("tasks.running_s", done=done, total=total, took=took))
                else:
                    out(Note.of("tasks.running_min", done=done, total=total, took=took / 60))
            return
        if not final and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        new = done - done0
        rate = new / (now - t0) if now > t0 else 0.0
        left = total - done
        if rate > 0 and left:
            out(Note.of("tasks.rate_left", done=done, total=total, rate=rate, left=left / rate))
        else:
            out(Note.of("tasks.rate", done=done, total=total, rate=rate))

    return show


def run(
    fn: Callable,
    tasks: dict[int, tuple],
    client=None,
    retries: int = 2,
    progress: Callable[[str], None] | None = None,
    total: int | None = None,
) -> Iterator[tuple[int, object]]:
    """(index, fn(*args)) for every task, as each finishes: in this process, in index order,
    without ``client``; else over the cluster, in finishing order. Progress lines (done,
    rate, time left) go to ``progress``; ``total`` counts tasks done before (the log's).
    Stopping the iteration (Ctrl-C, the context's Stop) cancels what is still running, and a
    task already running ends at its next stop check (``stoppable``)."""
    total = total if total is not None else len(tasks)
    show = _progress_printer(total, total - len(tasks), progress) if progress else None
    done = [total - len(tasks)]
    with _heartbeat(show, done):
        yield from _run(fn, tasks, client, retries, show, total, done)


@contextmanager
def _heartbeat(show, done: list[int]):
    """A line now and then while no task finishes (``show``'s beat), from a thread of its
    own: the tasks of a split search run for minutes to an hour each."""
    if show is None:
        yield
        return
    with _every(
        min(HEARTBEAT_EVERY, PROGRESS_EVERY), lambda: show(done[0], beat=True), "cluster-heartbeat"
    ):
        yield


def _run(fn, tasks, client, retries, show, total, done) -> Iterator[tuple[int, object]]:
    if client is None:
        for i, args in tasks.items():
            yield i, fn(*args)
            done[0] += 1
            if show:
                show(done[0], done[0] == total)
        return
    distributed = _dask()
    index = {}
    futures = []
    run_id = f"{getattr(fn, '__name__', 'task')}-{time.time_ns()}"
    for i, args in tasks.items():
        f = client.submit(stoppable, fn, *args, key=f"{run_id}-{i}", pure=False, retries=retries)
        index[f.key] = i
        futures.append(f)
    try:
        for f, r in _as_completed(distributed.as_completed(futures, with_results=True)):
            yield index[f.key], r
            done[0] += 1
            f.release()
            if show:
                show(done[0], done[0] == total)
    except distributed.KilledWorker as e:
        raise ClusterError.of("cluster.killed", why=str(e)) from None
    finally:
        client.cancel([f for f in futures if not f.done()])


def _as_completed(done) -> Iterator[tuple]:
    """(future, result) from Dask's ``as_completed`` as each finishes, ending (Stopped) as
    soon as the running context's Stop is set: its own wait notices nothing but a finished
    task, so a whole run's --time-limit came only when the next task (a match's deal,
    minutes of engine moves) ended. The caller's ``finally`` cancels what still runs."""
    while True:
        check_stop()
        if done.has_ready():
            yield next(done)
        elif done.is_empty():
            return
        else:
            pause(READY_POLL)


class TaskLog:
    """A JSON-lines file with one row per finished task: ``{**key, "index": i, **result}``.
    A rerun reads its own rows back. ``run``: the fields of ``key`` that name the run whose
    log the file is (all of them unless given): rows of the same run with another key (a
    split search's other depth) are left alone, and a file holding rows of other runs only
    (another position, other options, another seed) is refused, not appended to: it is
    another run's log, and this run would resume nothing. ``run=()`` keeps several runs
    in one file (a benchmark's matches).

    A crash may cut the last row short, as ``jsonfile.torn_line`` tells it (the one
    definition: a last line without its line end that is not JSON, after a line that is, or
    the only line when it begins as this run's rows do; a whole row without its newline is
    kept, and a line nested too deep or with a number too long is whole, and refused):
    once the rows before it are known to be a log's, that row is moved to ``<path>.torn``
    (``jsonfile.beside``: a shorter name with a hash where that one would be too long; said
    through ``warn``) and its task runs again. Every row of this run is checked: its
    index a whole number from ``first``, and ``row_error(row)`` (what is wrong with it, or
    None); a bad row, or a file that is not a task log at all, is a LogError naming the
    file and line, never a wrong result, and the file is left as it was. Rows are written
    whole: a newline first if the file lacks its last one, and flushed to the disk (fsync).
    A row that cannot be written (the disk filled) does not stop the run, whose result is
    the user's: ``failed`` says why (through ``warn`` too) and no more rows are tried."""

    def __init__(
        self,
        path: str | None,
        key: dict,
        row_error: Callable[[dict], BriscolaError | None] | None = None,
        warn: Callable[[str], None] | None = None,
        first: int = 0,
        run: tuple[str, ...] | None = None,
    ):
        self.path = path
        self.key = key
        self.row_error = row_error
        self.warn = warn
        self.first = first
        self.run = tuple(key) if run is None else run
        self.lines: dict[int, int] = {}
        self.failed: LogError | None = None
        self.torn: tuple[bytes, int, int] | None = None

    def where(self, index: int) -> str:
        """file:line of the row of task ``index`` read by ``done``."""
        return f"{self.path}:{self.lines.get(index, '?')}"

    def _read(self, path: str) -> tuple[list[str], tuple[bytes, int, int] | None]:
        """The file's lines before a torn last row, and that row (its bytes, where it
        starts, its line number) or None. Our rows are ASCII (json.dumps), so a file that
        is not UTF-8 is not a log."""
        try:
            data = jsonfile.read_bytes(path)
        except OSError as e:
            raise LogError.of("log.cannot_read", path=path, why=jsonfile.os_reason(e)) from None
        try:
            text = jsonfile.decode(data, path)
        except jsonfile.JSONFileError as e:
            raise LogError.of("log.not_log", error=e) from None
        lines = jsonfile.split_lines(text)
        if jsonfile.torn_line(lines, self._begins()):
            tail = lines.pop().encode()
            return lines, (tail, len(data) - len(tail), len(lines) + 1)
        if not lines[-1]:
            lines.pop()  # the newline ending the last row, or an empty file
        return lines, None

    def _begins(self) -> str:
        """How every row of this run begins: its leading fields of the run (a torn first
        row is known by them), or "" when the key does not lead with one."""
        lead = dict(itertools.takewhile(lambda kv: kv[0] in self.run, self.key.items()))
        return json.dumps(lead)[:-1] + ", " if lead else ""

    def _set_aside(self, path: str, torn: tuple[bytes, int, int]) -> None:
        tail, keep, n = torn
        aside = jsonfile.beside(path, ".torn")
        try:
            with open(aside, "ab") as f:
                f.write(tail + b"\n")
                f.flush()
                os.fsync(f.fileno())
            os.truncate(path, keep)
        except OSError as e:
            raise LogError.of(
                "log.set_aside", path=path, n=n, aside=aside, why=jsonfile.os_reason(e)
            ) from None
        if self.warn:
            self.warn(Note.of("note.torn_row", path=path, n=n, aside=aside))

    def done(
        self, check: Callable[[int, dict], bool] | None = None, settle: bool = True
    ) -> dict[int, dict]:
        """The logged result of each task of this run (the first row of an index). A torn
        last row is set aside once the rows are read; ``settle`` False: later, by
        ``settle()``, once the caller has checked them in its turn (a log it refuses is
        left as it was, its error the one line said)."""
        rows: dict[int, dict] = {}
        if not self.path or not os.path.exists(self.path):
            return rows
        lines, torn = self._read(self.path)
        ours = others = 0
        for n, text in enumerate(lines, 1):
            where = f"{self.path}:{n}"
            if not text.strip():
                continue
            try:
                row = jsonfile.parse(text, where)
            except jsonfile.JSONFileError as e:
                raise LogError.of("log.not_row", error=e) from None
            if not isinstance(row, dict):
                raise LogError.of("log.not_object", where=where)
            if "index" not in row:  # a record, a puzzle, a position: not a log to append to
                raise LogError.of("log.no_index", where=where, path=self.path)
            if not all(row.get(k) == self.key[k] for k in self.run):
                others += 1
                continue
            ours += 1
            if not all(row.get(k) == v for k, v in self.key.items()):
                continue
            i = row.get("index")
            if not isinstance(i, int) or isinstance(i, bool) or i < self.first:
                got = jsonfile.kind(i) if not isinstance(i, int) else i
                raise LogError.of("log.index", where=where, first=self.first, got=got)
            bad = self.row_error(row) if self.row_error else None
            if bad:
                raise LogError.of("log.at", where=where, error=bad)
            if i not in rows and (check is None or check(i, row)):
                rows[i] = {k: v for k, v in row.items() if k not in self.key and k != "index"}
                self.lines[i] = n
        if others and not ours:
            raise LogError.of("log.other_run", path=self.path, others=Count(others))
        self.torn = torn
        if settle:
            self.settle()
        return rows

    def settle(self) -> None:
        """Set aside the torn last row ``done`` found, if any (said through ``warn``)."""
        if self.path and self.torn is not None:
            self._set_aside(self.path, self.torn)
        self.torn = None

    def last_value(self, field: str, like: dict) -> tuple[object, str] | None:
        """``field`` of the last row whose fields agree with ``like`` and the row's
        file:line, to name it when the value is refused (None: no such row): what a rerun
        without a field of its key (a match's drawn seed) goes on with."""
        if not self.path or not os.path.exists(self.path):
            return None
        found = None
        for n, text in enumerate(self._read(self.path)[0], 1):
            where = f"{self.path}:{n}"
            try:
                row = jsonfile.parse(text, where)
            except jsonfile.JSONFileError:
                continue  # done() says what is wrong with it
            if isinstance(row, dict) and field in row:
                if all(row.get(k) == v for k, v in like.items()):
                    found = (row[field], where)
        return found

    def write(self, index: int, result: dict) -> None:
        if not self.path or self.failed:
            return
        row = (json.dumps({**self.key, "index": index, **result}) + "\n").encode()
        try:
            with open(self.path, "a+b") as f:
                end = f.seek(0, os.SEEK_END)
                if end:
                    f.seek(end - 1)
                    if f.read(1) != b"\n":
                        row = b"\n" + row
                f.write(row)
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:
            self.failed = LogError.of("log.cannot_write", path=self.path, why=jsonfile.os_reason(e))
            if self.warn:
                self.warn(Note.of("log.goes_on", error=self.failed))

    def resumed(self, held: int, total: int, what: str = "tasks") -> Note:
        """The line a resumed run says: what the log already held (``what``: tasks, deals,
        input lines or positions)."""
        key = "log.resumed_all" if held >= total else "log.resumed"
        things = Note.of("log.what." + what.replace(" ", "_"), total=Count(total))
        return Note.of(key, path=self.path, held=held, total=total, what=things, left=total - held)


def ordered(
    results: Iterable[tuple[int, object]], order: list[int]
) -> Iterator[tuple[int, object]]:
    """Results as they finish, released in ``order`` (each once all before it are in)."""
    held: dict[int, object] = {}
    pos = 0
    for i, r in results:
        held[i] = r
        while pos < len(order) and order[pos] in held:
            yield order[pos], held.pop(order[pos])
            pos += 1
