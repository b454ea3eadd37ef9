"""`briscola deal`, `simulate` and `replay`: whole games of every variant."""

from __future__ import annotations

import json
import sys
import time

import click

from cli.options import (
    SEED,
    check_output,
    count,
    lang_now,
    lang_option,
    notes_held,
    record_text,
    save_text,
)
from cli.run_limit import limited, time_limit_option
from solver.analysis import check_stop
from solver.errors import BriscolaError
from solver.players.agents import agent_name, seat_agents
from solver.players.external import BotError, close_bots
from solver.players.series import Tally, play_series
from solver.cards import card_str
from solver.i18n import agree, command_text, game_title, num
from solver.game import DEFAULT_TARGET, deal as deal_game, describe_deal, fresh_seed, to_position
from solver.record import deal_record, match_record, read_records, records_text, replay_all
from solver.rules import VARIANTS, get_variant


VARIANT_HELP = f"game: {', '.join(VARIANTS)}"


def _seed(seed):
    return fresh_seed() if seed is None else seed


@click.command()
@click.option("--variant", "-v", default="scoperta", show_default=True, help=VARIANT_HELP)
@click.option("--seed", "-s", type=SEED, default=None, help="shuffle seed (random when omitted)")
@click.option(
    "--dealer",
    type=count(1, 4, "range.player"),
    default=None,
    help="dealer's player number (default: the last player, so player 1 leads)",
)
@click.option(
    "--json", "as_json", is_flag=True, help="print the deal as a game record with no moves"
)
@lang_option
def deal(variant, seed, dealer, as_json):
    """Shuffle and deal one game.

    Briscola scoperta, two-player and four-player (scoperta4), prints the starting position
    in the position notation, as analyse and explain read it; the other games print hands,
    trump card and talon.

    \b
    Example:
      briscola deal --variant scoperta --seed 7
      briscola deal --variant scoperta4 --seed 7 | briscola show -
      briscola deal --variant briscolone --seed 7 --json
    """
    v = get_variant(variant)
    if dealer is not None and not 1 <= dealer <= v.players:
        raise BriscolaError.of("games.dealer", players=v.players)
    seed = _seed(seed)
    state = deal_game(v, seed, None if dealer is None else dealer - 1)
    if as_json:
        click.echo(json.dumps(deal_record(state, seed=seed), indent=1))
    elif v.name in ("scoperta", "scoperta4"):  # every hand open: the position is the deal
        click.echo(to_position(state).to_text())
    else:
        click.echo(describe_deal(state, lang_now()))


