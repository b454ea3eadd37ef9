"""A third API audit (a bot writer and an analyst used to python-chess): a deal's outcome
that is None until the end (``result`` read 0, a draw, mid-deal), the positions along a
game or a record (``game.mainline()``'s boards: none was public), a match's winner counted
from 1, a Stop used again, an Engine that prints its settings."""

from __future__ import annotations

import dataclasses
import random

import pytest

import solver
from solver.analysis import driver
from solver.game import from_position, play_moves
from solver.position import SeatPosition

PLAYERS = {"scoperta4": 4}


def _agents(variant: str) -> list:
    return [solver.get_agent("random")] * PLAYERS.get(variant, 2)


def _finished(variant: str, seed: int = 3) -> solver.GameState:
    return solver.play_deal(variant, _agents(variant), seed=seed)


def _partway(variant: str, seed: int, moves: int) -> solver.GameState:
    g = solver.deal(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        g = g.play(rng.choice(g.legal_cards()))
    return g


# ---- 1. outcome(): None until the deal is over -------------------------------------------


@pytest.mark.parametrize("variant", list(solver.VARIANTS))
def test_an_outcome_is_none_until_the_deal_is_over(variant):
    """``result`` is 0 (a draw) at the first card; ``outcome()`` says the deal goes on."""
    g = _partway(variant, 1, 5)
    assert g.result == 0  # unchanged: meaningful once over
    states = [g, g.view(), g.view(2), g.view(clairvoyant=True), solver.parse(repr(g.view()))]
    assert all(s.outcome() is None for s in states)


@pytest.mark.parametrize("variant", list(solver.VARIANTS))
def test_a_finished_deal_says_who_won_from_every_state(variant):
    end = _finished(variant)
    a, b = end.side_points
    side = 1 if end.result > 0 else 2 if end.result < 0 else None
    want = solver.DealResult((a, b), side)
    seats = range(1, PLAYERS.get(variant, 2) + 1)
    for s in [end, end.view(clairvoyant=True), *(end.view(p) for p in seats)]:
        assert s.outcome() == want and s.outcome().winning_side == side
    assert repr(want) == f"<DealResult side {side} wins {a}-{b}>" and bool(want)


def test_a_seat_view_played_to_its_end_knows_the_points_it_saw():
    g = _partway("classic", 4, 34)  # the talon is out: the last three tricks draw nothing
    view = g.view(1)
    assert isinstance(view, SeatPosition) and view.outcome() is None
    rng = random.Random(0)
    while not g.is_over:
        card = rng.choice(g.legal_cards())
        g, view = g.play(card), view.play(card)
    assert view.outcome() == g.outcome() is not None


def test_a_draw_and_an_unknown_score():
    drawn = solver.parse("hand1=2C hand2=4C briscola=5D turn=1 score=60-60")
    end = drawn.play("2C").play("4C")
    assert end.outcome() == ((60, 60), None) and end.outcome().is_draw
    assert repr(end.outcome()) == "<DealResult drawn 60-60>"
    unknown = solver.parse("hand1=2C hand2=4C briscola=5D turn=1").play("2C").play("4C")
    assert unknown.outcome() == (None, None) and not unknown.outcome().is_draw
    assert bool(unknown.outcome())  # over: true, as every DealResult is
    game = from_position(solver.parse("hand1=2C hand2=4C briscola=5D turn=1"))
    assert game.play("2C").play("4C").outcome() == (None, None)


# ---- 2. the positions along a game and a record -----------------------------------------


@pytest.mark.parametrize("variant", list(solver.VARIANTS))
@pytest.mark.parametrize("moves", [0, 7, 40])
def test_a_game_knows_its_start(variant, moves):
    g = _partway(variant, 2, moves)
    assert g.start == solver.deal(variant, seed=2)
    assert play_moves(g.start, g.moves) == g


@pytest.mark.parametrize("variant", list(solver.VARIANTS))
def test_a_game_from_a_position_knows_its_start(variant):
    """Begun mid-trick (the table's cards were played before it) and without a score."""
    mid = _partway(variant, 5, 9).view(clairvoyant=True)
    for pos in (mid, dataclasses.replace(mid, score=None)):
        begun = from_position(pos, mid.talon_order)
        g = begun
        rng = random.Random(1)
        for _ in range(11):
            g = g.play(rng.choice(g.legal_cards()))
        assert g.start == begun and play_moves(g.start, g.moves) == g


@pytest.mark.parametrize("variant", list(solver.VARIANTS))
def test_a_games_positions_are_each_movers_view(variant):
    end = _finished(variant, 6)
    steps = end.positions()
    assert [s.move for s in steps] == list(end.moves)
    assert [s.number for s in steps] == list(range(1, len(end.moves) + 1))
    state = end.start
    for step in steps:
        assert step.position == state.view() and step.move in step.position.legal_cards()
        state = state.play(step.move)
    hidden = not solver.VARIANTS[variant].open_hands
    assert all(isinstance(s.position, SeatPosition) == hidden for s in steps)


def test_a_players_positions_never_show_the_other_hand():
    end = _finished("briscolone", 7)
    mine = end.positions(player=2)
    assert len(mine) == 20 and all(s.position.turn == 2 for s in mine)
    for s in mine:
        assert s.position.player == 2 and s.position.hidden_hand
        with pytest.raises(solver.PositionError):
            s.position.hand(1)
    seen = [s.position for s in end.positions(clairvoyant=True)]
    assert not any(p.hidden_hand for p in seen)
    assert all(p.talon_order is not None for p in seen if p.talon_size)


def test_a_records_positions_are_public():
    end = _finished("classic", 8)
    rec = solver.deal_record(end, seed=8)
    assert "record_positions" in solver.__all__ and "Step" in solver.__all__
    steps = solver.record_positions(rec)
    assert steps == end.positions()
    assert solver.record_positions(rec, player=1) == end.positions(player=1)
    for pos, move, n in steps[:3]:
        assert str(move) == rec["moves"][n - 1] and not pos.is_over


def test_a_match_records_positions_name_the_deal():
    m = solver.play_match("classic", _agents("classic"), seed=1)
    rec = solver.match_record(m)
    assert solver.record_positions(rec, deal=2) == m.deals[1].positions()
    with pytest.raises(solver.RecordError, match=r"holds \d deals: say which with deal="):
        solver.record_positions(rec)
    with pytest.raises(solver.RecordError, match="deal 9 is out of range"):
        solver.record_positions(rec, deal=9)
    with pytest.raises(solver.RecordError, match="deal must be a whole number"):
        solver.record_positions(rec, deal="2")


# ---- 3. a match's side from 1, a Stop used again, an Engine's repr -----------------------


def test_a_matchs_winning_side_counts_from_one():
    """``winner`` is 0 when side 1 won: ``if match.winner:`` was false for a win."""
    for seed in range(1, 12):
        m = solver.play_match("classic", _agents("classic"), seed=seed)
        assert m.winning_side == m.winner + 1 and m.winning_side
        assert solver.match_record(m)["result"]["winner"] == m.winning_side
        assert f"winner=side {m.winning_side}>" in repr(m)
    going = solver.play_match("classic", _agents("classic"), seed=1)
    assert going.__class__(going.variant, going.target).winning_side is None


def test_a_stop_can_be_cleared_and_used_again():
    stop = solver.Stop()
    pos = solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    stop.set()
    with pytest.raises(solver.Stopped):
        solver.analyse(pos, stop=stop)
    stop.clear()
    assert not stop.is_set() and repr(stop) == "<Stop not set>"
    assert solver.analyse(pos, stop=stop).exact


def test_an_engine_says_its_settings_in_one_line(monkeypatch):
    monkeypatch.delenv("BRISCOLA_TT_MB", raising=False)
    with solver.Engine(tt_mb=64, threads=1) as engine:
        assert repr(engine) == "<Engine threads=1 tt_mb=64 progress=context>"
    with solver.Engine(threads=2, progress=print) as engine:
        assert repr(engine) == (
            f"<Engine threads=2 tt_mb=default ({driver.DEFAULT_TT_MB}, more from talon "
            f"{driver.BIG_TALON}) progress=own>"
        )
