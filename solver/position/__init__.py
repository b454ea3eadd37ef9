"""Game states and their notation: the scoperta Position, the GamePosition of every other
variant, the SeatPosition with a hidden hand, one parser for all of them."""
from solver.position.general import GamePosition
from solver.position.notation import PositionError
from solver.position.parse import parse_game_position, parse_position
from solver.position.scoperta import Position
from solver.position.seat import SeatPosition

__all__ = ["GamePosition", "Position", "PositionError", "SeatPosition", "parse_game_position",
           "parse_position"]
