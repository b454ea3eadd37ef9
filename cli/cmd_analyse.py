"""``briscola analyse`` and ``briscola best``: the solver at the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import click

from cli.cluster_opts import cluster_options, log_failed
from cli.options import (
    SECONDS,
    SEED,
    clip,
    clip_message,
    count,
    game_option,
    lang_now,
    lang_option,
    misuse,
    notes_held,
    objective_option,
    progress_on,
    recorded,
    said,
)
from solver import jsonfile
from solver.analysis import DEFAULT_TIME as DEFAULT_ESTIMATE_TIME
from solver.analysis import Limit
from solver.analysis import analyse as run_analysis
from solver.cards import card_str
from solver.errors import BriscolaError, Count, Note
from solver.frame import taken_margin
from solver.i18n import INTERVAL_SHORT, INTERVAL_TEXT, agree, command_text, note_text, num, pct
from solver.position import PositionError, parse_position
from solver.settings import SettingError

DEFAULT_TIME_LIMIT = 60.0
#: without --time-limit an estimate stops at the sampler's default time: the long default is
#: for exact searches that may finish (talon 12), while estimates settle within seconds
TIME_LIMIT_HELP = (
    f"Seconds; past it the answer is an estimate, clearly marked. Default: up to "
    f"{DEFAULT_TIME_LIMIT:g} s for an exact search, {DEFAULT_ESTIMATE_TIME:g} s "
    f"for an estimate; a given limit may all go to the estimate."
)
#: analyse's: a batch's lines each get the time, as one position would
ANALYSE_TIME_LIMIT_HELP = (
    TIME_LIMIT_HELP + " With POSITION '-', each line gets this time of its own (100 lines "
    "at 1 s take about 100 s): it is not a limit on the whole batch."
)


def limits(time_limit: float | None) -> tuple[float, float | None]:
    """(time limit, cap on the estimate's seconds) from the --time-limit option."""
    if time_limit is None:
        return DEFAULT_TIME_LIMIT, DEFAULT_ESTIMATE_TIME
    return time_limit, None


def _fmt(v: float, exact_s: str | None, lang: str = "en") -> str:
    if exact_s is None or "/" in exact_s:
        return num(v, "+.3f", lang)
    return f"{int(exact_s):+d}"


def _chance(v: float, exact_s: str | None, lang: str = "en") -> str:
    """A chance of winning as a percentage, as the board, explain and the puzzles write one:
    a tenth of a point, a whole one where an exact value is whole ("100%"), and an exact
    value that is not its fraction beside it ("33.3%  (= 1/3)")."""
    if exact_s is not None and (100 * Fraction(exact_s)).denominator == 1:
        return pct(100 * v, ".0f", lang)
    text = pct(100 * v, ".1f", lang)
    return text if exact_s is None or "/" not in exact_s else f"{text}  (= {exact_s})"


def _human(a, out, lang: str = "en") -> None:
    j = a.to_json()

    def say(key: str, **kw) -> str:
        return command_text(lang, key, **kw)

    four = "4" if a.position.players == 4 else ""
    unit = say(f"analyse.unit.{a.objective}{four}")
    taken = taken_margin(a.position) if a.objective == "points" else None
    kind = say("analyse.exact") if a.exact else say("analyse.estimate")
    out(say("analyse.position", position=j["position"]))
    objective = say(f"analyse.objective.{a.objective}")
    out(say("analyse.to_move", n=j["to_move"], objective=objective, unit=unit, kind=kind))
    if taken is not None:
        a_pts, b_pts = a.position.score
        out(say("analyse.taken", a=a_pts, b=b_pts, taken=f"{taken:+d}"))
    win = a.objective == "win"  # a chance in percent, its ± and gaps in percentage points
    for m in j["moves"]:
        mark = "*" if m["card"] in j["best"] else " "
        extra = ""
        solved = not a.exact and m.get("value_exact") is not None  # before the search stopped
        if not win and m.get("value_exact") and "/" in m["value_exact"]:
            extra = f"  (= {m['value_exact']})"
        if solved:
            extra += say("analyse.solved")
        elif m.get("error") is not None:
            extra = f"  ± {num(m['error'], '.1%' if win else '.3f', lang)}"
        if m.get("gap_error") is not None:
            gap, e = j["value"] - m["value"], m["gap_error"]
            extra += (
                say(
                    "analyse.below_win",
                    gap=num(100 * gap, ".1f", lang),
                    e=num(100 * e, ".1f", lang),
                )
                if win
                else say("analyse.below", gap=num(gap, ".3f", lang), e=num(e, ".3f", lang))
            )
        val = (
            _chance(m["value"], m.get("value_exact"), lang)
            if win
            else _fmt(m["value"], m.get("value_exact"), lang)
        )
        if taken is not None:
            final = _fmt(taken + m["value"], _shifted(m.get("value_exact"), taken), lang)
            if m.get("error") is not None and not solved:  # the points taken are known
                final += f" ± {num(m['error'], '.3f', lang)}"
            extra += say("analyse.final", final=final)
        out(f"  {mark} {m['card']:>3}  {val}{extra}")
    out(say("analyse.best", cards=", ".join(j["best"])))
    if j["pv"]:
        then = (
            say("analyse.then_hidden")  # a seat's line is its own card: it sees no more
            if a.position.hidden_hand
            else say("analyse.then_draw")
            if a.position.draws_unknown
            else ""
        )
        out(say("analyse.line", cards=" ".join(j["pv"])) + then)
    for line in a.notes:
        out(say("analyse.note", note=note_text(line, lang)))
    if a.samples is not None:
        out(agree(say("analyse.samples", n=a.samples), lang))
    if not a.exact:
        out(say("analyse.method", words=a.method.words(lang)))
        out(say("analyse.interval", words=INTERVAL_TEXT[lang][a.interval]))
    nodes = f"{a.nodes:,}" if lang == "en" else num(a.nodes, "d", lang, group=True)
    out(say("analyse.nodes", nodes=nodes, seconds=num(a.seconds, ".3f", lang)))


def _shifted(exact_s: str | None, taken: int) -> str | None:
    """An exact value's text moved by ``taken`` points (None stays None)."""
    return None if exact_s is None else str(Fraction(exact_s) + taken)


def _line_position(text: str) -> str:
    """The position text of an input line: the line itself, or the "position" field of a
    JSON object (the test-data format), so a .jsonl file can be piped in as it is."""
    if not text.startswith("{"):
        return text
    try:
        obj = jsonfile.parse(text, "")
    except jsonfile.JSONFileError as e:
        raise PositionError.like(e) from None
    if not isinstance(obj, dict) or not isinstance(obj.get("position"), str):
        raise PositionError.of("analyse.json_line")
    return obj["position"]


def analyse_line(
    text, objective, time_limit, estimate_limit, samples, seed, estimate_on_interrupt=False
) -> dict:
    """The JSON object of one input line (a task of the batch): its analysis, or its
    "position" and "error". ``estimate_on_interrupt``: Ctrl-C answers with the samples so
    far, marked "interrupted" (never for a task that is logged: a rerun must do it again)."""
    try:
        text = _line_position(text)
        return _analysis(
            parse_position(text),
            objective,
            time_limit,
            estimate_limit,
            samples,
            seed,
            estimate_on_interrupt,
        ).to_json()
    except SettingError:
        raise  # the environment's mistake, not the line's: the batch stops at once
    except BriscolaError as e:
        return {"position": text, "error": Note.kept(clip_message(e), e)}


def _batch(
    objective, time_limit, estimate_limit, samples, seed, cluster=None, workers=2, log_path=None
) -> None:
    """One JSON object per input position, in order; blank lines and ``#`` comments are
    skipped. A bad line (not a position, not UTF-8, too long, JSON nested too deep) gets an
    object with its "error" (so outputs stay aligned with inputs) and a line on stderr; the
    batch goes on, and the exit code is 2 at the end if any line was bad. Ctrl-C prints the
    line in hand's answer so far, marked "interrupted" (not with --log or --cluster, whose
    rerun does it again), and ends the batch (exit 130)."""
    args = (objective, time_limit, estimate_limit, samples, seed)
    todo = (
        (n, t.strip(), e)
        for n, t, e in jsonfile.stream_lines(click.get_binary_stream("stdin"), "")
        if e is not None or (t.strip() and not t.strip().startswith("#"))
    )
    log = None
    if cluster is None and log_path is None:
        results = (
            (
                n,
                analyse_line(t, *args, estimate_on_interrupt=True)
                if e is None
                else _bad_line(t, e),
            )
            for n, t, e in todo
        )
    else:
        from cli.cluster_opts import say
        from solver import cluster as cl

        log = cl.TaskLog(
            log_path,
            {"analyse": args[0], "time_limit": args[1], "samples": args[3], "seed": args[4]},
            _logged_input_error,
            say,
            first=1,
        )
        results = _batch_tasks(list(todo), args, cluster, workers, log)
    bad = total = 0
    for n, obj in results:
        total += 1
        click.echo(json.dumps(obj))
        if obj.get("interrupted"):  # Ctrl-C: this line's answer so far, then the batch ends
            raise KeyboardInterrupt
        if "error" in obj:
            bad += 1
            click.echo(_bad_line_said(n, obj["error"]), err=True)
    if bad:
        raise PositionError.of("analyse.failed_lines", bad=Count(bad), total=Count(total))
    log_failed(log)


def _bad_line(text: str, error) -> dict:
    return {"position": clip(text), "error": Note.kept(clip_message(error), error)}


def _bad_line_said(n: int, error: str) -> str:
    """A bad line's one line on stderr, in the command's language: its JSON's error (in
    English) said again from its key where it kept one (Note.kept)."""
    line = Note.of("analyse.bad_line", n=n, error=error)
    if lang_now() == "en":
        return f"error: {line}"
    return f"errore: {clip_message(said(line))}"


def _logged_input_error(row: dict) -> BriscolaError | None:
    return None if isinstance(row.get("input"), str) else BriscolaError.of("log.input")


def _logged_output_error(obj) -> BriscolaError | None:
    """What makes a logged output unlike any analyse_line writes, or None."""
    if not isinstance(obj, dict):
        return BriscolaError.of("log.output_kind", got=jsonfile.kind(obj))
    if "error" in obj:
        return None if isinstance(obj["error"], str) else BriscolaError.of("log.output_error")
    moves = obj.get("moves")
    if not (
        isinstance(obj.get("position"), str)
        and isinstance(obj.get("best"), list)
        and isinstance(moves, list)
        and moves
        and all(_logged_move(m) for m in moves)
    ):
        return BriscolaError.of("log.output")
    return None


def _logged_move(m) -> bool:
    value = m.get("value") if isinstance(m, dict) else None
    return (
        isinstance(m, dict)
        and isinstance(m.get("card"), str)
        and isinstance(value, (int, float))
        and not isinstance(value, bool)
    )


def _batch_tasks(lines, args, cluster, workers, log):
    """(line number, JSON object) in input order: the lines already in ``log`` (a TaskLog),
    the others analysed here or on the cluster, each logged as it finishes. A logged row
    whose output is not an analysis becomes its line's error (naming the log's file and
    line)."""
    from cli.cluster_opts import client_for, progress_line, say
    from solver import cluster as cl

    bad = {n: _bad_line(t, e) for n, t, e in lines if e is not None}
    texts = {n: t for n, t, e in lines if e is None}
    done = log.done(lambda n, row: texts.get(n) == row.get("input"))
    if done:
        say(log.resumed(len(done), len(texts), "input lines"))
    earlier = dict(bad)
    for n, row in done.items():
        wrong = (
            _logged_output_error(row["output"])
            if "output" in row
            else BriscolaError.of("log.no_output")
        )
        if wrong is None:
            earlier[n] = _said_again(row["output"], row.get("error_keys"))
        else:
            at = cl.LogError.of("log.at", where=log.where(n), error=wrong)
            earlier[n] = {"position": texts[n], "error": Note.kept(str(at), at)}
    tasks = {n: (t, *args) for n, t in texts.items() if n not in done}
    with client_for(cluster if tasks else None, workers) as client:

        def fresh():
            for n, obj in cl.run(
                analyse_line, tasks, client, progress=progress_line(), total=len(texts)
            ):
                keys = Note.keys_of(obj.get("error"))
                log.write(n, {"input": texts[n], "output": obj, **_keyed(keys)})
                yield n, obj

        yield from cl.ordered(itertools.chain(earlier.items(), fresh()), [n for n, _, _ in lines])


def _keyed(keys: dict | None) -> dict:
    """A logged line's error key and fields (Note.keys_of), beside the output whose "error"
    is English, so that a resumed run says the line in its own language."""
    return {} if keys is None else {"error_keys": keys}


def _said_again(output: dict, keys: object) -> dict:
    """A logged output as analyse_line made it: its "error" keyed again from the row's
    "error_keys" (Note.revived; a log written before them, or edited, keeps its English)."""
    if "error" not in output:
        return output
    return {**output, "error": Note.revived(output["error"], keys)}


def _logged_leaf_error(row: dict) -> BriscolaError | None:
    from solver.split_search import LeafValue

    if not isinstance(row.get("leaf"), str):
        return BriscolaError.of("log.leaf")
    try:
        LeafValue.from_json(row)
    except BriscolaError as e:
        return e
    return None


def _logged_leaves(pos, objective, log_for):
    """(the split, its leaves' values) at the depth whose log rows hold the most positions
    (a row whose position is not that leaf's is done again), or (None, {}). A torn last row
    is set aside once every depth's rows are known good: a log refused is left as it was."""
    from solver import split_search as S

    from solver.cluster import LogError

    found: tuple = (None, {})
    for depth in S.DEPTHS:
        s = S.split(pos, objective, depth)
        log = log_for(depth)
        rows = log.done(
            lambda i, row, s=s: i < len(s.leaves) and row["leaf"] == s.leaves[i].pos.to_text(),
            settle=False,
        )
        values = {}
        for i, row in rows.items():  # a value or line that leaf cannot have: a tampered row
            try:
                values[i] = S.leaf_value(s.leaves[i], row, objective)
            except BriscolaError as e:
                raise LogError.of("log.at", where=log.where(i), error=e) from None
        if len(values) > len(found[1]):
            found = (s, values)
    log.settle()  # every depth's TaskLog read the same torn row: one sets it aside
    return found


def _split_search(pos, objective, cluster, workers, log_path):
    """One position's exact search split into tasks (solver/split_search.py), run on the
    cluster, or here with --log alone; each finished task's positions are logged at once,
    and a rerun with the log (whatever its workers) does only the positions it lacks; a
    position whose every line ends the deal within the first trick needs no task (nor a
    cluster, nor the log). Returns the analysis and the log written (a TaskLog, or None)."""
    import time

    from cli.cluster_opts import client_for, progress_line, say
    from solver import cluster as cl
    from solver import split_search as S

    t0 = time.perf_counter()
    S.check(pos, objective)
    done = S.settled(pos, objective)
    if done is not None:  # no task: no cluster started, no log read or written
        say(Note.of("split.settled"))
        return S.combine(done, {}, time.perf_counter() - t0), None

    def log_for(depth):
        return cl.TaskLog(
            log_path,
            {"split": pos.to_text(), "objective": objective, "depth": depth},
            _logged_leaf_error,
            say,
            run=("split", "objective"),  # a rerun on other workers may read another depth
        )

    s, values = _logged_leaves(pos, objective, log_for) if log_path else (None, {})
    left = s is None or any(i not in values for i in s.todo())
    if s is not None and left:  # all read: said once, below, with where it was split
        say(log_for(s.depth).resumed(len(values), len(s.todo()), "positions"))
    with client_for(cluster if left else None, workers) as client:
        threads = (
            1
            if client is None
            else sum(w["nthreads"] for w in client.scheduler_info()["workers"].values())
        )
        if s is None:
            s = S.split(pos, objective, S.depth_for(pos, threads))
        log = log_for(s.depth)
        logged = len(values)
        groups = S.tasks(s, [i for i in s.todo() if i not in values], threads)
        texts = {i: s.leaves[i].pos.to_text() for g in groups for i in g}
        if left:
            say(
                Note.of("split.tasks", where=s.where, n=Count(len(texts)), tasks=Count(len(groups)))
            )
        else:
            say(Note.of("split.all_read", where=s.where, n=Count(logged), path=log_path))
        try:
            for k, rows in cl.run(
                S.solve_task,
                {k: ([texts[i] for i in g], objective) for k, g in enumerate(groups)},
                client,
                progress=progress_line(),
            ):
                for i, row in zip(groups[k], rows, strict=True):
                    try:
                        values[i] = S.leaf_value(s.leaves[i], row, objective)
                    except BriscolaError as e:  # not logged: a rerun solves it again
                        raise S.SplitError.of("split.worker", position=texts[i], error=e) from None
                    log.write(i, {"leaf": texts[i], **row})
        except KeyboardInterrupt:
            if log_path:
                total = Count(len(s.todo()))
                say(Note.of("split.stopped", path=log_path, held=len(values), total=total))
            raise
    where = (
        Note.of("note.part.where.here")
        if cluster is None
        else Note.of("note.part.where.local", workers=Count(workers))
        if cluster == "local"
        else Note.of("note.part.where.cluster", address=cluster)
    )
    tasks, n = Count(len(groups)), Count(logged)
    ran = (
        Note.of("note.all_read", n=n, path=log_path)
        if not left
        else Note.of("note.tasks_read", tasks=tasks, where=where, n=n, path=log_path)
        if logged
        else Note.of("note.tasks", tasks=tasks, where=where)
    )
    return S.combine(s, values, time.perf_counter() - t0, note=ran), log


def _analysis(
    pos, objective, time_limit, estimate_limit, samples, seed, estimate_on_interrupt=False
):
    """Any parsed position's analysis (the engine picks exact search or estimate) within
    one budget: --samples when given, else the time limit, an estimate's share capped at
    ``estimate_limit``."""
    limit = (
        Limit(samples=samples)
        if samples is not None
        else Limit(time=time_limit, estimate_time=estimate_limit)
    )
    return run_analysis(
        pos, objective, limit=limit, seed=seed, estimate_on_interrupt=estimate_on_interrupt
    )


@click.command()
@click.argument("position", required=False)
@objective_option("points: expected points still to win, you minus opponent; win: chance of 61+.")
@click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON object (its fields: docs/notation.md)."
)
@click.option("--time-limit", type=SECONDS, default=None, help=ANALYSE_TIME_LIMIT_HELP)
@click.option(
    "--record",
    "record_file",
    type=click.Path(dir_okay=False),
    help="A game record (any game): analyse a moment of it from one seat.",
)
@click.option(
    "--move",
    type=count(1, 40, "range.moves"),
    help="With --record: the moment before this move (1 = the first).",
)
@click.option(
    "--seat",
    type=count(1, 4, "range.player"),
    help="With --record: the player whose view is analysed (the one to move; a hidden "
    "game's seat sees its hand only, a scoperta seat every hand).",
)
@game_option(
    "With --record: the record of a file of several (1 = the first, as replay numbers them)."
)
@click.option(
    "--samples",
    type=count(1, 1_000_000),
    default=None,
    help="The budget in samples instead of time: exactly this many (opponent hands, "
    "or talon orders of an open position) [default: as many as the time allows].",
)
@click.option(
    "--seed",
    type=SEED,
    default=0,
    show_default=True,
    help="Seed of the sampling of opponent hands (and of talon orders with --samples).",
)
@cluster_options
@lang_option
def analyse(
    position,
    objective,
    as_json,
    time_limit,
    record_file,
    move,
    seat,
    game,
    samples,
    seed,
    cluster,
    workers,
    log_path,
):
    """Value of every legal card of POSITION ("-": one position per line from stdin,
    one JSON object per line out). With a hidden hand (hand2=?) the values are means
    over sampled opponent hands, with error bars. With --cluster (or --log alone) one
    2-player scoperta position's exact search is split into tasks and combined exactly.

    \b
    Example:
      briscola analyse "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
      briscola analyse --json --objective win "hand1=RC,6S hand2=5B,4D briscola=2D turn=1 score=65-51"
      briscola analyse --samples 50 "variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? turn=1"
      briscola analyse --record game.json --move 7 --seat 2
      briscola analyse --record games.jsonl --game 3 --move 7 --seat 2
      briscola analyse - --cluster --log out.jsonl < positions.txt
      briscola analyse --cluster --log one.jsonl "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
    """  # noqa: E501 - an example command is one line, as it is typed
    progress_on()
    if samples is not None and time_limit is not None:
        misuse("usage.analyse.two_budgets")
    split = (cluster is not None or log_path is not None) and position != "-"
    if split and (record_file is not None or position is None):
        misuse("usage.analyse.split_input")
    if split and (samples is not None or time_limit is not None):
        misuse("usage.analyse.split_budget")
    time_limit, estimate_limit = limits(time_limit)
    if record_file is not None:
        from solver.record import seat_position_from_record

        if position is not None:
            misuse("usage.analyse.both")
        if move is None or seat is None:
            misuse("usage.analyse.record_needs")
        with notes_held() as warn:  # a move or seat the record lacks is the one line
            pos = seat_position_from_record(recorded(record_file, game, warn), move, seat)
        a = _analysis(
            pos, objective, time_limit, estimate_limit, samples, seed, estimate_on_interrupt=True
        )
        if as_json:
            click.echo(json.dumps(a.to_json(), indent=2))
        else:
            _human(a, click.echo, lang_now())
        return
    if move is not None or seat is not None or game is not None:
        misuse("usage.analyse.without_record")
    if position is None:
        misuse("usage.analyse.missing")
    if position == "-":
        _batch(objective, time_limit, estimate_limit, samples, seed, cluster, workers, log_path)
        return
    log = None
    if split:
        a, log = _split_search(parse_position(position), objective, cluster, workers, log_path)
    else:
        a = _analysis(
            parse_position(position),
            objective,
            time_limit,
            estimate_limit,
            samples,
            seed,
            estimate_on_interrupt=True,
        )
    if as_json:
        click.echo(json.dumps(a.to_json(), indent=2))
    else:
        _human(a, click.echo, lang_now())
    log_failed(log)


