"""How good are the anytime estimates? Compare their choices with exact play.

Fixed seeded sets of positions per talon size; their exact card values are cached in
benchmarks/data/exact_t<talon>_<objective>.jsonl (made once with --regen: talon 10 takes a
few minutes, talon 12 much longer). For every method and time budget it prints how often the
estimator's best card is an exact best card, the mean and worst expected points (or win
probability) lost per decision against the exact best, the mean bias of the estimated values
and how often the exact value lies inside the reported 95 % interval.

    python benchmarks/bench_estimator.py --regen --talons 8,10      # once
    python benchmarks/bench_estimator.py --talons 8,10 --budgets 0.1,1
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

from solver.analysis import Limit, estimate  # noqa: E402
from solver.cards import card_str, parse_card  # noqa: E402
from solver.analysis.driver import exact_values  # noqa: E402
from solver.position import parse_position  # noqa: E402
from solver.random_positions import random_position  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
DEFAULT_N = {8: 80, 10: 60, 12: 40}


def data_path(talon: int, objective: str) -> str:
    return os.path.join(DATA, f"exact_t{talon}_{objective}.jsonl")


def positions(talon: int, n: int):
    """The benchmark's positions: half leading, half mid-trick, with a score."""
    rng = random.Random(7000 + talon)
    return [random_position(rng, talon, mid_trick=bool(i % 2), with_score=True) for i in range(n)]


def regen(talon: int, n: int, objective: str) -> None:
    os.makedirs(DATA, exist_ok=True)
    path = data_path(talon, objective)
    with open(path + ".tmp", "w") as f:
        for i, pos in enumerate(positions(talon, n)):
            t = time.perf_counter()
            vals, _ = exact_values(pos, objective, None)
            f.write(json.dumps({"position": pos.to_text(), "talon": talon,
                                "moves": {card_str(c): str(v) for c, v in vals.items()}}) + "\n")
            f.flush()
            print(f"talon {talon} {objective}: {i + 1}/{n} exact in {time.perf_counter() - t:.1f} s",
                  file=sys.stderr)
    os.replace(path + ".tmp", path)


def load(talon: int, objective: str):
    out = []
    with open(data_path(talon, objective)) as f:
        for line in f:
            d = json.loads(line)
            out.append((parse_position(d["position"]),
                        {parse_card(c): Fraction(v) for c, v in d["moves"].items()}))
    return out


def run_method(method: str, pos, objective: str, budget: float):
    """auto, expectimax, clairvoyant (full solves), depthN (N tricks deep), or analyse (the
    public API: exact search first where it may finish, then the estimate)."""
    if method == "analyse":
        from solver.analysis import analyse
        return analyse(pos, objective, budget)
    if method.startswith("depth"):
        return estimate.analyse(pos, objective, Limit(budget), progress=False, method="depth",
                                depth=int(method[5:]))
    if method not in estimate.METHODS:
        raise SystemExit(f"unknown method {method}")
    return estimate.analyse(pos, objective, Limit(budget), progress=False, method=method)


def evaluate(data, method: str, objective: str, budget: float) -> dict:
    losses, agree, bias, cover, nc, secs, samples = [], 0, 0.0, 0, 0, 0.0, 0
    for pos, exact in data:
        a = run_method(method, pos, objective, budget)
        secs = max(secs, a.seconds)
        best_exact = max(exact.values())
        chosen = a.best[0]
        loss = float(best_exact - exact[chosen])
        losses.append(loss)
        agree += loss == 0
        for m in a.moves:
            d = m.value - float(exact[m.card])
            bias += d
            cover += abs(d) <= (m.error or 0) + 1e-9
            nc += 1
        samples += int(a.notes[0].split()[0]) if a.notes else 0
    n = len(data)
    return {"agree": agree / n, "mean_loss": sum(losses) / n, "worst_loss": max(losses),
            "bias": bias / nc, "cover": cover / nc, "max_s": secs, "samples": samples / n}


def random_baseline(data) -> dict:
    losses = [float(max(e.values()) - sum(e.values()) / len(e)) for _, e in data]
    agree = [sum(v == max(e.values()) for v in e.values()) / len(e) for _, e in data]
    worst = max(float(max(e.values()) - min(e.values())) for _, e in data)
    return {"agree": sum(agree) / len(data), "mean_loss": sum(losses) / len(data),
            "worst_loss": worst}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talons", default="8,10")
    ap.add_argument("--budgets", default="0.1,1")
    ap.add_argument("--methods", default="auto",
                    help="auto, expectimax, clairvoyant, depthN, analyse; comma separated")
    ap.add_argument("--objective", default="points", choices=("points", "win"))
    ap.add_argument("--n", type=int, default=None, help="positions per talon (default 80/60/40)")
    ap.add_argument("--regen", action="store_true", help="recompute the cached exact values")
    args = ap.parse_args(argv)
    talons = [int(t) for t in args.talons.split(",")]
    budgets = [float(b) for b in args.budgets.split(",")]
    methods = args.methods.split(",")
    if args.regen:
        for t in talons:
            regen(t, args.n or DEFAULT_N.get(t, 10), args.objective)
        return
    estimate.analyse(positions(8, 1)[0], args.objective, Limit(0.05), progress=False)  # load kernels
    unit = "points" if args.objective == "points" else "win prob"
    print(f"objective {args.objective}; loss = exact value of the exact best card minus that of "
          f"the chosen card ({unit})")
    print(f"{'talon':>5} {'n':>3} {'method':>14} {'budget':>7} {'best%':>6} {'mean loss':>9} "
          f"{'worst':>7} {'bias':>7} {'in CI%':>6} {'samples':>8} {'max s':>6}")
    for t in talons:
        data = load(t, args.objective)
        if args.n:
            data = data[:args.n]
        r = random_baseline(data)
        print(f"{t:>5} {len(data):>3} {'random card':>14} {'-':>7} {100 * r['agree']:>6.1f} "
              f"{r['mean_loss']:>9.3f} {r['worst_loss']:>7.3f}")
        for m in methods:
            for b in budgets:
                r = evaluate(data, m, args.objective, b)
                print(f"{t:>5} {len(data):>3} {m:>14} {b:>7g} {100 * r['agree']:>6.1f} "
                      f"{r['mean_loss']:>9.3f} {r['worst_loss']:>7.3f} {r['bias']:>+7.3f} "
                      f"{100 * r['cover']:>6.1f} {r['samples']:>8.0f} {r['max_s']:>6.2f}", flush=True)


if __name__ == "__main__":
    main()
