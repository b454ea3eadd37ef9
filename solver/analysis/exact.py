"""Runs the numba kernels for the analysis API: sets up the context, keeps the
transposition table between calls, spends the time limit in node-budget slices (so a
time limit and Ctrl-C are honoured between slices), and turns scaled integers into
fractions."""
from __future__ import annotations

import os
import sys
import threading
import time
from fractions import Fraction

import numpy as np

from solver.search import scoperta as K
from solver.cards import POINTS
from solver.position.scoperta import Position

DEFAULT_TT_MB = int(os.environ.get("BRISCOLA_TT_MB", "512"))
SLICE_NODES = 300_000
#: by talon size, for exact searches that may not finish: (share of the time limit they
#: get, the rest going to the estimate; the least time worth trying them at all, below
#: which the estimate gets everything). Measured at 1 s on
#: benchmarks/data/exact_t10_points.jsonl: share 0.5 picks an exact best card in 98.3 % of
#: the positions, 0.8 in 100 %; exact talon 10 takes 0.1-1.2 s, talon 12 2-130 s. The
#: estimate settles within 0.1 s at talon 10 and 12 (same choices at 0.1, 1 and 5 s), so a
#: long time limit goes to the exact search.
EXACT_SHARE = {10: (0.8, 0.25), 12: (0.95, 3.0), 14: (0.3, 60.0), 16: (0.2, 600.0),
               18: (0.2, 3000.0)}
INTERRUPT_ESTIMATE = 1.0  # seconds of estimate after Ctrl-C stops an exact search
THREADS = max(1, min(int(os.environ.get("BRISCOLA_THREADS", os.cpu_count() or 1)), 8))
#: Star2 probing at chance nodes with at most this many unseen cards (0 turns it off), in
#: searches from a talon of at most STAR2_TALON: measured faster at talon 8 (interleaved
#: A/B 0.83-0.91x, 5-7 % fewer nodes), not at talon 10 (0.99x fixed set, 1.13x fresh set)
STAR2 = int(os.environ.get("BRISCOLA_STAR2", "16"))
STAR2_TALON = 8

_tables: dict[int, np.ndarray] = {}
_generations = K.Generations(_tables)

#: where long searches report progress: a callable taking one line, or None (the CLI sets it)
progress = None
PROGRESS_EVERY = 2.0
_last_report = [0.0]


def wants_progress() -> bool:
    """Whether a long search should report: the CLI set the hook, or stderr is a terminal."""
    return progress is not None or sys.stderr.isatty()


def say(line: str) -> None:
    """A progress line: through the hook every search shares, else on stderr."""
    if progress is not None:
        progress(line)
    else:
        print(line, file=sys.stderr, flush=True)


def throttled(line: str, started: float, every: float = PROGRESS_EVERY) -> None:
    """``line`` and the seconds since ``started`` through the hook, at most once every
    ``every`` seconds and only once a search has run that long (one clock for every search)."""
    now = time.perf_counter()
    if progress is None or now - started < every or now - _last_report[0] < every:
        return
    _last_report[0] = now
    progress(f"{line}, {now - started:.0f} s")


def report(nodes: int, started: float) -> None:
    """A periodic progress line for searches that run longer than a moment."""
    throttled(f"searching exactly: {nodes:,} nodes", started)


#: table megabytes a search of this talon size can use (more only costs page zeroing: a
#: fresh process touches every page of a big table even for a search of 100,000 nodes).
#: Talon 8 measured 7-9 % faster with 4 MB than with 64 MB (same nodes, fewer cache and TLB
#: misses); talon 10 is the same from 32 to 128 MB, and doubles its nodes at 8 MB.
TABLE_MB_BY_TALON = {0: 0.25, 2: 0.25, 4: 2, 6: 16, 8: 4, 10: 128}
CLAIRVOYANT_TABLE_MB = 16


_last = [0, None]  # talon size and table of the latest search with chance nodes


