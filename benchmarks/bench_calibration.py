"""Does an estimate's ± cover the exact value? The calibration of every scoperta estimate
beyond the exact horizon (two and four players) and of the hidden games' seats, against
positions whose exact values are known.

For each set (a talon size, an objective and a seed: benchmarks/exact_sets.py made them,
benchmarks/data/exact_t*.jsonl are the older fixed sets) and each time limit, every
position is analysed as `briscola analyse --time-limit T` does (one Engine, its tables kept
from position to position). Where the answer is an estimate, each card's value is compared
with the exact one, and so is each card's gap from the estimate's best card:

    python benchmarks/bench_calibration.py run --sets fresh --budgets 0.2,1,5 --out raw.jsonl
    python benchmarks/bench_calibration.py table raw.jsonl
    python benchmarks/bench_calibration.py fit raw.jsonl      # the method's error to ship

"table" also gives each row's share inside a 95 % interval of its own, and pools the fresh
sets by stage and time limit: a position's cards share most of their error, so its values
are counted as fewer independent ones (the design effect of the intra-position
correlation of misses, measured over the rows read), and a row of 16 positions below 90 %
may say no more than that its positions were few.

"hard" files each estimate under the time the set's exact search took on its position: at
5 s the talon-12 estimates are of the positions the exact search cannot finish, and the
shorter time limits show the same positions' estimates in every run.

"fit" reads the answers of the fit sets (the fixed sets and the seeds below 9000), run
with no method error shipped (or with it: the sampling half-width is recovered from the
stated one), and prints, per objective, talon, method family and time limit, the smallest
half-width of the method's own error that puts 95 % of the exact values inside the ±;
solver/analysis/estimate.py ships the largest over the time limits, rounded up. The
fresh sets (seeds from 9000) are never fitted on: their table is the check.

``run --force-depth`` measures auto's depth-limited samples where it would solve each
talon order to the end (talon 10-14 at most time limits): their error is what the talons
beyond carry. ``run --estimate`` (open four-player sets) skips the exact search and times the estimator
alone: its error at a stage the exact search always finishes (talon 4), which shows how
the method's error grows with the talon. ``run --cold`` makes each analysis a
``briscola analyse --json`` process of its own: a user's one command, its first analysis.
"""
from __future__ import annotations

import argparse
import glob
import json
import math
import os
import platform
import re
import subprocess
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import exact_sets  # noqa: E402
from solver.analysis import estimate, sampling  # noqa: E402
from solver.analysis.engine import Engine  # noqa: E402
from solver.analysis.budget import Limit  # noqa: E402
from solver.analysis.result import Analysis  # noqa: E402
from solver.cards import card_str  # noqa: E402
from solver.errors import Note  # noqa: E402

DATA = exact_sets.DATA
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRESH_FROM = 9000  # seeds from here are fresh sets: checked, never fitted on


def all_sets():
    """{name: (game, stage, objective, role, path)} of every set in benchmarks/data: a
    scoperta set's stage is its talon size, a seat's set's the cards alive (LOW-HIGH)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(DATA, "exact_t*_*.jsonl"))):
        m = re.match(r"exact_t(\d+)_(points|win)\.jsonl", os.path.basename(path))
        out[f"t{m[1]}-{m[2]}-fixed"] = ("scoperta", int(m[1]), m[2], "fit", path)
    for path in sorted(glob.glob(os.path.join(DATA, "exact", "*.jsonl"))):
        base = os.path.basename(path)
        m = re.match(r"t(\d+)_(points|win)_seed(\d+)\.jsonl", base)
        if m:
            role = "fresh" if int(m[3]) >= FRESH_FROM else "fit"
            out[f"t{m[1]}-{m[2]}-seed{m[3]}"] = ("scoperta", int(m[1]), m[2], role, path)
            continue
        m = re.match(r"(seat|open)_(\w+)_a(\d+-\d+)_(points|win)_seed(\d+)\.jsonl", base)
        if m:
            role = "fresh" if int(m[5]) >= FRESH_FROM else "fit"
            game = f"{m[2]} seat" if m[1] == "seat" else m[2]
            out[f"{m[1]}-{m[2]}-a{m[3]}-{m[4]}-seed{m[5]}"] = (game, m[3], m[4], role, path)
    return out


def pick_sets(spec: str, talons=None, games=None):
    sets = all_sets()
    if spec in ("fit", "fresh", "all"):
        names = [n for n, s in sets.items() if spec == "all" or s[3] == spec]
    else:
        names = spec.split(",")
        for n in names:
            if n not in sets:
                raise SystemExit(f"unknown set {n} (known: {', '.join(sets)})")
    return [(n, *sets[n]) for n in names
            if (talons is None or sets[n][1] in talons)
            and (games is None or sets[n][0].split()[0] in games)]


def family(method: str) -> tuple[bool, bool, bool]:
    """(full solves, lines, corrected) of an estimate's method name."""
    return "depth" not in method, "lines" in method, method.endswith("second-trick")


