"""`briscola explain` and `briscola puzzles solve|generate|play`: the commands for players."""
from __future__ import annotations

import json
import sys
import time

import click

from cli.cluster_opts import client_for, cluster_options
from cli.options import SECONDS, SEED, check_output, count, save_text
from solver.cards import CardError, card_str, parse_card
from solver.explain.teams import explain_any
from solver.explain import LANGS, explain as explain_position, message, render_text
from solver.position import parse_position

LANG = click.Choice(LANGS)


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror}") from None


@click.command()
@click.argument("position")
@click.option("--lang", type=LANG, default="en", show_default=True, help="Language of the text.")
@click.option("--json", "as_json", is_flag=True, help="The same content as JSON data.")
@click.option("--objective", type=click.Choice(["points", "win"]), default="points",
              show_default=True, help="Maximise points, or the chance to win the deal (needs score=).")
@click.option("--time-limit", type=SECONDS, default=None,
              help="Seconds for the analysis before the endgame (then values are estimates).")
def explain(position, lang, as_json, objective, time_limit):
    """Explain a position in plain words: the outcome, the winning line trick by trick,
    what every other card costs and how it is punished, and the idea at work.

    From the last draw on (talon empty, or only the top card and the trump card left) the
    explanation is complete; earlier it says what is known. Briscolone and Libero
    (variant=briscolone|libero) are explained in the endgame: the talon empty, the last
    five tricks. POSITION "-" reads positions from standard input, one per line.

    \b
    Examples:
      briscola explain "hand1=2S,AD,3C hand2=4D,7B,RC briscola=5D turn=1"
      briscola explain "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1" --lang it
      briscola explain "hand1=3C,AS hand2=2C,RS briscola=RD turn=1" --json
      briscola explain "hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1 variant=briscolone"
    """
    texts = ([ln for ln in _read_text("-").splitlines() if ln.strip()] if position == "-"
             else [position])
    for i, text in enumerate(texts):
        pos = parse_position(text)
        ex, render = explain_any(pos, objective, time_limit)
        if as_json:
            click.echo(json.dumps(ex.to_json(), ensure_ascii=False))
        else:
            click.echo(("\n" if i else "") + render(ex, lang))


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
def puzzles_solve(file, as_json):
    """Solve every puzzle of FILE ("-" = standard input) and compare with the stated answers.

    Exit code 0 when every answer is right, 1 when one is wrong, 2 for a malformed file.

    \b
    Example:
      briscola puzzles solve my-puzzles.jsonl --json
    """
    from solver.puzzles import read_puzzles, solve
    ps = read_puzzles(_read_text(file).splitlines())
    checks = [solve(p) for p in ps]
    if as_json:
        for c in checks:
            click.echo(json.dumps(c.to_json()))
    else:
        rows = [("id", "difficulty", "stated", "solver", "ok")]
        rows += [(c.puzzle.id, c.puzzle.difficulty, c.puzzle.answer_text(), c.to_json()["solver"],
                  "ok" if c.ok else "WRONG") for c in checks]
        widths = [max(len(r[i]) for r in rows) for i in range(5)]
        for r in rows:
            click.echo("  ".join(x.ljust(w) for x, w in zip(r, widths)).rstrip())
        bad = sum(not c.ok for c in checks)
        click.echo(f"{len(checks)} puzzle(s), {bad} wrong", err=True)
    if any(not c.ok for c in checks):
        sys.exit(1)


@puzzles.command("generate")
@click.option("--count", type=count(1, 100_000), required=True, help="How many puzzles.")
@click.option("--talon", type=click.Choice(["0", "2"]), default=None,
              help="0 = the last three tricks, 2 = the last draw; default mixes both "
                   "(briscolone and libero: always 0, the last five tricks).")
@click.option("--variant", type=click.Choice(["scoperta", "briscolone", "libero"]),
              default="scoperta", show_default=True, help="The game of the puzzles.")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]), default=None,
              help="Keep only puzzles rated this difficulty.")
