"""Conversions between positions, each written once. (A GameState's views live in
solver.game, the layer above, which knows the deal.)"""

from __future__ import annotations

from dataclasses import replace

from solver.position.open import Position


def classic_as_scoperta(pos: Position) -> Position:
    """An open classic position from the last draw on is a scoperta position: with every
    hand shown, the one covered card above the trump card is known by elimination."""
    top = -1
    if pos.talon_size == 2:
        top = (pos.talon_mask & ~(1 << pos.briscola)).bit_length() - 1
    return replace(pos, variant="scoperta", top=top, talon_order=None)


def seat_with_hand(sp, cards: int) -> Position:
    """The open Position of SeatPosition ``sp`` with the opponent holding ``cards`` (plus
    the cards the seat knows the opponent holds)."""
    hands = [0, 0]
    hands[sp.seat] = sp.own
    hands[sp.opponent] = cards | sp.known
    return Position(
        sp.variant, tuple(hands), sp.table, -1, sp.briscola, sp.played, sp.to_move, sp.score, None
    )
