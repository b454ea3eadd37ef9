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
from solver.analysis.result import (
    Analysis,
    Interval,
    Method,
    MoveValue,
    Way,
    interval_kind,
    unit_words,
    value_bound,
)
from solver.analysis.budget import Budget, Limit
from solver.analysis.sampler import PROGRESS_AFTER, Sample, best_line, run, seed_for
from solver.analysis.stats import Sums
from solver.errors import BriscolaError, Count, Note
from solver.analysis.threads import check_stop, shielded
from solver.cards import cards_of
from solver.search.depth import dl_lines as _dl_lines_kernel
from solver.search.depth import dl_search as _dl_search
from solver.search.leaf import ONE, depth_weights
from solver.position import Position

SLICE_NODES = 10_000  # nodes per kernel call between clock checks (a few ms; the
# driver's default slice is sized for exact analyses, ~0.5 s)
EXPECTIMAX_MAX_UNSEEN = 6  # auto: expectimax up to talon 8 (children exact in ~1-10 ms)
#: auto beyond talon 8, points: talon orders solved to the end when the time holds
#: FULL_MIN_SAMPLES of them, else DEFAULT_DEPTH tricks deep (the points beyond split
#: evenly). On the 10 talon-14 positions of benchmarks/data, with the second trick's
#: correction, mean |estimate - exact|: at 0.2 s full 3.03 (too few samples), depth 5
#: 1.31; at 5 s full 0.91, depth 5 1.14 (its horizon errs by up to 5 points). Auto always
#: uses lines (the reply chosen without seeing the talon): they measured better
#: everywhere, the win objective too (talon 10: 97.5 % exact best cards against 92.5 %).
DEFAULT_DEPTH = 5
FULL_MIN_SAMPLES = 30
#: depth-limited search, measured ~45M/s (caps a sample at the deadline)
NODES_PER_SECOND = 30_000_000
#: the second trick's correction (_SecondTrick): its leads searched this many tricks deep,
#: on this many orders of the rest of the talon per first draw; it gets this share of the
#: time, or (with a sample budget) one first draw every CORRECTION_EVERY talon orders
CORRECTION_DEPTH = 4
CORRECTION_ORDERS = 8
CORRECTION_SHARE = 0.4
CORRECTION_EVERY = 16
#: the correction takes out the second trick's clairvoyance only: the tricks after it still
#: see the talon and err the same way, the more so the more tricks are left. So it counts
#: 1 + gain * (talon - 10) times, up to talon 14 (no exact value beyond to fit on), and for
#: the points the third trick's correction, along the second's blind line, counts
#: gain * (talon - 10) times: CORRECTION_GAINS, per objective, a gain a trick from the
#: second. Fitted on the fit sets at talon 12-14, 0.2 and 1 s pooled. The third trick
#: (prototype, fresh sets): mean |estimate - exact| at 1 s talon 14 0.78 -> 0.67, talon 12
#: 0.66 -> 0.61, at 0.2 s 0.80 -> 0.77; a fourth trick paid less than its time at 0.2 s
#: (fit sets: 0.81 -> 0.87 at talon 12) and 0.01-0.03 at 1 s. The win keeps its one gain
#: (its third trick not fitted).
CORRECTION_GAINS: dict[str, tuple[float, ...]] = {"points": (0.2, 0.3), "win": (0.275,)}


def correction_weights(talon: int, objective: str = "points") -> tuple[float, ...]:
    """How many times each trick's correction counts at this talon size, from the second
    trick's on."""
    k = min(max(talon - 10, 0), 4)
    first, *later = CORRECTION_GAINS[objective]
    return (1.0 + first * k, *(g * k for g in later))


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


def _full_values(pos: Position, objective: str, cards, deadline: float | None, gen=None):
    """Exact values of ``cards`` for one clairvoyant position (plain numbers for the mover),
    with the nodes spent; None when the deadline came first. ``gen``: the table generation
    of the same talon order's other searches, whose entries this one may read."""
    s = driver.Search(pos, objective, gen=gen)
    out = []
    for c in cards:
        v = s.move_value(c, deadline, slice_nodes=SLICE_NODES, quiet=True)
        if v is None:
            return None, s.nodes
        out.append(v / s.denominator)
    return out, s.nodes


#: the depth kernel's leaf and ending: fitted, the last tricks past the horizon searched
#: to the end once the talon is drawn (the estimator's samples); or an even split of the
#: points beyond the horizon (the second trick's correction, whose weight was fitted with
#: it, and a known order deepened, whose bound is the points beyond its horizon)
_LEAF = ((depth_weights(False), 0), (depth_weights(), 1))


def _suffix_masks(orders: np.ndarray) -> np.ndarray:
    """The depth kernel's ``rest`` of each talon order (a row): from each index on, the
    mask of the cards still to draw, and 0 past the last."""
    rests = np.zeros((orders.shape[0], orders.shape[1] + 1), dtype=np.int64)
    if orders.shape[1]:
        rests[:, :-1] = np.bitwise_or.accumulate((1 << orders)[:, ::-1], axis=1)[:, ::-1]
    return rests


def _node_cap(left: float | None) -> int:
    """The nodes a depth-limited search may spend with ``left`` seconds to go."""
    return 1 << 40 if left is None else max(10_000, int(left * NODES_PER_SECOND))


