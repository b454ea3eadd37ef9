"""`briscola puzzles solve|generate|play`: endgame puzzles, checked, generated, or played as
a quiz."""

from __future__ import annotations

import json
import sys
import time

import click

from cli.cluster_opts import client_for, cluster_options
from cli.run_limit import limited, time_limit_option
from cli.options import (
    HELP_WORDS,
    HINT_WORDS,
    QUIT_WORDS,
    SEED,
    card_by_place,
    check_output,
    count,
    note,
    notes_held,
    objective_option,
    save_text,
    stdin_text,
    lang_now,
    lang_option,
    typed,
    typed_lines,
)
from solver import cluster as cl
from solver import jsonfile
from solver.analysis import Analysis, analyse, check_stop
from solver.cards import CardError, card_str, cards_of, parse_typed_card
from solver.explain import before_last_tricks4, explain_position, explanation_text
from solver.i18n import (
    INTERVAL_SHORT,
    command_text,
    comment_text,
    error_text,
    fmt_fraction,
    message,
    num,
    pct,
    theme_text,
    title_text,
)
from solver.puzzles import (
    DIFFICULTIES,
    Check,
    PuzzleError,
    bundled_lines,
    evaluate,
    generate,
    greedy_card,
    idea_theme,
    read_answer,
    read_puzzle_file,
    read_puzzles,
    solve,
    theme_ideas,
)
from solver.position.board import render, seat_hands


@click.group()
def puzzles():
    """Endgame puzzles: check a puzzle file, generate new puzzles, or solve them as a quiz.

    \b
    Examples:
      briscola puzzles play
      briscola puzzles solve my-puzzles.jsonl
      briscola puzzles generate --count 10 --talon 2 --difficulty hard --seed 7
    """


@puzzles.command("solve")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle.")
@click.option(
    "--exact-only",
    is_flag=True,
    help="Skip the puzzles whose solver answer would be an estimate (beyond the "
    "exact search's reach, e.g. a full talon).",
)
@time_limit_option
@lang_option
def puzzles_solve(file, as_json, exact_only, run_limit):
    """Solve every puzzle of FILE ("-" = standard input) and compare with the stated answers.

    A value is the side to move's: with four players (scoperta4), its team's.

    Where the solver's answer is an estimate (a position beyond the exact search's reach)
    the verdict says "(estimate)": it rests on that estimate, and a stated exact value is
    left unchecked; --exact-only skips those puzzles.
    Exit code 0 when every answer checked is right, 1 when one is wrong, 2 for a malformed file;
    Ctrl-C keeps the verdicts so far (exit 130); so does --time-limit, its exit code as for
    the verdicts kept. Progress goes to standard error every 2 s.

    \b
    Example:
      briscola puzzles solve my-puzzles.jsonl --json
    """
    puzzles = _read(file)
    checks = []
    stopped = False
    lang = lang_now()
    t0 = last = time.monotonic()
    with limited(run_limit, kernels=True) as stop:
        try:
            for p in puzzles:
                check_stop()
                checks.append(solve(p, exact_only=exact_only))
                if as_json:  # each line as it is solved
                    click.echo(json.dumps(checks[-1].to_json()))
                now = time.monotonic()
                if now - last >= PROGRESS_EVERY and len(checks) < len(puzzles):
                    last = now
                    line = command_text(
                        lang,
                        "solve.progress",
                        n=len(checks),
                        total=len(puzzles),
                        seconds=num(now - t0, ".0f", lang),
                    )
                    click.echo(line, err=True)
        except KeyboardInterrupt:  # Ctrl-C or the time limit: the verdicts so far are kept and said
            stopped = True
    timed_out = stopped and stop.is_set()
    if not as_json:

        def say(key: str, **kw) -> str:
            return command_text(lang, key, **kw)

        head = say("solve.header").split("|")
        rows = [tuple(head)]
        rows += [
            (
                c.puzzle.id,
                message(lang, "diff." + c.puzzle.difficulty),
                _measured(c, lang),
                c.puzzle.answer_text(),
                c.solver_text(lang, covers=True) or "-",
                c.verdict_text(lang),
            )
            for c in checks
        ]
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        for r in rows:
            click.echo("  ".join(x.ljust(w) for x, w in zip(r, widths, strict=True)).rstrip())
        bad = sum(c.ok is False for c in checks)
        summary = say("solve.summary", n=len(checks), bad=bad)
        if stopped:
            summary = say("solve.summary_stopped", n=len(checks), total=len(puzzles), bad=bad)
        estimated = sum(c.analysis is not None and not c.exact and c.ok is not None for c in checks)
        close = sum(c.too_close for c in checks)
        unchecked = sum(c.analysis is not None and c.ok is None for c in checks) - close
        skipped = sum(c.analysis is None for c in checks)
        if estimated:
            summary += say("solve.estimated", n=estimated)
        if unchecked:
            summary += say("solve.unchecked_count", n=unchecked)
        if close:
            summary += say("solve.too_close_count", n=close)
        if skipped:
            summary += say("solve.skipped_count", n=skipped)
        differs = sum(c.difficulty_differs for c in checks)
        if differs:
            summary += say("solve.differs_count", n=differs)
        click.echo(summary, err=True)
    if timed_out:
        click.echo(command_text(lang, "time_limit", seconds=num(run_limit, "g", lang)), err=True)
    elif stopped:
        click.echo(command_text(lang, "interrupted"), err=True)
        sys.exit(130)
    if any(c.ok is False for c in checks):
        sys.exit(1)


