"""Open positions of the games other than 2-player scoperta (scoperta4, classic, briscolone,
libero): an immutable value with the key=value notation of NOTATION.md, extended.

Every card is shown ("open" analysis); what stays unknown is the talon's order below what
the rules make visible. The variant's data (players, hand size, trump, follow-suit duty,
visible top card) drives every check, so one parser serves all four games.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from solver.cards import (CARDS, FULL_DECK, card_str, cards_of, mask_of, mask_points, parse_cards,
                          popcount, to_card)
from solver.position.notation import (PositionError, check_seats, check_talon_size,
                                      check_top_given, check_trump_field, claim_places,
                                      given_talon_and_played, hand_text, json_text, one_card,
                                      parse_score, read_talon_fields, read_turn, require,
                                      rest_text, split_fields, talon_end_error,
                                      trump_not_at_bottom, GAME_FIELDS)
from solver.position.protocol import Outcome, Printed, TalonFacts, equally_likely
from solver.rules import Variant, get_variant, trick_winner


@dataclass(frozen=True, repr=False)
class GamePosition(TalonFacts, Printed):
    """A position of a game given by ``variant`` (a name in solver.rules.VARIANTS).

    ``hands`` has one mask per seat; ``table`` lists the trick's cards in play order;
    ``top`` is the visible top card (scoperta4 only) or -1; ``briscola`` is the trump card
    or -1 in the games without trump; ``turn`` is the 0-based seat to play; ``score`` is
    None or the points taken per side (seats 1+3, seats 2+4); ``talon_order`` is the whole
    talon top first (clairvoyant) or None.
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

    @property
    def variant_name(self) -> str:
        return self.variant

    @property
    def rules(self) -> Variant:
        return get_variant(self.variant)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def trump_suit(self) -> int:
        return self.briscola // 10 if self.briscola >= 0 else -1

    @property
    def table_mask(self) -> int:
        return mask_of(self.table)

    @property
    def talon_mask(self) -> int:
        m = self.played | self.table_mask
        for h in self.hands:
            m |= h
        return FULL_DECK & ~m

    @property
    def leader(self) -> int:
        return (self.to_move - len(self.table)) % self.players

    def side(self, seat: int) -> int:
        return seat % 2

    @property
    def points_in_play(self) -> int:
        return 120 - mask_points(self.played)

    @property
    def is_over(self) -> bool:
        return not any(self.hands) and not self.table

    def legal_cards(self) -> list[int]:
        hand = self.hands[self.to_move]
        if self.table and self.rules.follow_suit:
            s = self.table[0] // 10
            same = [CARDS[c] for c in cards_of(hand) if c // 10 == s]
            if same:
                return same
        return [CARDS[c] for c in cards_of(hand)]

    def play(self, card, draws: tuple[int, ...] | None = None) -> "GamePosition":
        """The position after the seat to move plays ``card``.

        When the trick ends with cards to draw, the draws come from ``talon_order`` or from
        ``draws``: the cards drawn in drawing order (winner first), then the new top card
        when the game shows one (-1 when the talon is then empty). ``card`` is a card or
        its text ("FD").
        """
        card = int(to_card(card))  # stored as a plain int: the kernels dispatch fastest on one
        if card not in self.legal_cards():
            raise PositionError(f"illegal move: {card_str(card)} for player {self.to_move + 1}")
        hands = list(self.hands)
        hands[self.to_move] &= ~(1 << card)
        table = self.table + (card,)
        n = self.players
        if len(table) < n:
            return replace(self, hands=tuple(hands), table=table, to_move=(self.to_move + 1) % n)
        leader = self.leader
        winner = (leader + trick_winner(list(table), self.trump_suit)) % n
        gained = mask_points(mask_of(table))
        score = self.score
        if score is not None:
            s = list(score)
            s[winner % 2] += gained
            score = (s[0], s[1])
        played = self.played | mask_of(table)
        top, order = self.top, self.talon_order
        talon = self.talon_mask & ~mask_of(table)
        if talon:
            if order is not None:
                got = list(order[:n])
                order = order[n:] or None
                top = order[0] if order is not None and self.rules.top_visible else -1
            else:
                if draws is None:
                    raise PositionError("the draw after this trick is unknown: give the cards drawn")
                got = list(draws[:n])
                top = draws[n] if self.rules.top_visible and len(draws) > n else -1
            for i, c in enumerate(got):
                hands[(winner + i) % n] |= 1 << c
        return GamePosition(self.variant, tuple(hands), (), top, self.briscola, played, winner,
                            score, order)

    def outcomes(self, card: int) -> list[Outcome]:
        """The draws after ``card`` when it ends a trick with cards to draw and the talon's
        order unknown: the visible top goes to the winner, the trump card to the last drawer
        of the last draw, the rest (and the new visible top) are unseen cards, every order
        equally likely (the State protocol's chance)."""
        n = self.players
        T = self.talon_size
        if len(self.table) != n - 1 or not T or self.talon_order is not None:
            return []
        first = (self.top,) if self.top >= 0 else ()
        last = (self.briscola,) if T == n and self.briscola >= 0 else ()
        k = n - len(first) - len(last)
        new_top = 1 if self.rules.top_visible and T > n else 0
        return equally_likely(cards_of(self.unseen), k + new_top,
                              lambda pick: first + pick[:k] + last + pick[k:])

    def to_text(self, hidden: int | None = None) -> str:
        """The canonical notation; the hand of seat ``hidden`` is written ``?``."""
        parts = [hand_text(i, h, i == hidden) for i, h in enumerate(self.hands)]
        parts += rest_text(self.table, self.talon_order, self.top, self.briscola, self.played,
                           self.to_move, self.score)
        parts.append(f"variant={self.variant}")
        return " ".join(parts)

    @classmethod
    def from_json(cls, obj) -> "GamePosition":
        """The position of ``to_json``'s object (or its JSON text)."""
        return read_game_position(split_fields(json_text(obj), GAME_FIELDS))


def read_game_position(f: dict[str, str]) -> GamePosition:
    """An open position of a non-scoperta variant from its split fields (no hand ``?``;
    read through solver.position.parse_position)."""
    if "variant" not in f:
        raise PositionError("missing field variant=")
    v = get_variant(f["variant"])
    if v.name == "scoperta":
        raise PositionError("2-player scoperta positions are read by parse_position")
    n, H = v.players, v.hand_size
    check_seats(f, v)
    require(f, [f"hand{i + 1}" for i in range(n)] + ["turn"])
    check_trump_field(f, v)
    if not v.top_visible and "top" in f:
        raise PositionError(f"in {v.name} the talon's top card is hidden: top= is not allowed "
                            f"(talon= gives the whole order)")
    if "played" in f and "unseen" in f:
        raise PositionError("give played= or unseen=, not both")
    hands = [parse_cards(f[f"hand{i + 1}"]) for i in range(n)]
    table = parse_cards(f.get("table", ""))
    if len(table) >= n:
        raise PositionError(f"table= holds at most {n - 1} card{'s' if n > 2 else ''} in {v.name}, "
                            f"got {len(table)}")
    briscola = one_card(f, "briscola")
    if v.has_trump and briscola < 0:
        raise PositionError("briscola= needs the trump card")
    top, talon, played, unseen = read_talon_fields(f)
    turn = read_turn(f, n, f"1..{n}")
    claim_places(dict(enumerate(hands)), table, played, talon, top, unseen, briscola)

    in_play = mask_of(table)
    for h in hands:
        in_play |= mask_of(h)
    masks = given_talon_and_played(FULL_DECK, in_play, played, talon)
    if masks is not None:
        talon_mask, played_mask = masks
    elif unseen is not None:
        talon_mask = mask_of(c for c in unseen if c != briscola)
        if top >= 0:
            talon_mask |= 1 << top
        if talon_mask and briscola >= 0:
            if (1 << briscola) & in_play:
                raise PositionError(f"the trump card {card_str(briscola)} is in a hand or on the "
                                    f"table, but unseen= says the talon has cards")
            talon_mask |= 1 << briscola
        played_mask = FULL_DECK & ~(in_play | talon_mask)
    else:
        if top >= 0:
            raise PositionError("top= given: say what is left with played= or unseen= (or talon=)")
        talon_mask = 0
        played_mask = FULL_DECK & ~in_play

    T = popcount(talon_mask)
    check_talon_size(T, talon, talon_mask, f"with {n} players it always holds a multiple of {n}", n)
    sizes = [len(h) for h in hands]
    shown = " ".join(f"hand{i + 1}={s}" for i, s in enumerate(sizes))
    k = len(table)
    leader = (turn - k) % n
    done = [(leader + j) % n for j in range(k)]
    m = max(sizes)
    want = [m - 1 if i in done else m for i in range(n)]
    if k == 0 and len(set(sizes)) != 1:
        raise PositionError(f"at the start of a trick every hand holds the same number of cards, got {shown}")
    if sizes != want:
        raise PositionError(f"mid-trick the {k} player{'s' if k > 1 else ''} who played hold one card "
                            f"fewer than the others, got {shown}")
    if m > H:
        raise PositionError(f"a hand holds at most {H} cards in {v.name}, got {m}")
    if T > 0 and m != H:
        raise PositionError(f"hands hold {H} cards each while the talon has cards, got {shown}")
    if m == 0:
        raise PositionError("the deal is over: no cards left to play")
    if T > 0 and briscola >= 0 and not (talon_mask >> briscola) & 1:
        raise trump_not_at_bottom(briscola)
    if talon is not None and briscola >= 0 and talon and talon[-1] != briscola:
        raise talon_end_error(briscola)
    if v.top_visible and talon is None:
        check_top_given(T, top)
    if talon is not None and v.top_visible:
        top = talon[0] if talon else -1
    score = parse_score(f["score"], played_mask, n) if "score" in f else None
    return GamePosition(v.name, tuple(mask_of(h) for h in hands), tuple(table), top, briscola,
                        played_mask, turn, score, tuple(talon) if talon else None)
