"""Anytime estimates for positions the exact search cannot finish in time.

Three estimators, each giving every card a value and the half-width of a 95 % interval
(sampling error only: the clairvoyant ones also carry a bias, measured in
benchmarks/bench_estimator.py):

- ``sampled-expectimax``: each card (and each reply when leading) is played to the first
  draw; that draw is sampled and the position after it solved exactly. No clairvoyance
  bias; once every draw has been visited the values are exact. Used up to talon 8.
- ``sampled-clairvoyant-depthN``: talon orders sampled uniformly, each searched N tricks
  deep knowing the order, the points beyond the horizon counted as split evenly. Many
  cheap samples; at talon 10 it chose better than full clairvoyant solves. Used beyond
  talon 8 for the points objective, except at talon 12.
- ``sampled-clairvoyant``: talon orders sampled, each solved to the end by the kernel
  (talon 12, and the win objective beyond talon 8; falls back to a depth it can afford).

When leading, auto keeps the samples per (card, reply) line and values a card by its worst
reply's mean ("-lines"): the reply, like the card, is chosen without seeing the talon.
Plain clairvoyant sampling lets the reply see the future; lines cut that bias (talon 12:
-1.4 to -0.3 points) and pick an exact best card more often.

Every card is scored on the same samples (differences between cards are less noisy than
the values: each card but the best also gets the interval of its gap from the best, paired
sample by sample), and the first draw (loser's card, new top) is stratified. The clock is
checked between short kernel calls; Ctrl-C between samples returns what is known.
"""
from __future__ import annotations

import random
import time
from dataclasses import replace

import numpy as np

from solver.analysis import driver
from solver.analysis.progress import say, wants_progress
from solver.analysis.result import (BOUND, NO_SAMPLING, SAMPLING_ONLY, Analysis, MoveValue,
                                   value_bound)
from solver.analysis.sampler import (PROGRESS_AFTER, Sample, best_line, deadline_of, run,
                                    seed_for)
from solver.analysis.stats import Sums
from solver.search.depth import dl_search as _dl_search
from solver.position import Position

MIN_TIME = 0.02             # a caller whose deadline has passed still gets an answer this fast
SLICE_NODES = 10_000        # nodes per kernel call between clock checks (a few ms; the
                            # driver's default slice is sized for exact analyses, ~0.5 s)
EXPECTIMAX_MAX_UNSEEN = 6   # auto: expectimax up to talon 8 (children exact in ~1-10 ms)
DEFAULT_DEPTH = 5           # auto: horizon (tricks) of the sampled search beyond talon 8
#: talon sizes where auto samples full clairvoyant solves for the points objective instead
#: of depth-5 ones. At 1 s, a best card that is an exact best: talon 12 (40 positions)
#: full 90 %, full with lines 95 %, depth 5 80 %, depth 5 with lines 90 %; talon 10 (60)
#: depth 5 with lines 93.3 %, depth 5 91.7 %, full with lines 88.3 %, full 85 %. Auto always
#: uses lines (the reply chosen without seeing the talon): they measured better everywhere,
#: the win objective too (talon 10: 97.5 % against 92.5 %).
FULL_CLAIRVOYANT_TALONS = (12,)
NODES_PER_SECOND = 30_000_000  # depth-limited search, measured ~45M/s (caps a sample at the deadline)


# ---- sampling --------------------------------------------------------------------------

class _Sampler:
    """Talon orders for a position: top first, trump card last, the first draw stratified."""

    def __init__(self, pos: Position, rng: random.Random):
        self.pos = pos
        self.rng = rng
        self.unseen = [c for c in range(40) if (pos.unseen >> c) & 1]
        self.pairs: list[tuple[int, int]] = []
        self.i = 0

    def order(self) -> tuple[int, ...]:
        p = self.pos
        if p.talon_order is not None:
            return p.talon_order
        if p.talon_size == 0:
            return ()
        rest = list(self.unseen)
        head: list[int] = []
        if len(rest) >= 2:
            if self.i % (len(rest) * (len(rest) - 1)) == 0:
                self.pairs = [(x, y) for x in rest for y in rest if x != y]
                self.rng.shuffle(self.pairs)
            x, y = self.pairs[self.i % len(self.pairs)]
            head = [x, y]
            rest.remove(x)
            rest.remove(y)
        self.rng.shuffle(rest)
        self.i += 1
        return (p.top, *head, *rest, p.briscola)