#: seconds between puzzles solve's progress lines on stderr
PROGRESS_EVERY = 2.0


def _measured(c: Check, lang: str) -> str:
    """The measured difficulty of a checked puzzle, "!" after it where the stated one
    differs; "-" where it is not measured (a value puzzle, several best cards, an estimate)."""
    if c.measured is None:
        return "-"
    return message(lang, "diff." + c.measured[1]) + (" !" if c.difficulty_differs else "")


def _read(file: str, warn=note):
    """The puzzles of FILE, or of standard input for "-"."""
    if file != "-":
        return read_puzzle_file(file, warn)
    try:
        text = stdin_text()
    except jsonfile.JSONFileError as e:
        raise PuzzleError.like(e) from None
    return read_puzzles(text, "<stdin>", warn)


def _chosen(file, variant, difficulty, from_id, warn):
    """The puzzles ``puzzles play`` plays (FILE's, else the bundled set of ``variant``) and
    where it starts."""
    ps = _read(file, warn) if file is not None else read_puzzles(bundled_lines(variant))
    name = file if file is not None else variant
    if difficulty:
        held = sorted({p.difficulty for p in ps}, key=DIFFICULTIES.index)
        ps = [p for p in ps if p.difficulty == difficulty]
        if not ps:
            raise PuzzleError.of(
                "puzzle.no_difficulty", name=name, difficulty=difficulty, held=", ".join(held)
            )
    if from_id is None:
        return ps, 0
    ids = [p.id for p in ps]
    if from_id not in ids:
        where = name if not difficulty else f"{name} [{difficulty}]"
        raise PuzzleError.of("puzzle.from_unknown", id=from_id, name=where)
    return ps, ids.index(from_id)


puzzles.add_command(
    click.Command(
        "check",
        params=puzzles_solve.params,
        callback=puzzles_solve.callback,
        help="The same as `puzzles solve`: check FILE's stated answers against the solver."
        "\n\n\b\nExample:\n  briscola puzzles check my-puzzles.jsonl",
        short_help="The same as solve: check a puzzle file's answers.",
    )
)


