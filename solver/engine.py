"""TEMPORARY pure-Python backend for the analysis API (replaced by the numba kernels)."""
from __future__ import annotations

import time
from fractions import Fraction
from functools import lru_cache

from .cards import cards_of, mask_points
from .position import Position


def _value(pos: Position, objective: str) -> Fraction:
    return _val(pos, objective)


@lru_cache(maxsize=None)
def _val(pos: Position, objective: str) -> Fraction:
    if pos.is_over:
        if objective == "points":
            return Fraction(0)
        me = pos.score[pos.turn]
        return Fraction(1) if me > 60 else Fraction(1, 2) if me == 60 else Fraction(0)
    return max(_card_value(pos, c, objective) for c in pos.legal_cards())


def _card_value(pos: Position, c: int, objective: str) -> Fraction:
    mover = pos.turn
    outs = _children(pos, c)
    tot = Fraction(0)
    for child in outs:
        v = _val(child, objective)
        if child.turn != mover:
            v = -v if objective == "points" else 1 - v
        if objective == "points" and pos.table >= 0:
            pts = mask_points((1 << pos.table) | (1 << c))
            v += pts if child.turn == mover else -pts
        tot += v
    return tot / len(outs)


def _children(pos: Position, c: int) -> list[Position]:
    if pos.table < 0 or pos.talon_size <= 2 or pos.clairvoyant:
        return [pos.play(c)]
    un = cards_of(pos.unseen)
    return [pos.play(c, (x, y)) for x in un for y in un if y != x]


def analyse(pos: Position, objective: str, time_limit, t0):
    from .analysis import Analysis, MoveValue
    vals = {c: _card_value(pos, c, objective) for c in pos.legal_cards()}
    best_v = max(vals.values())
    moves = tuple(MoveValue(c, float(v), v) for c, v in sorted(vals.items(), key=lambda kv: -kv[1]))
    best = tuple(c for c, v in vals.items() if v == best_v)
    pv = []
    p = pos
    while not p.is_over:
        cv = {c: _card_value(p, c, objective) for c in p.legal_cards()}
        b = max(cv, key=cv.get)
        pv.append(b)
        if p.table >= 0 and p.talon_size > 2 and not p.clairvoyant:
            break
        p = p.play(b)
    return Analysis(pos, objective, True, float(best_v), best_v, moves, best, tuple(pv), 0,
                    time.perf_counter() - t0)
