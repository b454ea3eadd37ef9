"""Seeded random legal scoperta positions, for tests, benchmarks and puzzles.

Every position comes from a plausible deal: a shuffled deck cut into the trump card,
hands, table, talon and played cards, with the sizes the rules allow at that moment. The
trump card is drawn last (docs/rules.md): right after the last draw it is in the hand of
the seat that drew last, not played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver.cards import N_CARDS, RANK_POINTS, mask_of
from solver.errors import BriscolaError
from solver.position import Position


def random_position(
    rng: random.Random,
    talon: int,
    mid_trick: bool = False,
    clairvoyant: bool = False,
    with_score: bool = False,
) -> Position:
    """A random legal position with ``talon`` cards in the talon (34 = the deal's first trick).

    With an empty talon the hands hold 1, 2 or 3 cards (chosen at random); with 3 the trump
    card is in the hand of the seat that drew it, the one not leading. ``mid_trick``:
    the leader has already led one card. ``clairvoyant``: the whole talon order is known.
    ``with_score``: the played cards are split into tricks won by a random player, one
    of them by the leader (it took the last trick).
    """
    if talon % 2 or not 0 <= talon <= 34:
        raise BriscolaError.of("argument.talon", talon=talon)
    deck = list(range(N_CARDS))
    rng.shuffle(deck)
    turn = rng.randrange(2)
    leader = 1 - turn if mid_trick else turn
    k = 3 if talon else rng.randint(1, 3)
    sizes = [k, k]
    if mid_trick:
        sizes[leader] -= 1

    if talon:
        briscola = deck.pop()
        talon_cards = [deck.pop() for _ in range(talon - 1)] + [briscola]
    else:
        pick = rng.randrange(N_CARDS)
        briscola = deck[pick]
        talon_cards = []
    hands = [[deck.pop() for _ in range(sizes[p])] for p in (0, 1)]
    if not talon and k == 3:
        briscola = trump_drawn_last(briscola, pick, hands[1 - leader])
    table = (deck.pop(),) if mid_trick else ()
    played = deck
    assert len(played) % 2 == 0

    score = None
    if with_score:
        taken = [0, 0]
        for i in range(0, len(played), 2):
            side = rng.randrange(2)  # drawn for each trick: a seed deals what it dealt before
            pair = RANK_POINTS[played[i] % 10] + RANK_POINTS[played[i + 1] % 10]
            taken[leader if i == 0 else side] += pair
        score = (taken[0], taken[1])

    top = talon_cards[0] if talon_cards else -1
    order = tuple(talon_cards) if clairvoyant and talon_cards else None
    return Position(
        "scoperta",
        (mask_of(hands[0]), mask_of(hands[1])),
        table,
        top,
        briscola,
        mask_of(played),
        turn,
        score,
        order,
    )


def trump_drawn_last(card: int, pick: int, drew_last: Sequence[int]) -> int:
    """The trump card of a random position right after the last draw: ``card`` when the seat
    that drew last holds it, else one of that seat's cards ``drew_last`` chosen by the same
    draw ``pick``, so that the rest of the position is the seed's as before."""
    return card if card in drew_last else drew_last[pick % len(drew_last)]


def random_positions(seed: int, n: int, **kw) -> list[Position]:
    """``n`` positions from one seeded generator; keyword arguments as random_position.

    ``talon`` may be a single size or a sequence to pick from at random.
    """
    rng = random.Random(seed)
    talon = kw.pop("talon", 0)
    sizes = (talon,) if isinstance(talon, int) else tuple(talon)
    return [random_position(rng, rng.choice(sizes), **kw) for _ in range(n)]