@puzzles.command("generate")
@click.option("--count", type=count(1, 100_000), required=True, help="How many puzzles.")
@click.option(
    "--talon",
    type=click.Choice(["0", "2", "4"]),
    default=None,
    help="0 = the last three tricks, 2 = the last draw (scoperta4: 4); default mixes both "
    "(briscolone and libero: always 0, the last five tricks).",
)
@click.option(
    "--variant",
    type=click.Choice(["scoperta", "scoperta4", "briscolone", "libero"]),
    default="scoperta",
    show_default=True,
    help="The game of the puzzles.",
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default=None,
    help="Keep only puzzles rated this difficulty.",
)
@objective_option()
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option(
    "--id-prefix", default=None, help="Puzzle ids are PREFIX001, PREFIX002... (default g<seed>-)."
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write to this file instead of standard output.",
)
@click.option("--force", is_flag=True, help="Overwrite --out if it exists.")
@time_limit_option
@cluster_options(log=False)
@lang_option
def puzzles_generate(
    count,
    talon,
    variant,
    difficulty,
    objective,
    seed,
    id_prefix,
    out,
    force,
    run_limit,
    cluster,
    workers,
):
    """Generate random endgame puzzles with exactly one best card and a real margin
    (4 points, or 0.25 for --objective win), rated by measured difficulty.

    Progress goes to standard error; Ctrl-C stops and keeps the puzzles found so far
    (exit code 130); so does --time-limit, with exit code 0. With no puzzle found nothing
    is written (exit code 1; 130 on Ctrl-C).

    \b
    Example:
      briscola puzzles generate --count 20 --seed 1 --out new.jsonl
      briscola puzzles generate --count 5 --variant briscolone
      briscola puzzles generate --count 5 --variant scoperta4 --talon 4
      briscola puzzles generate --count 50 --talon 2 --difficulty hard --cluster
      briscola puzzles generate --count 1000 --time-limit 60 --out many.jsonl
    """
    check_output(out, force, "--out")
    last = [time.monotonic()]
    lang = lang_now()

    def progress(found, tried):
        now = time.monotonic()
        if now - last[0] >= 1.0:
            last[0] = now
            line = command_text(lang, "generate.progress", found=found, count=count, tried=tried)
            click.echo(line, err=True)

    found = []
    interrupted = False
    with limited(run_limit, kernels=True) as stop:
        try:
            with client_for(cluster, workers) as client:
                for p in generate(
                    count,
                    seed,
                    None if talon is None else int(talon),
                    difficulty,
                    objective,
                    id_prefix=id_prefix,
                    progress=progress,
                    variant=variant,
                    evaluate_many=_on(client),
                ):
                    found.append(p)
                    if not out:
                        click.echo(p.to_line())
        except KeyboardInterrupt:  # Ctrl-C, or the time limit's Stop
            interrupted = True
    timed_out = interrupted and stop.is_set()
    if not found:  # nothing to keep: --out is not written (a file there stays as it was)
        if timed_out:
            key, code = "generate.none_limit", 1
        elif interrupted:
            key, code = "generate.none_interrupted", 130
        else:
            key, code = "generate.none", 1
        seconds = num(run_limit, "g", lang) if timed_out else None
        click.echo(command_text(lang, key, seconds=seconds), err=True)
        sys.exit(code)
    if out:
        where = save_text(out, "".join(p.to_line() + "\n" for p in found), force)
        if where != out and not (interrupted and not timed_out):
            sys.exit(1)
    if timed_out:
        seconds = num(run_limit, "g", lang)
        click.echo(
            command_text(lang, "generate.time_limit", n=len(found), seconds=seconds), err=True
        )
    elif interrupted:
        click.echo(command_text(lang, "generate.interrupted", n=len(found)), err=True)
        sys.exit(130)
    elif len(found) < count:
        click.echo(command_text(lang, "generate.short", n=len(found)), err=True)


def _on(client):
    """evaluate_many for generate: the candidates' evaluations on the cluster, in order."""
    if client is None:
        return None

    def many(args):
        got = dict(cl.run(evaluate, dict(enumerate(args)), client))
        return [got[i] for i in range(len(args))]

    return many


#: the quiz's own word, in either language whatever --lang (the others: cli.options)
SKIP_WORDS = ("skip", "show", "salta", "mostra", "soluzione")


