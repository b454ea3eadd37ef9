"""SeatPosition.sample: the hidden hand as an information set. Every open position it hands
out is one the seat cannot rule out, and it is the very draw the seat analysis makes."""
from __future__ import annotations

import random

import pytest

from test_seat import _moments
from solver.analysis.sampling import sample_hands
from solver.cards import FULL_DECK, card_str, cards_of, format_mask, mask_of, parse_cards, popcount
from solver.game import deal, to_seat_position
from solver.position import Position, PositionError, parse_position
from solver.record import seat_position_from_record

TEXTS = ["variant=classic hand1=AS,3S,RC hand2=? briscola=4S played=2B,4B,5B,6B turn=1",
         "variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? table=7B turn=1",
         "variant=libero hand1=AS,3S,RC,5D,2B hand2=? table=7B turn=1"]


def test_sample_is_an_open_position_the_seat_cannot_rule_out():
    for text in TEXTS:
        sp = parse_position(text)
        opp = sp.opponent
        for seed in range(20):
            open_pos = sp.sample(random.Random(seed))
            assert isinstance(open_pos, Position) and not open_pos.clairvoyant
            assert open_pos.hands[sp.seat] == sp.own and open_pos.table == sp.table
            assert open_pos.to_move == sp.to_move and open_pos.played == sp.played
            assert open_pos.legal_cards() == sp.legal_cards()
            assert popcount(open_pos.hands[opp]) == sp.hidden + popcount(sp.known)
            assert not open_pos.hands[opp] & ~(sp.pool | sp.known)
            assert open_pos.talon_size == sp.talon_size


def test_sample_is_the_analysis_draw():
    """The seat analysis draws its hands through the same code: same seed, same hand."""
    for text in TEXTS:
        sp = parse_position(text)
        for seed in range(5):
            want = sample_hands(sp, 1, seed=seed)[0]
            assert sp.sample(random.Random(seed)).hands[sp.opponent] == want


def test_samples_respect_a_records_shown_voids():
    """From a record the opponent's sampled hand fits the history (a suit not followed is
    only held if drawn later) and the true hand is among those it can give."""
    checked = 0
    for seed in range(3):
        for rec, n, st in _moments("briscolone", seed):
            sp = seat_position_from_record(rec, n, st.to_move + 1)
            if sp.history is None or not sp.history.voids or n % 4:
                continue
            for s in range(5):
                hand = sp.sample(random.Random(s)).hands[sp.opponent] & ~sp.known
                assert sp.history.fits(cards_of(hand) + cards_of(sp.known))
                checked += 1
    assert checked >= 20


def test_sample_is_uniform_over_few_hands():
    sp = parse_position("variant=classic hand1=AS,3S,RC hand2=? briscola=4S played="
                        + ",".join(c for c in "2B,4B,5B,6B,7B,FB,CB,RB,3B,AB,2C,4C,5C,6C,7C,FC,CC,"
                                   "3C,AC,2D,4D,5D,6D,7D,RD,3D,AD,FS,CS,RS".split(",")) + " turn=1")
    rng = random.Random(0)
    seen = {sp.sample(rng).hands[sp.opponent] for _ in range(400)}
    assert len(seen) == 20   # C(6, 3) hands from the 6 unseen cards (trump card aside)
    assert all(h & ~mask_of(cards_of(sp.pool)) == 0 for h in seen)


def _replay(variant: str, seed: int, seat: int):
    """(seat position now, card played, seat position after) along a random deal, the
    positions built from the game (solver.game.to_seat_position, history included)."""
    rng = random.Random(seed)
    st = deal(variant, seed)
    while True:
        card = rng.choice(st.legal_cards())
        nxt = st.play(card)
        if nxt.is_over:
            return
        yield to_seat_position(st, seat), card, to_seat_position(nxt, seat)
        st = nxt


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_both_players_moves_follow_the_game(variant):
    """Playing either player's card on the seat's view gives the view the game gives next,
    history included (an opponent's card off the led suit is a void in Briscolone), and
    the opponent's card is always one of the view's legal cards."""
    voids = opp_moves = 0
    for seed in range(6):
        for seat in (0, 1):
            for sp, card, want in _replay(variant, seed, seat):
                assert card in sp.legal_cards()
                opp_moves += sp.to_move != sp.seat
                outs = sp.outcomes(card)
                drawn = want.own & ~sp.own
                draws = (cards_of(drawn)[0],) if outs else None
                if outs:
                    assert draws in {d for d, _ in outs}
                got = sp.play(card, draws)
                assert got == want, (sp.to_text(), card_str(card))
                n_voids = [len(x.history.voids) if x.history else 0 for x in (sp, got)]
                voids += n_voids[1] > n_voids[0]
    assert opp_moves > 100
    assert (voids > 0) == (variant == "briscolone")


def test_opponents_legal_cards_are_what_the_seat_cannot_rule_out():
    sp = parse_position("variant=classic hand1=AS,3S hand2=? briscola=4S played=2B,5B "
                        "table=7B turn=2")
    assert sp.to_move == sp.opponent and sp.hidden == 3
    assert sp.legal_cards() == cards_of(sp.pool)
    card = sp.legal_cards()[0]
    outs = sp.outcomes(card)
    assert len(outs) == popcount(sp.pool) - 1   # the seat draws a card it has not seen
    after = sp.play(card, outs[0][0])
    assert after.table == () and after.hidden == 3 and popcount(after.own) == 3
    assert after.talon_size == sp.talon_size - 2
    assert sp.play(card_str(card), (card_str(outs[0][0][0]),)) == after   # cards as text
    # talon empty, the opponent's hand forced: Briscolone's follow rule applies to it
    last = parse_position("variant=briscolone hand1=AS,3S hand2=? table=4C played="
                          + format_mask(FULL_DECK & ~mask_of(parse_cards("AS,3S,4C,5C,6C,2D")))
                          + " turn=2")
    assert last.forced and last.hidden == 3
    assert last.legal_cards() == parse_cards("5C,6C")
    with pytest.raises(PositionError, match="illegal move"):
        last.play("2D")


def test_protocol_playouts_from_either_turn_reach_the_end():
    rng = random.Random(3)
    for text in TEXTS:
        state = parse_position(text)
        while not state.is_over:
            card = rng.choice(state.legal_cards())
            outs = state.outcomes(card)
            state = state.play(card, rng.choice(outs)[0] if outs else None)
        assert state.hidden == 0 and not state.known and state.points_in_play == 0
