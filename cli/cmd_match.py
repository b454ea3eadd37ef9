"""`briscola match`: two agents over many duplicate deals, with confidence intervals
(the runner and the statistics are solver.players.match)."""

from __future__ import annotations

import json
import os
import sys
import time

import click

from cli.cluster_opts import client_for, cluster_options, log_failed, progress_line, say
from cli.options import MAX_SEED, SECONDS, SEED, count, lang_now, lang_option
from cli.run_limit import limited, time_limit_option
from solver import cluster as cl
from solver import jsonfile
from solver.errors import Note, shown_number, whole
from solver.game import fresh_seed
from solver.players.agents import agent_name, get_agent
from solver.players.engine_agent import BASES
from solver.players.external import with_time
from solver.players.match import (
    BotFailedMatch,
    Summary,
    log_key,
    log_row_error,
    mean_ci,
    not_on_cluster,
    run_match,
    summarise,
)
from solver.players.match import pair_task  # noqa: F401 - cluster tests and benchmarks name it here
from solver.players.match import run_logged as play_logged
from solver.i18n import agree, command_text, game_title, num
from solver.rules import get_variant


def on_cluster(cluster: str, workers: int, quiet: bool = False):
    """``run_tasks`` for solver.players.match.run_logged: the tasks on the Dask cluster at
    ``cluster`` (an address, or "local" for one of ``workers`` processes)."""

    def run_tasks(fn, tasks, total):
        with client_for(cluster if tasks else None, workers) as client:
            yield from cl.run(fn, tasks, client, progress=progress_line(quiet), total=total)

    return run_tasks


def run_logged(
    variant: str,
    a: str,
    b: str,
    deals: int,
    seed: int,
    jobs: int,
    cluster,
    workers: int,
    log_path: str | None,
    on_result=None,
    quiet: bool = False,
):
    """The match logged to ``log_path`` (solver.players.match.run_logged), on the cluster
    (``cluster``: an address or "local") or here over ``jobs`` processes. Returns all the
    results, the logged ones first, whether Ctrl-C stopped the run, and the log (a
    TaskLog: its ``failed`` says why a row could not be written)."""
    log = cl.TaskLog(log_path, log_key(variant, a, b, seed), log_row_error, say)
    run_tasks = None if cluster is None else on_cluster(cluster, workers, quiet)
    results, interrupted = play_logged(
        variant,
        a,
        b,
        deals,
        seed,
        jobs,
        log,
        on_result,
        run_tasks,
        lambda held: say(log.resumed(held, deals, "deals")),
    )
    return results, interrupted, log


#: what stopped a match before its last deal: its summary's count line
STOPPED = {"interrupted": "match.stopped", "time_limit": "match.limit", "bot": "match.bot_failed"}


def report_lines(
    a: str,
    b: str,
    variant,
    deals: int,
    seed: int,
    s: Summary,
    stopped: str | None,
    lang: str = "en",
) -> list[str]:
    """The summary's lines; ``stopped``: what ended the match before its last deal (a key
    of STOPPED), or None."""
    v = get_variant(variant) if isinstance(variant, str) else variant

    def say(key: str, **kw) -> str:
        return command_text(lang, key, **kw)

    def interval(lo: float, hi: float, spec: str) -> str:
        return say("match.interval", lo=num(lo, spec, lang), hi=num(hi, spec, lang))

    lines = [say("match.head", a=a, b=b, title=game_title(v, lang), seed=seed)]
    done = say(
        "match.done" if stopped is None else STOPPED[stopped],
        pairs=s.pairs,
        games=2 * s.pairs,
        deals=deals,
    )
    lines.append(agree(done, lang))
    m, ci = s.margin[0], s.margin_ci
    spread = say("match.one_deal") if ci is None else interval(ci[0], ci[1], "+.2f")
    labels = [say("match.margin"), say("match.rate")]
    width = max(len(label) for label in labels)
    lines.append(
        say("match.margin_row", label=labels[0].ljust(width), m=num(m, "+.2f", lang), spread=spread)
    )
    r, rlo, rhi = s.win_rate
    lines.append(
        say(
            "match.rate_row",
            label=labels[1].ljust(width),
            r=num(r, ".3f", lang),
            ci=interval(rlo, rhi, ".3f"),
            wins=s.wins,
            draws=s.draws,
            losses=s.losses,
        )
    )
    return lines


def _logged_seed(logged: object, where: str) -> int:
    """A seed read back from a log, refused (naming ``where``) unless --seed would take it:
    a seed it refuses (2**70, -3) would deal a match that no --seed can deal again."""
    if whole(logged) and 0 <= logged <= MAX_SEED:
        return logged
    got = shown_number(logged) if whole(logged) else jsonfile.kind(logged)
    raise cl.LogError.of("log.seed", where=where, most=MAX_SEED, got=got)


def timed_name(name: str, t: float | None) -> str:
    """``engine`` becomes ``engine:T`` and ``exec:COMMAND`` ``exec:T:COMMAND`` when
    --time-per-move is given (to match, and to play for its --opponent)."""
    key = name.strip().lower()
    if t is not None and key in BASES:
        return f"{key}:{t:g}"
    return with_time(name.strip(), t)


