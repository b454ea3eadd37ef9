"""`briscola deal`, `simulate` and `replay`: whole games of every variant."""

from __future__ import annotations

import json
import random
import sys
import time

import click

from cli.options import SEED, check_output, count, note, save_text
from solver.errors import BriscolaError
from solver.players.agents import agent_name, seat_agents
from solver.players.series import Tally, play_series
from solver.cards import card_str
from solver.i18n import agree
from solver.game import DEFAULT_TARGET, deal as deal_game, describe_deal, to_position
from solver.record import deal_record, match_record, read_records, records_text, replay_all
from solver.rules import VARIANTS, get_variant


VARIANT_HELP = f"game: {', '.join(VARIANTS)}"


def _seed(seed):
    return random.SystemRandom().randrange(2**31) if seed is None else seed


@click.command()
@click.option("--variant", "-v", default="scoperta", show_default=True, help=VARIANT_HELP)
@click.option("--seed", "-s", type=SEED, default=None, help="shuffle seed (random when omitted)")
@click.option(
    "--dealer",
    type=count(1, 4, "a player number"),
    default=None,
    help="dealer's player number (default: the last player, so player 1 leads)",
)
@click.option(
    "--json", "as_json", is_flag=True, help="print the deal as a game record with no moves"
)
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
        click.echo(describe_deal(state))


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
def simulate(variant, games, agents, seed, matches, target, record_out, force):
    """Play agents against each other and report the results per side.

    Sides swap the deal every game. Briscolone and Briscolone Libero are always played as
    matches to --target points: 121 (the default) or 151.

    \b
    Example:
      briscola simulate --variant scoperta --games 1000 --agents greedy,random --seed 1
      briscola simulate --variant briscolone --games 50 --target 151 --record-out games.jsonl
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
    unit = "matches" if as_match else "deals"
    done, t0 = 0, time.monotonic()
    last = t0
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
                click.echo(f"simulate: {done}/{games} {unit}, {now - t0:.0f} s", err=True)
    except KeyboardInterrupt:  # the games played so far are the answer, said as such
        if not done:
            raise
    stopped = done < games
    head = f"{v.title}: {done} {unit}" + (f" of {games} (interrupted)" if stopped else "")
    head += f", seed {seed}"
    if as_match:
        tgt = target if target is not None else DEFAULT_TARGET[v.match]
        head += f", {v.match} target {tgt}, {t.deals} deals"
    click.echo(agree(head, "en"))
    for s in (0, 1):
        click.echo(
            agree(
                f"side {s + 1} ({sides[s]}): {t.wins[s]} wins, {t.draws} draws, "
                f"{t.wins[1 - s]} losses, mean points per deal "
                f"{t.points[s] / t.deals:.2f}",
                "en",
            )
        )
    if as_match:
        click.echo(
            f"deals: side 1 won {t.results[1]}, side 2 won {t.results[-1]}, drawn {t.results[0]}"
        )
        if v.match == "points":
            click.echo(
                f"match totals: side 1 {t.points[0]} points, side 2 {t.points[1]} points "
                f"(mean per match {t.points[0] / done:.1f} - {t.points[1] / done:.1f})"
            )
    if record_out:
        where = save_text(record_out, records_text(records))
        click.echo(agree(f"wrote {len(records)} records to {where}", "en"))
        if where != record_out:
            sys.exit(1)
    if stopped:
        click.echo("interrupted", err=True)
        sys.exit(130)


#: seconds between simulate's progress lines on stderr
PROGRESS_EVERY = 2.0


def _who(seat: int) -> str:
    return f"P{seat + 1}"


def _moves(state) -> str:
    n = len(state.moves)
    return f"{n} move" if n == 1 else f"{n} moves"


def _summary(state, title: str) -> list[str]:
    """A deal trick by trick and its result. A deal continued from a position (no deck) has
    no dealer, and its points are those won from the start on: who won the deal is known
    only where the start gave the score so far."""
    v = state.variant
    trump = f"briscola {card_str(state.briscola)}" if v.has_trump else "no trump"
    origin = "from a position" if state.deck is None else f"dealer player {state.dealer + 1}"
    lines = [f"{title}{v.title}: {origin}, {trump}"]
    n = v.players
    for i, t in enumerate(state.tricks, 1):
        plays = ", ".join(
            f"{_who((t.leader + k) % n)} {card_str(c)}" for k, c in enumerate(t.cards)
        )
        line = f"trick {i:2d}: {plays} -> {_who(t.winner)} +{t.points}"
        if t.draws:
            line += "  draws: " + ", ".join(
                f"{_who((t.winner + k) % n)} {card_str(c)}" for k, c in enumerate(t.draws)
            )
        lines.append(line)
    a, b = state.side_points
    res = "draw 60-60" if state.result == 0 else f"side {1 if state.result > 0 else 2} wins"
    if state.deck is not None:
        lines.append(
            f"result: {a}-{b}, {res}"
            if state.is_over
            else f"unfinished after {_moves(state)}: {a}-{b}"
        )
        return lines
    won = state.won_since_start
    gained = f"{won[0]}-{won[1]} won from the start on"
    if state.score is None:
        known = "the start has no score: the final score is not known"
    else:
        known = f"final score {a}-{b}, {res}" if state.is_over else f"score {a}-{b}"
    head = "result" if state.is_over else f"unfinished after {_moves(state)}"
    lines.append(f"{head}: {gained}; {known}")
    return lines


@click.command()
@click.argument("record", metavar="RECORD")
def replay(record):
    """Replay a game record, checking every move and the stated result.

    RECORD is a JSON record (as written by `deal --json` or `simulate --record-out`), or a
    JSON Lines file of records.

    \b
    Example:
      briscola simulate --variant classic --games 3 --seed 5 --record-out games.jsonl
      briscola replay games.jsonl
    """
    recs = read_records(record, note)
    for r_i, rec in enumerate(recs, 1):
        states = replay_all(rec)
        many = len(states) > 1 or "deals" in rec
        for d_i, st in enumerate(states, 1):
            prefix = ""
            if len(recs) > 1:
                prefix += f"record {r_i} "
            if many:
                prefix += f"deal {d_i} "
            prefix = f"[{prefix.strip()}] " if prefix else ""
            for line in _summary(st, prefix):
                click.echo(line)
        if "deals" in rec and states:
            res = rec.get("result") or {}
            pts = res.get("points")
            if pts:
                w = res.get("winner")
                click.echo(f"match: {pts[0]}-{pts[1]}, " + (f"side {w} wins" if w else "no winner"))


COMMANDS = [deal, simulate, replay]