def _clair_copy(pos: Position, order: tuple[int, ...]) -> Position:
    if not order:
        return pos
    return replace(pos, talon_order=order, top=order[0])


def _full_values(pos: Position, objective: str, cards, deadline: float | None):
    """Exact values of ``cards`` for one clairvoyant position (plain numbers for the mover),
    with the nodes spent; None when the deadline came first."""
    s = driver.Search(pos, objective)
    out = []
    for c in cards:
        v = s.move_value(c, deadline, slice_nodes=SLICE_NODES)
        if v is None:
            return None, s.nodes
        out.append(v / s.denominator)
    return out, s.nodes


def _dl_sample(pos: Position, objective: str, cards, depth: int, deadline: float | None):
    """Depth-limited values of one clairvoyant position, or None past the deadline."""
    order = np.array(pos.talon_order or (), dtype=np.int64)
    out = np.zeros(len(cards), dtype=np.int64)
    stats = np.zeros(3, dtype=np.int64)
    left = None if deadline is None else deadline - time.perf_counter()
    stats[1] = 1 << 40 if left is None else max(10_000, int(left * NODES_PER_SECOND))
    big = 1 << 30
    for j, c in enumerate(cards):
        out[j] = _dl_search(pos.hands[0], pos.hands[1], pos.table[0] if pos.table else -1, order, 0, pos.to_move, depth, -big, big,
                            pos.trump_suit, c, stats)
        if stats[2]:
            break
    if stats[2]:
        return None, int(stats[0])
    if objective == "win":
        s = pos.score or (0, 0)
        my, op = (s[0], s[1]) if pos.to_move == 0 else (s[1], s[0])
        R = pos.points_in_play
        vals = []
        for d in out:
            final = my + (R + int(d)) / 2
            vals.append(1.0 if final > 60 else 0.5 if final == 60 else 0.0)
        return vals, int(stats[0])
    return [float(d) for d in out], int(stats[0])


def _line_values(pos: Position, objective: str, cards, depth: int | None,
                 deadline: float | None):
    """Values for the leader of every (card, reply) line of one clairvoyant position: the
    reply's value searched from the follower's side, or (None, nodes) past the deadline."""
    out, nodes = [], 0
    for c in cards:
        child = pos.play(c)
        replies = child.legal_cards()
        if depth is None:
            vals, n = _full_values(child, objective, replies, deadline)
        else:
            vals, n = _dl_sample(child, objective, replies, depth, deadline)
        nodes += n
        if vals is None:
            return None, nodes
        out.extend(1.0 - v if objective == "win" else -v for v in vals)
    return out, nodes


def _per_card(cards, line_cards, means, errs):
    """Per-card (means, errors, the line each is read from) from per-line ones: a card is
    worth its worst line."""
    if line_cards is cards:
        return means, errs, np.arange(len(cards))
    m = np.zeros(len(cards))
    e = np.zeros(len(cards))
    col = np.zeros(len(cards), dtype=np.int64)
    for j, c in enumerate(cards):
        idx = [i for i, lc in enumerate(line_cards) if lc == c]
        k = min(idx, key=lambda i: means[i])
        m[j], e[j], col[j] = means[k], errs[k], k
    return m, e, col


def _ranked_moves(cards, line_cards, stats: Sums, bound: float, exact: bool):
    """(the moves best first, every best card) from per-line sums: a card is worth its
    worst line, with its value's interval and its gap's from the best card (zero when
    ``exact``: nothing was left to chance)."""
    means, errs, col = _per_card(cards, line_cards, stats.means(), stats.errors(bound))
    rank = sorted(range(len(cards)), key=lambda j: (-means[j], cards[j]))
    gaps = stats.gap_errors(int(col[rank[0]]), bound)[col]
    if exact:
        errs = gaps = np.zeros(len(cards))
    moves = tuple(MoveValue(cards[j], float(means[j]), None, float(errs[j]),
                            None if j == rank[0] else float(gaps[j])) for j in rank)
    return moves, tuple(m.card for m in moves if m.value == moves[0].value)


