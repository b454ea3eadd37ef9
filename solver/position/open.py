"""The open position of every game: every hand shown, the talon's order unknown below what
the rules make visible (docs/notation.md). One immutable value whatever the variant; the variant
is data (solver.rules), so 2-player scoperta is a variant whose search the driver sends to
the scoperta kernel, not a type of its own.

Card sets are int masks; the talon's hidden part is derived (never stored), so a position
cannot disagree with itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from solver.cards import (
    CARDS,
    Card,
    FULL_DECK,
    SUIT_MASKS,
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
from solver.position.notation import (
    GAME_FIELDS,
    hidden_hand,
    IllegalMoveError,
    PositionError,
    check_seats,
    check_talon_size,
    check_top_given,
    check_trump_field,
    claim_places,
    given_talon_and_played,
    hand_text,
    json_text,
    one_card,
    parse_score,
    read_talon_fields,
    read_turn,
    require,
    rest_text,
    split_fields,
    talon_end_error,
    trump_not_at_bottom,
)
from solver.position.protocol import Outcome, Printed, TalonFacts, equally_likely
from solver.rules import VARIANTS, Variant, get_variant, legal_mask, move_refusal, trick_winner


@dataclass(frozen=True, repr=False)
class Position(TalonFacts, Printed):
    """A position of the game ``variant`` (a name in solver.rules.VARIANTS).

    ``hands`` has one mask per seat; ``table`` lists the trick's cards in play order;
    ``top`` is the visible top card (the scoperta games) or -1; ``briscola`` is the trump
    card or -1 in the games without trump; ``to_move`` is the 0-based seat to play (``turn``
    the same player 1-based); ``score`` is None or the points taken per side (seats 1+3,
    seats 2+4); ``talon_order`` is the whole talon top first (clairvoyant) or None.
    """

    variant: str
    hands: tuple[int, ...]
    table: tuple[int, ...]
    top: int
    briscola: int
    played: int
    to_move: int
    score: tuple[int, int] | None = None
    talon_order: tuple[int, ...] | None = None
    #: the talon's cards, derived once: searches and plays ask for them many times
    talon_mask: int = field(init=False, repr=False, compare=False)

    hidden_hand = False

    def __post_init__(self) -> None:
        m = self.played
        for c in self.table:
            m |= 1 << c
        for h in self.hands:
            m |= h
        object.__setattr__(self, "talon_mask", FULL_DECK & ~m)

    @property
    def variant_name(self) -> str:
        """The game's name, ``variant`` (a key of ``VARIANTS``)."""
        return self.variant

    @property
    def rules(self) -> Variant:
        """The game's rules (players, hand size, trump, ...): ``VARIANTS[variant]``."""
        return VARIANTS[self.variant]

    @property
    def players(self) -> int:
        """How many play: 2, or 4 (``scoperta4``)."""
        return len(self.hands)

    def _hand_mask(self, seat: int) -> int:
        return self.hands[seat]

    def _unseen_mask(self) -> int:
        return self.unseen

    @property
    def trump_suit(self) -> int:
        """The trump suit's index (0..3 for ``B C D S``), -1 in the games without trump
        (``Card.is_trump`` asks it)."""
        return self.briscola // 10 if self.briscola >= 0 else -1

    @property
    def table_mask(self) -> int:
        """The trick's cards as a mask (bit ``id`` per card)."""
        return mask_of(self.table)

    @property
    def leader(self) -> int:
        """The seat (from 0) that led the trick being played, or leads the next one."""
        return (self.to_move - len(self.table)) % self.players

    @property
    def points_in_play(self) -> int:
        """Points not yet taken in a trick (in hands, on the table, in the talon)."""
        return 120 - mask_points(self.played)

    @property
    def trumps_out(self) -> int:
        """Trumps not yet played (in hands, on the table or in the talon)."""
        return SUIT_MASKS[self.trump_suit] & ~self.played if self.briscola >= 0 else 0

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return not any(self.hands) and not self.table

    # ----- moves -----------------------------------------------------------------------
    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play now (Cards, in the notation's order)."""
        return [
            CARDS[c] for c in cards_of(legal_mask(self.hands[self.to_move], self.table, self.rules))
        ]

    def play(self, card: CardLike, draws: Iterable[CardLike] | str | None = None) -> Position:
        """The position after the seat to move plays ``card`` (a card or its text, "FD").

        When the trick ends with cards to draw, the draws come from ``talon_order``, or
        from ``draws`` (one of ``outcomes(card)``: the cards drawn in drawing order, winner
        first, then the new top card when the game shows one; cards, ids or their text,
        "AB,2B"), or need nothing when the rules leave one possible draw (the top card and
        the trump card); else PositionError. With ``talon_order`` known, ``draws`` given
        must be the draw it holds. ``draws`` is not used when the trick does not end in a
        draw."""
        card = self._legal(card)
        v = self.rules
        hands = list(self.hands)
        seat = self.to_move
        hands[seat] &= ~(1 << card)
        table = self.table + (card,)
        n = len(hands)
        if len(table) < n:
            return replace(self, hands=tuple(hands), table=table, to_move=(seat + 1) % n)
        winner = (seat + 1 + trick_winner(table, self.trump_suit)) % n
        taken = mask_of(table)
        score = self.score
        if score is not None:
            s = list(score)
            s[winner % 2] += mask_points(taken)
            score = (s[0], s[1])
        top, order = self.top, self.talon_order
        if self.talon_mask:
            if order is not None:
                if draws is not None:
                    self._talon_draws(draws, order)
                got, order = order[:n], order[n:] or None
                top = order[0] if order is not None and v.top_visible else -1
            else:
                draws = self._known_draw() if draws is None else self._checked_draws(draws)
                got = draws[:n]
                top = draws[n] if len(draws) > n else -1
            for i, c in enumerate(got):
                hands[(winner + i) % n] |= 1 << c
        return Position(
            self.variant,
            tuple(hands),
            (),
            top,
            self.briscola,
            self.played | taken,
            winner,
            score,
            order,
        )

    def _legal(self, card: CardLike) -> int:
        """``card`` (a card or its text) as its id when the seat to move may play it, else
        PositionError saying why (CardError for a card that does not exist)."""
        card = int(to_card(card))  # stored as a plain int: the kernels dispatch fastest on one
        hand = self.hands[self.to_move]
        if not (legal_mask(hand, self.table, self.rules) >> card) & 1:
            why = move_refusal(hand, self.table, self.rules, card, self.to_move + 1)
            raise IllegalMoveError.of("move.illegal", why=why)
        return card

    def outcomes(self, card: CardLike) -> list[Outcome]:
        """The draws that may follow ``card`` (a card or its text, legal here: else
        PositionError naming it, as ``play`` says) with their probabilities when it ends a
        trick and the talon's order leaves more than one possible (the State protocol's
        chance); [] when ``play(card)`` needs no draws."""
        self._legal(card)
        if len(self.table) != self.players - 1 or not self.talon_mask or self.clairvoyant:
            return []
        outs = self._draws()
        return outs if len(outs) > 1 else []

    def _talon_draws(self, draws: Iterable[CardLike] | str, order: tuple[int, ...]) -> None:
        """PositionError unless ``draws`` is the draw the known talon ``order`` holds."""
        ids = self._checked_draws(draws)
        if ids != tuple(order[: len(ids)]):
            raise PositionError.of(
                "draw.not_talon",
                draws=", ".join(card_str(c) for c in ids),
                known=", ".join(card_str(c) for c in order[: len(ids)]),
            )

    def _checked_draws(self, draws: Iterable[CardLike] | str) -> tuple[int, ...]:
        """``draws`` as card ids when they are a draw the rules allow here, else
        PositionError saying what one looks like."""
        ids = card_ids(draws)
        n, T = self.players, self.talon_size
        want = n + (1 if self.rules.top_visible and T > n else 0)
        text = ", ".join(card_str(c) for c in ids)
        if len(ids) != want or len(set(ids)) != want or mask_of(ids) & ~self.talon_mask:
            key = "draw.not_from_talon_top" if want > n else "draw.not_from_talon"
            raise PositionError.of(key, draws=text, n=n)
        if self.top >= 0 and ids[0] != self.top:
            raise PositionError.of("draw.top_first", draws=text, card=card_str(self.top))
        if T == n and self.briscola >= 0 and ids[n - 1] != self.briscola:
            raise PositionError.of("draw.trump_last", draws=text, card=card_str(self.briscola))
        return ids

    def _draw_shape(self) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
        """(first, last, k, picked): a draw after the trick on the table is ``first`` (the
        visible top, to the winner), ``k`` unseen cards, ``last`` (the trump card, to the last
        drawer of the last draw), then the new visible top: ``picked`` unseen cards in all."""
        n = self.players
        T = self.talon_size
        first = (self.top,) if self.top >= 0 else ()
        last = (self.briscola,) if T == n and self.briscola >= 0 else ()
        k = n - len(first) - len(last)
        return first, last, k, k + (1 if self.rules.top_visible and T > n else 0)

    def _draws(self) -> list[Outcome]:
        """Every draw after the trick on the table, every order of the unseen cards equally
        likely."""
        first, last, k, picked = self._draw_shape()
        return equally_likely(
            cards_of(self.unseen), picked, lambda pick: first + pick[:k] + last + pick[k:]
        )

    def _known_draw(self) -> tuple[int, ...]:
        """The draw when the rules leave one (the top card and the trump card, or the one
        covered card known by elimination), else PositionError."""
        if self.top >= 0 and self.talon_mask == (1 << self.top) | (1 << self.briscola):
            return self.top, self.briscola  # scoperta's last draw: the common case, kept quick
        first, last, k, picked = self._draw_shape()
        pick = tuple(cards_of(self.unseen))
        if len(pick) != picked or picked > 1:
            raise PositionError.of("draw.unknown")
        return first + pick[:k] + last + pick[k:]

    # ----- text ------------------------------------------------------------------------
    def to_text(self, hidden: int | None = None, with_played: bool = True) -> str:
        """The canonical notation; the hand of seat ``hidden`` is written ``?``; without
        ``with_played`` played= is left out (a scoperta reader works it out from top=)."""
        parts = [hand_text(i, h, i == hidden) for i, h in enumerate(self.hands)]
        parts += rest_text(
            self.table,
            self.talon_order,
            self.top,
            self.briscola,
            self.played if with_played else None,
            self.to_move,
            self.score,
        )
        if self.variant != "scoperta":
            parts.append(f"variant={self.variant}")
        return " ".join(parts)

    @classmethod
    def from_json(cls, obj: object) -> Position:
        """The position of ``to_json``'s object (or its JSON text); a seat's view's (a hand
        ``?``) is refused naming what reads it (SeatPosition.from_json, solver.parse)."""
        f = split_fields(json_text(obj), GAME_FIELDS)
        if hidden_hand(f):
            raise PositionError.of("json.seat_view")
        return read_position(f)

    def swapped(self) -> Position:
        """The same 2-player position with the players' seats exchanged."""
        sc = None if self.score is None else (self.score[1], self.score[0])
        return replace(self, hands=self.hands[::-1], to_move=1 - self.to_move, score=sc)


def read_position(f: dict[str, str]) -> Position:
    """An open position of any variant from its split fields (no hand ``?``; read through
    solver.position.parse_position). The variant's data drives every check."""
    v = get_variant(f.get("variant", "scoperta"))
    n = v.players
    if "tricks" in f:
        raise PositionError.of("tricks.open")
    check_seats(f, v)
    require(f, [f"hand{i + 1}" for i in range(n)])
    check_trump_field(f, v)
    require(f, ["turn"])
    if not v.top_visible and "top" in f:
        raise PositionError.of("top.hidden", variant=v.name)
    hands = [parse_card_ids(f[f"hand{i + 1}"]) for i in range(n)]
    table = parse_card_ids(f.get("table", ""))
    if len(table) >= n:
        raise PositionError.of(
            "table.one" if n == 2 else "table.many", most=n - 1, variant=v.name, count=len(table)
        )
    briscola = one_card(f, "briscola")
    top, talon, played, unseen = read_talon_fields(f)
    turn = read_turn(f, n)

    in_play = mask_of(table)
    for h in hands:
        in_play |= mask_of(h)

    def top_among_played(top: int) -> None:
        if played is not None and top in played and not FULL_DECK & ~(in_play | mask_of(played)):
            raise PositionError.of("top.played", card=card_str(top))

    claim_places(
        dict(enumerate(hands)),
        table,
        played,
        talon,
        top,
        unseen,
        briscola,
        talon_repeats_first=True,
        check_top=top_among_played,
    )
    if talon is not None and briscola >= 0 and talon and talon[-1] != briscola:
        raise talon_end_error(briscola)

    masks = given_talon_and_played(FULL_DECK, in_play, played, talon)
    if masks is not None:
        talon_mask, played_mask = masks
    elif unseen is not None:
        if v.top_visible and top < 0:
            raise PositionError.of("unseen.needs_top")
        talon_mask = mask_of(c for c in unseen if c != briscola)
        if top >= 0:
            talon_mask |= 1 << top
        if talon_mask and briscola >= 0:
            if (1 << briscola) & in_play:
                raise PositionError.of(
                    "trump.in_hand",
                    card=card_str(briscola),
                    field="top=" if top >= 0 else "unseen=",
                )
            talon_mask |= 1 << briscola
        played_mask = FULL_DECK & ~(in_play | talon_mask)
    elif top >= 0 and n == 2:
        # played= may be left out when only the top card and the trump card are left
        if (1 << briscola) & in_play:
            raise PositionError.of("trump.in_hand_top")
        talon_mask = (1 << top) | (1 << briscola)
        played_mask = FULL_DECK & ~(in_play | talon_mask)
    elif top >= 0:
        raise PositionError.of("top.needs_rest")
    else:
        talon_mask = 0
        played_mask = FULL_DECK & ~in_play

    T = popcount(talon_mask)
    sizes = [len(h) for h in hands]
    if T % n:  # hands that disagree among themselves are the mistake to name, not the talon
        _check_hand_shape(sizes, len(table), turn)
    check_talon_size(T, talon, talon_mask, n)
    _check_hand_sizes(sizes, len(table), turn, T, v)
    if v.top_visible:
        if talon is not None:
            top = talon[0] if talon else -1
        else:
            check_top_given(T, top)
    if T > 0 and briscola >= 0 and not (talon_mask >> briscola) & 1:
        raise trump_not_at_bottom(briscola)
    if top >= 0 and (1 << top) & ~talon_mask:
        raise PositionError.of("top.elsewhere", card=card_str(top))
    leader = (turn - len(table)) % n
    score = parse_score(f["score"], played_mask, n, leader=leader) if "score" in f else None
    return Position(
        v.name,
        tuple(mask_of(h) for h in hands),
        tuple(table),
        top,
        briscola,
        played_mask,
        turn,
        score,
        tuple(talon) if talon else None,
    )


def _check_hand_sizes(sizes: list[int], k: int, turn: int, T: int, v: Variant) -> None:
    """Hands as the rules deal them: equal at a trick's start, one card fewer for the ``k``
    seats that played to it, full while the talon has cards. Every hand empty is the deal
    played to its end, as ``Position.play`` hands it out: read back, it is refused where a
    card is asked of it (analyse, explain), not here."""
    n, H = len(sizes), v.hand_size
    shown = " ".join(f"hand{i + 1}={s}" for i, s in enumerate(sizes))
    leader = (turn - k) % n
    done = [(leader + j) % n for j in range(k)]
    who = "leader2" if k == 1 and n == 2 else "leader" if k == 1 else "played"
    if T > 0 and sizes != [H - 1 if i in done else H for i in range(n)]:
        if k == 0:
            raise PositionError.of("hands.full", size=H, shown=shown)
        raise PositionError.of("hands.talon_" + who, k=k, less=H - 1, size=H, shown=shown)
    _check_hand_shape(sizes, k, turn)
    if max(sizes) > H:
        raise PositionError.of("hands.max", size=H, variant=v.name, got=max(sizes))


def _check_hand_shape(sizes: list[int], k: int, turn: int) -> None:
    """Hands that agree among themselves, whatever the talon: equal at a trick's start, one
    card fewer for the ``k`` seats that played to it."""
    n = len(sizes)
    shown = " ".join(f"hand{i + 1}={s}" for i, s in enumerate(sizes))
    leader = (turn - k) % n
    done = [(leader + j) % n for j in range(k)]
    m = max(sizes)
    who = "leader2" if k == 1 and n == 2 else "leader" if k == 1 else "played"
    if k == 0 and len(set(sizes)) != 1:
        raise PositionError.of("hands.start2" if n == 2 else "hands.start", shown=shown)
    if sizes != [m - 1 if i in done else m for i in range(n)]:
        raise PositionError.of("hands.mid_" + who, k=k, shown=shown)
