"""The one protocol every game state satisfies (Position, Position, SeatPosition and
solver.game.GameState), so an algorithm can walk moves and chance the same way for all.

Chance is given as outcomes of a move (OpenSpiel's chance outcomes as actions): when a card
ends a trick whose draw is not known, ``outcomes(card)`` lists every draw that may follow
with its probability, in the form ``play(card, draws)`` accepts.

Seats alternate sides (``to_move % 2`` is the side to move: the seat itself with 2 players,
partners sit opposite with 4), and the player who takes a trick leads the next, so the
points a move took are ``points_in_play`` before less after, won by the side of the new
``turn``. A search needs nothing else (tests/protocol_reference.py is one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import permutations
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from solver.cards import CARDS, Card, CardLike, CardSet
from solver.errors import ArgumentTypeError
from solver.position.board import render
from solver.position.notation import PositionError
from solver.rules import deal_result

Outcome = tuple[tuple[int, ...], Fraction]


@runtime_checkable
class State(Protocol):
    """A moment of a deal: who plays, what may be played, and what follows."""

    @property
    def to_move(self) -> int:
        """The seat to play, 0-based (an index into the hands)."""
        ...

    @property
    def turn(self) -> int:
        """The player to play, 1-based as in the notation (``turn=1``)."""
        ...

    @property
    def variant_name(self) -> str:
        """The game's name in ``VARIANTS`` (``"scoperta"``, ``"classic"``, ...)."""
        ...

    @property
    def players(self) -> int:
        """How many play: 2, or 4 (``scoperta4``)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether every card has been played (no card left to value or play)."""
        ...

    @property
    def talon_size(self) -> int:
        """How many cards the talon holds, the trump card at its bottom included."""
        ...

    @property
    def clairvoyant(self) -> bool:
        """Whether the talon's whole order is known (``talon=``): nothing is left to chance."""
        ...

    @property
    def hidden_hand(self) -> bool:
        """True for a seat's view with the opponent's hand hidden (``?``): an information
        set, which has no single value, is analysed by sampling the hands it allows, and
        cannot be drawn or explained card by card."""
        ...

    @property
    def points_in_play(self) -> int:
        """Points not yet taken in a trick (in hands, on the table, in the talon)."""
        ...

    @property
    def score(self) -> tuple[int, int] | None:
        """Points taken per side (seats 1+3, seats 2+4), or None when not known."""
        ...

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play now (Cards, in the notation's order)."""
        ...

    def play(self, card: CardLike, draws: Iterable[CardLike] | str | None = None) -> State:
        """The state after the player to move plays ``card`` (a Card, its id or its text,
        "FD"). ``draws``: the draw that follows when the card ends a trick whose draw is left
        to chance, one of ``outcomes(card)`` as it lists it (a tuple of Cards) or the same
        cards as ids or text (a sequence, or one text, "AB,2B"); None where no draw is
        needed (the talon's order is known, or the rules leave one draw)."""
        ...

    def outcomes(self, card: CardLike) -> list[Outcome]:
        """[] when ``play(card)`` needs no draws; else every draw with its probability.
        ``card`` as ``play`` takes it."""
        ...

    def to_text(self) -> str:
        """The notation of this moment (what ``solver.parse`` reads back)."""
        ...


def equally_likely(
    unseen: list[int], picked: int, shape: Callable[[tuple[int, ...]], tuple[int, ...]] = tuple
) -> list[Outcome]:
    """Every ordered pick of ``picked`` cards from ``unseen``, all equally likely (the talon
    is shuffled), each written as draws (Cards) by ``shape(pick)``."""
    picks = list(permutations(unseen, picked))
    p = Fraction(1, len(picks))
    return [(tuple(CARDS[c] for c in shape(pick)), p) for pick in picks]


class DealResult(NamedTuple):
    """How a deal ended (``outcome()``, as python-chess's ``board.outcome()``): the points
    per side (players 1+3, players 2+4) and the side that won, 1 or 2 (61 points or more),
    sides numbered from 1 as records and printed text number them; None for a 60-60 draw.
    Both None where the deal's score was never known (a position without ``score=``, a
    game continued from one). A tuple of two: always true, so ``if state.outcome():``
    asks whether the deal is over."""

    points: tuple[int, int] | None
    winning_side: int | None

    @property
    def is_draw(self) -> bool:
        """Whether the deal ended 60-60."""
        return self.points == (60, 60)

    def __repr__(self) -> str:
        if self.points is None:
            return "<DealResult over, score unknown>"
        a, b = self.points
        if self.winning_side is None:
            return f"<DealResult drawn {a}-{b}>"
        return f"<DealResult side {self.winning_side} wins {a}-{b}>"


class Turn:
    """``turn`` for a type that stores ``to_move``: players are 1-based in the API as in
    the notation, seats 0-based where they index the hands."""

    if TYPE_CHECKING:  # what the types using these mixins give them (fields or properties)

        @property
        def to_move(self) -> int: ...

        @property
        def table(self) -> tuple[int, ...]: ...

        @property
        def top(self) -> int: ...

        @property
        def briscola(self) -> int: ...

        @property
        def played(self) -> int: ...

        @property
        def talon_order(self) -> tuple[int, ...] | None: ...

        @property
        def players(self) -> int: ...

        @property
        def is_over(self) -> bool: ...

        @property
        def score(self) -> tuple[int, int] | None: ...

        def _hand_mask(self, seat: int) -> int: ...

        def _unseen_mask(self) -> int: ...

        def to_text(self) -> str: ...

    @property
    def turn(self) -> int:
        """The player to play, 1-based as in the notation (``turn=1``); ``to_move`` is the
        same seat from 0."""
        return self.to_move + 1

    def outcome(self) -> DealResult | None:
        """None while the deal goes on (cards are left to play), else how it ended: a
        DealResult, its points per side and winning side (as python-chess's
        ``board.outcome()``). Every state type has it, a seat's view too (every card is
        seen by the end). Not part of the State protocol, which is what a search needs."""
        if not self.is_over:
            return None
        score = self.score
        if score is None:
            return DealResult(None, None)
        a, b = score
        won = deal_result(a, b)
        return DealResult((a, b), None if won == 0 else 1 if won > 0 else 2)


class Seats(Turn):
    """A state's cards as a program reads them: ``hand(player)``, the player numbered from
    1 as ``turn`` is, gives a CardSet; ``table_cards`` and ``trump_card`` Cards. The masks,
    ids and 0-based seats beside them (``hands``, ``table``, ``briscola``, ``to_move``) are
    the engine's own; each type gives ``_hand_mask(seat)``."""

    def hand(self, player: int) -> CardSet:
        """The cards in ``player``'s hand (1-based, as ``turn``); PositionError for a
        player the game does not have (or, in a seat's view, whose hand is hidden)."""
        return CardSet.of(self._hand_mask(self.seat_of(player)))

    def held(self, player: int) -> int:
        """How many cards ``player`` holds (known to everyone, a hidden hand's too)."""
        return self._held(self.seat_of(player))

    def _held(self, seat: int) -> int:
        return self._hand_mask(seat).bit_count()

    @property
    def table_cards(self) -> tuple[Card, ...]:
        """``table=``: the trick's cards in play order."""
        return tuple(CARDS[c] for c in self.table)

    @property
    def trump_card(self) -> Card | None:
        """``briscola=``: the trump card, None in the games without trump."""
        return CARDS[self.briscola] if self.briscola >= 0 else None

    def seat_of(self, player: object) -> int:
        """The 0-based seat of ``player`` (1-based); a one-line error for any other value."""
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 1 <= player <= self.players
        ):
            raise PositionError.of("player.range", players=self.players, player=repr(player))
        return player - 1