METHODS = ("auto", "expectimax", "clairvoyant", "clairvoyant-lines", "depth")


def analyse(pos: Position, objective: str = "points", time_limit: float | None = None,
            t0: float | None = None, *, samples: int | None = None, seed: int | None = None,
            progress: bool | None = None, method: str = "auto", depth: int | None = None):
    """An Analysis with exact=False: per-card estimates, each with the half-width of a 95 %
    interval (sampling error only), within ``time_limit`` seconds counted from ``t0``.

    ``method``: "expectimax" (analyse_expectimax), "clairvoyant" (sampled talon orders,
    each solved to the end; shallower when one solve does not fit the budget), "depth"
    (sampled orders searched ``depth`` tricks deep), or "auto": what measured best in
    benchmarks/bench_estimator.py -- expectimax while the position after the first draw
    is cheap to solve exactly (talon <= 8), else depth-limited sampling (points) or
    clairvoyant sampling (win). ``samples`` stops after that many samples (with no time
    limit the limit is sampler.DEFAULT_TIME); ``seed`` makes the samples reproducible (default:
    derived from the position).
    """
    if method not in METHODS:
        raise ValueError(f"unknown estimate method '{method}' ({', '.join(METHODS)})")
    random_talon = not pos.clairvoyant and pos.talon_size > 2
    if not random_talon:
        return _deepening(pos, objective, time_limit, t0)
    if method == "expectimax" or (method == "auto" and random_talon
                                  and pos.unseen.bit_count() <= EXPECTIMAX_MAX_UNSEEN):
        return analyse_expectimax(pos, objective, time_limit, t0, samples=samples, seed=seed,
                                  progress=progress)
    if method == "depth" or (method == "auto" and objective == "points"
                             and pos.talon_size not in FULL_CLAIRVOYANT_TALONS):
        depth = depth or DEFAULT_DEPTH
    elif method in ("clairvoyant", "clairvoyant-lines", "auto"):
        depth = None
    return analyse_clairvoyant(pos, objective, time_limit, t0, samples=samples, seed=seed,
                               progress=progress, depth=depth,
                               lines=method in ("auto", "clairvoyant-lines"))


