"""The engine: one object owning what searches keep between analyses (the transposition
tables, the search threads, the scratch rows and their configuration: a driver.Workspace)
and where its progress lines go, with the one entry that analyses any position within one
budget (a ``Limit``), stoppable from another thread (a ``Stop``).

This is the one door into the analysis: everything outside solver/analysis analyses, loads
kernels and asks what a search can do through an Engine (``solver.analyse`` is a call on
the running context's engine, the process's default one unless ``Engine.active`` says
otherwise); the other modules of the package are its private parts
(tests/test_architecture.py). A server job or a cluster worker that wants tables and
progress of its own makes an Engine of its own.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from numbers import Integral
from typing import Any, NamedTuple

from solver.analysis import driver, estimate, exact, sampling
from solver.analysis.budget import Budget, Limit, check_budget, limit_given_second
from solver.analysis.progress import SINK, Progress
from solver.analysis.result import Analysis, check_objective
from solver.analysis.scoped import Scoped
from solver.analysis.threads import Stop, check_stop, interruption
from solver.errors import ArgumentTypeError, BriscolaError, Count, Note, given
from solver.position import Position, PositionError, SeatPosition
from solver.position.protocol import State


_NO_LIMIT = Limit()


def _limit(
    limit: Limit | None,
    seconds: float | None,
    samples: int | None,
    nodes: int | None,
    estimate_limit: float | None,
    time: float | None = None,
    estimate_time: float | None = None,
) -> Limit:
    """The one budget of a call that gives ``limit`` or the loose keywords, not both; a
    Limit's own names (``time``, ``estimate_time``) say what ``seconds`` and
    ``estimate_limit`` say, and an error names the one given."""
    time_name = "seconds"
    for a, b, loose in ((seconds, time, "time"), (estimate_limit, estimate_time, "estimate")):
        if a is not None and b is not None:
            pair = ("seconds", "time") if loose == "time" else ("estimate_limit", "estimate_time")
            names = BriscolaError.of("or.two", a=pair[0], b=pair[1])
            raise BriscolaError.of("budget.one", names=names)
    if time is not None:
        seconds, time_name = time, "time"
    if estimate_time is not None:
        estimate_limit = estimate_time
    if limit is None:
        if seconds is None and samples is None and nodes is None and estimate_limit is None:
            return _NO_LIMIT
        if seconds is not None or samples is not None or nodes is not None:
            check_budget(seconds, samples, nodes, time_name=time_name)
        return Limit(seconds, samples, nodes, estimate_limit)
    if not isinstance(limit, Limit):
        raise ArgumentTypeError.of("budget.limit", got=given(limit))
    if any(v is not None for v in (seconds, samples, nodes, estimate_limit)):
        raise BriscolaError.of("budget.limit_one")
    return limit


class ArgumentError(ArgumentTypeError):
    """An analysis given an argument of the wrong kind (``stop=True``, ``seed="x"``): a
    TypeError as ``parse(5)`` is, and a ValueError (a BriscolaError) as it always was."""


class PositionTypeError(PositionError, ArgumentTypeError):
    """An analysis given what is not a position (its text): a TypeError, and the
    PositionError it always was."""


def _check_stop(stop: object) -> None:
    if stop is not None and not isinstance(stop, Stop):
        raise ArgumentError.of("argument.stop", name="stop", got=given(stop))


def _check_arguments(
    pos: object, stop: object, seed: object, weigh: object, progress: object
) -> None:
    """Each argument of ``Engine.analyse`` of the kind it takes, else one line naming it
    (a position's text, or stop=True, failed deep inside on an attribute a str or a bool
    lacks). A position is a Position or a SeatPosition, never its text: ``solver.parse``
    reads one, once, as python-chess's analyse takes a Board and not a FEN."""
    if not isinstance(pos, (Position, SeatPosition)):
        raise PositionTypeError.of("argument.position", name="pos", got=given(pos))
    _check_stop(stop)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, Integral)):
        raise ArgumentError.of("argument.whole", name="seed", got=given(seed))
    if weigh is not None and not callable(weigh):
        raise ArgumentError.of("argument.function", name="weigh", got=given(weigh))
    if progress is not None and not isinstance(progress, bool):
        raise ArgumentError.of("argument.flag", name="progress", got=given(progress))


