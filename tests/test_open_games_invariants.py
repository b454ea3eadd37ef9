"""The general kernel's answers (every game but 2-player scoperta) held to what an exact
value must satisfy, on many seeded positions, without the slow reference: the principal
line is, card by card, the lowest best card at its step and runs to a draw nobody knows or
to the end; each card's value is the value after playing it (the trick's points and every
draw's probability counted); turning the seats round (four players: by one, two or three
seats, which swaps the teams when odd) or renaming the suits changes no value.
tests/test_solver.py holds 2-player scoperta to the same; tests/test_open_games_search.py
compares the values themselves with tests/open_games_reference.py."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

import open_games_reference as R
from solver import Engine
from solver.cards import card_str, cards_of, mask_of

#: (variant, talon, cards on the table, hand size when the talon is empty)
CASES = [
    ("scoperta4", 0, 0, 3), ("scoperta4", 0, 3, 2), ("scoperta4", 4, 1, None),
    ("scoperta4", 4, 2, None), ("briscolone", 0, 1, 5), ("briscolone", 2, 0, None),
    ("libero", 0, 0, 4), ("libero", 2, 1, None), ("classic", 0, 1, 3),
    ("classic", 2, 0, None), ("classic", 4, 1, None),
]
POSITIONS = 6


@pytest.fixture(scope="module")
def engine():
    with Engine() as e:
        yield e


def _positions(variant, talon, table, hand):
    rng = random.Random(f"invariants/{variant}/{talon}/{table}")
    for k in range(POSITIONS):
        least = 2 if table and variant == "scoperta4" else 1
        h = None if hand is None else rng.randint(least, hand)
        yield rng, R.random_position(variant, talon, table, rng, hand=h, with_score=True,
                                     clairvoyant=k == POSITIONS - 1 and talon > 0)


def _for_mover(pos, child, v: Fraction, objective: str) -> Fraction:
    """``child``'s value for its mover, as ``pos``'s mover's side sees it."""
    if child.to_move % 2 == pos.to_move % 2:
        return v
    return -v if objective == "points" else 1 - v


def _value(engine, pos, objective: str) -> Fraction:
    if pos.is_over:
        if objective == "points":
            return Fraction(0)
        mine = pos.score[pos.to_move % 2]
        return Fraction(1) if mine > 60 else Fraction(1, 2) if mine == 60 else Fraction(0)
    a = engine.analyse(pos, objective)
    assert a.exact, pos.to_text()
    return a.exact_value


def _after(engine, pos, card, objective: str) -> Fraction:
    """``card``'s value from the values of the positions after it and its draws."""
    total = Fraction(0)
    for draws, p in pos.outcomes(card) or [(None, Fraction(1))]:
        child = pos.play(card, draws)
        v = _for_mover(pos, child, _value(engine, child, objective), objective)
        if objective == "points":
            taken = pos.points_in_play - child.points_in_play
            v += taken if child.to_move % 2 == pos.to_move % 2 else -taken
        total += p * v
    return total


def _turned(pos, k: int):
    """The same deal with every seat moved ``k`` places round the table."""
    n = pos.players
    score = pos.score if k % 2 == 0 else (pos.score[1], pos.score[0])
    return replace(pos, hands=tuple(pos.hands[(i + k) % n] for i in range(n)),
                   to_move=(pos.to_move - k) % n, score=score)


def _renamed(pos, perm):
    """The same deal with suit ``s`` called ``perm[s]``, and the card map."""
    def card(c: int) -> int:
        return c if c < 0 else perm[c // 10] * 10 + c % 10

    def mask(m: int) -> int:
        return mask_of(card(c) for c in cards_of(m))

    order = None if pos.talon_order is None else tuple(map(card, pos.talon_order))
    return replace(pos, hands=tuple(map(mask, pos.hands)), table=tuple(map(card, pos.table)),
                   top=card(pos.top), briscola=card(pos.briscola), played=mask(pos.played),
                   talon_order=order), card


@pytest.mark.parametrize("variant,talon,table,hand", CASES)
def test_line_values_and_symmetries(engine, variant, talon, table, hand):
    for rng, pos in _positions(variant, talon, table, hand):
        for objective in ("points", "win"):
            where = (pos.to_text(), objective)
            a = engine.analyse(pos, objective)
            assert a.exact, where
            values = {int(m.card): m.value_exact for m in a.moves}

            p = pos
            for k, c in enumerate(a.pv):
                here = {int(m.card): m.value_exact for m in engine.analyse(p, objective).moves}
                top = max(here.values())
                assert int(c) == min(x for x, v in here.items() if v == top), (*where, k)
                if k < len(a.pv) - 1:
                    p = p.play(c)
            last = a.pv[-1]
            assert len(p.outcomes(last)) > 1 or p.play(last).is_over, (*where, "line cut short")

            for c, v in values.items():
                assert _after(engine, pos, c, objective) == v, (*where, card_str(c))

            turned = pos.swapped() if pos.players == 2 else _turned(pos, rng.randrange(1, 4))
            assert {int(m.card): m.value_exact
                    for m in engine.analyse(turned, objective).moves} == values, where

            perm = list(range(4))
            rng.shuffle(perm)
            renamed, card = _renamed(pos, perm)
            assert {int(m.card): m.value_exact
                    for m in engine.analyse(renamed, objective).moves} \
                == {card(c): v for c, v in values.items()}, (*where, perm)