def analyse_clairvoyant(pos: Position, objective: str = "points", time_limit: float | None = None,
                        t0: float | None = None, *, samples: int | None = None,
                        seed: int | None = None, progress: bool | None = None,
                        depth: int | None = None, lines: bool = False):
    """Per-card means over sampled talon orders, each order solved with the talon known:
    to the end (``depth`` None, when one solve fits a quarter of the budget) or ``depth``
    tricks deep with the points beyond split evenly.

    ``lines`` (when leading): the means are kept per (card, reply) and a card is worth its
    worst reply's mean, so the reply, like the card, is chosen without knowing the talon
    (plain clairvoyant sampling lets the reply see the future)."""
    t0 = time.perf_counter() if t0 is None else t0
    deadline = deadline_of(t0, time_limit, samples, MIN_TIME)
    if progress is None:
        progress = wants_progress()
    rng = random.Random(seed_for(pos, objective) if seed is None else seed)
    cards = pos.legal_cards()
    bound = value_bound(pos, objective)
    sampler = _Sampler(pos, rng)
    lines = lines and not pos.table and pos.talon_size > 2 and not pos.clairvoyant
    line_cards = ([c for c in cards for _ in pos.play(c).legal_cards()] if lines else cards)
    stats = Sums(len(line_cards))

    def values(cpos, dl_depth, until):
        if lines:
            return _line_values(cpos, objective, cards, dl_depth, until)
        if dl_depth is None:
            return _full_values(cpos, objective, cards, until)
        return _dl_sample(cpos, objective, cards, dl_depth, until)
    notes: list[str] = []

    # Pick the search: a full clairvoyant solve when one fits a quarter of the budget.
    mode_depth = depth
    pending = []
    nodes = 0
    if mode_depth is None:
        order = sampler.order()
        trial = None
        if deadline is not None:
            now = time.perf_counter()
            trial = now + max((deadline - now) * 0.25, 0.005)
        vals, nodes = values(_clair_copy(pos, order), None, trial)
        if vals is not None:
            stats.add(vals)
        else:
            mode_depth = _pick_depth(pos, objective, cards, order, deadline)
            pending.append(order)

    def one(until):
        order = pending.pop() if pending else sampler.order()
        return Sample(*values(_clair_copy(pos, order), mode_depth, until))

    def line(t, sums):
        if not sums.n:
            return None
        m, _, _ = _per_card(cards, line_cards, sums.means(), sums.errors(bound))
        best = cards[int(np.argmax(m))]
        return best_line("estimate", t, sums.n, best, m[cards.index(best)])
    once = stats.n + 1  # nothing random: one sample is the whole answer
    r = run(one, stats, t0=t0, deadline=deadline, samples=samples, nodes=nodes,
            done=(lambda s: s.n >= once) if pos.talon_size <= 2 or pos.clairvoyant else None,
            progress=line if progress else None)
    nodes = r.nodes
    if r.stopped == "interrupted":
        notes.append("interrupted: estimate from the samples taken so far")

    if stats.n == 0:
        # Not even one sample in time: the shallowest search on one order.
        order = sampler.order()
        vals, spent = values(_clair_copy(pos, order), 1, None)
        nodes += spent
        stats.add(vals)
        mode_depth = 1
        notes.append("no sample finished in time: one-trick lookahead on one talon order")

    exact = (pos.talon_size <= 2 or pos.clairvoyant) and mode_depth is None
    moves, best = _ranked_moves(cards, line_cards, stats, bound, exact)
    method = "sampled-clairvoyant" if mode_depth is None else f"sampled-clairvoyant-depth{mode_depth}"
    if lines:
        method += "-lines"
    notes.insert(0, f"{stats.n} samples")
    if progress and time.perf_counter() - t0 >= PROGRESS_AFTER:
        say(best_line("estimate", time.perf_counter() - t0, stats.n, best[0], moves[0].value))
    return Analysis(pos, objective, False, moves[0].value, None, moves, best, (best[0],), nodes,
                    time.perf_counter() - t0, method, tuple(notes),
                    interval=NO_SAMPLING if exact else BOUND if stats.n < 2 else SAMPLING_ONLY)


def _deepening(pos: Position, objective: str, time_limit: float | None, t0: float | None):
    """Nothing random left (talon order known): search deeper and deeper until the time is
    up; the deepest finished search answers (exact once it reaches the end)."""
    t0 = time.perf_counter() if t0 is None else t0
    deadline = None if time_limit is None else max(t0 + time_limit, time.perf_counter() + MIN_TIME)
    cards = pos.legal_cards()
    order = pos.talon_order or ((pos.top, pos.briscola) if pos.talon_size == 2 else ())
    cpos = _clair_copy(pos, order)
    tricks_left = (popcount_int(pos.hands[0] | pos.hands[1]) + len(pos.table) + pos.talon_size) // 2
    vals, nodes = _dl_sample(cpos, objective, cards, 1, None)
    d = 1
    try:
        while d < tricks_left and (deadline is None or time.perf_counter() < deadline):
            more, n = _dl_sample(cpos, objective, cards, d + 1, deadline)
            nodes += n
            if more is None:
                break
            vals, d = more, d + 1
    except KeyboardInterrupt:
        stopped = True
    else:
        stopped = False
    full = d >= tricks_left
    # searched to the end the points are exact; the win objective was only approximated
    # by the point-maximising line, so it keeps the widest error
    err = 1.0 if objective == "win" else 0.0 if full else float(pos.points_in_play)
    rank = sorted(range(len(cards)), key=lambda j: (-vals[j], cards[j]))
    moves = tuple(MoveValue(cards[j], float(vals[j]), None, err) for j in rank)
    best = tuple(cards[j] for j in rank if vals[j] == vals[rank[0]])
    note = "searched to the end" if full else f"searched {d} of {tricks_left} tricks"
    return Analysis(pos, objective, False, moves[0].value, None, moves, best, (best[0],), nodes,
                    time.perf_counter() - t0, f"deepening-depth{d}",
                    (note,) + (("interrupted: the deepest search finished so far",) if stopped else ()),
                    interval=NO_SAMPLING if err == 0 else BOUND)


