"""The 2-player Briscola scoperta position: an immutable value parsed from and printed to
the one-line notation of NOTATION.md.

Card sets are int masks; the talon's hidden part is derived (never stored), so a position
cannot disagree with itself. Other games get position types of their own beside this one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from solver.cards import FULL_DECK, CardError, card_str, cards_of, format_mask, mask_of, mask_points, parse_cards, popcount
from solver.rules import RulesError, get_variant, trick_winner


class PositionError(ValueError):
    """The text is not a position that can occur; the message is one line for the user."""


FIELDS = ("hand1", "hand2", "table", "top", "talon", "briscola", "played", "unseen", "turn",
          "score", "variant")


@dataclass(frozen=True)
class Position:
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
    turn: int
    score: tuple[int, int] | None = None
    talon_order: tuple[int, ...] | None = None
    variant: str = "scoperta"

    # ----- derived facts -------------------------------------------------------------
    @property
    def trump_suit(self) -> int:
        return self.briscola // 10

    @property
    def table_mask(self) -> int:
        return 0 if self.table < 0 else 1 << self.table

    @property
    def talon_mask(self) -> int:
        return FULL_DECK & ~(self.hand1 | self.hand2 | self.table_mask | self.played)

    @property
    def talon_size(self) -> int:
        return popcount(self.talon_mask)

    @property
    def unseen(self) -> int:
        """Talon cards whose place is unknown: the talon less the top and the trump card."""
        t = self.talon_mask
        if t == 0:
            return 0
        return t & ~(1 << self.top) & ~(1 << self.briscola)

    @property
    def clairvoyant(self) -> bool:
        return self.talon_order is not None

    def hand(self, player: int) -> int:
        return self.hand1 if player == 0 else self.hand2

    @property
    def leader(self) -> int:
        return self.turn if self.table < 0 else 1 - self.turn

    @property
    def points_in_play(self) -> int:
        return 120 - mask_points(self.played)

    @property
    def trumps_out(self) -> int:
        """Trumps not yet played (in hands, on the table or in the talon)."""
        from solver.cards import SUIT_MASKS
        return SUIT_MASKS[self.trump_suit] & ~self.played

    @property
    def is_over(self) -> bool:
        return self.hand1 == 0 and self.hand2 == 0 and self.table < 0

    # ----- moves ---------------------------------------------------------------------
    def legal_cards(self) -> list[int]:
        return cards_of(self.hand(self.turn))

    def play(self, card: int, draws: tuple[int, int] | None = None) -> "Position":
        """The position after the player to move plays ``card``.

        When this completes a trick with cards left to draw, the loser's card and the
        new top card are needed: taken from ``talon_order`` when known, else from
        ``draws`` = (loser's card, new top or -1); a missing draw raises PositionError.
        """
        if not (self.hand(self.turn) >> card) & 1:
            raise PositionError(f"illegal move: {card_str(card)} is not in player {self.turn + 1}'s hand")
        h = [self.hand1, self.hand2]
        h[self.turn] &= ~(1 << card)
        if self.table < 0:
            return replace(self, hand1=h[0], hand2=h[1], table=card, turn=1 - self.turn)
        leader = 1 - self.turn
        cards = [self.table, card]
        w = trick_winner(cards, self.trump_suit)
        winner = leader if w == 0 else self.turn
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

    # ----- text ----------------------------------------------------------------------
    def to_text(self, with_played: bool = True) -> str:
        parts = [f"hand1={format_mask(self.hand1)}", f"hand2={format_mask(self.hand2)}"]
        if self.table >= 0:
            parts.append(f"table={card_str(self.table)}")
        if self.talon_order is not None:
            parts.append("talon=" + ",".join(card_str(c) for c in self.talon_order))
        elif self.top >= 0:
            parts.append(f"top={card_str(self.top)}")
        parts.append(f"briscola={card_str(self.briscola)}")
        if with_played:
            parts.append(f"played={format_mask(self.played)}")
        parts.append(f"turn={self.turn + 1}")
        if self.score is not None:
            parts.append(f"score={self.score[0]}-{self.score[1]}")
        if self.variant != "scoperta":
            parts.append(f"variant={self.variant}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()

    def swapped(self) -> "Position":
        """The same position with the players' seats exchanged."""
        sc = None if self.score is None else (self.score[1], self.score[0])
        return replace(self, hand1=self.hand2, hand2=self.hand1, turn=1 - self.turn, score=sc)


class CardClaims:
    """Refuses a card named twice across a position's fields, naming both places."""

    def __init__(self):
        self.seen: dict[int, str] = {}

    def __call__(self, cards, where: str) -> None:
        for c in cards:
            if c in self.seen:
                other = self.seen[c]
                raise PositionError(f"card {card_str(c)} given twice ({other} and {where})"
                                    if other != where else f"card {card_str(c)} given twice in {where}=")
            self.seen[c] = where


#: fields holding cards: each is checked as it is read, so a bad card is named before
#: anything else is said about the position
CARD_FIELDS = frozenset(("hand1", "hand2", "hand3", "hand4", "table", "top", "talon", "briscola",
                         "played", "unseen"))


def split_fields(text: str, allowed=FIELDS) -> dict[str, str]:
    """The ``key=value`` fields of a position line, each at most once, keys in ``allowed``.
    Spaces next to a comma are forgiven (``hand1=3C, AS``): pasted lists often have them."""
    fields: dict[str, str] = {}
    for tok in re.sub(r"\s*,\s*", ",", text).split():
        if "=" not in tok:
            raise PositionError(f"'{tok}' is not a key=value field (fields: {', '.join(allowed)})")
        k, v = tok.split("=", 1)
        k = k.strip().lower()
        if k not in allowed:
            raise PositionError(f"unknown field '{k}' (fields: {', '.join(allowed)})")
        if k in fields:
            raise PositionError(f"field '{k}' given twice")
        if k in CARD_FIELDS and "?" not in v:  # a hidden hand: the seat parser says more
            try:
                parse_cards(v)
            except CardError as e:
                raise PositionError(f"{k}=: {e}") from None
        fields[k] = v
    return fields


def one_card(fields, key) -> int:
    cs = parse_cards(fields.get(key, ""))
    if len(cs) > 1:
        raise PositionError(f"{key}= takes one card, got {len(cs)}")
    return cs[0] if cs else -1


def parse_position(text: str) -> Position:
    """Parse NOTATION.md's position line; raise PositionError with a one-line reason."""
    try:
        other = _other_variant(text)
        if other:
            from solver.position.general import parse_game_position
            return parse_game_position(text)
        if "=?" in (text or "").replace(" ", ""):
            raise PositionError("a hidden hand (?) exists only in classic, briscolone and libero: "
                                "in scoperta every card is shown")
        return _parse(text)
    except CardError as e:
        raise PositionError(str(e)) from None
    except RulesError as e:
        raise PositionError(str(e)) from None


def scoperta_only(pos, what: str):
    """``pos`` itself when it is a 2-player scoperta Position; else a one-line refusal for
    the commands that only know that game."""
    if not isinstance(pos, Position):
        raise PositionError(f"{what} handles 2-player scoperta positions only, not variant "
                            f"'{pos.variant}' (briscola analyse handles every variant)")
    return pos


def _other_variant(text: str) -> bool:
    """Whether the line names a variant other than scoperta (read by solver.position.general)."""
    for tok in (text or "").split():
        k, _, v = tok.partition("=")
        if k.strip().lower() == "variant":
            return get_variant(v).name != "scoperta"
    return False


def _parse(text: str) -> Position:
    if not text or not text.strip():
        raise PositionError("empty position")
    f = split_fields(text)
    variant = get_variant(f.get("variant", "scoperta")).name
    if variant != "scoperta":
        raise PositionError(f"positions of variant '{variant}' are not supported yet (only scoperta)")
    for req in ("hand1", "hand2", "briscola", "turn"):
        if req not in f:
            raise PositionError(f"missing field {req}=")
    hand1, hand2 = parse_cards(f["hand1"]), parse_cards(f["hand2"])
    table = one_card(f, "table")
    briscola = one_card(f, "briscola")
    if briscola < 0:
        raise PositionError("briscola= needs the trump card")
    top = one_card(f, "top")
    talon = parse_cards(f["talon"]) if "talon" in f else None
    if "played" in f and "unseen" in f:
        raise PositionError("give played= or unseen=, not both")
    played = parse_cards(f["played"]) if "played" in f else None
    unseen = parse_cards(f["unseen"]) if "unseen" in f else None
    turn_s = f["turn"].strip()
    if turn_s not in ("1", "2"):
        raise PositionError(f"turn= must be 1 or 2, got '{turn_s}'")
    turn = int(turn_s) - 1

    # every card at most once across the fields that name places
    claim = CardClaims()
    claim(hand1, "hand1")
    claim(hand2, "hand2")
    if table >= 0:
        claim([table], "table")
    if played is not None:
        claim(played, "played")

    h1, h2 = mask_of(hand1), mask_of(hand2)
    tab = 0 if table < 0 else 1 << table
    in_hands = h1 | h2 | tab

    if talon is not None:
        if len(set(talon)) != len(talon):
            dup = next(c for c in talon if talon.count(c) > 1)
            raise PositionError(f"card {card_str(dup)} given twice in talon=")
        if top >= 0:
            raise PositionError("give top= or talon=, not both")
        if unseen is not None:
            raise PositionError("give unseen= or talon=, not both")
        claim(talon, "talon")
        if talon and talon[-1] != briscola:
            raise PositionError(f"talon= must end with the trump card {card_str(briscola)}")
        top = talon[0] if talon else -1
    if top >= 0 and talon is None:
        if top == briscola:
            raise PositionError(f"top card {card_str(top)} is the trump card, which stays at the talon's bottom "
                                f"and is drawn last")
        if played is not None and top in played and not FULL_DECK & ~(in_hands | mask_of(played)):
            raise PositionError(f"top= given but the talon is empty (top card {card_str(top)} is among the played cards)")
        claim([top], "top")
    if unseen is not None:
        u = [c for c in unseen if c != briscola]
        claim(u, "unseen")
        unseen_mask = mask_of(u)
    else:
        unseen_mask = None

    # work out the talon and played sets
    if played is not None:
        played_mask = mask_of(played)
        talon_mask = FULL_DECK & ~(in_hands | played_mask)
    elif talon is not None:
        talon_mask = mask_of(talon)
        played_mask = FULL_DECK & ~(in_hands | talon_mask)
    elif unseen_mask is not None:
        if top < 0:
            raise PositionError("unseen= describes the talon under top=, but top= is missing")
        talon_mask = unseen_mask | (1 << top) | (1 << briscola)
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
    if n_talon % 2:
        raise PositionError(f"the talon would hold {n_talon} card{'s' if n_talon != 1 else ''}: "
                            f"it always holds an even number")
    if talon is not None and mask_of(talon) != talon_mask:
        raise PositionError(f"talon= lists {len(talon)} cards but the talon holds {n_talon}")
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
    if n_talon == 0 and top >= 0:
        raise PositionError("top= given but the talon is empty")
    if n_talon > 0:
        if top < 0:
            raise PositionError(f"the talon holds {n_talon} cards: give its top card with top= (or talon=)")
        if not (talon_mask >> briscola) & 1:
            raise PositionError(f"the talon has cards, so the trump card {card_str(briscola)} must be its bottom card, "
                                f"but it is in a hand, on the table or played")
        if top == briscola:
            raise PositionError("the top card cannot be the trump card while the talon has more than one card")
        if (1 << top) & ~talon_mask:
            raise PositionError(f"top card {card_str(top)} is also in a hand or played")
    else:
        if (1 << briscola) & ~(in_hands | played_mask):
            raise PositionError(f"the trump card {card_str(briscola)} is neither in the talon nor accounted for")
    score = None
    if "score" in f:
        score = _parse_score(f["score"], played_mask)
    return Position(h1, h2, table, top, briscola, played_mask, turn, score,
                    tuple(talon) if talon else None, variant)


def _parse_score(s: str, played: int) -> tuple[int, int]:
    played_points = mask_points(played)
    parts = s.strip().split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise PositionError(f"score= must be two numbers like 40-36, got '{s}'")
    a, b = int(parts[0]), int(parts[1])
    if a + b != played_points:
        raise PositionError(f"score {a}-{b} adds up to {a + b} but the played cards are worth {played_points}")
    if not _score_reachable(a, played):
        raise PositionError(f"score {a}-{b} cannot come from the played cards: no set of whole "
                            f"tricks among them is worth {a}")
    return (a, b)


def _score_reachable(points: int, played: int) -> bool:
    """Whether some even number of the played cards (whole tricks) is worth ``points``."""
    reach = {(0, 0)}
    for c in cards_of(played):
        p = mask_points(1 << c)
        reach |= {(s + p, (n + 1) % 2) for s, n in reach if s + p <= points}
    return (points, 0) in reach
