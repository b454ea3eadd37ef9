"""One convention for what the Python API hands out (issue 41, item 10): players are numbered
from 1 as in the notation (``turn``, ``hand(player)``, ``view(player)``), cards are ``Card``s
and card sets ``CardSet``s that print as cards, and agents play from a seat's view."""
from __future__ import annotations

import json
import random
import re
import signal

import numpy as np
import pytest

import solver
from solver.cards import Card, CardSet
from solver.game import deal, play, record_of
from solver.players.agents import run_deal
from solver.record import deal_record


def test_hand_counts_players_from_one_as_turn_does():
    """hand(2) was an IndexError on a 2-player position (it counted seats from 0)."""
    pos = solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    assert pos.turn == 1 and pos.hand(pos.turn) == CardSet("3C,AS")
    assert repr(pos.hand(2)) == "{2C, RS}" and str(pos.hand(1)) == "{3C, AS}"
    assert "AS" in pos.hand(1) and "AS" not in pos.hand(2) and "ZZ" not in pos.hand(1)
    assert all(isinstance(c, Card) for c in pos.hand(2))
    four = solver.parse("variant=scoperta4 hand1=AB,2B hand2=AC,2C hand3=AD,2D hand4=AS,2S "
                        "briscola=4S turn=1")
    assert four.hand(4) == CardSet("AS,2S")
    for bad in (0, 3, -1, "1", True, 1.0):
        with pytest.raises(ValueError, match="player must be 1 to 2"):
            pos.hand(bad)


def test_a_positions_cards_print_as_cards():
    """top, briscola and unseen came back as ids and masks beside Cards elsewhere."""
    pos = solver.parse("hand1=AD,3C,RB hand2=7S,2D table=FC top=CB briscola=4S unseen=3B,RC "
                       "turn=1")
    assert repr(pos.top_card) == "CB" and repr(pos.trump_card) == "4S"
    assert repr(pos.unseen_cards) == "{3B, RC}" and pos.table_cards == (Card("FC"),)
    assert repr(pos.table_cards) == "(FC,)"
    assert isinstance(pos.played_cards, CardSet) and len(pos.played_cards) == 40 - 10
    for draws, _ in pos.outcomes("AD"):
        assert all(isinstance(c, Card) for c in draws), draws
    assert repr(pos.outcomes("AD")[0][0]) in ("(CB, 3B, RC)", "(CB, RC, 3B)")
    nt = solver.parse("variant=briscolone hand1=AB hand2=3B turn=1")
    assert nt.trump_card is None and nt.top_card is None and nt.unseen_cards == CardSet()


def test_parse_card_gives_a_card_and_refuses_what_is_not_one_text_or_a_repeat():
    """parse_card("AS") gave a plain 39, parse_card(None) and parse_card(40) an
    AttributeError, and parse_cards("AS,AS") the card twice."""
    card = solver.parse_card("AS")
    assert isinstance(card, Card) and repr(card) == "AS" and card == 39
    cards = solver.parse_cards("3c,AS")
    assert all(isinstance(c, Card) for c in cards) and repr(cards) == "[3C, AS]"
    for bad, words in ((None, "got None"), (40, "got 40"), (Card("AS"), "got 39$")):
        with pytest.raises(solver.cards.CardError, match=words):
            solver.parse_card(bad)
    with pytest.raises(solver.cards.CardError, match="got None"):
        solver.parse_cards(None)
    with pytest.raises(solver.cards.CardError, match="card AS given twice in list 'AS,AS'"):
        solver.parse_cards("AS,AS")
    # the position parser still names the field that repeats a card
    with pytest.raises(solver.PositionError, match="card AS given twice in hand1=$"):
        solver.parse("hand1=AS,AS hand2=3C,2C briscola=RD turn=1")


