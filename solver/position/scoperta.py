"""The 2-player Briscola scoperta position: an immutable value parsed from and printed to
the one-line notation of NOTATION.md.

Card sets are int masks; the talon's hidden part is derived (never stored), so a position
cannot disagree with itself. Other games get position types of their own beside this one.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from solver.cards import (CARDS, FULL_DECK, SUIT_MASKS, card_str, cards_of, mask_of, mask_points,
                          parse_cards, popcount, to_card)
from solver.position.notation import (PositionError, check_talon_size, check_top_given, claim_places,
                                      given_talon_and_played, hand_text, json_text, one_card,
                                      parse_score,
                                      read_talon_fields, read_turn, require, rest_text, split_fields,
                                      talon_end_error, trump_not_at_bottom)
from solver.position.protocol import Outcome, Printed, TalonFacts, equally_likely
from solver.rules import get_variant, trick_winner


@dataclass(frozen=True, repr=False)
class Position(TalonFacts, Printed):
    """A 2-player scoperta position.

    ``talon_order`` is the whole talon top first (clairvoyant) or None when only the top
    card is known. ``table`` is the led card or -1; ``top`` is -1 when the talon is empty.
    ``turn`` is 0 or 1 (player 1 or 2). ``score`` is None or (points 1, points 2).
    """
    hand1: int
    hand2: int
    table: int
    top: int
    briscola: int
    played: int
    to_move: int
    score: tuple[int, int] | None = None
    talon_order: tuple[int, ...] | None = None
    variant: str = "scoperta"

    players = 2

    # ----- derived facts -------------------------------------------------------------
    @property
    def variant_name(self) -> str:
        return self.variant

    @property
    def trump_suit(self) -> int:
        return self.briscola // 10

    @property
    def table_mask(self) -> int:
        return 0 if self.table < 0 else 1 << self.table

    @property
    def talon_mask(self) -> int:
        return FULL_DECK & ~(self.hand1 | self.hand2 | self.table_mask | self.played)

    def hand(self, player: int) -> int:
        return self.hand1 if player == 0 else self.hand2

    @property
    def leader(self) -> int:
        return self.to_move if self.table < 0 else 1 - self.to_move

    @property
    def points_in_play(self) -> int:
        return 120 - mask_points(self.played)

    @property
    def trumps_out(self) -> int:
        """Trumps not yet played (in hands, on the table or in the talon)."""
        return SUIT_MASKS[self.trump_suit] & ~self.played

    @property
    def is_over(self) -> bool:
        return self.hand1 == 0 and self.hand2 == 0 and self.table < 0

    # ----- moves ---------------------------------------------------------------------
    def legal_cards(self) -> list[int]:
        return [CARDS[c] for c in cards_of(self.hand(self.to_move))]

    def play(self, card, draws: tuple[int, int] | None = None) -> "Position":
        """The position after the player to move plays ``card``.

        When this completes a trick with cards left to draw, the loser's card and the
        new top card are needed: taken from ``talon_order`` when known, else from
        ``draws`` = (loser's card, new top or -1); a missing draw raises PositionError.
        ``card`` is a card or its text ("FD").
        """
        card = int(to_card(card))  # stored as a plain int: the kernels dispatch fastest on one
        if not (self.hand(self.to_move) >> card) & 1:
            raise PositionError(f"illegal move: {card_str(card)} is not in player {self.to_move + 1}'s hand")
        h = [self.hand1, self.hand2]
        h[self.to_move] &= ~(1 << card)
        if self.table < 0:
            return replace(self, hand1=h[0], hand2=h[1], table=card, to_move=1 - self.to_move)
        leader = 1 - self.to_move
        cards = [self.table, card]
        w = trick_winner(cards, self.trump_suit)
        winner = leader if w == 0 else self.to_move
        gained = mask_points(mask_of(cards))
        score = self.score
        if score is not None:
            s = list(score)
            s[winner] += gained
            score = (s[0], s[1])
        played = self.played | mask_of(cards)
        top, order = self.top, self.talon_order
        talon = self.talon_mask & ~mask_of(cards)
        if talon:
            loser = 1 - winner
            h[winner] |= 1 << self.top
            if popcount(talon) == 2:
                got, top = self.briscola, -1
            elif order is not None:
                got, top = order[1], order[2]
            else:
                if draws is None:
                    raise PositionError("the draw after this trick is unknown: give the cards drawn")
                got, top = draws
            h[loser] |= 1 << got
            if order is not None:
                order = order[2:] if len(order) > 2 else None
                if order is not None and order[0] != top:
                    raise PositionError("draws disagree with the talon order")
        return Position(h[0], h[1], -1, top, self.briscola, played, winner, score, order,
                        self.variant)

    def outcomes(self, card: int) -> list[Outcome]:
        """The draws after ``card`` when it ends a trick and more than the top and the trump
        card are left in a talon of unknown order: the loser's card and the new top, every
        ordered pair of unseen cards equally likely (the State protocol's chance)."""
        if self.table < 0 or self.talon_order is not None or self.talon_size <= 2:
            return []
        return equally_likely(cards_of(self.unseen), 2)

    # ----- text ----------------------------------------------------------------------
    def to_text(self, with_played: bool = True) -> str:
        parts = [hand_text(0, self.hand1), hand_text(1, self.hand2)]
        parts += rest_text((self.table,) if self.table >= 0 else (), self.talon_order, self.top,
                           self.briscola, self.played if with_played else None, self.to_move,
                           self.score)
        if self.variant != "scoperta":
            parts.append(f"variant={self.variant}")
        return " ".join(parts)

    @classmethod
    def from_json(cls, obj) -> "Position":
        """The position of ``to_json``'s object (or its JSON text)."""
        return parse_scoperta(json_text(obj))

    def swapped(self) -> "Position":
        """The same position with the players' seats exchanged."""
        sc = None if self.score is None else (self.score[1], self.score[0])
        return replace(self, hand1=self.hand2, hand2=self.hand1, to_move=1 - self.to_move, score=sc)


def parse_scoperta(text: str) -> Position:
    """A 2-player scoperta line (read through solver.position.parse_position)."""
    if not text or not text.strip():
        raise PositionError("empty position")
    f = split_fields(text)
    variant = get_variant(f.get("variant", "scoperta")).name
    if variant != "scoperta":
        raise PositionError(f"positions of variant '{variant}' are not supported yet (only scoperta)")
    require(f, ("hand1", "hand2", "briscola", "turn"))
    hand1, hand2 = parse_cards(f["hand1"]), parse_cards(f["hand2"])
    table = one_card(f, "table")
    briscola = one_card(f, "briscola")
    if briscola < 0:
        raise PositionError("briscola= needs the trump card")
    top, talon, played, unseen = read_talon_fields(f)
    turn = read_turn(f, 2, "1 or 2")

    h1, h2 = mask_of(hand1), mask_of(hand2)
    tab = 0 if table < 0 else 1 << table
    in_hands = h1 | h2 | tab

    def top_among_played(top):
        if played is not None and top in played and not FULL_DECK & ~(in_hands | mask_of(played)):
            raise PositionError(f"top= given but the talon is empty (top card {card_str(top)} is among the played cards)")

    claim_places({0: hand1, 1: hand2}, [table] if table >= 0 else [], played, talon, top, unseen,
                 briscola, talon_repeats_first=True, check_top=top_among_played)
    if talon is not None:
        if talon and talon[-1] != briscola:
            raise talon_end_error(briscola)
        top = talon[0] if talon else -1

    masks = given_talon_and_played(FULL_DECK, in_hands, played, talon)
    if masks is not None:
        talon_mask, played_mask = masks
    elif unseen is not None:
        if top < 0:
            raise PositionError("unseen= describes the talon under top=, but top= is missing")
        talon_mask = mask_of(c for c in unseen if c != briscola) | (1 << top) | (1 << briscola)
        if (1 << briscola) & in_hands:
            raise PositionError(f"the trump card {card_str(briscola)} is in a hand or on the table, "
                                f"but top= says the talon has cards")
        played_mask = FULL_DECK & ~(in_hands | talon_mask)
    else:
        # played= may be left out when implied: talon empty, or only top + trump card left
        if top >= 0:
            if (1 << briscola) & in_hands or briscola == top:
                raise PositionError("the trump card is in a hand or is the top card, but the talon has cards")
            talon_mask = (1 << top) | (1 << briscola)
        else:
            talon_mask = 0
        played_mask = FULL_DECK & ~(in_hands | talon_mask)

    n_talon = popcount(talon_mask)
    check_talon_size(n_talon, talon, talon_mask, "it always holds an even number", 2)
    n1, n2 = len(hand1), len(hand2)
    if table >= 0:
        # the leader is the player not to move
        lead_n = n2 if turn == 0 else n1
        foll_n = n1 if turn == 0 else n2
        if n_talon > 0 and (lead_n != 2 or foll_n != 3):
            raise PositionError(f"mid-trick with cards in the talon the leader holds 2 and the follower 3, "
                                f"got hand1={n1} hand2={n2}")
        if n_talon == 0 and (foll_n > 3 or lead_n != foll_n - 1):
            raise PositionError(f"mid-trick the leader holds one card fewer than the follower, got hand1={n1} hand2={n2}")
    else:
        if n_talon > 0 and (n1 != 3 or n2 != 3):
            raise PositionError(f"hands hold 3 cards each while the talon has cards, got hand1={n1} hand2={n2}")
        if n1 != n2:
            raise PositionError(f"at the start of a trick both hands hold the same number of cards, got hand1={n1} hand2={n2}")
        if n1 > 3:
            raise PositionError(f"a hand holds at most 3 cards, got {n1}")
        if n1 == 0 and n_talon == 0:
            raise PositionError("the deal is over: no cards left to play")
    check_top_given(n_talon, top)
    if n_talon > 0:
        if not (talon_mask >> briscola) & 1:
            raise trump_not_at_bottom(briscola)
        if top == briscola:
            raise PositionError("the top card cannot be the trump card while the talon has more than one card")
        if (1 << top) & ~talon_mask:
            raise PositionError(f"top card {card_str(top)} is also in a hand or played")
    else:
        if (1 << briscola) & ~(in_hands | played_mask):
            raise PositionError(f"the trump card {card_str(briscola)} is neither in the talon nor accounted for")
    score = parse_score(f["score"], played_mask, 2) if "score" in f else None
    return Position(h1, h2, table, top, briscola, played_mask, turn, score,
                    tuple(talon) if talon else None, variant)