@puzzles.command("play")
@click.argument("file", required=False)
@lang_option(expose=True)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default=None,
    help="Only puzzles of this difficulty.",
)
@click.option(
    "--variant",
    type=click.Choice(["scoperta", "scoperta4", "briscolone"]),
    default="scoperta",
    show_default=True,
    help="Which bundled set to play (without FILE).",
)
@click.option(
    "--from",
    "from_id",
    default=None,
    metavar="ID",
    help="Start at the puzzle with this id (where a quit said to go on).",
)
def puzzles_play(file, lang, difficulty, variant, from_id):
    """A quiz in the terminal: find the best card of each puzzle (default: the bundled set).

    Type a card (AD, 3c, 10b, or its name: "Ace of coins", "asso di denari") or a value
    (a chance as 0.5 or 50%); "hint" (indizio) gives the puzzle's idea without its answer,
    "skip" (salta) gives up and shows the answer (counted as not solved), "help" (aiuto)
    lists these, "q" (esci) quits with the score so far and the --from ID to go on; the end
    of input stops with the score.
    A card or value is judged by the puzzle's stated answer: the file is its maker's
    ("puzzles solve" checks a file against the engine). Where the engine's exact search
    finds another answer, or its answer is an estimate (a puzzle beyond the exact search),
    a line after the verdict says what the engine finds.

    \b
    Example:
      briscola puzzles play --lang it --difficulty hard
      briscola puzzles play --variant briscolone --from b0-003
      briscola puzzles play --variant scoperta4
    """
    if file == "-":  # read whole, it would leave no answer to read: the quiz ended at once
        raise PuzzleError.of("puzzle.play_stdin")
    with notes_held() as warn:  # none of --difficulty, no --from id: the one line
        ps, start = _chosen(file, variant, difficulty, from_id, warn)
    stdin = typed_lines()

    def m(key, **kw):
        return message(lang, key, **kw)

    right = done = hinted_right = 0
    stopped_at = None
    for i, p in enumerate(ps[start:], start + 1):
        pos = p.position
        header = m(
            "play.header",
            i=i,
            n=len(ps),
            difficulty=m("diff." + p.difficulty),
            title=title_text(p.title, lang),
        )
        click.echo(header.rstrip())  # an untitled puzzle: no space after the difficulty
        click.echo(render(pos, lang=lang))
        goal = m("play.goal.win") if p.objective == "win" else ""
        four = "4" if pos.players == 4 else ""  # a team's value: said "for your team"
        partner = (pos.to_move + 2) % pos.players + 1
        click.echo(m("play.question." + p.question + four, n=pos.to_move + 1, m=partner, goal=goal))
        if isinstance(p.answer, tuple) and len(p.answer) > 1:
            click.echo(m("play.several", k=len(p.answer)))
        elif p.question == "value":  # the frame: points still to win, not the final margin
            click.echo(m("play.means." + p.objective + four, n=pos.to_move + 1))
        a = analyse(pos, p.objective)
        verdict, hinted = _answer(p, a, stdin, lang)
        if verdict is None:
            stopped_at = p.id
            break
        done += 1
        right += verdict is True
        hinted_right += verdict is True and hinted
        if verdict == "skip":
            click.echo(m("play.skipped", answer=p.answer_text()))
        else:
            click.echo(m("play.right") if verdict else m("play.wrong", answer=p.answer_text()))
        _after(p, a, lang)
        click.echo(m("play.score", right=right, done=done))
        click.echo("")
    if hinted_right:
        click.echo(m("play.bye_hinted", right=right, done=done, h=hinted_right))
    else:
        click.echo(m("play.bye", right=right, done=done))
    if stopped_at is not None:
        click.echo(m("play.resume", id=stopped_at))