def _pick_depth(pos: Position, objective: str, cards, order, deadline: float | None) -> int:
    """The deepest horizon (tricks) whose one-sample search leaves room for ~30 samples."""
    cpos = _clair_copy(pos, order)
    tricks_left = (popcount_int(pos.hands[0] | pos.hands[1]) + len(pos.table) + pos.talon_size) // 2
    budget = 0.05 if deadline is None else max((deadline - time.perf_counter()) / 30, 0.001)
    d = 1
    while d < tricks_left:
        t = time.perf_counter()
        vals, _ = _dl_sample(cpos, objective, cards, d + 1, deadline)
        dt = time.perf_counter() - t
        if vals is None or dt > budget:
            break
        d += 1
        if dt * 6 > budget:
            break
    return d


def popcount_int(m: int) -> int:
    return m.bit_count()


# ---- sampled expectimax: chance sampled at the first draw, exact below -------------------

def analyse_expectimax(pos: Position, objective: str = "points", time_limit: float | None = None,
                       t0: float | None = None, *, samples: int | None = None,
                       seed: int | None = None, progress: bool | None = None):
    """Every card (and every reply when leading) played out to the first draw; that draw
    sampled (stratified, the same outcomes for every line); the position after it solved
    exactly. Unbiased, and exact once every outcome has been visited, but each outcome
    costs up to nine exact solves of a talon two cards smaller: the method of choice only
    while those are cheap (talon <= 8)."""
    t0 = time.perf_counter() if t0 is None else t0
    deadline = deadline_of(t0, time_limit, samples, MIN_TIME)
    if pos.clairvoyant or pos.talon_size <= 2:
        raise ValueError("sampled expectimax needs hidden talon cards")
    if progress is None:
        progress = wants_progress()
    sampler = _Sampler(pos, random.Random(seed_for(pos, objective) if seed is None else seed))
    mover = pos.to_move
    cards = pos.legal_cards()
    lines = []  # (card, reply or -1, position before the draw)
    for c in cards:
        if not pos.table:
            p1 = pos.play(c)
            lines.extend((c, r, p1) for r in p1.legal_cards())
        else:
            lines.append((c, -1, pos))
    st = Sums(len(lines))
    u = pos.unseen.bit_count()
    outcomes = u * (u - 1)

    def one(until):
        order = sampler.order()
        draws = (order[0], order[1], order[2])
        vals, nodes = [], 0
        for c, r, p1 in lines:
            if until is not None and time.perf_counter() > until:
                return Sample(None, nodes)
            child = p1.play(c, draws=draws) if r < 0 else p1.play(r, draws=draws)
            if child.is_over:
                v_child = 0.0
            else:
                res = driver.exact_values(child, objective, until, SLICE_NODES)
                if res is None:
                    return Sample(None, nodes)
                v_child = float(max(res[0].values()))
                nodes += res[1]
            same = child.to_move == mover  # the trick's winner leads after the draw
            if objective == "win":
                vals.append(v_child if same else 1.0 - v_child)
            else:
                got = pos.points_in_play - child.points_in_play
                vals.append(got + v_child if same else -got - v_child)
        return Sample(vals, nodes)
    r = run(one, st, t0=t0, deadline=deadline, samples=samples,
            done=lambda s: s.n == outcomes,  # the stratified draws visited every outcome once
            progress=(lambda t, s: f"estimate: {t:.1f} s, {s.n} of {outcomes} draws")
            if progress else None)
    nodes, interrupted, enumerated = r.nodes, r.stopped == "interrupted", r.stopped == "done"
    if st.n == 0:
        return analyse_clairvoyant(pos, objective, 0.0, progress=False, depth=DEFAULT_DEPTH)
    moves, best = _ranked_moves(cards, [c for c, _, _ in lines], st,
                                value_bound(pos, objective), enumerated)
    notes = [f"{st.n} samples"]
    if interrupted:
        notes.append("interrupted: estimate from the samples taken so far")
    if enumerated:
        notes.append(f"all {outcomes} first draws enumerated: the values are exact")
    return Analysis(pos, objective, False, moves[0].value, None, moves, best, (best[0],), nodes,
                    time.perf_counter() - t0, "sampled-expectimax", tuple(notes),
                    interval=NO_SAMPLING if enumerated else BOUND if st.n < 2 else SAMPLING_ONLY)
