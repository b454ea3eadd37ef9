"""analyse() for GamePosition (scoperta4, classic, briscolone, libero) over solver.search.general.

Exact when the unknown cards are few enough and the search ends in time; otherwise an
estimate (solver.analysis.sampling.analyse_open): talon orders sampled uniformly (consistent with what the
rules show), each searched with the method fixed by the stage of the deal, every card scored
on the same orders (with a 95 % half-width per card).
"""
from __future__ import annotations

import random
import time
from fractions import Fraction

import numpy as np

from solver.analysis import exact as engine
from solver.search import general as G
from solver.cards import cards_of
from solver.position.general import GamePosition
from solver.search.scoperta import FACT, Generations, next_epoch

SLICE_NODES = 1_000_000
DEFAULT_SAMPLE_TIME = 5.0
TT_BUCKETS = 1 << 20  # 64 MB, four entries a bucket

_tables: dict[int, np.ndarray] = {}
_generations = Generations(_tables)
PROGRESS_EVERY = 2.0
_began = [0.0]  # the start of the analysis under way (0: none), so its phases share a clock


def _report(line: str, started: float) -> None:
    """A progress line every few seconds, timed from the start of the analysis under way."""
    engine.throttled(line, _began[0] or started, PROGRESS_EVERY)


def _table(pos: GamePosition) -> np.ndarray:
    n = 1 << 12 if pos.talon_size == 0 else TT_BUCKETS
    tt = _tables.get(n)
    if tt is None:
        tt = _tables[n] = G.new_table(n)
    return tt


class GSearch:
    """The kernel context of one position; values are for the side to move."""

    def __init__(self, pos: GamePosition, objective: str):
        v = pos.rules
        self.pos = pos
        ctx = np.zeros(G.C_SIZE, dtype=np.int64)
        ctx[G.C_PLAYERS] = pos.players
        ctx[G.C_TRUMP] = pos.trump_suit
        ctx[G.C_BRISCOLA] = pos.briscola
        ctx[G.C_FOLLOW] = 1 if v.follow_suit else 0
        ctx[G.C_TOPVIS] = 1 if v.top_visible else 0
        ctx[G.C_OBJ] = G.OBJ_WIN if objective == "win" else G.OBJ_POINTS
        ctx[G.C_EPOCH] = next_epoch()
        if pos.clairvoyant:
            ctx[G.C_CLAIR] = 1
            ctx[G.C_SCALE] = 1
            ctx[G.C_GEN] = _generations.next()
            self.order = np.array(pos.talon_order, dtype=np.int64)
        else:
            ctx[G.C_SCALE] = int(FACT[pos.unseen.bit_count()])
            self.order = np.zeros(1, dtype=np.int64)
        ctx[G.C_ORDLEN] = len(self.order)
        self.ctx = ctx
        self.denominator = int(ctx[G.C_SCALE]) * (2 if objective == "win" else 1)
        self.tt = _table(pos)
        self.stats = np.zeros(G.S_SIZE, dtype=np.int64)
        self.work = G.new_work()
        self.nodes = 0
        h = list(pos.hands) + [0] * (4 - pos.players)
        self.hands = [np.int64(x) for x in h]
        pack = 0
        for j, c in enumerate(pos.table):
            pack |= c << (6 * j)
        self.tabn, self.tabpack = len(pos.table), pack
        self.score = pos.score or (0, 0)

    def move_value(self, card: int, deadline: float | None = None,
                   slice_nodes: int = SLICE_NODES, started: float | None = None,
                   what: str = "searching exactly") -> int | None:
        """Scaled exact value of one card, or None once the deadline has passed; with
        ``started``, progress lines while it runs."""
        p = self.pos
        top = p.top if p.talon_size and p.rules.top_visible else -1
        while True:
            self.stats[:] = 0
            self.stats[G.S_LIMIT] = slice_nodes
            h = self.hands
            v = G.search(h[0], h[1], h[2], h[3], self.tabn, self.tabpack, top, p.unseen,
                         p.talon_size, p.turn, 0, self.score[0], self.score[1],
                         -G.INF, G.INF, card, self.ctx, self.order, self.tt, self.stats,
                         self.work)
            self.nodes += int(self.stats[G.S_NODES])
            if not self.stats[G.S_ABORT]:
                return int(v)
            if started is not None:
                _report(f"{what}: {self.nodes:,} nodes", started)
            if deadline is not None and time.perf_counter() > deadline:
                return None

    def fraction(self, v: int) -> Fraction:
        return Fraction(v, self.denominator)


def exact_possible(pos: GamePosition) -> bool:
    return pos.clairvoyant or pos.unseen.bit_count() <= G.MAX_EXACT_UNKNOWN


def exact_values(pos: GamePosition, objective: str, deadline: float | None = None):
    """({card: Fraction} for every legal card, nodes), or None past the deadline."""
    s = GSearch(pos, objective)
    vals = {}
    started = time.perf_counter()
    for c in pos.legal_cards():
        v = s.move_value(c, deadline, started=started)
        if v is None:
            return None
        vals[c] = s.fraction(v)
    return vals, s.nodes


def _chance_follows(pos: GamePosition) -> bool:
    return len(pos.table) == pos.players - 1 and pos.talon_size > 0 and not pos.clairvoyant


def principal_line(pos: GamePosition, objective: str, vals: dict, deadline):
    pv, nodes = [], 0
    while True:
        best = max(vals, key=lambda c: (vals[c], -c))
        pv.append(best)
        if _chance_follows(pos):
            break
        pos = pos.play(best)
        if pos.is_over:
            break
        res = exact_values(pos, objective, deadline)
        if res is None:
            break
        vals, n = res
        nodes += n
    return pv, nodes


def sample_order(pos: GamePosition, rng: random.Random) -> tuple[int, ...]:
    """A talon order consistent with the position: visible top first, trump card last."""
    rest = cards_of(pos.unseen)
    rng.shuffle(rest)
    order = ([pos.top] if pos.top >= 0 else []) + rest
    if pos.briscola >= 0 and pos.talon_size:
        order.append(pos.briscola)
    return tuple(order)


def analyse(pos: GamePosition, objective: str = "points", time_limit: float | None = None,
            t0: float | None = None, estimate_limit: float | None = None):
    t0 = time.perf_counter() if t0 is None else t0
    outer = not _began[0]
    if outer:
        _began[0] = t0
    try:
        return _analyse(pos, objective, time_limit, t0, estimate_limit)
    finally:
        if outer:
            _began[0] = 0.0


def _analyse(pos, objective, time_limit, t0, estimate_limit):
    from solver.analysis import Analysis, MoveValue
    deadline = None if time_limit is None else t0 + time_limit
    if exact_possible(pos):
        res = exact_values(pos, objective, deadline)
        if res is not None:
            vals, nodes = res
            best_v = max(vals.values())
            moves = tuple(MoveValue(c, float(v), v) for c, v in
                          sorted(vals.items(), key=lambda kv: (-kv[1], kv[0])))
            best = tuple(c for c, v in vals.items() if v == best_v)
            pv, pv_nodes = principal_line(pos, objective, vals, deadline)
            return Analysis(pos, objective, True, float(best_v), best_v, moves, best, tuple(pv),
                            nodes + pv_nodes, time.perf_counter() - t0)
    end = (deadline if deadline is not None else t0 + DEFAULT_SAMPLE_TIME)
    if estimate_limit is not None:
        end = min(end, time.perf_counter() + estimate_limit)
    from solver.analysis.sampling import analyse_open
    return analyse_open(pos, objective, end - t0, t0)
