"""One entry for the position notation of every game: an open position, or a seat's view
when a hand is written ``?``."""

from __future__ import annotations

from solver.cards import CardError
from solver.errors import ArgumentTypeError
from solver.position.notation import GAME_FIELDS, PositionError, hidden_hand, split_fields
from solver.position.open import Position, read_position
from solver.position.seat import SeatPosition, read_seat_position
from solver.rules import RulesError


def parse_position(text: str) -> Position | SeatPosition:
    """Parse docs/notation.md's position line of any variant; raise PositionError with a
    one-line reason (TypeError when ``text`` is not a str: bytes are decoded by the caller)."""
    if not isinstance(text, str):
        raise ArgumentTypeError.of("argument.parse", got=type(text).__name__)
    try:
        if not text or not text.strip():
            raise PositionError.of("position.empty")
        f = split_fields(text, GAME_FIELDS)
        if hidden_hand(f):
            return read_seat_position(f)
        return read_position(f)
    except (CardError, RulesError) as e:
        raise PositionError.like(e) from None