def table_for(pos: Position, max_mb: int | None = None) -> np.ndarray:
    """A shared table sized for the position: small searches do not pay for a big one.
    A position with a smaller talon than the previous search's is most likely the same
    deal further on (play, review, the next analysis): it keeps that table, which already
    holds most of its subtrees (measured: the next trick's analysis after a talon-8 one,
    83,082 -> 3,171 nodes over ten positions)."""
    if max_mb is None and not pos.clairvoyant:
        talon, prev = _last
        tt = prev if prev is not None and pos.talon_size < talon else _sized_table(pos, None)
        _last[:] = [pos.talon_size, tt]
        return tt
    return _sized_table(pos, max_mb)


def _sized_table(pos: Position, max_mb: int | None) -> np.ndarray:
    mb = DEFAULT_TT_MB if max_mb is None else max_mb
    cap = max(16, (mb * 2 ** 20) // (8 * K.TT_COLS))
    want_mb = CLAIRVOYANT_TABLE_MB if pos.clairvoyant else TABLE_MB_BY_TALON.get(pos.talon_size, mb)
    want = max(16, int(want_mb * 2 ** 20) // (8 * K.TT_COLS))
    n = 1 << (min(want, cap).bit_length() - 1)
    tt = _tables.get(n)
    if tt is None:
        tt = _tables[n] = K.new_table(n)
    return tt


_scratch = threading.local()


def scratch() -> np.ndarray:
    """The kernel's scratch rows of the calling thread, allocated once per thread: small
    positions should not pay for zeroing them on every call."""
    w = getattr(_scratch, "work", None)
    if w is None:
        w = _scratch.work = K.new_work()
    return w


def exact_possible(pos: Position) -> bool:
    return pos.clairvoyant or pos.unseen.bit_count() <= K.MAX_EXACT_UNSEEN


class Search:
    """One position's kernel context; values are for the player to move."""

    def __init__(self, pos: Position, objective: str, tt_mb: int | None = None,
                 gen: int | None = None):
        """``gen`` reuses a clairvoyant search's table generation: positions further down
        the same talon order keep their entries."""
        self.pos = pos
        self.objective = objective
        ctx = np.zeros(K.C_SIZE, dtype=np.int64)
        ctx[K.C_TRUMP] = pos.trump_suit
        ctx[K.C_BRISCOLA] = pos.briscola
        ctx[K.C_OBJ] = K.OBJ_WIN if objective == "win" else K.OBJ_POINTS
        if pos.clairvoyant:
            ctx[K.C_CLAIR] = 1
            ctx[K.C_SCALE] = 1
            if gen is None:
                gen = _generations.next()
            ctx[K.C_GEN] = gen
            self.order = np.array(pos.talon_order, dtype=np.int64)
        else:
            ctx[K.C_SCALE] = int(K.FACT[pos.unseen.bit_count()])
            self.order = np.zeros(1, dtype=np.int64)
        ctx[K.C_ORDLEN] = len(self.order)
        ctx[K.C_EPOCH] = K.next_epoch()
        ctx[K.C_STAR2] = STAR2 if pos.talon_size <= STAR2_TALON else 0
        self.ctx = ctx
        self.denominator = int(ctx[K.C_SCALE]) * (2 if objective == "win" else 1)
        self.tt = table_for(pos, tt_mb)
        self.stats = np.zeros(K.S_SIZE, dtype=np.int64)
        self.work = scratch()
        self.nodes = 0
        self.started = time.perf_counter()
        self.stopped = False
        s = pos.score or (0, 0)
        self.s0, self.s1 = s

    def move_value(self, card: int, deadline: float | None = None, stats=None, work=None,
                   slice_nodes: int | None = None, helper: bool = False,
                   cancelled=None, window: tuple[int, int] | None = None) -> int | None:
        """Exact scaled value of one card, or None when the deadline passed first (or
        ``cancelled()`` became true). With a ``window`` (alpha, beta) the result is
        fail-soft: exact inside it, else a bound on the side it fell.

        Threads pass their own ``stats`` and ``work``; the table is shared. A ``helper``
        searches a card another thread is already on, walking the draws in the opposite
        order, so each finds the other's finished outcomes in the table."""
        p = self.pos
        stats = self.stats if stats is None else stats
        work = self.work if work is None else work
        ctx = self.ctx
        if helper:
            ctx = ctx.copy()
            ctx[K.C_REVERSE] = 1
        top = p.top if p.talon_size else -1
        while True:
            stats[K.S_NODES] = 0
            stats[K.S_ABORT] = 0
            if self.stopped or (cancelled is not None and cancelled()):
                return None
            stats[K.S_LIMIT] = SLICE_NODES if slice_nodes is None else slice_nodes
            alpha, beta = (-K.INF, K.INF) if window is None else window
            v = K.search(p.hand1, p.hand2, p.table, top, p.unseen, p.turn, 0, self.s0, self.s1,
                         alpha, beta, card, ctx, self.order, self.tt, stats, work)
            self.nodes += int(stats[K.S_NODES])
            if not stats[K.S_ABORT]:
                return int(v)
            report(self.nodes, self.started)
            if deadline is not None and time.perf_counter() > deadline:
                return None

    def stop(self, stats_list) -> None:
        """Make running kernels give up at their next node (Ctrl-C)."""
        self.stopped = True
        for st in stats_list:
            st[K.S_LIMIT] = 0

    def fraction(self, v: int) -> Fraction:
        return Fraction(v, self.denominator)


def endgame_arrays(positions):
    """Array form of talon-empty positions for ``solve_endgames``."""
    n = len(positions)
    h0 = np.fromiter((p.hand1 for p in positions), dtype=np.int64, count=n)
    h1 = np.fromiter((p.hand2 for p in positions), dtype=np.int64, count=n)
    tab = np.fromiter((p.table for p in positions), dtype=np.int64, count=n)
    turn = np.fromiter((p.turn for p in positions), dtype=np.int64, count=n)
    bris = np.fromiter((p.briscola for p in positions), dtype=np.int64, count=n)
    return h0, h1, tab, turn, bris


def solve_endgames(h0, h1, tables, turns, briscolas) -> np.ndarray:
    """Points value of every legal card of many talon-empty positions in one kernel call.

    Row i holds the values of the mover's cards in ascending card id (unused slots 0);
    this is the batch path for bots and tests that need hundreds of thousands of endgames."""
    out = np.zeros((len(h0), 3), dtype=np.int64)
    K.endgame_batch(h0, h1, tables, turns, briscolas, out)
    return out


def _chance_follows(pos: Position, card: int) -> bool:
    return pos.table >= 0 and not pos.clairvoyant and pos.talon_size > 2


def analyse(pos: Position, objective: str, time_limit, t0, estimate_on_interrupt: bool = False,
            estimate_limit: float | None = None):
    from solver.analysis import Analysis, MoveValue
    deadline = None if time_limit is None else t0 + time_limit
    try_exact = exact_possible(pos)
    exact_deadline = deadline
    if try_exact and deadline is not None and not pos.clairvoyant and pos.talon_size in EXACT_SHARE:
        share, least = EXACT_SHARE[pos.talon_size]
        exact_deadline = t0 + share * time_limit
        try_exact = share * time_limit >= least
    if try_exact:
        try:
            res = _exact(pos, objective, exact_deadline)
        except KeyboardInterrupt:
            if not estimate_on_interrupt:
                raise
            # Ctrl-C: the best answer so far is a quick estimate, clearly labelled
            from dataclasses import replace
            from solver.analysis import estimate
            a = estimate.analyse(pos, objective, INTERRUPT_ESTIMATE, time.perf_counter())
            return replace(a, seconds=time.perf_counter() - t0,
                           notes=a.notes + ("interrupted: exact search stopped by Ctrl-C",))
        if res is not None:
            vals, nodes, gen = res
            best_v = max(vals.values())
            moves = tuple(MoveValue(c, float(v), v) for c, v in
                          sorted(vals.items(), key=lambda kv: (-kv[1], kv[0])))
            best = tuple(c for c, v in vals.items() if v == best_v)
            pv, pv_nodes = principal_line(pos, objective, vals, deadline, gen)
            return Analysis(pos, objective, True, float(best_v), best_v, moves, best, tuple(pv),
                            nodes + pv_nodes, time.perf_counter() - t0)
    from solver.analysis import estimate
    if time_limit is None:
        a = estimate.analyse(pos, objective, None, None)
    else:
        now = time.perf_counter()
        left = max(deadline - now, 0.05)
        if estimate_limit is not None:
            left = min(left, estimate_limit)
        a = estimate.analyse(pos, objective, left, now)
    if not estimate_on_interrupt and any(n.startswith("interrupted") for n in a.notes):
        raise KeyboardInterrupt  # the estimator kept its samples; the caller asked to stop
    return a


def _worth_threads(pos: Position) -> bool:
    return THREADS > 1 and (pos.talon_size >= 6 or (pos.clairvoyant and pos.talon_size >= 12))


def exact_values(pos: Position, objective: str, deadline: float | None):
    """({card: Fraction} for every legal card, nodes), or None past the deadline."""
    res = _exact(pos, objective, deadline)
    return None if res is None else res[:2]


def _exact(pos: Position, objective: str, deadline: float | None, gen: int | None = None,
           parallel: bool = True):
    """({card: Fraction}, nodes, table generation), or None past the deadline.

    Big positions spread the cards over threads that share one table (the kernel releases
    the GIL); a thread with no card left helps one still running (whichever finishes first
    gives its value), so no core idles while the last card is searched. Ctrl-C stops them
    at their next node."""
    s = Search(pos, objective, gen=gen)
    cards = pos.legal_cards()
    if not parallel or not _worth_threads(pos):
        vals = {}
        for c in cards:
            v = s.move_value(c, deadline)
            if v is None:
                return None
            vals[c] = s.fraction(v)
        return vals, s.nodes, s.ctx[K.C_GEN]
    todo = list(cards)
    lock = threading.Lock()
    results: dict[int, int] = {}
    failed = []
    on: dict[int, int] = {}  # thread -> the card it searches
    stats_list = [np.zeros(K.S_SIZE, dtype=np.int64) for _ in range(THREADS)]

    def worker(i):
        work = scratch()
        while True:
            with lock:
                if failed:
                    return
                helper = not todo
                if todo:
                    c = todo.pop(0)
                else:
                    live = [c for c in on.values() if c not in results]
                    if not live:
                        return
                    c = min(live, key=lambda c: sum(1 for x in on.values() if x == c))
                on[i] = c
            v = s.move_value(c, deadline, stats_list[i], work, helper=helper,
                             cancelled=lambda: c in results)
            with lock:
                del on[i]
                if v is not None:
                    if c not in results:
                        results[c] = v
                        for j, cj in on.items():
                            if cj == c:
                                stats_list[j][K.S_LIMIT] = 0  # stop the other searcher
                elif c not in results:
                    failed.append(c)
                    return

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(THREADS)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.05)
    except KeyboardInterrupt:
        s.stop(stats_list)
        for t in threads:
            t.join()
        raise
    if failed or len(results) < len(cards):
        return None
    return {c: s.fraction(results[c]) for c in cards}, s.nodes, s.ctx[K.C_GEN]


def principal_line(pos: Position, objective: str, vals: dict, deadline: float | None,
                   gen: int | None = None):
    """Best cards from the position on, until a draw whose outcome is unknown: at each
    step the lowest card that keeps the value, which is known from the step before, so a
    null-window test per card is enough (most answers are already in the table)."""
    pv = []
    nodes = 0
    best = max(vals, key=lambda c: (vals[c], -c))
    value = vals[best]
    while True:
        pv.append(best)
        if _chance_follows(pos, best):
            break
        child = pos.play(best)
        if child.is_over:
            break
        value = _after(pos, best, child, value, objective)
        s = Search(child, objective, gen=gen)
        target = value * s.denominator
        assert target.denominator == 1, (pos.to_text(), value)
        target = int(target)
        best = None
        for c in sorted(child.legal_cards()):
            v = s.move_value(c, deadline, window=(target - 1, target))
            if v is None:
                return pv, nodes + s.nodes
            if v >= target:
                best = c
                break
        nodes += s.nodes
        assert best is not None, (child.to_text(), value)
        pos = child
    return pv, nodes


def _after(pos: Position, card: int, child: Position, value: Fraction, objective: str) -> Fraction:
    """The value of ``child`` for its mover, ``pos`` having value ``value`` for its mover
    and ``card`` being a best card there."""
    if objective == "win":
        return value if child.turn == pos.turn else 1 - value
    if pos.table < 0:
        return -value
    p = int(POINTS[pos.table] + POINTS[card])
    return value - p if child.turn == pos.turn else -value - p
