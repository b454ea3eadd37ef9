"""SeatPosition.sample: the hidden hand as an information set. Every open position it hands
out is one the seat cannot rule out, and it is the very draw the seat analysis makes."""
from __future__ import annotations

import random

from test_seat import _moments
from solver.analysis.sampling import sample_hands
from solver.cards import cards_of, mask_of, popcount
from solver.position import GamePosition, parse_position
from solver.record import seat_position_from_record

TEXTS = ["variant=classic hand1=AS,3S,RC hand2=? briscola=4S played=2B,4B,5B,6B turn=1",
         "variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? table=7B turn=1",
         "variant=libero hand1=AS,3S,RC,5D,2B hand2=? table=7B turn=1"]


def test_sample_is_an_open_position_the_seat_cannot_rule_out():
    for text in TEXTS:
        sp = parse_position(text)
        opp = sp.opponent
        for seed in range(20):
            gp = sp.sample(random.Random(seed))
            assert isinstance(gp, GamePosition) and not gp.clairvoyant
            assert gp.hands[sp.seat] == sp.hand and gp.table == sp.table
            assert gp.turn == sp.turn and gp.played == sp.played
            assert gp.legal_cards() == sp.legal_cards()
            assert popcount(gp.hands[opp]) == sp.hidden + popcount(sp.known)
            assert not gp.hands[opp] & ~(sp.pool | sp.known)
            assert gp.talon_size == sp.talon_size


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
            sp = seat_position_from_record(rec, n, st.turn + 1)
            if not sp.history.voids or n % 4:
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
