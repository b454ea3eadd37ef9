"""One entry for the position notation of every game: it reads the variant and hands the
line to the parser of the type that holds it (Position, GamePosition or SeatPosition)."""
from __future__ import annotations

from solver.cards import CardError
from solver.position.general import GamePosition, read_game_position
from solver.position.notation import GAME_FIELDS, PositionError, split_fields
from solver.position.scoperta import Position, parse_scoperta
from solver.position.seat import SeatPosition, read_seat_position
from solver.rules import RulesError, get_variant


def parse_position(text: str) -> Position | GamePosition | SeatPosition:
    """Parse NOTATION.md's position line of any variant; raise PositionError with a
    one-line reason."""
    try:
        if _other_variant(text):
            return _read_game(text)
        if "=?" in (text or "").replace(" ", ""):
            raise PositionError("a hidden hand (?) exists only in classic, briscolone and libero: "
                                "in scoperta every card is shown")
        return parse_scoperta(text)
    except (CardError, RulesError) as e:
        raise PositionError(str(e)) from None


def parse_game_position(text: str) -> GamePosition | SeatPosition:
    """Parse a position of a non-scoperta variant; PositionError with a one-line reason."""
    try:
        return _read_game(text)
    except (CardError, RulesError) as e:
        raise PositionError(str(e)) from None


def _read_game(text: str) -> GamePosition | SeatPosition:
    if not text or not text.strip():
        raise PositionError("empty position")
    f = split_fields(text, GAME_FIELDS)
    if any(f.get(k, "").strip() == "?" for k in GAME_FIELDS if k.startswith("hand")):
        return read_seat_position(f)
    return read_game_position(f)


def _other_variant(text: str) -> bool:
    """Whether the line names a variant other than scoperta."""
    for tok in (text or "").split():
        k, _, v = tok.partition("=")
        if k.strip().lower() == "variant":
            return get_variant(v).name != "scoperta"
    return False
