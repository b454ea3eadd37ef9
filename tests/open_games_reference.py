"""A slow, obviously correct reference for every open game: plain expectiminimax in exact
Fractions over every move and every draw, no pruning (results are memoised per position,
which changes nothing but the time). It is written against the State protocol
(solver.position.protocol: legal cards, play, chance outcomes) and the played cards, so it
values a Position of any variant and a scoperta Position alike.

Values are first computed for side 0 (seats 1+3), which maximises while side 1 minimises,
and only then turned into the mover's view: a formulation unlike the kernel's negamax.
Also random position generators for the tests.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

from solver.cards import POINTS, mask_of, mask_points
from solver.position import Position
from solver.position.protocol import State
from solver.rules import get_variant


def _after(pos: State, card: int, objective: str) -> Fraction:
    """Side 0's value once ``card`` is played (the trick's points included), every draw that
    may follow weighed by its probability (the State protocol's chance outcomes)."""
    total = Fraction(0)
    for draws, p in pos.outcomes(card) or [(None, Fraction(1))]:
        ch = pos.play(card, draws)
        val = _value0(ch, objective)
        if objective == "points":
            gained = mask_points(ch.played & ~pos.played)   # the trick's cards, once it ends
            val += gained if ch.to_move % 2 == 0 else -gained
        total += p * val
    return total


@lru_cache(maxsize=None)
def _value0(pos: State, objective: str) -> Fraction:
    if pos.is_over:
        if objective == "points":
            return Fraction(0)
        a, b = pos.score
        return Fraction(1) if a > 60 else (Fraction(1, 2) if a == 60 else Fraction(0))
    vals = [_after(pos, c, objective) for c in pos.legal_cards()]
    return max(vals) if pos.to_move % 2 == 0 else min(vals)


def move_values(pos: State, objective: str = "points") -> dict[int, Fraction]:
    """Every legal card's value for the side to move (docs/notation.md's meaning)."""
    out = {}
    for c in pos.legal_cards():
        v0 = _after(pos, c, objective)
        if pos.to_move % 2 == 0:
            out[c] = v0
        else:
            out[c] = -v0 if objective == "points" else 1 - v0
    return out


def clear():
    _value0.cache_clear()


# ---- random positions ---------------------------------------------------------------

def random_position(variant: str, talon: int, on_table: int, rng: random.Random,
                    hand: int | None = None, with_score: bool = False,
                    clairvoyant: bool = False) -> Position:
    """A random legal position: ``talon`` cards in the talon, ``on_table`` cards of the
    current trick played, hands of ``hand`` cards (talon empty) or full."""
    v = get_variant(variant)
    n = v.players
    deck = list(range(40))
    rng.shuffle(deck)
    m = v.hand_size if talon else (hand or v.hand_size)
    turn = rng.randrange(n)
    leader = (turn - on_table) % n
    done = {(leader + j) % n for j in range(on_table)}
    hands = []
    for s in range(n):
        k = m - 1 if s in done else m
        hands.append(mask_of(deck[:k]))
        deck = deck[k:]
    table = tuple(deck[:on_table])
    deck = deck[on_table:]
    tal = deck[:talon]
    played = deck[talon:]
    briscola = -1
    top = -1
    if v.has_trump:
        briscola = tal[-1] if tal else rng.randrange(40)
    if v.top_visible and tal:
        top = tal[0]
    score = None
    if with_score:
        sc = [0, 0]
        rng.shuffle(played)
        for i in range(0, len(played), n):
            side = rng.randrange(2)
            sc[side if i else leader % 2] += int(sum(POINTS[c] for c in played[i:i + n]))
        score = (sc[0], sc[1])
    order = tuple(tal) if (clairvoyant and tal) else None
    return Position(v.name, tuple(hands), table, top, briscola, mask_of(played), turn,
                        score, order)