@click.option("--objective", type=click.Choice(["points", "win"]), default="points",
              show_default=True)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--id-prefix", default=None, help="Puzzle ids are PREFIX001, PREFIX002... (default g<seed>-).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of standard output.")
@click.option("--force", is_flag=True, help="Overwrite --out if it exists.")
@cluster_options(log=False)
def puzzles_generate(count, talon, variant, difficulty, objective, seed, id_prefix, out, force,
                     cluster, workers):
    """Generate random endgame puzzles with exactly one best card and a real margin
    (4 points, or 0.25 for --objective win), rated by measured difficulty.

    Progress goes to standard error; Ctrl-C stops and keeps the puzzles found so far
    (exit code 130).

    \b
    Example:
      briscola puzzles generate --count 20 --seed 1 --out new.jsonl
      briscola puzzles generate --count 5 --variant briscolone
      briscola puzzles generate --count 50 --talon 2 --difficulty hard --cluster
    """
    from solver.puzzles import generate
    check_output(out, force, "--out")
    last = [time.monotonic()]

    def progress(found, tried):
        now = time.monotonic()
        if now - last[0] >= 1.0:
            last[0] = now
            click.echo(f"found {found}/{count} puzzles in {tried} positions", err=True)

    found = []
    interrupted = False
    try:
        with client_for(cluster, workers) as client:
            for p in generate(count, seed, None if talon is None else int(talon), difficulty,
                              objective, id_prefix=id_prefix, progress=progress, variant=variant,
                              evaluate_many=_on(client)):
                found.append(p)
                if not out:
                    click.echo(p.to_line())
    except KeyboardInterrupt:
        interrupted = True
    if out:
        where = save_text(out, "".join(p.to_line() + "\n" for p in found))
        if where != out and not interrupted:
            sys.exit(1)
    if interrupted:
        click.echo(f"interrupted: {len(found)} puzzle(s) kept", err=True)
        sys.exit(130)
    if len(found) < count:
        click.echo(f"only {len(found)} puzzle(s) found; try another seed or fewer filters", err=True)


def _on(client):
    """evaluate_many for generate: the candidates' evaluations on the cluster, in order."""
    if client is None:
        return None
    from solver import cluster as cl
    from solver.puzzles import evaluate

    def many(args):
        got = dict(cl.run(evaluate, dict(enumerate(args)), client))
        return [got[i] for i in range(len(args))]
    return many


def board_text(pos, lang: str) -> str:
    """A plain drawing of the position (the hands, the table, the talon, the score)."""
    from solver.explain import is_game
    if is_game(pos):
        return _game_board(pos, lang)
    try:
        from solver.render import render
    except ImportError:
        render = None
    if render is not None:
        return render(pos, lang=lang)
    from solver.cards import SUIT_NAMES_EN, SUIT_NAMES_IT, format_mask
    suits = SUIT_NAMES_IT if lang == "it" else SUIT_NAMES_EN
    m = lambda key, **kw: message(lang, key, **kw)  # noqa: E731
    lines = [m("board.trump", card=card_str(pos.briscola), suit=suits[pos.trump_suit])]
    n = pos.talon_size
    if n == 0:
        lines.append(m("board.talon.empty"))
    elif n == 2:
        lines.append(m("board.talon.last", top=card_str(pos.top), brisc=card_str(pos.briscola)))
    else:
        lines.append(m("board.talon.n", n=n, top=card_str(pos.top)))
    for p in (0, 1):
        you = m("board.you") if p == pos.turn else ""
        lines.append(m("board.hand", n=p + 1, you=you,
                       cards=format_mask(pos.hand(p)).replace(",", " ")))
    if pos.table >= 0:
        lines.append(m("board.table", card=card_str(pos.table), n=pos.leader + 1))
    if pos.score is not None:
        lines.append(m("board.score", a=pos.score[0], b=pos.score[1]))
    return "\n".join(lines)