@click.command()
@click.option("--variant", "-v", default="scoperta", show_default=True, help=VARIANT_HELP)
@click.option(
    "--games",
    "-n",
    type=count(1, 10_000_000),
    default=100,
    show_default=True,
    help="deals to play (matches with --match, always for Briscolone)",
)
@click.option(
    "--agents",
    "-a",
    default="greedy,random",
    show_default=True,
    help="side 1 and side 2 agents, comma separated (one name: both sides)",
)
@click.option(
    "--seed", "-s", type=SEED, default=None, help="seed of the whole run (random when omitted)"
)
@click.option(
    "--match",
    "matches",
    is_flag=True,
    help="play whole matches: segni (classic), rounds (scoperta), points (Briscolone)",
)
@click.option(
    "--target",
    type=count(1, 10_000),
    default=None,
    help="match length: segni to win, rounds to play, points to reach (Briscolone: 121 or 151)",
)
@click.option(
    "--record-out",
    type=click.Path(dir_okay=False),
    default=None,
    help="write every game's record here (JSON Lines, one record per game)",
)
@click.option("--force", is_flag=True, help="overwrite --record-out if it exists")
@time_limit_option
@lang_option
def simulate(variant, games, agents, seed, matches, target, record_out, force, run_limit):
    """Play agents against each other and report the results per side.

    Sides swap the deal every game. Briscolone and Briscolone Libero are always played as
    matches to --target points: 121 (the default) or 151. Ctrl-C reports the games
    finished so far and writes their records (exit code 130); so does --time-limit, with
    exit code 0, and a bot that fails, before its error (exit code 2).

    \b
    Example:
      briscola simulate --variant scoperta --games 1000 --agents greedy,random --seed 1
      briscola simulate --variant briscolone --games 50 --target 151 --record-out games.jsonl
      briscola simulate --agents engine:0.1,greedy --games 1000 --time-limit 300
    """
    v = get_variant(variant)
    if games < 1:
        raise BriscolaError.of("games.games", games=games)
    if target is not None and target < 1:
        raise BriscolaError.of("games.target", target=target)
    check_output(record_out, force, "--record-out")
    seats = seat_agents(agents, v.players)
    names = [agent_name(a) for a in seats]
    sides = ["+".join(dict.fromkeys(names[s::2])) for s in (0, 1)]
    seed = _seed(seed)
    as_match = matches or v.match == "points"
    records = []
    t = Tally()
    lang = lang_now()

    def say(key: str, **kw) -> str:
        return command_text(lang, key, **kw)

    unit = say("simulate.matches" if as_match else "simulate.deals")
    done, t0 = 0, time.monotonic()
    last = t0
    failed = None
    with limited(run_limit) as stop:
        try:
            try:
                for game_seed, game in play_series(v, seats, games, seed, as_match, target):
                    t.add(game)
                    done += 1
                    if record_out:
                        record = match_record if as_match else deal_record
                        records.append(record(game, seed=game_seed, players=names))
                    now = time.monotonic()
                    if now - last >= PROGRESS_EVERY and done < games:
                        last = now
                        seconds = num(now - t0, ".0f", lang)
                        click.echo(
                            say(
                                "simulate.progress",
                                done=done,
                                total=games,
                                unit=unit,
                                seconds=seconds,
                            ),
                            err=True,
                        )
                    if done < games:
                        check_stop()
            finally:
                close_bots(seats)  # quit to each bot: Ctrl-C meanwhile kills them at once
        except KeyboardInterrupt:  # Ctrl-C or the time limit: the games played so far answer
            if not done and not stop.is_set():
                raise
        except BotError as e:  # so do they when a bot fails, then its error
            if not done:
                raise
            failed = e
    stopped = done < games
    timed_out = stopped and stop.is_set() and failed is None
    if not done:  # the time limit before the first game ended: nothing to report
        click.echo(say("simulate.none_limit"), err=True)
        sys.exit(1)
    key = "simulate.head_limit" if timed_out else "simulate.head_stopped"
    if failed is not None:
        key = "simulate.head_bot"
    head = say(
        key if stopped else "simulate.head",
        title=game_title(v, lang),
        done=done,
        unit=unit,
        total=games,
    )
    head += say("simulate.seed", seed=seed)
    if as_match:
        tgt = target if target is not None else DEFAULT_TARGET[v.match]
        kind = say(f"simulate.kind.{v.match}")
        head += say("simulate.target", kind=kind, target=tgt, deals=t.deals)
    click.echo(agree(head, lang))
    teams = v.players == 4
    for s in (0, 1):
        line = say(
            "simulate.team" if teams else "simulate.side",
            s=f"{s + 1}+{s + 3}" if teams else s + 1,
            names=sides[s],
            wins=t.wins[s],
            draws=t.draws,
            losses=t.wins[1 - s],
            mean=num(t.points[s] / t.deals, ".2f", lang),
        )
        click.echo(agree(line, lang))
    if as_match:
        won = t.results
        key = "simulate.deals_won_teams" if teams else "simulate.deals_won"
        click.echo(say(key, a=won[1], b=won[-1], drawn=won[0]))
        if v.match == "points":
            x, y = (num(t.points[i] / done, ".1f", lang) for i in (0, 1))
            click.echo(say("simulate.totals", a=t.points[0], b=t.points[1], x=x, y=y))
    if record_out:
        where = save_text(record_out, records_text(records), force)
        click.echo(agree(say("simulate.wrote", n=len(records), where=where), lang))
        if where != record_out and failed is None:
            sys.exit(1)
    if failed is not None:
        raise failed
    if timed_out:
        click.echo(say("time_limit", seconds=num(run_limit, "g", lang)), err=True)
    elif stopped:
        click.echo(say("interrupted"), err=True)
        sys.exit(130)


#: seconds between simulate's progress lines on stderr
PROGRESS_EVERY = 2.0


