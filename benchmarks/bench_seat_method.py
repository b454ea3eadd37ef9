"""Does a seat method change win games? Duplicate matches of the hidden-card engine against
itself with the seat method as it was before 2026-12-06 (B), played from seeded
positions at the stage the change touched, so that the decisions that differ are a large
share of those played.

    python benchmarks/bench_seat_method.py --variant briscolone --deals 200 --log b.jsonl
    python benchmarks/bench_seat_method.py --variant classic --alive 14 --seconds 0.1

The old method (benchmark only, patched in around each of B's cards): Briscolone and Libero
search each sampled hand 4 tricks deep on one drawn talon order at 13-14 cards alive
(FULL_ALIVE_5 12, not 14), classic seats at 14 alive take no multilevel correction
(CORRECTION_START past any count). Only the means decide a card (result.ranked), so the
intervals' tables are left as they are.

Each deal is dealt from ``match/SEED/INDEX`` (the match's decks) and played by ``engine@N``
(``--prefix``, on an engine of its own, both seats) to the first trick that starts with
``--alive`` cards alive; from there A (the current engine) and B (the old one), ``engine:T``
each, play it out twice, sides swapped, on the match's engines (players.match.halves: the
mirrored game's tables apart). A pair's margin is the mean of A's two margins, the prefix's
points cancelling. Each pair is appended to ``--log`` at once and a rerun plays only the
others. Besides the margin: the first card from the start position, chosen by A in one game
and by B in the other on the same view, and the cards chosen per game at the stage the
methods differ.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver.analysis import Limit, current_engine, sampling  # noqa: E402
from solver.analysis.result import Interval  # noqa: E402
from solver.cards import popcount  # noqa: E402
from solver.game import deal_from_deck, default_dealer, play  # noqa: E402
from solver.players.agents import get_agent  # noqa: E402
from solver.players.engine_agent import EngineAgent, OnEngine  # noqa: E402
from solver.players.match import PairResult, deck_for, halves, mean_ci, summarise  # noqa: E402
from solver.rules import get_variant  # noqa: E402

#: what the seat method was before 2026-12-06 (sampling's globals of those names)
OLD = {"FULL_ALIVE_5": 12, "CORRECTION_START": 10**12}


@contextmanager
def old_method() -> Iterator[None]:
    """The seat method as before, for the cards chosen inside."""
    kept = {k: getattr(sampling, k) for k in OLD}
    for k, v in OLD.items():
        setattr(sampling, k, v)
    try:
        yield
    finally:
        for k, v in kept.items():
            setattr(sampling, k, v)


class OldEngineAgent(EngineAgent):
    """``engine:T`` choosing every card with the old seat method."""

    def pick(self, state, rng):
        with old_method():
            return super().pick(state, rng)


def alive(state) -> int:
    return 40 - popcount(state.captured[0] | state.captured[1])


def differs(view) -> bool:
    """Whether the two methods sample this seat's view differently."""
    stage = view.with_hand(0)
    if stage.rules.hand_size > 3:
        with old_method():
            old = sampling.horizon_for(stage)
        return old != sampling.horizon_for(stage)
    hidden = popcount(view.pool) - view.hidden  # the talon's hidden cards
    multilevel = sampling.EXACT_UNSEEN < hidden <= sampling.CORRECTED_UNSEEN
    return multilevel and not sampling.horizon_for(stage)


def start_state(variant, seed: int, index: int, at: int, prefix, engine):
    """Deck ``index`` played by ``prefix`` on ``engine`` to the first trick starting with at
    most ``at`` cards alive."""
    state = deal_from_deck(variant, deck_for(seed, index), default_dealer(variant))
    rng = random.Random(f"prefix/{seed}/{index}")
    with engine.active():
        while not (state.is_over or (alive(state) <= at and not state.table)):
            state = play(state, prefix(state.view(), rng))
    return state


def said(note, key: str) -> bool:
    """Whether ``note`` or a part of it is of template ``key``."""
    if getattr(note, "key", None) == key:
        return True
    return any(said(f, key) for f in getattr(note, "fields", {}).values())


def play_from(start, seats, rng, record: list) -> tuple[tuple[int, int], int]:
    """``start`` played out by ``seats`` (OnEngine, by seat): the side points and the first
    card; each choice at a stage where the methods differ appended to ``record`` as (seat,
    samples, multilevel corrected)."""
    state, first = start, -1
    while not state.is_over:
        view = state.view()
        seat = seats[state.to_move]
        card = seat(view, rng)
        first = card if first < 0 else first
        if len(view.legal_cards()) > 1 and differs(view):
            a = seat.agent.last
            fixed = a is not None and any(said(n, "note.part.multilevel") for n in a.notes)
            record.append((state.to_move, a.samples if a else None, fixed))
        state = play(state, card)
    return state.side_points, first