def _answer(p, a: Analysis, stdin, lang: str) -> tuple[bool | str | None, bool]:
    """(verdict, hinted): True or False for a card or value judged by the stated answer,
    "skip" for a puzzle given up, None on quit or the end of input; whether a hint was
    asked. The quiz's words are answered here."""
    pos = p.position
    four = "4" if pos.players == 4 else ""
    hinted = False
    while True:
        click.echo(message(lang, "play.ask." + p.question + four), nl=False)
        line = stdin.readline()
        if not line:
            click.echo("")
            return None, hinted
        text = typed(line)
        low = text.casefold()
        if low in QUIT_WORDS:
            return None, hinted
        if low in SKIP_WORDS:
            return "skip", hinted
        if low in HELP_WORDS:
            click.echo(message(lang, "play.help"))
            continue
        if low in HINT_WORDS:
            click.echo(_hint(p, a, lang))
            hinted = True
            continue
        if p.question == "best":
            hand = cards_of(seat_hands(pos)[pos.to_move] or 0)  # as render draws the line
            c = card_by_place(text, hand)
            if c == -1:
                n = len(hand)
                click.echo(message(lang, "play.bad_place", p=pos.to_move + 1, k=text, n=n))
                continue
            if c is None:
                try:
                    c = parse_typed_card(text)
                except CardError as e:
                    click.echo(message(lang, "play.unknown_card", error=error_text(e, lang)))
                    continue
            if c not in pos.legal_cards():
                cards = " ".join(card_str(x) for x in pos.legal_cards())
                click.echo(message(lang, "play.bad_card", text=card_str(c), cards=cards))
                continue
            return c in p.answer, hinted
        try:
            v = read_answer(text, lang, p.objective)
        except PuzzleError as e:
            key = "play.percent_points" if e.key == "puzzle.percent_points" else "play.bad_value"
            click.echo(message(lang, key, text=text))
            continue
        return v == p.answer, hinted


def _hint(p, a: Analysis, lang: str) -> str:
    """A hint that keeps the answer: the theme of the engine's solved line (its first idea
    for the side to move), said as the comment says it (where the line shows it, unless it
    is the move asked for); for a value puzzle the best card too (the value is the answer);
    else, without a theme, that the natural card is not the answer (only where more than
    two cards are left to choose from, so that it does not name the answer)."""
    pos = p.position
    ideas = theme_ideas(pos, p.objective)
    theme = theme_text(idea_theme(ideas[0], pos, a.best), lang) if ideas else None
    lines = [message(lang, "play.hint.theme", theme=theme)] if theme else []
    if p.question == "value":
        cards = ", ".join(card_str(c) for c in sorted(a.best, key=card_str))
        lines.append(message(lang, "play.hint.best", cards=cards))
    elif theme is None:
        g = greedy_card(pos)
        if g not in p.answer and len(pos.legal_cards()) > 2:
            lines.append(message(lang, "play.hint.natural", card=card_str(g)))
        else:
            lines.append(message(lang, "play.hint.none"))
    return "\n".join(lines)


def _after(p, a: Analysis, lang: str) -> None:
    """What follows a verdict: the engine's note where it differs or estimates, the
    puzzle's comment, and the explanation (a four-player last draw: each card's value)."""
    pos = p.position
    if not a.exact:
        click.echo(_estimate_note(a, p.question, lang))
    elif not (check := Check.of(p, a)).ok:  # the file's answer stands; the engine's is said
        click.echo(message(lang, "play.engine_differs", answer=check.solver_text(lang)))
    if p.comment:  # after the answer: a comment may name it
        click.echo(comment_text(p.comment, lang))
    if before_last_tricks4(pos):
        click.echo(_values4(a, p.objective, lang))
    else:
        click.echo(explanation_text(explain_position(pos, p.objective), lang))


def _values4(a: Analysis, objective: str, lang: str) -> str:
    """Each card's exact value for the team to move, where a four-player puzzle before the
    last draw has no explanation to show."""

    def said(v) -> str:
        return pct(float(v) * 100, ".0f", lang) if objective == "win" else fmt_fraction(v)

    values = ", ".join(f"{card_str(m.card)} {said(m.exact_value)}" for m in a.moves)
    return message(lang, "play.values4." + objective, values=values)


def _estimate_note(a: Analysis, question: str, lang: str) -> str:
    """The engine's answer to a puzzle beyond the exact search, said after a verdict that
    rests on the puzzle's stated answer: its estimated best cards, or its estimated value
    (which can neither confirm nor refute a stated exact value), with the estimate's ±."""
    key = "play.estimate_best" if question == "best" else "play.unchecked"
    return message(
        lang,
        key,
        cards=" ".join(card_str(c) for c in sorted(a.best, key=card_str)),
        v=num(a.value, ".2f", lang),
        e=num(a.moves[0].error or 0.0, ".2f", lang),
        covers=INTERVAL_SHORT[lang][str(a.interval)],
    )


COMMANDS = [puzzles]