def method_family(method: str) -> str:
    full, lines, corrected = family(method)
    return (f"{'full' if full else 'depth'}{' lines' if lines else ''}"
            f"{'' if corrected else ', uncorrected'}")


def cmd_run(args) -> None:
    budgets = [float(b) for b in args.budgets.split(",")]
    talons = None if not args.talons else {int(t) for t in args.talons.split(",")}
    games = None if not args.games else set(args.games.split(","))
    engine = Engine()
    sets = pick_sets(args.sets, talons, games)
    if args.force_depth:
        estimate.FULL_MIN_SAMPLES = 10**9  # auto's depth-limited samples, wherever it would solve
    if args.estimate and any(not s[0].startswith("open-") for s in sets):
        raise SystemExit("--estimate takes open four-player sets only (open-scoperta4-...)")
    out = open(args.out, "a") if args.out else None
    t_start = time.perf_counter()
    for name, game, talon, objective, role, path in sets:
        data = exact_sets.load(path)[:args.n] if args.n else exact_sets.load(path)
        engine.analyse(data[0][0], objective, 0.05)  # the kernels loaded before any clock
        for budget in budgets:
            for i, (pos, exact, _) in enumerate(data):
                if args.estimate:
                    a = sampling.analyse_open(pos, objective, Limit(time=budget), progress=False)
                elif args.cold:
                    a = _cold(pos, objective, budget)
                else:
                    a = engine.analyse(pos, objective, budget)
                row = {"set": f"{name} (cold)" if args.cold else name, "game": game,
                       "role": role, "talon": talon,
                       "objective": objective,
                       "budget": budget, "i": i, "exact_answer": a.exact, "method": str(a.method),
                       "interval": a.interval, "seconds": round(a.seconds, 3),
                       "method_error": None, "moves": []}
                if not a.exact and game == "scoperta":
                    full, lines, corrected = family(str(a.method))
                    row["method_error"] = estimate.method_error(pos, objective, full, lines,
                                                                corrected)
                if not a.exact and game != "scoperta" and a.interval != "no sampling":
                    stage = pos.with_hand(0) if pos.hidden_hand else pos
                    horizon = sampling.horizon_for(stage) if a.method.depth is not None else 0
                    drawn = "exactly over the talon draws" not in a.notes[0]
                    me = [sampling.method_error(stage, objective, horizon, table, drawn)
                          for table in (None, sampling.METHOD_GAP_ERROR)]
                    row["method_error"] = (None if me[0] is None
                                           else [[me[0], me[1] or 0.0], False])
                if not a.exact:
                    row["notes"] = list(a.notes)
                for m in a.moves:
                    row["moves"].append({"card": card_str(m.card), "value": m.value,
                                         "error": m.error, "gap_error": m.gap_error,
                                         "exact": float(exact[m.card]),
                                         # solved before the exact search stopped: not
                                         # an estimate (Analysis.with_solved)
                                         "solved": not a.exact and m.value_exact is not None})
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            print(f"{name} at {budget:g} s: {len(data)} positions "
                  f"({time.perf_counter() - t_start:.0f} s so far)", file=sys.stderr, flush=True)
    if out:
        out.close()


