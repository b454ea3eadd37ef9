"""Expectiminimax written against the State protocol alone (solver.position.protocol):
``legal_cards``, ``play``, ``outcomes``, ``is_over``, ``turn``, ``points_in_play`` and
``score``. No type checks, no masks, no rules of its own: if it agrees with the engine on
every kind of position, the protocol carries everything a search needs.

Values are side 0's (seats 1 and 3) net points from now on, or its chance of winning; side 0
maximises, side 1 minimises (seats alternate sides: players 1 and 3, odd ``turn``, are side 0).
"""
from __future__ import annotations

from fractions import Fraction


def _after(state, card, objective: str, memo: dict) -> Fraction:
    """Side 0's value once ``card`` is played, every draw weighed by its probability."""
    total = Fraction(0)
    for draws, p in state.outcomes(card) or [(None, Fraction(1))]:
        child = state.play(card, draws)
        value = _value0(child, objective, memo)
        if objective == "points":
            gained = state.points_in_play - child.points_in_play  # the trick just taken
            value += gained if child.turn % 2 == 1 else -gained   # the winner leads next
        total += p * value
    return total


def _value0(state, objective: str, memo: dict) -> Fraction:
    if state in memo:
        return memo[state]
    if state.is_over:
        if objective == "points":
            value = Fraction(0)
        else:
            a, _ = state.score
            value = Fraction(1) if a > 60 else Fraction(1, 2) if a == 60 else Fraction(0)
    else:
        values = [_after(state, c, objective, memo) for c in state.legal_cards()]
        value = max(values) if state.turn % 2 == 1 else min(values)
    memo[state] = value
    return value


def move_values(state, objective: str = "points") -> dict[int, Fraction]:
    """Every legal card's value for the side to move: net points from now on, or the
    chance of winning the deal (needs ``score``)."""
    memo: dict = {}
    out = {}
    for card in state.legal_cards():
        v0 = _after(state, card, objective, memo)
        if state.turn % 2 == 1:
            out[card] = v0
        else:
            out[card] = -v0 if objective == "points" else 1 - v0
    return out