def _summary(state, title: str, lang: str = "en") -> list[str]:
    """A deal trick by trick and its result, in ``lang``. A deal continued from a position
    (no deck) has no dealer, and its points are those won from the start on: who won the
    deal is known only where the start gave the score so far."""

    def say(key: str, **kw) -> str:
        return command_text(lang, key, **kw)

    def who(seat: int) -> str:
        return say("games.who", n=seat + 1)

    v = state.variant
    trump = say("games.briscola", card=card_str(state.briscola)) if v.has_trump else None
    origin = (
        say("games.from_position")
        if state.deck is None
        else say("games.dealer", dealer=state.dealer + 1)
    )
    lines = [f"{title}{game_title(v, lang)}: {origin}, {trump or say('games.no_trump')}"]
    n = v.players
    for i, t in enumerate(state.tricks, 1):
        plays = ", ".join(f"{who((t.leader + k) % n)} {card_str(c)}" for k, c in enumerate(t.cards))
        line = say("games.trick", i=i, plays=plays, who=who(t.winner), points=t.points)
        if t.draws:
            line += say("games.draws") + ", ".join(
                f"{who((t.winner + k) % n)} {card_str(c)}" for k, c in enumerate(t.draws)
            )
        lines.append(line)
    a, b = state.side_points
    res = say("games.draw") if state.result == 0 else _winner_words(state.result > 0, n, lang)
    moves = agree(say("games.moves", n=len(state.moves)), lang)
    if state.deck is not None:
        lines.append(
            say("games.result", a=a, b=b, result=res)
            if state.is_over
            else say("games.unfinished", moves=moves, a=a, b=b)
        )
        return lines
    won = state.won_since_start
    gained = say("games.won_since", a=won[0], b=won[1])
    if state.score is None:
        known = say("games.no_score")
    else:
        known = (
            say("games.final_score", a=a, b=b, result=res)
            if state.is_over
            else say("games.score", a=a, b=b)
        )
    head = say("games.head_result") if state.is_over else say("games.head_unfinished", moves=moves)
    lines.append(say("games.since", head=head, gained=gained, known=known))
    return lines


def _winner_words(first: bool, players: int, lang: str) -> str:
    """Who won, said as the game has it: side 1 or 2, or with four players the team of
    players 1 and 3 or of 2 and 4 (as explain and the board name them)."""
    if players == 4:
        return command_text(lang, "games.team_wins", team="1+3" if first else "2+4")
    return command_text(lang, "games.side_wins", n=1 if first else 2)


@click.command()
@click.argument("record", metavar="RECORD")
@lang_option
def replay(record):
    """Replay a game record, checking every move and the stated result.

    RECORD is a JSON record (as written by `deal --json` or `simulate --record-out`), or a
    JSON Lines file of records ("-": standard input).

    \b
    Example:
      briscola simulate --variant classic --games 3 --seed 5 --record-out games.jsonl
      briscola replay games.jsonl
    """
    lang = lang_now()
    with notes_held() as warn:  # a record replay_all refuses is the one line
        name, text = record_text(record)
        _replay(read_records(name, warn, text), lang)


def _replay(recs: list, lang: str) -> None:
    for r_i, rec in enumerate(recs, 1):
        states = replay_all(rec)
        many = len(states) > 1 or "deals" in rec
        for d_i, st in enumerate(states, 1):
            where = []
            if len(recs) > 1:
                where.append(command_text(lang, "games.record", n=r_i))
            if many:
                where.append(command_text(lang, "games.deal", n=d_i))
            prefix = f"[{' '.join(where)}] " if where else ""
            for line in _summary(st, prefix, lang):
                click.echo(line)
        if "deals" in rec and states:
            res = rec.get("result") or {}
            pts = res.get("points")
            if pts:
                w = res.get("winner")
                winner = (
                    _winner_words(w == 1, states[0].players, lang)
                    if w
                    else command_text(lang, "games.no_winner")
                )
                wins = res.get("wins")
                if wins and (rec.get("match") or {}).get("rule") != "points":
                    # segni and rounds are won by deals, not by the points added up
                    line = command_text(
                        lang,
                        "games.match_deals",
                        w1=wins[0],
                        w2=wins[1],
                        a=pts[0],
                        b=pts[1],
                        winner=winner,
                    )
                else:
                    line = command_text(lang, "games.match", a=pts[0], b=pts[1], winner=winner)
                click.echo(line)


COMMANDS = [deal, simulate, replay]