class Engine:
    """Analyses positions. ``tt_mb`` (table megabytes, 1 to 1048576) and ``threads`` (1 to
    256) default to the environment's BRISCOLA_TT_MB and BRISCOLA_THREADS, and are checked
    as they are (a SettingError, a ValueError naming the argument); ``progress`` is a
    callable taking one line (None: the lines go where the running context sends them, the
    CLI's stderr or the board's job).

    ``with Engine() as engine:`` (or ``engine.close()``) ends its search threads and lets
    its tables go when done, as python-chess's ``with SimpleEngine...`` quits its engine; an
    engine dropped without closing ends its threads when it is collected."""

    def __init__(
        self,
        tt_mb: int | None = None,
        threads: int | None = None,
        progress: Callable[[str], None] | None = None,
        *,
        workspace: driver.Workspace | None = None,
    ) -> None:
        self.workspace = driver.Workspace(tt_mb, threads) if workspace is None else workspace
        self.progress = None if progress is None else Progress(progress)
        self.loaded: set[object] = set()  # the kernels ready() has loaded (None: all)
        self._twins: list[Engine] = []
        if workspace is None:  # its own: its threads end with it (they hold the pool only)
            weakref.finalize(self, self.workspace.pool.close)

    def __repr__(self) -> str:
        """One line of its settings: threads, table megabytes (``default``: no size was
        given, and a search from a talon of driver.BIG_TALON up grows past it), where its
        progress goes (``own``: its sink; ``context``: where the running context sends it)."""
        ws = self.workspace
        table = str(ws.tt_mb)
        if not ws.tt_mb_chosen or ws.big_share is not None:
            table = f"default ({ws.tt_mb}, more from talon {driver.BIG_TALON})"
        progress = "context" if self.progress is None else "own"
        return f"<Engine threads={ws.threads} tt_mb={table} progress={progress}>"

    def close(self) -> None:
        """End this engine's idle search threads and let its tables go, its twins' too. It
        may analyse again: the next analysis makes them afresh (the default engine's too, so
        closing it never breaks ``solver.analyse``). Closing twice is harmless."""
        self.workspace.close()
        for twin in self._twins:
            twin.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def configure(
        self, tt_mb: int | None = None, threads: int | None = None, big_share: int | None = None
    ) -> None:
        """Table megabytes and search threads for this engine's searches from now on
        (``big_share``: see driver.Workspace.configure)."""
        self.workspace.configure(tt_mb, threads, big_share)

    def twins(self, n: int) -> list[Engine]:
        """The engine's first ``n`` twins, each made when first asked for and the same at
        every later call: configured as this engine then (driver.Workspace.sibling), its
        progress sink too, each with tables and threads of its own, so that what one's
        searches store no other's read (a duplicate match's mirrored games, the other seats
        of a hidden-card game: players/match.py, players/engine_agent.own_engines)."""
        while len(self._twins) < n:
            twin = Engine(workspace=self.workspace.sibling())
            weakref.finalize(twin, twin.workspace.pool.close)
            twin.progress = self.progress
            self._twins.append(twin)
        return self._twins[:n]

    def twin(self) -> Engine:
        """The engine's first twin (``twins``)."""
        return self.twins(1)[0]

    def forget_tables(self) -> None:
        """Empty the kept tables, so that the next search starts cold, as in a fresh process
        (a benchmark timing one position at a time)."""
        self.workspace.forget_tables()

    def ready(self, pos: State | None = None) -> None:
        """Load the kernels an analysis of ``pos`` uses (every kernel when None), so that no
        clock counts their load; a machine's first run compiles them. The engine remembers
        the kernels it has loaded, by kernel, not by position type: one Position type holds
        every game (an endgame's analysis takes ~0.1 ms, the check ~8 us)."""
        key = None if pos is None else driver.kernel_for(pos)
        if key not in self.loaded and None not in self.loaded:
            driver.ready(pos)
            self.loaded.add(key)

    def ready_for(self, pos: State, seconds: float | None) -> bool:
        """Load the kernels an analysis of ``pos`` given ``seconds`` uses and, with a time,
        make the table it first searches on, so that no clock counts them (a machine's first
        run compiles the kernels; a fresh table's pages take long to fault in); whether that
        analysis searches on a table made before its clock: the general kernel's games,
        their one table from talon 2, and a 2-player scoperta analysis where it tries the
        exact search. Engine.analyse calls it; an agent calls it ahead of its game's first
        card (players/engine_agent.EngineAgent.prepare)."""
        self.ready(pos)
        if seconds is None:
            return False
        tried = True
        if isinstance(pos, Position) and driver.kernel_for(pos) is driver.SCOPERTA:
            tried = exact.tries_exact(pos, seconds)
        driver.ready_table(self.workspace, pos, tried)
        return tried

    @staticmethod
    def exact_possible(pos: State) -> bool:
        """Whether an exact search of ``pos`` is within the kernels' reach (its chance
        nodes' sums fit their integers), however long it would take."""
        return driver.exact_possible(pos)

    @staticmethod
    def exact_is_cheap(pos: Position) -> bool:
        """Whether ``pos`` is worth solving exactly whatever a sample budget says: nothing
        left to chance, or so little that the exact search costs about a sample (2-player
        scoperta: a talon of at most 2; the other games: at most sampling.EXACT_UNSEEN
        cards unseen). An agent on a sample budget solves these exactly and samples the
        rest (players/engine_agent.py)."""
        if pos.clairvoyant:
            return True
        if driver.kernel_for(pos) is driver.SCOPERTA:
            return pos.talon_size <= 2
        return pos.unseen.bit_count() <= sampling.EXACT_UNSEEN

    @contextmanager
    def active(self, stop: Stop | None = None) -> Iterator[Engine]:
        """Analyses of this context (``solver.analyse`` included) use this engine's tables,
        threads and progress sink, and end early once ``stop`` is set."""
        _check_stop(stop)
        with ExitStack() as inside:
            inside.enter_context(driver.using(self.workspace))
            inside.enter_context(_ENGINE.using(self))
            if self.progress is not None:
                inside.enter_context(SINK.using(self.progress))
            if stop is not None:
                inside.enter_context(stop.under())
            yield self

    def analyse(
        self,
        pos: Position | SeatPosition,
        objective: str | Limit = "points",
        seconds: float | None = None,
        *,
        limit: Limit | None = None,
        samples: int | None = None,
        nodes: int | None = None,
        seed: int | None = None,
        estimate_limit: float | None = None,
        estimate_on_interrupt: bool = False,
        stop: Stop | None = None,
        progress: bool | None = None,
        weigh: Callable[[int], float] | None = None,
        time: float | None = None,
        estimate_time: float | None = None,
    ) -> Analysis:
        """The value of every legal card of ``pos`` (any position type), best first: exact,
        or an estimate with its intervals, which says so.

        The budget is one value, ``limit`` (a Limit: see there); ``seconds``, ``samples``,
        ``nodes`` and ``estimate_limit`` are the same budget given loose (time, samples,
        nodes, estimate_time), and so are the Limit's own names, ``time`` and
        ``estimate_time`` (as python-chess's ``Limit(time=...)``); a Limit given second,
        in the objective's place, is the limit, as in python-chess's
        ``engine.analyse(board, limit)`` (the objective stays "points"). The kernels are loaded
        before the clock starts, for every position type. ``seed``: the samples' seed
        (default: derived from the position). ``progress`` False: an estimate's sampling
        loop prints no progress lines (None: where the context's sink wants them).
        ``weigh(hand)``: a weight per sampled hand of a seat's view (solver.players.infer).

        Ctrl-C propagates as KeyboardInterrupt, so loops over many positions can stop; with
        ``estimate_on_interrupt`` (one position at the command line) an interrupted exact
        search returns a quick labelled estimate instead. ``stop`` (a Stop, set from any
        thread) ends the analysis the same way, as ``Stopped`` (a KeyboardInterrupt), at
        its next check: between node slices and samples, a few milliseconds; with
        ``estimate_on_interrupt`` it returns the answer so far marked interrupted, whenever
        it was set (before the call, or before a first sample: a one-trick look-ahead whose
        ± is the widest the position allows).

        An argument of the wrong kind is refused in one line naming it (an ArgumentTypeError:
        a TypeError and a BriscolaError):
        ``pos`` is a Position or a SeatPosition, not its text (``solver.parse`` reads one),
        ``stop`` a Stop, ``seed`` a whole number (Python's or numpy's), ``weigh`` a
        function."""
        _check_arguments(pos, stop, seed, weigh, progress)
        seed = None if seed is None else int(seed)  # a numpy integer too
        objective, limit = limit_given_second(objective, limit)
        check_objective(pos, objective)
        if pos.is_over:  # a position played to its end (Position.play) has no card to value
            raise PositionError.of("deal.over_analyse")
        budget = _limit(limit, seconds, samples, nodes, estimate_limit, time, estimate_time)
        self.ready_for(pos, budget.time)  # never counted against the budget
        args = _Call(pos, objective, budget, seed, estimate_on_interrupt, progress, weigh)
        if (
            stop is None
            and self.progress is None
            and driver.current() is self.workspace
            and current_engine() is self
        ):  # already in force: no context to set
            return _answer(_run(args), estimate_on_interrupt)
        with self.active(stop):  # the answer's check sees the stop
            return _answer(_run(args), estimate_on_interrupt)