def test_a_mask_or_id_that_is_no_card_is_refused_in_one_line_naming_it():
    """CardSet.of(-1) never returned (cards_of looped on a negative mask, memory growing),
    CardSet.of(1 << 45) was an IndexError, card_str(-1) said 'AS' and card_str(40) was an
    IndexError."""
    def stuck(*_):
        raise AssertionError("CardSet.of(-1) did not return")

    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(5)
    try:
        for mask in (-1, -(1 << 39), 1 << 40, 1 << 45, (1 << 41) - 1, 2.0, "3"):
            with pytest.raises(solver.cards.CardError, match=r"^not a set of cards: ") as info:
                CardSet.of(mask)
            assert repr(mask) in str(info.value) and "\n" not in str(info.value)
        with pytest.raises(solver.cards.CardError, match="^not a set of cards: -1 "):
            solver.cards.cards_of(-1)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert CardSet.of((1 << 40) - 1) == CardSet(range(40)) and CardSet.of(0) == CardSet()
    assert CardSet.of(np.int64(1 << 39)) == CardSet("AS")
    for bad in (-1, 40, 100, np.int64(40)):
        with pytest.raises(solver.cards.CardError, match=rf"^unknown card {re.escape(repr(bad))} \(a card is"):
            solver.card_str(bad)
    assert solver.card_str(39) == "AS" and solver.card_str(Card("2B")) == "2B"


def test_cards_of_and_mask_of_refuse_what_is_not_a_whole_number_in_range():
    """cards_of(3.0) and cards_of(3.5) gave cards 0 and 1, cards_of(True) card 0 and
    cards_of("3") read the text; mask_of([3.0]) was Python's TypeError, mask_of([True]) card
    1, mask_of([45]) a bit no card has and mask_of([np.uint8(9)]) 0 (numpy's shift in eight
    bits). Each is now the keyed error naming the value; numpy's integers still read."""
    from solver.cards import CardTypeError, cards_of, mask_of

    for mask in (3.0, 3.5, True, "3", np.float64(3), 1 << 40):
        with pytest.raises(solver.cards.CardError, match=r"^not a set of cards: ") as info:
            cards_of(mask)
        assert repr(mask) in str(info.value)
    for bad in (3.0, True, "AS", np.float64(3)):
        with pytest.raises(CardTypeError, match=r"^mask_of: a card must be a card id") as info:
            mask_of([1, bad])
        assert repr(bad) in str(info.value)
    for bad in (-1, 40, 45, np.int64(40)):
        with pytest.raises(solver.cards.CardError, match=rf"^unknown card {re.escape(repr(bad))} "):
            mask_of([bad, 2])
    mixed = [np.uint8(9), np.int64(39), Card("2B"), 5]
    assert mask_of(mixed) == (1 << 9) | (1 << 39) | 1 | (1 << 5)
    assert type(mask_of([np.int64(3)])) is int and mask_of(iter([])) == 0
    assert cards_of(np.uint64((1 << 39) | 6)) == [1, 2, 39] and cards_of(np.int8(5)) == [0, 2]


@pytest.mark.parametrize("name", ["card_str", "card_name"])
def test_a_card_id_that_is_not_a_whole_number_is_a_type_error_naming_it(name):
    """card_str(5.0) said '6B' and card_str(True) '4B' (a float or a bool found the int's
    entry); card_name(True) said '4 of batons', card_name(-1) 'Ace of swords' and
    card_name(5.0) a TypeError on tuple indices, naming no argument."""
    f = getattr(solver.cards, name)
    for bad in (5.0, True, False, np.float64(3), np.bool_(True), "AS", None, [1]):
        with pytest.raises(TypeError, match=rf"^{name}: c must be a card id \(a whole number "
                           rf"from 0 to 39, or a Card\), got {re.escape(repr(bad))}$") as info:
            f(bad)
        assert isinstance(info.value, solver.cards.CardError)  # one line, as the family says
    for bad in (-1, 40):
        with pytest.raises(solver.cards.CardError, match=rf"^unknown card {bad} "):
            f(bad)
    assert f(np.int64(39)) == f(Card("AS")) == f(39) == ("AS" if name == "card_str" else
                                                        "Ace of swords")


