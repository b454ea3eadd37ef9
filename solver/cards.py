"""Cards as integers 0..39 and card sets as 40-bit masks.

A card id is ``suit * 10 + rank`` where ``rank`` 0..9 runs from the weakest card (2) to
the strongest (Asso).  So within a suit a higher id is a stronger card, and the bit order
of a mask is the canonical print order (by suit, then strength, weakest first).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from numbers import Integral
from typing import Protocol

import numpy as np

from solver.errors import BriscolaError, given

N_CARDS = 40
#: a card as the API takes it: its id, a Card, or its text ("FD")
CardLike = int | str
SUITS = "BCDS"
SUIT_NAMES_IT = ("bastoni", "coppe", "denari", "spade")
SUIT_NAMES_EN = ("batons", "cups", "coins", "swords")
RANKS = ("2", "4", "5", "6", "7", "F", "C", "R", "3", "A")
RANK_NAMES_IT = ("2", "4", "5", "6", "7", "Fante", "Cavallo", "Re", "Tre", "Asso")
RANK_NAMES_EN = ("2", "4", "5", "6", "7", "Jack", "Knight", "King", "Three", "Ace")
RANK_POINTS = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)

#: points of each card id
POINTS = np.array([RANK_POINTS[c % 10] for c in range(N_CARDS)], dtype=np.int64)
#: rank index (0 weakest .. 9 strongest) of each card id
RANK_OF = np.array([c % 10 for c in range(N_CARDS)], dtype=np.int64)
SUIT_OF = np.array([c // 10 for c in range(N_CARDS)], dtype=np.int64)
FULL_DECK = (1 << N_CARDS) - 1
SUIT_MASKS = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
#: mask of the point-carrying cards of each card set ("carichi" are Asso and Tre)
POINT_MASK = sum(1 << c for c in range(N_CARDS) if RANK_POINTS[c % 10] > 0)
CARICHI_MASK = sum(1 << c for c in range(N_CARDS) if c % 10 >= 8)

_NEAPOLITAN = {"1": "A", "8": "F", "9": "C", "10": "R"}
#: ASCII: in Unicode, "ſ" (long s) matches "s" without case
_CARD_RE = re.compile(r"^(10|[1-9]|[ARCF])([BCDS])$", re.IGNORECASE | re.ASCII)
#: the letters of the French-suited (English) deck a player may type from habit, and the
#: notation's letter for the same card: the King, the Queen (the Cavallo's place), the Jack,
#: and hearts (coppe)
_FRENCH_RANKS = {"K": "R", "Q": "C", "J": "F"}
_FRENCH_SUITS = {"H": "C"}
_FRENCH_RE = re.compile(r"^(10|[1-9]|[A-Z])([A-Z])$", re.IGNORECASE | re.ASCII)


class CardError(BriscolaError):
    """A card or card list the user typed cannot be read."""


class CardTypeError(CardError, TypeError):
    """A card id that is not a whole number (``5.0``, ``True``, ``"AS"``): a CardError, and a
    TypeError, as an argument of the wrong type is."""


class Trumped(Protocol):
    """What ``Card.is_trump`` reads of a position or a game: its trump suit's index (0..3,
    as ``SUITS`` orders them; -1 in the games without trump)."""

    @property
    def trump_suit(self) -> int: ...


class Card(int):
    """A card id that prints as its notation (``FD``): the same int for masks and kernels.
    ``Card("FD")``, ``Card(25)`` (a numpy integer too); anything else raises CardError (a
    ValueError) naming it. Always true (2B is id 0); formatted as its text (``__format__``).
    It says what a player reads off it: ``suit`` and ``rank`` (the letters of its text),
    ``points``, ``strength`` (its place in its suit) and ``name()``."""

    __slots__ = ()

    def __new__(cls, card: CardLike) -> Card:
        return to_card(card)

    @property
    def suit(self) -> str:
        """The suit's letter: ``B``, ``C``, ``D`` or ``S`` (``Card("AS").suit == "S"``)."""
        return SUITS[self // 10]

    @property
    def rank(self) -> str:
        """The rank's letter as the notation writes it: ``A 3 R C F 7 6 5 4 2``."""
        return RANKS[self % 10]

    @property
    def points(self) -> int:
        """What the card counts when taken: 11 the Asso, 10 the Tre, 4, 3 and 2 the figures."""
        return RANK_POINTS[self % 10]

    @property
    def strength(self) -> int:
        """Its place in its suit, 0 (the 2) to 9 (the Asso): of two cards of one suit the
        stronger takes the trick."""
        return self % 10

    def name(self, lang: str = "en") -> str:
        """Its spoken name, ``"Ace of swords"`` (``lang="it"``: ``"Asso di spade"``); another
        language is refused, as ``render`` and ``explanation_text`` refuse it."""
        if lang not in ("en", "it"):
            raise BriscolaError.of("lang.unknown", lang=lang)
        return card_name(self, lang)

    def is_trump(self, pos: Trumped) -> bool:
        """Whether the card is of the trump suit of ``pos`` (a position, a seat's view or a
        game); never in the games without trump. Anything else (a position's text) is a
        CardTypeError naming it."""
        suit = getattr(pos, "trump_suit", None)
        if isinstance(suit, bool) or not isinstance(suit, Integral):
            raise CardTypeError.of("card.not_state", got=given(pos))
        return bool(self // 10 == suit)

    def __repr__(self) -> str:
        return _TEXT[self]

    __str__ = __repr__

    def __bool__(self) -> bool:
        """Always true: a Card is a card, 2B (id 0) too (``if pos.trump_card:``)."""
        return True

    def __format__(self, spec: str) -> str:
        """The text formatted by ``spec`` (``f"{card:>4}"`` is ``'  AS'``); a numeric
        presentation type (``d``, ``x``, ``b``, ``o``, ``n``, ``c``, ``e``, ``f``, ``g``,
        ``%``) formats the id instead (``f"{card:02d}"`` is ``'39'``)."""
        if spec and spec[-1] in _NUMERIC_SPECS:
            return int.__format__(self, spec)
        return format(_TEXT[self], spec)


_NUMERIC_SPECS = frozenset("bcdoxXneEfFgG%")
#: the text of each card id (a dict: an id out of 0..39 is a KeyError, not a wrapped index)
_TEXT = {c: RANKS[c % 10] + SUITS[c // 10] for c in range(N_CARDS)}
#: the 40 cards as Card values, by id
CARDS = tuple(int.__new__(Card, c) for c in range(N_CARDS))


class CardSet(frozenset[Card]):
    """A set of cards as the public API hands it out: ``Card`` members in the canonical
    order (by suit, then strength), printed as cards (``{3C, AS}``), made and asked with
    cards or their text (``CardSet("3C,AS")``, ``"AS" in hand``); its operators (``| & - ^``,
    either side), comparisons (``<= < >= >``) and set methods (``union``, ``issubset``, ...)
    take the same and give a CardSet. The engine keeps its sets as masks: ``mask`` is this
    one's, ``CardSet.of(mask)`` the set of a mask."""

    __slots__ = ()

    def __new__(cls, cards: Iterable[CardLike] | str = ()) -> CardSet:
        if isinstance(cards, str):
            cards = parse_card_ids(cards)
        elif not isinstance(cards, Iterable):
            raise CardTypeError.of("card.not_set", got=given(cards))
        return super().__new__(cls, (to_card(c) for c in cards))

    @classmethod
    def of(cls, mask: int) -> CardSet:
        """The cards of ``mask`` (bit ``id`` set for each card); CardError naming a value
        that is not a mask of the 40 cards (negative, or a bit above 39)."""
        return super().__new__(cls, (CARDS[c] for c in cards_of(mask)))

    @property
    def mask(self) -> int:
        """The engine's form of the set: bit ``id`` set for each card (``CardSet.of``
        reads it back)."""
        return mask_of(int(c) for c in frozenset.__iter__(self))

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(frozenset.__iter__(self)))

    def __contains__(self, card: object) -> bool:
        try:
            return frozenset.__contains__(self, to_card(card))
        except CardError:
            return False

    def __repr__(self) -> str:
        return "{" + ", ".join(card_str(c) for c in self) + "}"

    __str__ = __repr__

    # The operators, comparisons and named methods take cards or their text, as the
    # constructor does (wider than frozenset's), on either side, and give a CardSet.
    def __or__(self, other: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.__or__(self, CardSet(other)))

    def __and__(self, other: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.__and__(self, CardSet(other)))

    def __sub__(self, other: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.__sub__(self, CardSet(other)))

    def __rsub__(self, other: Iterable[CardLike] | str) -> CardSet:
        return _of_set(frozenset.__sub__(CardSet(other), self))

    def __xor__(self, other: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.__xor__(self, CardSet(other)))

    __ror__, __rand__, __rxor__ = __or__, __and__, __xor__

    def __le__(self, other: Iterable[CardLike] | str) -> bool:  # type: ignore[override]
        return frozenset.__le__(self, CardSet(other))

    def __lt__(self, other: Iterable[CardLike] | str) -> bool:  # type: ignore[override]
        return frozenset.__lt__(self, CardSet(other))

    def __ge__(self, other: Iterable[CardLike] | str) -> bool:  # type: ignore[override]
        return frozenset.__ge__(self, CardSet(other))

    def __gt__(self, other: Iterable[CardLike] | str) -> bool:  # type: ignore[override]
        return frozenset.__gt__(self, CardSet(other))

    def union(self, *others: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.union(self, *map(CardSet, others)))

    def intersection(self, *others: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.intersection(self, *map(CardSet, others)))

    def difference(self, *others: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.difference(self, *map(CardSet, others)))

    def symmetric_difference(self, other: Iterable[CardLike] | str) -> CardSet:  # type: ignore[override]
        return _of_set(frozenset.symmetric_difference(self, CardSet(other)))

    def issubset(self, other: Iterable[CardLike] | str) -> bool:  # type: ignore[override]
        return frozenset.issubset(self, CardSet(other))

    def issuperset(self, other: Iterable[CardLike] | str) -> bool:  # type: ignore[override]
        return frozenset.issuperset(self, CardSet(other))

    def isdisjoint(self, other: Iterable[CardLike] | str) -> bool:  # type: ignore[override]
        return frozenset.isdisjoint(self, CardSet(other))

    def copy(self) -> CardSet:
        return self  # immutable, as frozenset.copy of a frozenset


def _of_set(cards: frozenset[Card]) -> CardSet:
    """A CardSet of a frozenset whose members are already Cards (no reading again)."""
    return frozenset.__new__(CardSet, cards)


def to_card(card: object) -> Card:
    """A Card from its id (an int, numpy's integers too) or its text (any input form of
    docs/notation.md)."""
    if isinstance(card, str):
        return CARDS[parse_card_id(card)]
    if isinstance(card, int):
        if 0 <= card < N_CARDS and not isinstance(card, bool):
            return CARDS[card]
    elif isinstance(card, Integral) and 0 <= int(card) < N_CARDS:  # a numpy integer: an id
        return CARDS[int(card)]
    raise CardError.of("card.unknown_id", card=repr(card))


def card_id(suit: int, rank: int) -> int:
    return suit * 10 + rank


def _not_text(value: object) -> CardError:
    """The error for a card to read that is not text (a Card is named by its id: it prints
    as its text)."""
    return CardError.of(
        "card.not_text", value=repr(int(value) if isinstance(value, Card) else value)
    )


def parse_card_id(text: str) -> int:
    """The id of one card in any input form of docs/notation.md (``AD``, ``ad``, ``1D``,
    ``10B``): a plain int, as the engine keeps its cards (``parse_card`` gives the Card)."""
    if not isinstance(text, str):
        raise _not_text(text)
    t = text.strip()
    m = _CARD_RE.match(t)
    if not m:
        raise _unknown(t, text)
    r, s = m.group(1).upper(), m.group(2).upper()
    r = _NEAPOLITAN.get(r, r)
    if r not in RANKS:
        raise CardError.of("card.no_rank", text=text, rank=r)
    return card_id(SUITS.index(s), RANKS.index(r))


def _unknown(t: str, text: str) -> CardError:
    """The error for a card that cannot be read: where it is written with the English
    deck's letters (``KS``, ``QD``, ``JB``, ``AH``), it says the notation's letter for it."""
    m = _FRENCH_RE.match(t)
    if m:
        r, s = m.group(1).upper(), m.group(2).upper()
        rank, suit = _FRENCH_RANKS.get(r, r), _FRENCH_SUITS.get(s, s)
        if rank in RANKS + tuple(_NEAPOLITAN) and suit in SUITS and (r, s) != (rank, suit):
            card = rank + suit
            if r != rank:
                return CardError.of("card.french_rank", text=text, rank=r, letter=rank, card=card)
            return CardError.of("card.french_suit", text=text, suit=s, letter=suit, card=card)
    return CardError.of("card.unknown", text=text)


def parse_card(text: str) -> Card:
    """Read one card in any input form of docs/notation.md (``AD``, ``ad``, ``1D``, ``10B``);
    CardError (a ValueError) naming what cannot be read, a value that is not text too."""
    return CARDS[parse_card_id(text)]


def _checked_id(c: object, name: str) -> int:
    """``c`` as a card id (an int, a Card, numpy's integers), else the error naming it: a
    CardTypeError for what is not a whole number (a float, a bool: 5.0 and True found the
    texts of ids 5 and 1), a CardError for a number out of 0..39."""
    if isinstance(c, bool) or not isinstance(c, Integral):
        raise CardTypeError.of("card.not_id", name=name, got=given(c))
    if not 0 <= int(c) < N_CARDS:
        raise CardError.of("card.unknown_id", card=repr(c))
    return int(c)


def card_str(c: int) -> str:
    """The text of card id ``c`` (``card_str(39)`` is ``'AS'``), a numpy integer too;
    CardError naming an id out of 0..39, CardTypeError (a CardError and a TypeError) naming
    a value that is not a whole number (``5.0``, ``True``, ``"AS"``)."""
    if c.__class__ is int or c.__class__ is Card:  # the engine's ids: at once
        text = _TEXT.get(c)
        if text is not None:
            return text
    return _TEXT[_checked_id(c, "card_str: c")]


def parse_card_ids(text: str) -> list[int]:
    """The ids of a comma-separated card list; ``-`` or empty means none. Order is kept, and
    so is a card given twice: the position parser names the field that repeats it."""
    if not isinstance(text, str):
        raise _not_text(text)
    t = text.strip()
    if t in ("", "-"):
        return []
    parts = [x.strip() for x in t.split(",")]
    if any(p == "" for p in parts):
        raise CardError.of("card.empty", text=t)
    return [parse_card_id(p) for p in parts]


def card_ids(cards: Iterable[CardLike] | str) -> tuple[int, ...]:
    """The ids of cards given as the API takes a list of them: cards or ids, or one text
    (``"AB,2B"``, a single ``"2B"`` too: never read letter by letter)."""
    if isinstance(cards, str):
        return tuple(parse_card_ids(cards))
    return tuple(int(to_card(c)) for c in cards)


def parse_cards(text: str) -> list[Card]:
    """Read a comma-separated card list (``3C,AS``); ``-`` or empty means none. Order is
    kept; a card given twice is refused (CardError naming it)."""
    cards = parse_card_ids(text)
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise CardError.of("card.twice_list", card=card_str(c), text=text.strip())
        seen.add(c)
    return [CARDS[c] for c in cards]


def mask_of(cards: Iterable[int]) -> int:
    """The mask of card ids (bit ``id`` set for each; a Card and numpy's integers are ids
    too): CardTypeError naming one that is not a whole number (``3.0``, ``True``), CardError
    one out of 0..39."""
    m = 0
    for c in cards:
        if c.__class__ is not int and c.__class__ is not Card or c < 0:
            c = _checked_id(c, "mask_of: a card")  # numpy's integers as ints: no overflow
        m |= 1 << c
    if m >> N_CARDS:
        raise CardError.of("card.unknown_id", card=repr(m.bit_length() - 1))
    return m


def cards_of(mask: int) -> list[int]:
    """Card ids of a mask in canonical order (CardError for what is not a mask of the 40
    cards: a value that is not a whole number, such as ``3.0`` or ``True``, a negative one,
    which has no end of bits, or one with a bit above 39)."""
    if mask.__class__ is not int and (isinstance(mask, bool) or not isinstance(mask, Integral)):
        raise CardError.of("card.bad_mask", mask=repr(mask))
    out = []
    m = int(mask)
    if m < 0 or m >> N_CARDS:
        raise CardError.of("card.bad_mask", mask=repr(mask))
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def popcount(mask: int) -> int:
    return int(mask).bit_count()


def mask_points(mask: int) -> int:
    return sum(RANK_POINTS[c % 10] for c in cards_of(mask))


def format_mask(mask: int) -> str:
    cs = cards_of(mask)
    return ",".join(card_str(c) for c in cs) if cs else "-"


def card_name(c: int, lang: str = "en") -> str:
    """Spoken name of a card: 'Ace of coins' / 'Asso di denari'; its id ``c`` refused as
    ``card_str`` refuses it (-1 was the Ace of swords, True the 4 of batons)."""
    c = _checked_id(c, "card_name: c")
    if lang == "it":
        return f"{RANK_NAMES_IT[c % 10]} di {SUIT_NAMES_IT[c // 10]}"
    return f"{RANK_NAMES_EN[c % 10]} of {SUIT_NAMES_EN[c // 10]}"


#: the suits of the French-suited deck many players in the North play Briscola with, as
#: SUITS orders them (bastoni = fiori, coppe = cuori, denari = quadri, spade = picche): a
#: typed card's name may use them; no letters of their own (C is coppe, H would be new)
FRENCH_SUIT_NAMES_EN = ("clubs", "hearts", "diamonds", "spades")
FRENCH_SUIT_NAMES_IT = ("fiori", "cuori", "quadri", "picche")
#: other words for a rank: the French-suited Italian decks' Queen (Donna) stands where the
#: Cavallo does, between the Jack and the King, and counts its 3 points
_OTHER_RANKS_EN = {"knave": "F", "queen": "C"}
_OTHER_RANKS_IT = {"donna": "C", "regina": "C"}
#: a typed name's words in each language: "of"/"di", the ranks (card_name's words, then
#: others for them) and the suits (card_name's, then the French-suited deck's)
_NAME_WORDS = {
    "en": ("of", RANK_NAMES_EN, _OTHER_RANKS_EN, SUIT_NAMES_EN + FRENCH_SUIT_NAMES_EN),
    "it": ("di", RANK_NAMES_IT, _OTHER_RANKS_IT, SUIT_NAMES_IT + FRENCH_SUIT_NAMES_IT),
}


def _rank_words(names: tuple[str, ...], others: dict[str, str]) -> dict[str, int]:
    """A rank's words, folded: its name, another word for it, the number the card shows (3
    for the Tre, and the notation's digits 1, 8, 9, 10)."""
    words = {n.casefold(): r for r, n in enumerate(names)}
    for word, letter in {"3": "3", **_NEAPOLITAN, **others}.items():
        words[word] = RANKS.index(letter)
    return words


#: every card's spoken name in both languages, folded ('asso di denari', 'ace of coins',
#: 'ace of diamonds', '3 di cuori'): a player may type a card's name instead of the notation
_BY_NAME = {
    f"{rank} {of} {suit}": card_id(s % 4, r)
    for of, ranks, others, suits in _NAME_WORDS.values()
    for rank, r in _rank_words(ranks, others).items()
    for s, suit in enumerate(suits)
}


def parse_typed_card(text: str) -> int:
    """The id of a card a player typed: the notation (``AD``, ``10b``) or its name in English
    or Italian, case and spacing aside: as ``card_name`` prints it ('Ace of coins', 'asso di
    denari'), its rank as a number too ('3 of cups'), its suit as the French-suited deck
    names it ('ace of diamonds', 'asso di quadri') and its Queen the Cavallo ('queen of
    hearts' is CC). Every prompt that takes a card reads it here (``play``, ``puzzles
    play``, the board's puzzle answers); anything else is a CardError naming what was typed
    and both ways to type a card."""
    if not isinstance(text, str):
        raise _not_text(text)
    folded = " ".join(text.casefold().split())
    c = _BY_NAME.get(folded)
    if c is not None:
        return c
    try:
        return parse_card_id(text)
    except CardError as e:
        if e.key in ("card.french_rank", "card.french_suit"):  # it names the letter to type
            raise
        raise CardError.of("card.unknown_typed", text=text.strip()) from None