def _answer(a: Analysis, estimate_on_interrupt: bool) -> Analysis:
    """``a``, unless an interrupted estimate answers a caller that asked to stop."""
    if not estimate_on_interrupt and a.interrupted:
        raise interruption()  # the estimate kept its samples; the caller asked to stop
    return a


class _Call(NamedTuple):
    """One analysis's question and budget, as Engine.analyse took them (a tuple: an
    endgame's whole analysis takes ~80 us, and a frozen dataclass cost 1-2 of them)."""

    pos: Any
    objective: str
    limit: Limit
    seed: int | None
    estimate_on_interrupt: bool
    progress: bool | None
    weigh: Callable[[int], float] | None


def _run(c: _Call) -> Analysis:
    """The analysis within its budget, the clock started now, once (see Engine.analyse)."""
    if not c.estimate_on_interrupt:  # with it, a stop set before is one set at the start:
        check_stop()  # the answer so far (searches check it between slices), else Stopped
    budget = Budget.start(c.limit)
    pos, objective, lim = c.pos, c.objective, c.limit
    if lim.samples is not None:
        return _by_samples(c, budget)
    if lim.nodes is not None:
        return _by_nodes(c, lim.nodes, budget)
    if pos.hidden_hand:
        return sampling.analyse(
            pos, objective, budget.estimate(), seed=c.seed, progress=c.progress, weigh=c.weigh
        )  # an estimate: the estimate's cap holds
    if driver.kernel_for(pos) is driver.GENERAL:
        return sampling.analyse_game(
            pos,
            objective,
            budget,
            progress=c.progress,
            estimate_on_interrupt=c.estimate_on_interrupt,
        )
    return exact.analyse(pos, objective, budget, c.estimate_on_interrupt, progress=c.progress)


