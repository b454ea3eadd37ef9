"""The trick, draw and scoring rules as the seeds state them (docs/rules.md), including the
points other programs get wrong."""
import itertools

import pytest

from solver.cards import parse_card, parse_cards, POINTS, mask_of
from solver.game import deal, deal_from_deck, from_position, legal_cards, move_error, play
from solver.position import parse_position
from solver.rules import (BRISCOLONE, CLASSIC, LIBERO, SCOPERTA, SCOPERTA4, RulesError,
                          deal_result, trick_winner)
from solver.rules import legal_cards as rule_legal

C = parse_card
STRENGTH = ["A", "3", "R", "C", "F", "7", "6", "5", "4", "2"]  # strongest first (docs/rules.md)
SUITS = "BCDS"


def winner(cards: str, trump: str | None) -> int:
    return trick_winner(parse_cards(cards), -1 if trump is None else SUITS.index(trump))


def test_points_of_each_rank_and_total():
    want = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}
    for r, p in want.items():
        for s in SUITS:
            assert POINTS[C(r + s)] == p
    assert int(POINTS.sum()) == 120


@pytest.mark.parametrize("trump", [None, "B", "S"])
def test_same_suit_the_stronger_wins_in_either_order(trump):
    for s in "CD":
        for hi, lo in itertools.combinations(STRENGTH, 2):
            assert winner(f"{hi}{s},{lo}{s}", trump) == 0
            assert winner(f"{lo}{s},{hi}{s}", trump) == 1


def test_zero_point_cards_of_one_suit_still_rank():
    assert winner("2C,7C", "D") == 1
    assert winner("7C,2C", "D") == 0
    assert winner("2C,4C", "D") == 1
    assert winner("2C,4C", None) == 1
    assert winner("4C,2C", None) == 0


def test_low_trump_beats_an_ace_of_another_suit():
    assert winner("AD,2S", "S") == 1
    assert winner("2S,AD", "S") == 0
    assert winner("3C,4B", "B") == 1


def test_off_suit_non_trump_never_wins():
    for trump in range(4):
        for led, foll in itertools.permutations(range(40), 2):
            if led // 10 != foll // 10 and foll // 10 != trump:
                assert trick_winner([led, foll], trump) == 0
    for led, foll in itertools.permutations(range(40), 2):
        if led // 10 != foll // 10:
            assert trick_winner([led, foll], -1) == 0


def test_four_player_trick_highest_trump_else_strongest_of_led_suit():
    assert winner("2C,AC,3D,RC", "S") == 1            # no trump: the Asso of the led suit
    assert winner("2C,AD,3C,AB", "S") == 2            # other suits cannot win
    assert winner("AC,2S,4S,3C", "S") == 2            # the highest trump, not the first
    assert winner("AS,3S,2C,RS", "S") == 0            # trump led: the strongest trump
    assert winner("7D,2B,AD,4B", "B") == 3            # two trumps played: the 4 beats the 2


def test_four_player_play_and_draw_go_counter_clockwise_from_the_winner():
    # dealer seat 3 (player 4): seat 0 leads; deck: 12 hand cards round from seat 0
    hands = ["2C", "AC", "3D", "RC",   # first card of seats 0,1,2,3
             "4C", "5D", "6D", "7D",
             "5C", "6C", "7C", "FC"]
    trump = ["4S"]
    rest = [c for c in (f"{r}{s}" for s in SUITS for r in STRENGTH) if c not in hands + trump]
    deck = parse_cards(",".join(hands + trump + rest))
    st = deal_from_deck(SCOPERTA4, deck, 3)
    assert st.to_move == 0 and len(st.talon) == 28 and st.talon[-1] == C("4S")
    for card in ("2C", "AC", "3D", "RC"):
        st = play(st, C(card))
    assert st.tricks[-1].winner == 1 and st.to_move == 1 and st.points[1] == 25
    drawn = parse_cards(",".join(rest[:4]))
    assert st.tricks[-1].draws == tuple(drawn)
    for i, c in enumerate(drawn):
        assert (st.hands[(1 + i) % 4] >> c) & 1
    # next trick: seat 1 leads, then 2, 3, 0
    order = []
    for _ in range(4):
        order.append(st.to_move)
        st = play(st, legal_cards(st)[0])
    assert order == [1, 2, 3, 0]


