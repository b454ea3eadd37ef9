"""How likely each hidden hand a seat keeps is: the number of the opponent's histories (the
hand it held when the tricks began, a set, then the card it took at each draw) that end in
it. Under a uniformly random deal, and plays that depend on the hand only through which
cards are legal, every such history is equally likely, so a hand's chance is proportional
to its count.

A history is an arrival slot for each of the opponent's cards (those it played and those it
holds) within the card's span (seat.History: after a void it showed in the card's suit, by
the last draw before the card was played); the count is the number of ways to fill the slots
(the first holds ``caps[0]`` cards as a set, each draw one card). It depends on the hand only
through how many of its cards have each first slot, so it is worked out once per such
composition. Where no suit is followed (classic, Libero) every card may arrive from the
first slot, every hand counts alike, and the hands are weighted equally (``counter`` gives
None); in Briscolone a hand holding a suit the opponent did not follow has fewer histories.
The histories of every hand added up (``total_count``) weigh the seat's own draw: each card
it may draw as likely as the histories left after it (SeatPosition.outcomes).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from itertools import product
from math import comb, prod

from solver.cards import SUIT_MASKS, cards_of


def count_fillings(caps: tuple[int, ...], spans: list[tuple[int, int]]) -> int:
    """The ways to give each card (its span of slots, first and last) one slot, slot 0
    holding ``caps[0]`` cards as a set and each later slot ``caps[i]`` (one: a draw). The
    slots are filled from the last down, a state counting the cards waiting by first slot
    (cards that share it are alike from then on)."""
    if len(spans) != sum(caps):
        return 0
    firsts = sorted({lo for lo, _ in spans})
    group = {lo: g for g, lo in enumerate(firsts)}
    arrive: dict[int, list[int]] = defaultdict(list)
    for lo, hi in spans:
        arrive[hi].append(group[lo])
    states: dict[tuple[int, ...], int] = {(0,) * len(firsts): 1}
    for slot in range(len(caps) - 1, -1, -1):
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for st, n in states.items():
            wait = list(st)
            for g in arrive[slot]:
                wait[g] += 1
            if any(k and firsts[g] > slot for g, k in enumerate(wait)):
                continue  # a card that can no longer arrive in its span
            for take in product(*(range(min(k, caps[slot]) + 1) for k in wait)):
                if sum(take) == caps[slot]:
                    ways = prod(comb(k, t) for k, t in zip(wait, take, strict=True))
                    nxt[tuple(k - t for k, t in zip(wait, take, strict=True))] += n * ways
        states = nxt
    return states.get((0,) * len(firsts), 0)


def counter(
    caps: tuple[int, ...],
    fixed: tuple[tuple[int, int], ...],
    suit_lo: tuple[int, ...],
    known: int,
) -> Callable[[int], int] | None:
    """count(hand) -> the number of histories ending in ``hand`` (a mask of the unknown
    cards; ``known``, the cards the seat knows the opponent holds, added), from a record's
    History (its slots' ``caps``, the spans of the cards played, ``fixed``, and each suit's
    first slot, ``suit_lo``); None where every hand counts alike (no suit shown void). 0
    for a hand no history ends in."""
    if not any(suit_lo):
        return None
    last = len(caps) - 1
    base = list(fixed) + [(suit_lo[c // 10], last) for c in cards_of(known)]
    memo: dict[tuple[int, ...], int] = {}

    def count(hand: int) -> int:
        per_suit = tuple(popcount_suit(hand, s) for s in range(4))
        if per_suit not in memo:
            spans = base + [(suit_lo[s], last) for s in range(4) for _ in range(per_suit[s])]
            memo[per_suit] = count_fillings(caps, spans)
        return memo[per_suit]

    return count


def popcount_suit(hand: int, suit: int) -> int:
    """How many cards of ``suit`` ``hand`` (a mask) holds."""
    return (hand & SUIT_MASKS[suit]).bit_count()


def _compositions(
    count: Callable[[int], int], pool: int, size: int
) -> tuple[list[list[int]], list[tuple[int, ...]], list[int]]:
    """The cards of ``pool`` by suit, and each composition of a hand of ``size`` of them (how
    many cards of each suit) that some history ends in, with its total count: the count of
    any one of its hands (``count`` depends on the composition alone) times how many there
    are."""
    by_suit = [cards_of(pool & m) for m in SUIT_MASKS]
    comps, weights = [], []
    for ks in product(*(range(min(len(cs), size) + 1) for cs in by_suit)):
        if sum(ks) != size:
            continue
        one = 0
        for s, k in enumerate(ks):
            one |= ((1 << k) - 1) << (10 * s)  # any hand of that composition
        w = count(one) * prod(comb(len(cs), k) for cs, k in zip(by_suit, ks, strict=True))
        if w:
            comps.append(ks)
            weights.append(w)
    return by_suit, comps, weights


def total_count(count: Callable[[int], int], pool: int, size: int) -> int:
    """How many histories end in some hand of ``size`` cards of ``pool``: the sum of
    ``count`` over those hands, what each hand's count is a share of."""
    return sum(_compositions(count, pool, size)[2])


def weighted_draw(
    count: Callable[[int], int], pool: int, size: int, rng: random.Random
) -> Callable[[], int] | None:
    """A function drawing a hand of ``size`` cards of ``pool`` with chance proportional to
    ``count``: a composition (how many cards of each suit) drawn by its total count, then
    its cards uniformly. None when no hand has a history."""
    by_suit, comps, weights = _compositions(count, pool, size)
    if not comps:
        return None

    def draw() -> int:
        ks = rng.choices(comps, weights)[0]
        hand = 0
        for cs, k in zip(by_suit, ks, strict=True):
            for c in rng.sample(cs, k):
                hand |= 1 << c
        return hand

    return draw


def playable(count: Callable[[int], int], pool: int, size: int, known: int, led: int) -> int:
    """The cards a hand of ``size`` cards of ``pool`` (``known`` added) may play, over every
    hand some history ends in: each card of a suit such a hand may hold, only the ``led``
    suit's where it holds one (``led`` -1: the hand leads). What the histories rule out
    (a card of a suit not followed, and not drawn since) is left out."""
    out = 0
    for ks in _compositions(count, pool, size)[1]:
        mine = known | sum(pool & SUIT_MASKS[s] for s, k in enumerate(ks) if k)
        if led >= 0 and mine & SUIT_MASKS[led]:
            mine &= SUIT_MASKS[led]
        out |= mine
    return out