def _by_samples(c: _Call, budget: Budget) -> Analysis:
    pos, objective = c.pos, c.objective
    if pos.hidden_hand:
        return sampling.analyse(
            pos, objective, budget, seed=c.seed, progress=c.progress, weigh=c.weigh
        )
    if not pos.draws_unknown:  # nothing to sample: the exact search, milliseconds
        solved: dict = {}
        res, stopped = _exact(c, None, solved)
        if not stopped:
            assert res is not None  # no deadline, no node limit: it finishes
            return driver.exact_analysis(pos, objective, res, None, budget.t0)
        return estimate.keep_solved(_after_stop(c), solved)
    if driver.kernel_for(pos) is driver.GENERAL:
        return sampling.analyse_open(pos, objective, budget, seed=c.seed, progress=c.progress)
    return estimate.analyse(pos, objective, budget, seed=c.seed, progress=c.progress)


def _by_nodes(c: _Call, nodes: int, budget: Budget) -> Analysis:
    pos, objective = c.pos, c.objective
    if not pos.hidden_hand and driver.exact_possible(pos):
        solved: dict = {}  # the cards the exact search finished, kept if it stops
        res, stopped = _exact(c, nodes, solved)
        if res is not None:
            return driver.exact_analysis(pos, objective, res, None, budget.t0)
        if stopped:
            return estimate.keep_solved(_after_stop(c), solved)
        # no time with nodes: the estimate's cap, else its default
        a = _estimate(c, budget.estimate(), Note.of("note.exact.nodes", nodes=Count(nodes)))
        return estimate.keep_solved(a, solved)
    return _estimate(c, budget.estimate(), Note.of("note.exact.node_budget"))


