"""Duplicate matches between two agents, and their statistics.

Every deck is played twice with the sides swapped, so the luck of the cards cancels out of
each pair and far fewer deals separate two players. A deal is a task of its own
(``pair_task``): its result depends only on the variant, the agents' names, the seed and its
index, so it is the same in this process, in a pool of processes or on a cluster.

A player who remembered the first game of a pair would know, in the second, its opponent's
hand and the talon's order: so the two games of every pair are played by two ``Half``s,
each name's agent made twice, the second half's analyses on an engine with tables of its
own. An exec: bot is then two processes, one playing the first game of every pair, the
other every mirrored game, and no process, agent or table sees both games of a deck, while
each keeps what it learns from deal to deal. Within one game of a hidden-card variant A and
B choose on engines of their own as well (engine_agent.own_engines): a match holds four
engines' tables, an open game's two.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import NamedTuple

from solver import jsonfile
from solver.analysis import check_stop, current_engine
from solver.cards import POINTS
from solver.errors import BriscolaError, shown_number, whole
from solver.game import deal_from_deck, default_dealer
from solver.players.agents import get_agent, run_deal
from solver.players.engine_agent import OnEngine, own_engines
from solver.players.external import BotError, close_bots, is_external
from solver.rules import Variant, get_variant

# two-sided 95 % Student t quantiles for 1..30 degrees of freedom
_T95 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)


def t95(df: int) -> float:
    """Two-sided 95 % quantile of Student's t (normal beyond 30 degrees of freedom)."""
    if df < 1:
        return math.inf
    return _T95[df - 1] if df <= 30 else 1.96


