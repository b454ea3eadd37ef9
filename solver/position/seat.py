"""A 2-player hidden-card position seen from one seat: the other hand is hidden (``?``).

What a record shows about the hidden hand (``History``) travels with the position, so the
position is an information set: ``sample(rng)`` hands out an open position the seat cannot
rule out (OpenSpiel's ResampleFromInfostate), and every sampled estimate of a seat draws its
hands here (``hand_sampler``).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from itertools import combinations
from math import comb

from solver.cards import (
    CARDS,
    Card,
    FULL_DECK,
    N_CARDS,
    SUIT_MASKS,
    CardError,
    CardLike,
    card_ids,
    card_str,
    cards_of,
    mask_of,
    mask_points,
    parse_card_ids,
    popcount,
    to_card,
)
from solver.errors import BriscolaError, Count
from solver.position.convert import seat_with_hand
from solver.position.histories import HandCount, counter, playable, weighted_draw
from solver.position.open import Position
from solver.position.notation import (
    GAME_FIELDS,
    hidden_hand,
    IllegalMoveError,
    PositionError,
    check_seats,
    check_trump_field,
    claim_places,
    json_text,
    one_card,
    parse_score,
    read_turn,
    require,
    split_fields,
    talon_count_error,
    trump_not_at_bottom,
)
from solver.position.protocol import Outcome, Printed
from solver.rules import Variant, get_variant, legal_mask, move_refusal, trick_taker

ENUM_LIMIT = 3000  # enumerate every consistent hand when there are at most this many
CHECK_LIMIT = 100  # ... checking them all against a record's history up front up to this many
MAX_REJECTS = 20000  # draws tried before a record's history is declared unsatisfiable
#: what a SeatPosition caches on first use (cached_property), never pickled
_DERIVED = frozenset({"history", "hand_count", "_their_cards", "_legal_mask"})


@dataclass(frozen=True)
class History:
    """What a record shows about the opponent's hand (see the module docstring)."""

    caps: tuple[int, ...]  # arrival slots: the deal, then one per draw
    fixed: tuple[tuple[int, int], ...]  # (first, last) slot of each card the opponent played
    suit_lo: tuple[int, ...]  # first slot a card of that suit may have arrived in (4)
    voids: tuple[tuple[int, int], ...]  # (trick number, suit) shown void
    #: the card of each span of ``fixed``, in its order (solver.redeal); out of the repr,
    #: which seeds a seat's samples (sampling.seed_for): the samples stay those before it
    cards: tuple[int, ...] = field(default=(), repr=False)

    def fits(self, hand_cards: Iterable[int]) -> bool:
        last = len(self.caps) - 1
        spans = list(self.fixed) + [(self.suit_lo[c // 10], last) for c in hand_cards]
        if len(spans) != sum(self.caps):
            return False
        spans.sort()
        heap: list[int] = []
        k = 0
        for slot, cap in enumerate(self.caps):
            while k < len(spans) and spans[k][0] <= slot:
                heapq.heappush(heap, spans[k][1])
                k += 1
            for _ in range(cap):
                if not heap:
                    return False
                if heapq.heappop(heap) < slot:
                    return False
        return not heap and k == len(spans)


@dataclass(frozen=True, repr=False)
class SeatPosition(Printed):
    """A 2-player hidden-card position seen from ``seat`` (0-based); the other hand is hidden.

    ``own`` is the seat's hand (a mask: ``hand(player)`` hands out its cards); ``known``
    holds opponent cards the seat knows anyway (the trump card drawn last); ``hidden`` is
    how many of the opponent's cards are unknown.
    """

    variant: str
    seat: int
    own: int
    known: int
    hidden: int
    table: tuple[int, ...]
    briscola: int
    played: int
    to_move: int
    score: tuple[int, int] | None = None
    #: the tricks the seat has seen played, in order, each (leader, lead, answer): a record's
    #: or a game's; empty for a pasted position (nothing known of how the hands arrived)
    tricks: tuple[tuple[int, int, int], ...] = ()

    players = 2
    clairvoyant = False
    hidden_hand = True
    #: what an open Position also answers: no card of the talon is seen in these games
    top = -1
    talon_order = None

    @cached_property
    def history(self) -> History | None:
        """What ``tricks`` show of the opponent's hand, derived once, on first use (a game's
        agents get a view at every card and most never ask); None with no tricks."""
        return history_from(self) if self.tricks else None

    @cached_property
    def hand_count(self) -> HandCount | None:
        """count(hand) -> how many histories of the opponent's hand end in ``hand`` (a mask
        of the unknown cards), to which its chance is proportional (solver.position.histories);
        None where every hand the seat keeps is as likely (no suit shown void)."""
        h = self.history
        return None if h is None else counter(h.caps, h.fixed, h.suit_lo, self.known)

    def __getstate__(self) -> dict:
        """The fields alone: what ``history``, ``hand_count`` and the legal cards cached is
        derived again where it is asked."""
        return {k: v for k, v in vars(self).items() if k not in _DERIVED}

    @property
    def opponent(self) -> int:
        """The hidden hand's seat, from 0 (``seat`` is the one shown)."""
        return 1 - self.seat

    @property
    def player(self) -> int:
        """The seat's player, 1-based as ``turn`` is."""
        return self.seat + 1

    @property
    def trump_suit(self) -> int:
        """The trump suit's index (0..3 for ``B C D S``), -1 in the games without trump."""
        return self.briscola // 10 if self.briscola >= 0 else -1

    def _hand_mask(self, seat: int) -> int:
        if seat != self.seat:
            raise PositionError.of("seat.hidden_hand", player=seat + 1, seat=self.seat + 1)
        return self.own

    def _unseen_mask(self) -> int:
        return self.pool

    def _held(self, seat: int) -> int:
        return self.own.bit_count() if seat == self.seat else self.hidden + popcount(self.known)

    @property
    def leader(self) -> int:
        """The seat (from 0) that led the trick being played, or leads the next one."""
        return (self.to_move - len(self.table)) % 2

    @property
    def record_start(self) -> tuple[int, int]:
        """The talon's size when ``tricks`` began and how many cards each player then held
        (a card it had led counted in): what the cards gone before leave, the hands full
        while the talon lasts, a position's shorter hands after it (a game continued from
        one)."""
        seen = 0
        for _, a, b in self.tricks:
            seen |= (1 << a) | (1 << b)
        rest = N_CARDS - popcount(self.played & ~seen)
        talon = max(0, rest - 2 * get_variant(self.variant).hand_size)
        return talon, (rest - talon) // 2

    @property
    def draws_after(self) -> tuple[bool, ...]:
        """For each trick in ``tricks``, whether the players drew after it: every trick
        while the talon lasted (its size at the record's start: ``record_start``)."""
        d = min(len(self.tricks), self.record_start[0] // 2)
        return (True,) * d + (False,) * (len(self.tricks) - d)

    @property
    def pool(self) -> int:
        """Cards the opponent's unknown cards are drawn from (the rest is the covered talon)."""
        m = FULL_DECK & ~(self.own | self.known | self.played | mask_of(self.table))
        if self.briscola >= 0:
            m &= ~(1 << self.briscola)
        return m

    @property
    def talon_size(self) -> int:
        """How many cards the talon holds, the trump card at its bottom included."""
        t = popcount(self.pool) - self.hidden
        return t + (1 if t > 0 and self.briscola >= 0 else 0)

    @property
    def draws_unknown(self) -> bool:
        """Whether a later draw is left to chance (more than the last two cards left)."""
        return self.talon_size > 2

    @property
    def forced(self) -> bool:
        """Whether the hidden hand is known by elimination: every card the seat has not
        seen is in it."""
        return popcount(self.pool) == self.hidden

    @property
    def variant_name(self) -> str:
        """The game's name, ``variant`` (a key of ``VARIANTS``)."""
        return self.variant

    @property
    def points_in_play(self) -> int:
        """Points not yet taken in a trick (in hands, on the table, in the talon)."""
        return 120 - mask_points(self.played)

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return not (self.own or self.hidden or self.known or self.table)

    def legal_cards(self) -> list[Card]:
        """On the seat's turn its legal cards. On the opponent's turn the cards they may
        hold and play as far as the seat can tell: every card it has not seen (``pool``,
        talon included) and the ones it knows they hold (only these once none is unknown),
        the duty to follow suit applied where every hand they may hold has the led suit (by
        count alone, or a known card); with a record's history (a suit shown void), only
        the cards some hand it leaves them may play (``outcomes`` and ``play`` can go on from
        each)."""
        return [CARDS[c] for c in cards_of(self._legal_mask)]

    @cached_property
    def _legal_mask(self) -> int:
        """``legal_cards`` as a mask, worked out once: every ``play`` and ``outcomes`` of the
        view checks its card against it."""
        if self.to_move == self.seat:
            return legal_mask(self.own, self.table, get_variant(self.variant))
        return self._their_cards

    @cached_property
    def _their_cards(self) -> int:
        """The opponent's legal cards on their turn (legal_cards), as a mask: what some hand
        the tricks leave them may play (all hands alike without a void; with the led suit
        to follow, every one may hold it by count alone: five of seven unseen cards, three
        of them of that suit)."""
        led = self.table[0] // 10 if self.table and get_variant(self.variant).follow_suit else -1
        if not self.hidden:
            held = self.known & SUIT_MASKS[led] if led >= 0 else 0
            return held or self.known
        if led < 0 and self.hand_count is None:
            return self.pool | self.known
        return playable(self.hand_count or _alike, self.pool, self.hidden, self.known, led)

    def _winner(self, card: int) -> int:
        """The trick's winner when ``card`` answers the card on the table."""
        trump = self.briscola // 10 if self.briscola >= 0 else -1
        return trick_taker((self.table[0], card), 1 - self.to_move, trump)

    def _gets_trump(self, winner: int) -> bool:
        """Whether the last draw gives the seat the turned trump card (it lost the trick)."""
        return self.talon_size == 2 and self.briscola >= 0 and winner != self.seat

    def _legal(self, card: CardLike) -> int:
        """``card`` as its id when the player to move may play it, else IllegalMoveError
        saying why, as an open position says it (CardError for a card that does not exist)."""
        card = int(to_card(card))  # stored as a plain int: the kernels dispatch fastest on one
        if not (self._legal_mask >> card) & 1:
            raise IllegalMoveError.of("move.illegal", why=self._refusal(card))
        return card

    def _refusal(self, card: int) -> BriscolaError:
        """Why ``card``, not among ``legal_cards``, may not be played: the seat's own card
        as the rules say it; on the hidden hand's turn, a card the seat sees elsewhere, or one
        it has not seen that is not of the led suit every hand they may hold has. The tricks
        alone rule out no unseen card where some hand fits: while the talon lasts the card
        taken at the last draw may have been any of them (a void shown before that draw
        starts its suit's span there at the latest), after it the unseen cards are their
        hand. A view no hand fits (``fits_no_hand``: the notation and ``play`` refuse it,
        ``_play`` alone makes it) refuses every card saying so."""
        player, rules = self.to_move + 1, get_variant(self.variant)
        if self.is_over or self.to_move == self.seat:
            hand = 0 if self.is_over else self.own
            return move_refusal(hand, self.table, rules, card, player) or BriscolaError.of(
                "move.not_in_hand", card=card_str(card), player=player
            )
        if ((self.pool | self.known) >> card) & 1:
            held = self._their_cards | (1 << card)
            return move_refusal(held, self.table, rules, card, player) or BriscolaError.of(
                "seat.no_hand"
            )
        if (self.own >> card) & 1:
            where = BriscolaError.of("move.unseen.own", seat=self.player)
        elif ((self.played | mask_of(self.table)) >> card) & 1:
            where = BriscolaError.of("move.unseen.played")
        else:  # the one card left that the seat sees: the trump card under the talon
            where = BriscolaError.of("move.unseen.trump")
        return BriscolaError.of("move.unseen", card=card_str(card), player=player, where=where)

    def outcomes(self, card: CardLike) -> list[Outcome]:
        """The card the seat draws after ``card`` (either player's) ends a trick with covered
        cards left: any card it has not seen (nor sees played now), each as likely as the
        opponent's histories that leave it in the talon (a card they must hold left out).
        The talon's order is a uniform shuffle of the cards neither hand holds, so a card's
        chance is its chance of being in the talon over the talon's size: the same for every
        card where every hidden hand is as likely, higher in Briscolone for a card of a suit
        the opponent did not follow. It is the share of the histories after each draw
        (``hand_total`` of ``play(card, draw)``), so that the chance of a draw times the
        chance of a hand after it (``hand_chance``) is the chance of both. The State
        protocol's chance. A card that may not be played here is refused as ``play`` refuses
        it."""
        card = self._legal(card)
        if not self.table or not self.talon_size or self._gets_trump(self._winner(card)):
            return []
        draws = cards_of(self.pool & ~(1 << card))  # not the card played
        after = self._play(card, draws[:1])  # the opponent's history, whatever is drawn
        back = after.pool | (1 << draws[0])
        by_suit: dict[int, int] = {}  # a draw's histories depend on its suit alone
        for c in draws:
            if c // 10 not in by_suit:
                by_suit[c // 10] = after._hands_total(back & ~(1 << c))
        total = sum(by_suit[c // 10] for c in draws)
        if not total:
            raise PositionError.of("seat.no_hand_record")
        return [((CARDS[c],), Fraction(by_suit[c // 10], total)) for c in draws if by_suit[c // 10]]

    def play(self, card: CardLike, draws: Iterable[CardLike] | str | None = None) -> SeatPosition:
        """The position after the player to move plays ``card`` (a card or its text; on the
        opponent's turn one of ``legal_cards``: the seat now sees it, and a suit they do not
        follow is recorded in the history as a record's would be). ``draws`` is (the card
        the seat draws,) when the trick ends with a covered card to draw, as ``outcomes``
        gives it: a card, id or text in a sequence, or the text alone ("2B"); not used when
        the trick does not end in a draw or the seat's draw is the trump card. A draw no
        hand the tricks leave the opponent allows (a card they must hold) is refused."""
        after = self._play(card, draws)
        if draws is not None and after.fits_no_hand:
            got = _drawn(draws)
            raise PositionError.of("seat.drawn_held", card=card_str(got), player=self.opponent + 1)
        return after

    def _play(self, card: CardLike, draws: Iterable[CardLike] | str | None) -> SeatPosition:
        """``play`` without the check of the draw against the opponent's hands (``outcomes``
        plays any draw to find the history every draw shares)."""
        card = self._legal(card)
        hand, known, hidden = self.own, self.known, self.hidden
        if self.to_move == self.seat:
            hand &= ~(1 << card)
        elif (known >> card) & 1:
            known &= ~(1 << card)
        else:
            hidden -= 1
        if not self.table:
            return replace(
                self, own=hand, known=known, hidden=hidden, table=(card,), to_move=1 - self.to_move
            )
        trick = self.table + (card,)
        winner = self._winner(card)
        score = self.score
        if score is not None:
            s = list(score)
            s[winner] += mask_points(mask_of(trick))
            score = (s[0], s[1])
        played = self.played | mask_of(trick)
        if self.talon_size:
            if self._gets_trump(winner):
                got = self.briscola
            else:
                if draws is None:
                    raise PositionError.of("draw.unknown")
                got = _drawn(draws)
                if not (self.pool >> got) & 1 or got == card:
                    raise PositionError.of(
                        "seat.drawn_seen", card=card_str(got), player=self.seat + 1
                    )
                if self.talon_size == 2 and self.briscola >= 0:
                    known |= 1 << self.briscola
            hand |= 1 << got
        tricks = self.tricks + ((1 - self.to_move, self.table[0], card),)
        return SeatPosition(
            self.variant,
            self.seat,
            hand,
            known,
            popcount(hand) - popcount(known),
            (),
            self.briscola,
            played,
            winner,
            score,
            tricks,
        )

    def hand_sampler(self, rng: random.Random) -> tuple[Callable[[], int], list[int] | None]:
        """A function drawing one consistent opponent hand (a mask of the unknown cards,
        ``known`` left out) with its chance, and the list of all of them when there are few
        (None otherwise; each to be weighted by ``hand_weight``). Hands are equally likely
        unless a record shows a suit not followed, then each as likely as its count of
        histories (``hand_count``); with a record's history only those that fit it
        (``History.fits``). PositionError when no hand fits."""
        free = cards_of(self.pool)
        k = self.hidden
        fits = self._fits()
        count = self.hand_count
        n = comb(len(free), k)
        if n <= ENUM_LIMIT and (self.history is None or n <= CHECK_LIMIT):
            every = [mask_of(cs) for cs in combinations(free, k) if fits(cs)]
            if not every:
                raise PositionError.of("seat.no_hand")
            if count is not None:
                weights = [count(h) for h in every]
                return (lambda: rng.choices(every, weights)[0]), every
            return (lambda: every[rng.randrange(len(every))]), every
        if count is not None:
            weighted = weighted_draw(count, self.pool, k, rng)
            if weighted is None:
                raise PositionError.of("seat.no_hand_record")
            return weighted, None
        if n <= ENUM_LIMIT:
            # checked as drawn (a check costs ~0.1 ms): the hands in a random order, pass after pass
            hands = list(combinations(free, k))
            rng.shuffle(hands)
            at = [0]

            def walk() -> int:
                for _ in range(len(hands)):
                    cs = hands[at[0] % len(hands)]
                    at[0] += 1
                    if fits(cs):
                        return mask_of(cs)
                raise PositionError.of("seat.no_hand")

            return walk, None

        def draw() -> int:
            for _ in range(MAX_REJECTS):
                cs = rng.sample(free, k)
                if fits(cs):
                    return mask_of(cs)
            raise PositionError.of("seat.no_hand_record")

        return draw, None

    def hand_weight(self, hand: int) -> int:
        """The relative chance of ``hand`` (a mask of unknown cards that fits): its count of
        histories (``hand_count``), 1 where every hand is as likely. What a mean over
        ``every_hand`` (or ``hand_sampler``'s list) weighs each hand by."""
        return 1 if self.hand_count is None else self.hand_count(hand)

    @cached_property
    def hand_total(self) -> int:
        """The sum of ``hand_weight`` over every hand that fits: with hand_count, how many
        histories end in some hand the seat keeps (each hand's chance is its share), else
        how many hands there are (where no suit was shown void, every hand of the right size
        fits: any may stand in for the real one in its history)."""
        return self._hands_total(self.pool)

    @property
    def fits_no_hand(self) -> bool:
        """Whether no history the tricks allow ends in any hand the opponent may hold: a view
        the notation refuses, and ``play`` a draw that leads to it."""
        return self.hand_count is not None and not self.hand_total

    def _hands_total(self, pool: int) -> int:
        """``hand_total`` were the unknown cards drawn from ``pool``: the same view after
        another draw of the seat's (``outcomes``)."""
        if self.hand_count is None:
            return comb(popcount(pool), self.hidden)
        return self.hand_count.total(pool, self.hidden)

    def hand_chance(self, hand: int) -> Fraction:
        """The chance of ``hand`` (a mask of unknown cards, ``known`` left out; one that
        fits, or one with hand_count): its weight over ``hand_total``."""
        return Fraction(self.hand_weight(hand), self.hand_total)

    def fits_hand(self, hand: int) -> bool:
        """Whether the opponent may hold ``hand`` (a mask of unknown cards, ``known`` left
        out): the right size, cards from ``pool``, and fitting what the tricks show."""
        return (
            popcount(hand) == self.hidden and not hand & ~self.pool and self._fits()(cards_of(hand))
        )

    def _fits(self) -> Callable[[Iterable[int]], bool]:
        """Whether a set of hidden cards fits the history (with the known cards added)."""
        if self.history is None:
            return lambda cs: True
        if not self.known:
            return self.history.fits
        base, known = self.history.fits, cards_of(self.known)
        return lambda cs: base(list(cs) + known)

    def every_hand(self, limit: int) -> list[int] | None:
        """Every opponent hand consistent with what the seat has seen (masks, ``known`` left
        out), or None when more than ``limit`` hands are to be checked: the whole
        information set, which an exact value of the seat's view averages over, each hand
        weighted by ``hand_weight``."""
        free = cards_of(self.pool)
        if comb(len(free), self.hidden) > limit:
            return None
        fits = self._fits()
        return [mask_of(cs) for cs in combinations(free, self.hidden) if fits(cs)]

    def known_position(self) -> Position | None:
        """The open Position this view determines, or None. When exactly one opponent hand
        fits what the seat has seen (in every deal once the talon is empty: the cards it has
        not seen are that hand), nothing is hidden from the seat but the talon's order, so
        what needs every hand in view (an explanation) may be given from the seat."""
        hands = self.every_hand(CHECK_LIMIT)
        if hands is None or len(hands) != 1:
            return None
        return self.with_hand(hands[0])

    def sample(self, rng: random.Random) -> Position:
        """One open position consistent with what the seat has seen: the opponent's hand
        drawn by ``hand_sampler`` (the known cards added), the talon left hidden. The same
        draw as the first of ``hand_sampler(rng)``, so a seeded seat analysis and
        ``sample`` agree."""
        return self.with_hand(self.hand_sampler(rng)[0]())

    def with_hand(self, cards: int) -> Position:
        """The open Position with the opponent holding ``cards`` (plus the known ones)."""
        return seat_with_hand(self, cards)

    def to_text(self) -> str:
        """The notation of the seat's view: the hidden hand ``?``, the tricks it saw
        (``tricks=``); what ``solver.parse`` reads back."""
        text = self.with_hand(0).to_text(hidden=self.opponent)
        if self.tricks:
            text += " tricks=" + ",".join(f"{card_str(a)}+{card_str(b)}" for _, a, b in self.tricks)
        return text

    @classmethod
    def from_json(cls, obj: object) -> SeatPosition:
        """The position of ``to_json``'s object (or its JSON text); an open position's (no
        hand ``?``) is refused naming what reads it (Position.from_json, solver.parse)."""
        f = split_fields(json_text(obj), GAME_FIELDS)
        if not hidden_hand(f):
            raise PositionError.of("json.open_position")
        return read_seat_position(f)


def _drawn(draws: Iterable[CardLike] | str) -> int:
    """The one card a seat draws, from ``draws`` as ``SeatPosition.play`` takes it."""
    ids = card_ids(draws)
    if len(ids) != 1:
        raise PositionError.of("draw.seat_one", draws=", ".join(card_str(c) for c in ids) or "-")
    return ids[0]


def _alike(hand: int) -> int:
    """Every hand one history: the weight where no suit was shown void."""
    return 1


def history_from(sp: SeatPosition) -> History:
    """What the tricks a seat has seen show of the opponent's hand: the arrival slots (the
    hand it held when the tricks began, then one per draw), the slot range of each card
    they played (it arrived by the last draw before it was played; after a draw that
    followed a void it showed, for its suit), and the suits they showed void by not
    following."""
    opp = sp.opponent
    follow = get_variant(sp.variant).follow_suit
    slot_trick = [0] + [j for j, drew in enumerate(sp.draws_after, 1) if drew]
    n_slots = len(slot_trick)
    voids, plays = [], []  # (trick number, suit), (card, trick number)
    for j, (leader, a, b) in enumerate(sp.tricks, 1):
        c = b if leader != opp else a
        plays.append((c, j))
        if follow and leader != opp and c // 10 != a // 10:
            voids.append((j, a // 10))
    if sp.table and (sp.to_move - 1) % 2 == opp:
        plays.append((sp.table[0], len(sp.tricks) + 1))

    def first_slot(suit: int, played_at: int | None) -> int:
        lo = 0
        for t, s in voids:
            if s == suit and (played_at is None or played_at > t):
                lo = max(lo, next((i for i, st in enumerate(slot_trick) if i and st >= t), n_slots))
        return lo

    fixed = tuple(
        (first_slot(c // 10, j), max(i for i, st in enumerate(slot_trick) if st <= j - 1))
        for c, j in plays
    )
    caps = (sp.record_start[1],) + (1,) * (n_slots - 1)
    lows = tuple(first_slot(s, None) for s in range(4))
    return History(caps, fixed, lows, tuple(voids), tuple(c for c, _ in plays))


def _check_hidden_game(v: Variant) -> None:
    if v.players != 2 or v.top_visible:
        raise PositionError.of("seat.game", variant=v.name)


def make_seat_position(
    variant: str,
    seat: int,
    hand: int,
    table: Iterable[int],
    briscola: int,
    played: int,
    turn: int,
    score: tuple[int, int] | None = None,
    tricks: tuple[tuple[int, int, int], ...] = (),
) -> SeatPosition:
    """Check the seat's view and work out the opponent's hand size; PositionError if wrong."""
    v = get_variant(variant)
    _check_hidden_game(v)
    table = tuple(table)
    if len(table) > 1:
        raise PositionError.of("table.one", variant=v.name, count=len(table))
    own = popcount(hand)
    leader = (turn - len(table)) % 2
    if not table:
        opp = own
    elif leader == seat:
        opp = own + 1
    else:
        opp = own - 1
    if opp < 0:  # the seat answers a trick with no card left
        raise PositionError.of("deal.over")
    if max(own, opp) > v.hand_size:
        # the hidden hand's size is worked out: it is the one too big when it outnumbers
        got = f"{opp} (hand{2 - seat}=?)" if opp > own else f"hand{seat + 1}={own}"
        raise PositionError.of("hands.max", size=v.hand_size, variant=v.name, got=got)
    known = 0
    free = FULL_DECK & ~(hand | played | mask_of(table))
    rest = popcount(free)
    if rest < opp:
        raise PositionError.of("seat.too_few", player=2 - seat, count=Count(opp), rest=Count(rest))
    talon = rest - opp
    if talon % 2:
        raise talon_count_error(talon, 2)
    if talon and max(own, opp) != v.hand_size:
        raise PositionError.of("hands.full", size=v.hand_size, shown=f"hand{seat + 1}={own}")
    if briscola >= 0 and not (free >> briscola) & 1 and talon:
        raise trump_not_at_bottom(briscola)
    if briscola >= 0 and (free >> briscola) & 1 and not talon:
        known = 1 << briscola
    sp = SeatPosition(
        v.name,
        seat,
        hand,
        known,
        opp - popcount(known),
        table,
        briscola,
        played,
        turn,
        score,
        tuple(tricks),
    )
    return sp


def read_seat_position(f: dict[str, str]) -> SeatPosition:
    """A position with one hand written ``?`` from its split fields (read through
    solver.position.parse_position)."""
    v = get_variant(f.get("variant", "scoperta"))
    _check_hidden_game(v)
    check_seats(f, v)
    require(f, ("hand1", "hand2", "turn"))
    hidden = [i for i in (0, 1) if f[f"hand{i + 1}"].strip() == "?"]
    if len(hidden) == 2:
        raise PositionError.of("seat.one_hidden")
    for key in ("talon", "unseen", "top"):
        if key in f:
            raise PositionError.of("seat.talon_field", field=key)
    for k, val in f.items():
        if "?" in val and (k not in ("hand1", "hand2") or val.strip() != "?"):
            raise PositionError.of("seat.question", field=k)
    seat = 1 - hidden[0]
    check_trump_field(f, v)
    hand = parse_card_ids(f[f"hand{seat + 1}"])
    table = parse_card_ids(f.get("table", ""))
    played = parse_card_ids(f.get("played", ""))
    briscola = one_card(f, "briscola")
    turn = read_turn(f, 2)
    claim_places({seat: hand}, table, played, None, -1, None, briscola)
    played_mask = mask_of(played)
    leader = (turn - len(table)) % 2
    tricks = _read_tricks(f.get("tricks", ""), played_mask, leader, briscola)
    score = (
        parse_score(f["score"], played_mask, 2, _won(tricks, leader), leader)
        if "score" in f
        else None
    )
    sp = make_seat_position(
        v.name, seat, mask_of(hand), table, briscola, played_mask, turn, score, tricks
    )
    if sp.fits_no_hand:
        raise PositionError.of("tricks.no_hand", player=sp.opponent + 1)
    return sp


def _won(tricks: tuple[tuple[int, int, int], ...], leader: int) -> tuple[int, int, int]:
    """The cards of ``tricks`` and the points player 1 and player 2 won in them: each
    trick's winner leads the next, the last one's the trick now (led by ``leader``)."""
    cards, won = 0, [0, 0]
    winners = [lead for lead, _, _ in tricks[1:]] + [leader]
    for (_, a, b), w in zip(tricks, winners, strict=False):
        pair = (1 << a) | (1 << b)
        cards |= pair
        won[w] += mask_points(pair)
    return cards, won[0], won[1]


def _read_tricks(
    text: str, played: int, leader: int, briscola: int
) -> tuple[tuple[int, int, int], ...]:
    """``tricks=`` (the tricks seen, in order, each lead+answer: ``7B+AB,7C+AC``) with each
    trick's leader worked out backwards from ``leader``, the current trick's: a trick's
    winner leads the next."""
    if not text.strip() or text.strip() == "-":
        return ()
    pairs, seen = [], 0
    for part in text.split(","):
        try:
            cs = parse_card_ids(part.replace("+", ","))
        except CardError as e:
            raise PositionError.of("field.card", field="tricks", error=e) from None
        if len(cs) != 2 or part.count("+") != 1:
            raise PositionError.of("tricks.not_trick", part=part)
        for c in cs:
            if not (played >> c) & 1:
                raise PositionError.of("tricks.not_played", card=card_str(c))
            if (seen >> c) & 1:
                raise PositionError.of("tricks.twice", card=card_str(c))
            seen |= 1 << c
        pairs.append((cs[0], cs[1]))
    trump = briscola // 10 if briscola >= 0 else -1
    out = []
    for a, b in reversed(pairs):
        leader = leader if trick_taker((a, b), 0, trump) == 0 else 1 - leader
        out.append((leader, a, b))
    return tuple(reversed(out))