def _depth_values(raw: np.ndarray, objective: str, score, mover: int, in_play: int):
    """``mover``'s values from the depth kernel's (its margin in 1/ONE points over the
    ``in_play`` points left): the points, or the chance of winning that margin gives (one
    half at 60)."""
    if objective != "win":
        return raw / ONE
    final = (score or (0, 0))[mover] + (in_play + raw / ONE) / 2
    return np.where(final > 60, 1.0, np.where(final == 60, 0.5, 0.0))


def _dl_sample(
    pos: Position, objective: str, cards, depth: int, deadline: float | None, leaf: bool = False
):
    """Depth-limited values of one clairvoyant position, the points beyond the horizon
    guessed by the fitted leaf (``leaf``) or split evenly; None past the deadline (looked
    at before each card, as each card's search has the whole node cap)."""
    order = np.array(pos.talon_order or (), dtype=np.int64)
    rest = _suffix_masks(order[None, :])[0]
    out = np.zeros(len(cards), dtype=np.int64)
    stats = np.zeros(3, dtype=np.int64)
    stats[1] = _node_cap(None if deadline is None else deadline - time.perf_counter())
    big = 1 << 50
    for j, c in enumerate(cards):
        if deadline is not None and time.perf_counter() > deadline:
            return None, int(stats[0])
        out[j] = _dl_search(
            pos.hands[0],
            pos.hands[1],
            pos.table[0] if pos.table else -1,
            order,
            0,
            pos.to_move,
            depth,
            -big,
            big,
            pos.trump_suit,
            c,
            stats,
            rest,
            *_LEAF[leaf],
        )
        if stats[2]:
            break
    if stats[2]:
        return None, int(stats[0])
    vals = _depth_values(out, objective, pos.score, pos.to_move, pos.points_in_play)
    return vals.tolist(), int(stats[0])


def _line_values(
    pos: Position,
    objective: str,
    cards,
    depth: int | None,
    deadline: float | None,
    leaf: bool = False,
):
    """Values for the leader of every (card, reply) line of one clairvoyant position: the
    reply's value searched from the follower's side (``depth``: as _dl_lines, with the
    fitted leaf when ``leaf``), or (None, nodes) past the deadline."""
    if depth is not None:
        left = None if deadline is None else deadline - time.perf_counter()
        orders = np.array([pos.talon_order], dtype=np.int64)
        a, nodes = _dl_lines(pos, objective, orders, depth, leaf, left)
        return (None if a is None else a[0].tolist()), nodes
    out: list[float] = []
    nodes = 0
    # the lines of one order share its table entries: their later tricks transpose (talon
    # 14, leads: 41 % fewer nodes a sample, the values the same)
    gen = driver.current().generations.next()
    for c in cards:
        child = pos.play(c)
        vals, n = _full_values(child, objective, child.legal_cards(), deadline, gen)
        nodes += n
        if vals is None:
            return None, nodes
        out.extend(1.0 - v if objective == "win" else -v for v in vals)
    return out, nodes


def _dl_lines(pos: Position, objective: str, orders: np.ndarray, depth: int, leaf: bool, left):
    """The leader's value of every (card, reply) line of ``pos`` (a lead; the leader's
    cards in the notation's order, each with every reply) under each talon order (a row of
    ``orders``, top first), ``depth`` tricks deep, the points beyond guessed by the fitted
    leaf (``leaf``) or split evenly, in one kernel call: (an array, a row per order, and
    the nodes), or (None, nodes) once ``left`` seconds are spent (no time: at once)."""
    if left is not None and left <= 0:
        return None, 0
    hands = pos.hands
    raw = np.zeros(
        (orders.shape[0], popcount_int(hands[0]) * popcount_int(hands[1])), dtype=np.int64
    )
    nodes, stopped = _dl_lines_kernel(
        hands[0],
        hands[1],
        pos.to_move,
        orders,
        _suffix_masks(orders),
        depth,
        pos.trump_suit,
        *_LEAF[leaf],
        _node_cap(left),
        raw,
    )
    if stopped:
        return None, int(nodes)
    v = _depth_values(raw, objective, pos.score, 1 - pos.to_move, pos.points_in_play)
    return (1.0 - v if objective == "win" else -v), int(nodes)


def _per_card(cards, line_cards, means, errs):
    """Per-card (means, errors, the line each is read from) from per-line ones: a card is
    worth its worst line. Its interval is the one the lines' intervals give the least of
    their values, [least lower end, least upper end], as a half-width about the worst
    line's mean: with few samples the worst-looking reply is often not the worst one, and
    the least of noisy means runs low (measured: talon 14, full solves with lines at 0.2 s,
    1.8 points low on average)."""
    if line_cards is cards:
        return means, errs, np.arange(len(cards))
    m = np.zeros(len(cards))
    e = np.zeros(len(cards))
    col = np.zeros(len(cards), dtype=np.int64)
    for j, c in enumerate(cards):
        idx = [i for i, lc in enumerate(line_cards) if lc == c]
        k = min(idx, key=lambda i: means[i])
        lo = min(means[i] - errs[i] for i in idx)
        hi = min(means[i] + errs[i] for i in idx)
        m[j], e[j], col[j] = means[k], max(means[k] - lo, hi - means[k]), k
    return m, e, col