@click.command()
@click.argument("agent_a")
@click.argument("agent_b")
@click.option(
    "--deals",
    "-n",
    type=count(1, 10_000_000),
    default=100,
    show_default=True,
    help="decks to deal; each is played twice with the sides swapped",
)
@click.option("--variant", "-v", default="scoperta", show_default=True, help="game variant")
@click.option(
    "--seed", "-s", type=SEED, default=None, help="seed of the decks (random when omitted)"
)
@click.option(
    "--jobs", "-j", type=count(1, 1024), default=None, help="worker processes [default: CPU count]"
)
@click.option(
    "--time-per-move",
    "-t",
    type=SECONDS,
    default=None,
    help="seconds per move for agents named engine / engine-win / exec: without a time",
)
@click.option("--json", "as_json", is_flag=True, help="print the summary as one JSON object")
@click.option("--quiet", "-q", is_flag=True, help="no progress lines on stderr")
@time_limit_option
@cluster_options
@lang_option
def match(
    agent_a,
    agent_b,
    deals,
    variant,
    seed,
    jobs,
    time_per_move,
    as_json,
    quiet,
    run_limit,
    cluster,
    workers,
    log_path,
):
    """Play AGENT_A against AGENT_B over duplicate deals and report A's mean point margin
    per deal and win rate (wins + half draws), each with a 95 % confidence interval.

    Agents: random, greedy, engine (1 s a move), engine:SECONDS, engine@SAMPLES (a budget
    that does not depend on the clock: the same seed gives the same match on any machine),
    engine-win:SECONDS (plays for the win probability), engine-plain (the hidden-card engine
    without inference about the opponent's hand), engine-pimc:SECONDS (the earlier
    hidden-card engine, a baseline), exec:COMMAND (your bot, in any language: docs/bots.md;
    exec:SECONDS:COMMAND gives it a time a move). The engine analyses every
    game: exactly or by the labelled estimate in the open games (scoperta, four-player
    scoperta), and from its own seat in classic, Briscolone and Libero, sampling the cards
    it cannot see.

    \b
    Example:
      briscola match engine:0.1 greedy --deals 200 --seed 1
      briscola match engine greedy --time-per-move 0.5 --deals 50 --jobs 2
      briscola match engine greedy --deals 2000 --seed 7 --cluster --log m.jsonl
      briscola match engine:0.1 greedy --deals 100000 --time-limit 600

    Ctrl-C reports the deals finished so far (exit code 130); so does --time-limit, with
    exit code 0, and a bot that fails, before its error (exit code 2).
    """
    v = get_variant(variant)
    if jobs is None:
        jobs = os.cpu_count() or 1
    a = timed_name(agent_a, time_per_move)
    b = timed_name(agent_b, time_per_move)
    names = [agent_name(get_agent(x)) for x in (a, b)]  # bad names fail here, in one line
    if cluster is not None:
        not_on_cluster(a, b)
    if seed is None and log_path is not None:  # a rerun goes on with the logged match
        like = {k: x for k, x in log_key(v.name, a, b, 0).items() if k != "seed"}
        found = cl.TaskLog(log_path, {}).last_value("seed", like)
        if found is not None:
            seed = _logged_seed(*found)
            say(Note.of("log.seed_found", path=log_path, seed=seed))
    if seed is None:
        seed = fresh_seed()
    jobs = min(jobs, deals)
    lang = lang_now()

    t0 = time.monotonic()
    last = [t0]

    def progress(results):
        now = time.monotonic()
        if quiet or (now - last[0] < 2.0 and len(results) < deals):
            return
        last[0] = now
        m, lo, hi = mean_ci([r.margin for r in results])
        ci = (
            command_text(
                lang, "match.progress_ci", lo=num(lo, "+.1f", lang), hi=num(hi, "+.1f", lang)
            )
            if len(results) > 1
            else ""
        )
        line = command_text(
            lang,
            "match.progress",
            n=len(results),
            deals=deals,
            seconds=num(now - t0, ".0f", lang),
            m=num(m, "+.2f", lang),
            ci=ci,
        )
        click.echo(line, err=True)

    log = None
    failed = None
    with limited(run_limit) as stop:
        try:
            if cluster is None and log_path is None:
                results, interrupted = run_match(v.name, a, b, deals, seed, jobs, progress)
            else:
                results, interrupted, log = run_logged(
                    v.name,
                    a,
                    b,
                    deals,
                    seed,
                    jobs,
                    cluster,
                    workers,
                    log_path,
                    None if cluster else progress,
                    quiet,
                )
        except BotFailedMatch as e:  # the deals before it are reported, then the error
            if not e.run.results:
                raise
            failed = e
            results, interrupted = e.run
    timed_out = interrupted and stop.is_set() and failed is None
    interrupted = interrupted and not timed_out and failed is None
    if not results:
        click.echo(command_text(lang, "match.none_limit" if timed_out else "match.none"), err=True)
        sys.exit(1 if timed_out else 130)
    s = summarise(sorted(results, key=lambda r: r.index))
    if as_json:
        out = {
            "agent_a": names[0],
            "agent_b": names[1],
            "variant": v.name,
            "seed": seed,
            "deals": deals,
            "interrupted": interrupted,
            "time_limit_reached": timed_out,
            "bot_failure": None if failed is None else str(failed),
            **s.to_json(),
            "seconds": round(time.monotonic() - t0, 3),
        }
        click.echo(json.dumps(out, allow_nan=False))
    else:
        why = None
        if failed or timed_out or interrupted:
            why = "bot" if failed else "time_limit" if timed_out else "interrupted"
        lines = report_lines(names[0], names[1], v, deals, seed, s, why, lang)
        for line in lines:
            click.echo(line)
    if timed_out:
        click.echo(command_text(lang, "time_limit", seconds=num(run_limit, "g", lang)), err=True)
    if failed is not None:
        raise failed
    if interrupted:
        sys.exit(130)
    log_failed(log)


COMMANDS = [match]
