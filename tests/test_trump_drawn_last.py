"""The trump card is drawn last (docs/rules.md): the generators and the bundled puzzles
never put it where play could not have, though a composed position may (it is valued as
given, docs/notation.md)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import solver
from solver.puzzles import _random_game_position
from solver.random_positions import random_position

DATA = Path(__file__).resolve().parents[1] / "solver" / "data"


def trump_where_play_puts_it(p) -> bool:
    """While the talon holds cards the trump card is under it (no hand, table or trick);
    in the first trick after the last draw (every seat holds 3 cards but for the ones that
    played to this trick, one each) the seat before the leader drew it and still holds it."""
    if p.briscola < 0:
        return True
    bit = 1 << p.briscola
    if p.talon_size:
        return not (bit & (p.played | sum(p.hands))) and p.briscola not in p.table
    n = len(p.hands)
    if sum(h.bit_count() for h in p.hands) + len(p.table) != 3 * n:
        return True
    drew_last = (p.to_move - len(p.table) - 1) % n
    return bool(p.hands[drew_last] & bit)


def test_the_rule_check_tells_a_drawn_trump_from_a_played_one():
    assert trump_where_play_puts_it(solver.parse("hand1=3B,CD hand2=4B,4C,2B table=AC "
                                                 "briscola=2B turn=2"))
    assert not trump_where_play_puts_it(solver.parse("hand1=3B,CD,RS hand2=4B,4C table=AC "
                                                     "briscola=2B turn=1"))
    assert not trump_where_play_puts_it(solver.parse("hand1=3B,CD,2B hand2=4B,4C,RS "
                                                     "briscola=2B turn=1"))
    assert trump_where_play_puts_it(solver.parse("hand1=3B,CD hand2=4B,4C briscola=2B turn=1"))


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.jsonl")))
def test_every_bundled_puzzle_has_its_trump_card_where_play_puts_it(name):
    rows = [json.loads(s) for s in (DATA / name).read_text().splitlines() if s.strip()]
    bad = [r["id"] for r in rows if not trump_where_play_puts_it(solver.parse(r["position"]))]
    assert rows and not bad


def test_random_positions_have_their_trump_card_where_play_puts_it():
    rng = random.Random(2024)
    full = 0
    for i in range(600):
        p = random_position(rng, rng.choice([0, 0, 0, 2, 8]), mid_trick=i % 2 == 1,
                            with_score=i % 3 == 0, clairvoyant=i % 5 == 0)
        assert trump_where_play_puts_it(p), p.to_text()
        full += not p.talon_size and len(p.table) + sum(h.bit_count() for h in p.hands) == 6
    assert full > 50


def test_puzzle_game_positions_have_their_trump_card_where_play_puts_it():
    rng = random.Random(2025)
    for i in range(400):
        game = ("scoperta4", "scoperta4", "briscolone", "libero")[i % 4]
        talon = 4 * (game == "scoperta4" and i % 8 == 1)
        p = _random_game_position(rng, game, i % 3 == 1, i % 2 == 0, talon)
        assert trump_where_play_puts_it(p), p.to_text()