class _Estimate:
    """Per-line means and the half-widths of their sampling intervals, from the sums of
    one sample stream or of two added together (clairvoyant lines plus the correction):
    independent streams add their means and their variances."""

    def __init__(self, objective: str, bound: float, parts):
        self.bound = bound
        self.lo = 0.0 if objective == "win" else -bound
        #: (Sums, finite-population factor)
        self.parts = [(s, f) for s, f in parts if s.n]

    def means(self) -> np.ndarray:
        """The means, kept in the value's range (a correction can carry a sum past it)."""
        return np.clip(sum(s.means() for s, _ in self.parts), self.lo, self.bound)

    def errors(self) -> np.ndarray:
        """The half-widths: the orders' stream (the first) unanimous where its samples all
        agree (Sums.errors); a correction alike in every draw is left to the method's
        error, which was measured with it."""
        return np.minimum(
            np.sqrt(
                sum(
                    f * s.errors(self.bound, unanimous=k == 0) ** 2
                    for k, (s, f) in enumerate(self.parts)
                )
            ),
            self.bound,
        )

    def gap_errors(self, j: int) -> np.ndarray:
        return np.minimum(
            np.sqrt(sum(f * s.gap_errors(j, self.bound) ** 2 for s, f in self.parts)),
            2 * self.bound,
        )


def _ranked_moves(
    cards, line_cards, est: _Estimate, exact: bool, method_error: tuple[float, float] | None = None
):
    """(the moves best first, every best card) from per-line estimates: a card is worth its
    worst line, with its value's interval and its gap's from the best card (zero when
    ``exact``: nothing was left to chance). ``method_error``: the half-widths the method's
    own error adds to a value's and to a gap's interval, in quadrature."""
    means, errs, col = _per_card(cards, line_cards, est.means(), est.errors())
    rank = sorted(range(len(cards)), key=lambda j: (-means[j], cards[j]))
    gaps = est.gap_errors(int(col[rank[0]]))[col]
    if exact:
        errs = gaps = np.zeros(len(cards))
    elif method_error is not None:
        errs = np.minimum(np.hypot(errs, method_error[0]), est.bound)
        gaps = np.minimum(np.hypot(gaps, method_error[1]), 2 * est.bound)
    moves = tuple(
        MoveValue(
            cards[j],
            float(means[j]),
            None,
            float(errs[j]),
            None if j == rank[0] else float(gaps[j]),
        )
        for j in rank
    )
    return moves, tuple(m.card for m in moves if m.value == moves[0].value)


def _lead_line(values, per: int) -> tuple[float, int]:
    """The leader's value of a lead from its (card, reply) lines, and that line's column:
    the best card's worst reply (each card's ``per`` replies in consecutive columns; the
    first card and reply among equals)."""
    worst = [min(range(k, k + per), key=lambda i: values[i]) for k in range(0, len(values), per)]
    col = max(worst, key=lambda i: values[i])
    return float(values[col]), col