def test_card_sets_named_methods_take_cards_and_their_text_as_the_operators_do():
    """s.issubset("3C,AS,2B") was False, s.difference(["AS"]) {3C, AS}, s.union("2B") had
    the letters '2' and 'B' in it, s.isdisjoint(["AS"]) True, s.intersection(["AS"]) empty:
    frozenset's methods took the text as letters and the ids as strangers; "AS,2B" - s was a
    TypeError though "2B" | s worked."""
    s = CardSet("3C,AS")
    assert s.issubset("3C,AS,2B") and s.issubset(["3C", 39, Card("2B")]) and s <= "3C,AS,2B"
    assert s < "3C,AS,2B" and not s < "3C,AS" and s >= ["AS"] and s > "AS" and "AS" < s
    assert s.issuperset("AS") and not s.issuperset("2B") and s.isdisjoint("2B")
    assert not s.isdisjoint(["AS"]) and not s.isdisjoint([39])
    for got, want in (
        (s.union("2B"), "{2B, 3C, AS}"),
        (s.union("2B", ["4B"]), "{2B, 4B, 3C, AS}"),
        (s.intersection(["AS"]), "{AS}"),
        (s.intersection("AS,2B", [39]), "{AS}"),
        (s.difference(["AS"]), "{3C}"),
        (s.difference("AS", "3C"), "{}"),
        (s.symmetric_difference("AS,2B"), "{2B, 3C}"),
        ("AS,2B" - s, "{2B}"),
        (["2B", 39] - s, "{2B}"),
        ("AS,2B" ^ s, "{2B, 3C}"),
        ("2B" | s, "{2B, 3C, AS}"),
        (s.copy(), "{3C, AS}"),
    ):
        assert isinstance(got, CardSet) and repr(got) == want, (got, want)
        assert all(isinstance(c, Card) for c in got)
    with pytest.raises(solver.cards.CardError, match="unknown card 'ZZ'"):
        s.issubset("ZZ")


def test_a_card_is_always_true_and_formats_as_its_text():
    """bool(Card("2B")) was False (id 0), so ``if pos.trump_card:`` missed a 2B trump card,
    and f"{Card('AS'):>4}" printed '  39'."""
    pos = solver.parse("hand1=3C,AS hand2=2C,RS briscola=2B turn=1")
    assert pos.trump_card == Card("2B") and bool(pos.trump_card)
    assert all(map(bool, CardSet.of((1 << 40) - 1)))
    card = Card("AS")
    assert f"{card}" == f"{card:}" == f"{card:s}" == "AS" and f"{card:>4}" == "  AS"
    assert f"{card:<3}|" == "AS |" and f"{card:^6}" == "  AS  " and format(card, ".1") == "A"
    assert f"{card:d}" == "39" and f"{card:03d}" == "039" and f"{card:x}" == "27"


def test_a_numpy_integer_is_a_card_id_and_an_agent_may_answer_one():
    """to_card(np.int64(11)) was refused ('unknown card np.int64(11)'), so an agent that
    picked its card with numpy could not play."""
    assert solver.cards.to_card(np.int64(11)) == Card("4C")
    assert isinstance(solver.cards.to_card(np.uint8(39)), Card)
    for bad in (np.int64(40), np.int64(-1), True, np.bool_(True), 1.0):
        with pytest.raises(solver.cards.CardError, match="unknown card"):
            solver.cards.to_card(bad)

    def numpy_agent(state, rng):
        return np.int64(state.legal_cards()[0])

    end = run_deal(deal("classic", seed=2), [numpy_agent, "greedy"], random.Random(2))
    assert end.is_over and sum(end.points) == 120
    assert deal("scoperta", seed=2).play(np.int32(deal("scoperta", seed=2).legal_cards()[0]))


