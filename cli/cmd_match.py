"""`briscola match`: two agents over many duplicate deals, with confidence intervals.

Duplicate format: every deck is played twice with the sides swapped, so the luck of the
cards cancels out of each pair and far fewer deals separate two players.
"""
from __future__ import annotations

import json
import math
import os
import random
import signal
import sys
import time
from dataclasses import dataclass

import click

from cli.cluster_opts import cluster_options
from cli.options import SECONDS, SEED, count
from solver.players.agents import agent_name, get_agent, run_deal
from solver.game import deal_from_deck, default_dealer
from solver.rules import get_variant

# two-sided 95 % Student t quantiles for 1..30 degrees of freedom
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


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
        return tuple(_score(m) for m in self.margins)


def deck_for(seed: int, index: int) -> list[int]:
    deck = list(range(40))
    random.Random(f"match/{seed}/{index}").shuffle(deck)
    return deck


def play_pair(variant, agent_a, agent_b, seed: int, index: int) -> PairResult:
    """Deck ``index`` of the match played with A on side 1, then with the sides swapped."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    deck = deck_for(seed, index)
    margins = []
    for game, seats in enumerate(([agent_a, agent_b], [agent_b, agent_a])):
        state = deal_from_deck(v, deck, default_dealer(v))
        rng = random.Random(f"match/{seed}/{index}/{game}")
        end = run_deal(state, seats, rng)
        s1, s2 = end.side_points
        margins.append(s1 - s2 if game == 0 else s2 - s1)
    return PairResult(index, (margins[0], margins[1]))


@dataclass(frozen=True)
class Summary:
    pairs: int
    margin: tuple[float, float, float]   # mean per deal, 95 % interval
    win_rate: tuple[float, float, float]  # wins + half draws per game, 95 % Wilson interval
    wins: int
    draws: int
    losses: int

    def to_json(self) -> dict:
        return {"pairs": self.pairs, "games": 2 * self.pairs,
                "margin": {"mean": self.margin[0], "ci95": list(self.margin[1:])},
                "win_rate": {"mean": self.win_rate[0], "ci95": list(self.win_rate[1:])},
                "wins": self.wins, "draws": self.draws, "losses": self.losses}


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


# ---- parallel runner ------------------------------------------------------------------

_worker: dict = {}


def _init(variant, a, b, seed, worker=True):
    if worker:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    _worker.update(variant=get_variant(variant), a=get_agent(a), b=get_agent(b), seed=seed)


def _work(index: int) -> PairResult:
    w = _worker
    return play_pair(w["variant"], w["a"], w["b"], w["seed"], index)


def pair_task(variant: str, a: str, b: str, seed: int, index: int) -> PairResult:
    """One deal of a match as a task of its own (a cluster worker keeps the agents)."""
    if _worker.get("key") != (variant, a, b, seed):
        _init(variant, a, b, seed, worker=False)
        _worker["key"] = (variant, a, b, seed)
    return _work(index)


def run_logged(variant: str, a: str, b: str, deals: int, seed: int, jobs: int, cluster,
               workers: int, log_path: str | None, on_result=None, quiet: bool = False):
    """run_match with each finished deal appended to ``log_path`` at once and the deals
    already there (same match, variant and seed) not played again; on the cluster
    (``cluster``: an address or "local") or here over ``jobs`` processes. Returns all the
    results, the logged ones first, and whether Ctrl-C stopped the run."""
    from cli.cluster_opts import client_for, progress_line
    from solver import cluster as cl
    log = cl.TaskLog(log_path, {"match": f"{a}/{b}", "variant": variant, "seed": seed})
    results = [PairResult(i, tuple(r["margins"])) for i, r in sorted(log.done().items())
               if i < deals]

    def keep(r):
        log.write(r.index, {"margins": list(r.margins)})
        results.append(r)
        if on_result:
            on_result(results)
    logged = {r.index for r in results}
    if cluster is None:
        seen = [0]

        def each(new):
            for r in new[seen[0]:]:
                keep(r)
            seen[0] = len(new)
        _, interrupted = run_match(variant, a, b, deals, seed, jobs, each,
                                   skip=logged)
        return results, interrupted
    tasks = {i: (variant, a, b, seed, i) for i in range(deals) if i not in logged}
    try:
        with client_for(cluster if tasks else None, workers) as client:
            for _, r in cl.run(pair_task, tasks, client, progress=progress_line(quiet),
                               total=deals):
                keep(r)
    except KeyboardInterrupt:
        return results, True
    return results, False


def run_match(variant: str, a: str, b: str, deals: int, seed: int, jobs: int = 1,
              on_result=None, skip=frozenset()):
    """Every PairResult in completion order; ``on_result(results)`` after each. Deals whose
    index is in ``skip`` (already played, e.g. by an earlier run) are left out. Ctrl-C stops
    the run and returns what is done, with interrupted=True."""
    results: list[PairResult] = []
    interrupted = False
    todo = [i for i in range(deals) if i not in skip]
    if jobs <= 1:
        _init(variant, a, b, seed, worker=False)
        try:
            for i in todo:
                results.append(_work(i))
                if on_result:
                    on_result(results)
        except KeyboardInterrupt:
            interrupted = True
        return results, interrupted
    import multiprocessing as mp
    pool = mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(
        jobs, initializer=_init, initargs=(variant, a, b, seed))
    try:
        for r in pool.imap_unordered(_work, todo):
            results.append(r)
            if on_result:
                on_result(results)
        pool.close()
    except KeyboardInterrupt:
        interrupted = True
        pool.terminate()
    finally:
        pool.join()
    return results, interrupted


def report_lines(a: str, b: str, variant, deals: int, seed: int, s: Summary,
                 interrupted: bool) -> list[str]:
    v = get_variant(variant) if isinstance(variant, str) else variant
    lines = [f"match: A = {a} vs B = {b}, {v.title}, seed {seed}"]
    done = f"{s.pairs} duplicate deals ({2 * s.pairs} games)"
    if interrupted:
        done += f": interrupted after {s.pairs} of {deals}"
    lines.append(done)
    m, lo, hi = s.margin
    lines.append(f"A point margin per deal: {m:+.2f}   95% CI [{lo:+.2f}, {hi:+.2f}]")
    r, rlo, rhi = s.win_rate
    lines.append(f"A win rate:              {r:.3f}   95% CI [{rlo:.3f}, {rhi:.3f}]   "
                 f"(A won {s.wins}, drew {s.draws}, lost {s.losses})")
    return lines


def _with_time(name: str, t: float | None) -> str:
    """``engine`` becomes ``engine:T`` when --time-per-move is given."""
    key = name.strip().lower()
    if t is not None and key in ("engine", "engine-win", "engine-plain", "engine-pimc"):
        return f"{key}:{t:g}"
    return name.strip()


class _OneLine(click.Command):
    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as e:
            raise ValueError(e.format_message()) from None


@click.command(cls=_OneLine)
@click.argument("agent_a")
@click.argument("agent_b")
@click.option("--deals", "-n", type=count(1, 10_000_000), default=100, show_default=True,
              help="decks to deal; each is played twice with the sides swapped")
@click.option("--variant", "-v", default="scoperta", show_default=True, help="game variant")
@click.option("--seed", "-s", type=SEED, default=None, help="seed of the decks (random when omitted)")
@click.option("--jobs", "-j", type=count(1, 1024), default=None, help="worker processes [default: CPU count]")
@click.option("--time-per-move", "-t", type=SECONDS, default=None,
              help="seconds per move for agents named engine / engine-win without a time")
@click.option("--json", "as_json", is_flag=True, help="print the summary as one JSON object")
@click.option("--quiet", "-q", is_flag=True, help="no progress lines on stderr")
@cluster_options
def match(agent_a, agent_b, deals, variant, seed, jobs, time_per_move, as_json, quiet, cluster,
          workers, log_path):
    """Play AGENT_A against AGENT_B over duplicate deals and report A's mean point margin
    per deal and win rate (wins + half draws), each with a 95 % confidence interval.

    Agents: random, greedy, engine (1 s a move), engine:SECONDS, engine@SAMPLES (a budget
    that does not depend on the clock: the same seed gives the same match on any machine),
    engine-win:SECONDS (plays for the win probability), engine-pimc:SECONDS (the earlier
    hidden-card engine, a baseline). The engine analyses every
    game: exactly or by the labelled estimate in the open games (scoperta, four-player
    scoperta), and from its own seat in classic, Briscolone and Libero, sampling the cards
    it cannot see.

    \b
    Example:
      briscola match engine:0.1 greedy --deals 200 --seed 1
      briscola match engine greedy --time-per-move 0.5 --deals 50 --jobs 2
      briscola match engine greedy --deals 2000 --seed 7 --cluster --log m.jsonl
    """
    v = get_variant(variant)
    if jobs is None:
        jobs = os.cpu_count() or 1
    a = _with_time(agent_a, time_per_move)
    b = _with_time(agent_b, time_per_move)
    names = [agent_name(get_agent(x)) for x in (a, b)]  # bad names fail here, in one line
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 31)
    jobs = min(jobs, deals)
    if not v.open_hands and any(n.startswith("engine") for n in names):
        try:
            from solver.analysis import sampling as seat  # noqa: F401
        except ImportError:
            click.echo(f"note: the engine plays like greedy in {v.title}", err=True)

    t0 = time.monotonic()
    last = [t0]

    def progress(results):
        now = time.monotonic()
        if quiet or (now - last[0] < 2.0 and len(results) < deals):
            return
        last[0] = now
        m, lo, hi = mean_ci([r.margin for r in results])
        ci = f" [{lo:+.1f}, {hi:+.1f}]" if len(results) > 1 else ""
        click.echo(f"match: {len(results)}/{deals} deals, {now - t0:.0f} s, A margin {m:+.2f}{ci}",
                   err=True)

    if cluster is None and log_path is None:
        results, interrupted = run_match(v.name, a, b, deals, seed, jobs, progress)
    else:
        results, interrupted = run_logged(v.name, a, b, deals, seed, jobs, cluster, workers,
                                          log_path, None if cluster else progress, quiet)
    if not results:
        click.echo("interrupted before any deal finished", err=True)
        sys.exit(130)
    s = summarise(sorted(results, key=lambda r: r.index))
    if as_json:
        out = {"agent_a": names[0], "agent_b": names[1], "variant": v.name, "seed": seed,
               "deals": deals, "interrupted": interrupted, **s.to_json(),
               "seconds": round(time.monotonic() - t0, 3)}
        click.echo(json.dumps(out))
    else:
        for line in report_lines(names[0], names[1], v, deals, seed, s, interrupted):
            click.echo(line)
    if interrupted:
        sys.exit(130)


COMMANDS = [match]
