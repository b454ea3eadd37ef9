"""Seeded scoperta positions with every card's exact value, for the estimator benchmarks and
the calibration of an estimate's interval (benchmarks/bench_calibration.py).

A set is a talon size, an objective and a seed; its positions are half leading, half
mid-trick, with a score. Each position is solved with an empty table (a value never rests
on entries left by another search) and appended as one JSON line, so a stopped run resumes
where it stopped:

    python benchmarks/exact_sets.py --talon 14 --seed 9014 --n 30

A seat's set (``--variant classic``, briscolone or libero) holds moments of played deals
seen from the seat to move, with ``--alive`` cards still in play, and the exact value of
the seat's information set: the mean, over every opponent hand consistent with what the
seat has seen (each weighted by its chance, as the engine weighs them), of that deal's exact
value:

    python benchmarks/exact_sets.py --variant classic --alive 8-14 --seed 9201 --n 30

A four-player set (``--variant scoperta4``) holds open moments of played deals (every
hand shown, the talon's order hidden) with ``--alive`` cards in play, and each card's exact
value over the draws:

    python benchmarks/exact_sets.py --variant scoperta4 --alive 17-20 --seed 9204 --n 30
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver.analysis.driver import exact_values, forget_tables  # noqa: E402
from solver.cards import card_str, parse_card, popcount  # noqa: E402
from solver.game import deal, legal_cards, play, to_position, to_seat_position  # noqa: E402
from solver.players.agents import GreedyAgent  # noqa: E402
from solver.position import parse_position  # noqa: E402
from solver.random_positions import random_position  # noqa: E402

MAX_HANDS = 800  # a seat's moment is kept when at most this many opponent hands are to check

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def set_path(talon: int, objective: str, seed: int) -> str:
    return os.path.join(DATA, "exact", f"t{talon}_{objective}_seed{seed}.jsonl")


def positions(talon: int, n: int, seed: int):
    """The set's positions: half leading, half mid-trick, with a score."""
    rng = random.Random(seed)
    return [random_position(rng, talon, mid_trick=bool(i % 2), with_score=True)
            for i in range(n)]


def seat_path(variant: str, alive: tuple[int, int], objective: str, seed: int) -> str:
    return os.path.join(DATA, "exact",
                        f"seat_{variant}_a{alive[0]}-{alive[1]}_{objective}_seed{seed}.jsonl")


def seat_moments(variant: str, alive: tuple[int, int], n: int, seed: int):
    """``n`` moments of deals played by greedy and random cards (a third of them random),
    each seen from the seat to move with a choice of cards and ``alive`` cards in play."""
    rng = random.Random(seed)
    greedy = GreedyAgent()
    out = []
    while len(out) < n:
        st = deal(variant, rng)
        stop = rng.randint(*alive)
        while not st.is_over:
            left = 40 - popcount(st.captured[0] | st.captured[1] | st.prior)
            if left <= stop and len(legal_cards(st)) > 1:
                sp = to_seat_position(st, st.to_move)
                if sp.every_hand(MAX_HANDS) is not None:
                    out.append(sp)
                break
            cards = legal_cards(st)
            st = play(st, rng.choice(cards) if rng.random() < 1 / 3 else greedy(st, rng))
    return out


def open_path(variant: str, alive: tuple[int, int], objective: str, seed: int) -> str:
    return os.path.join(DATA, "exact",
                        f"open_{variant}_a{alive[0]}-{alive[1]}_{objective}_seed{seed}.jsonl")


def open_moments(variant: str, alive: tuple[int, int], n: int, seed: int):
    """``n`` open moments (every hand shown) of deals played as ``seat_moments`` plays
    them, with ``alive`` cards in play (a trick's cards count until it is taken) and a
    choice of cards: a trick's start or 1-3 cards into it."""
    rng = random.Random(seed)
    greedy = GreedyAgent()
    out = []
    while len(out) < n:
        st = deal(variant, rng)
        stop = rng.randint(*alive)
        into = rng.randrange(st.players)
        while not st.is_over:
            pos = to_position(st)
            if 40 - popcount(pos.played) <= stop and len(pos.table) == into:
                if 40 - popcount(pos.played) >= alive[0] and len(legal_cards(st)) > 1:
                    out.append(pos)
                break
            cards = legal_cards(st)
            st = play(st, rng.choice(cards) if rng.random() < 1 / 3 else greedy(st, rng))
    return out