def render_position(pos: object, lang: str = "en", color: bool = False) -> str:
    """``solver.render``: the drawing of a Position or a SeatPosition (board.render); ``pos``
    of another type (its text: read it with ``solver.parse`` first; a game's state: draw its
    ``view()``) is a TypeError naming it, as ``explain_position`` refuses it. Here, not in
    board.py, which this module imports."""
    if not isinstance(pos, Printed):
        raise ArgumentTypeError.of("argument.render", got=type(pos).__name__)
    return render(pos, lang, color)


class Printed(Seats):
    """How a position prints: ``repr`` is its notation (``solver.parse(repr(pos)) == pos``),
    ``str`` its text board, ``to_json`` an object holding the notation (each type reads it
    back with ``from_json``; a seat's view carries the tricks it saw, ``tricks=``)."""

    def __repr__(self) -> str:
        return self.to_text()

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> dict:
        """``{"position": NOTATION}``: the type's ``from_json`` reads it back."""
        return {"position": self.to_text()}

    # ----- the cards of the notation's fields, as the public API hands them out ----------
    @property
    def top_card(self) -> Card | None:
        """``top=``: the talon's visible top card (the scoperta games), else None."""
        return CARDS[self.top] if self.top >= 0 else None

    @property
    def played_cards(self) -> CardSet:
        """``played=``: the cards out of play."""
        return CardSet.of(self.played)

    @property
    def unseen_cards(self) -> CardSet:
        """The cards whose place the position does not show (``unseen=``; with a hidden
        hand, that hand's unknown cards and the covered talon)."""
        return CardSet.of(self._unseen_mask())


class TalonFacts:
    """What an open position's talon says, for the types that know every hand (Position):
    they give ``talon_mask``, ``top``, ``briscola`` and ``talon_order``."""

    if TYPE_CHECKING:

        @property
        def talon_mask(self) -> int: ...

        @property
        def top(self) -> int: ...

        @property
        def briscola(self) -> int: ...

        @property
        def talon_order(self) -> tuple[int, ...] | None: ...

    @property
    def talon_size(self) -> int:
        """How many cards the talon holds, the trump card at its bottom included."""
        return self.talon_mask.bit_count()

    @property
    def unseen(self) -> int:
        """Talon cards whose place is unknown (not the visible top, not the trump card)."""
        t = self.talon_mask
        if self.top >= 0:
            t &= ~(1 << self.top)
        if self.briscola >= 0:
            t &= ~(1 << self.briscola)
        return t

    @property
    def clairvoyant(self) -> bool:
        """Whether the talon's whole order is known (``talon=``): nothing is left to chance."""
        return self.talon_order is not None

    @property
    def draws_unknown(self) -> bool:
        """Whether some later draw is left to chance (two or more cards of unknown place)."""
        return not self.clairvoyant and self.unseen.bit_count() >= 2
