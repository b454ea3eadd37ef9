"""A brute-force reference for what one seat of a two-player hidden-card game (classic,
Briscolone, Libero) can rule out about the hidden hand, written without the engine's seat
code or rules (tests/test_seat_reference.py holds the engine to it).

The whole deal is known (a ``solver.game.GameState``), but only what the seat saw is read:
its own hand and draws, every card played and by whom, the trump card, the talon's size.
Every history of the opponent's hand the seat cannot tell from the real one is enumerated:
the hand dealt (or held when the game began from a position), then the card it took at each
of its draws, each any card the seat has not seen (the turned trump card when it was the
talon's last). A history is kept when each of the opponent's cards was in its hand when it
played it and, where the suit must be followed, it held no card of the led suit when it
played another. The hands the kept histories end in are the answer, each with how many
histories end in it.

Two histories in the same hand at the same event have the same futures, so they are merged
(their counts added): that is what keeps the enumeration small. A hand with no future is
dropped as soon as it is made: one holding more cards it will never play than the hand it
ends in (a card leaves a hand only when played), or lacking a card it plays before its next
draw.

The seat's own draw (``draw_chances``) is read from the same histories, taken to the end of
the trick: given the opponent's hand then, the talon is a uniform shuffle of the cards the
seat has not seen and the opponent does not hold, so the seat draws each of them alike; and
``hands_after_draw`` takes the histories on through the draw, whichever card the seat drew.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations

#: hand size, trump (a turned card), duty to follow suit
GAMES = {"classic": (3, True, False), "briscolone": (5, False, True),
         "libero": (5, False, False)}


def _suit(card: int) -> int:
    return card // 10


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _bits(m: int) -> int:
    return m.bit_count()


def taker(lead: int, answer: int, trump_suit: int) -> int:
    """0 when the leader takes the trick, 1 when the follower does (card ids run
    suit*10 + rank, the rank from the 2 up to the Asso)."""
    if _suit(answer) == _suit(lead):
        return 1 if answer % 10 > lead % 10 else 0
    return 1 if _suit(answer) == trump_suit else 0


def observations(state, seat: int):
    """What ``seat`` (0-based) saw of ``state``'s deal, as (the seat's cards before the first
    trick, how many cards the opponent then held, the opponent's events in order, the cards
    out of play before the game began, the cards the seat drew, the talon's size then). An
    event is ("play", card, led card or None), ("draw", None) for an unseen draw, or
    ("draw", card) for the trump card taken last. The record's trick winners are checked
    against this module's own rule."""
    game = GAMES[state.variant.name]
    opp = 1 - seat
    trump = state.briscola
    trump_suit = _suit(trump) if game[1] else -1
    mine = state.hands[seat]
    events = []
    drawn_by_seat = 0
    played_by_seat = 0
    talon_left = len(state.talon)
    last_draw = max((i for i, t in enumerate(state.tricks) if t.draws), default=-1)
    leader = state.tricks[0].leader if state.tricks else state.leader
    for i, t in enumerate(state.tricks):
        lead, answer = int(t.cards[0]), int(t.cards[1])
        assert t.leader == leader
        winner = (t.leader + taker(lead, answer, trump_suit)) % 2
        assert winner == t.winner, "the record's winner is not this module's"
        for k, c in enumerate((lead, answer)):
            if (t.leader + k) % 2 == opp:
                events.append(("play", c, None if k == 0 else lead))
            else:
                played_by_seat |= 1 << c
        if t.draws:
            assert len(t.draws) == 2
            got = int(t.draws[0] if winner == seat else t.draws[1])
            drawn_by_seat |= 1 << got
            last = i == last_draw and talon_left == 0
            events.append(("draw", trump if last and trump >= 0 and got != trump else None))
        leader = winner
    for k, c in enumerate(state.trick):
        if (state.leader + k) % 2 == opp:
            events.append(("play", c, None if k == 0 else state.trick[0]))
        else:
            played_by_seat |= 1 << c
    start = (mine | played_by_seat) & ~drawn_by_seat
    talon_at_start = talon_left + 2 * sum(1 for t in state.tricks if t.draws)
    prior = state.prior
    opp_start = 40 - _bits(prior) - _bits(start) - talon_at_start
    return start, opp_start, events, prior, drawn_by_seat, talon_at_start


def consistent_hands(state, seat: int) -> dict[int, int]:
    """Every hidden hand ``seat`` cannot rule out at ``state``'s moment (a mask, the trump
    card the opponent took last left out), with the number of opponent histories ending in
    it (its dealt hand counted as a set)."""
    return _trump_left_out(state, _histories(state, seat, observations(state, seat)))