def _cold(pos, objective: str, budget: float) -> Analysis:
    """The answer of ``briscola analyse --json`` in a process of its own: a process's first
    analysis, as a user's one command gets it (its kernels loaded from numba's cache)."""
    out = subprocess.run(
        [sys.executable, "-c", "from cli.main import main; main()", "analyse", "--json",
         "--objective", objective, "--time-limit", str(budget), pos.to_text()],
        capture_output=True, text=True, check=True, cwd=ROOT)
    return Analysis.from_json(out.stdout)


def read_rows(paths):
    rows = []
    for p in paths:
        with open(p) as f:
            rows.extend(json.loads(line) for line in f if line.strip())
    return rows


def items(row):
    """(value items, gap items) of one estimated answer: (error, stated half-width,
    sampling half-width) each; a gap is the estimate's best card less another card. A card
    the exact search solved before it stopped is not an estimate: its value is left out, and
    so is its gap (whose interval is the other card's value's, checked with that value)."""
    me = row["method_error"] or ((0.0, 0.0), False)  # ((value's, gap's) half-width, extrapolated)
    me = me[0] if isinstance(me[0], (list, tuple)) else me
    vals, gaps = [], []
    best = row["moves"][0]
    for m in row["moves"]:
        e = m["value"] - m["exact"]
        if not m.get("solved"):
            vals.append((e, m["error"], math.sqrt(max(m["error"] ** 2 - me[0] ** 2, 0.0))))
        if m is best or m["gap_error"] is None or m.get("solved") or best.get("solved"):
            continue
        g = (best["value"] - m["value"]) - (best["exact"] - m["exact"])
        gaps.append((g, m["gap_error"], math.sqrt(max(m["gap_error"] ** 2 - me[1] ** 2, 0.0))))
    return vals, gaps


def n_inside(items) -> int:
    """How many (error, half-width, ...) items hold the exact value inside their ±."""
    return sum(abs(it[0]) <= it[1] + 1e-9 for it in items)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    return f"{cpu}, {os.cpu_count()} cores, load {load:.1f}, Python {platform.python_version()}"


def cmd_table(args) -> None:
    rows = read_rows(args.raw)
    groups = defaultdict(list)
    for r in rows:
        groups[(r.get("game", "scoperta"), r["objective"], str(r["talon"]), r["role"], r["set"],
                r["budget"])].append(r)
    print(f"machine: {machine()}")
    print("| game | objective | stage | set | time limit | positions | exact answers | card values "
          "estimated | inside ± | mean stated ± | mean error | mean abs error | worst | gaps "
          "inside ± | best card exact |")
    print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    clusters = {}
    for (game, obj, talon, role, name, budget), rs in sorted(groups.items()):
        vals, gaps, best = [], [], 0
        for r in rs:
            ex = {m["card"]: m["exact"] for m in r["moves"]}
            best += ex[r["moves"][0]["card"]] == max(ex.values())
            if not r["exact_answer"]:
                v, g = items(r)
                vals += v
                gaps += g
                if v:
                    clusters.setdefault((game, obj, talon, role, name, budget), []).append(
                        (n_inside(v), len(v)))
        n_exact = sum(r["exact_answer"] for r in rs)
        if vals:
            inside = n_inside(vals) / len(vals)
            g_in = f"{100 * n_inside(gaps) / len(gaps):.1f} %" if gaps else "-"
            stated = sum(h for _, h, _ in vals) / len(vals)
            bias = sum(e for e, _, _ in vals) / len(vals)
            mae = sum(abs(e) for e, _, _ in vals) / len(vals)
            worst = max(abs(e) for e, _, _ in vals)
            print(f"| {game} | {obj} | {talon} | {name} | {budget:g} s | {len(rs)} | {n_exact} | "
                  f"{len(vals)} | {100 * inside:.1f} % | {stated:.2f} | {bias:+.2f} | "
                  f"{mae:.2f} | {worst:.1f} | {g_in} | {100 * best / len(rs):.1f} % |")
        else:
            print(f"| {game} | {obj} | {talon} | {name} | {budget:g} s | {len(rs)} | {n_exact} | 0 | "
                  f"- | - | - | - | - | - | {100 * best / len(rs):.1f} % |")
    if clusters:
        print_coverage(clusters, outside_icc(clusters.values()))


