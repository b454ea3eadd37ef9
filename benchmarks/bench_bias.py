"""Does an early seat estimate favour leading a high card? Two measurements of one seat's
position, both counted by samples or deals, never by time.

``depth``: the same sampled opponent hands and talon orders (one order a hand, as the
estimator draws them) searched by several methods: 4 tricks deep with the fitted leaf (what
ships), 4 deep splitting the rest evenly, 6 and 8 deep, and to the end. Every method is
clairvoyant (both hands and the order seen), so they differ only by the horizon and the
leaf. Prints each card's mean and each card's paired gap from the first card given.

``rollout``: the same sampled deals played to the end by seat agents (which never see a
hidden hand or the talon order), each deal once for every first card given, that card
forced: the mean final margin of the seat for each, paired by deal. Where the clairvoyant
methods and the rollouts rank the cards differently, the clairvoyance of the samples is at
work, not the horizon.

    P="variant=classic hand1=3C,AS,2B hand2=? briscola=RD turn=1"
    python benchmarks/bench_bias.py depth "$P" --hands 600 --cards 3C,AS,2B --out D.jsonl
    python benchmarks/bench_bias.py rollout "$P" --deals 600 --cards 3C,AS,2B --tricks 1 \
        --out R.jsonl
    python benchmarks/bench_bias.py combine D.jsonl R.jsonl --cards 3C,AS,2B

``rollout --tricks N`` plays N tricks with the agents, then solves the rest clairvoyantly on
the deal's own order; ``combine`` subtracts, deal by deal, the clairvoyant solve of the same
deal from the start (``depth --methods 0``): what the first tricks' play without sight costs
each card, the deal's luck cancelled, added to the full solves' gap it estimates the gap
under play that does not see the hidden cards for N tricks.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import replace

os.environ.setdefault("BRISCOLA_THREADS", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from solver.analysis import driver  # noqa: E402
from solver.analysis.sampling import horizon_alive, sample_order  # noqa: E402
from solver.cards import card_str, parse_card_id  # noqa: E402
from solver.game import from_position, play, to_position  # noqa: E402
from solver.players.agents import get_agent  # noqa: E402
import solver.players.engine_agent  # noqa: E402,F401  (registers engine names)
from solver.position.parse import parse_position  # noqa: E402


def sampled_deals(sp, count: int, seed: int):
    """``count`` (open position, talon order) pairs: a hand with its chance, one order each."""
    rng = random.Random(seed)
    draw = sp.hand_sampler(rng)[0]
    for _ in range(count):
        pos = sp.with_hand(draw())
        yield pos, sample_order(pos, rng)


def method_values(pos, order, method: str, cards) -> list[float]:
    """Per-card values of one clairvoyant deal: ``method`` is the tricks deep (0: to the
    end), with an ``e`` when the points past the horizon are split evenly."""
    even = method.endswith("e")
    tricks = int(method.rstrip("e"))
    g = replace(pos, talon_order=order)
    s = driver.Search(g, "points", horizon=horizon_alive(g, tricks), use_leaf=not even)
    return [float(s.fraction(s.move_value(c, quiet=True))) for c in cards]


def summary(name: str, rows: np.ndarray, cards) -> str:
    """Means per card, and paired gaps from the first card with their 95 % half-widths."""
    n = len(rows)
    out = [f"{name:>6} n={n}:"]
    for j, c in enumerate(cards):
        out.append(f"{card_str(c)} {rows[:, j].mean():+7.2f}")
    for j in range(1, len(cards)):
        d = rows[:, 0] - rows[:, j]
        out.append(f"| {card_str(cards[0])}-{card_str(cards[j])} {d.mean():+6.2f} "
                   f"±{1.96 * d.std(ddof=1) / n ** 0.5:.2f}")
    return " ".join(out)


def cmd_depth(args) -> None:
    sp = parse_position(args.position)
    cards = order_cards(sp, args.cards)
    methods = args.methods.split(",")
    vals = {m: [] for m in methods}
    t = time.perf_counter()
    out = open(args.out, "x") if args.out else None
    for i, (pos, order) in enumerate(sampled_deals(sp, args.hands, args.seed)):
        row = {"hand": pos.hands[sp.opponent], "order": list(order)}
        for m in methods:
            v = method_values(pos, order, m, cards)
            vals[m].append(v)
            row[m] = v
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if (i + 1) % 20 == 0:
            print(f"  {i + 1} hands, {time.perf_counter() - t:.0f} s", file=sys.stderr, flush=True)
    for m in methods:
        print(summary(m, np.array(vals[m]), cards))


def order_cards(sp, given: str | None) -> list[int]:
    legal = list(sp.legal_cards())
    if not given:
        return legal
    cards = [parse_card_id(x) for x in given.split(",")]
    if any(c not in legal for c in cards):
        names = ", ".join(map(card_str, legal))
        raise SystemExit(f"--cards: give legal cards of the seat ({names})")
    return cards


def rest(st, seat: int) -> float:
    """The seat's exact clairvoyant value of the points still to win (0 once over)."""
    if st.is_over:
        return 0.0
    g = to_position(st, clairvoyant=True)
    s = driver.Search(g, "points")
    v = max(float(s.fraction(s.move_value(c, quiet=True))) for c in g.legal_cards())
    return v if st.to_move == seat else -v


