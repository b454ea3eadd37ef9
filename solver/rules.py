"""The rules of every game in docs/rules.md, one value per variant.

A variant is data (players, hand size, trump, follow-suit duty, what is visible, how a
match is scored), so the engine, the game runner and the search read the same few fields
instead of keeping copies of the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from solver.errors import BriscolaError
from solver.cards import RANK_OF, SUIT_MASKS, SUIT_OF, SUITS, card_str


@dataclass(frozen=True)
class Variant:
    name: str
    players: int
    hand_size: int
    has_trump: bool
    follow_suit: bool
    #: hands face up (scoperta) — the others are hidden games
    open_hands: bool
    #: the talon's top card is face up (scoperta)
    top_visible: bool
    #: how deals make up a match: "rounds" (scoperta), "segni" (classic), "points" (Briscolone)
    match: str
    title: str

    @property
    def talon_size(self) -> int:
        return 40 - self.players * self.hand_size

    @property
    def teams(self) -> int:
        return 2


SCOPERTA = Variant(
    "scoperta", 2, 3, True, False, True, True, "rounds", "Briscola scoperta (2 players)"
)
SCOPERTA4 = Variant(
    "scoperta4", 4, 3, True, False, True, True, "rounds", "Briscola scoperta (4 players, 2 teams)"
)
CLASSIC = Variant("classic", 2, 3, True, False, False, False, "segni", "Briscola (2 players)")
BRISCOLONE = Variant("briscolone", 2, 5, False, True, False, False, "points", "Briscolone")
LIBERO = Variant("libero", 2, 5, False, False, False, False, "points", "Briscolone Libero")

#: every game by name, read-only (``solver.VARIANTS``: a script cannot unmake a game)
VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {v.name: v for v in (SCOPERTA, SCOPERTA4, CLASSIC, BRISCOLONE, LIBERO)}
)
ALIASES = {
    "briscola": "classic",
    "scoperta2": "scoperta",
    "briscolone-libero": "libero",
    "briscolone_libero": "libero",
    "4p": "scoperta4",
    "scoperta-4": "scoperta4",
}


class RulesError(BriscolaError):
    """A move, a variant name or a player (agent) name that the rules do not allow."""


def get_variant(name: str) -> Variant:
    """The variant of a name or alias (any case); RulesError naming anything else."""
    if not isinstance(name, str):
        raise RulesError.of("variant.not_name", value=repr(name), variants=", ".join(VARIANTS))
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in VARIANTS:
        raise RulesError.of("variant.unknown", name=name, variants=", ".join(VARIANTS))
    return VARIANTS[key]


def beats(challenger: int, best: int, trump_suit: int) -> bool:
    """True when ``challenger``, played after ``best``, takes the lead of the trick.

    Same suit: the stronger wins (a higher id is stronger within a suit, so the 7 beats
    the 2 although both are worth nothing). Otherwise only a trump wins.
    """
    if SUIT_OF[challenger] == SUIT_OF[best]:
        return RANK_OF[challenger] > RANK_OF[best]
    return SUIT_OF[challenger] == trump_suit


def trick_winner(cards: Sequence[int], trump_suit: int) -> int:
    """Index in ``cards`` (play order, leader first) of the card that takes the trick.

    ``trump_suit`` is -1 in the games without trump.
    """
    w = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[w], trump_suit):
            w = i
    return w


def trick_taker(cards: Sequence[int], leader: int, trump_suit: int) -> int:
    """The seat that takes a whole trick of ``cards`` led by seat ``leader``."""
    return (leader + trick_winner(cards, trump_suit)) % len(cards)


def legal_mask(hand: int, table: Sequence[int], variant: Variant) -> int:
    """The cards of ``hand`` (a mask) that may be played on ``table`` (the trick so far, in
    play order): any card, except that a game with the duty to follow suit asks for the led
    suit when the hand holds it."""
    if table and variant.follow_suit:
        same = hand & SUIT_MASKS[SUIT_OF[table[0]]]
        if same:
            return same
    return hand


def move_refusal(
    hand: int, table: Sequence[int], variant: Variant, card: int, player: int
) -> RulesError | None:
    """Why ``card`` may not be played by ``player`` (1-based) holding ``hand`` on ``table``,
    as the error to raise (said in the player's language at the edges), or None when it may.
    An empty hand with an empty table is a deal played to its end (hands are equal then)."""
    if not hand and not table:
        return RulesError.of("move.over", card=card_str(card))
    if not (hand >> card) & 1:
        return RulesError.of("move.not_in_hand", card=card_str(card), player=player)
    if not (legal_mask(hand, table, variant) >> card) & 1:
        return RulesError.of(
            "move.follow", card=card_str(card), player=player, suit=SUITS[SUIT_OF[table[0]]]
        )
    return None


def move_error(
    hand: int, table: Sequence[int], variant: Variant, card: int, player: int
) -> str | None:
    """``move_refusal``'s reason as its one English line, or None when the move is legal."""
    why = move_refusal(hand, table, variant, card, player)
    return None if why is None else str(why)


def legal_cards(hand: list[int], led: int | None, variant: Variant) -> list[int]:
    """Cards of ``hand`` that may be played on a trick led with ``led`` (None: leading)."""
    mask = legal_mask(sum(1 << c for c in hand), () if led is None else (led,), variant)
    return [c for c in hand if (mask >> c) & 1]


def deal_result(points_a: int, points_b: int) -> int:
    """+1 when side A wins the deal (61 or more), -1 when B does, 0 for 60-60."""
    if points_a > 60:
        return 1
    if points_b > 60:
        return -1
    return 0