class _SecondTrick:
    """The second and third tricks played without seeing the talon: a correction to
    clairvoyant lines.

    Clairvoyant lines choose the root's card and reply without seeing the talon, but every
    later card with it. Here the first draw is sampled (each (loser's card, new top) pair at
    most once, in a random order), and for each root line the lead after it is valued by
    its own lines over ``CORRECTION_ORDERS`` orders of the rest of the talon: the mean over
    the orders of each (card, reply), then the best card's worst reply. The same orders
    valued clairvoyantly (the lead chosen order by order) give what clairvoyant lines
    count for that draw; the difference is the correction, a few points at most, which
    varies much less from draw to draw than a value does, so a few draws pin it down
    (measured on 10 talon-14 positions, every first draw: mean |estimate − exact| 1.56 →
    0.91 points with leads searched CORRECTION_DEPTH tricks deep, 0.82 solved to the end).
    With a third trick's weight, the second trick's blind line (that best card and its
    worst reply) is played on, a second draw sampled, and the third trick's lead corrected
    the same way: the next term of the same sum (clairvoyant less blind, a trick at a
    time). A draw's sample is the weighted sum of the two (correction_weights).
    """

    def __init__(self, pos: Position, objective: str, lines, rng: random.Random):
        self.pos, self.objective, self.lines, self.rng = pos, objective, lines, rng
        unseen = [c for c in range(40) if (pos.unseen >> c) & 1]
        self.draws = [(x, y) for x in unseen for y in unseen if x != y]
        rng.shuffle(self.draws)
        self.unseen = unseen
        self.i = 0
        weights = correction_weights(pos.talon_size, objective)
        while len(weights) > 1 and not weights[-1]:
            weights = weights[:-1]
        self.weights = weights

    @property
    def left(self) -> bool:
        return self.i < len(self.draws)

    def fpc(self) -> float:
        """The finite-population factor of the variance: first draws are taken without
        replacement, so once all are taken only the orders below them are left to chance,
        which the method's error was measured with. Not with a later trick's correction:
        its draw below the first is random too, and the factor (0.03 once a talon-12
        position's every first draw is taken) dropped its spread: the fresh talon-12
        sets' gaps at 1 s held 86.7-89.2 % inside."""
        if len(self.weights) > 1:
            return 1.0
        n, N = self.i, len(self.draws)
        return (N - n) / (N - 1) if N > 1 else 0.0

    def draw(self):
        """The next first draw's job: its steps are chosen here, in the loop's order;
        ``job(until)`` gives every root line's correction, or no values past ``until``."""
        steps = self.steps()
        return lambda until: self._solve(steps, until)

    def steps(self):
        """The next first draw and the orders of the rest of the talon, and for each later
        trick corrected its draw and orders (``_terms``' steps)."""
        x, y = self.draws[self.i]
        self.i += 1
        rest = [c for c in self.unseen if c != x and c != y]
        steps = [(x, y, self._tails(rest))]
        for _ in self.weights[1:]:
            if len(rest) < 2:
                break
            self.rng.shuffle(rest)
            x, y, rest = rest[0], rest[1], rest[2:]
            steps.append((x, y, self._tails(rest)))
        return steps

    def _tails(self, rest: list[int]):
        rest = list(rest)
        tails = []
        for _ in range(CORRECTION_ORDERS):
            self.rng.shuffle(rest)
            tails.append(tuple(rest))
        return tails

    def _solve(self, steps, until: float | None) -> Sample:
        terms, nodes = self._terms(steps, until)
        if terms is None:
            return Sample(None, nodes)
        return Sample(list(terms @ np.array(self.weights)), nodes)

    def _terms(self, steps, until: float | None):
        """Each root line's corrections, a trick at a time (a row per line, a column per
        trick from the second): the first draw's, then along each trick's blind line the
        next draw's (``steps``: each draw, loser's card and new top, with the orders of the
        rest); (None, nodes) past ``until``."""
        nodes = 0
        out = np.zeros((len(self.lines), len(self.weights)))
        for i, (c, r, node) in enumerate(self.lines):
            card = c if r < 0 else r
            for t, (x, y, tails) in enumerate(steps):
                if node.talon_size <= 2:
                    break
                node = node.play(card, draws=(node.top, x, y))
                v, blind, n = self._blind_less_seeing(node, tails, until)
                nodes += n
                if v is None:
                    return None, nodes
                out[i, t] = v
                if blind is None:
                    break
                node, card = node.play(blind[0]), blind[1]
        return out, nodes

    def _blind_less_seeing(self, child: Position, tails, until: float | None):
        """For the root's mover: ``child``'s lead valued blind (one card and reply over
        every order) less valued seeing (chosen order by order), the blind line (card,
        reply) and the nodes; (0, None, 0) when nothing is hidden, (None, None, nodes)
        past ``until``."""
        if child.is_over or not child.unseen:
            return 0.0, None, 0
        a, n = self._lines(child, tails, until)
        if a is None:
            return None, None, n
        replies = cards_of(child.hands[1 - child.to_move])
        per = len(replies)
        blind, col = _lead_line(a.mean(axis=0), per)
        seeing = float(np.mean([_lead_line(row, per)[0] for row in a]))
        v = blind - seeing if child.to_move == self.pos.to_move else seeing - blind
        return v, (cards_of(child.hands[child.to_move])[col // per], replies[col % per]), n

    def _lines(self, child: Position, tails, until: float | None):
        """_dl_lines of ``child`` (a lead) under each order of the rest of the talon,
        CORRECTION_DEPTH tricks deep, the points beyond split evenly."""
        orders = np.array([(child.top, *t, child.briscola) for t in tails], dtype=np.int64)
        left = None if until is None else until - time.perf_counter()
        return _dl_lines(child, self.objective, orders, CORRECTION_DEPTH, False, left)


METHODS = ("auto", "expectimax", "clairvoyant", "clairvoyant-lines", "depth")


def analyse(
    pos: Position,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    *,
    seed: int | None = None,
    progress: bool | None = None,
    method: str = "auto",
    depth: int | None = None,
):
    """An Analysis with exact=False: per-card estimates, each with the half-width of a 95 %
    interval, within the budget's time counted from its clock's start (a Limit: from now).

    ``method``: "expectimax" (analyse_expectimax), "clairvoyant" (sampled talon orders,
    each solved to the end; shallower when one solve does not fit the budget), "depth"
    (sampled orders searched ``depth`` tricks deep), "clairvoyant-lines", or "auto": what
    measured best in benchmarks/bench_estimator.py -- expectimax while the position after
    the first draw is cheap to solve exactly (talon <= 8), else clairvoyant lines
    (depth-limited for points, solved to the end for win) with the second trick's
    correction (_SecondTrick), the interval widened by the method's measured error.
    The budget's ``samples`` stops after that many samples (with no time limit the limit
    is budget.DEFAULT_TIME); ``seed`` makes the samples reproducible (default: derived from
    the position).
    """
    if method not in METHODS:
        raise BriscolaError.of("method.estimate", method=method, methods=", ".join(METHODS))
    budget = Budget.of(budget)
    random_talon = not pos.clairvoyant and pos.talon_size > 2
    if not random_talon:
        return _deepening(pos, objective, budget)
    if method == "expectimax" or (
        method == "auto" and random_talon and pos.unseen.bit_count() <= EXPECTIMAX_MAX_UNSEEN
    ):
        return analyse_expectimax(pos, objective, budget, seed=seed, progress=progress)
    if method == "depth":
        return analyse_clairvoyant(
            pos, objective, budget, seed=seed, progress=progress, depth=depth or DEFAULT_DEPTH
        )
    return analyse_clairvoyant(
        pos,
        objective,
        budget,
        seed=seed,
        progress=progress,
        lines=method != "clairvoyant",
        second_trick=method == "auto",
        fallback_depth=DEFAULT_DEPTH if method == "auto" and objective == "points" else None,
        least_depth=DEFAULT_DEPTH if method == "auto" else 1,
    )


class _Streams:
    """Two sample streams as the one set of sums sampler.run adds to: a sample's values are
    (stream, values); its count is the first stream's."""

    def __init__(self, first: Sums, second: Sums):
        self.parts = (first, second)

    @property
    def n(self) -> int:
        return self.parts[0].n

    def add(self, vals, weight: float = 1.0) -> None:
        stream, v = vals
        self.parts[stream].add(v, weight)


def analyse_clairvoyant(
    pos: Position,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    *,
    seed: int | None = None,
    progress: bool | None = None,
    depth: int | None = None,
    lines: bool = False,
    second_trick: bool = False,
    fallback_depth: int | None = None,
    least_depth: int = 1,
):
    """Per-card means over sampled talon orders, each order solved with the talon known:
    to the end (``depth`` None, when one solve fits a quarter of the budget) or ``depth``
    tricks deep with the points beyond split evenly.

    ``lines`` (when leading): the means are kept per (card, reply) and a card is worth its
    worst reply's mean, so the reply, like the card, is chosen without knowing the talon
    (plain clairvoyant sampling lets the reply see the future). ``second_trick``: the
    lead after the first draw is chosen without knowing the talon too (_SecondTrick, a
    share of the time); the budget's ``samples`` then counts the clairvoyant orders, and one
    first draw is corrected every CORRECTION_EVERY of them. ``least_depth``: no search
    picked for the time is shallower (the method's error is measured DEFAULT_DEPTH deep)."""
    budget = Budget.of(budget)
    t0, samples = budget.t0, budget.samples
    until = budget.until()._replace(samples=None)  # draw() counts the orders
    deadline = until.deadline
    if progress is None:
        progress = wants_progress()
    rng = random.Random(seed_for(pos, objective) if seed is None else seed)
    cards = pos.legal_cards()
    bound = value_bound(pos, objective)
    sampler = _Sampler(pos, rng)
    random_talon = pos.talon_size > 2 and not pos.clairvoyant
    lines = lines and not pos.table and random_talon
    root = (
        [(c, r, p1) for c in cards for p1 in (pos.play(c),) for r in p1.legal_cards()]
        if lines
        else [(c, -1, pos) for c in cards]
    )
    line_cards = [c for c, _, _ in root] if lines else cards
    stats = Sums(len(line_cards))
    corr = Sums(len(line_cards))
    second = (
        _SecondTrick(pos, objective, root, random.Random(rng.getrandbits(64)))
        if second_trick and random_talon
        else None
    )

    def values(cpos, dl_depth, until):
        if lines:
            return _line_values(cpos, objective, cards, dl_depth, until, leaf=True)
        if dl_depth is None:
            return _full_values(cpos, objective, cards, until)
        return _dl_sample(cpos, objective, cards, dl_depth, until, leaf=True)

    notes: list[Note] = []

    # Pick the search: a full clairvoyant solve when one fits a quarter of the budget and
    # (with ``fallback_depth``) the clairvoyant share of the time holds FULL_MIN_SAMPLES of
    # them; else ``fallback_depth`` or the deepest search that leaves room for ~30 samples.
    mode_depth = depth
    pending = []
    nodes = 0
    stopped = False  # Ctrl-C or a Stop in the trial: no sample, the one-trick look-ahead
    if mode_depth is None:
        order = sampler.order()
        trial = None
        t = now = time.perf_counter()
        if deadline is not None:
            trial = now + max((deadline - now) * 0.25, 0.0)
        try:
            vals, nodes = values(_clair_copy(pos, order), None, trial)
            took = time.perf_counter() - t
            share = 1.0 if second is None else 1.0 - CORRECTION_SHARE
            if vals is not None and (
                fallback_depth is None
                or deadline is None
                or took * FULL_MIN_SAMPLES <= share * (deadline - now) * driver.current().threads
            ):
                stats.add(vals)
            else:
                mode_depth = fallback_depth or max(
                    least_depth, _pick_depth(pos, objective, cards, order, deadline)
                )
                pending.append(order)
        except KeyboardInterrupt:
            stopped = True

    spent = [0.0, 0.0]
    drawn = [stats.n, 0]

    def draw():
        """The next sample's job: a talon order, or a first draw to correct (with a sample
        budget, two and then one every CORRECTION_EVERY orders; else as the time spent
        says)."""
        if (
            second is not None
            and second.left
            and (
                drawn[1] < 2 or drawn[1] * CORRECTION_EVERY <= drawn[0]
                if samples is not None
                else spent[1] < CORRECTION_SHARE * (spent[0] + spent[1])
            )
        ):
            k, solve = 1, second.draw()
        elif samples is not None and drawn[0] >= samples:
            return None
        else:
            order = pending.pop() if pending else sampler.order()
            k = 0

            def solve(until, order=order):
                return Sample(*values(_clair_copy(pos, order), mode_depth, until))

        drawn[k] += 1

        def job(until):
            t = time.perf_counter()
            s = solve(until)
            spent[k] += time.perf_counter() - t
            return s if s.values is None else s._replace(values=(k, s.values))

        return job

    def line(t, sums):
        if not stats.n:
            return None
        m, _, _ = _per_card(cards, line_cards, stats.means() + corr.means(), stats.errors(bound))
        best = cards[int(np.argmax(m))]
        return best_line("estimate", t, stats.n, best, m[cards.index(best)], objective)

    once = stats.n + 1  # nothing random: one sample is the whole answer
    if not stopped:
        r = run(
            draw,
            _Streams(stats, corr),
            until,
            nodes=nodes,
            threads=driver.current().threads,
            done=(lambda s: s.n >= once) if not random_talon else None,
            progress=line if progress else None,
        )
        nodes = r.nodes
    interrupted = stopped or r.stopped == "interrupted"
    if interrupted:
        notes.append(Note.of("note.interrupted.samples"))

    if stats.n == 0:
        # Not even one sample in time: the shallowest search on one order.
        order = sampler.order()
        with shielded():  # one trick deep: microseconds, after a stop too
            vals, spent_nodes = values(_clair_copy(pos, order), 1, None)
        nodes += spent_nodes
        stats.add(vals)
        mode_depth = 1
        notes.append(Note.of("note.none_in_time.lookahead"))

    exact = not random_talon and mode_depth is None
    corrected = corr.n >= 2
    known = (
        None
        if exact
        else method_error(pos, objective, mode_depth is None, lines, corrected, depth=mode_depth)
    )
    m_err = None if known is None else known[0]
    est = _Estimate(
        objective,
        bound,
        [(stats, 1.0)] + ([(corr, second.fpc())] if corrected and second is not None else []),
    )
    moves, best = _ranked_moves(cards, line_cards, est, exact, m_err)
    notes.insert(
        0,
        Note.of("note.samples_corrected", n=Count(stats.n), k=Count(corr.n))
        if corrected
        else Note.of("note.samples", n=Count(stats.n)),
    )
    if mode_depth is not None:
        notes.append(Note.of("note.beyond.leaf", depth=Count(mode_depth)))
    if known is not None and known[1]:
        notes.append(carried_note(objective, full=mode_depth is None, lines=lines, error=known[0]))
    if progress and time.perf_counter() - t0 >= PROGRESS_AFTER:
        say(
            best_line(
                "estimate", time.perf_counter() - t0, stats.n, best[0], moves[0].value, objective
            )
        )
    interval = (
        Interval.NO_SAMPLING
        if exact
        else interval_kind(
            None if m_err is None else m_err[0], stats.n, known is not None and known[1]
        )
    )
    return Analysis.estimate(
        pos,
        objective,
        moves,
        best,
        nodes=nodes,
        t0=t0,
        method=Method(Way.SAMPLED_CLAIRVOYANT, mode_depth, lines, corrected),
        notes=notes,
        interval=interval,
        interrupted=interrupted,
    )


def _deepening(pos: Position, objective: str, budget: Budget):
    """Nothing random left (talon order known): search deeper and deeper until the time is
    up (no time limit: to the end, whatever the sample count); the deepest finished search
    answers (exact once it reaches the end)."""
    t0, deadline = budget.t0, budget.deadline
    cards = pos.legal_cards()
    order = pos.talon_order or ((pos.top, pos.briscola) if pos.talon_size == 2 else ())
    cpos = _clair_copy(pos, order)
    tricks_left = (popcount_int(pos.hands[0] | pos.hands[1]) + len(pos.table) + pos.talon_size) // 2
    vals, nodes = _dl_sample(cpos, objective, cards, 1, None)
    d = 1
    try:
        while d < tricks_left and (deadline is None or time.perf_counter() < deadline):
            check_stop()
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
    note = (
        Note.of("note.searched.end")
        if full
        else Note.of("note.searched.depth", depth=Count(d), tricks=tricks_left)
    )
    return Analysis.estimate(
        pos,
        objective,
        moves,
        best,
        nodes=nodes,
        t0=t0,
        method=Method(Way.DEEPENING, d),
        notes=(note,) + ((Note.of("note.interrupted.deepest"),) if stopped else ()),
        interval=Interval.NO_SAMPLING if err == 0 else Interval.BOUND,
        interrupted=stopped,
    )


def _pick_depth(pos: Position, objective: str, cards, order, deadline: float | None) -> int:
    """The deepest horizon (tricks) whose one-sample search leaves room for ~30 samples."""
    cpos = _clair_copy(pos, order)
    tricks_left = (popcount_int(pos.hands[0] | pos.hands[1]) + len(pos.table) + pos.talon_size) // 2
    budget = 0.05 if deadline is None else max((deadline - time.perf_counter()) / 30, 0.001)
    d = 1
    while d < tricks_left:
        t = time.perf_counter()
        vals, _ = _dl_sample(cpos, objective, cards, d + 1, deadline, leaf=True)
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


def analyse_expectimax(
    pos: Position,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    *,
    seed: int | None = None,
    progress: bool | None = None,
):
    """Every card (and every reply when leading) played out to the first draw; that draw
    sampled (stratified, the same outcomes for every line); the position after it solved
    exactly. Unbiased, and exact once every outcome has been visited, but each outcome
    costs up to nine exact solves of a talon two cards smaller: the method of choice only
    while those are cheap (talon <= 8)."""
    budget = Budget.of(budget)
    t0, until = budget.t0, budget.until()
    if pos.clairvoyant or pos.talon_size <= 2:
        raise BriscolaError.of("method.expectimax")
    if progress is None:
        progress = wants_progress()
    sampler = _Sampler(pos, random.Random(seed_for(pos, objective) if seed is None else seed))
    mover = pos.to_move
    cards = pos.legal_cards()
    lines: list[tuple[int, int, Position]] = []  # (card, reply or -1, position before the draw)
    for c in cards:
        if not pos.table:
            p1 = pos.play(c)
            lines.extend((c, r, p1) for r in p1.legal_cards())
        else:
            lines.append((c, -1, pos))
    st = Sums(len(lines))
    u = pos.unseen.bit_count()
    outcomes = u * (u - 1)

    drawn = [0]

    def draw():
        if drawn[0] == outcomes:
            return None  # every first draw taken once
        drawn[0] += 1
        order = sampler.order()
        return lambda until: one((order[0], order[1], order[2]), until)

    def one(draws, until):
        vals, nodes = [], 0
        for c, r, p1 in lines:
            if until is not None and time.perf_counter() > until:
                return Sample(None, nodes)
            child = p1.play(c, draws=draws) if r < 0 else p1.play(r, draws=draws)
            if child.is_over:
                v_child = 0.0
            else:
                res = driver.exact_values(child, objective, until, SLICE_NODES, quiet=True)
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

    r = run(
        draw,
        st,
        until,
        done=lambda s: s.n == outcomes,  # the stratified draws visited every outcome once
        progress=(lambda t, s: f"estimate: {t:.1f} s, {s.n} of {outcomes} draws")
        if progress
        else None,
        threads=driver.current().threads,
    )
    nodes, interrupted, enumerated = r.nodes, r.stopped == "interrupted", r.stopped == "done"
    if st.n == 0:
        return analyse_clairvoyant(
            pos, objective, Budget(time.perf_counter(), 0.0), progress=False, depth=DEFAULT_DEPTH
        )
    fpc = (outcomes - st.n) / (outcomes - 1)  # the draws are taken without replacement
    moves, best = _ranked_moves(
        cards,
        [c for c, _, _ in lines],
        _Estimate(objective, value_bound(pos, objective), [(st, fpc)]),
        enumerated,
    )
    notes = [Note.of("note.samples", n=Count(st.n))]
    if interrupted:
        notes.append(Note.of("note.interrupted.samples"))
    if enumerated:
        notes.append(Note.of("note.enumerated", n=Count(outcomes)))
    return Analysis.estimate(
        pos,
        objective,
        moves,
        best,
        nodes=nodes,
        t0=t0,
        method=Method(Way.SAMPLED_EXPECTIMAX),
        notes=notes,
        # exact below the draw: no method error
        interval=Interval.NO_SAMPLING if enumerated else interval_kind(0.0, st.n),
        interrupted=interrupted,
    )


#: the half-widths (a card's value, a gap from the best card) that a clairvoyant
#: estimate's own error adds to its intervals, in quadrature with the sampling error's,
#: by objective, whether its orders are solved to the end (else DEFAULT_DEPTH tricks
#: deep) and whether it leads (lines), then by talon size. Fitted by
#: benchmarks/bench_calibration.py fit on the fit sets (every time limit of 0.2, 1 and 5 s:
#: the smallest half-width that puts 95 % of the exact values inside, the largest over
#: the time limits), checked on the fresh sets (benchmarks/README.md, Calibration). Refitted
#: at talon 12 and 14 with leads when the correction came to count more (correction_weights):
#: the fit asked 2.0 and 2.3 at talon 12, 0.9 and 1.2 at 14 (30 positions, the fewest);
#: talon 14 ships no less than talon 12. The depth-limited rows refitted with the fitted
#: leaf (2026-12-07), on auto's depth-limited samples where it would have solved each
#: order to the end (``run --force-depth``, 0.2 and 1 s): with leads 1.4 / 0.84 at talon
#: 10, 4.1 / 3.4 at 12, 2.1 / 1.1 at 14 (shipped as talon 12's); without, 1.5 / 0.81,
#: 3.7 / 4.6, 5.3 / 2.8. The even split they replace asked 4.4-4.8, 4.5-6.7 and 2.2-5.6 on
#: a value there (it shipped 2.5, 3.0 and 4.5, fitted where auto had picked depth-limited
#: samples, fewer of them): depth-limited answers beyond talon 14 carry these, grown.
#: Once the correction's draws came to be searched in one call each (2026-12-07: five
#: times as many draws at 0.2 s, every one from 1 s at talon 12 and 14), its sampling
#: error shrank and the fit asked more of the gaps of full solves: with leads 1.55 at
#: talon 10 (shipped 1.0), 2.63 at 12 (2.4); without, 0.82 at 10 (0.8); the chance of
#: winning with leads 0.11 at 12 (0.09); and of the depth-limited samples (``--force-depth``
#: again) with leads 1.69 on a value at talon 10 (1.4), without 4.66 on a gap at 12 (4.6).
#: With the third trick's correction (2026-12-07; the correction's whole variance kept,
#: and 100 more talon-12 fit positions, seeds 8012 and 8013) the full solves' fit asked
#: less: with leads 1.33 / 1.00 at talon 12 and 0.88 / 1.33 at 14 (shipped 2.2 / 2.7 at
#: both), without 1.32 / 1.06 and 1.65 / 3.40 (2.0 / 2.2, 2.5 / 4.6); no talon ships less
#: than a smaller one. The values' half-widths shrank so; the gaps' shrink failed its check
#: (the fresh talon-12 sets held 85.8-93.8 % of gaps at 1 s: the sets without leads needed
#: 2.09, with 1.76) and was taken back: the gaps keep what shipped. The depth-limited
#: samples (``--force-depth``, their lines now in one call, so more of them) asked more in
#: two places: with leads 1.80 on a value at talon 10 (1.7), without 3.90 at 12 (3.8); the
#: rest stayed within what ships.
METHOD_ERROR: dict[tuple[str, bool, bool], dict[int, tuple[float, float]]] = {
    ("points", True, True): {10: (1.6, 1.6), 12: (1.6, 2.7), 14: (1.6, 2.7)},
    ("points", True, False): {10: (1.4, 0.9), 12: (1.4, 2.2), 14: (1.7, 4.6)},
    ("points", False, True): {10: (1.8, 1.1), 12: (4.2, 3.9), 14: (4.2, 3.9)},
    ("points", False, False): {10: (1.6, 0.9), 12: (3.9, 4.7), 14: (5.3, 4.6)},
    ("win", True, True): {10: (0.11, 0.07), 12: (0.10, 0.11)},
    ("win", True, False): {10: (0.08, 0.05), 12: (0.11, 0.20)},
    ("win", False, True): {10: (0.10, 0.08), 12: (0.12, 0.10)},
    ("win", False, False): {10: (0.10, 0.08), 12: (0.12, 0.10)},
}
#: the share of the solved cards' mean error (estimate less exact) taken off the cards
#: still estimated, where an exact search stopped part way (Analysis.with_solved): most of an
#: estimate's error is one offset a position's cards share. Fitted on the talon-12 fit sets'
#: answers (1 and 5 s, the estimate's best card or best two taken as solved): the others'
#: mean abs error 0.65 / 0.68 → 0.52 / 0.58 at 1 s, 0.68 / 0.77 → 0.59 / 0.72 at 5 s; 0.75
#: was as good on the fit sets and worse on the fresh ones (HISTORY.md)
SOLVED_SHARE = 0.5


def solved_share(a: Analysis) -> float:
    """The share of the solved cards' error taken off ``a``'s other cards: SOLVED_SHARE for
    two-player scoperta's talon orders solved to the end on the points objective, where it
    was measured; 0 (nothing moved) for any other estimate."""
    m = a.method
    fitted = m.way == Way.SAMPLED_CLAIRVOYANT and m.depth is None and a.objective == "points"
    return SOLVED_SHARE if fitted and driver.kernel_for(a.position) is driver.SCOPERTA else 0.0


def keep_solved(a: Analysis, solved: dict) -> Analysis:
    """``a`` with the cards an exact search finished (Analysis.with_solved), if any."""
    return a.with_solved(solved, solved_share(a)) if solved else a


#: an estimate whose correction took fewer than two first draws: its method errs as much
#: as clairvoyant lines alone, measured up to this many times the corrected one's
UNCORRECTED = 1.6


def carried_note(objective: str, full: bool, lines: bool, error: tuple[float, float]) -> Note:
    """The note of an estimate beyond the talons its method's error was measured at: how
    that error was carried (its interval, Interval.EXTRAPOLATED, says the note says how)."""
    return Note.of(
        "note.extrapolated",
        talon=max(METHOD_ERROR[(objective, full, lines)]),
        value=error[0],
        unit=unit_words(objective),
        gap=error[1],
    )


def method_error(
    pos: Position,
    objective: str,
    full: bool,
    lines: bool,
    corrected: bool,
    depth: int | None = None,
) -> tuple[tuple[float, float], bool] | None:
    """((a value's, a gap's) half-width that a clairvoyant estimate's own error adds to its
    intervals at this position's stage, whether that is extrapolated beyond the stages
    measured), or None where it is not known (a method auto does not use below talon
    10, or searches ``depth`` tricks deep, shallower than the DEFAULT_DEPTH measured: 2
    and 3 held the win objective's exact values 75-82 % of the time inside that
    error). Beyond the largest talon measured the half-widths grow in proportion to the
    talon: larger talons cannot be solved exactly to check them."""
    table = METHOD_ERROR.get((objective, full, lines))
    t = pos.talon_size
    shallow = not full and depth is not None and depth < DEFAULT_DEPTH
    if table is None or t < min(table) or shallow:
        return None
    top = max(table)
    v, g = table[min(t, top)] if t in table or t > top else table[max(k for k in table if k < t)]
    grow = max(t / top, 1.0)
    f = grow * (1.0 if corrected else UNCORRECTED)
    return (v * f, g * f), t > top