def _game_board(pos, lang: str) -> str:
    """board_text for a Briscolone/Libero endgame: no trump, no talon."""
    from solver.cards import format_mask
    m = lambda key, **kw: message(lang, key, **kw)  # noqa: E731
    lines = [m("board.variant", name=pos.rules.title) + "; " + m("board.rules." + pos.variant),
             m("board.talon.empty")]
    for p in (0, 1):
        you = m("board.you") if p == pos.turn else ""
        lines.append(m("board.hand", n=p + 1, you=you,
                       cards=format_mask(pos.hands[p]).replace(",", " ")))
    if pos.table:
        lines.append(m("board.table", card=card_str(pos.table[0]), n=pos.leader + 1))
    if pos.score is not None:
        lines.append(m("board.score", a=pos.score[0], b=pos.score[1]))
    return "\n".join(lines)


@puzzles.command("play")
@click.argument("file", required=False)
@click.option("--lang", type=LANG, default="en", show_default=True)
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]), default=None,
              help="Only puzzles of this difficulty.")
@click.option("--variant", type=click.Choice(["scoperta", "briscolone"]), default="scoperta",
              show_default=True, help="Which bundled set to play (without FILE).")
def puzzles_play(file, lang, difficulty, variant):
    """A quiz in the terminal: find the best card of each puzzle (default: the bundled set).

    Type a card (AD, 3c, 10b...); "q" quits; the end of input stops with the score.

    \b
    Example:
      briscola puzzles play --lang it --difficulty hard
      briscola puzzles play --variant briscolone
    """
    from fractions import Fraction

    from solver.analysis import analyse
    from solver.puzzles import bundled_lines, format_answer, parse_value, read_puzzles, title_text
    ps = read_puzzles(_read_text(file).splitlines() if file else bundled_lines(variant))
    if difficulty:
        ps = [p for p in ps if p.difficulty == difficulty]
    stdin = sys.stdin
    m = lambda key, **kw: message(lang, key, **kw)  # noqa: E731
    right = done = 0
    quit_ = False
    for i, p in enumerate(ps, 1):
        pos = p.position
        click.echo(m("play.header", i=i, n=len(ps), difficulty=m("diff." + p.difficulty),
                     title=title_text(p.title, lang)))
        click.echo(board_text(pos, lang))
        goal = m("play.goal.win") if p.objective == "win" else ""
        click.echo(m("play.question." + p.question, n=pos.turn + 1, goal=goal))
        a = analyse(pos, p.objective)
        while True:
            click.echo(m("play.ask." + p.question), nl=False)
            line = stdin.readline()
            if not line:
                click.echo("")
                quit_ = True
                break
            text = line.strip()
            if text.lower() in ("q", "quit", "exit"):
                quit_ = True
                break
            if p.question == "best":
                try:
                    c = parse_card(text)
                except CardError:
                    c = -1
                if c < 0 or c not in pos.legal_cards():
                    click.echo(m("play.bad_card", text=text,
                                 cards=" ".join(card_str(x) for x in pos.legal_cards())))
                    continue
                ok = c in a.best
                answer = format_answer(tuple(a.best))
            else:
                try:
                    v = parse_value(text)
                except ValueError:
                    click.echo(m("play.bad_value", text=text))
                    continue
                ok = a.exact and v == a.value_exact
                answer = format_answer(Fraction(a.value_exact))
            break
        if quit_:
            break
        done += 1
        right += ok
        click.echo(m("play.right") if ok else m("play.wrong", answer=answer))
        click.echo(render_text(explain_position(pos, p.objective), lang))
        click.echo(m("play.score", right=right, done=done))
        click.echo("")
    click.echo(m("play.bye", right=right, done=done))


COMMANDS = [explain, puzzles]