def _trump_left_out(state, hands: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for h, n in hands.items():
        if state.briscola >= 0:
            h &= ~(1 << state.briscola)
        out[h] = out.get(h, 0) + n
    return out


def _universe(state, obs) -> int:
    """The cards the opponent may have held (the seat never did), the trump card left out
    while it lies under the talon."""
    start, _, _, prior, drawn, talon_at_start = obs
    universe = ((1 << 40) - 1) & ~(start | drawn | prior)
    if state.briscola >= 0 and talon_at_start:
        universe &= ~(1 << state.briscola)  # under the talon until its last draw
    return universe


def _trick_ended(state, seat: int, card: int):
    """``state``'s observations with ``card``, which ends the trick, played (an event of
    the opponent's where it is theirs)."""
    start, opp_start, events, prior, drawn, talon_at_start = observations(state, seat)
    if state.to_move != seat:
        events = events + [("play", card, state.trick[0])]
    return start, opp_start, events, prior, drawn, talon_at_start


def draw_chances(state, seat: int, card: int) -> dict[int, Fraction]:
    """The chance of each card ``seat`` (0-based) may draw when ``card``, played at
    ``state``'s moment, ends the trick with covered cards left: every history of the hidden
    hand to the end of the trick (``card`` one of its events where it is the opponent's),
    each as likely; given one, the talon is a uniform shuffle of the cards the opponent does
    not hold, so the seat draws each of them with chance one over their number."""
    obs = _trick_ended(state, seat, card)
    events = obs[2]
    universe = _universe(state, obs)
    gone = _mask(e[1] for e in events if e[0] == "play")
    chances: dict[int, Fraction] = defaultdict(Fraction)
    hands = _histories(state, seat, obs)
    total = sum(hands.values())
    for h, n in hands.items():
        talon = [c for c in range(40) if (universe & ~h & ~gone) >> c & 1]
        for c in talon:
            chances[c] += Fraction(n, total * len(talon))
    return dict(chances)


def hands_after_draw(state, seat: int, card: int, draw: int) -> dict[int, int]:
    """``consistent_hands`` at the moment after ``card`` ends the trick at ``state`` and
    ``seat`` draws ``draw`` (any card it may draw, not only the deal's): the opponent draws
    too, the trump card if it is the talon's last."""
    start, opp_start, events, prior, drawn, talon_at_start = _trick_ended(state, seat, card)
    last = len(state.talon) == 2 and state.briscola >= 0
    events = events + [("draw", state.briscola if last else None)]
    obs = (start, opp_start, events, prior, drawn | 1 << draw, talon_at_start)
    return _trump_left_out(state, _histories(state, seat, obs))


def _histories(state, seat: int, obs) -> dict[int, int]:
    """The hands the opponent's histories end in after ``obs``'s events (the trump card it
    took last included), each with how many end in it."""
    follow = GAMES[state.variant.name][2]
    start, opp_start, events, prior, drawn, talon_at_start = obs
    universe = _universe(state, obs)
    final = opp_start + sum(1 for e in events if e[0] == "draw") - sum(
        1 for e in events if e[0] == "play")
    # before each event: the opponent's cards played from then on (``later``), and those it
    # plays before its next draw (``soon``)
    later, soon = [0] * (len(events) + 1), [0] * (len(events) + 1)
    for at in range(len(events) - 1, -1, -1):
        ev = events[at]
        later[at] = later[at + 1] | (1 << ev[1] if ev[0] == "play" else 0)
        soon[at] = (soon[at + 1] | 1 << ev[1]) if ev[0] == "play" else 0

    def takes(hand: int, at: int) -> int:
        """The cards ``hand`` may take and still be played out from event ``at`` on (a mask;
        -1: any): it can hold no more cards it never plays than the hand it ends in (a card
        leaves a hand only when played), and must hold what it plays before its next draw."""
        ok = -1
        over = (hand & ~later[at]).bit_count() - final
        if over > 0:
            return 0
        if over == 0:
            ok = later[at]
        miss = soon[at] & ~hand
        if miss & (miss - 1):
            return 0
        return ok & miss if miss else ok

    def lives(hand: int, at: int) -> bool:
        """Whether ``hand``, as it is before event ``at``, can be played out (as ``takes``)."""
        return (hand & ~later[at]).bit_count() <= final and not soon[at] & ~hand

    cards = [c for c in range(40) if (universe >> c) & 1 and not (soon[0] >> c) & 1]
    states: dict[int, int] = defaultdict(int)
    for cs in combinations(cards, opp_start - _bits(soon[0])):
        h = _mask(cs) | soon[0]
        if lives(h, 0) and not h & ~universe:
            states[h] += 1
    gone = 0  # the opponent's cards played so far
    for at, ev in enumerate(events):
        nxt: dict[int, int] = defaultdict(int)
        if ev[0] == "play":
            _, c, led = ev
            suit_mask = 0 if led is None else ((1 << 10) - 1) << (10 * _suit(led))
            for h, n in states.items():
                if not (h >> c) & 1:
                    continue
                if follow and led is not None and _suit(c) != _suit(led) and h & suit_mask:
                    continue
                nxt[h & ~(1 << c)] += n
            gone |= 1 << c
        elif ev[1] is not None:
            for h, n in states.items():
                if lives(h | 1 << ev[1], at + 1):
                    nxt[h | 1 << ev[1]] += n
        else:
            for h, n in states.items():
                free = universe & ~(h | gone) & takes(h, at + 1)
                while free:
                    low = free & -free
                    free ^= low
                    nxt[h | low] += n
        states = nxt
    for h in states:
        assert _bits(h) == final
    return dict(states)