def judged(view, a_card: int, b_card: int, seconds: float, engine) -> tuple[float, int]:
    """A's card's value less B's by a long seat analysis of ``view`` (the current method,
    every hand alike, no inference), and its samples (0: exact, every hand solved). At 13-14
    cards alive in Briscolone and Libero every sample is exact over the draws, so tens of
    thousands of them leave a gap's sampling error a fraction of a point."""
    with engine.active():
        a = sampling.analyse(view, budget=Limit(time=seconds), progress=False)
    exact = a.interval is Interval.NO_SAMPLING
    return a.move(a_card).value - a.move(b_card).value, 0 if exact else a.samples


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="briscolone")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--alive", type=int, default=14, help="cards alive where play starts")
    ap.add_argument("--seconds", type=float, default=0.1, help="A's and B's time a card")
    ap.add_argument("--prefix", default="engine@64", help="who plays both seats up to --alive")
    ap.add_argument(
        "--judge",
        type=float,
        default=0.0,
        help="seconds a judge's analysis of a first card A and B chose apart",
    )
    ap.add_argument("--minutes", type=float, help="stop starting deals after this long")
    ap.add_argument("--log", help="append each pair here (JSON lines); resume from it")
    args = ap.parse_args(argv)
    variant = get_variant(args.variant)
    a_name = f"engine:{args.seconds:g}"
    done: dict[int, dict] = {}
    if args.log and os.path.exists(args.log):
        with open(args.log) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        key = [args.variant, args.seed, args.alive, args.seconds, args.prefix]
        done = {r["index"]: r for r in rows if r["key"] == key}
    first, mirror = halves(variant, a_name, a_name)
    b_name = f"engine-old:{args.seconds:g}"
    first = first._replace(b=OnEngine(OldEngineAgent(args.seconds, name=b_name), first.b.engine))
    mirror = mirror._replace(b=OnEngine(OldEngineAgent(args.seconds, name=b_name), mirror.b.engine))
    for o in (first.b, mirror.b):
        o.agent.prepare(variant, o.engine)
    prefix_engine = current_engine().twins(4)[3]
    prefix = get_agent(args.prefix)
    print(
        f"{args.variant}: A {a_name} (current) against B the old seat method, from "
        f"{args.alive} cards alive ({args.prefix} before), seed {args.seed}, "
        f"{args.deals} duplicate deals; load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    t0 = time.monotonic()
    for i in range(args.deals):
        if i in done:
            continue
        if args.minutes is not None and time.monotonic() - t0 > 60 * args.minutes:
            print("time's up", flush=True)
            break
        start = start_state(variant, args.seed, i, args.alive, prefix, prefix_engine)
        margins, firsts, records = [], [], []
        for game, seats in enumerate(([first.a, first.b], [mirror.b, mirror.a])):
            rng = random.Random(f"stage/{args.seed}/{i}")
            record: list = []
            (s1, s2), card = play_from(start, seats, rng, record)
            firsts.append(card)
            margins.append(s1 - s2 if game == 0 else s2 - s1)
            # A's seat: 0 in the first game, 1 in the mirrored one
            records.append([(s == game, n, c) for s, n, c in record])
        a_card, b_card = firsts if start.to_move == 0 else firsts[::-1]
        judge = None
        if args.judge and a_card != b_card:
            judge = judged(start.view(), a_card, b_card, args.judge, prefix_engine)
        row = {
            "key": [args.variant, args.seed, args.alive, args.seconds, args.prefix],
            "index": i,
            "margins": margins,
            "first_differs": firsts[0] != firsts[1],
            "stage": records,
            "judge": judge,
        }
        done[i] = row
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps(row) + "\n")
    report(list(done.values()), time.monotonic() - t0)


def report(rows: list[dict], seconds: float) -> None:
    rows = sorted(rows, key=lambda r: r["index"])
    s = summarise([PairResult(r["index"], tuple(r["margins"])) for r in rows])
    m, lo, hi = s.margin
    r, rlo, rhi = s.win_rate
    stage = [d for row in rows for game in row["stage"] for d in game]
    a_n = [n for is_a, n, _ in stage if is_a and n is not None]
    b_n = [n for is_a, n, _ in stage if not is_a and n is not None]
    corrected = sum(c for is_a, _, c in stage if is_a)
    differ = sum(row["first_differs"] for row in rows)
    gaps = [r["judge"] for r in rows if r.get("judge")]
    changed = sum(row["margins"][0] + row["margins"][1] != 0 for row in rows)
    print(
        f"{s.pairs} pairs: A margin per deal {m:+.2f} [{lo:+.2f}, {hi:+.2f}], "
        f"A win rate {r:.3f} [{rlo:.3f}, {rhi:.3f}] ({s.wins}-{s.draws}-{s.losses}); "
        f"pairs with a nonzero margin {changed}"
    )
    if rows:
        print(
            f"choices at the changed stage: {len(stage) / len(rows):.2f} a pair "
            f"({len(a_n)} A's, {len(b_n)} B's); samples a choice, median A "
            f"{sorted(a_n)[len(a_n) // 2] if a_n else '-'}, B "
            f"{sorted(b_n)[len(b_n) // 2] if b_n else '-'}; A's choices corrected "
            f"(multilevel) {corrected}; the first card differs in {differ} of {len(rows)}; "
            f"{seconds / 60:.1f} minutes; load {os.getloadavg()[0]:.1f}"
        )
    if gaps:
        g, glo, ghi = mean_ci([v for v, _ in gaps])
        n = sorted(e for _, e in gaps)[len(gaps) // 2]
        print(
            f"judged first cards (median {n} samples, 0: exact): A's "
            f"less B's {g:+.2f} [{glo:+.2f}, {ghi:+.2f}] a differing card, "
            f"{g * len(gaps) / len(rows):+.3f} a deal; A better {sum(v > 0 for v, _ in gaps)}, "
            f"B better {sum(v < 0 for v, _ in gaps)}"
        )


if __name__ == "__main__":
    main()