@click.command()
@click.argument("position")
@objective_option()
@click.option("--time-limit", type=SECONDS, default=None, help=TIME_LIMIT_HELP)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the whole analysis as JSON (as analyse --json)."
)
@lang_option
def best(position, objective, time_limit, as_json):
    """Just the best card(s) of POSITION, space separated; an estimate says so after the
    cards, with its ± and what that covers.

    \b
    Example:
      briscola best "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
    """
    progress_on()
    time_limit, estimate_limit = limits(time_limit)
    a = _analysis(
        parse_position(position),
        objective,
        time_limit,
        estimate_limit,
        None,
        None,
        estimate_on_interrupt=True,
    )
    if as_json:
        click.echo(json.dumps(a.to_json(), indent=2))
        return
    mark = estimate_mark(a, lang_now())
    click.echo(" ".join(card_str(c) for c in a.best) + mark)  # as analyse lists them


def estimate_mark(a, lang: str = "en") -> str:
    """Nothing for an exact answer; " (estimate ±E, what it covers)" for an estimate, E the
    widest half-width among the best cards' values; ", interrupted" where Ctrl-C
    stopped the search that would have answered."""
    if a.exact:
        return ""
    errs = [m.error for m in a.moves if m.card in a.best and m.error is not None]
    key = "best.estimate" if a.objective == "points" else "best.estimate_win"
    if all(m.value_exact is not None for m in a.moves if m.card in a.best):
        # the exact search solved the best cards before it stopped: the choice is still an
        # estimate, as sure as the other cards' values
        errs = [m.error for m in a.moves if m.value_exact is None and m.error is not None]
        key += "_solved"
    if errs:  # a chance's ± in percentage points
        e = (
            num(max(errs), ".2f", lang)
            if a.objective == "points"
            else num(100 * max(errs), ".1f", lang)
        )
    parts = (
        [
            command_text(lang, key, e=e),
            INTERVAL_SHORT[lang][a.interval],
        ]
        if errs
        else [command_text(lang, "best.estimate_bare")]
    )
    if a.interrupted:
        parts.append(command_text(lang, "best.interrupted"))
    return f" ({', '.join(parts)})"


