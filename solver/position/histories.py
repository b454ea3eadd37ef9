"""How likely each hidden hand a seat keeps is: the number of the opponent's histories (the
hand it held when the tricks began, a set, then the card it took at each draw) that end in
it. Under a uniformly random deal, and plays that depend on the hand only through which
cards are legal, every such history is equally likely, so a hand's chance is proportional
to its count.

A history is an arrival slot for each of the opponent's cards (those it played and those it
holds) within the card's span (seat.History: after a void it showed in the card's suit, by
the last draw before the card was played); the count is the number of ways to fill the slots
(the first holds ``caps[0]`` cards as a set, each draw one card). It depends on the hand only
through how many of its cards have each first slot, so it is worked out once per such count
(``HandCount``), and the total over every hand in one fill of the slots. Where no suit is
followed (classic, Libero) every card may arrive from the first slot, every hand counts
alike, and the hands are weighted equally (``counter`` gives None); in Briscolone a hand
holding a suit the opponent did not follow has fewer histories. The histories of every hand
added up (``HandCount.total``) weigh the seat's own draw: each card it may draw as likely as
the histories left after it (SeatPosition.outcomes). Counts, totals and playable suits are
kept for later views: the views of a walk share their histories.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb, prod

from solver.cards import SUIT_MASKS, cards_of

#: how many counts, totals and playable suits are kept for later views
CACHED = 4096


def _fillings(
    caps: tuple[int, ...],
    spans: tuple[tuple[int, int], ...],
    firsts: tuple[int, ...],
    starts: tuple[tuple[tuple[int, ...], int], ...],
) -> int:
    """The ways to give each card one slot within its span (first and last), slot 0 holding
    ``caps[0]`` cards as a set and each later slot one (a draw), summed over hands: each of
    ``starts`` is how many of a hand's cards (every one free to the last slot) have each of
    the first slots ``firsts``, with how many hands have that many. The slots are filled from
    the last down, a state counting the cards waiting by first slot (cards that share it are
    alike from then on), so hands that leave the same cards waiting are counted together."""
    size = sum(starts[0][0]) if starts else 0
    if len(spans) + size != sum(caps):
        return 0
    group = {lo: g for g, lo in enumerate(firsts)}
    arrive = [[0] * len(firsts) for _ in caps]
    for lo, hi in spans:
        arrive[hi][group[lo]] += 1
    states: dict[tuple[int, ...], int] = dict(starts)
    for slot in range(len(caps) - 1, 0, -1):
        add, late = arrive[slot], bisect_right(firsts, slot)
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for st, n in states.items():
            if any(add):
                st = tuple(k + a for k, a in zip(st, add, strict=True))
            if any(st[late:]):
                continue  # a card that can no longer arrive in its span
            for g in range(late):
                if st[g]:
                    nxt[st[:g] + (st[g] - 1,) + st[g + 1 :]] += n * st[g]
        states = nxt
    add = arrive[0]
    late = bisect_right(firsts, 0)
    total = 0
    for st, n in states.items():  # the dealt hand holds, as a set, every card still waiting
        st = tuple(k + a for k, a in zip(st, add, strict=True))
        if sum(st) == caps[0] and not any(st[late:]):
            total += n
    return total


@lru_cache(maxsize=CACHED)
def _one(
    caps: tuple[int, ...],
    spans: tuple[tuple[int, int], ...],
    firsts: tuple[int, ...],
    hand: tuple[int, ...],
) -> int:
    """``_fillings`` of one hand, ``hand`` of its cards with each first slot."""
    return _fillings(caps, spans, firsts, ((hand, 1),))


@lru_cache(maxsize=CACHED)
def _total(
    caps: tuple[int, ...],
    spans: tuple[tuple[int, int], ...],
    firsts: tuple[int, ...],
    sizes: tuple[int, ...],
    size: int,
) -> int:
    """``_fillings`` over every hand of ``size`` cards where ``sizes[g]`` of the cards it may
    hold have first slot ``firsts[g]``: each way to take so many cards with each first slot
    stands for the product of binomials of hands that do (the suits that share a first slot
    merged, by Vandermonde's identity), so the hands are counted in one fill."""
    starts = tuple(
        (ks, prod(comb(n, k) for n, k in zip(sizes, ks, strict=True))) for ks in splits(sizes, size)
    )
    return _fillings(caps, spans, firsts, starts)


@lru_cache(maxsize=1 << 10)
def splits(sizes: tuple[int, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """Every way to take ``total`` things from bins of ``sizes`` (how many from each), in
    lexicographic order."""
    if not sizes:
        return ((),) if not total else ()
    rest = sum(sizes[1:])
    return tuple(
        (k, *tail)
        for k in range(max(0, total - rest), min(sizes[0], total) + 1)
        for tail in splits(sizes[1:], total - k)
    )


@dataclass(frozen=True)
class HandCount:
    """count(hand) -> the number of histories ending in ``hand`` (a mask of the unknown
    cards), from a record's History: its slots' ``caps``, the spans of the cards played and
    of those the seat knows the opponent holds (``spans``, sorted), and each suit's first
    slot (``firsts[groups[suit]]``). A hand's count depends only on how many of its cards
    have each first slot, so it is worked out once for each such count; counts and totals
    are shared by every view with the same history (a walk's sibling views)."""

    caps: tuple[int, ...]
    spans: tuple[tuple[int, int], ...]
    firsts: tuple[int, ...]
    groups: tuple[int, ...]
    memo: dict[tuple[int, ...], int] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def _by_first(self, cards: int) -> tuple[int, ...]:
        """How many of ``cards`` (a mask) have each first slot."""
        out = [0] * len(self.firsts)
        for s, g in enumerate(self.groups):
            out[g] += popcount_suit(cards, s)
        return tuple(out)

    def __call__(self, hand: int) -> int:
        key = self._by_first(hand)
        if key not in self.memo:
            self.memo[key] = _one(self.caps, self.spans, self.firsts, key)
        return self.memo[key]

    def total(self, pool: int, size: int) -> int:
        """How many histories end in some hand of ``size`` cards of ``pool``: the sum of the
        count over those hands, what each hand's count is a share of (the hands taken
        together by how many of their cards have each first slot)."""
        return _total(self.caps, self.spans, self.firsts, self._by_first(pool), size)


def counter(
    caps: tuple[int, ...],
    fixed: tuple[tuple[int, int], ...],
    suit_lo: tuple[int, ...],
    known: int,
) -> HandCount | None:
    """The HandCount of a record's History (``known``: the cards the seat knows the opponent
    holds, added to every hand); None where every hand counts alike (no suit shown void).
    It counts 0 for a hand no history ends in."""
    if not any(suit_lo):
        return None
    last = len(caps) - 1
    spans = tuple(sorted(list(fixed) + [(suit_lo[c // 10], last) for c in cards_of(known)]))
    firsts = tuple(sorted(set(suit_lo) | {lo for lo, _ in spans}))
    return HandCount(caps, spans, firsts, tuple(firsts.index(lo) for lo in suit_lo))


def popcount_suit(hand: int, suit: int) -> int:
    """How many cards of ``suit`` ``hand`` (a mask) holds."""
    return (hand & SUIT_MASKS[suit]).bit_count()


def _kept(
    count: Callable[[int], int], sizes: tuple[int, ...], size: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each composition of a hand of ``size`` cards, ``sizes`` of each suit free (how many
    cards of each suit), that some history ends in, with its total count: the count of any
    one of its hands (``count`` depends on the composition alone) times how many there
    are."""
    for ks in splits(sizes, size):
        one = 0
        for s, k in enumerate(ks):
            one |= ((1 << k) - 1) << (10 * s)  # any hand of that composition
        w = count(one) * prod(comb(n, k) for n, k in zip(sizes, ks, strict=True))
        if w:
            yield ks, w


def _sizes(pool: int) -> tuple[int, ...]:
    return tuple(popcount_suit(pool, s) for s in range(4))


def weighted_draw(
    count: Callable[[int], int], pool: int, size: int, rng: random.Random
) -> Callable[[], int] | None:
    """A function drawing a hand of ``size`` cards of ``pool`` with chance proportional to
    ``count``: a composition (how many cards of each suit) drawn by its total count, then
    its cards uniformly. None when no hand has a history."""
    kept = list(_kept(count, _sizes(pool), size))
    if not kept:
        return None
    by_suit = [cards_of(pool & m) for m in SUIT_MASKS]
    comps, weights = [ks for ks, _ in kept], [w for _, w in kept]

    def draw() -> int:
        ks = rng.choices(comps, weights)[0]
        hand = 0
        for cs, k in zip(by_suit, ks, strict=True):
            for c in rng.sample(cs, k):
                hand |= 1 << c
        return hand

    return draw


@lru_cache(maxsize=CACHED)
def _suit_sets(count: Callable[[int], int], sizes: tuple[int, ...], size: int) -> frozenset[int]:
    """The sets of suits (a bit each) held by the hands of ``size`` cards, ``sizes`` of each
    suit free, that some history ends in: all a hand's playable cards depend on. Shared by
    the views with the same history and as many cards of each suit unseen (a walk's)."""
    return frozenset(
        sum(1 << s for s, k in enumerate(ks) if k) for ks, _ in _kept(count, sizes, size)
    )


def playable(count: Callable[[int], int], pool: int, size: int, known: int, led: int) -> int:
    """The cards a hand of ``size`` cards of ``pool`` (``known`` added) may play, over every
    hand some history ends in: each card of a suit such a hand may hold, only the ``led``
    suit's where it holds one (``led`` -1: the hand leads). What the histories rule out
    (a card of a suit not followed, and not drawn since) is left out."""
    out = 0
    for suits in _suit_sets(count, _sizes(pool), size):
        mine = known | sum(pool & SUIT_MASKS[s] for s in range(4) if suits >> s & 1)
        if led >= 0 and mine & SUIT_MASKS[led]:
            mine &= SUIT_MASKS[led]
        out |= mine
    return out
