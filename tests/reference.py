"""Slow, plain reference solver for 2-player Briscola scoperta, written from the rules and
the notation alone (docs/rules.md, docs/notation.md), so that the fast solver can be checked against an independent answer.

Full-width expectiminimax with exact arithmetic (ints, Fractions once chance or a 60-60
tie enters) and a transposition dict; no pruning.
Internally values are from player 1's point of view (player 1 maximises, player 2
minimises) and are turned to the mover's view only at the edge.
"""
from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

from solver.cards import RANK_POINTS
from solver.position import Position

HALF = Fraction(1, 2)
ONE = Fraction(1)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _points(card: int) -> int:
    return RANK_POINTS[card % 10]


def _follower_wins(led: int, follow: int, trump_suit: int) -> bool:
    """docs/rules.md: same suit, the stronger wins; else a trump wins; else the leader."""
    if led // 10 == follow // 10:
        return follow % 10 > led % 10
    return follow // 10 == trump_suit


class _Solver:
    """One search: fixed trump card and objective, its own memo."""

    def __init__(self, briscola: int, objective: str):
        self.briscola = briscola
        self.trump = briscola // 10
        self.objective = objective
        self.memo: dict = {}

    # A state: hands (h1, h2), table card or -1, talon as (top, unseen mask) when the order
    # is unknown or as the order tuple when known (then top is -1 and unseen 0), player to
    # move, points taken so far by players 1 and 2 (only tracked for "win").
    def value(self, h1, h2, table, top, unseen, order, turn, s1, s2) -> Fraction:
        key = (h1, h2, table, top, unseen, order, turn, s1, s2)
        v = self.memo.get(key)
        if v is None:
            if h1 == 0 and h2 == 0 and table < 0:
                v = self.terminal(s1, s2)
            else:
                vals = [self.after(h1, h2, table, top, unseen, order, turn, s1, s2, c)
                        for c in _cards(h1 if turn == 0 else h2)]
                v = max(vals) if turn == 0 else min(vals)
            self.memo[key] = v
        return v

    def terminal(self, s1, s2):
        if self.objective == "points":
            return 0
        if s1 > 60:
            return 1
        if s1 == 60:
            return HALF
        return 0

    def after(self, h1, h2, table, top, unseen, order, turn, s1, s2, card) -> Fraction:
        """Value (player 1's view) once the player to move has played ``card``."""
        hands = [h1, h2]
        hands[turn] &= ~(1 << card)
        if table < 0:
            return self.value(hands[0], hands[1], card, top, unseen, order, 1 - turn, s1, s2)
        leader = 1 - turn
        winner = turn if _follower_wins(table, card, self.trump) else leader
        loser = 1 - winner
        pts = _points(table) + _points(card)
        gain = 0
        if self.objective == "points":
            gain = pts if winner == 0 else -pts
        else:
            if winner == 0:
                s1 += pts
            else:
                s2 += pts

        def go(hw, hl, new_top, new_unseen, new_order):
            nh = [0, 0]
            nh[winner], nh[loser] = hw, hl
            return self.value(nh[0], nh[1], -1, new_top, new_unseen, new_order, winner, s1, s2)

        hw, hl = hands[winner], hands[loser]
        if order is not None:
            if len(order) == 0:
                return gain + go(hw, hl, -1, 0, order)
            rest = order[2:]
            return gain + go(hw | 1 << order[0], hl | 1 << order[1], -1, 0, rest)
        if top < 0:
            return gain + go(hw, hl, -1, 0, None)
        hw |= 1 << top
        if unseen == 0:
            return gain + go(hw, hl | 1 << self.briscola, -1, 0, None)
        # every ordered pair (loser's card, new top) of distinct unseen cards is equally likely
        total = 0
        pairs = 0
        for got in _cards(unseen):
            rest = unseen & ~(1 << got)
            for t in _cards(rest):
                total += go(hw, hl | 1 << got, t, rest & ~(1 << t), None)
                pairs += 1
        return gain + Fraction(total) / pairs


_LAST: list[_Solver] = []
MEMO_LIMIT = 2_000_000


def _solver(briscola: int, objective: str) -> _Solver:
    """The previous search when it has the same trump card and objective (its memo holds
    whole states, so it stays valid), else a fresh one: ref_value after ref_values is free."""
    if _LAST and (_LAST[0].briscola, _LAST[0].objective) == (briscola, objective) \
            and len(_LAST[0].memo) < MEMO_LIMIT:
        return _LAST[0]
    _LAST[:] = [_Solver(briscola, objective)]
    return _LAST[0]


def _start(pos: Position, objective: str):
    if objective not in ("points", "win"):
        raise ValueError(f"unknown objective {objective!r}")
    if objective == "win" and pos.score is None:
        raise ValueError("objective 'win' needs a score")
    solver = _solver(pos.briscola, objective)
    s1, s2 = pos.score if objective == "win" else (0, 0)
    if pos.talon_order is not None:
        top, unseen, order = -1, 0, tuple(pos.talon_order)
    else:
        top, unseen, order = pos.top, pos.unseen, None
    return solver, (pos.hands[0], pos.hands[1], pos.table[0] if pos.table else -1, top, unseen, order, pos.to_move, s1, s2)


def _to_mover(v: Fraction, turn: int, objective: str) -> Fraction:
    if turn == 0:
        return v
    return -v if objective == "points" else ONE - v


def ref_values(pos: Position, objective: str = "points") -> dict[int, Fraction]:
    """Exact value, for the player to move, of every card they may play."""
    solver, (h1, h2, table, top, unseen, order, turn, s1, s2) = _start(pos, objective)
    hand = h1 if turn == 0 else h2
    return {c: _to_mover(Fraction(solver.after(h1, h2, table, top, unseen, order, turn, s1, s2, c)),
                         turn, objective)
            for c in _cards(hand)}


def ref_value(pos: Position, objective: str = "points") -> Fraction:
    """Exact value of the position for the player to move."""
    return max(ref_values(pos, objective).values())


def positions_dir() -> Path:
    """Where the independent solver's positions live: the tests' own data folder, so that a
    clone passes on its own; $BRISCOLA_POSITIONS may point at another set."""
    override = os.environ.get("BRISCOLA_POSITIONS")
    return Path(override) if override else Path(__file__).resolve().parent / "data"


def load_positions(name: str) -> list[dict]:
    """The lines of ``<name>.jsonl`` (empty when the file cannot be found)."""
    path = positions_dir() / f"{name}.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