def test_a_game_hands_out_its_moves_tricks_and_hands_as_cards():
    """GameState.moves, Trick.cards and .draws and hand_cards() gave plain ids ((11,)),
    where every other answer gives Cards; the records still write card text."""
    game = deal("scoperta", seed=1)
    first = game.play(game.legal_cards()[0])
    assert repr(first.moves) == "(4C,)" and isinstance(first.moves[0], Card)
    after = first.play(first.legal_cards()[0])
    t = after.tricks[0]
    assert repr(t.cards) == "(4C, 4B)" and repr(t.draws) == "(AB, RC)"
    assert all(isinstance(c, Card) for c in t.cards + t.draws + after.moves)
    assert repr(after.hand_cards(0)) == "[RC, 6D, RS]"
    assert all(isinstance(c, Card) for c in after.hand_cards(1))
    assert record_of(after) == ((0, 11, 1),) and all(type(c) is int for c in record_of(after)[0])
    rec = deal_record(after)
    assert rec["moves"] == ["4C", "4B"] and json.loads(json.dumps(rec)) == rec


def test_a_seats_view_hands_out_its_own_cards_and_names_the_hidden_hand():
    sp = solver.parse("variant=classic hand1=? hand2=FB,5C,FC briscola=2S played=- turn=2")
    assert sp.player == 2 and sp.hand(2) == CardSet("FB,5C,FC")
    with pytest.raises(ValueError, match="player 1's hand is hidden"):
        sp.hand(1)
    assert sp.trump_card == Card("2S") and sp.top_card is None
    assert sp.held(1) == sp.held(2) == 3          # how many cards a hidden hand holds is seen
    # what the seat has not seen: the hidden hand and the covered talon, not the trump card
    assert len(sp.unseen_cards) == 40 - 3 - 1 and "2S" not in sp.unseen_cards


def test_a_game_hands_out_cards_by_player_number():
    game = deal("briscolone", seed=1)
    assert game.hand(1) == CardSet.of(game.hands[0]) and game.hand(2) == CardSet.of(game.hands[1])
    assert game.view(1).hand(1) == game.hand(1)


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero", "scoperta", "scoperta4"])
def test_agents_play_from_a_seats_view(variant):
    """get_agent("engine@20").choose(game.view(2), rng) ended in AttributeError:
    'SeatPosition' object has no attribute 'hands'. From the view or from the whole state,
    an agent gives the same card: it reads only what the seat sees."""
    game = deal(variant, seed=3)
    game = play(game, game.legal_cards()[0])      # the second player to move
    view = game.view(game.turn)
    for name in ("engine@20", "greedy", "random"):
        agent = solver.get_agent(name)
        from_view = agent.choose(view, random.Random(5))
        assert from_view in view.legal_cards()
        assert from_view == agent.choose(game, random.Random(5)), name


@pytest.mark.parametrize("variant", ["classic", "briscolone"])
def test_every_agent_refuses_a_seats_view_on_the_hidden_hands_turn(variant):
    """greedy and random played a card for the hidden opponent (one the seat cannot see);
    the engine refused. Every agent now refuses alike: it plays only for the seat it sees."""
    game = deal(variant, seed=3)
    game = play(game, game.legal_cards()[0])      # player 2 to move
    view = game.view(1)
    words = (r"^player 2's hand is hidden: seat analysis values the cards of the player whose "
             r"hand is shown \(turn=1\)$")
    for name in ("engine@20", "greedy", "random"):
        with pytest.raises(solver.PositionError, match=words) as info:
            solver.get_agent(name)(view, random.Random(5))
        assert info.value.key == "seat.not_to_move", name


def test_the_engine_plays_a_pasted_seat_view():
    sp = solver.parse("variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? turn=1")
    assert solver.get_agent("engine@10").choose(sp, random.Random(0)) in sp.legal_cards()