DEMO_ENDGAME = "hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"
DEMO_MIDGAME = (
    "hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C played=2B,5B,FB,CB,RB,3B,4C,5C,"
    "7C,FC,CC,RC,AC,4D,5D,6D,7D,FD,CD,3D,AD,2S,6S,7S,RS,3S turn=2"
)


@click.command()
@lang_option(expose=True)
def demo(lang):
    """Run the engine on built-in examples: explain a last-draw endgame, then solve a
    position with eight talon cards exactly (expectiminimax over the unknown draws).

    
    Example:
      briscola demo --lang it
    """
    from solver.explain import explain as explain_position, render_text

    flag = "" if lang == "en" else f" --lang {lang}"
    click.echo(f'$ briscola explain{flag} "{DEMO_ENDGAME}"\n')
    click.echo(render_text(explain_position(parse_position(DEMO_ENDGAME)), lang))
    if lang != "en":  # explain gives the same exact values in Italian words
        click.echo(f'\n$ briscola explain{flag} "{DEMO_MIDGAME}"\n')
        click.echo(render_text(explain_position(parse_position(DEMO_MIDGAME)), lang))
        return
    click.echo(f'\n$ briscola analyse "{DEMO_MIDGAME}"\n')
    _human(run_analysis(parse_position(DEMO_MIDGAME), "points"), click.echo)


COMMANDS = [analyse, best, demo]