def _exact(c: _Call, nodes: int | None, solved: dict) -> tuple[driver.Solved | None, bool]:
    """(the exact search's result, None past ``nodes``; whether a Stop or Ctrl-C ended it),
    the cards it finished in ``solved``. A stop propagates unless the call asked for an
    answer (estimate_on_interrupt)."""
    try:
        return driver.exact_search(c.pos, c.objective, None, node_limit=nodes, solved=solved), False
    except KeyboardInterrupt:  # Ctrl-C or a Stop: the estimate answers, if one is wanted
        if not c.estimate_on_interrupt:
            raise
        return None, True


def _after_stop(c: _Call) -> Analysis:
    """The answer after a stopped exact search: a short estimate on a clock of its own,
    marked interrupted."""
    cap = Budget.start(Limit(time=exact.INTERRUPT_ESTIMATE))
    return _estimate(c, cap, Note.of("note.interrupted.exact"), stopped=True)


def _estimate(c: _Call, cap: Budget, note: Note, stopped: bool = False) -> Analysis:
    """The estimate of ``c``'s position within ``cap``, noting why the exact search did not
    answer (``note``)."""
    pos, objective = c.pos, c.objective
    if pos.hidden_hand:
        a = sampling.analyse(pos, objective, cap, seed=c.seed, progress=c.progress, weigh=c.weigh)
    elif driver.kernel_for(pos) is driver.GENERAL:
        a = sampling.analyse_open(pos, objective, cap, seed=c.seed, progress=c.progress)
    else:
        a = estimate.analyse(pos, objective, cap, seed=c.seed, progress=c.progress)
    return replace(a, notes=a.notes + (note,), interrupted=a.interrupted or stopped)


@functools.cache
def default_engine() -> Engine:
    """The process's engine: its workspace is the one searches outside any engine use, its
    progress lines go where the running context sends them."""
    return Engine(workspace=driver.default_workspace())


#: the engine of the running context (Engine.active), else the default one
_ENGINE: Scoped[Engine] = Scoped("briscola_engine", default_engine)
current_engine = _ENGINE.current


def analyse(
    pos: Position | SeatPosition,
    objective: str | Limit = "points",
    seconds: float | None = None,
    **budget: Any,
) -> Analysis:
    """``Engine.analyse`` on the running context's engine (its arguments and budget)."""
    return current_engine().analyse(pos, objective, seconds, **budget)