def wilson(inside: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``inside`` seen over ``n`` (not necessarily
    whole) independent trials."""
    if n <= 0:
        return 0.0, 1.0
    c = z * z / n
    mid = (inside + c / 2) / (1 + c)
    half = z * math.sqrt(inside * (1 - inside) / n + c / (4 * n)) / (1 + c)
    return max(mid - half, 0.0), min(mid + half, 1.0)


def outside_icc(rows_clusters) -> float:
    """How much a position's values miss together: the intra-position correlation of
    "outside the ±" (the one-way ANOVA estimator), pooled over rows, each position's share
    taken from its own row's. ``rows_clusters``: per row, a list of (inside, values) per
    position. 0 where the rows tell nothing (no miss, or one value a position)."""
    msb = msw = 0.0
    n = c = sq = 0
    for clusters in rows_clusters:
        tot = sum(m for _, m in clusters)
        if not tot:
            continue
        p = 1 - sum(k for k, _ in clusters) / tot
        for k, m in clusters:
            q = 1 - k / m
            msb += m * (q - p) ** 2
            msw += m * q * (1 - q)
            sq += m * m
        n += tot
        c += len(clusters)
    if c < 2 or n <= c:
        return 0.0
    msb /= c - 1
    msw /= n - c
    m0 = (n - sq / n) / (c - 1)
    den = msb + (m0 - 1) * msw
    return max((msb - msw) / den, 0.0) if den > 0 else 0.0


def coverage_interval(clusters, icc: float) -> tuple[float, float, float]:
    """(share inside, low, high): a 95 % interval of the coverage a row measures, its values
    counted as n / (1 + (mean values a position - 1) × icc) independent ones, since a
    position's cards share most of their error (the design effect of sampling positions,
    not values)."""
    n = sum(m for _, m in clusters)
    share = sum(k for k, _ in clusters) / n
    deff = 1 + (n / len(clusters) - 1) * icc
    lo, hi = wilson(share, n / deff)
    return share, lo, hi


def print_coverage(groups, icc: float) -> None:
    """Each row's coverage with its uncertainty, then the fresh sets pooled by game,
    objective, stage and time limit: whether a row under 90 % says more than its few
    positions can."""
    print(f"\nhow sure each row's coverage is (a position's misses go together: intra-position "
          f"correlation {icc:.2f}, pooled over these rows)")
    print("| game | objective | stage | set | time limit | positions estimated | values | "
          "inside ± | 95 % interval of the coverage |")
    print("|---|---|---:|---|---:|---:|---:|---:|---:|")
    pooled = defaultdict(lambda: ([], set()))
    for (game, obj, talon, role, name, budget), clusters in sorted(groups.items()):
        share, lo, hi = coverage_interval(clusters, icc)
        print(f"| {game} | {obj} | {talon} | {name} | {budget:g} s | {len(clusters)} | "
              f"{sum(m for _, m in clusters)} | {100 * share:.1f} % | "
              f"{100 * lo:.1f}-{100 * hi:.1f} % |")
        if role == "fresh":
            pooled[(game, obj, talon, budget)][0].extend(clusters)
            pooled[(game, obj, talon, budget)][1].add(name)
    if not pooled:
        return
    print("\nthe fresh sets pooled")
    print("| game | objective | stage | time limit | sets | positions estimated | values | "
          "inside ± | 95 % interval of the coverage |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for (game, obj, talon, budget), (clusters, names) in sorted(pooled.items()):
        share, lo, hi = coverage_interval(clusters, icc)
        print(f"| {game} | {obj} | {talon} | {budget:g} s | {len(names)} | {len(clusters)} | "
              f"{sum(m for _, m in clusters)} | {100 * share:.1f} % | "
              f"{100 * lo:.1f}-{100 * hi:.1f} % |")


#: bands of the time the set's exact search took on a position (exact_sets.py: a fresh table,
#: the machine that made the set, two cores): where ``analyse`` at 5 s answers with an estimate
SOLVE_BANDS = ((0.0, "under 2 s"), (2.0, "2-4 s"), (4.0, "4 s or more"))


def cmd_hard(args) -> None:
    """The estimates split by how long the exact search takes on their positions: at 5 s the
    estimates a user sees at talon 12 are of the positions the exact search cannot finish,
    how many depends on the machine, so the 5 s rows are few and vary; the same positions'
    estimates at the shorter time limits (no exact search tried) show whether the ± holds on
    the hard positions, on every position of the sets."""
    sets = all_sets()
    seconds = {}
    groups = defaultdict(list)
    for r in read_rows(args.raw):
        if r["exact_answer"] or r["set"] not in sets:
            continue
        path = sets[r["set"]][4]
        if path not in seconds:
            seconds[path] = [sec for _, _, sec in exact_sets.load(path)]
        sec = seconds[path][r["i"]]
        if sec is None:
            continue
        band = [name for low, name in SOLVE_BANDS if sec >= low][-1]
        v, _ = items(r)
        if v:
            groups[(r.get("game", "scoperta"), r["objective"], r["talon"], r["role"],
                    r["budget"], band)].append(v)
    if not groups:
        print("no estimate of a position whose exact solve time is known")
        return
    clusters = {key: [(n_inside(v), len(v)) for v in g] for key, g in groups.items()}
    rho = outside_icc(clusters.values())
    print(f"machine: {machine()}; intra-position correlation of misses {rho:.2f}")
    print("| game | objective | stage | sets | time limit | exact solve | positions | values | "
          "inside ± | 95 % interval of the coverage | mean stated ± | mean abs error |")
    print("|---|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|")
    order = {name: k for k, (_, name) in enumerate(SOLVE_BANDS)}
    for key in sorted(groups, key=lambda k: (*k[:5], order[k[5]])):
        game, obj, talon, role, budget, band = key
        g = groups[key]
        vals = [x for v in g for x in v]
        share, lo, hi = coverage_interval(clusters[key], rho)
        print(f"| {game} | {obj} | {talon} | {role} | {budget:g} s | {band} | {len(g)} | "
              f"{len(vals)} | {100 * share:.1f} % | {100 * lo:.1f}-{100 * hi:.1f} % | "
              f"{sum(h for _, h, _ in vals) / len(vals):.2f} | "
              f"{sum(abs(e) for e, _, _ in vals) / len(vals):.2f} |")


def needed(items, share: float = 0.95) -> float:
    """The smallest method half-width m that puts ``share`` of the exact values inside
    hypot(sampling half-width, m): the items are (error, sampling half-width)."""
    ms = sorted(math.sqrt(max(e * e - h * h, 0.0)) for e, h in items)
    return ms[max(math.ceil(share * len(ms)) - 1, 0)]


def cmd_fit(args) -> None:
    rows = [r for r in read_rows(args.raw) if r["role"] == "fit" and not r["exact_answer"]
            and r.get("interval") != "no sampling"]
    by = defaultdict(lambda: (defaultdict(list), defaultdict(list)))
    for r in rows:
        v, g = items(r)
        game = r.get("game", "scoperta")
        key = (r["objective"], r["talon"], method_family(r["method"]) if game == "scoperta"
               else f"{game}, {r['method']}")
        by[key][0][r["budget"]] += [(e, h) for e, _, h in v]
        by[key][1][r["budget"]] += [(e, h) for e, _, h in g]
    print("the half-width each time limit needs for 95 % inside (the shipped one: the "
          "largest, rounded up)")
    print("| objective | talon | method | time limit | values | value's | gaps | gap's |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for key in sorted(by):
        vals, gaps = by[key]
        for b in sorted(vals):
            g = gaps.get(b, [])
            print(f"| {key[0]} | {key[1]} | {key[2]} | {b:g} s | {len(vals[b])} | "
                  f"{needed(vals[b]):.2f} | {len(g)} | {needed(g) if g else float('nan'):.2f} |")


def _moved_by(row) -> float | None:
    """How far the cards still estimated beside solved ones were moved (the note of
    Analysis.with_solved), None where no note says so."""
    for text in row.get("notes", []):
        note = Note.read(text)
        if note.key == "note.exact.shifted":
            return float(note.fields["points"])
    return None


def cmd_moved(args) -> None:
    """The answers with cards an exact search solved and others estimated, their estimated
    values as moved (estimate.SOLVED_SHARE) and as they were before (the move taken back):
    paired on the same answers."""
    groups = defaultdict(list)
    for r in read_rows(args.raw):
        solved = [m.get("solved") for m in r["moves"]]
        if not r["exact_answer"] and any(solved) and not all(solved):
            groups[(r["set"], r["budget"])].append(r)
    if not groups:
        print("no answer with cards both solved and estimated")
        return
    print(f"machine: {machine()}")
    print("| set | time limit | answers | values | mean abs error unmoved | moved | inside ± "
          "unmoved | moved | best card exact unmoved | moved |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    tables = [(name, f"{budget:g} s", rs) for (name, budget), rs in sorted(groups.items())]
    for obj in sorted({r.get("objective", "points") for rs in groups.values() for r in rs}):
        # one objective's errors a row: points and chances of winning do not add up
        tables.append((f"all, {obj}", "all", [r for rs in groups.values() for r in rs
                                               if r.get("objective", "points") == obj]))
    for name, when, rs in tables:
        err = {False: [], True: []}
        best = {False: 0, True: 0}
        for r in rs:
            shift = _moved_by(r) or 0.0
            exact = {m["card"]: m["exact"] for m in r["moves"]}
            for moved in (False, True):
                value = {m["card"]: m["exact"] if m.get("solved") else
                         m["value"] - (0.0 if moved else shift) for m in r["moves"]}
                err[moved] += [(value[m["card"]] - m["exact"], m["error"]) for m in r["moves"]
                               if not m.get("solved")]
                best[moved] += exact[max(value, key=value.get)] >= max(exact.values()) - 1e-9
        mae = {k: sum(abs(e) for e, _ in v) / len(v) for k, v in err.items()}
        inside = {k: 100 * n_inside(v) / len(v) for k, v in err.items()}
        print(f"| {name} | {when} | {len(rs)} | {len(err[False])} | {mae[False]:.3f} | "
              f"{mae[True]:.3f} | {inside[False]:.1f} % | {inside[True]:.1f} % | "
              f"{100 * best[False] / len(rs):.1f} % | {100 * best[True] / len(rs):.1f} % |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="analyse every position of the sets at each time limit")
    r.add_argument("--sets", default="fresh", help="fit, fresh, all, or set names, comma separated")
    r.add_argument("--talons", default="", help="only these talon sizes, comma separated")
    r.add_argument("--games", default="", help="only these games (scoperta, classic, ...)")
    r.add_argument("--budgets", default="0.2,1,5")
    r.add_argument("--n", type=int, default=0, help="only the first N positions of each set")
    r.add_argument("--out", default="", help="append the raw answers to this JSONL file")
    r.add_argument("--force-depth", action="store_true",
                   help="scoperta: auto's depth-limited samples even where it would solve each "
                        "order to the end (the depth family's error, measured at talon 10-14 "
                        "for the talons beyond, where it is what auto uses)")
    r.add_argument("--estimate", action="store_true",
                   help="open four-player sets: the estimator alone, no exact search first (its "
                        "error where the exact search always finishes: the shape of the "
                        "method's error by talon)")
    r.add_argument("--cold", action="store_true",
                   help="each analysis a `briscola analyse --json` process of its own (what a "
                        "user's one command gets), not one engine whose tables are kept")
    t = sub.add_parser("table", help="the coverage table of raw answers")
    t.add_argument("raw", nargs="+")
    f = sub.add_parser("fit", help="the method's error of the fit sets' raw answers")
    f.add_argument("raw", nargs="+")
    m = sub.add_parser("moved", help="the values estimated beside solved cards, moved and "
                       "unmoved, paired on the same answers")
    m.add_argument("raw", nargs="+")
    h = sub.add_parser("hard", help="the estimates split by how long the exact search takes "
                       "on their positions")
    h.add_argument("raw", nargs="+")
    args = ap.parse_args(argv)
    {"run": cmd_run, "table": cmd_table, "fit": cmd_fit, "moved": cmd_moved,
     "hard": cmd_hard}[args.cmd](args)


if __name__ == "__main__":
    main()