def test_trump_card_goes_to_the_loser_of_the_trick_with_two_talon_cards_left():
    pos = parse_position("hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S turn=1")
    st = from_position(pos)
    st = play(play(st, C("AD")), C("2D"))                 # player 1 takes
    assert (st.hands[0] >> C("CB")) & 1 and (st.hands[1] >> C("4S")) & 1
    assert not st.talon
    st = from_position(pos)
    st = play(play(st, C("AD")), C("7S"))                 # player 2 trumps and takes
    assert (st.hands[1] >> C("CB")) & 1 and (st.hands[0] >> C("4S")) & 1
    assert st.to_move == 1


def test_the_trump_card_is_drawn_last_in_a_dealt_game():
    st = deal(CLASSIC, 11)
    trump_card = st.briscola
    assert st.talon[-1] == trump_card and len(st.talon) == 34
    while st.talon:
        before = st.talon
        st = play(st, legal_cards(st)[-1])
        st = play(st, legal_cards(st)[-1])
        if len(before) == 2:
            loser = 1 - st.tricks[-1].winner
            assert (st.hands[loser] >> trump_card) & 1


def test_sixty_sixty_is_a_draw_and_61_wins():
    assert deal_result(60, 60) == 0
    assert deal_result(61, 59) == 1
    assert deal_result(59, 61) == -1
    assert deal_result(120, 0) == 1


def test_briscolone_must_follow_suit_but_need_not_beat():
    hand = parse_cards("AC,2C,5D,RS,3B")
    assert sorted(rule_legal(hand, C("7C"), BRISCOLONE)) == sorted(parse_cards("AC,2C"))
    assert winner("7C,2C", None) == 0                     # lisciare: the lower card loses


def test_briscolone_without_the_led_suit_anything_goes_and_cannot_win():
    hand = parse_cards("AD,2D,5D,RS,3B")
    assert sorted(rule_legal(hand, C("2C"), BRISCOLONE)) == sorted(hand)
    for c in hand:
        assert trick_winner([C("2C"), c], -1) == 0


def test_libero_has_no_duty_to_follow():
    hand = parse_cards("AC,2C,5D,RS,3B")
    assert sorted(rule_legal(hand, C("7C"), LIBERO)) == sorted(hand)
    assert sorted(rule_legal(hand, C("7C"), SCOPERTA)) == sorted(hand)


def test_briscolone_game_enforces_the_duty_and_has_no_trump():
    for v in (BRISCOLONE, LIBERO):
        st = deal(v, 5)
        assert st.trump_suit == -1 and st.briscola == -1
        assert len(st.talon) == 30 and all(bin(h).count("1") == 5 for h in st.hands)
    # find a deal where the follower holds the led suit and a card of another suit
    found = False
    for seed in range(200):
        st = deal(BRISCOLONE, seed)
        for led in legal_cards(st):
            s2 = play(st, led)
            hand = s2.hands[s2.to_move]
            suit_mask = 0x3FF << (10 * (led // 10))
            if hand & suit_mask and hand & ~suit_mask:
                off = next(c for c in range(40) if (hand & ~suit_mask) >> c & 1)
                assert "must follow suit" in move_error(s2, off)
                with pytest.raises(RulesError):
                    play(s2, off)
                assert legal_cards(s2) == [c for c in range(40) if (hand & suit_mask) >> c & 1]
                lib = play(deal(LIBERO, seed), led)
                assert move_error(lib, off) is None
                found = True
                break
        if found:
            break
    assert found


def test_non_dealer_leads_and_player_one_leads_by_default():
    for v in (SCOPERTA, CLASSIC, BRISCOLONE, LIBERO):
        assert deal(v, 1).to_move == 0 and deal(v, 1).dealer == 1
        assert deal(v, 1, dealer=0).to_move == 1
    assert deal(SCOPERTA4, 1).to_move == 0
    assert deal(SCOPERTA4, 1, dealer=1).to_move == 2


def test_hands_dealt_one_at_a_time_from_the_first_leader():
    deck = list(range(40))
    st = deal_from_deck(BRISCOLONE, deck, 0)              # player 2 leads
    assert st.hands[1] == mask_of([0, 2, 4, 6, 8]) and st.hands[0] == mask_of([1, 3, 5, 7, 9])
    assert st.talon == tuple(range(10, 40))
    st = deal_from_deck(SCOPERTA, deck, 1)
    assert st.hands[0] == mask_of([0, 2, 4]) and st.briscola == 6
    assert st.talon == tuple(range(7, 40)) + (6,)
