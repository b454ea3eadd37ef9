"""Conversions between the position types, each written once. (A GameState's views live in
solver.game, the layer above, which knows the deal.)"""
from __future__ import annotations

from solver.position.general import GamePosition
from solver.position.scoperta import Position


def classic_as_scoperta(pos: GamePosition) -> Position:
    """An open classic position from the last draw on is a scoperta position: with every
    hand shown, the one covered card above the trump card is known by elimination."""
    top = -1
    if pos.talon_size == 2:
        top = (pos.talon_mask & ~(1 << pos.briscola)).bit_length() - 1
    table = pos.table[0] if pos.table else -1
    return Position(pos.hands[0], pos.hands[1], table, top, pos.briscola, pos.played, pos.to_move,
                    pos.score)


def scoperta_as_game(pos: Position) -> GamePosition:
    """The same scoperta position as a GamePosition of variant scoperta (for the general search)."""
    return GamePosition("scoperta", (pos.hand1, pos.hand2), (pos.table,) if pos.table >= 0 else (),
                        pos.top if pos.talon_size else -1, pos.briscola, pos.played, pos.to_move,
                        pos.score, pos.talon_order)


def seat_with_hand(sp, cards: int) -> GamePosition:
    """The open GamePosition of SeatPosition ``sp`` with the opponent holding ``cards`` (plus
    the cards the seat knows the opponent holds)."""
    hands = [0, 0]
    hands[sp.seat] = sp.hand
    hands[sp.opponent] = cards | sp.known
    return GamePosition(sp.variant, tuple(hands), sp.table, -1, sp.briscola, sp.played, sp.to_move,
                        sp.score, None)
