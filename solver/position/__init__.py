"""Game states and their notation: the open Position of every variant, the SeatPosition with
a hidden hand, one parser for both."""

from solver.position.notation import IllegalMoveError, PositionError
from solver.position.open import Position
from solver.position.parse import parse_position
from solver.position.seat import SeatPosition

__all__ = ["IllegalMoveError", "Position", "PositionError", "SeatPosition", "parse_position"]
