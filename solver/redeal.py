"""What a seat could not see at a moment of a deal, dealt again.

A card taken back on the board, then a card played, goes on from a deal that shows the
seat everything it was shown up to that moment and nothing of the line it took back: the
covered talon is shuffled anew, and in the hidden-card games the other hand is drawn again
as the seat's own analysis draws it (``SeatPosition.hand_sampler``), each of that hand's
cards, played or held, given an arrival within what the tricks showed (``History``). Without
it the line taken back showed the cards drawn after that moment and the other hand's cards,
and the same deal went on.
"""

from __future__ import annotations

import heapq
import random

from solver.cards import cards_of
from solver.errors import BriscolaError
from solver.game import GameState, deal_from_deck, play_moves, start_of
from solver.position.seat import SeatPosition
from solver.rules import RulesError

#: hidden hands drawn before the talon alone is shuffled (a hand whose arrivals do not fit)
TRIES = 20


def covered(state: GameState) -> list[int]:
    """The places in ``state.talon`` (top first) no seat sees: all but a top card shown
    (scoperta) and the turned trump card at the bottom."""
    v = state.variant
    lo = 1 if v.top_visible else 0
    hi = len(state.talon) - (1 if v.has_trump and state.talon else 0)
    return list(range(lo, hi))


def shuffled_talon(state: GameState, rng: random.Random, cards=None) -> tuple[int, ...]:
    """``state.talon`` with its covered places holding ``cards`` (a mask; the covered cards
    by default) in a random order."""
    places = covered(state)
    pool = [state.talon[i] for i in places] if cards is None else cards_of(cards)
    rng.shuffle(pool)
    talon = list(state.talon)
    for i, c in zip(places, pool, strict=True):
        talon[i] = c
    return tuple(talon)


def redeal(state: GameState, seat: int | None, rng: random.Random) -> tuple[int, ...]:
    """A deck for the deal of ``state`` (a dealt one, with a ``deck``) whose moves replay to
    a state ``seat`` (1-based) cannot tell from ``state``, what it could not see dealt
    again; with ``seat`` None (or 0), or in the games played with every hand in view, the
    covered talon alone is shuffled."""
    if state.deck is None:
        raise RulesError.of("argument.game", name="state", got="a game continued from a position")
    deck = state.deck
    view = state.view(seat) if seat else None
    if isinstance(view, SeatPosition) and not state.is_over:
        for _ in range(TRIES):
            new = _hidden(state, deck, view, rng)
            if new is not None:
                return new
    return _with_talon(state, deck, list(deck), shuffled_talon(state, rng))


def _with_talon(
    state: GameState, deck: tuple[int, ...], new: list[int], talon: tuple[int, ...]
) -> tuple[int, ...]:
    """``new`` (a copy of ``deck``) with ``talon`` in the places of ``state.talon``."""
    at = {c: i for i, c in enumerate(deck)}
    for old, card in zip(state.talon, talon, strict=True):
        new[at[old]] = card
    return tuple(new)


def _hidden(
    state: GameState, deck: tuple[int, ...], view: SeatPosition, rng: random.Random
) -> tuple[int, ...] | None:
    """One redeal of the other hand and the covered talon, or None where the hand drawn
    finds no arrivals or the deal does not replay to ``view`` (drawn again)."""
    try:
        hand = view.hand_sampler(rng)[0]()
    except BriscolaError:  # no hand fits what the seat saw: the talon alone is shuffled
        return None
    arrivals = _arrivals(state, deck, view, hand, rng)
    if arrivals is None:
        return None
    new = list(deck)
    for place, card in arrivals.items():
        new[place] = card
    out = _with_talon(state, deck, new, shuffled_talon(state, rng, view.pool & ~hand))
    try:
        again = play_moves(deal_from_deck(state.variant, out, state.dealer), state.moves)
    except BriscolaError:
        return None
    return out if again.view(view.player) == view else None


def _arrivals(
    state: GameState, deck: tuple[int, ...], view: SeatPosition, hand: int, rng: random.Random
) -> dict[int, int] | None:
    """The deck's places of the other seat's cards (those it played and ``hand``, the
    cards it holds that the seat does not know) filled so that each arrives within its span
    (History: not before a void it showed in its suit, a card played by the last draw
    before it was played), by earliest deadline; the turned trump card, held or played,
    keeps its place at the deck's bottom. None where they do not fit."""
    other = view.opponent
    at = {c: i for i, c in enumerate(deck)}
    slots = [[at[c] for c in cards_of(start_of(state).hands[other])]]
    for t in state.tricks:
        slots += [[at[c]] for k, c in enumerate(t.draws) if (t.winner + k) % 2 == other]
    kept = set(cards_of(view.known)) | ({state.briscola} if state.briscola >= 0 else set())
    for places in slots:
        places[:] = [p for p in places if deck[p] not in kept]
    h = view.history
    last = len(slots) - 1
    if h is None:
        led = view.table if view.leader == other else ()  # its card on the table
        items = [(0, last, c) for c in (*cards_of(hand), *led)]
    else:
        items = [(lo, hi, c) for c, (lo, hi) in zip(h.cards, h.fixed, strict=True)]
        items += [(h.suit_lo[c // 10], last, c) for c in cards_of(hand)]
    items = sorted(item for item in items if item[2] not in kept)
    waiting: list[tuple[int, float, int]] = []
    out: dict[int, int] = {}
    k = 0
    for slot, places in enumerate(slots):
        while k < len(items) and items[k][0] <= slot:
            heapq.heappush(waiting, (items[k][1], rng.random(), items[k][2]))
            k += 1
        rng.shuffle(places)
        for place in places:
            if not waiting:
                return None
            hi, _, card = heapq.heappop(waiting)
            if hi < slot:
                return None
            out[place] = card
    return out if not waiting and k == len(items) else None
