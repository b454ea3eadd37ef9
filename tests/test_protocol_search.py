"""A search written only against the State protocol (tests/protocol_reference.py) gives the
engine's exact values on every type that can be searched exactly: 2-player scoperta
Positions, GamePositions of every other game, a dealt game.GameState near its end, and a
SeatPosition whose hidden hand is known by elimination."""
from __future__ import annotations

import random

import pytest

import open_games_reference as R
from protocol_reference import move_values
from test_seat import _forced_text
from solver import analyse
from solver.game import deal
from solver.position import parse_position
from solver.random_positions import random_position

#: (variant, talon, cards on the table, hand size when the talon is empty)
GAMES = [("classic", 0, 0, 3), ("classic", 0, 1, 2), ("classic", 2, 1, None),
         ("briscolone", 0, 1, 3), ("briscolone", 2, 0, None),
         ("libero", 0, 0, 3), ("libero", 2, 1, None),
         ("scoperta4", 0, 2, 2), ("scoperta4", 4, 3, None)]


def _engine_values(pos, objective):
    a = analyse(pos, objective)
    assert a.exact, pos.to_text()
    return {m.card: m.value_exact for m in a.moves}


def _agree(pos, objectives=("points", "win")):
    for objective in objectives:
        assert move_values(pos, objective) == _engine_values(pos, objective), \
            (pos.to_text(), objective)


@pytest.mark.parametrize("talon", [0, 2, 4])
def test_scoperta_positions(talon):
    rng = random.Random(100 + talon)
    for k in range(4):
        pos = random_position(rng, talon, mid_trick=bool(k % 2), clairvoyant=k >= 2,
                              with_score=True)
        _agree(pos)


@pytest.mark.parametrize("variant,talon,table,hand", GAMES)
def test_game_positions(variant, talon, table, hand):
    rng = random.Random(f"{variant}/{talon}/{table}")
    for k in range(2):
        pos = R.random_position(variant, talon, table, rng, hand=hand, with_score=True,
                                clairvoyant=k == 1)
        _agree(pos)


@pytest.mark.parametrize("variant", ["scoperta", "classic", "briscolone", "libero", "scoperta4"])
def test_dealt_game_state(variant):
    """A dealt game knows its talon: the protocol search of the GameState itself gives the
    engine's values of the clairvoyant position it shows."""
    rng = random.Random(variant)
    st = deal(variant, 7)
    left = 3 * st.players
    while sum(len(st.hand_cards(s)) for s in range(st.players)) + st.talon_size > left:
        st = st.play(rng.choice(st.legal_cards()))
    assert not st.is_over and st.score is not None
    _agree_state = move_values(st, "points")
    assert _agree_state == _engine_values(st.view(clairvoyant=True), "points")
    assert move_values(st, "win") == _engine_values(st.view(clairvoyant=True), "win")


@pytest.mark.parametrize("variant,hand,table", [("briscolone", 3, 0), ("briscolone", 3, 1),
                                                ("classic", 3, 1), ("libero", 2, 0)])
def test_forced_seat_positions(variant, hand, table):
    """A seat position whose hidden hand is known by elimination (talon empty) is searched
    exactly through the protocol: the opponent's legal cards are then their very hand."""
    for seed in range(3):
        _, hidden = _forced_text(variant, seed, hand, table)
        sp = parse_position(hidden)
        assert sp.forced
        _agree(sp, ("points",))