def cmd_rollout(args) -> None:
    sp = parse_position(args.position)
    cards = order_cards(sp, args.cards)
    rows = []
    t = time.perf_counter()
    out = open(args.out, "x") if args.out else None
    for i, (pos, order) in enumerate(sampled_deals(sp, args.deals, args.seed)):
        row = []
        for c in cards:
            st = play(from_position(pos, order), c)
            agents = [get_agent(args.agent), get_agent(args.agent)]
            rng = random.Random(f"{args.seed}/{i}")
            while not st.is_over and not (args.tricks and len(st.tricks) >= args.tricks
                                           and not st.trick):
                st = play(st, agents[st.to_move](st, rng))
            row.append(st.points[sp.seat] - st.points[sp.opponent] + rest(st, sp.seat))
        rows.append(row)
        if out:
            out.write(json.dumps({"index": i, "margins": row}) + "\n")
            out.flush()
        if (i + 1) % 10 == 0:
            print(f"  {i + 1} deals, {time.perf_counter() - t:.0f} s "
                  + summary("", np.array(rows, dtype=float), cards), file=sys.stderr, flush=True)
    print(summary(args.agent, np.array(rows, dtype=float), cards))


def cmd_combine(args) -> None:
    """The rollouts less the clairvoyant solve to the end of the same deals: what each first
    card loses to the clairvoyance of the samples (a control variate: the deal's luck, common
    to both, cancels), and that added to the full solves' gap over every hand solved."""
    depth = [json.loads(line) for line in open(args.depth)]
    roll = [json.loads(line) for line in open(args.rollout)]
    cards = [parse_card_id(c) for c in args.cards.split(",")]
    rolled = [parse_card_id(c) for c in (args.rollout_cards or args.cards).split(",")]
    cols = [rolled.index(c) for c in cards if c in rolled]
    full = np.array([r[args.method] for r in depth])
    margins = np.array([r["margins"] for r in roll], dtype=float)[:, cols]
    shown = [c for c in cards if c in rolled]
    full_shown = full[:, [cards.index(c) for c in shown]]
    lost = margins - full_shown[: len(margins)]
    print(summary("roll-full", lost, shown))
    print(summary("full", full, cards))
    print(summary("roll", margins, shown))
    out = ["  both:"]
    for j in range(1, len(shown)):
        g = full_shown[:, 0] - full_shown[:, j]
        d = lost[:, 0] - lost[:, j]
        half = 1.96 * (g.var(ddof=1) / len(g) + d.var(ddof=1) / len(d)) ** 0.5
        out.append(f"{card_str(shown[0])}-{card_str(shown[j])} {g.mean() + d.mean():+6.2f} "
                   f"±{half:.2f}")
    print(" ".join(out))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("depth", help="one set of clairvoyant samples, several methods")
    r = sub.add_parser("rollout", help="sampled deals played out by seat agents, per first card")
    c = sub.add_parser("combine", help="rollouts less the full solves of the same deals")
    c.add_argument("depth", help="a depth --out file (run with --methods including 0)")
    c.add_argument("rollout", help="a rollout --out file of the same position, seed and cards")
    c.add_argument("--cards", required=True, help="the cards of both files, in their order")
    c.add_argument("--rollout-cards", help="the rollout file's cards, if in another order")
    c.add_argument("--method", default="0")
    for p in (d, r):
        p.add_argument("position", help="a seat's view to move (the opponent's hand ?)")
        p.add_argument("--cards", help="the cards compared, the first the reference (default: "
                                       "every legal card)")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--out", help="a new JSON-lines file: each hand's or deal's values")
    d.add_argument("--hands", type=int, default=200)
    d.add_argument("--methods", default="4,4e,6,8,0",
                   help="tricks deep (0: to the end), 'e' for the even split past them")
    r.add_argument("--deals", type=int, default=100)
    r.add_argument("--agent", default="engine@100", help="the seat agent of both sides")
    r.add_argument("--tricks", type=int, default=0,
                   help="play this many tricks (the forced card's included), then solve the "
                        "rest clairvoyantly to the end (0: play to the end)")
    args = ap.parse_args(argv)
    if args.cmd == "combine":
        return cmd_combine(args)
    driver.ready()
    {"depth": cmd_depth, "rollout": cmd_rollout}[args.cmd](args)


if __name__ == "__main__":
    main()