def mean_ci(xs) -> tuple[float, float, float]:
    """Mean and its 95 % t interval (low, high); infinite with fewer than two values."""
    n = len(xs)
    if n == 0:
        return math.nan, -math.inf, math.inf
    m = sum(xs) / n
    if n < 2:
        return m, -math.inf, math.inf
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = t95(n - 1) * sd / math.sqrt(n)
    return m, m - h, m + h


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion ``p`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def _score(margin: int) -> float:
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


@dataclass(frozen=True)
class PairResult:
    """One deck played twice: A's point margin with A on side 1, then on side 2."""

    index: int
    margins: tuple[int, int]

    @property
    def margin(self) -> float:
        return sum(self.margins) / 2

    @property
    def scores(self) -> tuple[float, float]:
        a, b = self.margins
        return _score(a), _score(b)


def deck_for(seed: int, index: int) -> list[int]:
    deck = list(range(40))
    random.Random(f"match/{seed}/{index}").shuffle(deck)
    return deck


class Half(NamedTuple):
    """Who plays one game of every pair: A's agent and B's agent, each choosing on the
    engine (the tables) that own_engines gave it."""

    a: OnEngine
    b: OnEngine


def halves(variant: Variant, a: str, b: str) -> tuple[Half, Half]:
    """The players of a match between the agents named ``a`` and ``b``: the first game of
    every pair on the running engine, the mirrored game by agents made again (an exec: bot's
    second process) on that engine's twins, configured alike with tables of their own; in
    a hidden-card game A and B of one game on engines of their own too (own_engines)."""
    engine = current_engine()
    engines = [engine, *engine.twins(3)]
    first = own_engines(variant, [get_agent(a), get_agent(b)], engines[:2])
    mirror = own_engines(variant, [get_agent(a), get_agent(b)], engines[2:])
    return Half(*first), Half(*mirror)


def close(first: Half, mirror: Half) -> None:
    """The exec: bots among the players told quit, and their processes gone; every engine
    of the match but the running one (its twins) lets its tables and threads go (made
    again if it plays on)."""
    try:
        close_bots([first.a, first.b, mirror.a, mirror.b])
    finally:
        running = first.a.engine
        for engine in {id(p.engine): p.engine for p in (first.b, mirror.a, mirror.b)}.values():
            if engine is not running:
                engine.close()


def play_pair(variant, first: Half, mirror: Half, seed: int, index: int) -> PairResult:
    """Deck ``index`` of the match played by ``first`` with A on side 1, then by ``mirror``
    with the sides swapped."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    deck = deck_for(seed, index)
    margins = []
    for game, seats in enumerate(([first.a, first.b], [mirror.b, mirror.a])):
        state = deal_from_deck(v, deck, default_dealer(v))
        rng = random.Random(f"match/{seed}/{index}/{game}")
        end = run_deal(state, seats, rng)
        s1, s2 = end.side_points
        margins.append(s1 - s2 if game == 0 else s2 - s1)
    return PairResult(index, (margins[0], margins[1]))


@dataclass(frozen=True)
class Summary:
    pairs: int
    margin: tuple[float, float, float]  # mean per deal, 95 % interval
    win_rate: tuple[float, float, float]  # wins + half draws per game, 95 % Wilson interval
    wins: int
    draws: int
    losses: int

    @property
    def margin_ci(self) -> tuple[float, float] | None:
        """The margin's 95 % interval; None where it is undefined (one deal has no spread),
        so that no infinite bound reaches the text or the JSON."""
        lo, hi = self.margin[1:]
        return (lo, hi) if math.isfinite(lo) and math.isfinite(hi) else None

    def to_json(self) -> dict:
        ci = self.margin_ci
        return {
            "pairs": self.pairs,
            "games": 2 * self.pairs,
            "margin": {"mean": self.margin[0], "ci95": None if ci is None else list(ci)},
            "win_rate": {"mean": self.win_rate[0], "ci95": list(self.win_rate[1:])},
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
        }


def summarise(results) -> Summary:
    """Margin: t interval over the per-pair means (pairing cancels the deal's luck). Win
    rate: Wilson over the games with draws as halves (conservative, the two games of a
    pair being negatively correlated)."""
    results = list(results)
    margin = mean_ci([r.margin for r in results])
    games = [m for r in results for m in r.margins]
    wins = sum(m > 0 for m in games)
    draws = sum(m == 0 for m in games)
    n = len(games)
    rate = (wins + draws / 2) / n if n else math.nan
    lo, hi = wilson(rate, n) if n else (0.0, 1.0)
    return Summary(len(results), margin, (rate, lo, hi), wins, draws, n - wins - draws)


# ---- runners ----------------------------------------------------------------------------

_worker: dict = {}


def _init(variant, a, b, seed, worker=True):
    if worker:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
        for sig in (signal.SIGTERM, signal.SIGHUP):  # the pool's terminate() ends it quietly
            signal.signal(sig, signal.SIG_DFL)  # (forked with the CLI's "as Ctrl-C" handler)
    first, mirror = halves(get_variant(variant), a, b)
    _worker.update(variant=get_variant(variant), first=first, mirror=mirror, seed=seed)


def _work(index: int) -> PairResult:
    w = _worker
    return play_pair(w["variant"], w["first"], w["mirror"], w["seed"], index)


def pair_task(variant: str, a: str, b: str, seed: int, index: int) -> PairResult:
    """One deal of a match as a task of its own (a cluster worker keeps the agents)."""
    if _worker.get("key") != (variant, a, b, seed):
        _init(variant, a, b, seed, worker=False)
        _worker["key"] = (variant, a, b, seed)
    return _work(index)


class MatchRun(NamedTuple):
    """What run_match played: every PairResult in completion order, and whether Ctrl-C cut
    the run short (a tuple: ``results, interrupted = run_match(...)`` unpacks it)."""

    results: list[PairResult]
    interrupted: bool


class BotFailedMatch(BotError):
    """A bot's failure (the BotError it was, its key kept) that stopped a match, with
    ``run``: the deals finished before it, interrupted, for the caller to report."""

    run: MatchRun

    @classmethod
    def after(cls, error: BotError, results: list[PairResult]) -> BotFailedMatch:
        failed = cls.like(error)
        failed.run = MatchRun(list(results), True)
        return failed


#: seconds between a pool's checks of the running context's Stop while no deal finishes
STOP_POLL = 0.1


def run_match(
    variant: str,
    a: str,
    b: str,
    deals: int,
    seed: int,
    jobs: int = 1,
    on_result: Callable[[list[PairResult]], object] | None = None,
    skip: Collection[int] = frozenset(),
) -> MatchRun:
    """Every PairResult in completion order; ``on_result(results)`` after each. Deals whose
    index is in ``skip`` (already played, e.g. by an earlier run) are left out. Ctrl-C stops
    the run and returns what is done, with interrupted=True; so does the running context's
    Stop (checked between deals, and while the processes play). A bot that fails raises
    BotFailedMatch, which holds the deals finished before it. A match with an exec: bot is
    played here, deal after deal, whatever ``jobs`` says: the bot is two processes (one a
    half: see the module's docstring), each one conversation for the whole match."""
    results: list[PairResult] = []
    interrupted = False
    todo = [i for i in range(deals) if i not in skip]
    if jobs <= 1 or is_external(a) or is_external(b):
        _init(variant, a, b, seed, worker=False)
        try:
            try:
                for i in todo:
                    check_stop()
                    results.append(_work(i))
                    if on_result:
                        on_result(results)
            finally:
                close(_worker["first"], _worker["mirror"])  # over: quit, no process left behind
        except KeyboardInterrupt:  # in a deal, or while the bots were told quit: they are gone
            interrupted = len(results) < len(todo)
        except BotError as e:  # the failed bot is gone, the others were told quit
            raise BotFailedMatch.after(e, results) from None
        return MatchRun(results, interrupted)
    pool = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(
        jobs, initializer=_init, initargs=(variant, a, b, seed)
    )
    try:
        done = pool.imap_unordered(_work, todo)
        while True:
            try:
                r = done.next(timeout=STOP_POLL)
            except multiprocessing.TimeoutError:  # no deal finished yet: a Stop ends the wait
                check_stop()
                continue
            except StopIteration:
                break
            results.append(r)
            if on_result:
                on_result(results)
            check_stop()
        pool.close()
    except KeyboardInterrupt:
        interrupted = True
        pool.terminate()
    except BaseException:
        pool.terminate()  # else join() would hide the error behind "Pool is still running"
        raise
    finally:
        pool.join()
    return MatchRun(results, interrupted)


#: every card's points: a deal's two sides share them, so a margin is even and within ±this
DEAL_POINTS = int(sum(POINTS))


def log_row_error(row: dict) -> BriscolaError | None:
    """What makes a logged deal's row unusable for the statistics (a keyed error, said in
    the user's language), or None."""
    if "margins" not in row:
        return BriscolaError.of("log.no_margins")
    m = row["margins"]
    if not isinstance(m, list):
        return BriscolaError.of("log.margins_kind", got=jsonfile.kind(m))
    if not (len(m) == 2 and all(whole(x) for x in m)):
        return BriscolaError.of("log.margins_list", count=len(m))
    if any(abs(x) > DEAL_POINTS or x % 2 for x in m):
        a, b = (shown_number(x) for x in m)
        return BriscolaError.of("log.margins_range", most=DEAL_POINTS, a=a, b=b)
    return None


def log_key(variant: str, a: str, b: str, seed: int) -> dict:
    """The fields that tell a match's rows apart in a task log."""
    return {"match": f"{a}/{b}", "variant": variant, "seed": seed}


def not_on_cluster(*names: str) -> None:
    """BotError for an exec: bot among ``names``: a task would start it on a machine of the
    cluster, running a command there."""
    for name in names:
        if is_external(name):
            raise BotError.of("bot.cluster", bot=name.strip())


def run_logged(
    variant: str,
    a: str,
    b: str,
    deals: int,
    seed: int,
    jobs: int,
    log,
    on_result=None,
    run_tasks=None,
    on_resume=None,
) -> MatchRun:
    """run_match with each finished deal written to ``log`` at once and the deals already
    in it not played again. ``log``: ``done()`` -> {index: row}, ``write(index, row)`` (a
    solver.cluster.TaskLog opened with log_key). ``run_tasks(fn, tasks, total)``: yields
    (index, fn(*args)) for the tasks {index: args} as each finishes (e.g. on a cluster);
    without it the deals are played here over ``jobs`` processes. Returns all the results,
    the logged ones first, and whether Ctrl-C stopped the run; a bot's failure raises
    BotFailedMatch holding them too (its deal, unfinished, is not logged: a rerun plays
    it). ``on_resume(held)``: called
    with the number of this match's deals the log already held, when there are any."""
    results = [
        PairResult(i, tuple(r["margins"])) for i, r in sorted(log.done().items()) if i < deals
    ]
    if results and on_resume:
        on_resume(len(results))

    def keep(r):
        log.write(r.index, {"margins": list(r.margins)})
        results.append(r)
        if on_result:
            on_result(results)

    logged = {r.index for r in results}
    if run_tasks is None:
        seen = [0]

        def each(new):
            for r in new[seen[0] :]:
                keep(r)
            seen[0] = len(new)

        try:
            _, interrupted = run_match(variant, a, b, deals, seed, jobs, each, skip=logged)
        except BotFailedMatch as e:
            e.run = MatchRun(results, True)
            raise
        return MatchRun(results, interrupted)
    not_on_cluster(a, b)
    tasks = {i: (variant, a, b, seed, i) for i in range(deals) if i not in logged}
    try:
        for _, r in run_tasks(pair_task, tasks, deals):
            keep(r)
            check_stop()
    except KeyboardInterrupt:
        return MatchRun(results, True)
    return MatchRun(results, False)