def make_open(variant: str, alive: tuple[int, int], objective: str, seed: int, n: int) -> str:
    return _write_moments(open_path(variant, alive, objective, seed),
                          open_moments(variant, alive, n, seed),
                          lambda pos: exact_values(pos, objective, None)[0],
                          f"{variant} open {objective} seed {seed}", fresh_table=True)


def _write_moments(path: str, moments, solve, label: str, fresh_table: bool = False) -> str:
    """Append each moment not yet in ``path`` with its exact values (``solve``), one JSON
    line as it is solved, so that a stopped run resumes where it stopped."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    done = len(load(path))
    for i, pos in enumerate(moments):
        if i < done:
            continue
        if fresh_table:
            forget_tables()
        t = time.perf_counter()
        vals = solve(pos)
        secs = round(time.perf_counter() - t, 3)
        with open(path, "a") as f:
            f.write(json.dumps({"position": pos.to_text(), "alive": 40 - popcount(pos.played),
                                "seconds": secs,
                                "moves": {card_str(c): str(v) for c, v in vals.items()}}) + "\n")
        print(f"{label}: {i + 1}/{len(moments)} exact in {secs:.1f} s", file=sys.stderr,
              flush=True)
    return path


def seat_exact(sp, objective: str) -> dict:
    """{card: the information set's exact value}: every consistent hand solved exactly,
    weighted by its chance (``hand_weight``: equal but in Briscolone after a suit not
    followed; the seat_briscolone sets were rewritten with these weights on 2026-12-06)."""
    every = sp.every_hand(MAX_HANDS)
    weights = [sp.hand_weight(h) for h in every]
    total: dict = {}
    for h, w in zip(every, weights, strict=True):
        vals, _ = exact_values(sp.with_hand(h), objective, None)
        for c, v in vals.items():
            total[c] = total.get(c, 0) + w * v
    return {c: v / sum(weights) for c, v in total.items()}


def make_seat(variant: str, alive: tuple[int, int], objective: str, seed: int, n: int) -> str:
    return _write_moments(seat_path(variant, alive, objective, seed),
                          seat_moments(variant, alive, n, seed),
                          lambda sp: seat_exact(sp, objective),
                          f"{variant} seat {objective} seed {seed}")


def load(path: str):
    """[(position, {card: exact Fraction}, seconds the exact search took)] of a set file."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            try:
                d = json.loads(line)
            except json.JSONDecodeError:
                break  # a line torn by a stopped run: it is solved again
            out.append((parse_position(d["position"]),
                        {parse_card(c): Fraction(v) for c, v in d["moves"].items()},
                        d.get("seconds")))
    return out


def make(talon: int, objective: str, seed: int, n: int) -> str:
    path = set_path(talon, objective, seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    done = load(path)
    with open(path, "w") as f:  # rewritten: drops a torn last line
        for pos, vals, secs in done:
            f.write(json.dumps({"position": pos.to_text(), "talon": talon, "seconds": secs,
                                "moves": {card_str(c): str(v) for c, v in vals.items()}}) + "\n")
    for i, pos in enumerate(positions(talon, n, seed)):
        if i < len(done):
            continue
        forget_tables()
        t = time.perf_counter()
        vals, _ = exact_values(pos, objective, None)
        secs = round(time.perf_counter() - t, 3)
        with open(path, "a") as f:
            f.write(json.dumps({"position": pos.to_text(), "talon": talon, "seconds": secs,
                                "moves": {card_str(c): str(v) for c, v in vals.items()}}) + "\n")
        print(f"talon {talon} {objective} seed {seed}: {i + 1}/{n} exact in {secs:.1f} s",
              file=sys.stderr, flush=True)
    return path


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talon", type=int, help="a scoperta set: its talon size")
    ap.add_argument("--variant",
                    help="a seat's set: classic, briscolone or libero; scoperta4: open moments")
    ap.add_argument("--alive", default="8-14", help="a seat's set: cards in play, LOW-HIGH")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--objective", default="points", choices=("points", "win"))
    args = ap.parse_args(argv)
    if args.variant == "scoperta4":
        lo, hi = (int(x) for x in args.alive.split("-"))
        print(make_open(args.variant, (lo, hi), args.objective, args.seed, args.n))
    elif args.variant:
        lo, hi = (int(x) for x in args.alive.split("-"))
        print(make_seat(args.variant, (lo, hi), args.objective, args.seed, args.n))
    elif args.talon is not None:
        print(make(args.talon, args.objective, args.seed, args.n))
    else:
        ap.error("give --talon (scoperta) or --variant (a seat's view)")


if __name__ == "__main__":
    main()
