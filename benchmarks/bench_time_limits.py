"""Is a time limit kept? The wall time of one decision against its limit, in every game and
stage, after a warm-up (kernels loaded and a first table made, as `analyse` keeps both off
the clock):

    python benchmarks/bench_time_limits.py                     # the analyses, 0.1 and 0.5 s
    python benchmarks/bench_time_limits.py --agents --review   # and the agents, the review
    python benchmarks/bench_time_limits.py --quick             # one deal a game, 0.1 s
    python benchmarks/bench_time_limits.py --explain --play    # explain, play's hints and levels

Positions are moments of seeded deals played at random to each stage (talon size), some
mid-trick; open positions and, in the hidden-card games, the seat's view; the win
objective where the position has a score. A row is "over" when its worst decision took
more than 1.5x the limit + 50 ms (on a shared machine, rerun such a row before believing
it). The review row is `briscola play`'s review of a deal (greedy against random), whose
card followed by a draw is judged at three positions: its time a card is up to 3x the
limit, and "over" past 1.5x that.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench_calibration import machine  # noqa: E402
from cli.cmd_play import hint_text  # noqa: E402
from solver.analysis import Limit, driver  # noqa: E402
from solver.analysis.engine import Engine  # noqa: E402
from solver.errors import BriscolaError  # noqa: E402
from solver.explain import explain_position  # noqa: E402
from solver.game import deal, to_position  # noqa: E402
from solver.players.agents import get_agent  # noqa: E402
from solver.players.levels import choose_move  # noqa: E402
from solver.review import review_states  # noqa: E402

STAGES = {
    "scoperta": [34, 14, 12, 10, 8, 2, 0],
    "scoperta4": [24, 16, 12, 8, 4, 0],
    "classic": [34, 14, 12, 10, 8, 2, 0],
    "briscolone": [30, 14, 12, 10, 8, 0],
    "libero": [34, 14, 12, 10, 8, 2, 0],
}
AGENTS = ("engine", "engine-win", "engine-plain", "engine-pimc")


def moments(variant: str, seed: int):
    """(talon size, state) at each stage of one seeded deal played at random."""
    g, rng, want = deal(variant, seed=seed), random.Random(seed), list(STAGES[variant])
    while not g.is_over and want:
        if g.talon_size <= want[0]:
            yield want.pop(0), g
            continue
        g = g.play(rng.choice(g.legal_cards()))
        if g.trick and rng.random() < 0.3 and want and g.talon_size <= want[0]:
            yield want.pop(0), g  # mid-trick


def cases(deals: int):
    """(row, position, objective) of every view and objective of every moment."""
    for variant in STAGES:
        for seed in range(1, deals + 1):
            for _, g in moments(variant, seed):
                views = [("open", to_position(g))]
                if not variant.startswith("scoperta"):
                    views.append(("seat", g.view()))
                for view, pos in views:
                    for objective in ("points", "win"):
                        if objective == "points" or pos.score is not None:
                            yield f"{variant} {view} {objective}", pos, objective


def row(name: str, limit: float, times: list[float], allowed: float = 1.0) -> str:
    """A table row; "over" past 1.5x the ``allowed`` multiple of the limit + 50 ms."""
    worst = max(times)
    over = " over" if worst > 1.5 * allowed * limit + 0.05 else ""
    return (
        f"| {name} | {limit:g} | {len(times)} | {statistics.median(times):.3f} | {worst:.3f} "
        f"| {worst / limit:.2f}{over} |"
    )


def analyses(limits: list[float], deals: int) -> None:
    eng = Engine()
    todo = list(cases(deals))
    eng.ready(None)
    warm = set()
    for name, pos, objective in todo:  # a first call of each kind, every first table made
        driver.ready_table(eng.workspace, pos)
        if name not in warm:
            warm.add(name)
            eng.analyse(pos, objective, limit=Limit(time=0.05), progress=False)
    print("| analyses (Engine.analyse, Limit(time=L)) | L s | positions | median s | worst s "
          "| worst / L |")
    print("|---|---:|---:|---:|---:|---:|")
    for limit in limits:
        by = defaultdict(list)
        for name, pos, objective in todo:
            t0 = time.perf_counter()
            eng.analyse(pos, objective, limit=Limit(time=limit), progress=False)
            by[name].append(time.perf_counter() - t0)
        for name, times in by.items():
            print(row(name, limit, times), flush=True)


def agents(limit: float, deals: int) -> None:
    print("\n| agent decisions, whole deals | L s | decisions | median s | worst s | worst / L |")
    print("|---|---:|---:|---:|---:|---:|")
    for base in AGENTS:
        agent = get_agent(f"{base}:{limit:g}")
        for variant in STAGES:
            times = []
            for seed in range(deals + 1):  # seed 0 warms up
                g, rng = deal(variant, seed=seed), random.Random(seed)
                while not g.is_over:
                    t0 = time.perf_counter()
                    card = agent.choose(g.view(), rng)
                    if seed:
                        times.append(time.perf_counter() - t0)
                    g = g.play(card)
            print(row(f"{base} {variant}", limit, times), flush=True)


def reviews(limit: float, deals: int) -> None:
    print("\n| review of player 1's cards (play's review) | L s | cards | median s | worst s "
          "| worst / L |")
    print("|---|---:|---:|---:|---:|---:|")
    players = [get_agent("greedy"), get_agent("random")]
    for variant in ("scoperta", "classic", "briscolone", "libero"):
        times: list[float] = []
        for seed in range(1, deals + 1):
            start = g = deal(variant, seed=seed)
            rng = random.Random(seed)
            while not g.is_over:
                g = g.play(players[g.to_move % 2].choose(g.view(), rng))
            stamps = [time.perf_counter()]

            def stamp(*_, stamps=stamps):
                stamps.append(time.perf_counter())
            review_states([(start, g.moves)], time_limit=limit, players=(0,), progress=stamp)
            times += [b - a for a, b in zip(stamps, stamps[1:], strict=False)]
        print(row(f"review {variant}", limit, times, allowed=3.0), flush=True)


def explains(limits: list[float], deals: int) -> None:
    """`explain --time-limit L` (explain_position) on the open 2-player moments it explains."""
    print("\n| explain_position(pos, objective, L) | L s | positions | median s | worst s "
          "| worst / L |")
    print("|---|---:|---:|---:|---:|---:|")
    todo = []
    for name, pos, objective in cases(deals):
        if " open " in name and not name.startswith("scoperta4"):
            driver.ready_table(driver.current(), pos)  # its first table, as analyses'
            try:
                explain_position(pos, objective, 0.05)
            except BriscolaError:
                continue
            todo.append((name.split()[0], pos, objective))
    for limit in limits:
        by = defaultdict(list)
        for name, pos, objective in todo:
            t0 = time.perf_counter()
            explain_position(pos, objective, limit)
            by[name].append(time.perf_counter() - t0)
        for name, times in by.items():
            print(row(f"explain {name}", limit, times), flush=True)


def plays(limits: list[float], deals: int) -> None:
    """`briscola play` in scoperta: the hint (the whole time) and the engine's card at
    levels hard (a quarter of it) and perfect, at every decision of seeded random deals."""
    print("\n| play (scoperta), time a move T | T s | decisions | median s | worst s "
          "| worst / its time |")
    print("|---|---:|---:|---:|---:|---:|")
    g, rng = deal("scoperta", seed=0), random.Random(0)
    hint_text(g, 0.05, "en")  # the default engine's kernels loaded and its first tables
    while not g.is_over:  # made, off the count (as the analyses' warm-up)
        driver.ready_table(driver.current(), to_position(g))
        g = g.play(rng.choice(g.legal_cards()))
    for limit in limits:
        by = defaultdict(list)
        for seed in range(1, deals + 1):
            g, rng = deal("scoperta", seed=seed), random.Random(seed)
            while not g.is_over:
                for name in ("hint", "level hard", "level perfect"):
                    t0 = time.perf_counter()
                    if name == "hint":
                        hint_text(g, limit, "en")
                    else:
                        choose_move(g, name.split()[1], limit, random.Random(0))
                    by[name].append(time.perf_counter() - t0)
                g = g.play(rng.choice(g.legal_cards()))
        for name, times in by.items():
            own = max(0.02, limit / 4) if name == "level hard" else limit
            print(row(f"{name}", own, times), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limits", default="0.1,0.5", help="time limits in seconds")
    ap.add_argument("--deals", type=int, default=2, help="seeded deals a game")
    ap.add_argument("--agents", action="store_true", help="also the engine agents' decisions")
    ap.add_argument("--review", action="store_true", help="also play's review (0.5 s a position)")
    ap.add_argument("--quick", action="store_true", help="one deal a game, 0.1 s only")
    ap.add_argument("--explain", action="store_true", help="also explain_position")
    ap.add_argument("--play", action="store_true", help="also play's hints and levels")
    ap.add_argument("--only-extra", action="store_true", help="skip the analyses' table")
    args = ap.parse_args()
    limits = [0.1] if args.quick else [float(x) for x in args.limits.split(",")]
    deals = 1 if args.quick else args.deals
    print(f"machine: {machine()}\n")
    if not args.only_extra:
        analyses(limits, deals)
    if args.explain:
        explains(limits, deals)
    if args.play:
        plays(limits, deals)
    if args.agents:
        agents(min(limits), deals)
    if args.review:
        reviews(0.5, deals)


if __name__ == "__main__":
    main()
