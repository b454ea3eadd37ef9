"""Fit and check the leaf value of depth-limited searches (solver.search.leaf).

    python benchmarks/fit_leaf.py fit --variant classic --positions 4000
    python benchmarks/fit_leaf.py draw --variant briscolone --positions 4000 --out F.jsonl
    python benchmarks/fit_leaf.py fit --variant briscolone --data F.jsonl G.jsonl
    python benchmarks/fit_leaf.py fit --variant classic --features 9 --data \
        benchmarks/data/leaf/classic-a8-12-seed70000.jsonl   # the depth kernel's late leaves
    python benchmarks/fit_leaf.py check --variant briscolone --positions 400

``draw``: positions at a trick's start from deals played by greedy with 30 % random cards,
each given one random talon order and solved exactly to the end (clairvoyant, one thread),
written one JSON line each (the two hands, the live cards, the trump suit, the talon order
and the mover's exact value), so that a fit can be repeated without solving them again.

``fit``: the mover's value regressed on the leaf's features (least squares), from the lines
of ``--data`` files or from positions drawn on the spot. Prints the weights to paste into
solver/search/leaf.py, and the mean squared error against "split evenly" on a quarter of
the positions held out.

``check``: decisions (any card of a trick) from other deals, each with a random talon
order: how often the best card of a search 2, 3 or 4 tricks deep is a best card of the
full search, and the mean points it loses, with the even split and with the fitted leaf.

``method``: the error a depth-limited sample adds to an estimate (the interval's method
term, solver.analysis.sampling.METHOD_ERROR). Decisions from other deals at every stage
where the estimator searches samples HORIZON tricks deep; at each, ``--samples`` talon
orders, each searched as the estimator does and solved to the end. Per card, the mean over
the orders of the difference is that position's method error plus sampling noise; the
noise is taken out (its variance, the differences' variance over the orders' count), and
the root mean square over positions and cards is printed by stage, with the upper end of
its 95 % confidence interval; 1.96 times that is the half-width the estimator adds.

    python benchmarks/fit_leaf.py method --variant classic --positions 120 --samples 8
    python benchmarks/fit_leaf.py method --variant briscolone --max-alive 30 --positions 60

Where a solve to the end takes minutes (Briscolone from 31 cards alive, Libero from 25),
``--reference-depth 8`` compares with searches 8 tricks deep (fitted leaf) instead, and
``--min-alive`` keeps the decisions of the later stages only: what the shipped carried
stages rest on (sampling.METHOD_CARRIED).

    python benchmarks/fit_leaf.py method --variant libero --min-alive 31 --reference-depth 8

``--out F`` keeps each decision's values (both searches of every talon order) as they come,
so that a run stopped early still counts, and ``--data F`` prints the table from them
again; ``--first-seed`` draws other deals than the fit's, for a check on fresh decisions.
The last column is the share of items whose mean difference lies within the shipped
half-width (each mean carries its orders' noise as well).

    python benchmarks/fit_leaf.py method --variant briscolone --min-alive 31 --max-alive 35 \
        --samples 4 --first-seed 700000 --out F.jsonl
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
from solver.analysis.stats import Z95  # noqa: E402
from solver.analysis.sampling import (HORIZON, METHOD_ERROR, METHOD_GAP_ERROR,  # noqa: E402
                                     METHOD_STAGES, horizon_alive, horizon_for,
                                     method_stage, sample_order)
from solver.cards import FULL_DECK, popcount  # noqa: E402
from solver.game import deal, legal_cards, play, to_position  # noqa: E402
from solver.players.agents import GreedyAgent  # noqa: E402
from solver.rules import get_variant  # noqa: E402
from solver.search.leaf import FEATURES, WEIGHTS, features  # noqa: E402

ALIVE = {"classic": (14, 30), "briscolone": (14, 26), "libero": (14, 26)}
FIT_SEED = 0        # deals 1, 2, ... for the fit
CHECK_SEED = 100000  # deals from here for the check
METHOD_SEED = 200000  # deals from here for the method's error


def positions(variant: str, count: int, first_seed: int, boundary: bool, alive=None):
    """(open clairvoyant position) from ``count`` deals: one a deal, at a random number of
    live cards in the variant's range or ``alive`` (even numbers: a trick's start, when
    ``boundary``)."""
    lo, hi = alive or ALIVE.get(variant, (14, 26))
    greedy = GreedyAgent()
    seed = first_seed
    made = 0
    while made < count:
        seed += 1
        rng = random.Random(seed)
        st = deal(variant, rng)
        want = rng.choice(range(lo, hi + 1, 2)) if boundary else rng.randrange(lo, hi + 1)
        while not st.is_over:
            alive = 40 - popcount(st.captured[0] | st.captured[1])
            if alive <= want and (not st.trick if boundary else len(legal_cards(st)) > 1):
                gp = to_position(st)
                made += 1
                yield replace(gp, talon_order=sample_order(gp, rng))
                break
            c = rng.choice(legal_cards(st)) if rng.random() < 0.3 else greedy(st, rng)
            st = play(st, c)


def card_values(gp, tricks: int, use_leaf: bool, objective: str = "points") -> dict:
    s = driver.Search(gp, objective, horizon=horizon_alive(gp, tricks), use_leaf=use_leaf)
    return {c: float(s.fraction(s.move_value(c, quiet=True))) for c in gp.legal_cards()}


def solved(variant: str, count: int, first_seed: int, alive=None):
    """The rows ``draw`` writes, for ``count`` positions from the deals after ``first_seed``
    (``alive``: the range of cards alive, else the variant's)."""
    for gp in positions(variant, count, first_seed, True, alive):
        me = gp.to_move
        yield {"hm": gp.hands[me], "ho": gp.hands[1 - me], "alive": FULL_DECK & ~gp.played,
               "trump": gp.trump_suit, "talon": list(gp.talon_order or ()),
               "y": max(card_values(gp, 0, False).values())}


def cmd_draw(args) -> None:
    t = time.perf_counter()
    try:
        fh = open(args.out, "x")
    except OSError as e:
        sys.exit(f"error: cannot create {args.out}: {e.strerror} (draw never overwrites a file)")
    with fh:
        for i, row in enumerate(solved(args.variant, args.positions, args.first_seed,
                                       args.alive)):
            fh.write(json.dumps(row) + "\n")
            if (i + 1) % 200 == 0:
                print(f"  {i + 1} positions, {time.perf_counter() - t:.0f} s", file=sys.stderr)


def fit(rows, n_features: int = len(FEATURES)):
    """(weights, held-out MSE of the even split, of the fit, R²) of solved rows: least
    squares on three quarters, the MSE on the fourth; the weights shipped use every row.
    ``n_features``: only the first ones (9: classic's, the cheap leaf), the rest weighted 0."""
    X = np.array([features(r["hm"], r["ho"], r["alive"], r["trump"], r["talon"]) for r in rows],
                 dtype=float)
    X[:, n_features:] = 0
    y = np.array([r["y"] for r in rows], dtype=float)
    used = [j for j in range(X.shape[1]) if np.any(X[:, j] != X[0, j]) or j == 0]
    held = np.arange(len(y)) % 4 == 0
    w = np.zeros(X.shape[1])
    w[used], *_ = np.linalg.lstsq(X[~held][:, used], y[~held], rcond=None)
    mse0 = float(np.mean(y[held] ** 2))
    mse = float(np.mean((y[held] - X[held] @ w) ** 2))
    w[used], *_ = np.linalg.lstsq(X[:, used], y, rcond=None)
    return w, mse0, mse, 1 - mse / float(np.var(y[held]))


def read_rows(files) -> list[dict]:
    rows = []
    for f in files:
        with open(f) as fh:
            rows += [json.loads(line) for line in fh]
    return rows


def cmd_fit(args) -> None:
    rows = (read_rows(args.data) if args.data
            else list(solved(args.variant, args.positions, args.first_seed, args.alive)))
    w, mse0, mse, r2 = fit(rows, args.features)
    print(f"| {args.variant} | {len(rows)} | {mse0:.0f} | {mse:.0f} | {r2:.2f} |")
    print(f'    "{args.variant}": (' + ", ".join(f"{x:.3f}" for x in w) + "),")
    print("    # " + ", ".join(FEATURES))


def cmd_check(args) -> None:
    tricks = [int(x) for x in args.tricks.split(",")]
    rows = {(k, leaf): [0, 0.0, 0] for k in tricks for leaf in (False, True)}
    n = 0
    for gp in positions(args.variant, args.positions, CHECK_SEED, False):
        full = card_values(gp, 0, False)
        best = max(full.values())
        n += 1
        for k in tricks:
            for leaf in (False, True):
                s = driver.Search(gp, "points", horizon=horizon_alive(gp, k), use_leaf=leaf)
                v = {c: s.move_value(c, quiet=True) for c in gp.legal_cards()}
                top = max(v.values())
                chosen = [c for c in v if v[c] == top]
                loss = sum(best - full[c] for c in chosen) / len(chosen)
                r = rows[(k, leaf)]
                r[0] += loss == 0
                r[1] += loss
                r[2] += s.nodes
    lo, hi = ALIVE.get(args.variant, (14, 26))
    print(f"| game | decisions ({lo}-{hi} cards alive) | tricks deep | past the horizon "
          f"| best card is a full search's best | mean points lost | nodes |")
    print("|---|---:|---:|---|---:|---:|---:|")
    for (k, leaf), (ok, loss, nodes) in sorted(rows.items()):
        print(f"| {args.variant} | {n} | {k} | {'fitted leaf' if leaf else 'split evenly'} "
              f"| {ok / n:.1%} | {loss / n:.2f} | {nodes / n:,.0f} |")


def method_errors(variant: str, count: int, samples: int, objective: str,
                  first_seed: int = METHOD_SEED, max_alive: int = 40, min_alive: int = 0,
                  reference: int = 0, record=None):
    """(stage, cards, gaps) of ``count`` decisions where the estimator's samples are
    depth-limited. ``cards``: a (mean difference, its noise variance) pair per card of the
    depth-limited minus the full value of the same sampled talon orders (the objective's
    unit: points, or a chance of winning). ``gaps``: the same for the gap between the card
    the depth-limited search ranks first and each other card (what a hint's "too close to
    tell apart" rests on). ``max_alive``: only decisions with at most that many cards alive
    (a Briscolone deal solved to the end from 31-40 cards alive can take minutes);
    ``min_alive``: at least that many. ``reference``: the values compared with are searched
    that many tricks deep with the fitted leaf instead of to the end (0), where full solves
    cost too much: the difference then leaves the deeper search's own error out.
    ``record``: called with each decision's raw values (a dict for a JSON line), so that a
    run's data can be kept and a stopped run still counts."""
    stages = METHOD_STAGES[get_variant(variant).hand_size]
    for gp in positions(variant, count, first_seed, False,
                        (max(stages[0][0], min_alive), max_alive)):
        if not horizon_for(gp):
            continue  # the deal passed the stage between two decisions
        rng = random.Random(f"{first_seed}/{gp.played}/{gp.to_move}")
        cards = gp.legal_cards()
        row = {"variant": variant, "objective": objective, "reference": reference,
               "first_seed": first_seed, "alive": 40 - popcount(gp.played),
               "stage": method_stage(gp), "played": gp.played, "to_move": gp.to_move,
               "hands": list(gp.hands), "cards": list(cards), "near": [], "full": []}
        for _ in range(samples):
            g = replace(gp, talon_order=sample_order(gp, rng))
            near = card_values(g, HORIZON, True, objective)
            full = card_values(g, reference, reference > 0, objective)
            row["near"].append([near[c] for c in cards])
            row["full"].append([full[c] for c in cards])
        row["top"] = ranked_first(row)
        if record is not None:
            record(row)
        yield decision_items(row)


def ranked_first(row) -> int:
    """The card the depth-limited values of a decision rank first (the lowest on a tie)."""
    sums = dict.fromkeys(row["cards"], 0.0)
    for near in row["near"]:
        for c, v in zip(row["cards"], near, strict=True):
            sums[c] += v
    return max(row["cards"], key=lambda c: (sums[c], -c))


def row_stage(row):
    """The stage (METHOD_STAGES now) of a kept decision's cards alive: a row keeps the stage
    of when it was measured (Briscolone's 20 alive was 13-20 before the stage became 15-20)."""
    for lo, hi in METHOD_STAGES[get_variant(row["variant"]).hand_size]:
        if lo <= row["alive"] <= hi:
            return lo, hi
    return tuple(row["stage"])


def decision_items(row):
    """``method_errors``'s (stage, cards, gaps) of one decision's kept values."""
    diffs = np.subtract(row["near"], row["full"])
    top = row["cards"].index(ranked_first(row))
    gaps = [diffs[:, top] - diffs[:, j] for j in range(diffs.shape[1]) if j != top]
    return (row_stage(row), [_mean_noise(diffs[:, j]) for j in range(diffs.shape[1])],
            [_mean_noise(d) for d in gaps])


def read_decisions(files):
    """``decision_items`` of the decisions kept by ``method --out`` in ``files``."""
    for row in read_rows(files):
        yield decision_items(row)


def _mean_noise(d) -> tuple[float, float]:
    """A difference's mean over the talon orders, and that mean's noise variance."""
    return float(np.mean(d)), float(np.var(d, ddof=1)) / len(d)


def method_row(cards) -> tuple[float, float, float, float]:
    """(mean error, root mean square of the method's error, the same at the upper end of
    its 95 % confidence interval, the noise's root mean square) of (mean difference, noise
    variance) pairs: the mean square of the differences less the noise's, and its standard
    error over the pairs. The shipped half-width is 1.96 times the upper end, so that too
    few samples make the interval wider, never narrower."""
    ms_each = np.array([m * m - v for m, v in cards])
    ms = float(ms_each.mean())
    up = ms + Z95 * float(ms_each.std(ddof=1)) / len(cards) ** 0.5
    noise = float(np.mean([v for _, v in cards])) ** 0.5
    return (float(np.mean([m for m, _ in cards])), max(ms, 0.0) ** 0.5, max(up, 0.0) ** 0.5,
            noise)


def cmd_method(args) -> None:
    t = time.perf_counter()
    by_stage: dict = {}
    out = None
    if args.out and not args.data:
        try:
            out = open(args.out, "x")
        except OSError as e:
            sys.exit(f"error: cannot create {args.out}: {e.strerror} (method never overwrites "
                     "a file)")

    def record(row) -> None:
        out.write(json.dumps(row) + "\n")
        out.flush()

    if args.data:
        kinds = {(r["variant"], r["objective"]) for r in read_rows(args.data)}
        if len(kinds) != 1:
            sys.exit(f"error: --data: give the decisions of one game and objective, not {kinds}")
        (args.variant, args.objective), = kinds
        decisions = read_decisions(args.data)
    else:
        decisions = method_errors(args.variant, args.positions, args.samples, args.objective,
                                  args.first_seed, args.max_alive, args.min_alive,
                                  args.reference_depth, record if out else None)
    for i, (stage, cards, gaps) in enumerate(decisions):
        row = by_stage.setdefault(stage, ([], []))
        row[0].extend(cards)
        row[1].extend(gaps)
        if (i + 1) % 10 == 0 and not args.data:
            print(f"  {i + 1} decisions, {time.perf_counter() - t:.0f} s", file=sys.stderr,
                  flush=True)
    if out:
        out.close()
    unit = "points" if args.objective == "points" else "chance of winning"
    print(f"| game | objective | of | cards alive | items | mean error | root mean "
          f"square ({unit}) | its upper 95 % bound | noise of an item's mean | half-width "
          f"(1.96 x the bound) | shipped | items' means within it |")
    print("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for what, shipped_table, k in (("value", METHOD_ERROR, 0), ("gap", METHOD_GAP_ERROR, 1)):
        for stage in sorted(by_stage):
            items = by_stage[stage][k]
            if len(items) < 2:
                continue
            bias, rms, up, noise = method_row(items)
            shipped = shipped_table.get((args.variant, args.objective), {}).get(stage)
            within = ("-" if shipped is None
                      else f"{sum(abs(m) <= shipped for m, _ in items) / len(items):.1%}")
            print(f"| {args.variant} | {args.objective} | {what} | {stage[0]}-{stage[1]} "
                  f"| {len(items)} | {bias:+.3f} | {rms:.3f} | {up:.3f} | {noise:.3f} "
                  f"| {Z95 * up:.3f} | {'-' if shipped is None else f'{shipped:.3f}'} "
                  f"| {within} |")
    if not args.data:
        print(f"({time.perf_counter() - t:.0f} s, {args.samples} talon orders a decision)",
              file=sys.stderr)


def _alive_range(text: str) -> tuple[int, int]:
    try:
        lo, hi = (int(x) for x in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"give LO-HI, e.g. 6-12 (got {text!r})") from None
    if not 2 <= lo <= hi <= 40:
        raise argparse.ArgumentTypeError(f"give 2 <= LO <= HI <= 40 (got {text!r})")
    return lo, hi


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("draw", help="solve positions for a fit and keep them in a file")
    f = sub.add_parser("fit", help="fit the leaf weights of a game")
    c = sub.add_parser("check", help="depth-limited choices against full ones")
    m = sub.add_parser("method", help="the error depth-limited samples add to an estimate")
    for p in (d, f, c, m):
        p.add_argument("--variant", default="classic", choices=sorted(ALIVE))
        p.add_argument("--positions", type=int, default=400)
    for p in (d, f):
        p.add_argument("--first-seed", type=int, default=FIT_SEED,
                       help="the deals are this seed + 1, + 2, ...")
        p.add_argument("--alive", type=_alive_range, default=None,
                       help="cards alive LO-HI (trick starts: even numbers), instead of the "
                            "game's range (classic 14-30)")
    d.add_argument("--out", required=True, help="a new JSON-lines file")
    f.add_argument("--data", nargs="+", help="files written by draw (instead of solving)")
    f.add_argument("--features", type=int, default=len(FEATURES), choices=(9, len(FEATURES)),
                   help="fit the first 9 features only (the rest 0: the cheaper leaf) or all")
    c.add_argument("--tricks", default="2,3,4")
    m.add_argument("--samples", type=int, default=8,
                   help="talon orders a decision (at least 2: their spread is the noise)")
    m.add_argument("--objective", default="points", choices=("points", "win"))
    m.add_argument("--max-alive", type=int, default=40,
                   help="only decisions with at most this many cards alive (full solves "
                        "from more are slow in Briscolone)")
    m.add_argument("--min-alive", type=int, default=0,
                   help="only decisions with at least this many cards alive")
    m.add_argument("--first-seed", type=int, default=METHOD_SEED,
                   help="the deals are this seed + 1, + 2, ... (fresh seeds for a check)")
    m.add_argument("--out", help="a new JSON-lines file: each decision's values, as they come")
    m.add_argument("--data", nargs="+", help="files written by --out (instead of solving)")
    m.add_argument("--reference-depth", type=int, default=0,
                   help="compare with searches this many tricks deep (fitted leaf) instead "
                        "of solves to the end (0), where those take minutes")
    args = ap.parse_args(argv)
    if args.positions < 1:
        ap.error("--positions: give at least 1")
    if args.cmd == "method" and not (METHOD_STAGES[get_variant(args.variant).hand_size][0][0]
                                     <= args.max_alive <= 40):
        ap.error("--max-alive: give a number of cards alive where samples are depth-limited, "
                 "up to 40")
    if args.cmd == "method" and not (args.min_alive <= args.max_alive
                                     and (args.reference_depth == 0
                                          or args.reference_depth > HORIZON)):
        ap.error("--min-alive: give at most --max-alive; --reference-depth: 0 (to the end) or "
                 f"more than {HORIZON} tricks")
    if args.cmd == "method" and args.samples < 2:
        ap.error("--samples: give at least 2 talon orders a decision (their spread is the noise "
                 "taken out)")
    driver.ready()
    if args.cmd == "check" and args.variant not in WEIGHTS:
        print(f"note: {args.variant} has no fitted weights yet: both rows split evenly",
              file=sys.stderr)
    {"draw": cmd_draw, "fit": cmd_fit, "check": cmd_check, "method": cmd_method}[args.cmd](args)


if __name__ == "__main__":
    main()
